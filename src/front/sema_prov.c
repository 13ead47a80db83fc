/*
 * sema_prov.c - provider definitions cooked: each probe checked against the
 * provider's earlier definition (DTrace accepts a provider declared again
 * when its interface matches), against the other probes of its definition,
 * and its output (translated) arguments against the translators that make
 * them; and the probe a provider's definitions finally declare, for the
 * header generator (consumer/hdrgen.c).  The parser made the definitions
 * and checked names and prototypes (parse.c); errors are DTrace's
 * (D_PROV_*), with its wording.
 */
#include <string.h>

#include "sema_int.h"

/*
 * The probe called name (DTrace's name, "request-start") that the
 * definitions of provider first among P's first upto declare: first's, or
 * a later declaration's of it that adds an output prototype to one that had
 * none (DTrace then replaces the probe).  NULL when none declares it.
 */
static struct dt_probedef *declared_probe(const struct dt_prog *P, const struct dt_provdef *first, const char *name,
					  int upto)
{
	struct dt_probedef *found = NULL;

	for (int i = 0; i < upto; i++) {
		struct dt_provdef *pv = P->provdefs.v[i];
		if (pv != first && pv->first != first)
			continue;
		for (int j = 0; j < pv->probes.n; j++) {
			struct dt_probedef *pr = pv->probes.v[j];
			if (strcmp(pr->name, name) != 0)
				continue;
			if (!found || (pr->has_xargs && !found->has_xargs))
				found = pr;
			break;
		}
	}
	return found;
}

struct dt_probedef *sema_provider_probe(const struct dt_prog *P, const struct dt_provdef *first, const char *name)
{
	return declared_probe(P, first, name, P->provdefs.n);
}

static int same_type(const struct dt_type *a, const struct dt_type *b)
{
	return a == b || (a->kind == b->kind && strcmp(type_name(a), type_name(b)) == 0);
}

/* One prototype of a probe declared again against the earlier one. */
static void compare_args(struct dt_cc *cc, const struct dt_provdef *pv, const struct dt_probedef *pr, const char *kind,
			 int oldc, const struct dt_probearg *oldv, int newc, const struct dt_probearg *newv)
{
	if (oldc != newc)
		dt_error(cc->errs, pr->line, "D_PROV_INCOMPAT",
			 "probe %s:::%s %s prototype mismatch:\n\t current: %d arg%s\n\tprevious: %d arg%s", pv->name,
			 pr->name, kind, newc, newc != 1 ? "s" : "", oldc, oldc != 1 ? "s" : "");
	for (int i = 0; i < oldc; i++)
		if (!same_type(oldv[i].type, newv[i].type))
			dt_error(cc->errs, pr->line, "D_PROV_INCOMPAT",
				 "probe %s:::%s %s prototype argument #%d mismatch:\n\t current: %s\n\tprevious: %s",
				 pv->name, pr->name, kind, i + 1, newv[i].tname, oldv[i].tname);
}

static int is_char_ref(const struct dt_type *t)
{
	return (t->kind == TY_PTR || t->kind == TY_ARRAY) && t->ref->kind == TY_INT && t->ref->size == 1;
}

/* May an output argument of type out be the input argument of type in
 * itself, with no translator (DTrace's dt_node_is_argcompat)? */
static int arg_compatible(const struct dt_type *in, const struct dt_type *out)
{
	if (type_is_integral(in) && type_is_integral(out))
		return 1;
	if ((in->kind == TY_STRING || is_char_ref(in)) && (out->kind == TY_STRING || is_char_ref(out)))
		return 1;
	if (in->kind == TY_STRUCT || in->kind == TY_UNION)
		return type_compatible(in, out);
	if (in->kind == TY_PTR && out->kind == TY_PTR)
		return in->ref == &ty_void || out->ref == &ty_void || same_type(in->ref, out->ref);
	return same_type(in, out);
}

/* A translator from in to out, or to what out points to. */
static int have_translator(struct dt_cc *cc, const struct dt_type *in, const struct dt_type *out)
{
	for (int i = 0; i < cc->P->xlators.n; i++) {
		struct dt_xlator *x = cc->P->xlators.v[i];
		if (type_base(x->out) != type_base(out) && !(out->kind == TY_PTR && type_base(x->out) == type_base(out->ref)))
			continue;
		if (!sema_version_has(cc, x->vers, x->vmax_at_def))
			continue;
		if (type_compatible(x->in, in))
			return 1;
	}
	return 0;
}

static void check_translations(struct dt_cc *cc, const struct dt_provdef *pv, const struct dt_probedef *pr)
{
	if (!pr->has_xargs)
		return;
	for (int i = 0; i < pr->xargc; i++) {
		const struct dt_probearg *n = &pr->nargv[pr->mapping[i]], *x = &pr->xargv[i];
		if (have_translator(cc, n->type, x->type) || arg_compatible(n->type, x->type))
			continue;
		dt_error(cc->errs, pr->line, "D_PROV_PRXLATOR",
			 "translator for %s:::%s output argument #%d from %s to %s is not defined", pv->name, pr->name,
			 i + 1, n->tname, x->tname);
	}
}

void sema_cook_provdefs(struct dt_cc *cc, int first)
{
	struct dt_prog *P = cc->P;

	for (int i = first; i < P->provdefs.n; i++) {
		struct dt_provdef *pv = P->provdefs.v[i];
		sema_set_file(cc, pv->file);
		pv->first = NULL;
		for (int j = 0; j < i && !pv->first; j++) {
			struct dt_provdef *o = P->provdefs.v[j];
			if (!o->first && strcmp(o->name, pv->name) == 0)
				pv->first = o;
		}
		for (int k = 0; k < pv->probes.n; k++) {
			struct dt_probedef *pr = pv->probes.v[k];
			if (pv->first) {
				/* declared again: the same interface */
				struct dt_probedef *old = declared_probe(P, pv->first, pr->name, i);
				if (!old)
					dt_error(cc->errs, pr->line, "D_PROV_INCOMPAT",
						 "provider interface mismatch: %s\n\t current: probe %s:::%s defined\n"
						 "\tprevious: probe %s:::%s not defined",
						 pv->name, pv->name, pr->name, pv->name, pr->name);
				compare_args(cc, pv, pr, "output", old->xargc, old->xargv, pr->xargc, pr->xargv);
				if (old->has_xargs && pr->has_xargs)
					compare_args(cc, pv, pr, "input", old->nargc, old->nargv, pr->nargc, pr->nargv);
			} else {
				for (int l = 0; l < k; l++)
					if (strcmp(((struct dt_probedef *)pv->probes.v[l])->name, pr->name) == 0)
						dt_error(cc->errs, pr->line, "D_PROV_PRDUP", "probe redeclared: %s:::%s",
							 pv->name, pr->name);
			}
			check_translations(cc, pv, pr);
		}
	}
}
