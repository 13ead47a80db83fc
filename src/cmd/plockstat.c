/*
 * plockstat.c - the plockstat(1) command: user-level lock statistics for
 * one process (a command it runs, or -p pid), as illumos's plockstat prints
 * them, built on <dtrace.h> and nothing else of the library.
 *
 * illumos has a plockstat provider in its libc; glibc has none (and
 * Debian's build no SDT probes), so the D program this command writes uses
 * pid probes on glibc's public pthread functions, and the futex system
 * call to tell a blocked acquisition from one that was not:
 *
 *   block  a pthread_mutex_lock (timedlock, clocklock) or rwlock rdlock/
 *          wrlock call that made a futex wait before it returned with the
 *          lock; nsec is the time from the call to its return.
 *   spin   a mutex found locked at the call (the lock word, the first int
 *          of glibc's pthread_mutex_t, was not 0) and acquired without a
 *          futex wait: glibc spun (adaptive mutexes) or retried its atomic
 *          exchange.  "Mutex unsuccessful spin" (a spin that then blocked)
 *          is not told apart: that acquisition counts as a block.
 *   hold   from a successful lock (trylock too) returning to the unlock
 *          call; pthread_cond_*wait releases the mutex at its call and
 *          takes it again at its return.  A recursive mutex's inner
 *          acquisitions and releases are left out (glibc's count, the
 *          second int of pthread_mutex_t, is above 1), as illumos leaves
 *          them out.  Mutex holds are kept per lock (another thread may
 *          unlock), rwlock holds per thread (many readers hold one lock).
 *
 * Each event is aggregated by [lock address, ustack()] at a return probe
 * (lock and unlock calls' returns, cond_wait's): the caller's pc is not
 * readable at the entry (ucaller is 0 and uregs[] missing in this tree),
 * and at a return probe taken by a uretprobe, as pid's are today, the
 * stack starts at the return address, in the caller.  Caller is the first
 * frame that is not in a libc lock function, illumos's rule, so a stack
 * that starts inside libc (a return probe placed on the ret instruction)
 * still gives the caller, provided ustack() has the caller's frame there:
 * the e2e cases plockstat-* check it.  Lock and Caller are named with
 * dtrace_uaddr2str(): a lock in .data/.bss prints as object`symbol.  The
 * tables come out in illumos's order, rows by decreasing average (the
 * valrevsorted walk).  A row is one [lock, stack] entry, as in illumos:
 * two stacks through one call site are two rows with the same Caller.
 *
 * Only the signal handler's flag is at file scope; everything else is on
 * the struct plockstat that main() passes down.
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <dtrace.h>

#include "cmdloop.h"

#define PS_NAME		"plockstat"
#define PS_DEPTH	5	/* ustack() frames without -s (illumos's) */
#define PS_CALLER_FRAMES 4	/* frames searched for the Caller */

/* The tables, in the order they are printed (illumos's). */
enum ps_table { T_MTX_BLOCK, T_MTX_SPIN, T_RW_R_BLOCK, T_RW_W_BLOCK, T_MTX_HOLD, T_RW_R_HOLD,
		T_RW_W_HOLD, T_NTABLES };

static const struct {
	const char *agg;	/* the aggregation; -s adds <agg>_hist */
	const char *title;
} ps_tables[T_NTABLES] = {
	[T_MTX_BLOCK] = {"mtx_block", "Mutex block"},
	[T_MTX_SPIN] = {"mtx_spin", "Mutex spin"},
	[T_RW_R_BLOCK] = {"rw_r_block", "R/W reader block"},
	[T_RW_W_BLOCK] = {"rw_w_block", "R/W writer block"},
	[T_MTX_HOLD] = {"mtx_hold", "Mutex hold"},
	[T_RW_R_HOLD] = {"rw_r_hold", "R/W reader hold"},
	[T_RW_W_HOLD] = {"rw_w_hold", "R/W writer hold"},
};

/* One row: a lock and a stack, its count and time (and -s buckets). */
struct ps_row {
	uint64_t lock;
	int pid;
	uint64_t *pcs;		/* the stack's frames, 0-terminated */
	int npcs;
	uint64_t count, total;
	uint64_t *buckets;	/* -s: DTRACE_QUANTIZE_NBUCKETS counts */
};

