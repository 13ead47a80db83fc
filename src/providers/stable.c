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
 * development machines) have no kprobes at all.
 *
 * As in DTrace (dt_prov_proc.c, dt_prov_sched.c, dt_provider_sdt.c: each
 * probe inserted once, module "vmlinux", function ""), a provider has one
 * probe per name, its function empty, made of every row of that name this
 * kernel offers (its sites: proc:::exec at execve and at execveat,
 * proc:::start at clone, clone3, fork and vfork).  The probe attaches at
 * each site; the BPF cookie is the probe id with the site's index in its
 * high 32 bits, and where the sites' conditions or arguments differ, the
 * probe's D chooses by the site (SITE_ARG).  The system call events'
 * program is loaded once per probe (cg_prologue_const): the kernel keeps
 * one list of programs per trace event and refuses a program twice in it
 * (EEXIST), and several probes (start, lwp-start) share their events.
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

/* A probe's sites: the rows of its name this kernel offers (stable.h),
 * where each attaches, and the probe's D made of theirs. */
#define STABLE_MAXSITES 8
struct stable_set {
	const struct stable_probe *rows[STABLE_MAXSITES];
	const char *where[STABLE_MAXSITES];	/* tracepoint, event or function */
	int n;
	char *pred;				/* NULL: always */
	char *exprs[STABLE_MAXARGS];
};

/* arg9 of a stable mechanism is the site that fired (the cookie's high
 * half; 0 where the program has no cookie: raw tracepoints before 6.10, so
 * a raw tracepoint probe's sites must agree in their D).  No row reads
 * arguments that far. */
#define SITE_ARG 9

/* Kernel functions named by the rows, resolved once per table. */
struct stable_state {
	int resolved;
	const char **want;	/* every alternative of every kprobe target */
	char **found;		/* its name in kallsyms (with a suffix), or NULL */
	int n;
	/* the last description given to provide, for stable_unavailable */
	char *last_prov, *last_name;
	struct stable_set **sets;	/* every probe's, freed with the table */
	int nsets;
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
	for (int i = 0; i < st->nsets; i++) {
		free(st->sets[i]->pred);
		for (int a = 0; a < STABLE_MAXARGS; a++)
			free(st->sets[i]->exprs[a]);
		free(st->sets[i]);
	}
	free(st->sets);
}

static struct stable_state *state(struct dt_probes *tab)
{
	/* one key for the three tables: the functions are the same */
	return probes_pvstate(tab, &dt_provider_stable_kprobe, sizeof(struct stable_state), state_fini);
}

