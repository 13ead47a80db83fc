/*
 * emit.h - the code generator's interface to providers.  The code
 * generator knows no provider: how a program finds its probe id and the
 * probe's arguments in its context is the provider's, which hands codegen
 * a struct cg_ctxops of callbacks (in its struct dt_provider).  The
 * callbacks emit BPF with the handful of calls below.
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

/*
 * What a provider's programs need, emitted while codegen generates them.
 * Every callback but gen_prologue may be called many times.
 */
struct cg_ctxops {
	/* First thing in the program (r6 = the context): leave the probe id
	 * in r0, or jump to out (cg_jmp, cg_jmp_imm_far) when this firing
	 * traces nothing. */
	void (*gen_prologue)(struct cg *g, int out);
	/* r0 = argN (i >= 0), 64 bits; 0 for an argument the probe lacks. */
	void (*gen_arg)(struct cg *g, int i);
	/* r0 = errno; NULL: errno is 0. */
	void (*gen_errno)(struct cg *g);
	/* NULL: the program stops at once when exit() has been called.
	 * Otherwise its clauses check for themselves, and this is emitted
	 * where one finds exit() called: jump to run if this probe's
	 * clauses still run (END does). */
	void (*gen_after_exit)(struct cg *g, int run);
	/* The context has no kernel stack: stack() records none, stackdepth
	 * and caller are 0. */
	int no_kernel_stack;
	/* The probe fires on a return instruction before it runs (pid's
	 * return probes, uprobes on ret): ustack() shows the stack as DTrace
	 * does after the return, from the return address at %rsp (the frame
	 * being left is not in it). */
	int ustack_at_ret;
	/* r0 = caller, the kernel PC the probed function returns to; NULL:
	 * frame 1 of the context's kernel stack (bpf_get_stack). */
	void (*gen_caller)(struct cg *g);
};

/* A gen_prologue for contexts whose BPF cookie is the probe id (set at
 * attach). */
void cg_prologue_cookie(struct cg *g, int out);
/* r0 = the whole BPF cookie set at attach, for a provider that packs more
 * than the probe id into it (pid: a return site's offset in its high 32
 * bits); 0 where the program has no cookie (one instance per probe). */
void cg_attach_cookie(struct cg *g);
/* A gen_prologue for programs loaded once per probe (fentry: the kernel
 * binds each to its function at load): the probe id is a constant of each
 * instance, written by the loader. */
void cg_prologue_const(struct cg *g, int out);
/* reg = how many u64 argument slots the context of this program instance
 * has (a constant the loader writes per instance: struct dt_load_target's
 * nargs); the verifier follows only the branches it makes possible. */
void cg_ctx_nargs(struct cg *g, int reg);

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
/* The same at a user address (bpf_probe_read_user). */
void cg_read_user_u64(struct cg *g);

#endif
