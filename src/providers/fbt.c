/*
 * fbt.c - the fbt provider: fbt:MODULE:FUNCTION:entry and :return for every
 * kernel function ftrace can trace (tracefs available_filter_functions),
 * MODULE "vmlinux" for the core kernel as Oracle's DTrace names it.
 *
 * How the probes are hung is chosen at run time: what the kernel offers
 * once per handle, and then for each description:
 *   - fentry/fexit (BPF trampolines, 5.5; module functions 5.11) where the
 *     kernel loads a fentry program (kfeat_fentry_works) and the
 *     description matches at most FENTRY_MAX functions: each function is a
 *     program instance of its own, bound to the function's BTF id at load
 *     (consumer/load.c, load_target) and attached with a tracing link.  A
 *     trampoline is cheaper per firing than a kprobe, but each instance is
 *     a verifier pass, so a wide wildcard would take minutes to load: past
 *     FENTRY_MAX the kprobe paths below serve the whole description.  A
 *     function fentry cannot take falls back to them too: no BTF prototype,
 *     variadic, more than FENTRY_MAXARGS arguments, an argument or return
 *     value that is not an integer, enum or pointer (a struct by value).
 *     The probe id is each instance's constant, so no fentry cookie (6.0)
 *     is needed;
 *   - kprobe_multi links (5.18, CONFIG_FPROBE) where the kernel has them:
 *     one link for every enabled entry probe and one for every return
 *     probe, the cookie of each function's address being its probe id, so
 *     a thousand functions attach and detach in one system call each way;
 *   - else one perf kprobe (kretprobe) event per function address, with the
 *     probe id as the link's BPF cookie (5.15): each costs a perf event, and
 *     detaching each waits for the kernel to retire it (tens of ms apiece),
 *     so wide wildcards are slow to stop there;
 *   - else nothing: the listing is empty and a script naming fbt is told
 *     why (unavailable).
 * Once a probe exists its mechanism stays: a wide description after a
 * narrow one keeps the narrow one's fentry probes.
 * DTRACE_FBT_ATTACH in the environment forces one path, to compare them,
 * to test each, or to work around a kernel's problem with one: "kprobe"
 * (one kprobe per function, never fentry), "kprobe_multi" (never fentry),
 * "fentry" (fentry for every function that can take it, whatever the
 * count; the others by kprobes).  A path the kernel lacks is not forced.
 *
 * The probe's arg indexes the handle's function list; the functions'
 * addresses are read (kallsyms, or available_filter_functions_addrs when
 * the kernel has it) only when probes are attached.  args[] are typed from
 * the function's BTF prototype (the module's BTF for a module function).
 * At return, arg1 (args[1], of the function's return type) is the return
 * value and arg0 is -1, as in Oracle's DTrace: DTrace's arg0 there is the
 * offset of the returning instruction, which a kretprobe, an fprobe or
 * fexit, all firing in a return trampoline, can no longer know.  For the
 * same reason a kretprobe's stack() starts in the caller, at the return
 * address; an entry probe's starts in the function itself, since the
 * kernel unwinds from the probed registers, not from the BPF program.  A
 * fentry or fexit program's stack is unwound from the program, through
 * its trampoline, whose frames the consumer drops as it drops any BPF
 * frame (ksym_is_glue); next comes the trampoline's return address, in
 * the function: so a fentry stack starts in the function as a kprobe's
 * does, and so does a fexit stack, unlike a kretprobe's (the trampoline
 * called the function, and the address it was called from stays on the
 * stack until it returns).  Skipping that frame at fexit would need the
 * number of BPF frames above it, which the program does not know.
 *
 * A fentry context is an array of u64: the arguments in order, and at
 * fexit the return value after them.  The program is shared by every
 * instance, so argument i is read only where the instance's function has
 * it (cg_ctx_nargs: the verifier rejects a read past the end even on a
 * path never taken, but follows only the path the constant allows).
 */
#include "provider.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "../common/kallsyms.h"
#include "../common/util.h"
#include "kprobe.h"
#include "tracefs.h"

enum fbt_mech { MECH_UNKNOWN, MECH_NONE, MECH_KPROBE, MECH_KMULTI };

/* DTRACE_FBT_ATTACH */
enum fbt_force { FORCE_NONE, FORCE_KPROBE, FORCE_KMULTI, FORCE_FENTRY };

/* At most this many functions in a description are fentry programs (one
 * verifier pass each); more go by kprobe_multi or kprobes. */
#define FENTRY_MAX 64
/* The arguments every kernel's x86-64 trampoline passes (6.5 passes 12,
 * but the kprobe paths read six registers too). */
#define FENTRY_MAXARGS 6

struct fbt_func {
	char *name, *mod;
	uint64_t *addrs;	/* where it is (several for a name defined twice) */
	int naddrs;
};

struct fbt_fid {
	const char *name;	/* in the BTF's strings */
	uint32_t id;
};

