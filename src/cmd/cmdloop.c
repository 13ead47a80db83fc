/*
 * cmdloop.c - the loop of a DTrace consumer command (dtrace(1),
 * plockstat(1), lockstat(1)): sleep until the library has something,
 * consume it, and when the command says tracing is over stop tracing (END
 * runs) and consume once more, so that nothing recorded is lost.  The
 * commands differ only in what ends their tracing and in what they print,
 * which they pass in (struct cmdloop); error messages stay theirs.
 * Also the two small things every such command needs: a growing text for
 * the D program it writes, and releasing the process and the handle.
 */
#include "cmdloop.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>

enum cmdloop_status cmdloop_run(const struct cmdloop *l)
{
	int done = 0;

	do {
		if (!l->over(l->arg))
			dtrace_sleep(l->dtp);
		/* after the sleep too: a signal may have cut it short */
		if (l->over(l->arg)) {
			done = 1;
			if (dtrace_stop(l->dtp) != 0)
				return CMDLOOP_STOP_FAILED;
		}
		switch (dtrace_work(l->dtp, l->out, l->probe, l->rec, l->arg)) {
		case DTRACE_WORKSTATUS_DONE:
			/* exit() in D: the library has stopped tracing */
			done = 1;
			break;
		case DTRACE_WORKSTATUS_OKAY:
			break;
		default:
			/* a signal interrupting a read is not an error */
			if (dtrace_errno(l->dtp) != EINTR)
				return CMDLOOP_WORK_FAILED;
		}
		if (l->check && l->check(l->arg))
			return CMDLOOP_CHECK_FAILED;
	} while (!done);
	return CMDLOOP_DONE;
}

void cmd_text_add(struct cmd_text *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if (t->len + (size_t)n + 1 > t->cap) {
		t->cap = (t->len + (size_t)n + 1) * 2;
		t->s = realloc(t->s, t->cap);
		if (!t->s) {
			perror(t->prog);
			exit(t->oom_status);
		}
	}
	va_start(ap, fmt);
	vsnprintf(t->s + t->len, t->cap - t->len, fmt, ap);
	va_end(ap);
	t->len += (size_t)n;
}

void cmd_release(dtrace_hdl_t **dtp, struct ps_prochandle **proc)
{
	if (*dtp && *proc)
		dtrace_proc_release(*dtp, *proc);
	*proc = NULL;
	if (*dtp)
		dtrace_close(*dtp);
	*dtp = NULL;
}
