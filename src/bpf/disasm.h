/*
 * disasm.h - a readable eBPF disassembler, used by `dtrace -S` to show the
 * BPF each clause compiled to.
 *
 * The syntax follows the kernel verifier log and `bpftool prog dump xlated`:
 *
 *	r1 = r10		w0 = w1		r1 += -8	r1 s/= r2
 *	r1 = (s8)r2		r1 = be16 r1	r1 = bswap32 r1	r1 = -r1
 *	r0 = *(u64 *)(r10 -16)		r0 = *(s32 *)(r1 +0)
 *	*(u32 *)(r1 +0) = r2		*(u64 *)(r10 -8) = 0
 *	lock *(u64 *)(r1 +0) += r2	r2 = atomic64_fetch_add((u64 *)(r1 +0), r2)
 *	r2 = atomic64_xchg((u64 *)(r1 +0), r2)
 *	r0 = atomic64_cmpxchg((u64 *)(r1 +0), r0, r2)
 *	if r1 > 0x3 goto pc+5 <L12>	if w1 != w2 goto pc-3 <L4>
 *	goto pc-3 <L4>			gotol pc+70000 <L70010>
 *	call bpf_map_lookup_elem#1	call pc+4 <L20>		exit
 *	r1 = 0x123456789 ll
 *	r1 = map[id:NAME]		r1 = map_value[NAME]+16
 *
 * "<Ln>" is the absolute index of a branch target, i.e. the "%04d:" line
 * number of the listing.  A target outside the program is shown as
 * "<Ln: out of range>", one landing on the second half of a ld_imm64 as
 * "<Ln: inside ld_imm64>".
 *
 * Map references (BPF_LD_IMM64 with src_reg BPF_PSEUDO_MAP_FD/_IDX or
 * BPF_PSEUDO_MAP_VALUE/_IDX_VALUE) are named through the map_name callback,
 * which receives the fd (or index) from the instruction's imm and may return
 * NULL.  Without a name they print as map[fd:3] / map[idx:3] and
 * map_value[fd:3]+16 / map_value[idx:3]+16.
 *
 * Anything that is not a valid encoding (unknown opcode, or a known opcode
 * with fields the verifier would reject, such as a register above r10)
 * prints as "(bad opcode 0xNN)".
 */
#ifndef DT_BPF_DISASM_H
#define DT_BPF_DISASM_H

#include <linux/bpf.h>
#include <stddef.h>
#include <stdio.h>

typedef const char *(*bpf_map_name_fn)(void *arg, int fd_or_idx);

/*
 * Print insns[0..n) one per line:
 *	"0000: b7 01 00 00 00 00 00 00  r1 = 0"
 * The hex is the eight raw bytes of the slot.  The second slot of a ld_imm64
 * gets its own line (hex only) so line numbers stay equal to insn indices.
 * map_name may be NULL.
 */
void bpf_disasm(FILE *out, const struct bpf_insn *insns, int n,
		bpf_map_name_fn map_name, void *arg);

/*
 * Format insns[i] (the assembly only, no index or hex) into buf, always
 * NUL-terminated when len > 0 (truncated if short).  Returns the number of
 * slots consumed: 2 for a complete ld_imm64, otherwise 1; 0 if i is not in
 * [0, n).
 */
int bpf_disasm_insn(char *buf, size_t len, const struct bpf_insn *insns,
		    int i, int n, bpf_map_name_fn map_name, void *arg);

/* "bpf_map_lookup_elem" for 1, etc.; NULL for an unknown id. */
const char *bpf_helper_name(int id);

#endif
