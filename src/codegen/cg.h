/*
 * cg.h - the code generator: cooked D clauses to eBPF programs.  What the
 * programs write for the consumer (maps, records) is in record.h.
 *
 * One BPF program serves every probe of one provider table (BEGIN/END/ERROR
 * run by BPF_PROG_TEST_RUN; profile/tick as perf-event programs; ...),
 * whose struct cg_ctxops (emit.h) tells how the program finds its probe id
 * and arguments.  It contains every clause that matches a probe of that
 * provider, in program order, each guarded by a bit in a per-probe clause
 * mask, so a clause is verified once however many probes it matches.
 */
#ifndef DT_CG_H
#define DT_CG_H

#include <linux/bpf.h>
#include <stdint.h>

#include "../common/pool.h"
#include "../front/ast.h"
#include "record.h"

struct dt_errstate;
/* pcapsize's default (DTrace's DT_PCAP_DEF_PKTSIZE: an Ethernet frame) */
#define DT_PCAP_DEFSIZE	1514

struct dt_cgopts {
	struct dt_errstate *errs;	/* where code generation errors unwind to */
	uint32_t strsize;
	uint64_t dynvarsize;	/* bytes of the dynamic variables' pool */
	uint32_t scratchsize;	/* as DTrace counts it: 8 + alloca() bytes */
	int quiet;
	int destructive;
	uint32_t nspec;		/* the nspec option: speculation ids 1..nspec are
				 * valid, of which speculation() hands out at
				 * most DT_NSPEC_MAX (DTrace's dt_speculation) */
	uint64_t specsize;	/* a speculative clause's record past this
				 * is dropped (DTrace's dt_cg_store_val) */
	uint32_t pcapsize;	/* pcap(): most packet bytes a record keeps
				 * (0: DT_PCAP_DEFSIZE) */
	uint32_t error_probe;	/* probe id of dtrace:::ERROR */
};

/*
 * What the running kernel offers programs of one BPF type, probed by the
 * consumer (consumer/kfeat.c); the code generator chooses by these bits,
 * and docs/KERNELS.md says what each kernel version has.
 */
#define KF_STR_KFUNCS	0x1u	/* the string kfuncs of 6.17 (bpf_strnlen, ...) */
#define KF_COOKIE	0x2u	/* bpf_get_attach_cookie() (raw_tp: 6.10) */
#define KF_CPUV4	0x4u	/* signed division, gotol (the ISA v4 of 6.6) */
#define KF_HASH_NOPREALLOC 0x8u	/* may use hash maps allocated as used (perf_event: 6.1) */
#define KF_FENTRY	0x10u	/* tracing programs load (kfeat_fentry_works) */
#define KF_UPROBE_MULTI	0x20u	/* uprobe_multi links (6.6: kfeat_uprobe_multi_works) */
#define KF_WRITE_USER	0x40u	/* bpf_probe_write_user() (not under kernel lockdown) */
#define KF_KNOWN	0x80000000u	/* kfeat.c: the type has been probed */

/* What subroutine fn (enum builtin_fn) is built on (subr.c), as bits:
 * CG_SUBR_STRFN the string functions, so that KF_STR_KFUNCS matters to a
 * program that calls it; CG_SUBR_OWNFN global BPF functions of ours on
 * every kernel (strfn.c, dpath.c), which the program's main function must leave
 * their share of the stack (cg_program.own_funcs). */
#define CG_SUBR_STRFN	1
#define CG_SUBR_OWNFN	2
int cg_subr_uses(int fn);

/* A program under construction / compiled. */
struct cg_reloc {
	int insn;
	int map;		/* enum cg_map, or
				 * CG_RELOC_PRID/NARGS */
};
/* The imm of a relocation's instruction is the probe id of the program's
 * instance (see per_probe below). */
#define CG_RELOC_PRID	(-1)
/* ... or the number of argument slots of the instance's context
 * (cg_ctx_nargs). */
