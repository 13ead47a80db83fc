/*
 * lockstat.c - the lockstat(1) command: kernel lock contention (and, where
 * the provider can offer them, hold times) and kernel profiling while a
 * command runs, reported as illumos's lockstat reports them, built on
 * <dtrace.h> and nothing else of the library.
 *
 * It writes a D program over the lockstat provider (docs/PROVIDERS.md):
 * one clause per event kind, each aggregating
 *     @avg[event, lock, caller, stack(depth)] = avg(nsec)
 * (and @hist[...] = quantize(nsec) for -h and -s), runs the command, and
 * when it exits walks the aggregation, coalesces, sorts and prints one
 * table per event kind.  The event numbers are illumos's where Linux has
 * the same event (0 adaptive spin, 1 adaptive block, 2 spin lock spin, 4
 * and 6 rw block, 32-35 holds, 56 profiling); 8 and 9 are Linux's rwlock_t
 * spins, which illumos has no kind for.
 *
 * What Linux does not give, the report does not make up:
 *   - the lock's name: kernel locks are mostly in the heap, and a kernel
 *     without CONFIG_KALLSYMS_ALL names no data at all; a lock prints as
 *     its symbol only where kallsyms has one (dtrace_addr2str()), else in
 *     hex.  Linux has no lock classes outside lockdep.
 *   - the Caller: `caller` at a tracepoint is the tracepoint's own caller,
 *     so the stack is taken and the Caller is its first frame outside the
 *     lock implementation (is_lock_frame()), illumos's meaning.
 *   - who blocked a rw waiter (illumos's "blocked by writer/readers"):
 *     lock:contention_end does not say; events 4 and 6 are all writer and
 *     reader blocks.
 *   - hold times (-H): they need lockstat:::*-acquire, which the provider
 *     cannot offer; compiling them fails and lockstat says why.
 *   - rcnt: illumos's reference count per event; each event here is one
 *     reference, so it is 1.00.
 *   - for -I, the interrupt's lateness (illumos's nsec) and the PIL: the
 *     Lock column is the CPU, the nsec column is empty.
 *
 * Only the signal handler's flag is at file scope; everything else is on
 * the struct lockstat that main() passes down.
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <dtrace.h>

#include "cmdloop.h"

#define LS_NAME		"lockstat"
#define LS_MAX_EVENTS	64
#define LS_MAX_DEPTH	50	/* -s (illumos's) */
#define LS_CALLER_FRAMES 8	/* frames searched for the Caller */
#define LS_DEFAULT_HZ	97
#define LS_MAX_HZ	1000
#define LS_DEFAULT_NRECS 10000
#define LS_MIN_AGGSIZE	(16 * 1024)
#define LS_MAX_AGGSIZE	(32 * 1024 * 1024)
#define LS_HIST_BINS	64	/* bucket j: [2^(j-1), 2^j), j 0 for 0 */

/* One kind of event: a probe and a predicate on its arguments. */
struct ls_event {
	char type;		/* C contention, H hold, I profiling */
	const char *desc;	/* the table's title */
	const char *units;	/* the time column's heading */
	const char *probe;	/* the probe that ends the event */
	const char *pred;	/* NULL, or what tells this kind apart */
	const char *acquire;	/* a hold's start: the probe */
};

static const struct ls_event ls_events[LS_MAX_EVENTS] = {
	[0] = {'C', "Adaptive mutex spin", "nsec", "lockstat:::adaptive-spin", NULL, NULL},
	[1] = {'C', "Adaptive mutex block", "nsec", "lockstat:::adaptive-block", NULL, NULL},
	[2] = {'C', "Spin lock spin", "nsec", "lockstat:::spin-spin", NULL, NULL},
	[4] = {'C', "R/W writer blocked", "nsec", "lockstat:::rw-block", "args[2] == 0", NULL},
	[6] = {'C', "R/W reader blocked", "nsec", "lockstat:::rw-block", "args[2] != 0", NULL},
	[8] = {'C', "R/W writer spin", "nsec", "lockstat:::rw-spin", "args[2] == 0", NULL},
	[9] = {'C', "R/W reader spin", "nsec", "lockstat:::rw-spin", "args[2] != 0", NULL},
	[32] = {'H', "Adaptive mutex hold", "nsec", "lockstat:::adaptive-release", NULL,
		"lockstat:::adaptive-acquire"},
	[33] = {'H', "Spin lock hold", "nsec", "lockstat:::spin-release", NULL, "lockstat:::spin-acquire"},
	[34] = {'H', "R/W writer hold", "nsec", "lockstat:::rw-release", "args[1] == 0", "lockstat:::rw-acquire"},
	[35] = {'H', "R/W reader hold", "nsec", "lockstat:::rw-release", "args[1] != 0", "lockstat:::rw-acquire"},
	[56] = {'I', "Profiling interrupt", "", "profile:::profile-%d", NULL, NULL},
};

