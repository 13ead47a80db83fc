/*
 * pt_regs.h - where x86-64's struct pt_regs (the context of kprobe and
 * uprobe programs) keeps the registers dtrace reads: the first six integer
 * arguments of the SysV calling convention, the return value and the stack
 * pointer, and the other registers a USDT argument may live in (usdt.c:
 * every general-purpose register and the instruction pointer).  One table
 * for every provider that reads a pt_regs (kprobe.c for fbt and kinst,
 * pid.c, usdt.c); offsets from arch/x86/include/asm/ptrace.h.
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

#endif
