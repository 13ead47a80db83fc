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

const struct dt_provider dt_provider_dtrace = {
	.name = "dtrace",
	.ctx = CTX_TESTRUN,
	.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.provide = dtrace_provide,
	.attach = dtrace_attach,
	.detach = dtrace_detach,
};
