/*
 * uprobe.c - the sites of user-space probes (pid, USDT) and hanging a BPF
 * program on them.
 *
 * A uprobe names a file and an offset in it, not an address: the kernel
 * puts the breakpoint in every mapping of that file, now or later, in one
 * process (pid filter) or in all.  So a probe in a library a process has
 * not loaded yet fires once it does.
 *
 * Scale is the point of this module.  A user traces every function of
 * libc (2,500+ probes) as casually as one.  With one perf uprobe event per
 * site, removing them costs the kernel a grace period per event: about
 * 100 ms each on 6.18, minutes for libc, and a killed dtrace leaves its
 * process in D state while the kernel works through them.  A uprobe_multi
 * link (6.6) takes any number of offsets in one file, each with its own
 * BPF cookie and USDT semaphore, and is registered and removed as one
 * batch.  So the sites of all the probes being enabled are sorted and cut
 * into one link per (file, process, entry-or-return); a probe holds a
 * reference on each link its sites are in, and the last reference closes
 * it.  Where the kernel has no uprobe_multi (6.1), or has been told to
 * hide it (DTRACE_KERNEL_LACKS=uprobe-multi), each site is a perf uprobe
 * event of its own (perf_pmu.c), owned by its probe.
 *
 * The program kind of a provider using this module is loaded with
 * uprobe_load_attach_type(): the kernel refuses a uprobe_multi program on
 * a perf event and the other way round, so the choice is made once, for
 * every program and attachment alike.
 */
#include "uprobe.h"

#include <errno.h>
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "../common/util.h"
#include "perf_pmu.h"
#include "provider.h"

/*
 * The uprobe_multi part of union bpf_attr's link_create (6.6), which
 * Debian's libbpf 1.1 and the 6.1 UAPI headers do not have: the layout is
 * the kernel's ABI.
 */
#define DT_BPF_TRACE_UPROBE_MULTI 48
#define DT_BPF_F_UPROBE_MULTI_RETURN 1u

struct dt_uprobe_multi_attr {
	uint32_t prog_fd;
	uint32_t target_fd;
	uint32_t attach_type;
	uint32_t flags;
	uint64_t path;
	uint64_t offsets;
	uint64_t ref_ctr_offsets;
	uint64_t cookies;
	uint32_t cnt;
	uint32_t multi_flags;
	uint32_t pid;
	uint32_t pad;
};

/* One probe's sites, and the links (indexes in links[]) it holds. */
struct probe_sites {
	struct dt_probe *owner;		/* whose p->arg indexes this */
	struct uprobe_site *v;
	int n, cap;
	int *links;
	int nlinks;
};

/* A link and the probes holding it: one uprobe_multi link, or one perf
 * uprobe (a probe's own). */
struct ulink {
	int fd;
	int refs;
};

struct uprobe_state {
	struct probe_sites *probes;	/* by probe's arg */
	size_t nprobes, capprobes;
	struct ulink *links;
	int nlinks, caplinks;
};

/* The address of this constant is the key of the state in each table
 * (probes_pvstate): it serves every provider that uses the module. */
static const char uprobe_state_key = 0;

static void state_fini(void *arg)
{
	struct uprobe_state *st = arg;

	for (size_t i = 0; i < st->nprobes; i++) {
		for (int k = 0; k < st->probes[i].n; k++)
			free((char *)st->probes[i].v[k].path);
		free(st->probes[i].v);
		free(st->probes[i].links);
	}
	free(st->probes);
	for (int i = 0; i < st->nlinks; i++)
		if (st->links[i].fd >= 0)
			close(st->links[i].fd);
	free(st->links);
}

static struct uprobe_state *state(struct dt_probes *tab)
{
	return probes_pvstate(tab, &uprobe_state_key, sizeof(struct uprobe_state), state_fini);
}

/* A probe's sites, made (and p->arg set) when its first site is added. */
static struct probe_sites *sites_of(struct dt_probe *p, int make)
{
	struct uprobe_state *st = state(p->tab);