#define CG_RELOC_NARGS	(-2)

/*
 * A BPF function of a program after its main one (the string functions of
 * kernels without the string kfuncs, strfn.c): global (the verifier checks
 * it once, not at every call), int f(struct { char b[argsize]; } *arg).
 * The loader describes them in the BTF the program is loaded with.
 */
struct cg_func {
	int insn;		/* its first instruction */
	const char *name;
	uint32_t argsize;
};

/*
 * Where a run-time fault can happen: the BPF pc a fault record reports
 * (rec_fault.pc, stored by cg_fault) and the D statement it is part of, so
 * that the consumer can name the line of a fault that DTrace names by its
 * offset only.  A program's table is in increasing pc order.
 */
struct cg_srcpos {
	int pc;
	int clause;		/* dt_clause.index of its clause */
	int line;		/* 0: not in a statement (none known) */
	const char *text;	/* the statement as written ("trace(*p)", "if (x)",
				   "/x->y/" for a predicate), or NULL */
};

struct cg_ctxops;
struct cg_program {
	const struct cg_ctxops *ctx;	/* its provider's (emit.h) */
	struct ptrvec clauses;	/* struct dt_clause *, in program order */
	struct bpf_insn *insns;
	int ninsns, cap;
	struct cg_reloc *relocs;
	int nrelocs, relcap;
	char *name;
	int uniform;		/* every probe runs every clause: no mask */
	unsigned int kfeat;	/* KF_*: what the kernel offers its type */
	int own_funcs;		/* it calls a CG_SUBR_OWNFN subroutine */
	/* set by cg_generate: */
	int per_probe;		/* no cookie holds the probe id: the loader
				 * loads one instance per probe, the probe id
				 * written at each CG_RELOC_PRID, its
				 * context's size at each CG_RELOC_NARGS */
	struct cg_func *funcs;	/* its functions after the main one */
	int nfuncs;
	struct cg_srcpos *srcpos;	/* its fault sites, by pc */
	int nsrcpos, srccap;
	/* where each clause's code begins (one per clause, in order) and
	 * where the last one's ends: the loader names the clause whose
	 * instruction the verifier rejects */
	int *clause_insn;
	int clauses_end;
};

/* The statement of the fault site at pc in p, or NULL. */
const struct cg_srcpos *cg_srcpos_at(const struct cg_program *p, int pc);

