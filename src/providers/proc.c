/*
 * proc.c - the proc provider: processes and threads (DTrace's LWPs) being
 * created, exec'ing, exiting, and signals, as DTrace documents them, made of
 * the kernel's scheduler and signal tracepoints and a few functions (see
 * stable.h for how a row reads).  args[] are DTrace's: psinfo_t *,
 * lwpsinfo_t *, siginfo_t * and ints, translated from the task by the D
 * library (lib/dtrace/procfs.d).
 *
 * How Linux events become DTrace's:
 *   create, lwp-create  sched_process_fork (parent, child), both for every
 *                       fork, of a process or of a thread, as in DTrace
 *   exec                execve()/execveat() entered: args[0] is the path
 *   exec-success        sched_process_exec, in the new image
 *   exec-failure        execve()/execveat() returning an error: args[0] is
 *                       its return value, -errno (DTrace's)
 *   exit                sched_process_exit of a process's last thread;
 *                       args[0] is how it ended: CLD_EXITED (1), CLD_KILLED
 *                       (2) or CLD_DUMPED (3), from the exit code
 *   lwp-exit            sched_process_exit of any thread
 *   start, lwp-start    the new thread's return, with 0, from the clone(),
 *                       clone3(), fork() or vfork() that made it: its
 *                       first moment in user mode, in its own context;
 *                       start for a process's first thread, lwp-start for
 *                       every thread
 *   signal-send         signal_generate of a signal that is queued;
 *                       signal-discard of one the receiver ignores
 *   signal-handle       signal_deliver: the signal a thread now handles
 *   signal-clear        rt_sigtimedwait() returning the signal it took
 */
#include "stable.h"

#include <stddef.h>

#define TASK(n) "((struct task_struct *)arg" #n ")"
/* how the thread ended: its exit code's signal, and core dump bit */
#define EXIT_REASON "((" TASK(0) "->exit_code & 0x7f) == 0 ? 1 : (" TASK(0) "->exit_code & 0x80) ? 3 : 2)"
/* the first thread of a new process, back from fork() with 0 */
#define NEW_PROCESS "arg0 == 0 && curthread->pid == curthread->tgid"

/* In DTrace's order (dt_prov_proc.c's probe_args), which -l lists. */
static const struct stable_probe proc_probes[] = {
	/* as in DTrace, create and lwp-create both fire at every fork,
	 * of a process or of a thread */
	{"create", STABLE_RAWTP, "sched:sched_process_fork", NULL, 0,
	 {{"struct task_struct *", "psinfo_t *", TASK(1)}}},
	{"exec", STABLE_SYSCALL, "syscalls:sys_enter_execve", NULL, 0, {{"string", NULL, "copyinstr(arg0)"}}},
	{"exec", STABLE_SYSCALL, "syscalls:sys_enter_execveat", NULL, 0, {{"string", NULL, "copyinstr(arg1)"}}},
	/* args[0] the call's return value, negative, as in DTrace */
	{"exec-failure", STABLE_SYSCALL, "syscalls:sys_exit_execve", "(long)arg0 < 0", 0, {{"int", NULL, "(int)arg0"}}},
	{"exec-failure", STABLE_SYSCALL, "syscalls:sys_exit_execveat", "(long)arg0 < 0", 0, {{"int", NULL, "(int)arg0"}}},
	{"exec-success", STABLE_RAWTP, "sched:sched_process_exec", NULL, 0, {{NULL}}},
	{"exit", STABLE_RAWTP, "sched:sched_process_exit", TASK(0) "->signal->live.counter == 0", 0,
	 {{"int", NULL, EXIT_REASON}}},
	{"lwp-create", STABLE_RAWTP, "sched:sched_process_fork", NULL, 0,
	 {{"struct task_struct *", "lwpsinfo_t *", TASK(1)}, {"struct task_struct *", "psinfo_t *", TASK(1)}}},
	{"lwp-exit", STABLE_RAWTP, "sched:sched_process_exit", NULL, 0, {{NULL}}},
	/* a new thread's first return to user mode is from the system call
	 * that made it, with 0, in its own context */
	{"lwp-start", STABLE_SYSCALL, "syscalls:sys_exit_clone", "arg0 == 0", 0, {{NULL}}},
	{"lwp-start", STABLE_SYSCALL, "syscalls:sys_exit_clone3", "arg0 == 0", 0, {{NULL}}},
	{"lwp-start", STABLE_SYSCALL, "syscalls:sys_exit_fork", "arg0 == 0", 0, {{NULL}}},
	{"lwp-start", STABLE_SYSCALL, "syscalls:sys_exit_vfork", "arg0 == 0", 0, {{NULL}}},
	{"signal-clear", STABLE_SYSCALL, "syscalls:sys_exit_rt_sigtimedwait", "(long)arg0 > 0", 0,
	 {{"int", NULL, "(int)arg0"}}},
	/* signal_generate (sig, info, task, group, result): result 0 is
	 * "delivered" (queued), 1 "ignored" */
	{"signal-discard", STABLE_RAWTP, "signal:signal_generate", "arg4 == 1", 0,
	 {{"struct task_struct *", "lwpsinfo_t *", TASK(2)}, {"struct task_struct *", "psinfo_t *", TASK(2)},
	  {"int", NULL, "(int)arg0"}}},
	/* a fatal signal with no handler reaches the thread as SIGKILL; the
	 * signal that killed the process is then its group exit code */
	{"signal-handle", STABLE_RAWTP, "signal:signal_deliver", NULL, 0,
	 {{"int", NULL, "(int)arg0 == 9 && curthread->signal->group_exit_code != 0 ? "
			"curthread->signal->group_exit_code : (int)arg0"},
	  {"siginfo_t *", NULL, "(siginfo_t *)arg1"},
	  {"void (*)(void)", NULL, "(void (*)(void))((struct k_sigaction *)arg2)->sa.sa_handler"}}},
	{"signal-send", STABLE_RAWTP, "signal:signal_generate", "arg4 == 0", 0,
	 {{"struct task_struct *", "lwpsinfo_t *", TASK(2)}, {"struct task_struct *", "psinfo_t *", TASK(2)},
	  {"int", NULL, "(int)arg0"}}},
	/* the same, of a new process's first thread */
	{"start", STABLE_SYSCALL, "syscalls:sys_exit_clone", NEW_PROCESS, 0, {{NULL}}},
	{"start", STABLE_SYSCALL, "syscalls:sys_exit_clone3", NEW_PROCESS, 0, {{NULL}}},
	{"start", STABLE_SYSCALL, "syscalls:sys_exit_fork", NEW_PROCESS, 0, {{NULL}}},
	{"start", STABLE_SYSCALL, "syscalls:sys_exit_vfork", NEW_PROCESS, 0, {{NULL}}},
};

const struct stable_provider stable_proc = {
	.name = "proc",
	.probes = proc_probes,
	.nprobes = sizeof(proc_probes) / sizeof(proc_probes[0]),
};
