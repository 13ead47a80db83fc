/*
 * list.c - probes as a consumer sees them: iteration over the probes a
 * description matches (dtrace -l), a probe's argument types, and the
 * conversions between descriptions, strings and ids.
 */
#include "dt_impl.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../front/parse.h"
#include "../providers/provider.h"

dtrace_probedesc_t *dt_probedesc_of(struct dtrace_hdl *h, struct dt_probe *p)
{
	if ((int)p->id >= h->npdescs) {
		int n = (int)p->id + 64;
		h->pdescs = xrealloc(h->pdescs, (size_t)n * sizeof(*h->pdescs));
		memset(h->pdescs + h->npdescs, 0, (size_t)(n - h->npdescs) * sizeof(*h->pdescs));
		h->npdescs = n;
	}
	if (!h->pdescs[p->id]) {
		dtrace_probedesc_t *d = xcalloc(1, sizeof(*d));
		d->dtpd_id = p->id;
		snprintf(d->dtpd_provider, sizeof(d->dtpd_provider), "%s", p->prov);
		snprintf(d->dtpd_mod, sizeof(d->dtpd_mod), "%s", p->mod);
		snprintf(d->dtpd_func, sizeof(d->dtpd_func), "%s", p->func);
		snprintf(d->dtpd_name, sizeof(d->dtpd_name), "%s", p->name);
		h->pdescs[p->id] = d;
	}
	return h->pdescs[p->id];
}

void dt_list_free(struct dtrace_hdl *h)
{
	for (int i = 0; i < h->npdescs; i++)
		free(h->pdescs[i]);
	free(h->pdescs);
	for (int i = 0; i < h->nedescs; i++)
		free(h->edescs[i]);
	free(h->edescs);
}

/* The description pdp as the matcher's form (empty fields match all). */
static struct dt_pdesc pdesc_of(const dtrace_probedesc_t *pdp)
{
	struct dt_pdesc pd = { .prov = "", .mod = "", .func = "", .name = "" };

	if (pdp) {
		pd.prov = (char *)pdp->dtpd_provider;
		pd.mod = (char *)pdp->dtpd_mod;
		pd.func = (char *)pdp->dtpd_func;
		pd.name = (char *)pdp->dtpd_name;
	}
	return pd;
}

int dtrace_probe_iter(dtrace_hdl_t *h, const dtrace_probedesc_t *pdp, dtrace_probe_f *func, void *arg)
{
	struct dt_pdesc pd = pdesc_of(pdp);
	int matched = 0, rv = 0;
	char **f[4] = { &pd.prov, &pd.mod, &pd.func, &pd.name }, *given[4];

	/* `dtrace -l -n 'python$target:::' -c cmd` lists that process's probes */
	for (int i = 0; i < 4; i++) {
		given[i] = *f[i];
		*f[i] = dt_expand_field(h, given[i]);
	}

	probes_provide(h->probes, &(struct dt_pdesc){ .prov = "dtrace", .mod = "", .func = "", .name = "" });
	/* a globbed name can match any provider's probes: make them all */
	probes_provide(h->probes, pdp && !dt_is_glob(pd.name) ? &pd : NULL);
	/* ... but a provider named by the description (python$target:::f*,
	 * whose probes "all" does not make) still needs to see it */
	if (pdp && dt_is_glob(pd.name) && *pd.prov && strcspn(pd.prov, "*?[\\") > 0)
		probes_provide(h->probes, &pd);
	for (int id = 1; id < probe_count(h->probes) && !rv; id++) {
		struct dt_probe *p = probe_by_id(h->probes, (uint32_t)id);
		if (pdp && !probe_match(p, &pd))
			continue;
		matched++;
		rv = func(h, dt_probedesc_of(h, p), arg);
	}
	for (int i = 0; i < 4; i++)
		if (*f[i] != given[i])
			free(*f[i]);
	return rv ? rv : matched ? 0 : dt_set_errno(h, EDT_NOPROBE);
}

int dtrace_probe_info(dtrace_hdl_t *h, const dtrace_probedesc_t *pdp, dtrace_probeinfo_t *pip)
{
	struct dt_probe *p = NULL;
	struct dt_pdesc pd = pdesc_of(pdp);

	if (pdp->dtpd_id)
		p = probe_by_id(h->probes, pdp->dtpd_id);
	if (!p) {
		probes_provide(h->probes, &pd);
		for (int id = 1; id < probe_count(h->probes) && !p; id++) {
			struct dt_probe *q = probe_by_id(h->probes, (uint32_t)id);
			if (probe_match(q, &pd))
				p = q;
		}
	}
	if (!p)
		return dt_set_errno(h, EDT_NOPROBE);
	memset(pip, 0, sizeof(*pip));
	/* Evolving / Evolving / Common: what -l -v reports for every probe */
	pip->dtp_attr.dtat_name = pip->dtp_attr.dtat_data = 5;
	pip->dtp_attr.dtat_class = 5;
	pip->dtp_arga = pip->dtp_attr;
	pip->dtp_argc = probe_args(p);
	/* a stable provider's args[i] is the translated type */
	pip->dtp_argtypes = p->argxnames ? p->argxnames : p->argnames;
	pip->dtp_argnative = p->argnames;
	return 0;
}

int dtrace_str2desc(dtrace_hdl_t *h, dtrace_probespec_t spec, const char *s, dtrace_probedesc_t *pdp)
{
	const char *f[4] = { "", "", "", "" };
	char *copy, *p;
	int n = 1;

	(void)h;
	memset(pdp, 0, sizeof(*pdp));
	copy = xstrdup(s);
	for (p = copy; *p; p++)
		if (*p == ':')
			n++;
	if (n > 4) {
		free(copy);
		return dt_set_errno(h, EDT_BADSPEC);
	}
	/* the fields given are the rightmost ones; one word is the spec's field */
	int first = n == 1 && spec >= DTRACE_PROBESPEC_PROVIDER ? (int)spec : 4 - n;
	p = copy;
	for (int i = first; i < first + n; i++) {
		char *colon = strchr(p, ':');
		if (colon)
			*colon = 0;
		f[i] = p;
		p = colon ? colon + 1 : p + strlen(p);
	}
	snprintf(pdp->dtpd_provider, sizeof(pdp->dtpd_provider), "%s", f[0]);
	snprintf(pdp->dtpd_mod, sizeof(pdp->dtpd_mod), "%s", f[1]);
	snprintf(pdp->dtpd_func, sizeof(pdp->dtpd_func), "%s", f[2]);
	snprintf(pdp->dtpd_name, sizeof(pdp->dtpd_name), "%s", f[3]);
	free(copy);
	return 0;
}

int dtrace_id2desc(dtrace_hdl_t *h, dtrace_id_t id, dtrace_probedesc_t *pdp)
{
	struct dt_probe *p = probe_by_id(h->probes, id);

	if (!p)
		return dt_set_errno(h, EDT_NOPROBE);
	*pdp = *dt_probedesc_of(h, p);
	return 0;
}

char *dtrace_desc2str(const dtrace_probedesc_t *pdp, char *buf, size_t len)
{
	if (pdp->dtpd_id)
		snprintf(buf, len, "%u", pdp->dtpd_id);
	else
		snprintf(buf, len, "%s:%s:%s:%s", pdp->dtpd_provider, pdp->dtpd_mod, pdp->dtpd_func, pdp->dtpd_name);
	return buf;
}
