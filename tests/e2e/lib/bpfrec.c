/*
 * bpfrec.c - runs a command and records every BPF object and perf event it
 * creates, then says which of them outlive it.  For the e2e cases that
 * prove dtrace leaves nothing behind (cleanup-*.sh, through lib/leftover.sh), whatever way it ends.
 *
 *   bpfrec PIDFILE REPORT COMMAND [ARG...]
 *
 * The command runs under ptrace, stopping at each system call (a seccomp
 * filter would stop it at bpf() only, but a process under seccomp may not
 * read tracefs's available_filter_functions); at the return of each bpf()
 * and perf_event_open() call, the new fd's
 * /proc/PID/fdinfo names the program, map or link it is (prog_id, map_id,
 * link_id).  So the objects counted are exactly those this process made:
 * other dtrace processes running at the same time (other tests, other
 * users) are not counted, and an object made and closed a moment before a
 * signal is still seen.  The command's pid is written to PIDFILE (for the
 * case to signal it).  When it has exited or been killed, REPORT gets
 *
 *   created: P programs, M maps, L links, E perf events
 *   left: none            (or: left: prog 12 link 40 ...)
 *
 * where "left" lists every recorded id the kernel still knows, waiting up
 * to 10 s for the kernel's deferred freeing (the wait ends as soon as they
 * are gone: the answer does not depend on timing).  bpfrec exits with the
 * command's status, 128 + N when signal N killed it, as a shell reports.
 *
 * Signals sent to the command are passed on (it sees them as without
 * bpfrec); its children are not traced (dtrace's own -c child is traced by
 * dtrace).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <bpf/bpf.h>

enum { PROG, MAP, LINK, NKINDS };
static const char *const kind_name[NKINDS] = { "prog", "map", "link" };
static const char *const fdinfo_key[NKINDS] = { "prog_id:", "map_id:", "link_id:" };

struct rec {
	unsigned int *ids[NKINDS];
	int n[NKINDS], cap[NKINDS];
	int perf;
};

static void add(struct rec *r, int k, unsigned int id)
{
	for (int i = 0; i < r->n[k]; i++)
		if (r->ids[k][i] == id)
			return;
	if (r->n[k] == r->cap[k]) {
		r->cap[k] = r->cap[k] ? 2 * r->cap[k] : 64;
		r->ids[k] = realloc(r->ids[k], (size_t)r->cap[k] * sizeof(unsigned int));
		if (!r->ids[k])
			abort();
	}
	r->ids[k][r->n[k]++] = id;
}

/* What fd FD of PID is: its ids from fdinfo (a link also names its
 * program), or a perf event. */
static void note_fd(struct rec *r, pid_t pid, int fd)
{
	char path[64], line[256];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/fd/%d", pid, fd);
	ssize_t n = readlink(path, line, sizeof(line) - 1);
	if (n > 0) {
		line[n] = 0;
		if (strstr(line, "perf_event"))
			r->perf++;
	}
	snprintf(path, sizeof(path), "/proc/%d/fdinfo/%d", pid, fd);
	if (!(f = fopen(path, "re")))
		return;
	while (fgets(line, sizeof(line), f))
		for (int k = 0; k < NKINDS; k++) {
			size_t len = strlen(fdinfo_key[k]);
			if (strncmp(line, fdinfo_key[k], len) == 0)
				add(r, k, (unsigned int)strtoul(line + len, NULL, 10));
		}
	fclose(f);
}

/* Whether the kernel still has object ID of kind K. */
static int alive(int k, unsigned int id)
{
	int fd = k == PROG ? bpf_prog_get_fd_by_id(id) : k == MAP ? bpf_map_get_fd_by_id(id)
									  : bpf_link_get_fd_by_id(id);
	if (fd >= 0) {
		close(fd);
		return 1;
	}
	return errno != ENOENT;
}

