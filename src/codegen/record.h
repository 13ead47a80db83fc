/*
 * record.h - the contract between the BPF programs codegen writes and the
 * consumer that reads what they produce: the maps every program may use,
 * the global-variable map's fixed words, the records sent through the ring
 * buffer (struct rec_hdr + data, struct rec_fault or struct rec_upid) and
 * the description of each clause's record (struct dt_recdesc) that the
 * layout pass computes and the consumer decodes with.  The layouts here are ABI between the two
 * halves: change both sides together.
 *
 * The key of the map of aggregations is laid out by cg_layout_program
 * (cg.h), its values are described in consumer/agg.h, their histogram
 * buckets in codegen/hist.h.
 */
#ifndef DT_RECORD_H
#define DT_RECORD_H

#include <stdint.h>

#include <dtrace.h>

/* The maps every compiled program may reference (relocated at load). */
enum cg_map {
	CGM_RINGBUF,	/* records to the consumer */
	CGM_GVARS,	/* array[1]: state word, counters, global variables */
	CGM_SCRATCH,	/* array[ncpus]: record buffer, keys, this->, temps */
	CGM_STRTAB,	/* array[1], read-only: string constants */
	CGM_PMASK,	/* array[nprobes]: u64 clause mask per probe id */
	CGM_PINFO,	/* array[nprobes]: probe name strings per probe id
			 * (provider, module, function, name; strbuf bytes each) */
	CGM_SYSNR,	/* array[2 * SYSCALL_NR_MAX]: syscall number (+ SYSCALL_NR_MAX at
			 * return) to probe id; 0: not traced */
	CGM_PROV,	/* the map of the program's own provider, if it has one
			 * (struct dt_provider's load_map: USDT's argument
			 * descriptors); each program kind sees its own */
	CGM_DVARS,	/* the dynamic variables (self->, associative arrays):
			 * one hash map, DTrace's dvars, shared by all of them
			 * (its key and value: struct cg_layout's dvar_*) */
	CGM_AGGS,	/* per-CPU hash: every aggregation, keyed by its id and
			 * its keys (cg.h's struct cg_layout says how); made
			 * only when the program has aggregations */
};

#define SYSCALL_NR_MAX	1024

/* Offsets in the global-variable map value. */
#define GV_STATE	0	/* 0 active, 1 exiting */
#define GV_WALLOFF	8	/* realtime - boottime, set by the consumer */
#define GV_BUFDROPS	16
#define GV_DYNDROPS	24
#define GV_AGGDROPS	32
#define GV_SPECDROPS	40	/* speculative clauses past specsize, or lost */
#define GV_SPECUNAVAIL	48	/* speculation() found no free buffer */
#define GV_SPECBUSY	56	/* ... and some were draining */
/* Speculation slots 1..DT_NSPEC_MAX (DTrace's specs map): 0 free, 1 taken
 * by speculation(), 2 draining: commit() or discard() was called, and the
 * consumer frees the slot once it has drained all that was speculated to
 * it (consume.c's spec_drain), so that an id is not reused while it is
 * being drained.  GV_SPECWRITTEN + 8 * id counts the clauses speculate()
 * let write to it (DTrace's dt_bpf_specs_t.written), which the consumer
 * compares with the records it has read for it. */
#define GV_SPEC0	64
#define SPEC_FREE	0
#define SPEC_ACTIVE	1
#define SPEC_DRAINING	2
#define DT_NSPEC_MAX	16
#define GV_SPECWRITTEN	(GV_SPEC0 + 8 * (DT_NSPEC_MAX + 1))
#define GV_UPIDS	(GV_SPECWRITTEN + 8 * (DT_NSPEC_MAX + 1))
#define DT_UPID_SLOTS	64	/* GV_UPIDS: slot pid % 64 holds the last pid a
				 * struct rec_upid was sent for (codegen/ustack.c) */
