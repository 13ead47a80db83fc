/*
 * open.c - a handle's life and its error state: dtrace_open/close, the last
 * error and its message, the handlers a consumer installs, and the option
 * calls.  The library prints nothing itself: what goes wrong is returned
 * here, and what happens while tracing goes to the handlers.
 */
#include "dt_impl.h"
#include "../common/version.h"

/* capability numbers older headers lack */
#define DT_CAP_PERFMON 38
#define DT_CAP_BPF 39

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/capability.h>
#include <sys/syscall.h>

#include <bpf/libbpf.h>

#include "../front/cc.h"
#include "../providers/provider.h"
#include "ksyms.h"
#include "usyms.h"

const char *const _dtrace_version = "Oracle D 2.0";

static int silent_libbpf(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	(void)level;
	(void)fmt;
	(void)ap;
	return 0;
}

/*
 * Whether this process may trace, as the kernel will judge when it loads
 * the programs: CAP_BPF and CAP_PERFMON (Linux 5.8), or CAP_SYS_ADMIN,
 * which includes both (root has all three).  Asked before any work, so
 * that a user without them is told what is needed rather than, halfway,
 * that an operation was not permitted.  docs/PRIVILEGES.md says what each
 * feature needs beyond these.
 */
static int may_trace(void)
{
	struct __user_cap_header_struct hdr = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct d[2];
	uint64_t eff;

	if (syscall(SYS_capget, &hdr, d) != 0)
		return 1;	/* cannot tell: the kernel will */
	eff = d[0].effective | (uint64_t)d[1].effective << 32;
	return (eff >> CAP_SYS_ADMIN & 1) || ((eff >> DT_CAP_BPF & 1) && (eff >> DT_CAP_PERFMON & 1));
}

/*
 * The most frames the kernel's stack walks give a BPF program
 * (kernel.perf_event_max_stack), DTrace's default for maxframes; 127,
 * the kernel's own default, if it cannot be read.
 */
static uint32_t perf_event_max_stack(void)
{
	FILE *f = fopen("/proc/sys/kernel/perf_event_max_stack", "r");
	unsigned long n = 0;

	if (f) {
		if (fscanf(f, "%lu", &n) != 1)
			n = 0;
		fclose(f);
	}
	return n > 0 && n <= UINT32_MAX ? (uint32_t)n : 127;
}

dtrace_hdl_t *dtrace_open(int version, int flags, int *errp)
{
	struct dtrace_hdl *h;

	if (version > DTRACE_VERSION) {
		if (errp)
			*errp = EDT_VERSION;
		return NULL;
	}
	if (flags & ~DTRACE_O_MASK) {
		if (errp)
			*errp = EINVAL;
		return NULL;
	}
	if (!(flags & DTRACE_O_NODEV) && !may_trace()) {
		if (errp)
			*errp = EDT_ACCESS;
		return NULL;
	}
	/* libbpf's own messages would go to stderr: the library prints nothing
	 * (a verifier rejection comes back in dtrace_errmsg()) */
	libbpf_set_print(silent_libbpf);
	h = xcalloc(1, sizeof(*h));
	h->o.strsize = 256;
	h->o.printsize = 8192;	/* DTrace's DT_PRINT_DEF_SIZE */
	h->o.pcapsize = DT_PCAP_DEFSIZE;
	h->o.scratchsize = 8 + 256;	/* DTrace's default scratch space */
	h->o.bufsize = 4 << 20;
	h->o.dynvarsize = 1 << 20;
	h->o.cpu = -1;
	h->o.stackindent = -1;
	h->o.switchrate_ns = 1000000000ULL;
	h->o.aggsize = 4 << 20;
	h->o.specsize = 4 << 20;	/* DTrace's default */
	h->o.stackframes = 20;
	h->o.ustackframes = 100;
	h->o.jstackframes = 50;
	h->o.maxframes = perf_event_max_stack();
	h->o.nspec = 1;
	h->odefaults = h->o;
	h->vmax = DT_VERS_LATEST;
	h->ncpus = (int)sysconf(_SC_NPROCESSORS_CONF);
	h->nkinds = provider_nkinds();
	h->progs = xcalloc((size_t)h->nkinds, sizeof(*h->progs));
	h->prog_pv = xcalloc((size_t)h->nkinds, sizeof(*h->prog_pv));
	h->prog_fds = xcalloc((size_t)h->nkinds, sizeof(*h->prog_fds));
	for (int i = 0; i < h->nkinds; i++)
		h->prog_fds[i] = -1;
	h->cc = dt_cc_create();
	h->probes = probes_create();
	h->ksyms = ksyms_create();
	h->usyms = usyms_create();
	dt_out_init(&h->out, DT_OFMT_TEXT, 0);
	if (errp)
		*errp = 0;
	return h;
}

