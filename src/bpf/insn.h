/*
 * insn.h - constructors for eBPF instructions.
 *
 * The kernel keeps these macros in its private filter.h; the UAPI header only
 * gives struct bpf_insn and the opcode bits.  These are the same shapes,
 * written as compound literals so the code generator can pass them around.
 */
#ifndef DT_BPF_INSN_H
#define DT_BPF_INSN_H

#include <linux/bpf.h>
#include <stdint.h>

#define BPF_INSN(c, d, s, o, i) \
	((struct bpf_insn){ .code = (c), .dst_reg = (d), .src_reg = (s), .off = (o), .imm = (i) })

#define BPF_ALU64_REG(op, d, s)	BPF_INSN(BPF_ALU64 | BPF_OP(op) | BPF_X, d, s, 0, 0)
#define BPF_ALU64_IMM(op, d, i)	BPF_INSN(BPF_ALU64 | BPF_OP(op) | BPF_K, d, 0, 0, i)
#define BPF_ALU32_REG(op, d, s)	BPF_INSN(BPF_ALU | BPF_OP(op) | BPF_X, d, s, 0, 0)
#define BPF_ALU32_IMM(op, d, i)	BPF_INSN(BPF_ALU | BPF_OP(op) | BPF_K, d, 0, 0, i)
#define BPF_NEG64(d)		BPF_INSN(BPF_ALU64 | BPF_NEG, d, 0, 0, 0)
#define BPF_MOV64_REG(d, s)	BPF_INSN(BPF_ALU64 | BPF_MOV | BPF_X, d, s, 0, 0)
#define BPF_MOV64_IMM(d, i)	BPF_INSN(BPF_ALU64 | BPF_MOV | BPF_K, d, 0, 0, i)
#define BPF_MOV32_REG(d, s)	BPF_INSN(BPF_ALU | BPF_MOV | BPF_X, d, s, 0, 0)
/* Sign-extending moves (kernel >= 6.6): off = 8, 16 or 32. */
#define BPF_MOVSX64_REG(d, s, bits) BPF_INSN(BPF_ALU64 | BPF_MOV | BPF_X, d, s, bits, 0)

/* Two-slot 64-bit immediate load; the caller emits both halves. */
#define BPF_LD_IMM64_LO(d, src, v) BPF_INSN(BPF_LD | BPF_DW | BPF_IMM, d, src, 0, (int32_t)(uint32_t)(v))
#define BPF_LD_IMM64_HI(v)	BPF_INSN(0, 0, 0, 0, (int32_t)(uint32_t)((uint64_t)(v) >> 32))

#define BPF_LDX_MEM(sz, d, s, o)  BPF_INSN(BPF_LDX | BPF_SIZE(sz) | BPF_MEM, d, s, o, 0)
/* Sign-extending load (kernel >= 6.6). */
#define BPF_LDX_MEMSX(sz, d, s, o) BPF_INSN(BPF_LDX | BPF_SIZE(sz) | 0x80, d, s, o, 0)
#define BPF_STX_MEM(sz, d, s, o)  BPF_INSN(BPF_STX | BPF_SIZE(sz) | BPF_MEM, d, s, o, 0)
#define BPF_ST_MEM(sz, d, o, i)   BPF_INSN(BPF_ST | BPF_SIZE(sz) | BPF_MEM, d, 0, o, i)
#define BPF_ATOMIC_ADD64(d, s, o) BPF_INSN(BPF_STX | BPF_DW | BPF_ATOMIC, d, s, o, BPF_ADD)

#define BPF_JMP_REG(op, d, s, o)  BPF_INSN(BPF_JMP | BPF_OP(op) | BPF_X, d, s, o, 0)
#define BPF_JMP_IMM(op, d, i, o)  BPF_INSN(BPF_JMP | BPF_OP(op) | BPF_K, d, 0, o, i)
#define BPF_JMP_A(o)		BPF_INSN(BPF_JMP | BPF_JA, 0, 0, o, 0)
#define BPF_CALL_HELPER(fn)	BPF_INSN(BPF_JMP | BPF_CALL, 0, 0, 0, fn)
#define BPF_EXIT_INSN()		BPF_INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0)

#endif