/* One row of a table: an event at a lock from a caller (and a stack). */
struct ls_row {
	int event;
	uint64_t rawlock, rawcaller, *pcs;	/* the key, to find @hist's */
	int npcs;
	char *lock, *caller;	/* named (dtrace_addr2str) */
	char **stack;		/* -s: the frames from the Caller on */
	int nstack;
	uint64_t count, total;
	uint64_t hist[LS_HIST_BINS];
};

/* A growing string: the D program. */
struct lockstat {
	dtrace_hdl_t *dtp;
	struct ps_prochandle *proc;
	FILE *out;
	unsigned char enabled[LS_MAX_EVENTS];
	int hz;			/* -i */
	int depth;		/* -s */
	int hist;		/* -h, or -s */
	int timed;		/* not -b */
	unsigned long nrecs;	/* -n */
	unsigned long topn;	/* -D */
	uint64_t min_nsec;	/* -d */
	int opt_k, opt_w, opt_W, opt_P, opt_R, opt_p, opt_V;
	int exited, dropped;
	int hist_pass;		/* the walk collects @hist (else @avg) */
	double elapsed;		/* seconds the command ran */
	struct cmd_text prog;
	struct ls_row *rows;
	size_t nrows, cap;
};

/* SIGINT / SIGTERM: stop and print (the handler can reach nothing else). */
static volatile sig_atomic_t ls_intr;

static void ls_on_signal(int sig)
{
	(void)sig;
	ls_intr = 1;
}

static void ls_show_events(char type, const char *desc)
{
	int first = -1, last = -1;

	for (int i = 0; i < LS_MAX_EVENTS; i++) {
		if (ls_events[i].type != type)
			continue;
		if (first < 0)
			first = i;
		last = i;
	}
	fprintf(stderr, "\n%s events (lockstat -%c or lockstat -e %d-%d):\n\n", desc, type, first, last);
	for (int i = first; i <= last; i++)
		if (ls_events[i].type == type)
			fprintf(stderr, "%4d = %s\n", i, ls_events[i].desc);
}

static void ls_usage(void)
{
	fprintf(stderr,
		"Usage: lockstat [options] command [args]\n"
		"\nEvent selection options:\n\n"
		"  -C              watch contention events [on by default]\n"
		"  -H              watch hold events [off by default]\n"
		"  -I              watch interrupt events [off by default]\n"
		"  -A              watch all lock events [equivalent to -CH]\n"
		"  -e event_list   only watch the specified events (shown below);\n"
		"                  <event_list> is a comma-separated list of\n"
		"                  events or ranges of events, e.g. 1,4-7,35\n"
		"  -i rate         interrupt rate for -I [default: %d Hz]\n"
		"\nData gathering options:\n\n"
		"  -b              basic statistics (lock, caller, event count)\n"
		"  -t              timing for all events [default]\n"
		"  -h              histograms for event times\n"
		"  -s depth        stack traces <depth> deep\n"
		"  -x opt[=val]    enable or modify DTrace options\n"
		"\nData filtering options:\n\n"
		"  -n nrecords     maximum number of data records [default: %d]\n"
		"  -d duration     only watch events longer than <duration>\n"
		"\nData reporting options:\n\n"
		"  -k              coalesce PCs within functions\n"
		"  -w              wherever: don't distinguish events by caller\n"
		"  -W              whichever: don't distinguish events by lock\n"
		"  -R              display rates rather than counts\n"
		"  -p              parsable output format (awk(1)-friendly)\n"
		"  -P              sort lock data by (count * avg_time) product\n"
		"  -D n            only display top <n> events of each type\n"
		"  -o filename     send output to <filename>\n"
		"  -V              print the D program on stderr\n",
		LS_DEFAULT_HZ, LS_DEFAULT_NRECS);
	ls_show_events('C', "Contention");
	ls_show_events('H', "Hold-time");
	ls_show_events('I', "Interrupt");
	fprintf(stderr, "\n");
	exit(1);
}

static void ls_cleanup(struct lockstat *ls)
{
	cmd_release(&ls->dtp, &ls->proc);
}

/* "lockstat: what", then exit 2 (illumos's status for failures). */
static void ls_fail(struct lockstat *ls, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));
static void ls_fail(struct lockstat *ls, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", LS_NAME);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	ls_cleanup(ls);
	exit(2);
}

/* "lockstat: what: the library's reason", then exit 2. */
static void ls_dfail(struct lockstat *ls, const char *what) __attribute__((noreturn));
static void ls_dfail(struct lockstat *ls, const char *what)
{
	ls_fail(ls, "%s: %s", what, dtrace_errmsg(ls->dtp, dtrace_errno(ls->dtp)));
}

static void *ls_alloc(void *p, size_t size)
{
	p = realloc(p, size);
	if (!p) {
		perror(LS_NAME);
		exit(2);
	}
	return p;
}

