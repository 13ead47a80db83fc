/*
 * profile.c - the profile provider: profile-N (every CPU) and tick-N (one
 * CPU) at a rate or period with any DTrace time unit, as perf software
 * cpu-clock events running a perf-event program whose cookie is the probe id.
 */
#include "provider.h"

#include <ctype.h>
#include <errno.h>
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <strings.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "../common/util.h"

#define MIN_PERIOD_NS 200000ULL		/* DTrace refuses faster than 200us */

/* "profile-97", "tick-1sec", ...: the period in ns, or 0 if not valid. */
static uint64_t parse_period(const char *name, int *is_tick)
{
	static const struct {
		const char *unit;
		uint64_t ns;	/* 0: a rate in Hz */
	} units[] = {
		{"ns", 1}, {"nsec", 1}, {"us", 1000}, {"usec", 1000},
		{"ms", 1000000}, {"msec", 1000000}, {"s", 1000000000ULL},
		{"sec", 1000000000ULL}, {"m", 60000000000ULL},
		{"min", 60000000000ULL}, {"h", 3600000000000ULL},
		{"hour", 3600000000000ULL}, {"d", 86400000000000ULL},
		{"day", 86400000000000ULL}, {"hz", 0}, {"", 0},
	};
	const char *p;
	char *end;
	unsigned long long n;

	if (strncmp(name, "profile-", 8) == 0) {
		*is_tick = 0;
		p = name + 8;
	} else if (strncmp(name, "tick-", 5) == 0) {
		*is_tick = 1;
		p = name + 5;
	} else {
		return 0;
	}
	if (!isdigit((unsigned char)*p))
		return 0;
	n = strtoull(p, &end, 10);
	if (n == 0)
		return 0;
	/* the unit in any case, read as DTrace's sscanf("%lu%4s") reads it:
	 * its first four characters ("tick-1hours" is an hour) */
	char unit[5];
	snprintf(unit, sizeof(unit), "%s", end);
	for (size_t i = 0; i < ARRAY_SIZE(units); i++) {
		if (strcasecmp(unit, units[i].unit) != 0)
			continue;
		uint64_t period = units[i].ns ? n * units[i].ns : 1000000000ULL / n;
		return period >= MIN_PERIOD_NS ? period : 0;
	}
	return 0;
}

static void add(struct dt_probes *tab, const char *name)
{
	int tick;
	uint64_t period = parse_period(name, &tick);

	if (period)
		probe_create(tab, &dt_provider_profile, "", "", name, period);
}

static void profile_provide(struct dt_probes *tab, const struct dt_pdesc *pd)
{
	static const char *const defaults[] = {
		"profile-97", "profile-199", "profile-499", "profile-997",
		"profile-1999", "profile-4001", "profile-4999", "tick-1",
		"tick-10", "tick-100", "tick-500", "tick-1000", "tick-5000",
	};

	if (pd && *pd->name && !dt_is_glob(pd->name) &&
	    (!*pd->mod || !dt_is_glob(pd->mod))) {
		if (*pd->mod || *pd->func)
			return;		/* profile probes have no module or function */
		add(tab, pd->name);
		return;
	}
	for (size_t i = 0; i < ARRAY_SIZE(defaults); i++)
		add(tab, defaults[i]);
}

static int perf_open(uint64_t period, int cpu)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_CPU_CLOCK;
	attr.sample_period = period;
	attr.wakeup_events = 1;
	return (int)syscall(__NR_perf_event_open, &attr, -1, cpu, -1, PERF_FLAG_FD_CLOEXEC);
}

static void profile_detach(struct dt_probe *p);

static int profile_attach(struct dt_probe *p, int prog_fd)
{
	int tick = strncmp(p->name, "tick-", 5) == 0;
	int ncpu = tick ? 1 : (int)sysconf(_SC_NPROCESSORS_ONLN);

	p->fds = xcalloc((size_t)ncpu * 2, sizeof(int));
	for (int cpu = 0; cpu < ncpu; cpu++) {
		int pfd = perf_open(p->arg, cpu);
		if (pfd < 0) {
			int e = -errno;
			if (!tick && e == -ENODEV)
				continue;	/* offline CPU */
			profile_detach(p);	/* nothing of a failed attach stays */
			return e;
		}
		LIBBPF_OPTS(bpf_link_create_opts, lo, .perf_event.bpf_cookie = p->id);
		int lfd = bpf_link_create(prog_fd, pfd, BPF_PERF_EVENT, &lo);
		if (lfd < 0) {
			close(pfd);
			profile_detach(p);
			return lfd;
		}
		p->fds[p->nfds++] = lfd;
		p->fds[p->nfds++] = pfd;
	}
	return 0;
}

static void profile_detach(struct dt_probe *p)
{
	for (int i = 0; i < p->nfds; i++)
		close(p->fds[i]);
	p->nfds = 0;
	free(p->fds);
	p->fds = NULL;
}

/* arg0 = the interrupted kernel pc, arg1 = the user pc: one of them is 0
 * (the context is struct pt_regs: cs at 136, ip at 128 on x86_64). */
static void profile_gen_arg(struct cg *g, int i)
{
	if (i <= 1) {
		int user = cg_new_label(g), done = cg_new_label(g);
		cg_emit(g, BPF_LDX_MEM(BPF_DW, BPF_REG_1, BPF_REG_6, 136));
		cg_emit(g, BPF_ALU64_IMM(BPF_AND, BPF_REG_1, 3));
		cg_emit(g, BPF_LDX_MEM(BPF_DW, BPF_REG_0, BPF_REG_6, 128));
		cg_jmp_imm(g, BPF_JNE, BPF_REG_1, 0, user);
		if (i == 1)
			cg_emit(g, BPF_MOV64_IMM(BPF_REG_0, 0));
		cg_jmp(g, done);
		cg_place(g, user);
		if (i == 0)
			cg_emit(g, BPF_MOV64_IMM(BPF_REG_0, 0));
		cg_place(g, done);
		return;
	}
	cg_emit(g, BPF_MOV64_IMM(BPF_REG_0, 0));
}

const struct dt_provider dt_provider_profile = {
	.name = "profile",
	.prog_name = "dt_profile",
	.cg = {
		.gen_prologue = cg_prologue_cookie,
		.gen_arg = profile_gen_arg,
	},
	.prog_type = BPF_PROG_TYPE_PERF_EVENT,
	.provide = profile_provide,
	.attach = profile_attach,
	.detach = profile_detach,
};