static int left(const struct rec *r, FILE *out)
{
	int n = 0;

	for (int k = 0; k < NKINDS; k++)
		for (int i = 0; i < r->n[k]; i++)
			if (alive(k, r->ids[k][i])) {
				if (out)
					fprintf(out, " %s %u", kind_name[k], r->ids[k][i]);
				n++;
			}
	return n;
}

/* Whether the call that returned is bpf() or perf_event_open() (the
 * return's info has no number: the registers have it). */
static int nr_of(pid_t pid, const struct __ptrace_syscall_info *si)
{
	struct user_regs_struct regs;

	(void)si;
	if (ptrace(PTRACE_GETREGS, pid, 0, &regs) < 0)
		return 0;
	return regs.orig_rax == __NR_bpf || regs.orig_rax == __NR_perf_event_open;
}

int main(int argc, char **argv)
{
	struct rec r = { 0 };
	pid_t child;
	int st, status;
	FILE *fp;

	if (argc < 4) {
		fprintf(stderr, "usage: bpfrec PIDFILE REPORT COMMAND [ARG...]\n");
		return 2;
	}
	child = fork();
	if (child < 0)
		return 2;
	if (child == 0) {
		/* stopped until the parent has seized us */
		raise(SIGSTOP);
		execvp(argv[3], argv + 3);
		perror("bpfrec: exec");
		_exit(127);
	}
	if (waitpid(child, &st, WUNTRACED) != child || !WIFSTOPPED(st))
		return 2;
	if (ptrace(PTRACE_SEIZE, child, 0, PTRACE_O_TRACESYSGOOD) < 0) {
		perror("bpfrec: ptrace");
		kill(child, SIGKILL);
		return 2;
	}
	kill(child, SIGCONT);
	ptrace(PTRACE_INTERRUPT, child, 0, 0);	/* then on to its first syscall stop */
	if ((fp = fopen(argv[1], "w"))) {
		fprintf(fp, "%d\n", child);
		fclose(fp);
	}
	for (;;) {
		if (waitpid(child, &st, __WALL) != child) {
			if (errno == EINTR)
				continue;
			return 2;
		}
		if (WIFEXITED(st) || WIFSIGNALED(st))
			break;
		int sig = WSTOPSIG(st), event = st >> 16;
		if (sig == (SIGTRAP | 0x80)) {
			/* a syscall's entry or return: at the return of bpf()
			 * or perf_event_open(), a new fd? */
			struct __ptrace_syscall_info si;
			if (ptrace(PTRACE_GET_SYSCALL_INFO, child, sizeof(si), &si) > 0 &&
			    si.op == PTRACE_SYSCALL_INFO_EXIT && !si.exit.is_error && si.exit.rval >= 0 && nr_of(child, &si))
				note_fd(&r, child, (int)si.exit.rval);
			ptrace(PTRACE_SYSCALL, child, 0, 0);
			continue;
		}
		if (event == PTRACE_EVENT_STOP) {
			/* a group stop (SIGSTOP, SIGTSTP...): stay stopped like
			 * it; SIGTRAP: our interrupt, or resumed by SIGCONT */
			if (sig == SIGTRAP)
				ptrace(PTRACE_SYSCALL, child, 0, 0);
			else
				ptrace(PTRACE_LISTEN, child, 0, 0);
			continue;
		}
		/* a signal for the command: deliver it */
		ptrace(PTRACE_SYSCALL, child, 0, event ? 0 : sig);
	}
	status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);

	/* the kernel frees programs and links after their last fd is closed,
	 * some of it deferred: wait until they are gone, for at most 10 s */
	struct timespec tick = { 0, 20 * 1000 * 1000 };
	for (int i = 0; i < 500 && left(&r, NULL); i++)
		nanosleep(&tick, NULL);
	if (!(fp = fopen(argv[2], "w")))
		return 2;
	fprintf(fp, "created: %d programs, %d maps, %d links, %d perf events\nleft:", r.n[PROG], r.n[MAP], r.n[LINK],
		r.perf);
	if (!left(&r, fp))
		fprintf(fp, " none");
	fprintf(fp, "\n");
	fclose(fp);
	return status;
}
