/*
 * sched.d - CPUs as DTrace describes them (cpuinfo_t), curcpu, and the
 * other types of the sched provider's arguments (pri_t).  Threads and
 * processes (lwpsinfo_t, psinfo_t) are procfs.d's.
 *
 * Every member has a Linux meaning or is documented here as 0.  This file
 * is part of dtrace's D library: read it to see where a value comes from; a
 * copy in a directory given with -L replaces it.
 */

#pragma D depends_on provider sched

/* processorid_t and psetid_t are the compiler's own (front/types.c) */
typedef id_t chipid_t;
typedef id_t lgrp_id_t;
typedef short pri_t;

typedef struct cpuinfo {
	processorid_t cpu_id;	/* the CPU's number */
	psetid_t cpu_pset;	/* -1 (PS_NONE): Linux has no processor sets
				   (cpusets restrict tasks, not CPUs) */
	chipid_t cpu_chip;	/* 0: the physical package is per-CPU data
				   (cpu_info) that D cannot reach yet */
	lgrp_id_t cpu_lgrp;	/* 0: the NUMA node is per-CPU data
				   (numa_node) that D cannot reach yet */
} cpuinfo_t;

typedef cpuinfo_t *cpuinfo_t_p;

inline psetid_t PS_NONE = -1;

/* From the CPU's number: the translated CPU of a run queue (rq->cpu), or
 * of the probe (the cpu built-in). */
translator cpuinfo_t < int C > {
	cpu_id = C;
	cpu_pset = PS_NONE;
	cpu_chip = 0;
	cpu_lgrp = 0;
};

/* the CPU the probe fires on (DTrace's curcpu; its cpu_id is `cpu`) */
inline cpuinfo_t *curcpu = xlate <cpuinfo_t *> (cpu);

inline psetid_t pset = curcpu->cpu_pset;
inline chipid_t chip = curcpu->cpu_chip;
inline lgrp_id_t lgrp = curcpu->cpu_lgrp;
