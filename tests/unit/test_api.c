/*
 * test_api.c - the public API, in one process: two handles open at once
 * each compile, run and print their own program (their declarations,
 * probes, maps and aggregations apart), errors come back through
 * dtrace_errno()/dtrace_errmsg() and nothing is printed by the library,
 * options read back through dtrace_getopt(), and aggregations are walked
 * with DTrace's record layout; commit() and discard() records are not the
 * callbacks'; a consumer that goes on after closing a
 * handle (or after a dtrace_go() that failed partway) holds nothing of it.
 * Needs root (BPF).
 */
#include <dtrace.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <unistd.h>
#include <sys/resource.h>

#include "unit.h"

static int passed, failed;

static void expect(int line, int ok, const char *what)
{
	if (ok) {
		passed++;
		return;
	}
	failed++;
	fprintf(stderr, "FAIL line %d: %s\n", line, what);
}
#define EXPECT(c) expect(__LINE__, (c), #c)

struct run {
	int status;		/* exit()'s status */
	int firings;
	FILE *out;
};

static int chew(const dtrace_probedata_t *d, void *arg)
{
	(void)d;
	((struct run *)arg)->firings++;
	return DTRACE_CONSUME_THIS;
}

static int chewrec(const dtrace_probedata_t *d, const dtrace_recdesc_t *rec, void *arg)
{
	if (rec && rec->dtrd_action == DTRACEACT_EXIT) {
		int32_t st;
		memcpy(&st, d->dtpda_data, sizeof(st));
		((struct run *)arg)->status = st;
	}
	return DTRACE_CONSUME_THIS;
}

static char *slurp(FILE *f)
{
	static char buf[2][4096];
	static int which;
	char *s = buf[which ^= 1];
	size_t n;

	rewind(f);
	n = fread(s, 1, sizeof(buf[0]) - 1, f);
	s[n] = 0;
	return s;
}

struct walkres {
	char keys[8][64];
	int64_t vals[8];
	int n;
};

static int walk(const dtrace_aggdata_t *ad, void *arg)
{
	struct walkres *w = arg;
	const dtrace_aggdesc_t *d = ad->dtada_desc;
	const dtrace_recdesc_t *key = &d->dtagd_rec[1], *val = &d->dtagd_rec[d->dtagd_nrecs - 1];

	if (w->n < 8) {
		snprintf(w->keys[w->n], sizeof(w->keys[0]), "%s", ad->dtada_data + key->dtrd_offset);
		memcpy(&w->vals[w->n], ad->dtada_data + val->dtrd_offset, 8);
		w->n++;
	}
	return DTRACE_AGGWALK_NEXT;
}

/* The process's open file descriptors. */
static int nfds(void)
{
	DIR *d = opendir("/proc/self/fd");
	int n = 0;

	while (d && readdir(d))
		n++;
	if (d)
		closedir(d);
	return n;
}

/* One handle's life: open, compile, go, a little work, close.  With
 * maxfds, dtrace_go() runs out of file descriptors partway through the
 * 40 tick probes and must fail. */
static int one_life(rlim_t maxfds)
{
	char text[2048] = "BEGIN { @ = count(); } syscall::getppid:entry { @ = count(); } ";
	struct rlimit old, rl;
	int err, ok;
	dtrace_hdl_t *h = dtrace_open(DTRACE_VERSION, 0, &err);
	dtrace_proginfo_t info;

	for (int i = 1; i <= 40; i++)
		snprintf(text + strlen(text), sizeof(text) - strlen(text), "%stick-%ds", i > 1 ? "," : "", i);
	strcat(text, " { @ = count(); }");
	dtrace_setopt(h, "quiet", NULL);
	dtrace_prog_t *p = dtrace_program_strcompile(h, text, DTRACE_PROBESPEC_NAME, 0, 0, NULL);
	if (!p || dtrace_program_exec(h, p, &info) != 0) {
		dtrace_close(h);
		return -1;
	}
	getrlimit(RLIMIT_NOFILE, &old);
	rl = old;
	if (maxfds)
		rl.rlim_cur = maxfds;
	setrlimit(RLIMIT_NOFILE, &rl);
	ok = dtrace_go(h) == 0;
	setrlimit(RLIMIT_NOFILE, &old);
	if (ok) {
		FILE *out = tmpfile();
		getppid();
		dtrace_stop(h);
		dtrace_work(h, out, NULL, NULL, NULL);
		fclose(out);
	}
	dtrace_close(h);
	return ok;
}

