/*
 * sched - CPU scheduling from the sched provider: a thread going on and
 * off CPU (and to whom), going to sleep, preempted, waking another.
 *
 *   2026 Nov 24 01:50:00 0.0 bash[4242]: off-cpu -> ls[4343]
 *   2026 Nov 24 01:50:00 0.0 bash[4242]: wakeup kworker/0:1[12]
 *
 * Variants: one per probe (sched-on-cpu, sched-off-cpu, sched-sleep,
 * sched-preempt, sched-wakeup).  Every event of these is frequent: give a
 * filter (-k, -p) or a count (-N).
 */

/*@ probe */
sched:::on-cpu, sched:::off-cpu, sched:::sleep, sched:::preempt, sched:::wakeup

/*@ probe sched-on-cpu */
sched:::on-cpu

/*@ probe sched-off-cpu */
sched:::off-cpu

/*@ probe sched-sleep */
sched:::sleep

/*@ probe sched-preempt */
sched:::preempt

/*@ probe sched-wakeup */
sched:::wakeup

/*@ clauses */
this string details;

$PROBE
{
	this->details = "";
}

sched:::off-cpu
{
	this->details = strjoin(strjoin(" -> ", args[1]->pr_fname),
	    strjoin(strjoin("[", lltostr(args[1]->pr_pid)), "]"));
}

sched:::wakeup
{
	this->details = strjoin(strjoin(" ", args[1]->pr_fname),
	    strjoin(strjoin("[", lltostr(args[1]->pr_pid)), "]"));
}

/*@ details */
printf("%s%s", probename, this->details);