static char *ls_strdup(const char *s)
{
	return strcpy(ls_alloc(NULL, strlen(s) + 1), s);
}

/* A decimal number for option opt, else the usage. */
static unsigned long ls_number(const char *s, int opt)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (*s < '0' || *s > '9' || *end != 0 || errno != 0) {
		fprintf(stderr, "%s: invalid argument to -%c: '%s'\n", LS_NAME, opt, s);
		ls_usage();
	}
	return v;
}

static void ls_enable(struct lockstat *ls, int ev)
{
	ls->enabled[ev] = 1;
}

/* -e 1,4-7,35 */
static void ls_event_list(struct lockstat *ls, char *list)
{
	for (char *save = NULL, *ev = strtok_r(list, ",", &save); ev; ev = strtok_r(NULL, ",", &save)) {
		char *dash = strchr(ev, '-');
		unsigned long lo, hi;

		if (dash)
			*dash++ = 0;
		lo = ls_number(ev, 'e');
		hi = dash ? ls_number(dash, 'e') : lo;
		if (lo >= LS_MAX_EVENTS || hi >= LS_MAX_EVENTS || lo > hi)
			ls_fail(ls, "-e events out of range");
		for (unsigned long i = lo; i <= hi; i++) {
			if (!ls_events[i].type) {
				if (lo == hi)
					ls_fail(ls, "-e %lu: no such event", i);
				continue;
			}
			ls_enable(ls, (int)i);
		}
	}
}

/* ---- the D program ------------------------------------------------------ */

/* One event's clause(s), illumos's shape: a hold's acquire notes the time,
 * its release (or a contention's end) aggregates. */
static void ls_event_clause(struct lockstat *ls, int ev)
{
	const struct ls_event *e = &ls_events[ev];
	struct cmd_text *t = &ls->prog;
	/* args[1] and args[2], not arg1 and arg2: those are the
	 * tracepoint's; arg0 is the lock in both (and args[0] of spin-spin
	 * and rw-spin, typed spinlock_t * and rwlock_t *, does not compile
	 * today: the compiler does not know those two typedefs) */
	const char *lock = "arg0", *caller = "0ULL", *nsec = "args[1]";
	char probe[64], self[32], nsecbuf[64];
	int depth = LS_CALLER_FRAMES + ls->depth;

	if (e->type == 'I') {
		/* the CPU is the "lock", the interrupted kernel pc the caller */
		snprintf(probe, sizeof(probe), e->probe, ls->hz);
		lock = "(uint64_t)cpu";
		caller = "(uint64_t)arg0";
		nsec = "0";
		depth = ls->depth ? ls->depth : 1;
	} else {
		snprintf(probe, sizeof(probe), "%s", e->probe);
	}
	if (e->acquire) {
		snprintf(self, sizeof(self), "self->ev%d[arg0]", ev);
		cmd_text_add(t, "%s\n", e->acquire);
		if (e->pred)
			cmd_text_add(t, "/%s/\n", e->pred);
		cmd_text_add(t, "{\n\t%s = timestamp;\n}\n\n", self);
		snprintf(nsecbuf, sizeof(nsecbuf), "timestamp - %s", self);
		nsec = nsecbuf;
	}
	cmd_text_add(t, "%s\n", probe);
	int npred = 0;
	if (e->pred) {
		cmd_text_add(t, "/(%s)", e->pred);
		npred++;
	}
	if (e->acquire)
		cmd_text_add(t, "%s(%s)", npred++ ? " && " : "/", self);
	if (ls->min_nsec && e->type != 'I')
		cmd_text_add(t, "%s(%s >= %llu)", npred++ ? " && " : "/", nsec, (unsigned long long)ls->min_nsec);
	cmd_text_add(t, "%s{\n", npred ? "/\n" : "");
	cmd_text_add(t, "\t@avg[%dULL, %s, %s, stack(%d)] = avg(%s);\n", ev, lock, caller, depth, nsec);
	if (ls->hist)
		cmd_text_add(t, "\t@hist[%dULL, %s, %s, stack(%d)] = quantize(%s);\n", ev, lock, caller, depth, nsec);
	if (e->acquire)
		cmd_text_add(t, "\t%s = 0;\n", self);
	cmd_text_add(t, "}\n\n");
}

/* ---- the results --------------------------------------------------------- */

/* The function a frame name ("module`function+0xoff") is in. */
static const char *ls_frame_func(const char *frame, size_t *len)
{
	const char *f = strchr(frame, '`');

	f = f ? f + 1 : frame;
	*len = strcspn(f, "+");
	return f;
}

/*
 * A frame of the lock implementation or of the tracepoint that reported
 * it, not the Caller: the functions that take locks (mutex_lock,
 * down_write, _raw_spin_lock_irqsave...), their slow paths and the
 * scheduler's run-queue lock wrappers.
 */