/* The BTF of vmlinux or of one module, and its functions by name. */
struct fbt_modbtf {
	char *mod;
	struct btf *btf;	/* NULL: the module has none; vmlinux's is shared */
	struct fbt_fid *fids;	/* its BTF_KIND_FUNCs sorted by name, on first use */
	size_t nfids;
	int obj_fd;		/* the kernel's BTF object of a module (fentry's
				 * attach_btf_obj_fd), opened on first use; -1 */
};

/* One handle's fbt state. */
struct fbt_state {
	enum fbt_mech mech;	/* the kprobe path */
	int fentry;		/* fentry programs load here */
	enum fbt_force force;
	const char *why;	/* neither: the reason */
	struct fbt_func *funcs;
	size_t nfuncs, cap;
	int resolved;		/* funcs[].addrs read */
	struct fbt_modbtf *btfs;
	int nbtfs;
	int link[2], refs[2];	/* the kprobe_multi links: entry, return */
};

static void fbt_state_fini(void *arg)
{
	struct fbt_state *st = arg;

	for (size_t i = 0; i < st->nfuncs; i++) {
		free(st->funcs[i].name);
		free(st->funcs[i].mod);
		free(st->funcs[i].addrs);
	}
	free(st->funcs);
	for (int i = 0; i < st->nbtfs; i++) {
		if (strcmp(st->btfs[i].mod, "vmlinux") != 0)
			btf__free(st->btfs[i].btf);
		if (st->btfs[i].obj_fd >= 0)
			close(st->btfs[i].obj_fd);
		free(st->btfs[i].mod);
		free(st->btfs[i].fids);
	}
	free(st->btfs);
	for (int i = 0; i < 2; i++)
		if (st->refs[i])
			close(st->link[i]);
}

static struct fbt_state *state(struct dt_probes *tab)
{
	return probes_pvstate(tab, &dt_provider_fbt_kmulti, sizeof(struct fbt_state), fbt_state_fini);
}

/* ---- which functions ----------------------------------------------------- */

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The kernel's kprobe blacklist (debugfs kprobes/blacklist), sorted;
 * debugfs is mounted when it is not, as tracefs is (tracefs.c): without
 * the list, one blacklisted function in a wildcard would fail the whole
 * enabling where each function is a kprobe. */
static void read_blacklist(struct ptrvec *bl)
{
	static const char path[] = "/sys/kernel/debug/kprobes/blacklist";
	FILE *f = fopen(path, "re");
	char line[512], name[256];

	if (!f && errno == ENOENT && mount("nodev", "/sys/kernel/debug", "debugfs", 0, NULL) == 0)
		f = fopen(path, "re");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%*s %255s", name) == 1)
			pv_push(bl, xstrdup(name));
	fclose(f);
	qsort(bl->v, (size_t)bl->n, sizeof(void *), cmp_str);
}

/*
 * The functions fbt leaves out, as DTrace leaves itself out:
 *   - those the kernel refuses to probe: its kprobe blacklist (NOKPROBE
 *     functions, the entry code, ...); notrace functions are not in
 *     available_filter_functions at all;
 *   - compiler-made copies (names with a '.': .isra.0, .constprop.0, .cold),
 *     which are not C functions with a prototype, as in Oracle's fbt;
 *   - the machinery a probe firing runs through: BPF (programs, maps, the
 *     helpers it calls), ftrace, fprobe/rethook, kprobes, perf, the tracing
 *     ring buffers, RCU, the stack unwinder, the nofault copies of
 *     probe-reads, preemption and migration counting.  The kernel would not
 *     recurse forever (it refuses nested BPF and ftrace recursion), but
 *     every such firing would be a miss, and the trace would show DTrace's
 *     own work.
 */
static int excluded(const char *name, const struct ptrvec *bl)
{
	static const char *const prefixes[] = {
		"bpf_", "__bpf", "___bpf", "btf_", "__btf", "ftrace", "__ftrace", "fprobe", "__fprobe", "rethook",
		"arch_rethook", "kprobe", "__kprobe", "kretprobe", "__kretprobe", "arch_kprobe", "perf_", "__perf",
		"trace_", "__trace", "tracing_", "ring_buffer", "rcu_", "__rcu", "srcu_", "__srcu",
		"htab_", "__htab", "array_map_", "percpu_array_", "ringbuf_", "unwind_", "__unwind", "orc_",
		"get_perf_callchain", "copy_from_kernel_nofault", "copy_from_user_nofault",
		"strncpy_from_kernel_nofault", "strncpy_from_user_nofault", "preempt_count_", "migrate_disable",
		"migrate_enable", "irq_work_", "__irq_work", "ktime_get_mono_fast_ns", "is_bpf_text_address",
		"kernel_text_address", "__kernel_text_address", "in_gate_area", "__x64_sys_perf_event_open",
	};
	const char *key = name;

	if (strchr(name, '.'))
		return 1;
	for (size_t i = 0; i < ARRAY_SIZE(prefixes); i++)
		if (strncmp(name, prefixes[i], strlen(prefixes[i])) == 0)
			return 1;
	return bl->n && bsearch(&key, bl->v, (size_t)bl->n, sizeof(void *), cmp_str);
}

