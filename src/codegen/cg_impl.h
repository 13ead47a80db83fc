/*
 * cg_impl.h - the code generator's private header: the conventions every
 * codegen file follows, struct cg (one program under generation) and the
 * functions the files share.  Nothing outside src/codegen includes it.
 *
 * Big theory statement
 * --------------------
 * Expressions are compiled for a simple stack machine on top of BPF: every
 * expression leaves its value in r0; a binary operator evaluates its left
 * operand, spills r0 to a BPF stack slot chosen by nesting depth, evaluates
 * its right operand, and reloads the left into r0 with the right in r1.
 * Because temporaries live in stack memory, helper calls (which clobber
 * r0-r5) may appear anywhere in an expression.  Callee-saved registers hold
 * what every clause needs: r6 = the program context, r7 = this CPU's
 * scratch area (record buffer, key buffer, this-> variables, temporaries).
 * r8 and r9 are scratch registers that survive helper calls.
 *
 * Integer values in registers are always normalized to their D type:
 * sign-extended when signed, zero-extended when not.  Operators compute in
 * 64 bits and normalize the result, which gives C's wrap-around semantics
 * for every width.  Strings are pointers to buffers of strsize + 1 bytes
 * in BPF-owned memory (map values), never to kernel memory: a kernel string
 * is first copied into a temporary with bpf_probe_read_kernel_str().
 *
 * Each clause builds one record in the scratch area (struct rec_hdr, then
 * the data of each action at an offset fixed at compile time) and sends it
 * to the ring buffer at the end of the clause.  A runtime fault (bad address,
 * division by zero, bad index) stores what went wrong in the fault area and
 * jumps to the clause's fault block, which sends a fault record instead and
 * skips to the next clause: the faulting clause's data is discarded, as in
 * DTrace, and the consumer reports the error.  The clauses of dtrace:::ERROR
 * run inline in every fault block, before the probe's next clause.
 *
 * The code generator knows no provider.  How a program finds its probe id
 * and arguments in its context (and errno, and whether it has a stack or
 * runs after exit()) is the business of the program's provider, whose
 * struct cg_ctxops (emit.h) emits that code with the calls emit.h exports.
 *
 * Where things are:
 *   emit.c       instructions, labels and jumps, map relocations, the
 *                expression stack and temporaries, normalization, faults
 *   expr.c       expressions: operators, loads, addresses, assignment
 *   var.c        variables: globals and global arrays, this->, self-> and
 *                associative arrays (one hash map for all: the pool)
 *   builtin.c    built-in variables (pid, execname, timestamp, argN, ...)
 *   hist.c       histogram geometry, shared with the consumer (hist.h)
 *   str.c        strings: constants, copies, the NULL mark, comparison
 *   strfn.c      the string functions (strchr, strstr, ...): the kernel's
 *                kfuncs, or global BPF functions of ours where it has none
 *   subr.c       subroutines: the table indexed by enum builtin_fn
 *   netaddr.c    inet_ntoa, inet_ntoa6, inet_ntop, link_ntop: addresses as text
 *   dpath.c      d_path: a struct path as text, walked up its dentries and mounts
 *   aggregate.c  aggregation updates, all in one map (histogram geometry
 *                in hist.h)
 *   action.c     actions and the records they fill (record layout pass)
 *   ustack.c     user stacks (ustack()): which frames, the caller at a
 *                function's entry, the process for the consumer's symbols
 *   layout.c     cg_layout_program: variables (the pool of dynamic ones and
 *                its key), records, the scratch area
 *   program.c    statements, clauses and programs (cg_generate)
 */
#ifndef DT_CG_IMPL_H
#define DT_CG_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "../bpf/insn.h"
#include "../front/sema.h"
#include "../front/types.h"
#include "cg.h"
#include "emit.h"

/* BPF stack layout (offsets from r10). */
#define FP_PRID		CG_FP_PRID	/* probe id */
#define FP_MASK		-16	/* clause mask for this probe */
#define FP_TS		-24	/* cached timestamp */
#define FP_VTS		-32	/* cached vtimestamp */
#define FP_VAL		-40	/* value buffer for map updates */
#define FP_KEY32	CG_FP_KEY32	/* u32 key for array lookups */
#define FP_TMP		CG_FP_TMP	/* probe-read destination */
#define FP_ERRPRID	-64	/* in ERROR clauses: the faulting probe id */
#define FP_SBASE	-72	/* this CPU's scratch address, as a number */
#define FP_ACUR		-80	/* bytes alloca() handed out in this clause */
#define ALLOCA_MAX	2048	/* alloca() space per clause */
#define FP_SLOT0	-136	/* expression stack grows down from here */
#define MAX_DEPTH	46
#define MAX_DEPTH_CALLS	40	/* the lowest slot at -448, so 2 frames fit */

