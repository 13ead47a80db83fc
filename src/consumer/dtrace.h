/*
 * dtrace.h - the consumer library: open a handle, set options, compile D
 * programs, run them (BEGIN, attach, consume, END) and close.  dtrace(1) is
 * a thin front end over these calls.
 */
#ifndef DT_DTRACE_H
#define DT_DTRACE_H

#include <stdint.h>
#include <stdio.h>

#include "../codegen/cg.h"
#include "../front/ast.h"

struct dt_options {
	int quiet;
	uint32_t strsize;
	uint64_t bufsize;
	uint64_t dynvarsize;
	int destructive;
	int errtags;
	int droptags;
	int rawbytes;
	int cpp;
	int zdefs;		/* -Z: allow descriptions matching nothing */
	int defaultargs;
	int argref;
	int flowindent;
	int empty;
	int testing;		/* _DTRACE_TESTING: no CPU/ID columns */
	uint64_t switchrate_ns;
	uint64_t aggrate_ns;
	uint32_t nspec, specsize;
	int cpu;		/* -xcpu: -1 for all */
	int verbose;
	uint64_t aggsize;
	int aggsortkey, aggsortkeypos, aggsortpos, aggsortrev, aggpack, aggzoom;
};

struct dt_source {
	char *text;		/* the D source */
	char *name;		/* script path, or the -n text */
	int is_file;		/* -s */
	int is_pspec;		/* -n/-P/-m/-f/-i */
	int nmatched;
	int first_clause, nclauses;
};

struct dtrace_hdl {
	struct dt_options o;
	struct ptrvec cpp_args;	/* -D/-U/-I as cpp options */
	int nargs;
	char **args;		/* macro arguments: [0] is $0 */
	struct ptrvec sources;
	struct dt_prog prog;
	struct cg_layout L;
	struct dt_cgopts cgo;
	int nkinds;		/* provider tables: one program kind each */
	struct cg_program **progs;	/* by provider_kind() */
	const struct dt_provider **prog_pv;
	int nmaps;
	int *map_fds;
	int *prog_fds;
	struct ring_buffer *rb;
	FILE *out;
	int done;		/* exit() seen or stop requested */
	int exit_status;
	int exit_seen;
	int header_printed;
	int last_char;		/* last character written to out */
	int ncpus;
	uint64_t drops_reported[4];
	uint64_t *cpu_drops;	/* per CPU: buffer drops, aggregation drops reported */
	struct ptrvec enabled;	/* struct dt_probe * attached */
	int has_error_clause;
	int in_error;
	struct ptrvec specbuf[DT_NSPEC_MAX + 1];	/* held speculative records */
	int spec_flushing;
	struct dt_agg *aggs;	/* the program's aggregations, by id */
	int naggs;
	long target;		/* $target: -c/-p process */
};

/* Errors from dtrace_* calls are printed by the library in DTrace's words. */
struct dtrace_hdl *dtrace_open(void);
void dtrace_close(struct dtrace_hdl *h);

/* Set an option by name ("quiet", "strsize", ...).  from_d: a #pragma. */
int dtrace_setopt(struct dtrace_hdl *h, const char *name, const char *value, char *err, size_t errlen);

/* Add a program source; nothing is compiled until dtrace_compile. */
void dtrace_add_source(struct dtrace_hdl *h, const char *text, const char *name, int is_file);

/* Compile every source: returns 0, or -1 after printing the error. */
int dtrace_compile(struct dtrace_hdl *h);

/* Print the BPF of each program (-S). */
void dtrace_dump_programs(struct dtrace_hdl *h, FILE *fp);

/* Load the programs and maps: 0 or -1 (error printed). */
int dtrace_load(struct dtrace_hdl *h);

/* Fire BEGIN and attach every enabled probe. */
int dtrace_go(struct dtrace_hdl *h);

/* Consume records for up to timeout_ms; returns 1 while tracing goes on. */
int dtrace_work(struct dtrace_hdl *h, int timeout_ms);

/* Detach everything, fire END and print what remains. */
void dtrace_stop(struct dtrace_hdl *h);

/* List probes matching a description (-l). */
int dtrace_list(struct dtrace_hdl *h, const char *desc, int kind, int verbose);

#endif