static int ls_is_lock_frame(const char *frame)
{
	static const char *const prefixes[] = {
		"__traceiter_", "trace_contention_", "bpf_trace_run", "__bpf_trace_", "bpf_prog_", "__pv_queued_spin_lock", "native_queued_spin_lock",
		"queued_spin_lock", "queued_read_lock", "queued_write_lock", "do_raw_spin_lock",
		"do_raw_read_lock", "do_raw_write_lock", "_raw_spin_lock", "_raw_read_lock",
		"_raw_write_lock", "_raw_spin_rq_lock", "raw_spin_rq_lock", "__mutex_lock", "mutex_lock",
		"mutex_spin_on_owner", "mutex_optimistic_spin", "osq_lock", "rwsem_down_", "rwsem_optimistic_spin",
		"rwsem_spin_on_owner", "__down_read", "__down_write", "down_read", "down_write",
		"percpu_down_", "__percpu_down_", "rt_mutex", "__rt_mutex", "rtlock_", NULL,
	};
	size_t len;
	const char *f = ls_frame_func(frame, &len);

	if (strncmp(frame, "bpf`", 4) == 0)	/* the probe's own program */
		return 1;
	for (int i = 0; prefixes[i]; i++)
		if (strncmp(f, prefixes[i], strlen(prefixes[i])) == 0)
			return 1;
	return 0;
}

static char *ls_kname(struct lockstat *ls, uint64_t addr)
{
	char buf[256];

	dtrace_addr2str(ls->dtp, addr, buf, sizeof(buf));
	if (ls->opt_k)
		buf[strcspn(buf, "+")] = 0;	/* -k: the function */
	return ls_strdup(buf);
}

/*
 * One entry of the aggregation walk: rec[1] the event, rec[2] the lock,
 * rec[3] the caller (0 but for -I), rec[4] the stack, the last the value:
 * avg's count and total in @avg, quantize's buckets in @hist.  The row
 * gets its names here; rows are coalesced after the walk.
 */
static int ls_collect(const dtrace_aggdata_t *ad, void *arg)
{
	struct lockstat *ls = arg;
	const dtrace_aggdesc_t *d = ad->dtada_desc;
	const dtrace_recdesc_t *rec = d->dtagd_rec, *val;
	uint64_t ev, lock, caller;
	int hist;

	if (d->dtagd_nrecs != 6 || rec[4].dtrd_action != DTRACEACT_STACK)
		return DTRACE_AGGWALK_NEXT;
	hist = strcmp(d->dtagd_name, "hist") == 0;
	val = &rec[5];
	memcpy(&ev, ad->dtada_data + rec[1].dtrd_offset, 8);
	memcpy(&lock, ad->dtada_data + rec[2].dtrd_offset, 8);
	memcpy(&caller, ad->dtada_data + rec[3].dtrd_offset, 8);
	if (ev >= LS_MAX_EVENTS)
		return DTRACE_AGGWALK_NEXT;

	/* the frames, 0-terminated */
	size_t nwords = rec[4].dtrd_size / 8;
	uint64_t pcs[LS_CALLER_FRAMES + LS_MAX_DEPTH + 1];
	int npcs = 0;
	if (nwords > LS_CALLER_FRAMES + LS_MAX_DEPTH)
		nwords = LS_CALLER_FRAMES + LS_MAX_DEPTH;
	memcpy(pcs, ad->dtada_data + rec[4].dtrd_offset, nwords * 8);
	while ((size_t)npcs < nwords && pcs[npcs])
		npcs++;
	/* the probe's own program (its pc differs between @avg's stack()
	 * and @hist's) is not part of the key */
	int glue = 0;
	char buf[256];
	while (glue < npcs && dtrace_addr2str(ls->dtp, pcs[glue], buf, sizeof(buf)) > 0 &&
	       strncmp(buf, "bpf`", 4) == 0)
		glue++;
	memmove(pcs, pcs + glue, (size_t)(npcs - glue) * 8);
	npcs -= glue;

	/* @hist, walked after @avg: its row is the one of the same key */
	if (hist != ls->hist_pass)
		return DTRACE_AGGWALK_NEXT;
	if (hist) {
		const uint64_t *q = (const uint64_t *)(ad->dtada_data + val->dtrd_offset);
		if (val->dtrd_size < DTRACE_QUANTIZE_NBUCKETS * 8)
			return DTRACE_AGGWALK_NEXT;
		for (size_t i = 0; i < ls->nrows; i++) {
			struct ls_row *row = &ls->rows[i];
			if (row->event != (int)ev || row->rawlock != lock || row->rawcaller != caller ||
			    row->npcs != npcs || memcmp(row->pcs, pcs, (size_t)npcs * 8) != 0)
				continue;
			for (int j = 0; j < LS_HIST_BINS; j++)
				row->hist[j] += q[DTRACE_QUANTIZE_ZEROBUCKET + j];
			break;
		}
		return DTRACE_AGGWALK_NEXT;
	}
	if (val->dtrd_action != DTRACEAGG_AVG || val->dtrd_size < 16)
		return DTRACE_AGGWALK_NEXT;
	if (ls->nrows >= ls->nrecs) {
		ls->dropped = 1;
		return DTRACE_AGGWALK_NEXT;
	}
	if (ls->nrows == ls->cap) {
		ls->cap = ls->cap ? ls->cap * 2 : 64;
		ls->rows = ls_alloc(ls->rows, ls->cap * sizeof(*ls->rows));
	}
	struct ls_row *row = &ls->rows[ls->nrows++];
	memset(row, 0, sizeof(*row));
	row->event = (int)ev;
	row->rawlock = lock;
	row->rawcaller = caller;
	row->npcs = npcs;
	row->pcs = ls_alloc(NULL, (size_t)(npcs + 1) * 8);
	memcpy(row->pcs, pcs, (size_t)npcs * 8);
	memcpy(&row->count, ad->dtada_data + val->dtrd_offset, 8);
	memcpy(&row->total, ad->dtada_data + val->dtrd_offset + 8, 8);

	/* the Caller: -I's pc, else the first frame outside the lock code */
	int first = 0;
	if (ls_events[ev].type == 'I') {
		row->caller = caller ? ls_kname(ls, caller) : ls_strdup("(user mode)");
		snprintf(buf, sizeof(buf), "cpu[%llu]", (unsigned long long)lock);
		row->lock = ls_strdup(buf);
	} else {
		while (first < npcs - 1 && first < LS_CALLER_FRAMES - 1) {
			dtrace_addr2str(ls->dtp, pcs[first], buf, sizeof(buf));
			if (!ls_is_lock_frame(buf))
				break;
			first++;
		}
		row->caller = npcs ? ls_kname(ls, pcs[first]) : ls_strdup("(unknown)");
		dtrace_addr2str(ls->dtp, lock, buf, sizeof(buf));
		row->lock = ls_strdup(buf);
	}
	if (ls->depth) {
		row->stack = ls_alloc(NULL, (size_t)ls->depth * sizeof(char *));
		for (int f = first; f < npcs && row->nstack < ls->depth; f++)
			row->stack[row->nstack++] = ls_kname(ls, pcs[f]);
	}
	return DTRACE_AGGWALK_NEXT;
}