/* Layout shared by all programs of one compiled D program. */
struct cg_layout {
	uint32_t strbuf;	/* strsize + 1, rounded up to 8: buffer size */
	uint32_t strmax;	/* strsize + 1: most bytes a string copy writes */
	uint32_t pcapsize;	/* pcap(): the packet bytes its record has room for */
	uint32_t gvars_size;
	uint32_t rec_max;	/* record area at scratch offset 0 */
	uint32_t key_off, key_size;
	uint32_t clocal_off, clocal_size;
	uint32_t strtok_off;	/* strtok()'s state (a clause-local), or 0 */
	uint32_t fault_off;
	uint32_t drops_off;	/* u64 buffer drops, u64 aggregation drops */
	uint32_t cpuinfo_off;	/* struct rec_cpuinfo, what curcpu points to */
	uint32_t temp_off;	/* temporaries begin */
	/* u64 words of a probe's clause mask (the CGM_PMASK value): one per
	 * 64 clauses of the program with the most; set by the consumer once
	 * it has grouped the clauses into programs */
	uint32_t pmask_words;
	uint32_t scratch_size;	/* after all programs are generated */
	struct strbuf strtab;	/* string constants, each strbuf long */
	uint32_t *strindex;	/* strtab offsets + 1 by hash of the string, 0:
				   free (open addressing, in pool; str.c) */
	uint32_t strindex_cap, nstrs;
	/* the dynamic variables (every self-> variable and associative
	 * array) and their pool, the one hash map CGM_DVARS: dyn[id] is the
	 * variable of id (its dt_var's map_index); a key is laid out as
	 * DVAR_KEY_* below say, zero-padded to dvar_keysize (the largest);
	 * a value is the variable's (cg_val_size bytes) at the start of
	 * dvar_valsize (the largest); the map has dvar_nelems entries, as
	 * DTrace sizes its dvars map from dynvarsize (layout.c) */
	int ndyn;
	struct dt_var **dyn;
	uint32_t dvar_keysize, dvar_valsize, dvar_nelems;
	struct ptrvec error_clauses;	/* clauses that fire on dtrace:::ERROR */
	/*
	 * Aggregations, all in one per-CPU hash map (CGM_AGGS), as DTrace
	 * keeps them.  Its key: the aggregation's id (a u64 at offset 0),
	 * then from agg_tuple_off the aggregation's own keys (agg_keysize
	 * bytes: cg_agg_keyslot's slots, or 8 zero bytes when it has none),
	 * zero-padded to agg_map_keysize, the largest of the program.  Its
	 * value: the aggregation's words (consumer/agg.h), in agg_map_valsize
	 * bytes, the largest of the program.  The code generator
	 * (aggregate.c) builds keys by this layout, the loader makes the map
	 * by it and the consumer (consumer/agg.c, struct dt_aggmap) reads it.
	 * An update hashes and compares the whole key: next to an aggregation
	 * with a string key (272 bytes), @[execname] = count() costs about
	 * 90 ns more an update than alone (DTrace's maps pay the same).
	 */
	int nagg;
	struct dt_aggvar **aggs;
	uint32_t *agg_keysize, *agg_nvals;	/* by id */
	uint32_t agg_tuple_off;
	uint32_t agg_map_keysize, agg_map_valsize;	/* 0: no aggregations */
	uint32_t zero_off;	/* scratch: zero bytes, the initial aggregation value */
	uint32_t alloca_off;	/* scratch: alloca() memory */
	int uses_alloca;	/* the program calls alloca() or bcopy() */
	int uses_curcpu;	/* set by the generator: fill in cpuinfo_off */
	uint32_t zero_size;
	/* what the layout makes (record descriptions, size tables) and the
	 * generator's scratch tables: freed when the layout is made again
	 * (cg_layout_program) or freed (cg_layout_free) */
	struct dt_pool pool;
};

/*
 * The key of a dynamic variable in the pool (CGM_DVARS): its id, then for
 * a self-> variable the thread (the low half of bpf_get_current_pid_tgid),
 * then its keys from cg_dvar_tuple_off, each in its slot (a string strbuf
 * bytes, a struct its size rounded up to 8, anything else 8), then zeros.
 */
#define DVAR_KEY_ID	0	/* u64: the variable's id */
#define DVAR_KEY_THREAD	8	/* u64: the thread, for self-> only */
uint32_t cg_dvar_tuple_off(const struct dt_var *v);
/* Bytes of a dynamic variable's key before the padding. */
uint32_t cg_dvar_key_size(const struct cg_layout *L, const struct dt_var *v);

/* Bytes of key slot i of an aggregation's key. */
uint32_t cg_agg_keyslot(const struct cg_layout *L, const struct dt_aggvar *a, int i);
/* Number of buckets (after v[0]) of an aggregating function's value. */
uint32_t cg_agg_nvals(const struct dt_aggvar *a);


/* Lay out variables and records for the whole program (after sema); an
 * earlier layout in L is freed first. */
void cg_layout_program(struct cg_layout *L, struct dt_prog *prog, const struct dt_cgopts *o);
/* Free what a layout holds (L stays usable: a zeroed layout). */
void cg_layout_free(struct cg_layout *L);
/* Generate one program for the given clauses. Errors via dt_error(). */
void cg_generate(struct cg_program *p, struct cg_layout *L, const struct dt_cgopts *o);
/* Free a program and what it holds (NULL: nothing). */
void cg_program_free(struct cg_program *p);

#endif
