/*
 * cmdloop.h - what the consumer commands share (see cmdloop.c): the loop,
 * the D program text they build, releasing the handle.
 */
#ifndef CMDLOOP_H
#define CMDLOOP_H

#include <stdio.h>

#include <dtrace.h>

/* What a command hands the loop: its handle, output and callbacks. */
struct cmdloop {
	dtrace_hdl_t *dtp;
	FILE *out;			/* dtrace_work()'s stream */
	dtrace_consume_probe_f *probe;	/* may be NULL */
	dtrace_consume_rec_f *rec;	/* may be NULL */
	void *arg;			/* for probe, rec, over and check */
	/* Tracing should stop now: a signal came, the traced process has
	 * exited...  Asked before each sleep and after it. */
	int (*over)(void *arg);
	/* May be NULL; after each dtrace_work(), nonzero ends the loop with
	 * CMDLOOP_CHECK_FAILED (dtrace(1): the output could not be written). */
	int (*check)(void *arg);
};

enum cmdloop_status {
	CMDLOOP_DONE,		/* tracing stopped: over(), or exit() in D */
	CMDLOOP_STOP_FAILED,	/* dtrace_stop() failed: dtrace_errno() says why */
	CMDLOOP_WORK_FAILED,	/* dtrace_work() failed: dtrace_errno() says why */
	CMDLOOP_CHECK_FAILED,	/* check() said so */
};

/* Sleep and work until over() or the D program's exit(); on CMDLOOP_DONE
 * tracing is stopped (END has run) and every buffer consumed. */
enum cmdloop_status cmdloop_run(const struct cmdloop *l);

/* A growing text (the D program a command writes).  Out of memory, the
 * command says so as prog and exits with oom_status. */
struct cmd_text {
	char *s;
	size_t len, cap;
	const char *prog;
	int oom_status;
};
void cmd_text_add(struct cmd_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The grabbed or created process released, then the handle closed; both
 * set to NULL (either may already be). */
void cmd_release(dtrace_hdl_t **dtp, struct ps_prochandle **proc);

#endif
