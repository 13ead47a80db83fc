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

/* 1 if the instruction at p is a near return (C3, or C2 imm16), with or
 * without prefixes ("rep ret", "bnd ret"); 0 if it is another instruction
 * or cannot be decoded.  Far returns (CA, CB) are not function returns. */
int x86_insn_is_ret(const uint8_t *p, size_t avail);

/* 1 if the kernel's x86 uprobes can probe the instruction at p (on every
 * kernel we target; see x86_insn.c for the rules); 0 if some refuse it or
 * it cannot be decoded. */
int x86_insn_uprobe_ok(const uint8_t *p, size_t avail);

#endif
