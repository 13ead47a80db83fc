/*
 * dt_impl.h - the library handle behind include/dtrace.h's opaque
 * dtrace_hdl_t, and what the consumer's files share.
 *
 * Everything a handle does lives in it: options, the programs compiled on
 * it (one struct dt_prog accumulating every compile unit, as DTrace's
 * identifiers persist across programs of one handle), its probe table, the
 * BPF maps and programs, the ring buffer, symbol caches, processes, the
 * handlers a consumer installed and the last error.  Nothing the library
 * does touches another handle.
 *
 * Where each concept lives:
 *   open.c       open/close, errors, handlers, option get/set
 *   options.c    option names and value syntax
 *   compile.c    the compile driver: programs, probe matching, codegen
 *   load.c       maps and BPF programs into the kernel
 *   kfeat.c      what the running kernel offers BPF programs (KF_* bits)
 *   work.c       go/stop/status/sleep/work: BEGIN, END, drops, processes
 *   consume.c    records from the ring buffer to callbacks and output
 *   aggregate.c  the aggregation API (snapshot, walks, print, clear)
 *   agg.c        aggregation data: snapshot, merge, sort, clear, trunc
 *   aggprint.c   aggregations as DTrace prints them, printa()
 *   output.c     the formatter layer every output goes through: text,
 *                JSON and folded emitters (output.h)
 *   proc.c       processes created or grabbed (-c, -p)
 *   pcap.c       pcap()'s packets: a pcap file, tshark, or bytes shown
 *   list.c       probe iteration and descriptions (-l)
 *   hdrgen.c     the C header of provider definitions (-h)
 *   linkobj.c    the object a DTrace build links in (-G)
 */
#ifndef DT_IMPL_H
#define DT_IMPL_H

#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include <dtrace.h>

#include "../codegen/cg.h"
#include "../common/util.h"
#include "../front/ast.h"
#include "agg.h"
#include "output.h"

struct dt_probes;
struct dt_cc;
struct dt_probe;
struct dt_ksyms;
struct dt_usyms;
struct dt_agg;
struct dt_aggopts;
struct dt_clause;
struct pollfd;
struct dt_aggsnap;
struct dt_pcap;

struct dt_options {
	int quiet;
	int nolibs;		/* -xnolibs: not the default D library */
	uint32_t strsize;
	/* stack(), ustack(), jstack() frames when not given (DTrace's
	 * defaults: 20, 100 and 50), and the most any records (DTrace's
	 * default: the kernel's perf_event_max_stack) */
	uint32_t stackframes, ustackframes, jstackframes, maxframes;
	int cpp_traditional;	/* -Xs: cpp -traditional-cpp, else -std=c99 */
	char *cpp_path;		/* -xcpppath: the preprocessor, else "cpp" */
	uint32_t printsize;	/* print(): most bytes shown of a value */
	uint32_t pcapsize;	/* pcap(): most bytes of a packet taken */
	uint64_t bufsize;
	uint64_t dynvarsize;
	int destructive;
	int errtags;
	int droptags;
	int rawbytes;
	int stackindent;	/* stack() frames' indent; -1: DTrace's default */
	int cpp;
	int zdefs;		/* -Z: allow descriptions matching nothing */
	int defaultargs;
	int argref;
	int flowindent;
	int faultsrc;		/* dtrace(1): a fault's D statement after
				   DTrace's message, even when not on a tty */
	int empty;
	uint64_t switchrate_ns;
	uint64_t aggrate_ns;
	uint64_t statusrate_ns;	/* 0: every dtrace_status() looks (ours) */
	uint32_t nspec;
	uint64_t specsize;	/* bytes a speculation may hold (DTrace's: 4 MB) */
	uint32_t scratchsize;	/* alloca() space, as DTrace counts it (8 + bytes, rounded to 8) */
	int amin_set;		/* -xamin given */
	dtrace_attribute_t amin;
	int cpu;		/* -xcpu: -1 for all */
	int verbose;
	int bpflog;		/* the verifier's log of a rejected program */
	uint64_t aggsize;
	int aggsortkey, aggsortkeypos, aggsortpos, aggsortrev, aggpack, aggzoom;
	int aggpercpu;		/* the default output adds each CPU's value */
	int oformat;		/* enum dt_oformat */
	int oformat_pretty;	/* json,pretty */
};

