/* curcpu (lib/dtrace/sched.d): the probe's CPU as cpuinfo_t, its cpu_id the
 * cpu built-in; Linux has no processor sets (cpu_pset -1, PS_NONE) and the
 * package and NUMA node are 0 (not read yet); pset, chip and lgrp are
 * inlines over curcpu, as in DTrace. */
#pragma D option quiet
BEGIN
{
	printf("cpu_id is cpu %d, pset %d %d, chip %d, lgrp %d\n",
	    curcpu->cpu_id == cpu, curcpu->cpu_pset, pset, chip, lgrp);
	exit(0);
}
