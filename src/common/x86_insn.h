/*
 * x86_insn.h - x86-64 instruction lengths: where each instruction of a
 * piece of 64-bit mode machine code begins and ends, without saying what it
 * does.  Shared by the providers that must place probes on instruction
 * boundaries: kinst (a kprobe at function+offset) and the pid provider (a
 * probe per instruction of a user function).
 *
 * What is decoded: legacy prefixes (66, 67, F0, F2, F3, segments), REX, the
 * one-byte, 0F, 0F38 and 0F3A opcode maps, VEX (C4/C5) and EVEX (62) with
 * their maps 0F, 0F38, 0F3A (and EVEX maps 5 and 6, AVX512-FP16), ModRM,
 * SIB, displacements and every immediate form.  Not decoded (-1): XOP (8F
 * with ModRM.reg != 0), 3DNow! (0F 0F), APX's REX2 and EVEX map 4, the
 * opcodes that do not exist in 64-bit mode, and near branches with a 66
 * prefix (E8, E9, 0F 80-8F: AMD and Intel CPUs disagree on their length).
 * Opcodes left undefined inside the 0F38 and 0F3A maps and the VEX/EVEX
 * maps are measured by their map's shape (ModRM; imm8 in 0F3A), not
 * refused: the decoder finds boundaries, it does not validate every opcode.
 */
#ifndef DT_X86_INSN_H
#define DT_X86_INSN_H

#include <stddef.h>
#include <stdint.h>

/* The architectural limit: a longer instruction faults (#GP). */
#define X86_INSN_MAX_LEN 15

/* Length in bytes of the x86-64 (64-bit mode) instruction at p, reading at
 * most avail bytes; -1 if the bytes are not a valid instruction or it would
 * extend past avail. */
int x86_insn_len(const uint8_t *p, size_t avail);

/* Fill offs[] with the offset of each instruction boundary in the code
 * [p, p+len) starting at 0, at most max entries; returns the number of
 * instructions decoded, or -1 at the first undecodable byte (offs holds
 * those before it). */
int x86_insn_boundaries(const uint8_t *p, size_t len, uint32_t *offs, int max);

/* The opcode map an instruction's opcode byte belongs to. */
enum x86_insn_map {
	X86_MAP_ONE_BYTE,
	X86_MAP_0F,
	X86_MAP_0F38,
	X86_MAP_0F3A,
	X86_MAP_EVEX_5,		/* AVX512-FP16 */
	X86_MAP_EVEX_6,
};

/* The legacy prefixes an instruction carries (struct x86_insn's prefixes). */
#define X86_PFX_66	0x001u	/* operand size */
#define X86_PFX_67	0x002u	/* address size */
#define X86_PFX_F2	0x004u	/* repne, bnd */
#define X86_PFX_F3	0x008u	/* rep */
#define X86_PFX_LOCK	0x010u	/* F0 */
#define X86_PFX_ES	0x020u	/* 26 */
#define X86_PFX_CS	0x040u	/* 2E (also a branch hint, notrack) */
#define X86_PFX_SS	0x080u	/* 36 */
#define X86_PFX_DS	0x100u	/* 3E (also a branch hint, notrack) */
#define X86_PFX_FS	0x200u	/* 64 */
#define X86_PFX_GS	0x400u	/* 65 */

/*
 * What the decoder saw in one instruction: its length and the parts that
 * name it (map, opcode byte, encoding, prefixes, ModRM), and where it
 * branches when it is a relative branch (Jcc, JMP, CALL, LOOP, JRCXZ).
 * Enough for a caller to tell a kind of instruction; still nothing about
 * what it computes.
 */
struct x86_insn {
	int len;
	enum x86_insn_map map;
	uint8_t opcode;		/* the opcode byte in that map */
	uint8_t escape;		/* 0xC4 or 0xC5 (VEX), 0x62 (EVEX), or 0 */
	uint8_t rex;		/* the REX prefix, or 0 */
	unsigned prefixes;	/* X86_PFX_* */
	int modrm;		/* the ModRM byte, or -1 */
	int rel_len;		/* 1 or 4: a relative branch's displacement size; 0: not one */
	int32_t rel;		/* its displacement: the target is the end of the instruction + rel */
};

/* Decode the instruction at p (reading at most avail bytes) into *in;
 * returns its length, or -1 as x86_insn_len does. */
int x86_insn_decode(const uint8_t *p, size_t avail, struct x86_insn *in);

/* 1 if the instruction at p is a near return (C3, or C2 imm16), with or
 * without prefixes ("rep ret", "bnd ret"); 0 if it is another instruction
 * or cannot be decoded.  Far returns (CA, CB) are not function returns. */
int x86_insn_is_ret(const uint8_t *p, size_t avail);

/* 1 if the kernel's x86 uprobes can probe the instruction at p (on every
 * kernel we target; see x86_insn.c for the rules); 0 if some refuse it or
 * it cannot be decoded. */
int x86_insn_uprobe_ok(const uint8_t *p, size_t avail);

#endif
