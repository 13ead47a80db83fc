/*
 * proc.c - processes a consumer asks the library to watch: created (-c)
 * or grabbed (-p).  A created process is stopped right after its exec, as
 * DTrace grabs it, so pid$target probes see its program and nothing has
 * run before tracing is on; it runs at dtrace_proc_continue().  It stays
 * under ptrace until it exits so that it stops once more as it exits: its
 * mappings are then read for ustack() symbols while they still exist.  A
 * grabbed process's are read when it is grabbed (usyms.c).  dtrace_work()
 * notices exits and tells the proc handler.
 */
#define _GNU_SOURCE
#include "dt_impl.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "usyms.h"

static struct ps_prochandle *add_proc(struct dtrace_hdl *h, pid_t pid, int created)
{
	struct ps_prochandle *P = xcalloc(1, sizeof(*P));

	P->pid = pid;
	P->created = created;
	P->traced = created;
	P->pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
	pv_push(&h->procs, P);
	if (!h->target)
		h->target = pid;	/* $target: the first process */
	return P;
}

struct ps_prochandle *dtrace_proc_create(dtrace_hdl_t *h, const char *file, char *const *argv)
{
	int go[2], err[2];
	pid_t child;

	if (pipe2(go, O_CLOEXEC) < 0 || pipe2(err, O_CLOEXEC) < 0) {
		dt_set_errno(h, errno);
		return NULL;
	}
	child = fork();
	if (child < 0) {
		dt_set_errno(h, errno);
		return NULL;
	}
	if (child == 0) {
		char b;
		int e;
		close(go[1]);
		close(err[0]);
		/* wait until the parent has seized us */
		if (read(go[0], &b, 1) != 1)
			_exit(127);
		execvp(file, argv);
		e = errno;
		if (write(err[1], &e, sizeof(e)) != (ssize_t)sizeof(e))
			_exit(127);
		_exit(127);
	}
	close(go[0]);
	close(err[1]);
	/* EXITKILL: should dtrace itself die (SIGKILL, or a signal it does
	 * not catch), the kernel kills the process it started, as
	 * dtrace_proc_release() does when it ends normally */
	ptrace(PTRACE_SEIZE, child, 0, PTRACE_O_TRACEEXIT | PTRACE_O_TRACEEXEC | PTRACE_O_EXITKILL);
	if (write(go[1], "g", 1) != 1) {
		close(go[1]);
		close(err[0]);
		kill(child, SIGKILL);
		waitpid(child, NULL, __WALL);
		dt_set_errmsg(h, EDT_NOPROC, "failed to start %s", file);
		return NULL;
	}
	close(go[1]);
	for (;;) {
		int st;
		if (waitpid(child, &st, __WALL) != child || WIFEXITED(st) || WIFSIGNALED(st)) {
			int e = 0;
			if (read(err[0], &e, sizeof(e)) != (ssize_t)sizeof(e))
				e = 0;
			close(err[0]);
			dt_set_errmsg(h, EDT_NOPROC, "failed to execute %s: %s", file,
				      e ? strerror(e) : "process exited");
			return NULL;
		}
		if (WIFSTOPPED(st) && (st >> 16) == PTRACE_EVENT_EXEC)
			break;
		ptrace(PTRACE_CONT, child, 0, WIFSTOPPED(st) && WSTOPSIG(st) != SIGTRAP ? WSTOPSIG(st) : 0);
	}
	close(err[0]);
	return add_proc(h, child, 1);
}

struct ps_prochandle *dtrace_proc_grab(dtrace_hdl_t *h, pid_t pid, int flags)
{
	(void)flags;
	if (pid <= 0 || (kill(pid, 0) < 0 && errno == ESRCH)) {
		dt_set_errmsg(h, EDT_NOPROC, "failed to grab pid %d: %s", (int)pid, strerror(ESRCH));
		return NULL;
	}
	/* its symbols, while it lives (a grabbed process is not stopped at
	 * its exit) */
	usym_note(h->usyms, pid);
	return add_proc(h, pid, 0);
}

