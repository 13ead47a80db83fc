/*
 * stable.c - the stable providers' mechanisms (see stable.h): which of
 * their probes this kernel can offer, attaching them, and the BPF context
 * of each mechanism.  The providers themselves are tables of rows (proc.c,
 * ...), listed below.
 *
 * One program kind per mechanism serves every stable provider: a raw
 * tracepoint program (BPF cookie = probe id from 6.10, one instance per
 * probe before, as for sdt), a program on system calls' trace events, a
 * kprobe program and a kretprobe program (perf events with the probe id
 * as cookie).  Tracepoints come first: some kernels (this project's
 * development machines) have no kprobes at all.  A probe's function field is the
 * tracepoint or kernel function it is made of, as DTrace names the function
 * a probe is in; several probes of one name (proc:::exec at execve and at
 * execveat) are one name to a script.
 *
 * A probe whose mechanism this kernel lacks (a tracepoint it does not
 * have, a function renamed away) is not made: -l does not list it, and a
 * description naming only such probes matches nothing; unavailable() says
 * which provider offers nothing here.
 */
#include "provider.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>


#include <bpf/btf.h>

#include "../common/kallsyms.h"
#include "../common/util.h"
#include "kprobe.h"
#include "stable.h"
#include "tracefs.h"

static const struct stable_provider *const stable_providers[] = {
	&stable_proc,
	&stable_lockstat,
	&stable_ip,
	&stable_tcp,
	&stable_udp,
	&stable_sched,
	&stable_io,
	NULL,
};

/* Kernel functions named by the rows, resolved once per table. */
struct stable_state {
	int resolved;
	const char **want;	/* every alternative of every kprobe target */
	char **found;		/* its name in kallsyms (with a suffix), or NULL */
	int n;
	/* the last description given to provide, for stable_unavailable */
	char *last_prov, *last_name;
};

static void state_fini(void *arg)
{
	struct stable_state *st = arg;

	for (int i = 0; i < st->n; i++)
		free(st->found[i]);
	free(st->last_prov);
	free(st->last_name);
	free(st->want);
	free(st->found);
}

static struct stable_state *state(struct dt_probes *tab)
{
	/* one key for the three tables: the functions are the same */
	return probes_pvstate(tab, &dt_provider_stable_kprobe, sizeof(struct stable_state), state_fini);
}

static enum stable_how how_of(const struct dt_provider *pv)
{
	return pv == &dt_provider_stable_rawtp ? STABLE_RAWTP
	       : pv == &dt_provider_stable_syscall ? STABLE_SYSCALL
	       : pv == &dt_provider_stable_kprobe ? STABLE_KPROBE
	       : pv == &dt_provider_stable_contention ? STABLE_CONTENTION : STABLE_KRETPROBE;
}

/* a core-kernel text symbol named f, or f with a compiler suffix
 * (finish_task_switch.isra.0) */
static int note_symbol(void *arg, uint64_t addr, char type, const char *name, const char *mod)
{
	struct stable_state *st = arg;

	(void)addr;
	if ((type != 't' && type != 'T') || strcmp(mod, "vmlinux") != 0)
		return 0;
	for (int i = 0; i < st->n; i++) {
		size_t n = strlen(st->want[i]);
		if (st->found[i] || strncmp(name, st->want[i], n) != 0 || (name[n] && name[n] != '.'))
			continue;
		st->found[i] = xstrdup(name);
	}
	return 0;
}

static void add_alternatives(struct stable_state *st, const char *target)
{
	for (const char *s = target; *s;) {
		const char *bar = strchr(s, '|');
		size_t n = bar ? (size_t)(bar - s) : strlen(s);
		st->want = xrealloc(st->want, (size_t)(st->n + 1) * sizeof(*st->want));
		st->found = xrealloc(st->found, (size_t)(st->n + 1) * sizeof(*st->found));
		st->want[st->n] = xstrndup(s, n);
		st->found[st->n] = NULL;
		st->n++;
		s += n + (bar != NULL);
	}
}

/* One pass over kallsyms finds every kprobe row's function. */
static void resolve(struct stable_state *st)
{
	if (st->resolved)
		return;
	st->resolved = 1;
	for (const struct stable_provider *const *sp = stable_providers; *sp; sp++)
		for (int i = 0; i < (*sp)->nprobes; i++)
			if ((*sp)->probes[i].how == STABLE_KPROBE || (*sp)->probes[i].how == STABLE_KRETPROBE)
				add_alternatives(st, (*sp)->probes[i].target);
	kallsyms_each(note_symbol, st);
}

/* The function a kprobe row attaches to here, or NULL. */
static const char *kprobe_function(struct dt_probes *tab, const char *target)
{
	struct stable_state *st = state(tab);
	const char *found = NULL;

	resolve(st);
	/* the first alternative, in the row's order, that the kernel has */
	for (const char *s = target; *s && !found;) {
		const char *bar = strchr(s, '|');
		size_t n = bar ? (size_t)(bar - s) : strlen(s);
		for (int i = 0; i < st->n && !found; i++)
			if (strlen(st->want[i]) == n && strncmp(st->want[i], s, n) == 0)
				found = st->found[i];
		s += n + (bar != NULL);
	}
	return found;
}

