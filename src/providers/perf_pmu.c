/*
 * perf_pmu.c - probes as perf events of the dynamic PMUs ("kprobe" since
 * 4.17, "uprobe" since 4.17, ref_ctr_offset since 4.20), each with a BPF
 * link (BPF cookies through the link since 5.15).  Neither writes tracefs's
 * kprobe_events/uprobe_events, so nothing is left behind in the kernel when
 * dtrace dies: closing the fds removes the probes.
 */
#include "perf_pmu.h"

#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <bpf/bpf.h>

/* A fact of the running kernel read once: a process-wide read-only cache,
 * one entry per PMU we use. */
int perf_pmu_type(const char *pmu)
{
	static int kprobe = -2, uprobe = -2;
	int *type = strcmp(pmu, "kprobe") == 0 ? &kprobe : &uprobe;
	char path[96];
	FILE *f;

	if (*type == -2) {
		*type = -1;
		snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/type", pmu);
		if ((f = fopen(path, "re"))) {
			if (fscanf(f, "%d", type) != 1)
				*type = -1;
			fclose(f);
		}
	}
	return *type;
}

/* "config:N" in the PMU's format/retprobe; 0 on every kernel so far. */
int perf_pmu_retprobe_bit(const char *pmu)
{
	char path[96];
	FILE *f;
	int bit = 0;

	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/format/retprobe", pmu);
	if ((f = fopen(path, "re"))) {
		if (fscanf(f, "config:%d", &bit) != 1)
			bit = 0;
		fclose(f);
	}
	return bit;
}

/* A process traces thousands of sites with one fd each: past the soft
 * limit on open files (often 1024), take what the hard limit allows. */
static int more_fds(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) < 0 || rl.rlim_cur >= rl.rlim_max)
		return 0;
	rl.rlim_cur = rl.rlim_max;
	return setrlimit(RLIMIT_NOFILE, &rl) == 0;
}

/* Every process: cpu 0 (a BPF program runs wherever the probe fires; the
 * cpu only makes the event valid).  One process: any cpu. */
static int perf_open(struct perf_event_attr *attr, int pid)
{
	int cpu = pid < 0 ? 0 : -1;
	int fd = (int)syscall(__NR_perf_event_open, attr, pid, cpu, -1, PERF_FLAG_FD_CLOEXEC);

	if (fd < 0 && errno == EMFILE && more_fds())
		fd = (int)syscall(__NR_perf_event_open, attr, pid, cpu, -1, PERF_FLAG_FD_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

int perf_pmu_attach(struct perf_event_attr *attr, int pid, int prog_fd, uint64_t cookie)
{
	int pfd = perf_open(attr, pid), lfd;

	if (pfd < 0)
		return pfd;
	LIBBPF_OPTS(bpf_link_create_opts, lo, .perf_event.bpf_cookie = cookie);
	lfd = bpf_link_create(prog_fd, pfd, BPF_PERF_EVENT, &lo);
	if (lfd == -EMFILE && more_fds())
		lfd = bpf_link_create(prog_fd, pfd, BPF_PERF_EVENT, &lo);
	/* the link holds the perf event: one fd per probe, not two */
	close(pfd);
	return lfd;
}
