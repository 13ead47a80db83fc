/*
 * kprobe.c - hanging a BPF program (BPF_PROG_TYPE_KPROBE) on kernel
 * addresses, for fbt and kinst: one perf "kprobe" PMU event per address
 * (perf_pmu.c), or one kprobe_multi link for any number of function
 * entries or returns (5.18, CONFIG_FPROBE).  Neither writes tracefs
 * kprobe_events, so nothing is left behind in the kernel when dtrace dies:
 * closing the fds removes the probes.
 *
 * And the registers of the context both kinds of program see, an x86-64
 * struct pt_regs.
 */
#include "kprobe.h"

#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "../bpf/pt_regs.h"
#include "../codegen/emit.h"
#include "perf_pmu.h"


int kprobe_pmu_type(void)
{
	return perf_pmu_type("kprobe");
}

int kprobe_perf_attach(int prog_fd, const char *func, uint64_t off, uint64_t addr, int ret, uint64_t cookie)
{
	struct perf_event_attr attr;

	if (kprobe_pmu_type() < 0)
		return -EOPNOTSUPP;
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = (uint32_t)kprobe_pmu_type();
	attr.config = ret ? 1ULL << perf_pmu_retprobe_bit("kprobe") : 0;
	/* config1 names the function (0: config2 is an address), config2
	 * is the offset in it */
	attr.config1 = func ? (uint64_t)(uintptr_t)func : 0;
	attr.config2 = func ? off : addr;
	return perf_pmu_attach(&attr, -1, prog_fd, cookie);
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