/* The tracepoint a raw tracepoint row names, if the kernel has it (its
 * BTF has a btf_trace_NAME for every tracepoint, bare ones too), or NULL. */
static const char *tracepoint_name(const char *target)
{
	struct btf *b = types_vmlinux_btf();
	const char *colon = strchr(target, ':');
	const char *name = colon ? colon + 1 : target;
	char tn[256];

	snprintf(tn, sizeof(tn), "btf_trace_%s", name);
	return b && btf__find_by_name_kind(b, tn, BTF_KIND_TYPEDEF) > 0 ? name : NULL;
}

/* A system call's trace event "syscalls:NAME": NAME if tracefs has it. */
static const char *syscall_event(const char *target)
{
	const char *root = tracefs_root();
	const char *colon = strchr(target, ':');
	char path[512];
	struct stat sb;

	if (!root || !colon)
		return NULL;
	snprintf(path, sizeof(path), "%s/events/%.*s/%s", root, (int)(colon - target), target, colon + 1);
	return stat(path, &sb) == 0 ? colon + 1 : NULL;
}

/* Where row r attaches on this kernel (the probe's function), or NULL. */
static const char *row_target(struct dt_probes *tab, const struct stable_probe *r)
{
	switch (r->how) {
	case STABLE_RAWTP: return tracepoint_name(r->target);
	case STABLE_SYSCALL: return syscall_event(r->target);
	/* the contention's end, where its begin is seen too */
	case STABLE_CONTENTION: return tracepoint_name("lock:contention_begin") ? tracepoint_name(r->target) : NULL;
	/* a kernel without kprobes (this project's development machines)
	 * offers none of these rows, whatever functions it has */
	default: return kprobe_pmu_type() >= 0 ? kprobe_function(tab, r->target) : NULL;
	}
}

static int glob_ok(const char *pat, const char *s)
{
	return !pat || !*pat || dt_glob_match(pat, s);
}

/* Whether a row of r's name before r can be made here. */
static int earlier_available(struct dt_probes *tab, const struct stable_provider *sp, const struct stable_probe *r)
{
	for (const struct stable_probe *q = sp->probes; q < r; q++)
		if (strcmp(q->name, r->name) == 0 && row_target(tab, q))
			return 1;
	return 0;
}

/* The description a provide was last given, for stable_unavailable. */
static void note_pdesc(struct dt_probes *tab, const struct dt_pdesc *pd)
{
	struct stable_state *st = state(tab);

	free(st->last_prov);
	free(st->last_name);
	st->last_prov = pd && pd->prov ? xstrdup(pd->prov) : NULL;
	st->last_name = pd && pd->name ? xstrdup(pd->name) : NULL;
}

void stable_provide(const struct dt_provider *pv, struct dt_probes *tab, const struct dt_pdesc *pd)
{
	enum stable_how how = how_of(pv);

	note_pdesc(tab, pd);
	if (pd && !glob_ok(pd->mod, "vmlinux"))
		return;
	for (const struct stable_provider *const *sp = stable_providers; *sp; sp++) {
		if (pd && !glob_ok(pd->prov, (*sp)->name))
			continue;
		for (int i = 0; i < (*sp)->nprobes; i++) {
			const struct stable_probe *r = &(*sp)->probes[i];
			const char *func;
			if (r->how != how || (pd && !glob_ok(pd->name, r->name)))
				continue;
			if (r->fallback && earlier_available(tab, *sp, r))
				continue;
			func = row_target(tab, r);
			if (!func || (pd && !glob_ok(pd->func, func)))
				continue;
			struct dt_probe *p = probe_create_in(tab, pv, (*sp)->name, "vmlinux", func, r->name,
							     (uint64_t)(uintptr_t)r);
			p->pred = r->pred;
		}
	}
}

static void rawtp_provide(struct dt_probes *tab, const struct dt_pdesc *pd)
{
	stable_provide(&dt_provider_stable_rawtp, tab, pd);
}

static void syscall_provide(struct dt_probes *tab, const struct dt_pdesc *pd)
{
	stable_provide(&dt_provider_stable_syscall, tab, pd);
}

static void kprobe_provide(struct dt_probes *tab, const struct dt_pdesc *pd)
{
	stable_provide(&dt_provider_stable_kprobe, tab, pd);
}

static void kretprobe_provide(struct dt_probes *tab, const struct dt_pdesc *pd)
{
	stable_provide(&dt_provider_stable_kretprobe, tab, pd);
}

int stable_serves(const char *prov)
{
	for (const struct stable_provider *const *sp = stable_providers; *sp; sp++)
		if (glob_ok(prov, (*sp)->name))
			return 1;
	return 0;
}

static const struct stable_probe *row_of(const struct dt_probe *p)
{
	return (const struct stable_probe *)(uintptr_t)p->arg;
}