void dtrace_close(dtrace_hdl_t *h)
{
	if (!h)
		return;
	if (h->active && !h->stopped)
		dtrace_stop(h);
	dt_proc_release_all(h);
	/* the ring buffer's mapping and epoll fd: the mapping holds the map,
	 * which would otherwise outlive the handle in a consumer that goes on */
	ring_buffer__free(h->rb);
	h->rb = NULL;
	dt_unload(h);
	probes_destroy(h->probes);
	dt_spec_free(h);
	free(h->held);	/* dt_consume_begin's (its records are freed as replayed) */
	dt_pcap_close(h);
	dt_aggregate_free(h);
	ksyms_destroy(h->ksyms);
	usyms_destroy(h->usyms);
	dt_out_free(&h->out);
	dt_compile_free(h);
	dt_cc_destroy(h->cc);
	dt_dlib_free(h);
	dt_list_free(h);
	for (int i = 0; i < h->cpp_args.n; i++)
		free(h->cpp_args.v[i]);
	free(h->cpp_args.v);
	free(h->o.cpp_path);
	free(h->progs);
	free(h->prog_pv);
	free(h->prog_fds);
	free(h->cpu_drops);
	free(h->enabled.v);
	free(h->errmsg_long);
	free(h);
}

int dt_set_errno(struct dtrace_hdl *h, int err)
{
	h->err = err;
	h->errmsg[0] = 0;
	free(h->errmsg_long);
	h->errmsg_long = NULL;
	return -1;
}

/* An error message of any length (msg is the handle's from now on). */
int dt_set_errmsg_long(struct dtrace_hdl *h, int err, char *msg)
{
	dt_set_errno(h, err);
	snprintf(h->errmsg, sizeof(h->errmsg), "%s", msg);
	h->errmsg_long = msg;
	return -1;
}

int dt_set_errmsg(struct dtrace_hdl *h, int err, const char *fmt, ...)
{
	va_list ap;

	h->err = err;
	va_start(ap, fmt);
	vsnprintf(h->errmsg, sizeof(h->errmsg), fmt, ap);
	va_end(ap);
	free(h->errmsg_long);	/* after: an argument may have been it */
	h->errmsg_long = NULL;
	return -1;
}

int dtrace_errno(dtrace_hdl_t *h)
{
	return h->err;
}

