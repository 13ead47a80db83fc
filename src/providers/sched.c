/*
 * sched.c - the sched provider: threads (DTrace's LWPs) going on and off
 * CPUs, sleeping, being woken, preempted and queued, as DTrace documents
 * them, made of the scheduler's tracepoints and, for the run queues and the
 * clock tick, of kernel functions (see stable.h for how a row reads).
 * args[] are DTrace's: lwpsinfo_t *, psinfo_t * (lib/dtrace/procfs.d),
 * cpuinfo_t * and pri_t (lib/dtrace/sched.d).
 *
 * How Linux events become DTrace's:
 *   on-cpu      sched_exit_tp (6.16+: the end of __schedule(), in the
 *               context of the thread now running) where it switched;
 *               before 6.16 a kprobe on finish_task_switch(), which the
 *               new thread runs first (a new thread's first run too:
 *               schedule_tail(); with sched_exit_tp that first run is not
 *               seen, as __schedule() does not return into a new thread)
 *   off-cpu     sched_switch, in the context of the thread leaving;
 *               args[] are the thread chosen to run next, as in DTrace
 *   preempt     sched_entry_tp (6.16+: __schedule() entered) of a thread
 *               that stays runnable (a preemption, or a schedule() of a
 *               running thread: need_resched at a return to user mode,
 *               cond_resched(), sched_yield()); before 6.16 sched_switch
 *               of such a thread, so a preemption after which the same
 *               thread runs on is not seen there.  The idle threads
 *               (pid 0) are left out: they are not preempted, they yield.
 *   remain-cpu  sched_exit_tp where __schedule() kept the thread that
 *               was running (6.16+ only)
 *   sleep       sched_switch of a thread that leaves the run queue
 *               (its state not TASK_RUNNING, not preempted), unless it
 *               is exiting (TASK_DEAD)
 *   wakeup      sched_waking: in the waker's context, once the woken
 *               thread's state matched; args[] are the woken thread
 *               (sched_wakeup may run on the woken thread's CPU instead)
 *   change-pri  sched_pi_setprio: priority inheritance (rt_mutex) only,
 *               args[2] the new priority as the tracepoint computes it;
 *               nice(2), setpriority(2) and sched_setattr(2) have no
 *               tracepoint and are not seen
 *   surrender   sched_set_need_resched_tp (6.16+): a thread running on a
 *               CPU told to reschedule; before 6.16 a kprobe on
 *               resched_curr() (args[] its run queue's current thread)
 *   enqueue     a kprobe on each scheduling class's enqueue_task_*();
 *   dequeue     dequeue_task_*(): kernels without kprobes have neither;
 *               args[2] the run queue's CPU, enqueue's args[3] whether
 *               the thread goes to the front (ENQUEUE_HEAD, 0x10 to
 *               6.12)
 *   tick        a kprobe on sched_tick() (scheduler_tick() before 6.10):
 *               args[] the thread the tick interrupted
 */
#include "stable.h"

#include <stddef.h>

#define TASK(n) "((struct task_struct *)arg" #n ")"
#define RQ(n) "((struct rq *)arg" #n ")"
/* args[0] and args[1]: the thread t as lwpsinfo_t * and psinfo_t * */
#define THREAD_ARGS(t) {"struct task_struct *", "lwpsinfo_t *", t}, {"struct task_struct *", "psinfo_t *", t}
/* the CPU whose run queue rq is, as cpuinfo_t * */
#define RQ_CPU(rq) {"int", "cpuinfo_t *", rq "->cpu"}

/* sched_switch (preempt, prev, next[, prev_state]): prev stays runnable,
 * or leaves the run queue (and is not exiting: TASK_DEAD 0x80).  prev's
 * __state, not the prev_state argument 5.18 added: a signal that ends
 * the sleep has set it back to TASK_RUNNING by then, and a wakeup racing
 * in sets TASK_WAKING, both as prev_state says. */
#define PREV "((struct task_struct *)arg1)"
#define SWITCH_PREEMPT "(arg0 != 0 || " PREV "->__state == 0)"
#define SWITCH_SLEEP "(arg0 == 0 && " PREV "->__state != 0 && (" PREV "->__state & 0x80) == 0)"
/* sched_pi_setprio (task, pi_task): the new priority, as its trace event
 * computes it */
