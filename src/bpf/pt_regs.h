/*
 * pt_regs.h - where x86-64's struct pt_regs (the context of kprobe and
 * uprobe programs, and task_pt_regs(): the user registers of a task) keeps
 * the registers: the first six integer arguments of the SysV calling
 * convention, the return value, the stack and frame pointers, the program
 * counter, and (pt_regs_gpr) every general register by its number in
 * instruction encodings.  One table for every provider that reads a
 * pt_regs (kprobe.c for fbt and kinst, pid.c, usdt.c: a USDT argument may
 * live in any register) and for ustack() (codegen/ustack.c); offsets from
 * arch/x86/include/asm/ptrace.h.
 */
#ifndef DT_PT_REGS_H
#define DT_PT_REGS_H

#include <stdint.h>

#define PT_REGS_R15	0
#define PT_REGS_R14	8
#define PT_REGS_R13	16
#define PT_REGS_R12	24
#define PT_REGS_BP	32
#define PT_REGS_BX	40
#define PT_REGS_R11	48
#define PT_REGS_R10	56
#define PT_REGS_R9	64
#define PT_REGS_R8	72
#define PT_REGS_AX	80
#define PT_REGS_CX	88
#define PT_REGS_DX	96
#define PT_REGS_SI	104
#define PT_REGS_DI	112
#define PT_REGS_IP	128	/* at a uprobe: the probed instruction's address */
#define PT_REGS_SP	152
#define PT_REGS_SIZE	168	/* sizeof(struct pt_regs) */

/* The offset of argument i (0..5): di si dx cx r8 r9. */
static inline int16_t pt_regs_arg(int i)
{
	static const int16_t off[6] = {PT_REGS_DI, PT_REGS_SI, PT_REGS_DX, PT_REGS_CX, PT_REGS_R8, PT_REGS_R9};

	return off[i];
}

/* The offset of general register n as x86-64 encodes it (ModRM and REX.B:
 * 0 rax, 1 rcx, 2 rdx, 3 rbx, 4 rsp, 5 rbp, 6 rsi, 7 rdi, 8..15 r8..r15). */
static inline int16_t pt_regs_gpr(int n)
{
	static const int16_t off[16] = {
		PT_REGS_AX, PT_REGS_CX, PT_REGS_DX, PT_REGS_BX, PT_REGS_SP, PT_REGS_BP, PT_REGS_SI, PT_REGS_DI,
		PT_REGS_R8, PT_REGS_R9, PT_REGS_R10, PT_REGS_R11, PT_REGS_R12, PT_REGS_R13, PT_REGS_R14, PT_REGS_R15,
	};

	return off[n & 15];
}

#endif