/* available_filter_functions: "name" or "name [module]" per line. */
static void read_functions(struct fbt_state *st)
{
	const char *root = tracefs_root();
	char path[512], line[512], name[256], mod[128];
	struct ptrvec bl = {0};
	FILE *f;

	if (!root)
		return;
	snprintf(path, sizeof(path), "%s/available_filter_functions", root);
	f = fopen(path, "re");
	if (!f)
		return;
	read_blacklist(&bl);
	while (fgets(line, sizeof(line), f)) {
		int n = sscanf(line, "%255s [%127[^]]]", name, mod);
		if (n < 1 || excluded(name, &bl))
			continue;
		if (st->nfuncs == st->cap) {
			st->cap = st->cap ? st->cap * 2 : 65536;
			st->funcs = xrealloc(st->funcs, st->cap * sizeof(*st->funcs));
		}
		st->funcs[st->nfuncs++] = (struct fbt_func){ xstrdup(name), xstrdup(n == 2 ? mod : "vmlinux"), NULL, 0 };
	}
	fclose(f);
	for (int i = 0; i < bl.n; i++)
		free(bl.v[i]);
	free(bl.v);
}

/* The functions and the mechanism, found on first use. */
static struct fbt_state *ready(struct dt_probes *tab)
{
	struct fbt_state *st = state(tab);
	const char *force = getenv("DTRACE_FBT_ATTACH");

	if (st->mech != MECH_UNKNOWN)
		return st;
	st->mech = MECH_NONE;
	st->force = !force ? FORCE_NONE
		  : strcmp(force, "kprobe") == 0 ? FORCE_KPROBE
		  : strcmp(force, "kprobe_multi") == 0 ? FORCE_KMULTI
		  : strcmp(force, "fentry") == 0 ? FORCE_FENTRY : FORCE_NONE;
	read_functions(st);
	st->fentry = st->nfuncs && st->force != FORCE_KPROBE && st->force != FORCE_KMULTI && kfeat_fentry_works();
	if (st->nfuncs && st->force != FORCE_KPROBE && kprobe_multi_works(st->funcs[0].name))
		st->mech = MECH_KMULTI;
	else if (st->nfuncs && kprobe_pmu_type() >= 0)
		st->mech = MECH_KPROBE;
	if (st->mech != MECH_NONE || st->fentry)
		return st;
	if (kprobe_pmu_type() < 0)
		st->why = "fbt: this kernel offers neither kprobes nor fentry";
	else
		st->why = "fbt: the kernel's traceable functions (tracefs available_filter_functions) cannot be read";
	return st;
}

static const char *fbt_unavailable(struct dt_probes *tab)
{
	struct fbt_state *st = ready(tab);

	return st->why;
}

static int fentry_target(struct fbt_state *st, const struct fbt_func *fn, int *nargs, int *isvoid);
static struct fbt_modbtf *btf_entry(struct fbt_state *st, const char *mod);

static int match(const char *pat, const char *s)
{
	return !pat || !*pat || dt_glob_match(pat, s);
}

static void fbt_provide(struct dt_probes *tab, const struct dt_pdesc *pd)
{
	int entry = match(pd ? pd->name : NULL, "entry"), ret = match(pd ? pd->name : NULL, "return");
	struct fbt_state *st;
	const struct dt_provider *ent_pv, *ret_pv;

	if (!entry && !ret)
		return;
	st = ready(tab);
	if (st->why)
		return;
	/* the policy (see the top): fentry for a few functions, or for all
	 * where there is nothing else or the environment says so */
	int fentry = st->fentry && (st->mech == MECH_NONE || st->force == FORCE_FENTRY);
	if (st->fentry && !fentry && pd) {
		size_t n = 0;
		for (size_t i = 0; i < st->nfuncs && n <= FENTRY_MAX; i++)
			n += match(pd->func, st->funcs[i].name) && match(pd->mod, st->funcs[i].mod);
		fentry = n <= FENTRY_MAX;
	}
	ent_pv = st->mech == MECH_KMULTI ? &dt_provider_fbt_kmulti : &dt_provider_fbt_kprobe;
	ret_pv = st->mech == MECH_KMULTI ? &dt_provider_fbt_kmulti_return : &dt_provider_fbt_kprobe_return;
	for (size_t i = 0; i < st->nfuncs; i++) {
		const struct fbt_func *fn = &st->funcs[i];
		int fe;
		if (pd && (!match(pd->func, fn->name) || !match(pd->mod, fn->mod)))
			continue;
		fe = fentry && fentry_target(st, fn, NULL, NULL) > 0;
		if (!fe && st->mech == MECH_NONE)
			continue;
		if (entry)
			probe_create(tab, fe ? &dt_provider_fbt_fentry : ent_pv, fn->mod, fn->name, "entry", i);
		if (ret)
			probe_create(tab, fe ? &dt_provider_fbt_fexit : ret_pv, fn->mod, fn->name, "return", i);
	}
}