#define PI_TASK "((struct task_struct *)arg1)"
#define PI_PRIO "(pri_t)(arg1 != 0 && " PI_TASK "->prio < " TASK(0) "->normal_prio ? " \
		PI_TASK "->prio : " TASK(0) "->normal_prio)"
/* ENQUEUE_HEAD in kernel/sched/sched.h (6.1 to 6.12) */
#define ENQUEUE_HEAD "0x10"

/* In name order, as DTrace lists its probes (dt_prov_sched.c's probe_args). */
static const struct stable_probe sched_probes[] = {
	{"change-pri", STABLE_RAWTP, "sched:sched_pi_setprio", NULL, 0,
	 {THREAD_ARGS(TASK(0)), {"pri_t", NULL, PI_PRIO}}},
	/* enqueue_task_CLASS (rq, p, flags), dequeue_task_CLASS (rq, p, flags) */
	{"dequeue", STABLE_KPROBE, "dequeue_task_fair", NULL, 0, {THREAD_ARGS(TASK(1)), RQ_CPU(RQ(0))}},
	{"dequeue", STABLE_KPROBE, "dequeue_task_rt", NULL, 0, {THREAD_ARGS(TASK(1)), RQ_CPU(RQ(0))}},
	{"dequeue", STABLE_KPROBE, "dequeue_task_dl", NULL, 0, {THREAD_ARGS(TASK(1)), RQ_CPU(RQ(0))}},
	{"dequeue", STABLE_KPROBE, "dequeue_task_scx", NULL, 0, {THREAD_ARGS(TASK(1)), RQ_CPU(RQ(0))}},
	{"enqueue", STABLE_KPROBE, "enqueue_task_fair", NULL, 0,
	 {THREAD_ARGS(TASK(1)), RQ_CPU(RQ(0)), {"int", NULL, "(arg2 & " ENQUEUE_HEAD ") != 0"}}},
	{"enqueue", STABLE_KPROBE, "enqueue_task_rt", NULL, 0,
	 {THREAD_ARGS(TASK(1)), RQ_CPU(RQ(0)), {"int", NULL, "(arg2 & " ENQUEUE_HEAD ") != 0"}}},
	{"enqueue", STABLE_KPROBE, "enqueue_task_dl", NULL, 0,
	 {THREAD_ARGS(TASK(1)), RQ_CPU(RQ(0)), {"int", NULL, "(arg2 & " ENQUEUE_HEAD ") != 0"}}},
	{"enqueue", STABLE_KPROBE, "enqueue_task_scx", NULL, 0,
	 {THREAD_ARGS(TASK(1)), RQ_CPU(RQ(0)), {"int", NULL, "(arg2 & " ENQUEUE_HEAD ") != 0"}}},
	{"off-cpu", STABLE_RAWTP, "sched:sched_switch", NULL, 0, {THREAD_ARGS(TASK(2))}},
	{"on-cpu", STABLE_RAWTP, "sched_exit_tp", "arg0 != 0", 0, {{NULL}}},
	{"on-cpu", STABLE_KPROBE, "finish_task_switch", NULL, 1, {{NULL}}},
	{"preempt", STABLE_RAWTP, "sched_entry_tp", "(arg0 != 0 || curthread->__state == 0) && curthread->pid != 0", 0,
	 {{NULL}}},
	{"preempt", STABLE_RAWTP, "sched:sched_switch", SWITCH_PREEMPT " && curthread->pid != 0", 1, {{NULL}}},
	{"remain-cpu", STABLE_RAWTP, "sched_exit_tp", "arg0 == 0", 0, {{NULL}}},
	{"sleep", STABLE_RAWTP, "sched:sched_switch", SWITCH_SLEEP, 0, {{NULL}}},
	{"surrender", STABLE_RAWTP, "sched_set_need_resched_tp", NULL, 0, {THREAD_ARGS(TASK(0))}},
	{"surrender", STABLE_KPROBE, "resched_curr", NULL, 1, {THREAD_ARGS(RQ(0) "->curr")}},
	{"tick", STABLE_KPROBE, "sched_tick|scheduler_tick", NULL, 0, {THREAD_ARGS("curthread")}},
	{"wakeup", STABLE_RAWTP, "sched:sched_waking", NULL, 0, {THREAD_ARGS(TASK(0))}},
};

const struct stable_provider stable_sched = {
	.name = "sched",
	.probes = sched_probes,
	.nprobes = sizeof(sched_probes) / sizeof(sched_probes[0]),
};
