/*
 * output.h - the one formatter layer every piece of consumer output goes
 * through: probe records (trace, printf, tracemem, stacks), aggregations
 * (default output and printa), drops and errors.  An emitter turns these
 * events into one output format:
 *
 *   text     DTrace's own output, byte for byte (wrapping format.c and
 *            agg.c's printing)
 *   json     one JSON document, FreeBSD's oformat structure:
 *            {"dtrace": {"probes": [ probe, ... ]}} where a probe is
 *            {"timestamp", "cpu", "id", "provider", "module", "function",
 *            "name", "output": [ item, ... ]}; drops, errors and the
 *            aggregations printed at exit are pseudo-probes of provider
 *            "dtrace", module and function "INTERNAL" (see man/dtrace.1)
 *   folded   stack-keyed aggregations as folded stacks ("a;b;c 12"),
 *            root first; every other output is left out
 *
 * A struct dt_out holds one emitter's state and the text it produced so
 * far (o->sb); whoever drives it hands o->sb to dt_output() (consume.c,
 * aggregate.c) or keeps it (dt_agg_print() into a caller's buffer).
 */
#ifndef DT_OUTPUT_H
#define DT_OUTPUT_H

#include <stdint.h>

#include <dtrace.h>

#include "../common/util.h"
#include "format.h"

struct dt_agg;
struct dt_aggent;
struct dt_aggsnap;
struct dt_aggopts;
struct dt_recarg;
struct dt_ksyms;
struct dt_usyms;

enum dt_oformat { DT_OFMT_TEXT, DT_OFMT_JSON, DT_OFMT_FOLDED };

/* A probe (or pseudo-probe: drops, errors, aggregations at exit). */
struct dt_outprobe {
	uint64_t timestamp;	/* ns since boot, when it fired */
	int cpu;		/* -1: none */
	int64_t id;		/* -1: a pseudo-probe */
	const char *provider, *module, *function, *name;
};

/* One resolved stack frame: module`name+0xoffset, module`0xoffset (name
 * NULL: only the object is known) or 0xpc (module NULL). */
struct dt_frame {
	uint64_t pc;
	const char *module;
	const char *name;
	uint64_t offset;
};

struct dt_out;

struct dt_emitter {
	/* a probe's records; probe_end after its last */
	void (*probe_begin)(struct dt_out *o, const struct dt_outprobe *p);
	void (*probe_end)(struct dt_out *o);
	/* trace() of a value */
	void (*value)(struct dt_out *o, const struct dtf_value *v);
	/* printf(): text (len bytes) is the formatted message, args the values */
	void (*message)(struct dt_out *o, const char *text, size_t len, const struct dtf_value *args, int nargs);
	/* bytes: kind "tracemem" or "rawbytes" (trace() of a struct) */
	void (*memory)(struct dt_out *o, const char *kind, const unsigned char *p, size_t n);
	/* stack() or ustack() (user), an action or an aggregation key */
	void (*stack_begin)(struct dt_out *o, int user);
	void (*frame)(struct dt_out *o, const struct dt_frame *f);
	void (*stack_end)(struct dt_out *o);
	/* func(), mod(), ufunc(), ...: act is its DTRACEACT_SYM.._UADDR, w
	 * its words (symact.h); an action or an aggregation key */
	void (*symbol)(struct dt_out *o, int act, const uint64_t *w);
	/* aggregations: agg_begin, then per entry entry_begin, its keys
	 * (agg_key, or a stack for a stack key) and agg_value; agg_end */
	void (*agg_begin)(struct dt_out *o, const struct dt_agg *a, struct dt_aggent *const *ents, int n);
	void (*entry_begin)(struct dt_out *o, const struct dt_agg *a);
	void (*agg_key)(struct dt_out *o, const struct dt_recarg *k, const unsigned char *key);
	void (*agg_value)(struct dt_out *o, const struct dt_agg *a, const int64_t *vals);
	void (*agg_end)(struct dt_out *o, const struct dt_agg *a);
	/* a histogram row of agg_value (label as DTrace prints it) */
	void (*bucket)(struct dt_out *o, const char *label, long long count);
	/* printa() with a format, or of several aggregations without one (fmt
	 * NULL); returns the entries printed */
	int (*printa)(struct dt_out *o, const struct dtf_format *fmt, const struct dt_agg *const *aggs,
		      int naggs, struct dt_aggsnap *snap);
	/* a group of default-output aggregations: printa(@a, ...) without a
	 * format (top 0) or what dtrace(1) prints at exit (top 1) */
	void (*aggs_begin)(struct dt_out *o, int top);
	void (*aggs_end)(struct dt_out *o, int top);
	void (*drop)(struct dt_out *o, const dtrace_dropdata_t *d);
	void (*error)(struct dt_out *o, const dtrace_errdata_t *e);
	/* the end of the output (JSON: close the document) */
	void (*end)(struct dt_out *o);
};

