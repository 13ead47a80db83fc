/*
 * kprobe.c - hanging a BPF program (BPF_PROG_TYPE_KPROBE) on kernel
 * addresses, for fbt and kinst: one perf "kprobe" PMU event per address
 * (kprobes since 4.17, BPF cookies through the link since 5.15), or one
 * kprobe_multi link for any number of function entries or returns (5.18,
 * CONFIG_FPROBE).  Neither writes tracefs kprobe_events, so nothing is left
 * behind in the kernel when dtrace dies: closing the fds removes the probes.
 *
 * And the registers of the context both kinds of program see, an x86-64
 * struct pt_regs.
 */
#include "kprobe.h"

#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "../bpf/pt_regs.h"
#include "../codegen/emit.h"


/* A fact of the running kernel read once: a process-wide read-only cache. */
int kprobe_pmu_type(void)
{
	static int type = -2;
	FILE *f;

	if (type == -2) {
		type = -1;
		if ((f = fopen("/sys/bus/event_source/devices/kprobe/type", "re"))) {
			if (fscanf(f, "%d", &type) != 1)
				type = -1;
			fclose(f);
		}
	}
	return type;
}

/* The bit of config that makes a kretprobe ("config:N" in the PMU's
 * format/retprobe; 0 on every kernel so far). */
static int retprobe_bit(void)
{
	FILE *f = fopen("/sys/bus/event_source/devices/kprobe/format/retprobe", "re");
	int bit = 0;

	if (f) {
		if (fscanf(f, "config:%d", &bit) != 1)
			bit = 0;
		fclose(f);
	}
	return bit;
}

/* A process traces thousands of functions with one fd each: past the soft
 * limit on open files (often 1024), take what the hard limit allows. */
static int more_fds(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) < 0 || rl.rlim_cur >= rl.rlim_max)
		return 0;
	rl.rlim_cur = rl.rlim_max;
	return setrlimit(RLIMIT_NOFILE, &rl) == 0;
}

static int perf_open(struct perf_event_attr *attr)
{
	int fd = (int)syscall(__NR_perf_event_open, attr, -1, 0, -1, PERF_FLAG_FD_CLOEXEC);

	if (fd < 0 && errno == EMFILE && more_fds())
		fd = (int)syscall(__NR_perf_event_open, attr, -1, 0, -1, PERF_FLAG_FD_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

int kprobe_perf_attach(int prog_fd, const char *func, uint64_t off, uint64_t addr, int ret, uint64_t cookie)
{
	struct perf_event_attr attr;
	int pfd, lfd;

	if (kprobe_pmu_type() < 0)
		return -EOPNOTSUPP;
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = (uint32_t)kprobe_pmu_type();
	attr.config = ret ? 1ULL << retprobe_bit() : 0;
	/* config1 names the function (0: config2 is an address), config2
	 * is the offset in it */
	attr.config1 = func ? (uint64_t)(uintptr_t)func : 0;
	attr.config2 = func ? off : addr;
	pfd = perf_open(&attr);
	if (pfd < 0)
		return pfd;
	LIBBPF_OPTS(bpf_link_create_opts, lo, .perf_event.bpf_cookie = cookie);
	lfd = bpf_link_create(prog_fd, pfd, BPF_PERF_EVENT, &lo);
	if (lfd < 0 && lfd == -EMFILE && more_fds())
		lfd = bpf_link_create(prog_fd, pfd, BPF_PERF_EVENT, &lo);
	/* the link holds the perf event: one fd per kprobe, not two */
	close(pfd);
	return lfd;
}

int kprobe_multi_attach(int prog_fd, const uint64_t *addrs, const uint64_t *cookies, uint32_t n, int ret)
{
	LIBBPF_OPTS(bpf_link_create_opts, lo);
	int fd;

	lo.kprobe_multi.flags = ret ? BPF_F_KPROBE_MULTI_RETURN : 0;
	lo.kprobe_multi.cnt = n;
	lo.kprobe_multi.addrs = (const unsigned long *)addrs;
	lo.kprobe_multi.cookies = (const __u64 *)cookies;
	fd = bpf_link_create(prog_fd, 0, BPF_TRACE_KPROBE_MULTI, &lo);
	return fd < 0 ? -errno : fd;
}

/*
 * A link on a real function is the only unambiguous test: a kernel
 * without the attach type and one without CONFIG_FPROBE both answer
 * EINVAL or EOPNOTSUPP to a malformed request, and so does a kernel with it.
 */
int kprobe_multi_works(const char *func)
{
	struct bpf_insn insns[] = { BPF_MOV64_IMM(BPF_REG_0, 0), BPF_EXIT_INSN() };
	LIBBPF_OPTS(bpf_prog_load_opts, po, .expected_attach_type = BPF_TRACE_KPROBE_MULTI);
	int pfd = bpf_prog_load(BPF_PROG_TYPE_KPROBE, "dt_kmulti_test", "GPL", insns, 2, &po), lfd;

	if (pfd < 0)
		return 0;
	LIBBPF_OPTS(bpf_link_create_opts, lo);
	lo.kprobe_multi.cnt = 1;
	lo.kprobe_multi.syms = &func;
	lfd = bpf_link_create(pfd, 0, BPF_TRACE_KPROBE_MULTI, &lo);
	close(pfd);
	if (lfd < 0)
		return 0;
	close(lfd);
	return 1;
}

/*
 * The context is the probed CPU's registers.  At a function's first
 * instruction the return address is at sp, the stack arguments above it.
 */
void kprobe_gen_arg(struct cg *g, int i)
{
	if (i < 6) {
		cg_emit(g, BPF_LDX_MEM(BPF_DW, BPF_REG_0, BPF_REG_6, pt_regs_arg(i)));
		return;
	}
	cg_emit(g, BPF_LDX_MEM(BPF_DW, BPF_REG_3, BPF_REG_6, PT_REGS_SP));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, BPF_REG_3, 8 * (i - 5)));
	cg_read_kernel_u64(g);
}

void kprobe_gen_retval(struct cg *g)
{
	cg_emit(g, BPF_LDX_MEM(BPF_DW, BPF_REG_0, BPF_REG_6, PT_REGS_AX));
}