/* commit() and discard() are the library's (DTrace's
 * dt_consume_one_probe): a clause with only them calls neither callback,
 * and the record callback never sees their records; what a commit
 * releases comes as the probe that speculated it. */
struct specrun {
	int firings, recs, specrecs, done;
};

static int spec_chew(const dtrace_probedata_t *d, void *arg)
{
	(void)d;
	((struct specrun *)arg)->firings++;
	return DTRACE_CONSUME_THIS;
}

static int spec_chewrec(const dtrace_probedata_t *d, const dtrace_recdesc_t *rec, void *arg)
{
	struct specrun *r = arg;

	(void)d;
	if (rec) {
		r->recs++;
		if (rec->dtrd_action == DTRACEACT_COMMIT || rec->dtrd_action == DTRACEACT_DISCARD)
			r->specrecs++;
	}
	return DTRACE_CONSUME_THIS;
}

static void spec_callbacks(void)
{
	int err;
	dtrace_hdl_t *h = dtrace_open(DTRACE_VERSION, 0, &err);
	struct specrun r = { 0, 0, 0, 0 };
	dtrace_proginfo_t info;
	FILE *out = tmpfile();

	EXPECT(h != NULL);
	if (!h)
		return;
	dtrace_setopt(h, "quiet", NULL);
	dtrace_setopt(h, "nspec", "2");
	dtrace_prog_t *p = dtrace_program_strcompile(h,
		"BEGIN { s = speculation(); t = speculation(); } BEGIN { speculate(s); trace(1); }"
		"BEGIN { speculate(t); trace(2); } BEGIN { commit(s); discard(t); } BEGIN { exit(0); }",
		DTRACE_PROBESPEC_NAME, 0, 0, NULL);
	EXPECT(p != NULL && dtrace_program_exec(h, p, &info) == 0 && dtrace_go(h) == 0);
	for (int i = 0; i < 200 && !r.done; i++) {
		dtrace_sleep(h);
		r.done = dtrace_work(h, out, spec_chew, spec_chewrec, &r) != DTRACE_WORKSTATUS_OKAY;
	}
	EXPECT(r.done);
	/* trace(1) committed, exit(0) */
	EXPECT(r.firings == 2 && r.recs == 2 && r.specrecs == 0);
	fclose(out);
	dtrace_close(h);
}

