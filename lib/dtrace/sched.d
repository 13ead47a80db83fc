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
	psetid_t cpu_pset;	/* 0: Linux has no processor sets (cpusets
				   restrict tasks, not CPUs); 0 is DTrace's
				   default set */
	chipid_t cpu_chip;	/* its physical package */
	lgrp_id_t cpu_lgrp;	/* its NUMA node (DTrace's locality group) */
} cpuinfo_t;

typedef cpuinfo_t *cpuinfo_t_p;

inline psetid_t PS_NONE = -1;

/*
 * From the CPU's number: the translated CPU of a run queue (rq->cpu).  Its
 * package and node are this table's 0: they are data of the consumer's,
 * written into each CPU's own scratch for curcpu, the built-in pointer to
 * the cpuinfo_t of the CPU the probe fires on (whose members are the ones
 * of struct rec_cpuinfo, codegen/record.h).
 */
translator cpuinfo_t < int C > {
	cpu_id = C;
	cpu_pset = 0;
	cpu_chip = 0;
	cpu_lgrp = 0;
};

inline psetid_t pset = curcpu->cpu_pset;
inline chipid_t chip = curcpu->cpu_chip;
inline lgrp_id_t lgrp = curcpu->cpu_lgrp;