/* ---- where they are ---------------------------------------------------- */

static uint64_t func_hash(const char *name, const char *mod)
{
	uint64_t h = 1469598103934665603ULL;

	for (const char *c = name; *c; c++)
		h = (h ^ (unsigned char)*c) * 1099511628211ULL;
	for (const char *c = mod; *c; c++)
		h = (h ^ (unsigned char)*c) * 1099511628211ULL;
	return h;
}

struct resolve_ctx {
	struct fbt_state *st;
	size_t *slots;		/* function index + 1, open addressing */
	size_t cap;
};

static int add_addr(void *arg, uint64_t addr, char type, const char *name, const char *mod)
{
	struct resolve_ctx *c = arg;

	if (type != 't' && type != 'T')
		return 0;
	for (size_t i = func_hash(name, mod) & (c->cap - 1); c->slots[i]; i = (i + 1) & (c->cap - 1)) {
		struct fbt_func *fn = &c->st->funcs[c->slots[i] - 1];
		if (strcmp(fn->name, name) == 0 && strcmp(fn->mod, mod) == 0) {
			fn->addrs = xrealloc(fn->addrs, (size_t)(fn->naddrs + 1) * sizeof(uint64_t));
			fn->addrs[fn->naddrs++] = addr;
			break;
		}
	}
	return 0;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

struct u64vec {
	uint64_t *v;
	size_t n, cap;
};

static int add_text_start(void *arg, uint64_t addr, char type, const char *name, const char *mod)
{
	struct u64vec *v = arg;

	(void)name;
	(void)mod;
	if (type == 't' || type == 'T') {
		if (v->n == v->cap) {
			v->cap = v->cap ? v->cap * 2 : 65536;
			v->v = xrealloc(v->v, v->cap * sizeof(uint64_t));
		}
		v->v[v->n++] = addr;
	}
	return 0;
}

/*
 * Every traced function's start addresses, once: the kernel knows a
 * kprobe_multi function by its start (its cookie lookup uses the entry
 * address, not the ftrace call site after the endbr64).
 * available_filter_functions_addrs (6.5) lists the ftrace site of each
 * traceable function, whose start is the symbol containing it; without it,
 * every function symbol of that name in that module is taken (a static
 * function may be defined in several files).
 */
static void resolve(struct fbt_state *st)
{
	struct resolve_ctx c = { st, NULL, 1 };
	const char *root = tracefs_root();
	char path[512], line[512];
	FILE *f = NULL;

	if (st->resolved)
		return;
	st->resolved = 1;
	while (c.cap < st->nfuncs * 2)
		c.cap <<= 1;
	c.slots = xcalloc(c.cap, sizeof(size_t));
	for (size_t k = 0; k < st->nfuncs; k++) {
		struct fbt_func *fn = &st->funcs[k];
		size_t i = func_hash(fn->name, fn->mod) & (c.cap - 1);
		int dup = 0;
		for (; c.slots[i]; i = (i + 1) & (c.cap - 1)) {
			struct fbt_func *o = &st->funcs[c.slots[i] - 1];
			if (strcmp(o->name, fn->name) == 0 && strcmp(o->mod, fn->mod) == 0)
				dup = 1;
		}
		if (!dup)
			c.slots[i] = k + 1;
	}
	if (root) {
		snprintf(path, sizeof(path), "%s/available_filter_functions_addrs", root);
		f = fopen(path, "re");
	}
	if (f) {
		struct u64vec starts = {0};
		kallsyms_each(add_text_start, &starts);
		uint64_t *a = starts.v;
		qsort(a, starts.n, sizeof(uint64_t), cmp_u64);
		while (fgets(line, sizeof(line), f)) {
			unsigned long long site;
			char name[256], mod[128];
			int n = sscanf(line, "%llx %255s [%127[^]]]", &site, name, mod);
			size_t lo = 0, hi = starts.n;
			if (n < 2 || !hi || site < a[0])
				continue;
			while (hi - lo > 1) {		/* the last start <= site */
				size_t mid = (lo + hi) / 2;
				if (a[mid] <= site)
					lo = mid;
				else
					hi = mid;
			}
			add_addr(&c, a[lo], 't', name, n == 3 ? mod : "vmlinux");
		}
		fclose(f);
		free(starts.v);
	} else {
		kallsyms_each(add_addr, &c);
	}
	free(c.slots);
}

static const struct fbt_func *func_of(const struct dt_probe *p)
{
	return &state(p->tab)->funcs[p->arg];
}

static int is_return(const struct dt_probe *p)
{
	return p->pv == &dt_provider_fbt_kmulti_return || p->pv == &dt_provider_fbt_kprobe_return ||
	       p->pv == &dt_provider_fbt_fexit;
}

/* ---- attaching ---------------------------------------------------------- */

/* kprobes: one perf event per address of the function. */
static int fbt_kprobe_attach(struct dt_probe *p, int prog_fd)
{
	struct fbt_state *st = state(p->tab);
	const struct fbt_func *fn;
	int err = -ENOENT;

	resolve(st);
	fn = &st->funcs[p->arg];
	p->fds = xcalloc((size_t)fn->naddrs + 1, sizeof(int));
	p->nfds = 0;
	for (int i = 0; i < fn->naddrs; i++) {
		int lfd = kprobe_perf_attach(prog_fd, NULL, 0, fn->addrs[i], is_return(p), p->id);
		if (lfd < 0) {
			err = lfd;
			continue;
		}
		p->fds[p->nfds++] = lfd;
	}
	/* a name defined twice may have one copy the kernel will not probe:
	 * the probe fires for the others */
	return p->nfds ? 0 : err;
}

static void fbt_kprobe_detach(struct dt_probe *p)
{
	for (int i = 0; i < p->nfds; i++)
		close(p->fds[i]);
	p->nfds = 0;
}

struct site {
	uint64_t addr, cookie;
};

static int cmp_site(const void *a, const void *b)
{
	const struct site *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* kprobe_multi: one link for all of them, released with the last. */
static int fbt_kmulti_attach_all(struct dt_probe **ps, int n, int prog_fd)
{
	struct fbt_state *st = state(ps[0]->tab);
	int ret = is_return(ps[0]);
	struct site *s;
	size_t ns = 0, total = 0;
	uint64_t *addrs, *cookies;
	int fd;

	resolve(st);
	for (int i = 0; i < n; i++)
		total += (size_t)st->funcs[ps[i]->arg].naddrs;
	s = xcalloc(total + 1, sizeof(*s));
	for (int i = 0; i < n; i++) {
		const struct fbt_func *fn = &st->funcs[ps[i]->arg];
		for (int k = 0; k < fn->naddrs; k++)
			s[ns++] = (struct site){ fn->addrs[k], ps[i]->id };
	}
	if (!ns) {
		free(s);
		return -ENOENT;
	}
	/* one cookie per address: the kernel refuses an address twice */
	qsort(s, ns, sizeof(*s), cmp_site);
	addrs = xcalloc(ns, sizeof(uint64_t));
	cookies = xcalloc(ns, sizeof(uint64_t));
	size_t m = 0;
	for (size_t i = 0; i < ns; i++)
		if (!m || s[i].addr != addrs[m - 1]) {
			addrs[m] = s[i].addr;
			cookies[m++] = s[i].cookie;
		}
	fd = kprobe_multi_attach(prog_fd, addrs, cookies, (uint32_t)m, ret);
	free(s);
	free(addrs);
	free(cookies);
	if (fd < 0)
		return fd;
	st->link[ret] = fd;
	st->refs[ret] = n;
	for (int i = 0; i < n; i++)
		ps[i]->nfds = 1;	/* holds a reference to the link */
	return 0;
}

/* kprobe_multi probes are attached together (attach_all); alone, a probe
 * is a link of its own only while its kind has none. */
static int fbt_kmulti_attach(struct dt_probe *p, int prog_fd)
{
	if (state(p->tab)->refs[is_return(p)])
		return -EBUSY;
	return fbt_kmulti_attach_all(&p, 1, prog_fd);
}

static void fbt_kmulti_detach(struct dt_probe *p)
{
	struct fbt_state *st = state(p->tab);
	int ret = is_return(p);

	if (!p->nfds)
		return;
	p->nfds = 0;
	if (--st->refs[ret] == 0)
		close(st->link[ret]);
}

/* fentry/fexit: the instance is bound to its function at load; the link
 * only switches it on.  LINK_CREATE takes tracing programs since 5.x;
 * before, BPF_RAW_TRACEPOINT_OPEN with no name attached them. */
static int fbt_fentry_attach(struct dt_probe *p, int prog_fd)
{
	int fd = bpf_link_create(prog_fd, 0, is_return(p) ? BPF_TRACE_FEXIT : BPF_TRACE_FENTRY, NULL);

	if (fd == -EINVAL)
		fd = bpf_raw_tracepoint_open(NULL, prog_fd);
	if (fd < 0)
		return fd;
	if (!p->fds)
		p->fds = xcalloc(1, sizeof(int));
	p->fds[0] = fd;
	p->nfds = 1;
	return 0;
}

/* The kernel's BTF object of module mod, for attach_btf_obj_fd (5.11). */
static int module_btf_fd(const char *mod)
{
	uint32_t id = 0;

	while (bpf_btf_get_next_id(id, &id) == 0) {
		char name[64] = "";
		struct bpf_btf_info info = {0};
		uint32_t len = sizeof(info);
		int fd = bpf_btf_get_fd_by_id(id);
		if (fd < 0)
			continue;
		info.name = (uint64_t)(uintptr_t)name;
		info.name_len = sizeof(name);
		if (bpf_obj_get_info_by_fd(fd, &info, &len) == 0 && info.kernel_btf && strcmp(name, mod) == 0)
			return fd;
		close(fd);
	}
	return -ENOENT;
}

static int fbt_load_target(struct dt_probe *p, struct dt_load_target *t)
{
	struct fbt_state *st = state(p->tab);
	const struct fbt_func *fn = func_of(p);
	struct fbt_modbtf *m = btf_entry(st, fn->mod);
	int nargs = 0, isvoid = 0, id = fentry_target(st, fn, &nargs, &isvoid);

	if (id <= 0)
		return -ENOENT;
	if (strcmp(fn->mod, "vmlinux") != 0 && m->obj_fd < 0 && (m->obj_fd = module_btf_fd(fn->mod)) < 0)
		return m->obj_fd;
	t->btf_id = (uint32_t)id;
	t->btf_obj_fd = m->obj_fd >= 0 ? m->obj_fd : 0;
	/* fexit's program reads only the return value, the slot after the
	 * arguments; a void function has none */
	t->nargs = !is_return(p) ? nargs : isvoid ? 0 : nargs + 1;
	return 0;
}

/* ---- arguments ---------------------------------------------------------- */

/* The BTF a function of mod is described in: vmlinux's, or the module's
 * (split BTF on top of vmlinux's), read once per handle. */
static struct fbt_modbtf *btf_entry(struct fbt_state *st, const char *mod)
{
	struct btf *base = types_vmlinux_btf(), *b = base;
	char path[256];

	for (int i = 0; i < st->nbtfs; i++)
		if (strcmp(st->btfs[i].mod, mod) == 0)
			return &st->btfs[i];
	if (base && strcmp(mod, "vmlinux") != 0) {
		snprintf(path, sizeof(path), "/sys/kernel/btf/%s", mod);
		b = btf__parse_split(path, base);
		if (libbpf_get_error(b))
			b = NULL;
	}
	st->btfs = xrealloc(st->btfs, (size_t)(st->nbtfs + 1) * sizeof(*st->btfs));
	st->btfs[st->nbtfs] = (struct fbt_modbtf){ xstrdup(mod), b, NULL, 0, -1 };
	return &st->btfs[st->nbtfs++];
}

static int cmp_fid(const void *a, const void *b)
{
	return strcmp(((const struct fbt_fid *)a)->name, ((const struct fbt_fid *)b)->name);
}

/* The BTF id of function name in m, or -1: an index, since deciding
 * fentry looks up every function of a description. */
static int func_id(struct fbt_modbtf *m, const char *name)
{
	struct fbt_fid key = { name, 0 }, *f;

	if (!m->btf)
		return -1;
	if (!m->fids) {
		struct btf *base = types_vmlinux_btf();
		uint32_t first = m->btf == base ? 1 : btf__type_cnt(base), n = btf__type_cnt(m->btf);
		m->fids = xcalloc((size_t)(n - first) + 1, sizeof(*m->fids));
		for (uint32_t id = first; id < n; id++) {
			const struct btf_type *t = btf__type_by_id(m->btf, id);
			if (btf_is_func(t))
				m->fids[m->nfids++] = (struct fbt_fid){ btf__name_by_offset(m->btf, t->name_off), id };
		}
		qsort(m->fids, m->nfids, sizeof(*m->fids), cmp_fid);
	}
	f = bsearch(&key, m->fids, m->nfids, sizeof(*m->fids), cmp_fid);
	return f ? (int)f->id : -1;
}

/* What a trampoline passes in one u64 slot (and every kernel's verifier
 * takes): an integer, enum or pointer. */
static int fentry_scalar(const struct btf *b, uint32_t id)
{
	int r = btf__resolve_type(b, id);
	const struct btf_type *t = r > 0 ? btf__type_by_id(b, (uint32_t)r) : NULL;

	if (!t)
		return 0;
	if (btf_is_ptr(t))
		return 1;
	return (btf_is_int(t) || btf_is_enum(t) || btf_is_enum64(t)) && t->size <= 8;
}

/* fn's BTF id if fentry can take it (see the top), else 0; *nargs its
 * arguments, *isvoid whether it returns nothing. */
static int fentry_target(struct fbt_state *st, const struct fbt_func *fn, int *nargs, int *isvoid)
{
	struct fbt_modbtf *m = btf_entry(st, fn->mod);
	int id = func_id(m, fn->name);
	const struct btf_type *t;
	const struct btf_param *pa;
	int n;

	if (id <= 0)
		return 0;
	t = btf__type_by_id(m->btf, btf__type_by_id(m->btf, (uint32_t)id)->type);
	if (!t || !btf_is_func_proto(t))
		return 0;
	n = btf_vlen(t);
	pa = btf_params(t);
	if (n > FENTRY_MAXARGS)
		return 0;
	for (int i = 0; i < n; i++)
		if (pa[i].type == 0 || !fentry_scalar(m->btf, pa[i].type))
			return 0;		/* "..." or a struct by value */
	if (t->type && !fentry_scalar(m->btf, t->type))
		return 0;
	if (nargs)
		*nargs = n;
	if (isvoid)
		*isvoid = t->type == 0;
	return id;
}

/*
 * The D type of BTF type id in b.  vmlinux's types (a module's BTF refers
 * to them by their own ids) are the front end's; a module's own types are
 * made here as far as D can use them without the module's structs: integers
 * by size, pointers to what they point to, a module's struct as void.
 */
static struct dt_type *dtype(struct btf *b, uint32_t id)
{
	struct btf *base = types_vmlinux_btf();
	const struct btf_type *t;

	if (b == base || id < btf__type_cnt(base))
		return btf_type_by_id((int)id);
	t = btf__type_by_id(b, id);
	if (!t)
		return &ty_void;
	switch (btf_kind(t)) {
	case BTF_KIND_TYPEDEF:
	case BTF_KIND_CONST:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_RESTRICT:
	case BTF_KIND_TYPE_TAG:
		return dtype(b, t->type);
	case BTF_KIND_PTR:
		return type_ptr(dtype(b, t->type));
	case BTF_KIND_INT:
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64: {
		int sign = btf_kind(t) != BTF_KIND_INT || (btf_int_encoding(t) & BTF_INT_SIGNED);
		switch (t->size) {
		case 1: return sign ? &ty_char : &ty_uchar;
		case 2: return sign ? &ty_short : &ty_ushort;
		case 4: return sign ? &ty_int : &ty_uint;
		default: return sign ? &ty_long : &ty_ulong;
		}
	}
	default:
		return &ty_void;
	}
}

static void dump_to_sb(void *ctx, const char *fmt, va_list ap)
{
	sb_vprintf(ctx, fmt, ap);
}

/* The C name of a type as the kernel declares it ("size_t", "struct file *"),
 * for -l -v. */
static char *native_name(struct btf *b, uint32_t id)
{
	struct strbuf sb;
	struct btf_dump *d;

	sb_init(&sb);
	d = btf_dump__new(b, dump_to_sb, &sb, NULL);
	if (libbpf_get_error(d))
		return xstrdup("uint64_t");
	LIBBPF_OPTS(btf_dump_emit_type_decl_opts, o, .field_name = "");
	if (btf_dump__emit_type_decl(d, id, &o) < 0 || !sb.s) {
		sb_free(&sb);
		sb_init(&sb);
		sb_puts(&sb, "uint64_t");
	}
	btf_dump__free(d);
	return sb.s;
}

static void set_arg(struct dt_probe *p, int i, struct dt_type *t, char *native)
{
	p->argtypes[i] = t;
	p->argnames[i] = native;
}

static void fbt_args(struct dt_probe *p)
{
	struct fbt_state *st = state(p->tab);
	const struct fbt_func *fn = func_of(p);
	struct fbt_modbtf *m = btf_entry(st, fn->mod);
	struct btf *b = m->btf;
	const struct btf_type *t;
	int id, ret = is_return(p);

	if ((id = func_id(m, fn->name)) <= 0)
		return;
	t = btf__type_by_id(b, btf__type_by_id(b, (uint32_t)id)->type);
	if (!t || !btf_is_func_proto(t))
		return;
	if (ret) {
		struct dt_type *u64 = type_lookup("uint64_t");
		p->nargs = t->type ? 2 : 1;	/* a void function returns no arg1 */
		p->argtypes = xcalloc(2, sizeof(*p->argtypes));
		p->argnames = xcalloc(2, sizeof(*p->argnames));
		set_arg(p, 0, u64 ? u64 : &ty_ullong, xstrdup("uint64_t"));
		if (t->type)
			set_arg(p, 1, dtype(b, t->type), native_name(b, t->type));
		return;
	}
	int n = btf_vlen(t);
	const struct btf_param *pa = btf_params(t);
	if (n > 0 && pa[n - 1].type == 0)
		n--;			/* "...": no type for what follows */
	if (n <= 0)
		return;
	p->argtypes = xcalloc((size_t)n, sizeof(*p->argtypes));
	p->argnames = xcalloc((size_t)n, sizeof(*p->argnames));
	for (int i = 0; i < n; i++)
		set_arg(p, i, dtype(b, pa[i].type), native_name(b, pa[i].type));
	p->nargs = n;
}

/* ---- the programs' view ---------------------------------------------------- */

/* at return: arg0 -1 (where it returned from is unknown), arg1 the value */
static void return_gen_arg(struct cg *g, int i)
{
	if (i == 1)
		kprobe_gen_retval(g);
	else
		cg_emit(g, BPF_MOV64_IMM(BPF_REG_0, i == 0 ? -1 : 0));
}

/* fentry: argument i is slot i of the context, where the function has it */
static void fentry_gen_arg(struct cg *g, int i)
{
	int zero = cg_new_label(g), done = cg_new_label(g);

	if (i < 0 || i >= FENTRY_MAXARGS) {
		cg_emit(g, BPF_MOV64_IMM(BPF_REG_0, 0));
		return;
	}
	cg_ctx_nargs(g, BPF_REG_0);
	cg_jmp_imm(g, BPF_JLE, BPF_REG_0, i, zero);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, BPF_REG_0, BPF_REG_6, (int16_t)(i * 8)));
	cg_jmp(g, done);
	cg_place(g, zero);
	cg_emit(g, BPF_MOV64_IMM(BPF_REG_0, 0));
	cg_place(g, done);
}