struct ps_rows {
	struct ps_row *v;
	size_t n, cap;
};

/* A growing string: the D program. */
struct plockstat {
	dtrace_hdl_t *dtp;
	struct ps_prochandle *proc;
	pid_t pid;
	int opt_C, opt_H, opt_V, opt_v;
	int depth;		/* -s depth, 0 without -s */
	unsigned long nmax;	/* -n: rows per table */
	const char *secs;	/* -e */
	int exited;		/* the process has exited */
	struct cmd_text prog;
	struct ps_rows rows[T_NTABLES];
};

/* SIGINT / SIGTERM: stop and print (the handler can reach nothing else). */
static volatile sig_atomic_t ps_intr;

static void ps_on_signal(int sig)
{
	(void)sig;
	ps_intr = 1;
}

static void ps_usage(void)
{
	fprintf(stderr,
		"Usage:\n"
		"\t" PS_NAME " [-vACHV] [-n count] [-s depth] [-e secs] [-x opt[=val]]\n"
		"\t    command [arg...]\n"
		"\t" PS_NAME " [-vACHV] [-n count] [-s depth] [-e secs] [-x opt[=val]]\n"
		"\t    -p pid\n"
		"\n"
		"\t-A  contention and hold events (-C and -H)\n"
		"\t-C  contention events: Mutex block, Mutex spin, R/W reader and\n"
		"\t    writer block (the default)\n"
		"\t-H  hold events: Mutex hold, R/W reader and writer hold\n"
		"\t-V  print the D program on stderr\n"
		"\t-v  say when tracing is enabled\n"
		"\t-n  print at most count rows of each table\n"
		"\t-s  print a time histogram and a stack of depth frames per row\n"
		"\t-e  stop after secs seconds\n"
		"\t-x  set a DTrace option (as dtrace -x)\n"
		"\t-p  trace the running process pid instead of a command\n");
	exit(2);
}

static void ps_cleanup(struct plockstat *ps)
{
	cmd_release(&ps->dtp, &ps->proc);
}

/* "plockstat: what: the library's reason", then exit 1. */
static void ps_dfatal(struct plockstat *ps, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));
static void ps_dfatal(struct plockstat *ps, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", PS_NAME);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, ": %s\n", dtrace_errmsg(ps->dtp, dtrace_errno(ps->dtp)));
	ps_cleanup(ps);
	exit(1);
}

/* ---- the D program ------------------------------------------------------ */

/*
 * The futex operations that wait (FUTEX_WAIT, FUTEX_LOCK_PI,
 * FUTEX_WAIT_BITSET, FUTEX_WAIT_REQUEUE_PI, FUTEX_LOCK_PI2), with the
 * private and clock flags (128, 256) masked off.
 */
#define PS_FUTEX_WAITS								\
	"((arg1 & 0x7f) == 0 || (arg1 & 0x7f) == 6 || (arg1 & 0x7f) == 9 ||\n" \
	" (arg1 & 0x7f) == 11 || (arg1 & 0x7f) == 13)"

/* Probe descriptions: the function list on pid$target, one probe name. */
static void ps_probes(struct cmd_text *t, const char *const *fns, const char *name)
{
	for (int i = 0; fns[i]; i++)
		cmd_text_add(t, "pid$target::%s:%s%s\n", fns[i], name, fns[i + 1] ? "," : "");
}

/* One aggregation statement: avg, and under -s the histogram beside it. */
static void ps_agg(struct plockstat *ps, enum ps_table tb, const char *lock, const char *nsec)
{
	char stack[32];

	snprintf(stack, sizeof(stack), "ustack(%d)", ps->depth ? ps->depth : PS_DEPTH);
	cmd_text_add(&ps->prog, "\t@%s[%s, %s] = avg(%s);\n", ps_tables[tb].agg, lock, stack, nsec);
	if (ps->depth)
		cmd_text_add(&ps->prog, "\t@%s_hist[%s, %s] = quantize(%s);\n", ps_tables[tb].agg, lock, stack, nsec);
}

/* A clause on the return of fns that, when pred holds, aggregates the
 * event (ps_agg) and then runs tail (may be ""). */
