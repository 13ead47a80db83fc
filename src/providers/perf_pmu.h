/*
 * perf_pmu.h - the perf "kprobe" and "uprobe" PMUs, as kprobe.c and
 * uprobe.c hang BPF programs on them: one perf event per probed address,
 * a BPF link holding it (see perf_pmu.c).
 */
#ifndef DT_PERF_PMU_H
#define DT_PERF_PMU_H

#include <stdint.h>

struct perf_event_attr;

/* The PMU's perf type ("kprobe", "uprobe"), or -1 when the kernel has none. */
int perf_pmu_type(const char *pmu);
/* The bit of config that makes a return probe (format/retprobe). */
int perf_pmu_retprobe_bit(const char *pmu);
/*
 * Open the event attr describes (pid -1: every process, else that one) and
 * link prog_fd to it with the BPF cookie: returns the link's fd (which
 * holds the event: closing it removes the probe), or -errno.  Past the soft
 * limit on open files, the hard limit is taken.
 */
int perf_pmu_attach(struct perf_event_attr *attr, int pid, int prog_fd, uint64_t cookie);

#endif