/* The table whose program serves a mechanism. */
static const struct dt_provider *table_of(enum stable_how how)
{
	switch (how) {
	case STABLE_RAWTP: return &dt_provider_stable_rawtp;
	case STABLE_SYSCALL: return &dt_provider_stable_syscall;
	case STABLE_KPROBE: return &dt_provider_stable_kprobe;
	case STABLE_KRETPROBE: return &dt_provider_stable_kretprobe;
	default: return &dt_provider_stable_contention;
	}
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

/* The description a provide was last given, for stable_unavailable. */
static void note_pdesc(struct dt_probes *tab, const struct dt_pdesc *pd)
{
	struct stable_state *st = state(tab);

	free(st->last_prov);
	free(st->last_name);
	st->last_prov = pd && pd->prov ? xstrdup(pd->prov) : NULL;
	st->last_name = pd && pd->name ? xstrdup(pd->name) : NULL;
}

static int same_d(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

/* D that is each site's own d (NULL: dflt), by the site where they differ:
 * "arg9 == 0 ? (d0) : arg9 == 1 ? (d1) : (d2)"; NULL when it is dflt
 * everywhere. */
static char *by_site(const struct stable_set *set, const char *const *d, const char *dflt)
{
	struct strbuf sb;
	int same = 1;

	for (int i = 1; i < set->n; i++)
		same &= same_d(d[i], d[0]);
	if (same)
		return d[0] ? xstrdup(d[0]) : NULL;
	sb_init(&sb);
	for (int i = 0; i < set->n - 1; i++)
		sb_printf(&sb, "arg%d == %d ? (%s) : ", SITE_ARG, i, d[i] ? d[i] : dflt);
	sb_printf(&sb, "(%s)", d[set->n - 1] ? d[set->n - 1] : dflt);
	return sb.s;
}

/* The sites of sp's probe named by row first (the first row of its name):
 * the rows of the name this kernel offers, or where it offers none of
 * them, its fallback rows it offers; all of the first one's mechanism (a
 * probe is one program's).  Returns how many. */
static int find_sites(struct dt_probes *tab, const struct stable_provider *sp, const struct stable_probe *first,
		      struct stable_set *set)
{
	for (int fallback = 0; fallback < 2 && !set->n; fallback++)
		for (const struct stable_probe *r = first; r < sp->probes + sp->nprobes; r++) {
			const char *where;
			if (strcmp(r->name, first->name) != 0 || !r->fallback != !fallback)
				continue;
			if (set->n && (r->how != set->rows[0]->how || set->n == STABLE_MAXSITES))
				continue;
			if (!(where = row_target(tab, r)))
				continue;
			set->rows[set->n] = r;
			set->where[set->n++] = where;
		}
	return set->n;
}

static void make_probe(struct dt_probes *tab, const struct stable_provider *sp, const struct stable_probe *first)
{
	struct stable_state *st = state(tab);
	struct stable_set set = {0}, *s;
	const char *d[STABLE_MAXSITES];

	if (probe_lookup(tab, sp->name, "vmlinux", "", first->name) || !find_sites(tab, sp, first, &set))
		return;
	s = xcalloc(1, sizeof(*s));
	*s = set;
	for (int i = 0; i < s->n; i++)
		d[i] = s->rows[i]->pred;
	s->pred = by_site(s, d, "1");
	for (int a = 0; a < STABLE_MAXARGS && s->rows[0]->args[a].expr; a++) {
		for (int i = 0; i < s->n; i++)
			d[i] = s->rows[i]->args[a].expr;
		s->exprs[a] = by_site(s, d, "0");
	}
	st->sets = xrealloc(st->sets, (size_t)(st->nsets + 1) * sizeof(*st->sets));
	st->sets[st->nsets++] = s;
	struct dt_probe *p = probe_create_in(tab, table_of(s->rows[0]->how), sp->name, "vmlinux", "", first->name,
					     (uint64_t)(uintptr_t)s);
	p->pred = s->pred;
}

/* Every table's provide makes the probes of all of them, in the rows'
 * order (the order -l lists them in). */
void stable_provide(const struct dt_provider *pv, struct dt_probes *tab, const struct dt_pdesc *pd)
{
	(void)pv;
	note_pdesc(tab, pd);
	if (pd && (!glob_ok(pd->mod, "vmlinux") || !glob_ok(pd->func, "")))
		return;
	for (const struct stable_provider *const *sp = stable_providers; *sp; sp++) {
		if (pd && !glob_ok(pd->prov, (*sp)->name))
			continue;
		for (int i = 0; i < (*sp)->nprobes; i++) {
			const struct stable_probe *r = &(*sp)->probes[i];
			int seen = 0;
			for (int j = 0; j < i && !seen; j++)
				seen = strcmp((*sp)->probes[j].name, r->name) == 0;
			if (!seen && !(pd && !glob_ok(pd->name, r->name)))
				make_probe(tab, *sp, r);
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

static const struct stable_set *set_of(const struct dt_probe *p)
{
	return (const struct stable_set *)(uintptr_t)p->arg;
}

int stable_nsites(const struct dt_probe *p)
{
	return set_of(p)->n;
}

const char *stable_site(const struct dt_probe *p, int i)
{
	return set_of(p)->where[i];
}

void stable_args(struct dt_probe *p)
{
	const struct stable_set *s = set_of(p);
	const struct stable_probe *r = s->rows[0];
	int n = 0;

	while (n < STABLE_MAXARGS && s->exprs[n])
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
		p->argexprs[i] = s->exprs[i];
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

/* The cookie of probe p's site i: the probe id, the site above it. */
static uint64_t site_cookie(const struct dt_probe *p, int i)
{
	return p->id | (uint64_t)i << 32;
}

/* Attach p at each of its sites (one(p, i, prog_fd) returns the site's
 * fd or -errno); on a failure none stays attached. */
static int attach_sites(struct dt_probe *p, int prog_fd, int (*one)(struct dt_probe *p, int i, int prog_fd))
{
	int n = stable_nsites(p);

	free(p->fds);		/* an earlier attachment's, closed at detach */
	p->fds = xcalloc((size_t)n, sizeof(int));
	p->nfds = 0;
	for (int i = 0; i < n; i++) {
		int fd = one(p, i, prog_fd);
		if (fd < 0) {
			probe_close_fds(p);
			return fd;
		}
		p->fds[p->nfds++] = fd;
	}
	return 0;
}

static int rawtp_site(struct dt_probe *p, int i, int prog_fd)
{
	int fd = rawtp_open(stable_site(p, i), prog_fd, site_cookie(p, i));

	/* before 6.10 a raw tracepoint takes no cookie: the program is then
	 * an instance of this probe's own (consumer/load.c) */
	if (fd == -EINVAL)
		fd = rawtp_open(stable_site(p, i), prog_fd, 0);
	return fd;
}

static int rawtp_attach(struct dt_probe *p, int prog_fd)
{
	return attach_sites(p, prog_fd, rawtp_site);
}

/* A system call's trace event by its id; the program is the probe's own
 * instance (the probe id a constant), the cookie says the site. */
static int syscall_site(struct dt_probe *p, int i, int prog_fd)
{
	return tracefs_perf_attach("syscalls", stable_site(p, i), prog_fd, site_cookie(p, i));
}

static int syscall_attach(struct dt_probe *p, int prog_fd)
{
	return attach_sites(p, prog_fd, syscall_site);
}

static int kprobe_site(struct dt_probe *p, int i, int prog_fd)
{
	return kprobe_perf_attach(prog_fd, stable_site(p, i), 0, 0, p->pv == &dt_provider_stable_kretprobe,
				  site_cookie(p, i));
}

static int kprobe_attach(struct dt_probe *p, int prog_fd)
{
	return attach_sites(p, prog_fd, kprobe_site);
}

/* The probe id: the cookie's low 32 bits (the high ones are the site). */
void stable_prologue(struct cg *g, int out)
{
	cg_prologue_cookie(g, out);
	cg_emit(g, BPF_MOV32_REG(BPF_REG_0, BPF_REG_0));
}

/* r0 = the site that fired (SITE_ARG). */
void stable_gen_site(struct cg *g)
{
	cg_attach_cookie(g);
	cg_emit(g, BPF_ALU64_IMM(BPF_RSH, BPF_REG_0, 32));
}

static void stable_rawtp_gen_arg(struct cg *g, int i)
{
	if (i == SITE_ARG)
		stable_gen_site(g);
	else
		rawtp_gen_arg(g, i);
}

/* A system call's trace event: its common header and number (16 bytes),
 * then the call's six arguments, or its return value, as u64s. */
static void syscall_gen_arg(struct cg *g, int i)
{
	if (i == SITE_ARG) {
		stable_gen_site(g);
		return;
	}
	cg_emit(g, BPF_MOV64_REG(BPF_REG_3, BPF_REG_6));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, BPF_REG_3, 16 + 8 * i));
	cg_read_kernel_u64(g);
}

static void stable_kprobe_gen_arg(struct cg *g, int i)
{
	if (i == SITE_ARG)
		stable_gen_site(g);
	else
		kprobe_gen_arg(g, i);
}

/* At a kretprobe, arg0 is the function's return value. */
static void kretprobe_gen_arg(struct cg *g, int i)
{
	if (i == SITE_ARG)
		stable_gen_site(g);
	else if (i == 0)
		kprobe_gen_retval(g);
	else
		cg_emit(g, BPF_MOV64_IMM(BPF_REG_0, 0));
}

const struct dt_provider dt_provider_stable_rawtp = {
	.name = "stable-rawtp",
	.prog_name = "dt_stable_tp",
	.cg = {
		.gen_prologue = stable_prologue,
		.gen_arg = stable_rawtp_gen_arg,
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
		.gen_prologue = cg_prologue_const,
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
		.gen_prologue = stable_prologue,
		.gen_arg = stable_kprobe_gen_arg,
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
		.gen_prologue = stable_prologue,
		.gen_arg = kretprobe_gen_arg,
	},
	.prog_type = BPF_PROG_TYPE_KPROBE,
	.provide = kretprobe_provide,
	.attach = kprobe_attach,
	.detach = probe_close_fds,
	.args = stable_args,
	.serves = stable_serves,
};