/* fexit: arg0 -1 as at a kretprobe, arg1 the last slot (the return value,
 * after the arguments: its index differs by function, and a context
 * offset must be an instruction's constant, hence one load per case) */
static void fexit_gen_arg(struct cg *g, int i)
{
	int done = cg_new_label(g);

	if (i != 1) {
		cg_emit(g, BPF_MOV64_IMM(BPF_REG_0, i == 0 ? -1 : 0));
		return;
	}
	cg_ctx_nargs(g, BPF_REG_1);
	for (int n = 1; n <= FENTRY_MAXARGS + 1; n++) {
		int next = cg_new_label(g);
		cg_jmp_imm(g, BPF_JNE, BPF_REG_1, n, next);
		cg_emit(g, BPF_LDX_MEM(BPF_DW, BPF_REG_0, BPF_REG_6, (int16_t)((n - 1) * 8)));
		cg_jmp(g, done);
		cg_place(g, next);
	}
	cg_emit(g, BPF_MOV64_IMM(BPF_REG_0, 0));
	cg_place(g, done);
}

const struct dt_provider dt_provider_fbt_kmulti = {
	.on_demand = 1,
	.name = "fbt",
	.prog_name = "dt_fbt",
	.cg = {
		.gen_prologue = cg_prologue_cookie,
		.gen_arg = kprobe_gen_arg,
	},
	.prog_type = BPF_PROG_TYPE_KPROBE,
	.attach_type = BPF_TRACE_KPROBE_MULTI,
	.provide = fbt_provide,
	.attach = fbt_kmulti_attach,
	.attach_all = fbt_kmulti_attach_all,
	.detach = fbt_kmulti_detach,
	.args = fbt_args,
	.unavailable = fbt_unavailable,
};