void dtrace_proc_continue(dtrace_hdl_t *h, struct ps_prochandle *P)
{
	(void)h;
	if (P && P->traced && !P->exited)
		ptrace(PTRACE_CONT, P->pid, 0, 0);
}

pid_t dtrace_proc_pid(struct ps_prochandle *P)
{
	return P ? P->pid : -1;
}

static void exited(struct dtrace_hdl *h, struct ps_prochandle *P)
{
	P->exited = 1;
	P->reported = 1;
	if (h->prochdlr)
		h->prochdlr(P, NULL, h->procarg);
}

void dt_proc_poll(struct dtrace_hdl *h)
{
	for (int i = 0; i < h->procs.n; i++) {
		struct ps_prochandle *P = h->procs.v[i];
		int st;
		if (P->exited)
			continue;
		if (!P->traced) {
			if (kill(P->pid, 0) < 0 && errno == ESRCH)
				exited(h, P);
			continue;
		}
		while (!P->exited && waitpid(P->pid, &st, WNOHANG | __WALL) == P->pid) {
			if (WIFSTOPPED(st)) {
				int sig = WSTOPSIG(st);
				if (sig == SIGTRAP && (st >> 16) == PTRACE_EVENT_EXIT) {
					/* its last chance to be read */
					usym_preload(h->usyms, P->pid);
					sig = 0;
				}
				ptrace(PTRACE_CONT, P->pid, 0, sig);
				continue;
			}
			exited(h, P);
		}
	}
}

int dt_proc_pending(struct dtrace_hdl *h)
{
	int pending = 0;

	for (int i = 0; i < h->procs.n; i++) {
		struct ps_prochandle *P = h->procs.v[i];
		siginfo_t si;
		if (P->reported) {
			/* the caller's loop sees the exit before sleeping again */
			P->reported = 0;
			pending = 1;
			continue;
		}
		if (P->exited || !P->traced)
			continue;
		si.si_pid = 0;
		if (waitid(P_PID, (id_t)P->pid, &si, WEXITED | WSTOPPED | WNOHANG | WNOWAIT | __WALL) == 0 &&
		    si.si_pid == P->pid)
			pending = 1;
	}
	return pending;
}

int dt_proc_pollfds(struct dtrace_hdl *h, struct pollfd *pfd, int max)
{
	int n = 0;

	for (int i = 0; i < h->procs.n && n < max; i++) {
		struct ps_prochandle *P = h->procs.v[i];
		if (!P->exited && P->pidfd >= 0)
			pfd[n++] = (struct pollfd){ .fd = P->pidfd, .events = POLLIN };
	}
	return n;
}

void dtrace_proc_release(dtrace_hdl_t *h, struct ps_prochandle *P)
{
	if (!P)
		return;
	if (P->pidfd >= 0)
		close(P->pidfd);
	if (P->created && !P->exited) {
		/* killed, as DTrace kills a process it created, and reaped:
		 * under ptrace it may first stop once more (its exit event,
		 * a stop already pending), so wait until it is gone */
		int st;
		kill(P->pid, SIGKILL);
		while (waitpid(P->pid, &st, __WALL) == P->pid && !WIFEXITED(st) && !WIFSIGNALED(st))
			ptrace(PTRACE_CONT, P->pid, 0, 0);
		P->exited = 1;
	}
	for (int i = 0; i < h->procs.n; i++)
		if (h->procs.v[i] == P) {
			h->procs.v[i] = h->procs.v[--h->procs.n];
			break;
		}
	free(P);
}

void dt_proc_release_all(struct dtrace_hdl *h)
{
	while (h->procs.n)
		dtrace_proc_release(h, h->procs.v[h->procs.n - 1]);
	free(h->procs.v);
	h->procs.v = NULL;
}