static void ps_agg_clause(struct plockstat *ps, const char *const *fns, const char *pred, enum ps_table tb,
			  const char *lock, const char *nsec, const char *tail)
{
	ps_probes(&ps->prog, fns, "return");
	cmd_text_add(&ps->prog, "/%s/\n{\n", pred);
	ps_agg(ps, tb, lock, nsec);
	cmd_text_add(&ps->prog, "%s}\n", tail);
}

static void ps_program(struct plockstat *ps)
{
	static const char *const mtx_lock[] = {"pthread_mutex_lock", "pthread_mutex_timedlock",
					       "pthread_mutex_clocklock", NULL};
	static const char *const mtx_all[] = {"pthread_mutex_lock", "pthread_mutex_timedlock",
					      "pthread_mutex_clocklock", "pthread_mutex_trylock", NULL};
	static const char *const mtx_unlock[] = {"pthread_mutex_unlock", NULL};
	static const char *const cv_wait[] = {"pthread_cond_wait", "pthread_cond_timedwait",
					      "pthread_cond_clockwait", NULL};
	static const char *const rd_lock[] = {"pthread_rwlock_rdlock", "pthread_rwlock_timedrdlock",
					      "pthread_rwlock_clockrdlock", NULL};
	static const char *const wr_lock[] = {"pthread_rwlock_wrlock", "pthread_rwlock_timedwrlock",
					      "pthread_rwlock_clockwrlock", NULL};
	static const char *const rd_try[] = {"pthread_rwlock_tryrdlock", NULL};
	static const char *const wr_try[] = {"pthread_rwlock_trywrlock", NULL};
	static const char *const rw_lock[] = {"pthread_rwlock_rdlock", "pthread_rwlock_timedrdlock",
					      "pthread_rwlock_clockrdlock", "pthread_rwlock_wrlock",
					      "pthread_rwlock_timedwrlock", "pthread_rwlock_clockwrlock", NULL};
	static const char *const rw_all[] = {"pthread_rwlock_rdlock", "pthread_rwlock_timedrdlock",
					     "pthread_rwlock_clockrdlock", "pthread_rwlock_wrlock",
					     "pthread_rwlock_timedwrlock", "pthread_rwlock_clockwrlock",
					     "pthread_rwlock_tryrdlock", "pthread_rwlock_trywrlock", NULL};
	static const char *const rw_unlock[] = {"pthread_rwlock_unlock", NULL};
	struct cmd_text *t = &ps->prog;

	if (ps->secs)
		cmd_text_add(t, "BEGIN\n{\n\tplk_end = timestamp + %s * 1000000000;\n}\n"
		       "profile:::tick-10hz\n/timestamp >= plk_end/\n{\n\texit(0);\n}\n", ps->secs);

	/* a lock call: which lock, when; trylock only matters for holds */
	ps_probes(t, ps->opt_H ? mtx_all : mtx_lock, "entry");
	cmd_text_add(t, "{\n\tself->plk_mtx = arg0;\n\tself->plk_ts = timestamp;\n\tself->plk_wait = 0;\n}\n");
	ps_probes(t, rd_lock, "entry");
	cmd_text_add(t, "{\n\tself->plk_rw = arg0;\n\tself->plk_ts = timestamp;\n\tself->plk_wait = 0;\n"
	       "\tself->plk_wr = 0;\n}\n");
	ps_probes(t, wr_lock, "entry");
	cmd_text_add(t, "{\n\tself->plk_rw = arg0;\n\tself->plk_ts = timestamp;\n\tself->plk_wait = 0;\n"
	       "\tself->plk_wr = 1;\n}\n");
	if (ps->opt_H) {
		ps_probes(t, rd_try, "entry");
		cmd_text_add(t, "{\n\tself->plk_rw = arg0;\n\tself->plk_wr = 0;\n}\n");
		ps_probes(t, wr_try, "entry");
		cmd_text_add(t, "{\n\tself->plk_rw = arg0;\n\tself->plk_wr = 1;\n}\n");
	}

	if (ps->opt_C) {
		/* was the mutex held when the call came? */
		ps_probes(t, mtx_lock, "entry");
		cmd_text_add(t, "{\n\tself->plk_busy = *(int *)copyin(arg0, 4) != 0;\n}\n");
		/* a futex wait inside a lock call: it blocked */
		cmd_text_add(t, "syscall::futex:entry\n/(self->plk_mtx || self->plk_rw) &&\n" PS_FUTEX_WAITS "/\n"
		       "{\n\tself->plk_wait = 1;\n}\n");
		ps_agg_clause(ps, mtx_lock, "self->plk_mtx && arg1 == 0 && self->plk_wait",
			      T_MTX_BLOCK, "self->plk_mtx", "timestamp - self->plk_ts", "");
		ps_agg_clause(ps, mtx_lock, "self->plk_mtx && arg1 == 0 && !self->plk_wait && self->plk_busy",
			      T_MTX_SPIN, "self->plk_mtx", "timestamp - self->plk_ts", "");
		ps_agg_clause(ps, rd_lock, "self->plk_rw && arg1 == 0 && self->plk_wait",
			      T_RW_R_BLOCK, "self->plk_rw", "timestamp - self->plk_ts", "");
		ps_agg_clause(ps, wr_lock, "self->plk_rw && arg1 == 0 && self->plk_wait",
			      T_RW_W_BLOCK, "self->plk_rw", "timestamp - self->plk_ts", "");
	}

	if (ps->opt_H) {
		/* acquired: the hold starts, unless it is a recursive one */
		ps_probes(t, mtx_all, "return");
		cmd_text_add(t, "/self->plk_mtx && arg1 == 0 && *(unsigned int *)copyin(self->plk_mtx + 4, 4) <= 1/\n"
		       "{\n\tplk_mtx_held[self->plk_mtx] = timestamp;\n}\n");
		ps_probes(t, mtx_unlock, "entry");
		cmd_text_add(t, "/plk_mtx_held[arg0] && *(unsigned int *)copyin(arg0 + 4, 4) <= 1/\n"
		       "{\n\tself->plk_rel = arg0;\n\tself->plk_held = timestamp - plk_mtx_held[arg0];\n"
		       "\tplk_mtx_held[arg0] = 0;\n}\n");
		ps_agg_clause(ps, mtx_unlock, "self->plk_rel",
			      T_MTX_HOLD, "self->plk_rel", "self->plk_held", "\tself->plk_rel = 0;\n\tself->plk_held = 0;\n");
		/* pthread_cond_*wait(cv, mutex): released at the call, taken
		 * again by the return */
		ps_probes(t, cv_wait, "entry");
		cmd_text_add(t, "/plk_mtx_held[arg1]/\n"
		       "{\n\tself->plk_cvrel = arg1;\n\tself->plk_held = timestamp - plk_mtx_held[arg1];\n"
		       "\tplk_mtx_held[arg1] = 0;\n}\n");
		ps_probes(t, cv_wait, "entry");
		cmd_text_add(t, "{\n\tself->plk_cv = arg1;\n}\n");
		ps_agg_clause(ps, cv_wait, "self->plk_cvrel",
			      T_MTX_HOLD, "self->plk_cvrel", "self->plk_held", "\tself->plk_cvrel = 0;\n\tself->plk_held = 0;\n");
		ps_probes(t, cv_wait, "return");
		cmd_text_add(t, "/self->plk_cv/\n{\n\tplk_mtx_held[self->plk_cv] = timestamp;\n\tself->plk_cv = 0;\n}\n");

		/* rwlocks: per thread, a reader's second rdlock of a lock it
		 * holds does not restart its hold */
		ps_probes(t, rw_all, "return");
		cmd_text_add(t, "/self->plk_rw && arg1 == 0 && !self->plk_rwheld[self->plk_rw]/\n"
		       "{\n\tself->plk_rwheld[self->plk_rw] = timestamp;\n"
		       "\tself->plk_rwwr[self->plk_rw] = self->plk_wr;\n}\n");
		ps_probes(t, rw_unlock, "entry");
		cmd_text_add(t, "/self->plk_rwheld[arg0]/\n"
		       "{\n\tself->plk_rwrel = arg0;\n\tself->plk_held = timestamp - self->plk_rwheld[arg0];\n"
		       "\tself->plk_relwr = self->plk_rwwr[arg0];\n"
		       "\tself->plk_rwheld[arg0] = 0;\n\tself->plk_rwwr[arg0] = 0;\n}\n");
		ps_agg_clause(ps, rw_unlock, "self->plk_rwrel && self->plk_relwr",
			      T_RW_W_HOLD, "self->plk_rwrel", "self->plk_held", "");
		ps_agg_clause(ps, rw_unlock, "self->plk_rwrel && !self->plk_relwr",
			      T_RW_R_HOLD, "self->plk_rwrel", "self->plk_held", "");
		ps_probes(t, rw_unlock, "return");
		cmd_text_add(t, "{\n\tself->plk_rwrel = 0;\n\tself->plk_relwr = 0;\n\tself->plk_held = 0;\n}\n");
	}

	/* the call is over */
	ps_probes(t, ps->opt_H ? mtx_all : mtx_lock, "return");
	cmd_text_add(t, "{\n\tself->plk_mtx = 0;\n\tself->plk_ts = 0;\n\tself->plk_wait = 0;\n"
	       "\tself->plk_busy = 0;\n}\n");
	ps_probes(t, ps->opt_H ? rw_all : rw_lock, "return");
	cmd_text_add(t, "{\n\tself->plk_rw = 0;\n\tself->plk_ts = 0;\n\tself->plk_wait = 0;\n\tself->plk_wr = 0;\n}\n");
}

