/*
 * sched-latency - threads that waited DWATCH_SCHED_MS milliseconds or more
 * (default 10; 0 for every one) from being woken to running: the run
 * queue's latency, shown when the thread gets its CPU.
 *
 *   2026 Nov 24 01:50:00 0.0 make[4242]: waited 12.345 ms to run
 *
 * From sched:::wakeup (in the waker; args[0] the woken thread) to
 * sched:::on-cpu in the woken thread.  A thread's first run after fork
 * is not on-cpu on kernels from 6.16 (docs/PROVIDERS.md).
 */

/*@ probe */
sched:::on-cpu

/*@ clauses */
this uint64_t latency;
uint64_t dwatch_woken[int];

sched:::wakeup
{
	dwatch_woken[args[0]->pr_lwpid] = timestamp;
}

sched:::on-cpu
{
	this->latency = dwatch_woken[tid] ? timestamp - dwatch_woken[tid] : 0;
	dwatch_woken[tid] = 0;
}

/*@ test */
this->latency > 0 && this->latency >= (uint64_t)${DWATCH_SCHED_MS:-10} * 1000000

/*@ details */
printf("waited %d.%03d ms to run", this->latency / 1000000,
    (this->latency % 1000000) / 1000);
