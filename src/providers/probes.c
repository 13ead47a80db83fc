/*
 * probes.c - the probe table (ids, names, glob matching), the provider list,
 * and closing what probes hold (probe_close_fds, concurrently for many).
 */
#include "provider.h"

#include <ctype.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../common/util.h"

/*
 * Every provider table, in the order their programs are generated and
 * loaded.  A provider whose return probes need a program of their own has
 * two tables of one name; the first provides the probes of both.
 */
static const struct dt_provider *const all_providers[] = {
	&dt_provider_dtrace,
	&dt_provider_profile,
	&dt_provider_syscall,
	&dt_provider_syscall_return,
	&dt_provider_sdt,
	&dt_provider_rawtp,
	&dt_provider_pid_entry,
	&dt_provider_pid_return,
	&dt_provider_usdt,
	&dt_provider_fbt_kmulti,
	&dt_provider_fbt_kmulti_return,
	&dt_provider_fbt_kprobe,
	&dt_provider_fbt_kprobe_return,
	&dt_provider_fbt_fentry,
	&dt_provider_fbt_fexit,
	&dt_provider_kinst,
	&dt_provider_stable_rawtp,
	&dt_provider_stable_syscall,
	&dt_provider_stable_kprobe,
	&dt_provider_stable_kretprobe,
	&dt_provider_stable_contention,
	NULL,
};

const struct dt_provider *const *providers(void)
{
	return all_providers;
}

int provider_kind(const struct dt_provider *pv)
{
	for (int k = 0; all_providers[k]; k++)
		if (all_providers[k] == pv)
			return k;
	return -1;
}

int provider_nkinds(void)
{
	return (int)ARRAY_SIZE(all_providers) - 1;
}

/* pv is the second table of a provider (see all_providers). */
static int second_table(const struct dt_provider *const *pv)
{
	for (const struct dt_provider *const *q = all_providers; q < pv; q++)
		if (strcmp((*q)->name, (*pv)->name) == 0)
			return 1;
	return 0;
}


struct pvstate {
	const void *key;	/* the provider, or a module's own key */
	void *state;
	void (*fini)(void *state);
};

struct dt_probes {
	struct ptrvec table;	/* struct dt_probe *, index = id - 1 */
	/* by name: open addressing on the four names' hash, so that providers
	 * making tens of thousands of probes (fbt) do not pay a table scan
	 * for each */
	struct dt_probe **hash;
	size_t hashcap;		/* a power of 2, at least twice table.n */
	struct pvstate *pvs;	/* providers' private state */
	int fixed_made;		/* the fixed providers' probes (probes_provide) */
	int npvs;
};

struct dt_probes *probes_create(void)
{
	return xcalloc(1, sizeof(struct dt_probes));
}

void probes_destroy(struct dt_probes *tab)
{
	if (!tab)
		return;
	for (int i = 0; i < tab->table.n; i++) {
		struct dt_probe *p = tab->table.v[i];
		if (p->enabled)
			p->pv->detach(p);
		free(p->prov);
		free(p->mod);
		free(p->func);
		free(p->name);
		free(p->fds);
		free(p->argtypes);
		if (p->argnames)
			for (int j = 0; j < p->nargs; j++)
				free(p->argnames[j]);
		free(p->argnames);
		if (p->argxnames)
			for (int j = 0; j < p->nargs; j++)
				free(p->argxnames[j]);
		free(p->argxnames);
		free(p->argexprs);
		free(p);
	}
	free(tab->table.v);
	free(tab->hash);
	for (int i = 0; i < tab->npvs; i++) {
		if (tab->pvs[i].fini)
			tab->pvs[i].fini(tab->pvs[i].state);
		free(tab->pvs[i].state);
	}
	free(tab->pvs);
	free(tab);
}

void *probes_pvstate(struct dt_probes *tab, const void *key, size_t size, void (*fini)(void *state))
{
	for (int i = 0; i < tab->npvs; i++)
		if (tab->pvs[i].key == key)
			return tab->pvs[i].state;
	tab->pvs = xrealloc(tab->pvs, (size_t)(tab->npvs + 1) * sizeof(*tab->pvs));
	tab->pvs[tab->npvs].key = key;
	tab->pvs[tab->npvs].state = xcalloc(1, size);
	tab->pvs[tab->npvs].fini = fini;
	return tab->pvs[tab->npvs++].state;
}

struct dt_probe *probe_create(struct dt_probes *tab, const struct dt_provider *pv, const char *mod,
			      const char *func, const char *name, uint64_t arg)
{
	return probe_create_in(tab, pv, pv->name, mod, func, name, arg);
}