/* ---- the results --------------------------------------------------------- */

static struct ps_row *ps_row_find(struct ps_rows *r, uint64_t lock, const uint64_t *pcs, int npcs)
{
	for (size_t i = 0; i < r->n; i++)
		if (r->v[i].lock == lock && r->v[i].npcs == npcs &&
		    memcmp(r->v[i].pcs, pcs, (size_t)npcs * sizeof(*pcs)) == 0)
			return &r->v[i];
	return NULL;
}

/*
 * One entry of the valrevsorted walk: rec[1] the lock, rec[2] the
 * ustack() (the pid, then the frames), the last the value: avg's count
 * and sum, or quantize's buckets for the <agg>_hist of -s.  Rows keep the
 * walk's order, the histograms join the row of the same key.
 */
static int ps_collect(const dtrace_aggdata_t *ad, void *arg)
{
	struct plockstat *ps = arg;
	const dtrace_aggdesc_t *d = ad->dtada_desc;
	const dtrace_recdesc_t *rec = d->dtagd_rec, *val;
	size_t len;
	int tb, hist = 0;

	for (tb = 0; tb < T_NTABLES; tb++) {
		len = strlen(ps_tables[tb].agg);
		if (strncmp(d->dtagd_name, ps_tables[tb].agg, len) != 0)
			continue;
		if (d->dtagd_name[len] == 0)
			break;
		if (strcmp(d->dtagd_name + len, "_hist") == 0) {
			hist = 1;
			break;
		}
	}
	if (tb == T_NTABLES || d->dtagd_nrecs != 4 || rec[2].dtrd_action != DTRACEACT_USTACK)
		return DTRACE_AGGWALK_NEXT;
	val = &rec[d->dtagd_nrecs - 1];

	uint64_t lock, pidword;
	int nwords = (int)(rec[2].dtrd_size / 8);
	memcpy(&lock, ad->dtada_data + rec[1].dtrd_offset, 8);
	memcpy(&pidword, ad->dtada_data + rec[2].dtrd_offset, 8);
	uint64_t *pcs = calloc((size_t)nwords, sizeof(uint64_t));	/* one spare: 0-terminated */
	int npcs = 0;
	if (!pcs) {
		perror(PS_NAME);
		exit(1);
	}
	if (nwords > 1)
		memcpy(pcs, ad->dtada_data + rec[2].dtrd_offset + 8, (size_t)(nwords - 1) * 8);
	while (npcs < nwords - 1 && pcs[npcs])
		npcs++;

	struct ps_rows *rows = &ps->rows[tb];
	struct ps_row *row = ps_row_find(rows, lock, pcs, npcs);
	if (!row) {
		if (rows->n == rows->cap) {
			rows->cap = rows->cap ? rows->cap * 2 : 16;
			rows->v = realloc(rows->v, rows->cap * sizeof(*rows->v));
			if (!rows->v) {
				perror(PS_NAME);
				exit(1);
			}
		}
		row = &rows->v[rows->n++];
		memset(row, 0, sizeof(*row));
		row->lock = lock;
		row->pid = (int)pidword;
		row->pcs = pcs;
		row->npcs = npcs;
	} else {
		free(pcs);
	}
	if (hist) {
		size_t n = val->dtrd_size / 8;
		if (n > DTRACE_QUANTIZE_NBUCKETS)
			n = DTRACE_QUANTIZE_NBUCKETS;
		free(row->buckets);
		row->buckets = calloc(DTRACE_QUANTIZE_NBUCKETS, sizeof(uint64_t));
		if (!row->buckets) {
			perror(PS_NAME);
			exit(1);
		}
		memcpy(row->buckets, ad->dtada_data + val->dtrd_offset, n * 8);
	} else if (val->dtrd_action == DTRACEAGG_AVG && val->dtrd_size >= 16) {
		memcpy(&row->count, ad->dtada_data + val->dtrd_offset, 8);
		memcpy(&row->total, ad->dtada_data + val->dtrd_offset + 8, 8);
	}
	return DTRACE_AGGWALK_NEXT;
}