/* Each kind of attachment and each of entry and return is a program of its
 * own (the expected attach type, the arguments differ): more tables of the
 * same name, whose probes the first table provides. */
const struct dt_provider dt_provider_fbt_kmulti_return = {
	.on_demand = 1,
	.name = "fbt",
	.prog_name = "dt_fbtret",
	.cg = {
		.gen_prologue = cg_prologue_cookie,
		.gen_arg = return_gen_arg,
	},
	.prog_type = BPF_PROG_TYPE_KPROBE,
	.attach_type = BPF_TRACE_KPROBE_MULTI,
	.attach = fbt_kmulti_attach,
	.attach_all = fbt_kmulti_attach_all,
	.detach = fbt_kmulti_detach,
	.args = fbt_args,
};

const struct dt_provider dt_provider_fbt_kprobe = {
	.on_demand = 1,
	.name = "fbt",
	.prog_name = "dt_fbt_kp",
	.cg = {
		.gen_prologue = cg_prologue_cookie,
		.gen_arg = kprobe_gen_arg,
	},
	.prog_type = BPF_PROG_TYPE_KPROBE,
	.attach = fbt_kprobe_attach,
	.detach = fbt_kprobe_detach,
	.args = fbt_args,
};

const struct dt_provider dt_provider_fbt_kprobe_return = {
	.on_demand = 1,
	.name = "fbt",
	.prog_name = "dt_fbtret_kp",
	.cg = {
		.gen_prologue = cg_prologue_cookie,
		.gen_arg = return_gen_arg,
	},
	.prog_type = BPF_PROG_TYPE_KPROBE,
	.attach = fbt_kprobe_attach,
	.detach = fbt_kprobe_detach,
	.args = fbt_args,
};

/* fentry and fexit: one instance per probe, bound to its function at load
 * (load_target), the probe id a constant of each. */
const struct dt_provider dt_provider_fbt_fentry = {
	.on_demand = 1,
	.name = "fbt",
	.prog_name = "dt_fbt_fe",
	.cg = {
		.gen_prologue = cg_prologue_const,
		.gen_arg = fentry_gen_arg,
	},
	.prog_type = BPF_PROG_TYPE_TRACING,
	.attach_type = BPF_TRACE_FENTRY,
	.attach = fbt_fentry_attach,
	.detach = fbt_kprobe_detach,
	.args = fbt_args,
	.load_target = fbt_load_target,
};

const struct dt_provider dt_provider_fbt_fexit = {
	.on_demand = 1,
	.name = "fbt",
	.prog_name = "dt_fbtret_fe",
	.cg = {
		.gen_prologue = cg_prologue_const,
		.gen_arg = fexit_gen_arg,
	},
	.prog_type = BPF_PROG_TYPE_TRACING,
	.attach_type = BPF_TRACE_FEXIT,
	.attach = fbt_fentry_attach,
	.detach = fbt_kprobe_detach,
	.args = fbt_args,
	.load_target = fbt_load_target,
};