/* A compiled program: one compile unit of the handle's accumulated program. */
struct dtrace_prog {
	int first_clause, nclauses;	/* its clauses in h->prog.clauses */
	int nmatched;			/* probes its descriptions matched */
	int executed;			/* dtrace_program_exec() done */
};

/* A process created (-c) or grabbed (-p). */
struct ps_prochandle {
	pid_t pid;
	int created;		/* ours: killed on release if still running */
	int traced;		/* under ptrace (created ones) */
	int exited;
	int pidfd;		/* readable once it has exited; -1 if none */
	int reported;		/* its exit was told, and not yet slept on */
};

/* What the dtrace_work() in progress consumes into. */
/* BPF program types kfeat.c knows about: enum bpf_prog_type < this. */
#define DT_NPROGTYPES 64

struct dt_consumer {
	FILE *fp;
	dtrace_consume_probe_f *pf;
	dtrace_consume_rec_f *rf;
	void *arg;
	int status;		/* -1 once a callback or handler aborted */
};

struct dtrace_hdl {
	struct dt_options o;
	struct dt_options odefaults;	/* o as opened: what unsetting restores */
	int opt_in_program;		/* options come from a #pragma now */
	int core_at_exit;		/* -xcore: dump core at exit (set once) */
	uint32_t vmax;			/* the D version programs are for */
	/* errors */
	int err;			/* dtrace_errno() */
	char errmsg[4096];		/* the message of err, when it has its own */
	char *errmsg_long;		/* ... when it is longer (a verifier log) */
	/* handlers */
	dtrace_handle_err_f *errhdlr;
	void *errarg;
	dtrace_handle_drop_f *drophdlr;
	void *droparg;
	dtrace_handle_proc_f *prochdlr;
	void *procarg;
	dtrace_handle_buffered_f *bufhdlr;
	void *bufarg;
	/* compiling */
	struct ptrvec cpp_args;		/* -D/-U/-I as cpp options */
	int nargs;			/* macro arguments of the unit compiling: */
	char **args;			/* [0] is $0 */
	struct ptrvec programs;		/* struct dtrace_prog * */
	struct dt_cc *cc;		/* the compiler's state: types, declarations */
	struct dt_dlib *dlib;		/* the D library: directories, files (dlib.c) */
	struct dt_prog prog;		/* every unit's clauses and declarations */
	struct dt_probes *probes;	/* this handle's probe table */
	struct cg_layout L;
	struct dt_cgopts cgo;
	int nkinds;			/* provider tables: one program kind each */
	struct cg_program **progs;	/* by provider_kind() */
	const struct dt_provider **prog_pv;
	int has_error_clause;
	char mapname[300];		/* -S: the name of the map being shown */
	/* running */
	int nmaps;
	int *map_fds;
	/* CGM_GVARS mapped (BPF_F_MMAPABLE): the state word and counters
	 * are read, and speculation slots freed, in place */
	unsigned char *gvars;
	size_t gvars_len;
	int *prog_fds;
	int *pvmap_fds;			/* by kind: its provider's own map
					 * (load_map, CGM_PROV), -1 if none */
	int *inst_fds;			/* by probe id: its own program instance
					 * (load.c), -1 if it has none */
	int ninst;
	unsigned int kfeat[DT_NPROGTYPES];	/* by BPF program type (kfeat.c) */
	struct ring_buffer *rb;
	int active;			/* dtrace_go() succeeded */
	int stopped;			/* dtrace_stop() done */
	int exited;			/* exit() seen in a record */
	uint64_t laststatus;		/* when dtrace_status() last looked */
	int worked;			/* dtrace_work() has run since dtrace_go() */
	int exit_status;
	int ncpus;
	uint64_t dyndrops_reported, specbusy_reported, specunavail_reported;
	uint64_t dblerrors_reported;	/* GV_DBLERRORS reported so far */
	uint64_t *cpu_drops;	/* per CPU: buffer drops, aggregation drops reported */
	struct ptrvec enabled;	/* struct dt_probe * attached */
	/* speculations (consume.c), by id: DTrace's dt_spec_bufs and
	 * dt_spec_bufs_draining */
	struct dt_specbuf {
		struct ptrvec recs;	/* records held (struct strbuf *) */
		uint64_t bytes;		/* ... their size as DTrace counts it */
		int exists;		/* a record has been held since the id
					 * was handed out (DTrace's dtsb) */
		int draining;		/* commit() or discard() seen */
		int committing;		/* ... and it was commit() */
		uint64_t written;	/* speculate()s into it, when drained */
		uint64_t read;		/* records drained so far */
	} specbuf[DT_NSPEC_MAX + 1];
	uint32_t spec_draining[DT_NSPEC_MAX];	/* ids draining, in order */
	int nspec_draining;
	uint64_t spec_drops;	/* records the consumer found past specsize */
	uint64_t spec_drops_reported;	/* ... and the programs' drops, reported */
	int spec_flushing;
	/* flowindent (consume.c): the indentation of the next firing, and
	 * the probe and clause of the last one shown */
	int flow_indent;
	uint32_t flow_lastprobe, flow_lastclause;
	struct dt_agg *aggs;	/* the program's aggregations, by id */
	int naggs;
	struct dt_aggmap aggmap;	/* the map they all live in (load.c) */
	struct dt_consumer *cons;	/* the dtrace_work() in progress */
	/* the first dtrace_work() after exit() in BEGIN consumes BEGIN's
	 * records first, holding the others back (consume.c, DTrace's
	 * dt_consume_begin) */
	int begin_seen, begin_first;
	struct dt_heldrec { char *data; size_t size; } *held;
	size_t nheld, heldcap;
	struct dt_pcap *pcap;	/* pcap()'s files and tshark (pcap.c) */
	int64_t walloff;	/* realtime - boot time, ns, as the programs
				 * have it (GV_WALLOFF) */
	int freopen_saved;	/* freopen(): the consumer's output file
				 * descriptor as it was, dup()ed, plus 1; 0: none */
	dtrace_eprobedesc_t **edescs;	/* by epid, made on first use */
	int nedescs;
	dtrace_probedesc_t **pdescs;	/* by probe id, made on first use */
	int npdescs;
	/* output: the emitter of o.oformat and what it made so far */
	struct dt_out out;
	/* aggregation snapshot (dtrace_aggregate_snap) */
	struct dt_aggsnap *snap;
	/* symbols and processes */
	struct dt_ksyms *ksyms;
	struct dt_usyms *usyms;
	long target;			/* $target: the first -c/-p process */
	struct ptrvec procs;		/* struct ps_prochandle * */
};