static void ps_sym(struct plockstat *ps, int pid, uint64_t addr, char *buf, size_t size)
{
	if (dtrace_uaddr2str(ps->dtp, pid, addr, buf, (int)size) < 0)
		snprintf(buf, size, "%#llx", (unsigned long long)addr);
}

/* A frame inside glibc's lock functions: not the Caller. */
static int ps_is_lock_frame(const char *sym)
{
	const char *tick = strchr(sym, '`');

	if (!tick || (strncmp(sym, "libc.so", 7) != 0 && strncmp(sym, "libpthread.so", 13) != 0))
		return 0;
	tick++;
	return strstr(tick, "mutex") || strstr(tick, "rwlock") || strstr(tick, "cond_") ||
	       strstr(tick, "lll_");
}

static void ps_legend(void)
{
	printf("%5s %8s %-28s %s\n", "Count", "nsec", "Lock", "Caller");
}

static void ps_bar(void)
{
	printf("-------------------------------------------------------------------------------\n");
}

/* -s: the rows's time histogram beside its stack, illumos's layout. */
static void ps_histogram(struct plockstat *ps, const struct ps_row *row)
{
	char buf[512];
	int first = DTRACE_QUANTIZE_ZEROBUCKET, last = DTRACE_QUANTIZE_NBUCKETS - 1;
	uint64_t count = 0;

	printf("\n%10s ---- Time Distribution --- %5s %s\n", "nsec", "count", "Stack");
	for (int b = 0; b < DTRACE_QUANTIZE_NBUCKETS; b++)
		count += row->buckets[b];
	if (!count)
		return;
	while (first < last && !row->buckets[first])
		first++;
	while (last > first && !row->buckets[last])
		last--;
	for (int i = 0, b = first; b <= last || i < row->npcs; i++, b++) {
		buf[0] = 0;
		if (i < row->npcs)
			ps_sym(ps, row->pid, row->pcs[i], buf, sizeof(buf));
		if (b <= last) {
			uint64_t n = row->buckets[b];
			printf("%10lld |%-24.*s| %5llu %s\n", (long long)DTRACE_QUANTIZE_BUCKETVAL(b),
			       (int)(24.0 * (double)n / (double)count), "@@@@@@@@@@@@@@@@@@@@@@@@",
			       (unsigned long long)n, buf);
		} else {
			printf("%43s %s\n", "", buf);
		}
	}
}

