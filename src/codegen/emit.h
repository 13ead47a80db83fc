/*
 * emit.h - what the code generator lets a provider emit: a handful of
 * calls to append BPF instructions to the program being generated, and
 * the frame slots and registers a provider's code may use.
 *
 * Code emitted this way runs in the middle of a program, so it keeps to
 * these rules:
 *   - r6 holds the program's context (what the kernel passed in r1); it
 *     must be preserved.  r7-r9 belong to codegen: do not touch them.
 *     r0-r5 are free (helper calls clobber them anyway).
 *   - the only stack memory a provider may use is CG_FP_TMP and
 *     CG_FP_KEY32; CG_FP_PRID holds the probe id once the prologue is done.
 *   - jumps go to labels (cg_new_label, cg_place); cg_jmp_imm reaches at
 *     most 32767 instructions, cg_jmp and cg_jmp_imm_far anywhere.
 * Instructions are built with the macros of bpf/insn.h (BPF_MOV64_REG,
 * BPF_LDX_MEM, ...), registers named BPF_REG_0..BPF_REG_10.
 */
#ifndef DT_CG_EMIT_H
#define DT_CG_EMIT_H

#include <stdint.h>

#include "../bpf/insn.h"
#include "record.h"

struct cg;			/* a program under generation */

/* Frame slots (offsets from r10) a provider may use. */
#define CG_FP_PRID	-8	/* u64: probe id, stored after the prologue */
#define CG_FP_KEY32	-48	/* u32: key for a map lookup */
#define CG_FP_TMP	-56	/* u64: destination of a probe read */

/* Append one instruction. */
void cg_emit(struct cg *g, struct bpf_insn in);
/* A new label, and placing it at the next instruction. */
int cg_new_label(struct cg *g);
void cg_place(struct cg *g, int label);
/* if (reg op imm) goto label (op: BPF_JEQ, BPF_JLT, ...; 16-bit reach). */
void cg_jmp_imm(struct cg *g, int op, int reg, int32_t imm, int label);
/* The same for op BPF_JEQ or BPF_JNE, to a label at any distance. */
void cg_jmp_imm_far(struct cg *g, int op, int reg, int32_t imm, int label);
/* goto label, at any distance. */
void cg_jmp(struct cg *g, int label);
/* reg = the map (enum cg_map), for helpers that take a map. */
void cg_ld_map(struct cg *g, int reg, int map);
/* call helper (BPF_FUNC_*). */
void cg_call(struct cg *g, int helper);

/* r0 = the u64 at kernel address r3, read with bpf_probe_read_kernel
 * into CG_FP_TMP; 0 if it cannot be read.  Clobbers r1-r5. */
void cg_read_kernel_u64(struct cg *g);

#endif