/* open.c: set the error; returns -1 (or NULL through the caller). */
int dt_set_errno(struct dtrace_hdl *h, int err);
int dt_set_errmsg_long(struct dtrace_hdl *h, int err, char *msg);
int dt_set_errmsg(struct dtrace_hdl *h, int err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* options.c: 0, or -1 with the error set (EDT_BADOPTNAME, EDT_BADOPTVAL). */
int dt_opt_set(struct dtrace_hdl *h, const char *name, const char *value);
int dt_opt_get(struct dtrace_hdl *h, const char *name, dtrace_optval_t *val);
void dt_opt_restore_cflags(struct dtrace_hdl *h, const struct dt_options *saved);

/* compile.c */
void dt_compile_free(struct dtrace_hdl *h);
/* Compile a D library file's declarations (dlib.c); 0, or -1 with the
 * error set, naming path. */
int dt_compile_library(struct dtrace_hdl *h, const char *path, const char *text);

/* dlib.c: the D library.  Add a directory (the libdir option); before a
 * unit compiles, load the library files its text needs; free. */
int dt_dlib_add_dir(struct dtrace_hdl *h, const char *dir);
int dt_dlib_set_sysdir(struct dtrace_hdl *h, const char *dir);
int dt_dlib_prepare(struct dtrace_hdl *h, const char *text);
void dt_dlib_free(struct dtrace_hdl *h);
/* A probe description field with $target, $pid, $1... expanded: f itself
 * when it has none, else an allocated string. */
char *dt_expand_field(struct dtrace_hdl *h, const char *f);

/* load.c: maps and programs into the kernel; 0, or -1 with the error set. */
int dt_load(struct dtrace_hdl *h);
void dt_unload(struct dtrace_hdl *h);
/* The fd of map m (enum cg_map, or a dynamic/aggregation map index). */
int dt_map_fd(struct dtrace_hdl *h, int m);
int dt_probe_enabled(struct dtrace_hdl *h, uint32_t id);
/* The program to attach to probe p: its own instance, or its kind's. */
int dt_prog_fd(struct dtrace_hdl *h, const struct dt_probe *p);

/* What the kernel offers programs of a type (KF_*, kfeat.c); the string
 * kfuncs are asked about only when strings is set (it reads the BTF). */
unsigned int dt_kfeat(struct dtrace_hdl *h, int prog_type, int strings);

/* consume.c: the ring buffer; every record in it to the consumer. */
int dt_ring_open(struct dtrace_hdl *h);
int dt_consume_all(struct dtrace_hdl *h);
int dt_consume_begin(struct dtrace_hdl *h);
/* Text for the consumer's output: to the buffered handler, or fp. */
void dt_output(struct dtrace_hdl *h, FILE *fp, const char *s, size_t len);
void dt_spec_free(struct dtrace_hdl *h);

/* pcap.c: freopen()'s file (NULL or "": none); a packet pcap() took, at
 * ts (ns since boot), len bytes kept: 1 sent to a file or to tshark, 0
 * for the caller to show as tracemem() does, -1 an error (err says it);
 * closing writes what is left and waits for tshark. */
void dt_pcap_freopen(struct dtrace_hdl *h, const char *name);
int dt_pcap_packet(struct dtrace_hdl *h, FILE *out, uint64_t ts, uint64_t proto, const void *bytes,
		   uint32_t len, char *err, size_t errlen);
void dt_pcap_close(struct dtrace_hdl *h);

/* list.c: a probe's public description, made once per probe. */
dtrace_probedesc_t *dt_probedesc_of(struct dtrace_hdl *h, struct dt_probe *p);
void dt_list_free(struct dtrace_hdl *h);
/* The stability of a probe description whose probes are pv's (NULL:
 * matched none); args (may be NULL): their arguments'. */
struct dt_provider;
void dt_pdesc_attr(const struct dt_provider *pv, const struct dt_pdesc *pd, dtrace_attribute_t *attr,
		   dtrace_attribute_t *args);

/* work.c */
void dt_report_drops(struct dtrace_hdl *h);

/* A word of the programs' global state (record.h's GV_*), read in place;
 * the programs update it atomically. */
static inline uint64_t dt_gvar_load(const struct dtrace_hdl *h, uint32_t off)
{
	return __atomic_load_n((const uint64_t *)(const void *)(h->gvars + off), __ATOMIC_RELAXED);
}

/* aggregate.c */
void dt_agg_options(struct dtrace_hdl *h, struct dt_aggopts *ao);
/* printa(): print now (to h->out) what the aggregations hold now. */
void dt_printa(struct dtrace_hdl *h, const struct dt_recdesc *r);
void dt_aggregate_free(struct dtrace_hdl *h);

/* proc.c: reap created children, notice exits; release everything. */
void dt_proc_poll(struct dtrace_hdl *h);
/* A process has something to report (dtrace_sleep should not sleep). */
int dt_proc_pending(struct dtrace_hdl *h);
/* Descriptors that become readable when a watched process exits. */
int dt_proc_pollfds(struct dtrace_hdl *h, struct pollfd *pfd, int max);
void dt_proc_release_all(struct dtrace_hdl *h);

#endif