static void ps_print(struct plockstat *ps)
{
	char lock[512], caller[512];

	for (int tb = 0; tb < T_NTABLES; tb++) {
		struct ps_rows *rows = &ps->rows[tb];
		unsigned long printed = 0;

		if (!rows->n)
			continue;
		printf("\n%s\n\n", ps_tables[tb].title);
		for (size_t i = 0; i < rows->n && printed < ps->nmax; i++) {
			const struct ps_row *row = &rows->v[i];

			if (!row->count)
				continue;
			if (ps->depth) {
				ps_bar();
				ps_legend();
			} else if (printed == 0) {
				ps_legend();
				ps_bar();
			}
			printed++;
			ps_sym(ps, row->pid, row->lock, lock, sizeof(lock));
			/* the first frame outside libc's lock functions (the
			 * last one looked at when all are inside) */
			snprintf(caller, sizeof(caller), "%s", "-");
			for (int f = 0; f < row->npcs && f < PS_CALLER_FRAMES; f++) {
				ps_sym(ps, row->pid, row->pcs[f], caller, sizeof(caller));
				if (!ps_is_lock_frame(caller))
					break;
			}
			printf("%5llu %8llu %-28s %s\n", (unsigned long long)row->count,
			       (unsigned long long)(row->total / row->count), lock, caller);
			if (ps->depth && row->buckets)
				ps_histogram(ps, row);
		}
	}
}