#define GV_DBLERRORS	(GV_UPIDS + 8 * DT_UPID_SLOTS)	/* faults in an ERROR
				 * clause (DTrace's dtst_dblerrors) */
#define GV_FIRSTVAR	(GV_DBLERRORS + 8)

/*
 * What curcpu points to: this CPU's cpuinfo_t, at cpuinfo_off of the CPU's
 * scratch (CGM_SCRATCH), written by the consumer before tracing starts
 * when the program reads curcpu (consumer/load.c).  lib/dtrace/sched.d
 * declares cpuinfo_t, for D, with these four members.
 */
struct rec_cpuinfo {
	int32_t cpu_id;		/* the CPU's number */
	int32_t cpu_pset;	/* 0, the default processor set, as DTrace */
	int32_t cpu_chip;	/* its physical package */
	int32_t cpu_lgrp;	/* its NUMA node */
};

/* Run-time faults (rec_fault.fault) are DTrace's DTRACEFLT_* numbers, part
 * of the public API (dtrace_errdata_t.dteda_fault): <dtrace.h> defines them. */

/*
 * Record headers.  A clause sends one record: a struct rec_hdr, then the
 * data of its actions at the offsets of its struct dt_recdesc args.  A
 * clause that faults sends a struct rec_fault instead.
 */
#define REC_FAULT	0xffffffffu
struct rec_hdr {
	uint32_t epid;		/* clause index + 1, or REC_FAULT */
	uint32_t probe_id;
	uint32_t cpu;
	uint32_t spec;		/* speculate(id): the consumer holds it until commit */
	uint64_t present;	/* bit i: action i was executed */
	uint64_t timestamp;	/* when the probe fired: bpf_ktime_get_ns(), the
				 * clause's `timestamp` (ns since boot) */
};
/* The header of DTrace's records (its DBUF_DATA): what a speculation may
 * hold, specsize, is counted in records as long as DTrace's, their data
 * after a header of this size (codegen/action.c, consumer/consume.c). */
#define DT_DBUF_DATA	16
struct rec_fault {
	uint32_t magic;		/* REC_FAULT */
	uint32_t probe_id;
	uint32_t clause;
	uint32_t fault;		/* DTRACEFLT_* */
	uint64_t addr;
	uint64_t pc;
};

/*
 * A process whose user stack or user address a probe took (ustack(),
 * ufunc(), usym(), umod(), uaddr(), as a record or as an aggregation key): the consumer reads its mappings and symbols now, while
 * it lives, so that its frames still have names when they are printed
 * after it exits (an aggregation printed at END).  Sent when the pid is
 * not the one its slot of GV_UPIDS last had; the consumer may see a pid
 * more than once.
 */
#define REC_UPID	0xfffffffeu
struct rec_upid {
	uint32_t magic;		/* REC_UPID */
	uint32_t pid;
};

/* One piece of data in a clause's record. */
struct dt_recarg {
	uint32_t off, size;
	int is_string;
	int is_signed;
	int isize;		/* D size of an integer value */
	int is_ptr;
	int is_stack;		/* 1 kernel, 2 user: size/8 program counters
				 * (user: the pid first, then size/8 - 1;
				 * codegen/ustack.c says which frames) */
	int is_raw;		/* struct/union/array bytes, printed as rawbytes */
	int symact;		/* func(), mod(), ufunc(), ...: DTRACEACT_SYM,
				 * _MOD (the address), _USYM, _UMOD, _UADDR (the
				 * process id, then the address) */
};

/* What a datum is, as <dtrace.h> publishes it (dtrd_uarg, DTRACE_RECTYPE_*). */
static inline uint64_t dt_recarg_type(const struct dt_recarg *a)
{
	if (a->is_stack)
		return 0;
	if (a->is_raw)
		return DTRACE_RECTYPE_RAW;
	if (a->is_string)
		return DTRACE_RECTYPE_STRING;
	return DTRACE_RECTYPE_INT | (a->is_signed ? DTRACE_RECTYPE_SIGNED : 0) |
	       (a->is_ptr ? DTRACE_RECTYPE_PTR : 0) | ((uint64_t)(a->isize & 0xff) << 16);
}

/* One action of a clause, in the order of the clause's statements. */
struct dt_recdesc {
	int action;		/* F_TRACE, F_PRINTF, F_EXIT, ... */
	int bit;		/* bit in rec_hdr.present, -1: always */
	int nargs;
	struct dt_recarg *args;
	void *fmt;		/* struct dtf_format * for printf */
	int line;
	int naggs;		/* printa/clear/trunc/normalize: aggregation ids */
	int *aggids;
};

#endif