/* Offsets of the fields of the record header and the fault record. */
#define RH_EPID		offsetof(struct rec_hdr, epid)
#define RH_PROBE	offsetof(struct rec_hdr, probe_id)
#define RH_CPU		offsetof(struct rec_hdr, cpu)
#define RH_SPEC		offsetof(struct rec_hdr, spec)
#define RH_PRESENT	offsetof(struct rec_hdr, present)
#define RH_TS		offsetof(struct rec_hdr, timestamp)
#define RF_PROBE	offsetof(struct rec_fault, probe_id)
#define RF_CLAUSE	offsetof(struct rec_fault, clause)
#define RF_FAULT	offsetof(struct rec_fault, fault)
#define RF_ADDR		offsetof(struct rec_fault, addr)
#define RF_PC		offsetof(struct rec_fault, pc)

#define R0 BPF_REG_0
#define R1 BPF_REG_1
#define R2 BPF_REG_2
#define R3 BPF_REG_3
#define R4 BPF_REG_4
#define R5 BPF_REG_5
#define R6 BPF_REG_6
#define R7 BPF_REG_7
#define R8 BPF_REG_8
#define R9 BPF_REG_9
#define FP BPF_REG_10

/* The string functions (strfn.c), named as the kernel's kfuncs. */
enum cg_strfn {
	SF_STRNLEN, SF_STRCHR, SF_STRRCHR, SF_STRSTR, SF_STRNSTR, SF_STRSPN, SF_STRCSPN,
	SF_PREFIX,		/* ours only: strstr's test at one index */
	SF_STRCMP,		/* ours only: -1, 0 or 1 over at most strsize bytes */
	SF_CLEANPATH,		/* ours only, on every kernel: cleanpath() */
	SF_CLEANSTEP,		/* ours only: cleanpath's bytes, a few at a time */
	SF_N
};

/* One program under generation. */
struct cg {
	struct cg_program *p;
	struct cg_layout *L;
	const struct dt_cgopts *o;
	int depth;		/* expression stack slots in use */
	uint32_t temp_cur, temp_max;	/* scratch temporaries of this statement */
	int *labels;		/* label -> instruction index, -1 until placed */
	int nlabels, labcap;
	struct fix {
		int insn, label;
	} *fix;			/* jumps to patch once labels are placed */
	int nfix, fixcap;
	struct dt_clause *clause;
	int fault_label, end_label;
	int fault_used;		/* the clause has a fault block to emit */
	int in_error;		/* generating ERROR clauses inside a fault block */
	int err_clause_num;	/* ... for a fault in this dt_clause_N */
	int act_index;		/* index into clause->recs of the next action */
	int speculated;		/* the clause's speculate() has been generated */
	int src_line;		/* the statement being generated (for the */
	const char *src_text;	/* fault sites of cg_fault): line, text */
	int strfn_label[SF_N];	/* label + 1 of each string function called */
	int dpath_label;	/* label + 1 of d_path's function, once called */
};

static inline int is_str(const struct dt_type *t)
{
	return type_is_string(t);
}

/* ---- emit.c (and emit.h) ---- */
/* Report a code generation error through the compile's error state. */
__attribute__((format(printf, 4, 5)))
_Noreturn void cg_error(struct cg *g, int line, const char *tag, const char *fmt, ...);
void cg_jmp_reg(struct cg *g, int op, int reg, int src, int label);
void cg_resolve_fixups(struct cg *g);
void cg_save_scratch_base(struct cg *g);
void cg_ld_imm64(struct cg *g, int reg, uint64_t v);
void cg_ld_mapval(struct cg *g, int reg, int map, uint32_t off);
int16_t cg_slot(int d);
void cg_push(struct cg *g, int reg);
void cg_pop(struct cg *g, int reg);
void cg_peek(struct cg *g, int reg, int d);
uint32_t cg_temp(struct cg *g, uint32_t size);
void cg_norm(struct cg *g, int reg, const struct dt_type *t);
void cg_fault(struct cg *g, int type, int addr_reg);
/* gvars[off] += 1, atomically (the drop counters).  Clobbers r1, r2. */
void cg_count_gvar(struct cg *g, int32_t off);
void cg_fault_always(struct cg *g, int type, int addr_reg);
void cg_null_check(struct cg *g, int reg);
int cg_bpf_size(uint32_t sz);
void cg_clamp_u(struct cg *g, int reg, int32_t max);
void cg_scratch_ptr(struct cg *g, int reg, uint32_t off);
void cg_call_label(struct cg *g, int label);
void cg_scratch_stx(struct cg *g, int size, int src, uint32_t off, int tmp);
void cg_scratch_st(struct cg *g, int size, uint32_t off, int32_t imm, int tmp);
void cg_scratch_ldx(struct cg *g, int size, int dst, uint32_t off);