#define DT_OUT_MAXDEPTH 32
#define DT_OUT_MAXPROBES 8

struct dt_out {
	const struct dt_emitter *ops;
	enum dt_oformat fmt;
	int pretty;
	struct strbuf sb;		/* the output made so far */
	struct strbuf *ext;		/* or a caller's buffer (dt_agg_print) */
	/* what the emitters need to know */
	int quiet, rawbytes;
	int stackindent;		/* a frame's indent; < 0: DTrace's 14 */
	uint32_t strsize;
	const struct dt_aggopts *ao;	/* aggregation sorting and layout */
	struct dt_ksyms *ksyms;
	struct dt_usyms *usyms;
	int pid;			/* ustack(): the process */
	struct dtf_symtab syms;		/* %a, %A */
	/* text: the packed layout of the aggregation printing */
	int packed, minbin, maxbin;
	/* the entry agg_value prints: each CPU's words (aggpercpu), of
	 * npcpu CPUs, or NULL */
	const int64_t *pcpu;
	int npcpu;
	/* json */
	int doc;			/* the document is open */
	int depth;
	int nitems[DT_OUT_MAXDEPTH];	/* items at each open level */
	char closer[DT_OUT_MAXDEPTH];	/* '}' or ']' */
	struct dt_outprobe probes[DT_OUT_MAXPROBES];	/* probes begun, innermost last */
	int nprobes;
	int probe_open;			/* the innermost probe's object is open */
	int in_key;			/* a stack in an aggregation's keys */
	/* folded */
	int fold;			/* this aggregation folds (has a stack key) */
	struct strbuf line;		/* the entry's frames so far */
	struct ptrvec frames;		/* a stack's frames, leaf first */
	struct ptrvec lines;		/* char *: "frames count" of this aggregation */
};

/* Set o up for fmt (text by default; see the emitters above). */
void dt_out_init(struct dt_out *o, enum dt_oformat fmt, int pretty);
void dt_out_free(struct dt_out *o);
/* Where the output goes: into ext (NULL: o->sb). */
struct strbuf *dt_out_sb(struct dt_out *o);

/* A stack's frames to o's emitter: kernel pcs (user 0) up to the first
 * zero, without the BPF glue frames; or pid's user pcs. */
void dt_out_stack(struct dt_out *o, int user, int pid, const uint64_t *pcs, int n);

/* The same frames as text onto sb, each as dt_frame_format makes it and
 * ending in '\n' (printa()'s %k). */
void dt_stack_text(struct strbuf *sb, struct dt_ksyms *ksyms, struct dt_usyms *usyms, int user, int pid,
		   const uint64_t *pcs, int n);

/* A frame as DTrace prints it (mod`sym+0xoff, ...) onto sb. */
void dt_frame_format(struct strbuf *sb, const struct dt_frame *f);

/* The handle's output (h->out), set up from its options and symbols. */
struct dtrace_hdl;
struct dt_out *dt_out_of(struct dtrace_hdl *h);
/* What h->out made so far to the consumer's output (dt_output). */
void dt_out_flush(struct dtrace_hdl *h, FILE *fp);

/* JSON: an escaped string (invalid UTF-8 bytes as \u00XX) onto sb. */
void dt_json_string(struct strbuf *sb, const char *s, size_t n);

#endif
