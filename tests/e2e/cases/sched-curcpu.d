/* curcpu: the built-in pointer to the probe's CPU as cpuinfo_t (its type
 * from lib/dtrace/sched.d, its data written into each CPU's scratch by the
 * consumer).  It may be kept in a variable and read through, its cpu_id is
 * the cpu built-in on every CPU, its processor set is 0 as DTrace's
 * default set (Linux has none), its package and NUMA node are those sysfs
 * gives (checked by sched-curcpu-sysfs); pset, chip and lgrp are inlines
 * over it, as in DTrace.  Stores through it (kept in a variable, as
 * curcpu itself is not writable: DT_NF_WRITABLE) are invalid addresses. */
#pragma D option quiet

profile-997
/i++ < 40/
{
	this->c = curcpu;
	@ids[this->c->cpu_id == cpu, curcpu->cpu_pset, this->c == curcpu] = count();
}

profile-997
/i == 41/
{
	printf("pset %d %d, chip %d, lgrp %d\n", curcpu->cpu_pset, pset,
	    chip == curcpu->cpu_chip, lgrp == curcpu->cpu_lgrp);
	printa("cpu_id is cpu %d, pset %d, kept %d: %@d\n", @ids);
	printf("%d bytes\n", sizeof (*curcpu));
}

profile-997
/i == 41/
{
	alloca(8);
	this->c = curcpu;
	this->c->cpu_id = 7;
}

ERROR
{
	exit(0);
}