	/* a new probe's arg is whatever its provider made it with: the
	 * entry must name the probe as its owner */
	if (p->arg < st->nprobes && st->probes[p->arg].owner == p)
		return &st->probes[p->arg];
	if (!make)
		return NULL;
	if (st->nprobes == st->capprobes) {
		st->capprobes = st->capprobes ? st->capprobes * 2 : 256;
		st->probes = xrealloc(st->probes, st->capprobes * sizeof(*st->probes));
	}
	memset(&st->probes[st->nprobes], 0, sizeof(st->probes[0]));
	st->probes[st->nprobes].owner = p;
	p->arg = st->nprobes++;
	return &st->probes[p->arg];
}

void uprobe_site_add(struct dt_probe *p, const struct uprobe_site *s)
{
	struct probe_sites *ps = sites_of(p, 1);

	if (ps->n == ps->cap) {
		ps->cap = ps->cap ? ps->cap * 2 : 4;
		ps->v = xrealloc(ps->v, (size_t)ps->cap * sizeof(*ps->v));
	}
	ps->v[ps->n] = *s;
	ps->v[ps->n].path = xstrdup(s->path);
	ps->n++;
}

const struct uprobe_site *uprobe_sites(struct dt_probe *p, int *n)
{
	struct probe_sites *ps = sites_of(p, 0);

	*n = ps ? ps->n : 0;
	return ps ? ps->v : NULL;
}

int uprobe_multi_works(void)
{
	return kfeat_uprobe_multi_works();
}

int uprobe_load_attach_type(void)
{
	return uprobe_multi_works() ? DT_BPF_TRACE_UPROBE_MULTI : 0;
}

/* A site of one of the probes being attached. */
struct flat_site {
	const struct uprobe_site *s;
	int probe;			/* index in the caller's ps[] */
};