static const char *const edt_text[] = {
	[EDT_VERSION - EDT_BASE] = "Client requested version newer than library",
	[EDT_COMPILER - EDT_BASE] = "Error in D program compilation",
	[EDT_NOMEM - EDT_BASE] = "Memory allocation failure",
	[EDT_BADOPTNAME - EDT_BASE] = "Invalid option name",
	[EDT_BADOPTVAL - EDT_BASE] = "Invalid value for specified option",
	[EDT_BADOPTCTX - EDT_BASE] = "Option cannot be used from within a D program",
	[EDT_ENABLING - EDT_BASE] = "Tracing could not be enabled",
	[EDT_ISANON - EDT_BASE] = "An anonymous tracing state already exists",
	[EDT_ERRABORT - EDT_BASE] = "Abort due to error",
	[EDT_DROPABORT - EDT_BASE] = "Abort due to drop",
	[EDT_DIRABORT - EDT_BASE] = "Abort explicitly directed",
	[EDT_BADRVAL - EDT_BASE] = "Invalid return value from callback",
	[EDT_NOPROBE - EDT_BASE] = "No probe matches description",
	[EDT_BADSPEC - EDT_BASE] = "Invalid probe specification",
	[EDT_ACTIVE - EDT_BASE] = "Operation illegal when tracing is active",
	[EDT_NOPROC - EDT_BASE] = "No such process",
	[EDT_COMPAT - EDT_BASE] = "The running kernel lacks what this needs",
	[EDT_ACCESS - EDT_BASE] = ("DTrace requires additional privileges: root, or the capabilities CAP_BPF and "
				   "CAP_PERFMON (see dtrace(1), PRIVILEGES)"),
	[EDT_DESTRUCTIVE - EDT_BASE] = "Destructive actions not allowed",
	[EDT_VERSINVAL - EDT_BASE] = "Version is not properly formatted or is too large",
	[EDT_VERSUNDEF - EDT_BASE] = "Requested version is not supported by compiler",
	[EDT_VERSREDUCED - EDT_BASE] = "Requested version conflicts with earlier setting",
	[EDT_NOREG - EDT_BASE] = "Insufficient registers to generate code",
};

const char *dtrace_errmsg(dtrace_hdl_t *h, int err)
{
	if (h && err == h->err && h->errmsg_long)
		return h->errmsg_long;
	if (h && err == h->err && h->errmsg[0])
		return h->errmsg;
	if (err >= EDT_BASE && err - EDT_BASE < (int)ARRAY_SIZE(edt_text) && edt_text[err - EDT_BASE])
		return edt_text[err - EDT_BASE];
	return strerror(err);
}

const char *dtrace_faultstr(dtrace_hdl_t *h, int fault)
{
	static const char *const text[] = {
		[DTRACEFLT_UNKNOWN] = "unknown fault",
		[DTRACEFLT_BADADDR] = "invalid address",
		[DTRACEFLT_BADALIGN] = "invalid alignment",
		[DTRACEFLT_ILLOP] = "illegal operation",
		[DTRACEFLT_DIVZERO] = "divide-by-zero",
		[DTRACEFLT_NOSCRATCH] = "out of scratch space",
		[DTRACEFLT_KPRIV] = "invalid kernel access",
		[DTRACEFLT_UPRIV] = "invalid user access",
		[DTRACEFLT_TUPOFLOW] = "tuple stack overflow",
		[DTRACEFLT_BADSTACK] = "bad stack",
		[DTRACEFLT_BADSIZE] = "invalid size",
		[DTRACEFLT_BADINDEX] = "index out of bounds",
	};

	(void)h;
	if (fault < 0 || fault >= (int)ARRAY_SIZE(text))
		return text[DTRACEFLT_UNKNOWN];
	return text[fault];
}

int dtrace_handle_err(dtrace_hdl_t *h, dtrace_handle_err_f *hdlr, void *arg)
{
	h->errhdlr = hdlr;
	h->errarg = arg;
	return 0;
}

int dtrace_handle_drop(dtrace_hdl_t *h, dtrace_handle_drop_f *hdlr, void *arg)
{
	h->drophdlr = hdlr;
	h->droparg = arg;
	return 0;
}

int dtrace_handle_proc(dtrace_hdl_t *h, dtrace_handle_proc_f *hdlr, void *arg)
{
	h->prochdlr = hdlr;
	h->procarg = arg;
	return 0;
}

int dtrace_handle_buffered(dtrace_hdl_t *h, dtrace_handle_buffered_f *hdlr, void *arg)
{
	h->bufhdlr = hdlr;
	h->bufarg = arg;
	return 0;
}

int dtrace_setopt(dtrace_hdl_t *h, const char *opt, const char *val)
{
	if (!opt)
		return dt_set_errno(h, EINVAL);
	return dt_opt_set(h, opt, val);
}

int dtrace_getopt(dtrace_hdl_t *h, const char *opt, dtrace_optval_t *val)
{
	if (!opt || !val)
		return dt_set_errno(h, EINVAL);
	return dt_opt_get(h, opt, val);
}

/* dtrace_stability_name() and dtrace_class_name(): common/attr.c */