static uint64_t name_hash(const char *prov, const char *mod, const char *func, const char *name)
{
	const char *f[4] = {prov, mod, func, name};
	uint64_t h = 1469598103934665603ULL;		/* FNV-1a */

	for (int i = 0; i < 4; i++) {
		for (const char *c = f[i]; *c; c++)
			h = (h ^ (unsigned char)*c) * 1099511628211ULL;
		h = (h ^ ':') * 1099511628211ULL;
	}
	return h;
}

static void hash_insert(struct dt_probes *tab, struct dt_probe *p)
{
	size_t i = name_hash(p->prov, p->mod, p->func, p->name) & (tab->hashcap - 1);

	while (tab->hash[i])
		i = (i + 1) & (tab->hashcap - 1);
	tab->hash[i] = p;
}

static void hash_grow(struct dt_probes *tab)
{
	if ((size_t)(tab->table.n + 1) * 2 <= tab->hashcap)
		return;
	free(tab->hash);
	tab->hashcap = tab->hashcap ? tab->hashcap * 2 : 1024;
	tab->hash = xcalloc(tab->hashcap, sizeof(*tab->hash));
	for (int i = 0; i < tab->table.n; i++)
		hash_insert(tab, tab->table.v[i]);
}

struct dt_probe *probe_create_in(struct dt_probes *tab, const struct dt_provider *pv, const char *prov,
				 const char *mod, const char *func, const char *name, uint64_t arg)
{
	struct dt_probe *p = probe_lookup(tab, prov, mod, func, name);

	if (p)
		return p;
	p = xcalloc(1, sizeof(*p));
	p->id = (uint32_t)tab->table.n + 1;
	p->tab = tab;
	p->prov = xstrdup(prov);
	p->mod = xstrdup(mod);
	p->func = xstrdup(func);
	p->name = xstrdup(name);
	p->pv = pv;
	p->arg = arg;
	hash_grow(tab);		/* room for p, before it is in the table */
	pv_push(&tab->table, p);
	hash_insert(tab, p);
	return p;
}

struct dt_probe *probe_lookup(struct dt_probes *tab, const char *prov, const char *mod, const char *func,
			      const char *name)
{
	if (!tab->hashcap)
		return NULL;
	for (size_t i = name_hash(prov, mod, func, name) & (tab->hashcap - 1); tab->hash[i];
	     i = (i + 1) & (tab->hashcap - 1)) {
		struct dt_probe *p = tab->hash[i];
		if (strcmp(p->func, func) == 0 && strcmp(p->name, name) == 0 && strcmp(p->mod, mod) == 0 &&
		    strcmp(p->prov, prov) == 0)
			return p;
	}
	return NULL;
}

struct dt_probe *probe_by_id(struct dt_probes *tab, uint32_t id)
{
	if (id == 0 || id > (uint32_t)tab->table.n)
		return NULL;
	return tab->table.v[id - 1];
}

int probe_count(struct dt_probes *tab)
{
	return tab->table.n + 1;
}

static int field_match(const char *pat, const char *s)
{
	return *pat == 0 || dt_glob_match(pat, s);
}

int probe_match(const struct dt_probe *p, const struct dt_pdesc *pd)
{
	if (p->pv->match)
		return p->pv->match(p, pd);
	return field_match(pd->prov, p->prov) && field_match(pd->mod, p->mod) &&
	       field_match(pd->func, p->func) && field_match(pd->name, p->name);
}

int provider_serves(const struct dt_provider *pv, const char *prov)
{
	size_t n = strlen(pv->name);

	if (strcmp(prov, pv->name) == 0)
		return 1;
	if (pv->serves)
		return pv->serves(prov);
	if ((pv != &dt_provider_pid_entry && pv != &dt_provider_pid_return) || strncmp(prov, pv->name, n) != 0 ||
	    !prov[n])
		return 0;
	for (const char *c = prov + n; *c; c++)
		if (*c < '0' || *c > '9')
			return 0;
	return 1;
}

/*
 * Probe ids.  DTrace numbers every probe of the system once, when it opens;
 * here a provider makes its probes when a description names them, and ids
 * would depend on which descriptions came first (`dtrace -l -n
 * syscall::read:entry` would number read otherwise than `dtrace -l`, and an
 * id from one would name another probe in the other).  So the first time
 * probes are made, every provider whose probes are a fixed set makes all
 * of them, in this file's order; those made on demand (on_demand: every
 * kernel function, every process's) come after, numbered as they are
 * named.  It costs every start a read of the tracepoints' directory
 * (tracefs) and of the kernel's BTF (the stable providers look up their
 * tracepoints there): measured on the development machine, dtrace -n
 * 'BEGIN { exit(0); }' takes 15 ms instead of 3.5; a script of the syscall
 * or profile provider 4 to 19 ms more than its 110 to 125.
 */