/* ---- running ------------------------------------------------------------- */

static void ps_prochandler(struct ps_prochandle *P, const char *msg, void *arg)
{
	struct plockstat *ps = arg;

	(void)P;
	if (!msg)
		ps->exited = 1;
}

/* cmdloop's over: a signal, or the process has exited */
static int ps_over(void *arg)
{
	const struct plockstat *ps = arg;

	return ps_intr || ps->exited;
}

static int ps_drophandler(const dtrace_dropdata_t *d, void *arg)
{
	(void)arg;
	fprintf(stderr, "%s: %s\n", PS_NAME, d->dtdda_msg);
	return DTRACE_HANDLE_OK;
}

static int ps_errhandler(const dtrace_errdata_t *e, void *arg)
{
	(void)arg;
	fprintf(stderr, "%s: %s\n", PS_NAME, e->dteda_msg);
	return DTRACE_HANDLE_OK;
}

static unsigned long ps_number(const char *s, const char *what)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (*s == '-' || *s == 0 || *end != 0 || errno != 0) {
		fprintf(stderr, "%s: invalid %s '%s'\n", PS_NAME, what, s);
		ps_usage();
	}
	return v;
}

int main(int argc, char **argv)
{
	struct plockstat ps;
	int c, err, opt_p = 0;

	memset(&ps, 0, sizeof(ps));
	ps.prog.prog = PS_NAME;
	ps.prog.oom_status = 1;
	ps.nmax = ULONG_MAX;

	/* options first (the handle takes -x, after it is open) */
	char **xopts = calloc((size_t)argc + 1, sizeof(char *));
	int nx = 0;
	while ((c = getopt(argc, argv, "+n:ps:e:vx:ACHV")) != -1) {
		switch (c) {
		case 'n': ps.nmax = ps_number(optarg, "count"); break;
		case 'p': opt_p = 1; break;
		case 's':
			ps.depth = (int)ps_number(optarg, "depth");
			if (ps.depth < 1 || ps.depth > 127) {
				fprintf(stderr, "%s: invalid depth '%s'\n", PS_NAME, optarg);
				ps_usage();
			}
			break;
		case 'e':
			ps_number(optarg, "timeout");
			ps.secs = optarg;
			break;
		case 'v': ps.opt_v = 1; break;
		case 'x': xopts[nx++] = optarg; break;
		case 'A': ps.opt_C = ps.opt_H = 1; break;
		case 'C': ps.opt_C = 1; break;
		case 'H': ps.opt_H = 1; break;
		case 'V': ps.opt_V = 1; break;
		default: ps_usage();
		}
	}
	if (optind == argc)
		ps_usage();
	if (!ps.opt_C && !ps.opt_H)
		ps.opt_C = 1;

	ps.dtp = dtrace_open(DTRACE_VERSION, 0, &err);
	if (!ps.dtp) {
		fprintf(stderr, "%s: failed to initialize dtrace: %s\n", PS_NAME, dtrace_errmsg(NULL, err));
		return 1;
	}
	/* functions an older glibc lacks (clocklock, 2.30) match nothing */
	if (dtrace_setopt(ps.dtp, "zdefs", NULL) != 0)
		ps_dfatal(&ps, "failed to set 'zdefs'");
	for (int i = 0; i < nx; i++) {
		char *name = xopts[i], *eq = strchr(name, '=');
		if (eq)
			*eq++ = 0;
		if (dtrace_setopt(ps.dtp, name, eq) != 0)
			ps_dfatal(&ps, "failed to set -x %s", name);
	}
	free(xopts);

	argc -= optind;
	argv += optind;
	if (opt_p) {
		if (argc > 1) {
			fprintf(stderr, "%s: only one pid is allowed\n", PS_NAME);
			ps_usage();
		}
		unsigned long pid = ps_number(argv[0], "pid");
		if ((unsigned long)(pid_t)pid != pid || pid == 0) {
			fprintf(stderr, "%s: invalid pid '%s'\n", PS_NAME, argv[0]);
			ps_usage();
		}
		ps.proc = dtrace_proc_grab(ps.dtp, (pid_t)pid, 0);
	} else {
		ps.proc = dtrace_proc_create(ps.dtp, argv[0], argv);
	}
	if (!ps.proc) {
		fprintf(stderr, "%s: %s\n", PS_NAME, dtrace_errmsg(ps.dtp, dtrace_errno(ps.dtp)));
		ps_cleanup(&ps);
		return 1;
	}
	ps.pid = dtrace_proc_pid(ps.proc);

	ps_program(&ps);
	if (ps.opt_V) {
		fprintf(stderr, "%s: vvvv D program vvvv\n", PS_NAME);
		fputs(ps.prog.s, stderr);
		fprintf(stderr, "%s: ^^^^ D program ^^^^\n", PS_NAME);
	}
	dtrace_prog_t *prog = dtrace_program_strcompile(ps.dtp, ps.prog.s, DTRACE_PROBESPEC_NAME,
							DTRACE_C_ZDEFS, 0, NULL);
	if (!prog)
		ps_dfatal(&ps, "failed to compile program");
	dtrace_proginfo_t info;
	if (dtrace_program_exec(ps.dtp, prog, &info) != 0)
		ps_dfatal(&ps, "failed to enable probes");
	if (info.dpi_matches == 0) {
		fprintf(stderr, "%s: no pthread lock functions to trace in pid %d\n", PS_NAME, (int)ps.pid);
		ps_cleanup(&ps);
		return 1;
	}

	dtrace_handle_proc(ps.dtp, ps_prochandler, &ps);
	dtrace_handle_drop(ps.dtp, ps_drophandler, &ps);
	dtrace_handle_err(ps.dtp, ps_errhandler, &ps);

	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = ps_on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);

	if (dtrace_go(ps.dtp) != 0)
		ps_dfatal(&ps, "dtrace_go()");
	dtrace_proc_continue(ps.dtp, ps.proc);
	if (ps.opt_v)
		printf("%s: tracing enabled for pid %d\n", PS_NAME, (int)ps.pid);
	fflush(stdout);

	/* until exit() (-e), the process's exit or a signal */
	struct cmdloop loop = {.dtp = ps.dtp, .out = stdout, .arg = &ps, .over = ps_over};
	switch (cmdloop_run(&loop)) {
	case CMDLOOP_STOP_FAILED:
		ps_dfatal(&ps, "failed to stop tracing");
	case CMDLOOP_DONE:
		break;
	default:
		ps_dfatal(&ps, "processing aborted");
	}
	if (ps.exited)
		fprintf(stderr, "%s: pid %d has exited\n", PS_NAME, (int)ps.pid);
	if (dtrace_aggregate_snap(ps.dtp) != 0)
		ps_dfatal(&ps, "failed to add to aggregate");
	if (dtrace_aggregate_walk_valrevsorted(ps.dtp, ps_collect, &ps) != 0)
		ps_dfatal(&ps, "failed to print aggregations");
	ps_print(&ps);
	fflush(stdout);

	for (int tb = 0; tb < T_NTABLES; tb++) {
		for (size_t i = 0; i < ps.rows[tb].n; i++) {
			free(ps.rows[tb].v[i].pcs);
			free(ps.rows[tb].v[i].buckets);
		}
		free(ps.rows[tb].v);
	}
	free(ps.prog.s);
	ps_cleanup(&ps);
	return 0;
}