/* Rows as -w and -W see them: the same key is one row. */
static int ls_same(const struct lockstat *ls, const struct ls_row *a, const struct ls_row *b)
{
	if (a->event != b->event)
		return 0;
	if (!ls->opt_W && strcmp(a->lock, b->lock) != 0)
		return 0;
	if (ls->opt_w)
		return 1;
	if (strcmp(a->caller, b->caller) != 0 || a->nstack != b->nstack)
		return 0;
	for (int i = 0; i < a->nstack; i++)
		if (strcmp(a->stack[i], b->stack[i]) != 0)
			return 0;
	return 1;
}

static void ls_free_row(struct ls_row *r)
{
	free(r->pcs);
	free(r->lock);
	free(r->caller);
	for (int i = 0; i < r->nstack; i++)
		free(r->stack[i]);
	free(r->stack);
}

/* qsort's state is its arguments only: the sort key travels in the rows'
 * order, so -P is a separate comparison. */
static int ls_by_count(const void *pa, const void *pb)
{
	const struct ls_row *a = pa, *b = pb;

	if (a->event != b->event)
		return a->event - b->event;
	return a->count < b->count ? 1 : a->count > b->count ? -1 : 0;
}

static int ls_by_time(const void *pa, const void *pb)
{
	const struct ls_row *a = pa, *b = pb;

	if (a->event != b->event)
		return a->event - b->event;
	return a->total < b->total ? 1 : a->total > b->total ? -1 : 0;
}

/* Rows with the same key (-k names, -w, -W) become one, which keeps the
 * hottest one's lock and caller (illumos's "Hottest"); then sorted. */
static void ls_coalesce(struct lockstat *ls)
{
	size_t n = 0;

	qsort(ls->rows, ls->nrows, sizeof(*ls->rows), ls_by_count);
	for (size_t i = 0; i < ls->nrows; i++) {
		struct ls_row *r = &ls->rows[i];
		size_t j;

		for (j = 0; j < n; j++)
			if (ls_same(ls, &ls->rows[j], r))
				break;
		if (j == n) {
			ls->rows[n++] = *r;
			continue;
		}
		ls->rows[j].count += r->count;
		ls->rows[j].total += r->total;
		for (int b = 0; b < LS_HIST_BINS; b++)
			ls->rows[j].hist[b] += r->hist[b];
		ls_free_row(r);
	}
	ls->nrows = n;
	qsort(ls->rows, ls->nrows, sizeof(*ls->rows), ls->opt_P ? ls_by_time : ls_by_count);
}

