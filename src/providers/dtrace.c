/*
 * dtrace.c - the dtrace provider: BEGIN, END and ERROR.
 *
 * These probes fire in the consumer's own context: their clauses are one
 * raw-tracepoint program that the consumer runs with BPF_PROG_TEST_RUN,
 * passing the probe id and arguments in the context.  Nothing is attached,
 * so nothing is left behind and no uprobe slows the machine's mmaps.
 */
#include "provider.h"

#include <linux/bpf.h>

static void dtrace_provide(struct dt_probes *tab, const struct dt_pdesc *pd)
{
	(void)pd;
	/* created once, in order, so they have ids 1, 2 and 3 */
	probe_create(tab, &dt_provider_dtrace, "", "", "BEGIN", 0);
	probe_create(tab, &dt_provider_dtrace, "", "", "END", 0);
	probe_create(tab, &dt_provider_dtrace, "", "", "ERROR", 0);
}

static int dtrace_attach(struct dt_probe *p, int prog_fd)
{
	(void)p;
	(void)prog_fd;
	return 0;
}

static void dtrace_detach(struct dt_probe *p)
{
	(void)p;
}

/* The context BPF_PROG_TEST_RUN passes is u64[12]: the probe id, then
 * arg0..arg9 (consumer/session.c, run_dtrace_probe). */
static void dtrace_gen_prologue(struct cg *g, int out)
{
	(void)out;
	cg_emit(g, BPF_LDX_MEM(BPF_DW, BPF_REG_0, BPF_REG_6, 0));
}

static void dtrace_gen_arg(struct cg *g, int i)
{
	if (i < 10)
		cg_emit(g, BPF_LDX_MEM(BPF_DW, BPF_REG_0, BPF_REG_6, (int16_t)(8 * (i + 1))));
	else
		cg_emit(g, BPF_MOV64_IMM(BPF_REG_0, 0));
}

/* END runs after exit(), of course. */
static void dtrace_gen_after_exit(struct cg *g, int run)
{
	cg_emit(g, BPF_LDX_MEM(BPF_DW, BPF_REG_1, BPF_REG_10, CG_FP_PRID));
	cg_jmp_imm(g, BPF_JEQ, BPF_REG_1, DTRACE_PROBE_END, run);
}

const struct dt_provider dt_provider_dtrace = {
	.name = "dtrace",
	.prog_name = "dt_dtrace",
	.cg = {
		.gen_prologue = dtrace_gen_prologue,
		.gen_arg = dtrace_gen_arg,
		.gen_after_exit = dtrace_gen_after_exit,
		.no_kernel_stack = 1,	/* BEGIN and END have no stack of their own */
	},
	.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.provide = dtrace_provide,
	.attach = dtrace_attach,
	.detach = dtrace_detach,
};