static void provide_fixed(struct dt_probes *tab)
{
	if (tab->fixed_made)
		return;
	tab->fixed_made = 1;
	for (const struct dt_provider *const *pv = all_providers; *pv; pv++)
		if ((*pv)->provide && !(*pv)->on_demand && !second_table(pv))
			(*pv)->provide(tab, NULL);
}

int provider_answers(const struct dt_provider *pv, const char *prov)
{
	size_t n = strlen(prov);

	/* pid probes belong to provider "pidN" for process N; any other
	 * name ending in a digit may name a process too, and pid.c says
	 * when it cannot (DTrace's dt_setcontext) */
	if (pv == &dt_provider_pid_entry)
		return strncmp(prov, "pid", 3) == 0 || (n && isdigit((unsigned char)prov[n - 1]));
	return provider_serves(pv, prov);
}

void probes_provide(struct dt_probes *tab, const struct dt_pdesc *pd)
{
	provide_fixed(tab);
	for (const struct dt_provider *const *pv = all_providers; *pv; pv++) {
		if (!(*pv)->provide || second_table(pv))
			continue;
		if (*pv == &dt_provider_pid_entry) {
			if (pd && provider_answers(*pv, pd->prov))
				(*pv)->provide(tab, pd);
			continue;
		}
		/* USDT probes belong to providers their objects name
		 * (python1234): usdt.c tells which descriptions are its */
		if (*pv == &dt_provider_usdt) {
			if (pd)
				(*pv)->provide(tab, pd);
			continue;
		}
		if (!pd || ((*pv)->serves ? (*pv)->serves(pd->prov) : field_match(pd->prov, (*pv)->name)))
			(*pv)->provide(tab, pd);
	}
}

int probe_hold_fd(struct dt_probe *p, int fd)
{
	if (fd < 0)
		return fd;
	free(p->fds);		/* an earlier attachment's, closed at detach */
	p->fds = xcalloc(1, sizeof(int));
	p->fds[0] = fd;
	p->nfds = 1;
	return 0;
}

void probe_close_fds(struct dt_probe *p)
{
	for (int i = 0; i < p->nfds; i++)
		close(p->fds[i]);
	p->nfds = 0;
}

/*
 * Closing a tracepoint's BPF link waits for RCU grace periods before it
 * returns (some 70 ms here).  Closed from many threads at once, the waits
 * overlap and share their grace periods: sdt::: (1,586 perf-event
 * tracepoints) detached in 122 s one by one, 100 s so; the rest is the
 * kernel's perf_trace_destroy, which it serializes under event_mutex.
 * Raw tracepoint links (rawtp, the stable providers) close fast either way.
 */
#define CLOSE_THREADS	64

struct close_queue {
	int *fds;
	size_t n;
	atomic_size_t next;	/* the next fd to close */
};

static void *close_queue_run(void *arg)
{
	struct close_queue *q = arg;
	size_t i;

	while ((i = atomic_fetch_add(&q->next, 1)) < q->n)
		close(q->fds[i]);
	return NULL;
}

void probe_close_fds_all(struct dt_probe *const *v, int n)
{
	struct close_queue q = { .n = 0 };
	pthread_t tid[CLOSE_THREADS];
	size_t nthreads = 0;

	for (int i = 0; i < n; i++)
		q.n += (size_t)v[i]->nfds;
	if (q.n == 0)
		return;
	q.fds = xcalloc(q.n, sizeof(int));
	atomic_init(&q.next, 0);
	for (int i = 0, k = 0; i < n; i++) {
		for (int j = 0; j < v[i]->nfds; j++)
			q.fds[k++] = v[i]->fds[j];
		v[i]->nfds = 0;
	}
	/* helpers beside the caller, which closes what they do not */
	while (nthreads + 1 < CLOSE_THREADS && nthreads + 1 < q.n &&
	       pthread_create(&tid[nthreads], NULL, close_queue_run, &q) == 0)
		nthreads++;
	close_queue_run(&q);
	for (size_t t = 0; t < nthreads; t++)
		pthread_join(tid[t], NULL);
	free(q.fds);
}

int probe_args(struct dt_probe *p)
{
	if (!p->args_known) {
		p->args_known = 1;
		if (p->pv->args)
			p->pv->args(p);
	}
	return p->nargs;
}