static uint64_t ls_rate(const struct lockstat *ls, uint64_t n)
{
	if (!ls->opt_R || ls->elapsed <= 0)
		return n;
	return (uint64_t)((double)n / ls->elapsed);
}

static void ls_bar(FILE *out)
{
	fprintf(out, "-------------------------------------------------------------------------------\n");
}

static void ls_heading(const struct lockstat *ls, int ev)
{
	const struct ls_event *e = &ls_events[ev];
	char lhdr[32], chdr[32];

	snprintf(lhdr, sizeof(lhdr), "%s%s", ls->opt_W ? "Hottest " : "", e->type == 'I' ? "CPU" : "Lock");
	snprintf(chdr, sizeof(chdr), "%s%s", ls->opt_w ? "Hottest " : "", "Caller");
	fprintf(ls->out, "%5s %4s %4s %4s %8s %-22s %-24s\n", ls->opt_R ? "ops/s" : "Count", "indv", "cuml",
		"rcnt", ls->timed ? e->units : "", lhdr, chdr);
}

/* -h / -s: the row's time histogram, its stack beside it. */
static void ls_histogram(const struct lockstat *ls, const struct ls_row *r)
{
	const struct ls_event *e = &ls_events[r->event];
	int first = 0, last = LS_HIST_BINS - 1, fr = 0;
	uint64_t total = 0;

	fprintf(ls->out, "\n%10s %31s %-9s %-24s\n", e->units, "------ Time Distribution ------",
		ls->opt_R ? "ops/s" : "count", ls->depth ? "Stack" : "");
	while (first < last && !r->hist[first])
		first++;
	while (last > first && !r->hist[last])
		last--;
	for (int j = first; j <= last; j++)
		total += r->hist[j];
	for (int j = first; j <= last; j++) {
		int bar = total ? (int)(r->hist[j] * 30 / total) : 0;
		fprintf(ls->out, "%10llu |%.*s%*s %-9llu ", (unsigned long long)(j ? 1ULL << (j - 1) : 0), bar,
			"@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@", 30 - bar, "", (unsigned long long)ls_rate(ls, r->hist[j]));
		fprintf(ls->out, "%s\n", fr < r->nstack ? r->stack[fr++] : "");
	}
	while (fr < r->nstack)
		fprintf(ls->out, "%10s  %-30s %-9s %s\n", "", "", "", r->stack[fr++]);
}

/* One event's table, illumos's layout; rows[0..n) are that event's. */
static void ls_report(struct lockstat *ls, const struct ls_row *rows, size_t n)
{
	int ev = rows[0].event;
	uint64_t count = 0, time = 0;
	double cuml = 0;

	for (size_t i = 0; i < n; i++) {
		count += rows[i].count;
		time += rows[i].total;
	}
	if (ls->topn == 0) {
		fprintf(ls->out, "%20llu %s\n", (unsigned long long)ls_rate(ls, count), ls_events[ev].desc);
		return;
	}
	if (!ls->opt_p) {
		fprintf(ls->out, "\n%s: %.0f events in %.3f seconds (%.0f events/sec)\n\n", ls_events[ev].desc,
			(double)count, ls->elapsed, ls->elapsed > 0 ? (double)count / ls->elapsed : 0.0);
		if (!ls->hist) {
			ls_heading(ls, ev);
			ls_bar(ls->out);
		}
	}
	for (size_t i = 0; i < n && i < ls->topn; i++) {
		const struct ls_row *r = &rows[i];
		int timed = ls->timed && ls_events[ev].type != 'I';
		char nsec[24] = "";

		if (timed)
			snprintf(nsec, sizeof(nsec), "%llu", (unsigned long long)(r->total / r->count));
		if (ls->opt_p) {
			fprintf(ls->out, "%d %llu %s %s %.2f", ev, (unsigned long long)r->count, r->lock, r->caller, 1.0);
			if (timed)
				fprintf(ls->out, " %llu", (unsigned long long)r->total);
			if (ls->hist)
				for (int j = 0; j < LS_HIST_BINS; j++)
					fprintf(ls->out, " %llu", (unsigned long long)r->hist[j]);
			for (int f = 0; f < r->nstack; f++)
				fprintf(ls->out, " %s", r->stack[f]);
			fprintf(ls->out, "\n");
			continue;
		}
		if (ls->hist) {
			ls_bar(ls->out);
			ls_heading(ls, ev);
		}
		double indv = ls->opt_P && time ? (double)r->total * 100.0 / (double)time
						: (double)r->count * 100.0 / (double)count;
		cuml += indv;
		fprintf(ls->out, "%5llu %3.0f%% %3.0f%% %4.2f %8s %-22s %-24s\n",
			(unsigned long long)ls_rate(ls, r->count), indv, cuml, 1.0, nsec, r->lock, r->caller);
		if (ls->hist)
			ls_histogram(ls, r);
	}
	if (!ls->opt_p)
		ls_bar(ls->out);
}