/* ---- expr.c ---- */
void cg_expr(struct cg *g, struct node *n);
void cg_load_kernel(struct cg *g, const struct dt_type *t);
void cg_load_sized(struct cg *g, const struct dt_type *t);

/* ---- var.c ---- */
uint32_t cg_val_size(const struct cg_layout *L, const struct dt_type *t);
uint32_t cg_key_slot_size(const struct cg_layout *L, const struct dt_type *t);
uint32_t cg_garray_stride(const struct cg_layout *L, const struct dt_type *elem);
void cg_var_addr(struct cg *g, struct dt_var *v);
void cg_var_read(struct cg *g, struct node *n);
void cg_var_store(struct cg *g, struct node *n, int keybase);
int cg_push_keys(struct cg *g, struct node *n);
void cg_build_key(struct cg *g, struct dt_var *v, int base, int nkeys);
void cg_dyn_load(struct cg *g, struct dt_var *v);
/* r0 = address of the value of dynamic variable reference n (a struct or
 * union), made (zeroed) when unset: where stores into its members go. */
void cg_dyn_addr(struct cg *g, struct node *n);
int cg_is_garray_elem(struct node *n);
int cg_garray_packed(const struct dt_type *elem);
void cg_garray_addr(struct cg *g, struct node *n);
void cg_garray_load(struct cg *g, const struct dt_type *elem);

/* ---- builtin.c ---- */
void cg_builtin_var(struct cg *g, struct dt_var *v, int line);
void cg_args_elem(struct cg *g, struct node *n);
/* uregs[i]: a user register of the current thread */
void cg_uregs_elem(struct cg *g, struct node *n);

/* ---- str.c ---- */
void cg_strconst(struct cg *g, int reg, const char *s, int len);
void cg_copy_str(struct cg *g, int dst_reg, int src_reg);
void cg_store_str(struct cg *g, int dst_reg, int src_reg);
void cg_load_str_mark(struct cg *g);
void cg_strcmp(struct cg *g);
void cg_strlen_reg(struct cg *g);

/* ---- strfn.c ---- */
/* r0 = the kfunc's result for arguments r1.. (clobbers r1-r5). */
void cg_strfn(struct cg *g, enum cg_strfn fn);
/* r0 = a new temporary holding cleanpath() of the string at r1 (not
 * NULL); clobbers r0-r5. */
void cg_strfn_cleanpath(struct cg *g);
/* After the main function: the functions cg_strfn called. */
void cg_strfn_emit(struct cg *g);
/* The entry of a global BPF function of the program, int name(void *ws)
 * of a workspace of argsize bytes, at label: r6 = the workspace (the
 * verifier makes us check that it is not NULL: -EINVAL if it is). */
void cg_func_begin(struct cg *g, int label, const char *name, uint32_t argsize);

/* ---- dpath.c ---- */
/* d_path(path): r0 = the path of the struct path at r0, as a string. */
void cg_subr_d_path(struct cg *g, struct node *n);
/* After the main function: d_path's function, if a clause called it. */
void cg_dpath_emit(struct cg *g);

/* ---- subr.c ---- */
void cg_call_subr(struct cg *g, struct node *n);
/* The offset of member path ("a.b.c") in the kernel's struct tag, from
 * its BTF; a compile error at line, of subroutine fn, if it has none. */
uint32_t cg_kmember_off(struct cg *g, int line, const char *fn, const char *tag, const char *path);

/* ---- netaddr.c (subroutines of subr.c's table) ---- */
void cg_subr_inet_ntoa(struct cg *g, struct node *n);
void cg_subr_inet_ntoa6(struct cg *g, struct node *n);
void cg_subr_inet_ntop(struct cg *g, struct node *n);
void cg_subr_link_ntop(struct cg *g, struct node *n);

/* ---- aggregate.c ---- */
void cg_agg_update(struct cg *g, struct node *e);

/* ---- action.c ---- */
void cg_action(struct cg *g, struct node *n);
void cg_stack_into(struct cg *g, uint32_t off, uint32_t size, int user);
void cg_symaddr_pid(struct cg *g, uint32_t off);
void cg_layout_actions(struct cg_layout *L, struct dt_clause *c, struct node *n, int in_cond,
		       uint32_t *off, int *bit);

/* ---- ustack.c ---- */
void cg_ustack_into(struct cg *g, uint32_t off, uint32_t size);
/* The most frames stackdepth and ustackdepth count (the kernel's default
 * perf_event_max_stack). */
#define DT_STACKDEPTH_MAX 127
/* r0 = ustackdepth, the number of frames ustack() shows; r0 = ucaller,
 * the second of them (0 if none). */
void cg_ustack_depth(struct cg *g);
void cg_ucaller(struct cg *g);
/* Send the consumer a struct rec_upid for the process id at r7 + off
 * unless it was the last one sent from its slot (clobbers r0-r5). */
void cg_note_upid(struct cg *g, uint32_t off);

#endif