int main(void)
{
	int err;
	dtrace_hdl_t *a = dtrace_open(DTRACE_VERSION, 0, &err);
	dtrace_hdl_t *b = dtrace_open(DTRACE_VERSION, 0, &err);
	struct run ra = { -1, 0, tmpfile() }, rb = { -1, 0, tmpfile() };
	dtrace_prog_t *pa, *pb;
	dtrace_optval_t v;

	EXPECT(a && b && a != b);
	EXPECT(dtrace_open(DTRACE_VERSION + 1, 0, &err) == NULL && err == EDT_VERSION);

	/* errors are returned, with DTrace's text */
	EXPECT(dtrace_setopt(a, "nosuchoption", "1") == -1 && dtrace_errno(a) == EDT_BADOPTNAME);
	EXPECT(strcmp(dtrace_errmsg(a, dtrace_errno(a)), "Invalid option name") == 0);
	EXPECT(dtrace_program_strcompile(a, "BEGIN { x = ; }", DTRACE_PROBESPEC_NAME, 0, 0, NULL) == NULL);
	EXPECT(dtrace_errno(a) == EDT_COMPILER);
	/* a string has no lines: DTrace names no line (yyvwarn) */
	EXPECT(strcmp(dtrace_errmsg(a, dtrace_errno(a)), "syntax error near \";\"") == 0);
	EXPECT(dtrace_program_strcompile(a, "nosuch:::probe", DTRACE_PROBESPEC_NAME, DTRACE_C_ETAGS, 0, NULL) ==
	       NULL);
	EXPECT(strstr(dtrace_errmsg(a, dtrace_errno(a)), "[D_PDESC_ZERO]") != NULL);

	/* options read back */
	EXPECT(dtrace_getopt(a, "quiet", &v) == 0 && v == DTRACEOPT_UNSET);
	EXPECT(dtrace_setopt(a, "quiet", NULL) == 0 && dtrace_getopt(a, "quiet", &v) == 0 && v != DTRACEOPT_UNSET);
	EXPECT(dtrace_setopt(a, "strsize", "128") == 0 && dtrace_getopt(a, "strsize", &v) == 0 && v == 128);
	EXPECT(dtrace_setopt(b, "quiet", NULL) == 0);
	/* pcapsize: 1514 by default, rounded up to 8, out of 1..65535 the
	 * default rounded (DTrace's dt_opt_pcapsize) */
	EXPECT(dtrace_getopt(b, "pcapsize", &v) == 0 && v == 1514);
	EXPECT(dtrace_setopt(b, "pcapsize", "41") == 0 && dtrace_getopt(b, "pcapsize", &v) == 0 && v == 48);
	EXPECT(dtrace_setopt(b, "pcapsize", "65536") == 0 && dtrace_getopt(b, "pcapsize", &v) == 0 && v == 1520);
	EXPECT(dtrace_setopt(b, "pcapsize", "0") == 0 && dtrace_getopt(b, "pcapsize", &v) == 0 && v == 1520);
	EXPECT(dtrace_setopt(b, "pcapsize", "x") == -1 && dtrace_errno(b) == EDT_BADOPTVAL);

	/* values as DTrace's handlers read them (dt_options.c) */
	dtrace_hdl_t *c = dtrace_open(DTRACE_VERSION, DTRACE_O_NODEV, &err);
	EXPECT(c != NULL);
	if (c) {
		/* a compile-time flag takes no value, and has none to get */
		EXPECT(dtrace_setopt(c, "zdefs", "1") == -1 && dtrace_errno(c) == EDT_BADOPTVAL);
		EXPECT(dtrace_setopt(c, "zdefs", NULL) == 0);
		EXPECT(dtrace_getopt(c, "zdefs", &v) == -1 && dtrace_errno(c) == EDT_BADOPTNAME);
		/* a switch: its words in any case, "" unsets, a number sets
		 * (even 0), a negative one is refused */
		EXPECT(dtrace_setopt(c, "quiet", "0") == 0 && dtrace_getopt(c, "quiet", &v) == 0 && v != DTRACEOPT_UNSET);
		EXPECT(dtrace_setopt(c, "quiet", "OFF") == 0 && dtrace_getopt(c, "quiet", &v) == 0 && v == DTRACEOPT_UNSET);
		EXPECT(dtrace_setopt(c, "quiet", "Enabled") == 0 && dtrace_getopt(c, "quiet", &v) == 0 &&
		       v != DTRACEOPT_UNSET);
		EXPECT(dtrace_setopt(c, "quiet", "") == 0 && dtrace_getopt(c, "quiet", &v) == 0 && v == DTRACEOPT_UNSET);
		EXPECT(dtrace_setopt(c, "quiet", "-1") == -1 && dtrace_errno(c) == EDT_BADOPTVAL);
		/* sizes take k..t; a rate's bare number is nanoseconds */
		EXPECT(dtrace_setopt(c, "bufsize", "2k") == 0 && dtrace_getopt(c, "bufsize", &v) == 0 && v == 2048);
		EXPECT(dtrace_setopt(c, "bufsize", "2kb") == -1 && dtrace_errno(c) == EDT_BADOPTVAL);
		EXPECT(dtrace_setopt(c, "switchrate", "10") == 0 && dtrace_getopt(c, "switchrate", &v) == 0 && v == 10);
		EXPECT(dtrace_setopt(c, "switchrate", "10hz") == 0 && dtrace_getopt(c, "switchrate", &v) == 0 &&
		       v == 100000000);
		EXPECT(dtrace_setopt(c, "switchrate", "2MSEC") == 0 && dtrace_getopt(c, "switchrate", &v) == 0 &&
		       v == 2000000);
		EXPECT(dtrace_setopt(c, "switchrate", "2 ms") == -1 && dtrace_errno(c) == EDT_BADOPTVAL);
		/* a count unset is its default again */
		EXPECT(dtrace_setopt(c, "stackframes", "7") == 0 && dtrace_getopt(c, "stackframes", &v) == 0 && v == 7);
		EXPECT(dtrace_setopt(c, "stackframes", "") == 0 && dtrace_getopt(c, "stackframes", &v) == 0 && v == 20);
		EXPECT(dtrace_setopt(c, "cpu", "1") == 0 && dtrace_getopt(c, "cpu", &v) == 0 && v == 1);
		EXPECT(dtrace_setopt(c, "cpu", "") == 0 && dtrace_getopt(c, "cpu", &v) == 0 && v == DTRACEOPT_UNSET);
		/* words: exactly one of the option's */
		EXPECT(dtrace_setopt(c, "bufpolicy", "Ring") == -1 && dtrace_errno(c) == EDT_BADOPTVAL);
		EXPECT(dtrace_setopt(c, "linktype", "DOF") == 0);
		EXPECT(dtrace_setopt(c, "lockmem", "unlimited") == 0);
		/* the version: well formed, one D has had, never raised again */
		EXPECT(dtrace_setopt(c, "version", "1.x") == -1 && dtrace_errno(c) == EDT_VERSINVAL);
		EXPECT(dtrace_setopt(c, "version", "1.7") == -1 && dtrace_errno(c) == EDT_VERSUNDEF);
		EXPECT(dtrace_setopt(c, "version", "1.1") == 0);
		EXPECT(dtrace_setopt(c, "version", "1.2") == -1 && dtrace_errno(c) == EDT_VERSREDUCED);
		EXPECT(dtrace_setopt(c, "version", "1.0") == 0);
		/* the environment: PREFIX + the name in capitals; a value the
		 * option does not take is ignored */
		setenv("TESTOPT_STRSIZE", "77", 1);
		setenv("TESTOPT_NSPEC", "x", 1);
		dtrace_setoptenv(c, "TESTOPT_");
		EXPECT(dtrace_getopt(c, "strsize", &v) == 0 && v == 77);
		EXPECT(dtrace_getopt(c, "nspec", &v) == 0 && v == 1);
		unsetenv("TESTOPT_STRSIZE");
		unsetenv("TESTOPT_NSPEC");
		/* nspec reads back as set: ids up to it are valid, even past
		 * the 16 that speculation() hands out */
		EXPECT(dtrace_setopt(c, "nspec", "20") == 0 && dtrace_getopt(c, "nspec", &v) == 0 && v == 20);
		dtrace_close(c);
	}

	/* the same name declared differently in each handle */
	pa = dtrace_program_strcompile(a,
		"typedef int foo_t; BEGIN { printf(\"A %d\\n\", sizeof(foo_t)); @c[\"a\"] = count(); }"
		"tick-10ms /++n == 3/ { @c[\"tick\"] = count(); exit(1); }", DTRACE_PROBESPEC_NAME, 0, 0, NULL);
	pb = dtrace_program_strcompile(b,
		"typedef long foo_t; BEGIN { printf(\"B %d\\n\", sizeof(foo_t)); @d[\"b\"] = sum(7); }"
		"tick-10ms /++m == 2/ { exit(2); }", DTRACE_PROBESPEC_NAME, 0, 0, NULL);
	EXPECT(pa != NULL);
	EXPECT(pb != NULL);
	if (!pa || !pb) {
		fprintf(stderr, "  a: %s\n  b: %s\n", dtrace_errmsg(a, dtrace_errno(a)), dtrace_errmsg(b, dtrace_errno(b)));
		fprintf(stderr, "%d passed, %d failed\n", passed, failed);
		return 1;
	}
	dtrace_proginfo_t ia, ib;
	EXPECT(dtrace_program_exec(a, pa, &ia) == 0 && ia.dpi_matches == 2 && ia.dpi_aggregates == 1);
	EXPECT(dtrace_program_exec(b, pb, &ib) == 0 && ib.dpi_matches == 2);
	EXPECT(dtrace_go(a) == 0);
	EXPECT(dtrace_go(b) == 0);

	/* both run at once, consumed in turns */
	int done_a = 0, done_b = 0;
	for (int i = 0; i < 200 && !(done_a && done_b); i++) {
		dtrace_sleep(a);
		if (!done_a)
			done_a = dtrace_work(a, ra.out, chew, chewrec, &ra) != DTRACE_WORKSTATUS_OKAY;
		if (!done_b)
			done_b = dtrace_work(b, rb.out, chew, chewrec, &rb) != DTRACE_WORKSTATUS_OKAY;
	}
	EXPECT(done_a && done_b);
	EXPECT(dtrace_status(a) == DTRACE_STATUS_EXITED);
	EXPECT(ra.status == 1 && rb.status == 2);
	EXPECT(ra.firings == 2 && rb.firings == 2);
	EXPECT(strcmp(slurp(ra.out), "A 4\n") == 0);
	EXPECT(strcmp(slurp(rb.out), "B 8\n") == 0);

	/* each handle walks its own aggregation, in DTrace's layout */
	struct walkres wa = { .n = 0 }, wb = { .n = 0 };
	EXPECT(dtrace_aggregate_snap(a) == 0);
	EXPECT(dtrace_aggregate_walk_keysorted(a, walk, &wa) == 0);
	EXPECT(wa.n == 2 && strcmp(wa.keys[0], "a") == 0 && wa.vals[0] == 1 && strcmp(wa.keys[1], "tick") == 0 &&
	       wa.vals[1] == 1);
	EXPECT(dtrace_aggregate_walk(b, walk, &wb) == 0);
	EXPECT(wb.n == 1 && strcmp(wb.keys[0], "b") == 0 && wb.vals[0] == 7);

	/* and prints it as DTrace does at exit */
	FILE *pf = tmpfile();
	EXPECT(dtrace_aggregate_print(b, pf, NULL) == 0);
	EXPECT(strcmp(slurp(pf), "  b                                                                 7\n") == 0);

	dtrace_close(a);
	dtrace_close(b);

	spec_callbacks();

	/* a consumer that goes on: once the process-wide caches are made
	 * (the first life), each handle's life, and a dtrace_go() that fails
	 * partway (its probes detached), leave no file descriptor open: no
	 * program, map, link, perf event or ring buffer of it is held */
	EXPECT(one_life(0) == 1);
	int fds = nfds();
	EXPECT(one_life(0) == 1);
	EXPECT(nfds() == fds);
	EXPECT(one_life((rlim_t)fds + 30) == 0);
	EXPECT(nfds() == fds);
	EXPECT(one_life(0) == 1);
	EXPECT(nfds() == fds);
	fprintf(stderr, "%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