static void ls_print(struct lockstat *ls)
{
	for (size_t i = 0; i < ls->nrows;) {
		size_t j = i;
		while (j < ls->nrows && ls->rows[j].event == ls->rows[i].event)
			j++;
		ls_report(ls, ls->rows + i, j - i);
		i = j;
	}
	fflush(ls->out);
}

/* ---- running ------------------------------------------------------------- */

static void ls_enable_type(struct lockstat *ls, const char *types)
{
	for (int i = 0; i < LS_MAX_EVENTS; i++)
		if (ls_events[i].type && strchr(types, ls_events[i].type))
			ls_enable(ls, i);
}

static void ls_prochandler(struct ps_prochandle *P, const char *msg, void *arg)
{
	struct lockstat *ls = arg;

	(void)P;
	if (!msg)
		ls->exited = 1;
}

/* cmdloop's over: a signal, or the command has exited */
static int ls_over(void *arg)
{
	const struct lockstat *ls = arg;

	return ls_intr || ls->exited;
}

static int ls_drophandler(const dtrace_dropdata_t *d, void *arg)
{
	struct lockstat *ls = arg;

	ls->dropped = 1;
	fprintf(stderr, "%s: warning: %s\n", LS_NAME, d->dtdda_msg);
	return DTRACE_HANDLE_OK;
}

static int ls_errhandler(const dtrace_errdata_t *e, void *arg)
{
	(void)arg;
	fprintf(stderr, "%s: %s\n", LS_NAME, e->dteda_msg);
	return DTRACE_HANDLE_OK;
}

