/*
 * consumer.c - a small libdtrace consumer in the style of illumos's
 * (plockstat, lockstat, intrstat): compile, run, consume, walk the
 * aggregation.  tests/api/run.sh builds it against the installed library
 * and checks what it prints; libdtrace(3) shows it as its example.
 */
#include <dtrace.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static const char prog[] =
	"BEGIN { printf(\"begin %d\\n\", 41 + 1); @c[\"kk\"] = sum(1); }\n"
	"tick-10ms /++i == 3/ { @c[\"tick\"] = sum(5); exit(0); }\n";

static int fired;		/* probe firings consumed */
static int status = -1;		/* the argument of exit() */

static void fatal(dtrace_hdl_t *dtp, const char *what)
{
	fprintf(stderr, "%s: %s\n", what, dtrace_errmsg(dtp, dtrace_errno(dtp)));
	exit(1);
}

/* called once for each probe firing */
static int chew(const dtrace_probedata_t *data, void *arg)
{
	(void)data;
	(void)arg;
	fired++;
	return DTRACE_CONSUME_THIS;
}

/* called for each record of the firing, then with rec NULL */
static int chewrec(const dtrace_probedata_t *data, const dtrace_recdesc_t *rec, void *arg)
{
	(void)arg;
	if (rec == NULL)
		return DTRACE_CONSUME_NEXT;
	if (rec->dtrd_action == DTRACEACT_EXIT)
		status = *(const int32_t *)data->dtpda_data;
	return DTRACE_CONSUME_THIS;
}

/* one aggregation entry: record 0 is the aggregation, 1 the key, the
 * last one the value */
static int walk(const dtrace_aggdata_t *data, void *arg)
{
	const dtrace_aggdesc_t *aggdesc = data->dtada_desc;
	const dtrace_recdesc_t *key = &aggdesc->dtagd_rec[1];
	const dtrace_recdesc_t *val = &aggdesc->dtagd_rec[aggdesc->dtagd_nrecs - 1];

	(void)arg;
	printf("%s %lld\n", (const char *)(data->dtada_data + key->dtrd_offset),
	       (long long)*(const int64_t *)(data->dtada_data + val->dtrd_offset));
	return DTRACE_AGGWALK_NEXT;
}

int main(void)
{
	dtrace_hdl_t *bad, *dtp;
	dtrace_prog_t *pgp;
	dtrace_proginfo_t info;
	int err, done = 0;

	/* a compile error is reported through the handle */
	if ((bad = dtrace_open(DTRACE_VERSION, 0, &err)) == NULL) {
		fprintf(stderr, "dtrace_open: %s\n", dtrace_errmsg(NULL, err));
		return 1;
	}
	if (dtrace_program_strcompile(bad, "BEGIN { x = ; }", DTRACE_PROBESPEC_NAME, 0, 0, NULL) != NULL) {
		fprintf(stderr, "a syntax error compiled\n");
		return 1;
	}
	printf("compile error: %s\n", dtrace_errmsg(bad, dtrace_errno(bad)));

	/* a second handle runs a program */
	if ((dtp = dtrace_open(DTRACE_VERSION, 0, &err)) == NULL) {
		fprintf(stderr, "dtrace_open: %s\n", dtrace_errmsg(NULL, err));
		return 1;
	}
	if (dtrace_setopt(dtp, "bufsize", "4m") == -1 || dtrace_setopt(dtp, "aggsize", "4m") == -1)
		fatal(dtp, "dtrace_setopt");
	if ((pgp = dtrace_program_strcompile(dtp, prog, DTRACE_PROBESPEC_NAME, 0, 0, NULL)) == NULL)
		fatal(dtp, "dtrace_program_strcompile");
	if (dtrace_program_exec(dtp, pgp, &info) == -1)
		fatal(dtp, "dtrace_program_exec");
	printf("matched %u probes\n", (unsigned)info.dpi_matches);
	if (dtrace_go(dtp) == -1)
		fatal(dtp, "dtrace_go");

	while (!done) {
		dtrace_sleep(dtp);
		switch (dtrace_work(dtp, stdout, chew, chewrec, NULL)) {
		case DTRACE_WORKSTATUS_DONE:
			done = 1;
			break;
		case DTRACE_WORKSTATUS_OKAY:
			break;
		default:
			fatal(dtp, "dtrace_work");
		}
	}
	if (dtrace_stop(dtp) == -1)
		fatal(dtp, "dtrace_stop");
	printf("fired %d\n", fired);
	printf("exit status %d\n", status);

	if (dtrace_aggregate_snap(dtp) == -1)
		fatal(dtp, "dtrace_aggregate_snap");
	if (dtrace_aggregate_walk_keysorted(dtp, walk, NULL) == -1)
		fatal(dtp, "dtrace_aggregate_walk_keysorted");

	dtrace_close(dtp);
	dtrace_close(bad);
	return 0;
}