static int cmp_flat(const void *a, const void *b)
{
	const struct uprobe_site *x = ((const struct flat_site *)a)->s, *y = ((const struct flat_site *)b)->s;
	int c;

	if (x->pid != y->pid)
		return x->pid < y->pid ? -1 : 1;
	if (x->ret != y->ret)
		return x->ret - y->ret;
	if ((c = strcmp(x->path, y->path)) != 0)
		return c;
	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

static int same_link(const struct uprobe_site *x, const struct uprobe_site *y)
{
	return x->pid == y->pid && x->ret == y->ret && strcmp(x->path, y->path) == 0;
}

static int new_link(struct uprobe_state *st, int fd)
{
	if (st->nlinks == st->caplinks) {
		st->caplinks = st->caplinks ? st->caplinks * 2 : 16;
		st->links = xrealloc(st->links, (size_t)st->caplinks * sizeof(*st->links));
	}
	st->links[st->nlinks] = (struct ulink){ fd, 0 };
	return st->nlinks++;
}

/* Probe ps_i holds link l (once, however many of its sites are in it). */
static void hold(struct uprobe_state *st, struct probe_sites *ps, int l)
{
	for (int i = 0; i < ps->nlinks; i++)
		if (ps->links[i] == l)
			return;
	ps->links = xrealloc(ps->links, (size_t)(ps->nlinks + 1) * sizeof(int));
	ps->links[ps->nlinks++] = l;
	st->links[l].refs++;
}

static void release(struct uprobe_state *st, struct probe_sites *ps)
{
	if (!ps)
		return;
	for (int i = 0; i < ps->nlinks; i++) {
		struct ulink *l = &st->links[ps->links[i]];
		if (--l->refs == 0 && l->fd >= 0) {
			close(l->fd);
			l->fd = -1;
		}
	}
	ps->nlinks = 0;
}

/* One uprobe_multi link for the n sites of fs[] (one file, process and
 * kind): returns its fd or -errno. */
static int multi_link(int prog_fd, const struct flat_site *fs, int n, struct dt_probe **ps)
{
	uint64_t *offs = xcalloc((size_t)n, sizeof(uint64_t)), *refs = xcalloc((size_t)n, sizeof(uint64_t)),
		 *cookies = xcalloc((size_t)n, sizeof(uint64_t));
	int any_ref = 0, fd;
	struct dt_uprobe_multi_attr a;

	for (int i = 0; i < n; i++) {
		offs[i] = fs[i].s->offset;
		refs[i] = fs[i].s->ref_ctr;
		cookies[i] = fs[i].s->cookie ? fs[i].s->cookie : ps[fs[i].probe]->id;
		any_ref |= refs[i] != 0;
	}
	memset(&a, 0, sizeof(a));
	a.prog_fd = (uint32_t)prog_fd;
	a.attach_type = DT_BPF_TRACE_UPROBE_MULTI;
	a.path = (uint64_t)(uintptr_t)fs[0].s->path;
	a.offsets = (uint64_t)(uintptr_t)offs;
	a.ref_ctr_offsets = any_ref ? (uint64_t)(uintptr_t)refs : 0;
	a.cookies = (uint64_t)(uintptr_t)cookies;
	a.cnt = (uint32_t)n;
	a.multi_flags = fs[0].s->ret ? DT_BPF_F_UPROBE_MULTI_RETURN : 0;
	a.pid = (uint32_t)fs[0].s->pid;
	fd = (int)syscall(__NR_bpf, BPF_LINK_CREATE, &a, sizeof(a));
	if (fd < 0)
		fd = -errno;
	free(offs);
	free(refs);
	free(cookies);
	return fd;
}

/* One perf uprobe event for one site: returns the link's fd or -errno. */
static int perf_link(int prog_fd, const struct uprobe_site *s, uint64_t cookie)
{
	struct perf_event_attr attr;
	int type = perf_pmu_type("uprobe");

	if (type < 0)
		return -EOPNOTSUPP;
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = (uint32_t)type;
	/* format: retprobe config:0, ref_ctr_offset config:32-63 */
	attr.config = (s->ret ? 1ULL << perf_pmu_retprobe_bit("uprobe") : 0) | (s->ref_ctr << 32);
	attr.config1 = (uint64_t)(uintptr_t)s->path;
	attr.config2 = s->offset;
	return perf_pmu_attach(&attr, s->pid ? s->pid : -1, prog_fd, cookie);
}

int uprobe_attach_all(struct dt_probe **ps, int n, int prog_fd)
{
	struct uprobe_state *st = state(ps[0]->tab);
	int multi = uprobe_multi_works(), total = 0, k = 0, err = 0;
	struct flat_site *fs;

	for (int i = 0; i < n; i++) {
		int ns;
		uprobe_sites(ps[i], &ns);
		total += ns;
	}
	if (!total)
		return -ENOENT;
	fs = xcalloc((size_t)total, sizeof(*fs));
	for (int i = 0; i < n; i++) {
		int ns;
		const struct uprobe_site *v = uprobe_sites(ps[i], &ns);
		for (int j = 0; j < ns; j++)
			fs[k++] = (struct flat_site){ &v[j], i };
	}
	qsort(fs, (size_t)total, sizeof(*fs), cmp_flat);
	for (int i = 0; i < total && !err;) {
		int j = i + 1;
		if (multi) {
			while (j < total && same_link(fs[i].s, fs[j].s))
				j++;
			int fd = multi_link(prog_fd, fs + i, j - i, ps);
			if (fd < 0) {
				err = fd;
				break;
			}
			int l = new_link(st, fd);
			for (int m = i; m < j; m++)
				hold(st, sites_of(ps[fs[m].probe], 0), l);
		} else {
			const struct uprobe_site *s = fs[i].s;
			int fd = perf_link(prog_fd, s, s->cookie ? s->cookie : ps[fs[i].probe]->id);
			if (fd < 0) {
				err = fd;
				break;
			}
			hold(st, sites_of(ps[fs[i].probe], 0), new_link(st, fd));
		}
		i = j;
	}
	free(fs);
	if (err < 0)		/* none of them attached */
		for (int i = 0; i < n; i++)
			release(st, sites_of(ps[i], 0));
	for (int i = 0; i < n && !err; i++)
		ps[i]->nfds = 1;	/* holds its links (uprobe_detach) */
	return err;
}

int uprobe_attach(struct dt_probe *p, int prog_fd)
{
	return uprobe_attach_all(&p, 1, prog_fd);
}

void uprobe_detach(struct dt_probe *p)
{
	struct probe_sites *ps = sites_of(p, 0);

	if (ps)
		release(state(p->tab), ps);
	p->nfds = 0;
}