static double ls_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	struct lockstat ls;
	int c, err, events = 0;

	memset(&ls, 0, sizeof(ls));
	ls.prog.prog = LS_NAME;
	ls.prog.oom_status = 2;
	ls.out = stdout;
	ls.hz = LS_DEFAULT_HZ;
	ls.timed = 1;
	ls.nrecs = LS_DEFAULT_NRECS;
	ls.topn = ULONG_MAX;

	/* options first (the handle takes -x, after it is open) */
	char **xopts = ls_alloc(NULL, ((size_t)argc + 1) * sizeof(char *));
	int nx = 0;
	while ((c = getopt(argc, argv, "+x:bths:n:d:i:e:kwWCHIAD:RpPo:V")) != -1) {
		switch (c) {
		case 'x': xopts[nx++] = optarg; break;
		case 'b': ls.timed = 0; ls.hist = 0; break;
		case 't': ls.timed = 1; break;
		case 'h': ls.timed = 1; ls.hist = 1; break;
		case 's':
			ls.depth = (int)ls_number(optarg, 's');
			if (ls.depth > LS_MAX_DEPTH)
				ls_fail(&ls, "max stack depth is %d", LS_MAX_DEPTH);
			ls.timed = 1;
			ls.hist = ls.depth > 0;
			break;
		case 'n':
			ls.nrecs = ls_number(optarg, 'n');
			break;
		case 'd': ls.min_nsec = ls_number(optarg, 'd'); break;
		case 'i': {
			unsigned long hz = ls_number(optarg, 'i');
			if (hz == 0)
				ls_usage();
			if (hz > LS_MAX_HZ)
				ls_fail(&ls, "max interrupt rate is %d Hz", LS_MAX_HZ);
			ls.hz = (int)hz;
			break;
		}
		case 'e': ls_event_list(&ls, optarg); events = 1; break;
		case 'k': ls.opt_k = 1; break;
		case 'w': ls.opt_w = 1; break;
		case 'W': ls.opt_W = 1; break;
		case 'C': ls_enable_type(&ls, "C"); events = 1; break;
		case 'H': ls_enable_type(&ls, "H"); events = 1; break;
		case 'I': ls_enable_type(&ls, "I"); events = 1; break;
		case 'A': ls_enable_type(&ls, "CH"); events = 1; break;
		case 'D': ls.topn = ls_number(optarg, 'D'); break;
		case 'R': ls.opt_R = 1; break;
		case 'p': ls.opt_p = 1; break;
		case 'P': ls.opt_P = 1; break;
		case 'o':
			if (!(ls.out = fopen(optarg, "w")))
				ls_fail(&ls, "error opening file: %s: %s", optarg, strerror(errno));
			break;
		case 'V': ls.opt_V = 1; break;
		default: ls_usage();
		}
	}
	if (optind == argc)
		ls_usage();
	if (!events)
		ls_enable_type(&ls, "C");
	if (!ls.timed)
		ls.opt_P = 0;

	ls.dtp = dtrace_open(DTRACE_VERSION, 0, &err);
	if (!ls.dtp) {
		fprintf(stderr, "%s: cannot open dtrace library: %s\n", LS_NAME, dtrace_errmsg(NULL, err));
		return 2;
	}
	/* illumos's sizing: room for -n records (a key with its stack, the
	 * avg, the histogram), doubled for slop, per CPU; -x may override */
	size_t recsize = 8 * (4 + LS_CALLER_FRAMES + (size_t)ls.depth) + 16 +
			 (ls.hist ? 8 * (4 + LS_CALLER_FRAMES + (size_t)ls.depth) + 8 * DTRACE_QUANTIZE_NBUCKETS : 0);
	long ncpus = sysconf(_SC_NPROCESSORS_ONLN);
	unsigned long long aggsize = ls.nrecs * recsize * 2 / (unsigned long)(ncpus > 0 ? ncpus : 1);
	char aggstr[32];
	if (aggsize < LS_MIN_AGGSIZE)
		aggsize = LS_MIN_AGGSIZE;
	if (aggsize > LS_MAX_AGGSIZE)
		aggsize = LS_MAX_AGGSIZE;
	snprintf(aggstr, sizeof(aggstr), "%llu", aggsize);
	if (dtrace_setopt(ls.dtp, "aggsize", aggstr) != 0)
		ls_dfail(&ls, "failed to set 'aggsize'");
	for (int i = 0; i < nx; i++) {
		char *name = xopts[i], *eq = strchr(name, '=');
		if (eq)
			*eq++ = 0;
		if (dtrace_setopt(ls.dtp, name, eq) != 0) {
			char what[128];
			snprintf(what, sizeof(what), "failed to set -x %s", name);
			ls_dfail(&ls, what);
		}
	}
	free(xopts);

	int holds = 0;
	for (int i = 0; i < LS_MAX_EVENTS; i++) {
		if (!ls.enabled[i])
			continue;
		holds |= ls_events[i].type == 'H';
		ls_event_clause(&ls, i);
	}
	if (ls.opt_V) {
		fprintf(stderr, "%s: vvvv D program vvvv\n", LS_NAME);
		fputs(ls.prog.s, stderr);
		fprintf(stderr, "%s: ^^^^ D program ^^^^\n", LS_NAME);
	}
	dtrace_prog_t *prog = dtrace_program_strcompile(ls.dtp, ls.prog.s, DTRACE_PROBESPEC_NAME, 0, 0, NULL);
	if (!prog)
		/* the hold events' probes are what Linux lacks: say so first */
		ls_dfail(&ls, holds ? "hold events (-H) cannot be traced on this system" : "failed to compile program");
	dtrace_proginfo_t info;
	if (dtrace_program_exec(ls.dtp, prog, &info) != 0)
		ls_dfail(&ls, "failed to enable probes");

	argv += optind;
	ls.proc = dtrace_proc_create(ls.dtp, argv[0], argv);
	if (!ls.proc)
		ls_fail(&ls, "%s", dtrace_errmsg(ls.dtp, dtrace_errno(ls.dtp)));

	dtrace_handle_proc(ls.dtp, ls_prochandler, &ls);
	dtrace_handle_drop(ls.dtp, ls_drophandler, &ls);
	dtrace_handle_err(ls.dtp, ls_errhandler, &ls);

	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = ls_on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);

	if (dtrace_go(ls.dtp) != 0)
		ls_dfail(&ls, "couldn't start tracing");
	double start = ls_now();
	dtrace_proc_continue(ls.dtp, ls.proc);

	struct cmdloop loop = {.dtp = ls.dtp, .out = ls.out, .arg = &ls, .over = ls_over};
	switch (cmdloop_run(&loop)) {
	case CMDLOOP_DONE:
		break;
	case CMDLOOP_STOP_FAILED:
		ls_dfail(&ls, "failed to stop dtrace");
	default:
		ls_dfail(&ls, "processing aborted");
	}
	ls.elapsed = ls_now() - start;

	if (dtrace_aggregate_snap(ls.dtp) != 0)
		ls_dfail(&ls, "failed to snap aggregate");
	for (ls.hist_pass = 0; ls.hist_pass <= ls.hist; ls.hist_pass++)
		if (dtrace_aggregate_walk_keysorted(ls.dtp, ls_collect, &ls) != 0)
			ls_dfail(&ls, "failed to walk aggregate");
	if (ls.dropped)
		fprintf(stderr, "%s: warning: ran out of data records (use -n for more)\n", LS_NAME);
	ls_coalesce(&ls);
	ls_print(&ls);

	for (size_t i = 0; i < ls.nrows; i++)
		ls_free_row(&ls.rows[i]);
	free(ls.rows);
	free(ls.prog.s);
	ls_cleanup(&ls);
	if (ls.out != stdout && fclose(ls.out) != 0) {
		fprintf(stderr, "%s: failed to write output: %s\n", LS_NAME, strerror(errno));
		return 2;
	}
	return 0;
}