void stable_args(struct dt_probe *p)
{
	const struct stable_probe *r = row_of(p);
	int n = 0;

	while (n < STABLE_MAXARGS && r->args[n].expr)
		n++;
	if (!n)
		return;
	p->argtypes = xcalloc((size_t)n, sizeof(*p->argtypes));
	p->argnames = xcalloc((size_t)n, sizeof(*p->argnames));
	p->argxnames = xcalloc((size_t)n, sizeof(*p->argxnames));
	p->argexprs = xcalloc((size_t)n, sizeof(*p->argexprs));
	for (int i = 0; i < n; i++) {
		p->argnames[i] = xstrdup(r->args[i].native);
		p->argxnames[i] = xstrdup(r->args[i].xlate ? r->args[i].xlate : r->args[i].native);
		p->argexprs[i] = r->args[i].expr;
	}
	p->nargs = n;
}

/* Why the last description matched nothing: the reason its provider
 * gives for the probes it names (struct stable_absent), or NULL. */
const char *stable_unavailable(struct dt_probes *tab)
{
	struct stable_state *st = state(tab);

	if (!st->last_prov)
		return NULL;
	for (const struct stable_provider *const *sp = stable_providers; *sp; sp++) {
		if (!glob_ok(st->last_prov, (*sp)->name))
			continue;
		for (int i = 0; i < (*sp)->nabsent; i++)
			if (!st->last_name || !*st->last_name || dt_glob_match(st->last_name, (*sp)->absent[i].names) ||
			    dt_glob_match((*sp)->absent[i].names, st->last_name))
				return (*sp)->absent[i].why;
	}
	return NULL;
}

static int rawtp_attach(struct dt_probe *p, int prog_fd)
{
	int fd = rawtp_open(p->func, prog_fd, p->id);

	/* before 6.10 a raw tracepoint takes no cookie: the program is then
	 * an instance of this probe's own (consumer/load.c) */
	if (fd == -EINVAL)
		fd = rawtp_open(p->func, prog_fd, 0);
	return probe_hold_fd(p, fd);
}

/* A system call's trace event by its id, the probe id as the cookie. */
static int syscall_attach(struct dt_probe *p, int prog_fd)
{
	return probe_hold_fd(p, tracefs_perf_attach("syscalls", p->func, prog_fd, p->id));
}

static int kprobe_attach(struct dt_probe *p, int prog_fd)
{
	return probe_hold_fd(p, kprobe_perf_attach(prog_fd, p->func, 0, 0, p->pv == &dt_provider_stable_kretprobe, p->id));
}

/* A system call's trace event: its common header and number (16 bytes),
 * then the call's six arguments, or its return value, as u64s. */
static void syscall_gen_arg(struct cg *g, int i)
{
	cg_emit(g, BPF_MOV64_REG(BPF_REG_3, BPF_REG_6));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, BPF_REG_3, 16 + 8 * i));
	cg_read_kernel_u64(g);
}

/* At a kretprobe, arg0 is the function's return value. */
static void kretprobe_gen_arg(struct cg *g, int i)
{
	if (i == 0)
		kprobe_gen_retval(g);
	else
		cg_emit(g, BPF_MOV64_IMM(BPF_REG_0, 0));
}

const struct dt_provider dt_provider_stable_rawtp = {
	.name = "stable-rawtp",
	.prog_name = "dt_stable_tp",
	.cg = {
		.gen_prologue = cg_prologue_cookie,
		.gen_arg = rawtp_gen_arg,
	},
	.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.provide = rawtp_provide,
	.attach = rawtp_attach,
	.detach = probe_close_fds,
	.args = stable_args,
	.serves = stable_serves,
	.unavailable = stable_unavailable,
};

const struct dt_provider dt_provider_stable_syscall = {
	.name = "stable-syscall",
	.prog_name = "dt_stable_sc",
	.cg = {
		.gen_prologue = cg_prologue_cookie,
		.gen_arg = syscall_gen_arg,
	},
	.prog_type = BPF_PROG_TYPE_TRACEPOINT,
	.provide = syscall_provide,
	.attach = syscall_attach,
	.detach = probe_close_fds,
	.args = stable_args,
	.serves = stable_serves,
};

const struct dt_provider dt_provider_stable_kprobe = {
	.name = "stable-kprobe",
	.prog_name = "dt_stable_kp",
	.cg = {
		.gen_prologue = cg_prologue_cookie,
		.gen_arg = kprobe_gen_arg,
	},
	.prog_type = BPF_PROG_TYPE_KPROBE,
	.provide = kprobe_provide,
	.attach = kprobe_attach,
	.detach = probe_close_fds,
	.args = stable_args,
	.serves = stable_serves,
};

const struct dt_provider dt_provider_stable_kretprobe = {
	.name = "stable-kretprobe",
	.prog_name = "dt_stable_krp",
	.cg = {
		.gen_prologue = cg_prologue_cookie,
		.gen_arg = kretprobe_gen_arg,
	},
	.prog_type = BPF_PROG_TYPE_KPROBE,
	.provide = kretprobe_provide,
	.attach = kprobe_attach,
	.detach = probe_close_fds,
	.args = stable_args,
	.serves = stable_serves,
};
