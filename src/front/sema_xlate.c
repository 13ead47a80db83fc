/*
 * sema_xlate.c - translators: the declared ones (their members are checked
 * against the output type where they are declared, and expanded at each
 * xlate<T>(e).m), and the built-in psinfo_t/lwpsinfo_t translations behind
 * curpsinfo and curlwpsinfo.
 */
#include <string.h>

#include "sema_int.h"

/*
 * The psinfo_t and lwpsinfo_t translators for curpsinfo and curlwpsinfo:
 * each member is a D expression over the current task.  A member with no
 * expression has no conversion on Linux (D_XLATE_NOCONV), as in DTrace.
 */
static const struct xlate_member {
	int bv;
	const char *member;
	const char *expr;	/* NULL: no conversion */
} xlate_members[] = {
	{BV_CURPSINFO, "pr_pid", "curthread->tgid"},
	{BV_CURPSINFO, "pr_ppid", "curthread->real_parent->tgid"},
	{BV_CURPSINFO, "pr_uid", "curthread->cred->uid.val"},
	{BV_CURPSINFO, "pr_euid", "curthread->cred->euid.val"},
	{BV_CURPSINFO, "pr_gid", "curthread->cred->gid.val"},
	{BV_CURPSINFO, "pr_egid", "curthread->cred->egid.val"},
	{BV_CURPSINFO, "pr_nlwp", "curthread->signal->nr_threads"},
	{BV_CURPSINFO, "pr_addr", "(uintptr_t)curthread"},
	{BV_CURPSINFO, "pr_fname", "curthread->comm"},
	/* on Linux the arguments live in user memory; this is the command name */
	{BV_CURPSINFO, "pr_psargs", "curthread->comm"},
	{BV_CURPSINFO, "pr_start", "curthread->start_time"},
	{BV_CURPSINFO, "pr_size", NULL},
	{BV_CURPSINFO, "pr_rssize", NULL},
	{BV_CURPSINFO, "pr_pgid", NULL},
	{BV_CURPSINFO, "pr_sid", NULL},
	{BV_CURLWPSINFO, "pr_lwpid", "curthread->pid"},
	{BV_CURLWPSINFO, "pr_flag", "curthread->flags"},
	{BV_CURLWPSINFO, "pr_pri", "curthread->prio"},
	{BV_CURLWPSINFO, "pr_state", "curthread->__state"},
	{BV_CURLWPSINFO, "pr_name", "curthread->comm"},
	{BV_CURLWPSINFO, "pr_addr", "(uintptr_t)curthread"},
	{BV_CURLWPSINFO, "pr_onpro", "cpu"},
	{BV_CURLWPSINFO, "pr_start", "curthread->start_time"},
	{BV_CURLWPSINFO, "pr_nice", NULL},
	{BV_CURLWPSINFO, "pr_cpu", NULL},
	{BV_CURLWPSINFO, "pr_wchan", NULL},
};

/* xlate<T>(e).m or xlate<T *>(e)->m: the translator's expression for m. */
void sema_cook_xlate_member(struct dt_cc *cc, struct node *n, struct node *x)
{
	struct node *in = x->kids[0];
	struct dt_type *out = x->cast_type;

	sema_cook(cc, in);
	if (out->kind == TY_PTR) {
		if (n->op != T_ARROW)
			dt_error(cc->errs, n->line, "D_OP_SOU", "operator . cannot be applied to a pointer");
		out = out->ref;
	} else if (n->op != T_DOT) {
		dt_error(cc->errs, n->line, "D_OP_PTR", "operator -> must be applied to a pointer");
	}
	for (int i = 0; i < cc->P->xlators.n; i++) {
		struct dt_xlator *t = cc->P->xlators.v[i];
		if (t->out != out)
			continue;
		if (!type_compatible(t->in, in->type) &&
		    !(type_is_integral(t->in) && type_is_integral(in->type)))
			continue;
		for (int m = 0; m < t->nmembers; m++) {
			if (strcmp(t->members[m], n->sval) != 0)
				continue;
			struct node *e = dt_parse_expr_string(cc, t->exprs[m], t->lines[2 * m]);
			const char *sp = cc->xlate_param;
			struct node *si = cc->xlate_input;
			cc->xlate_param = t->param;
			cc->xlate_input = in;
			sema_cook(cc, e);
			cc->xlate_param = sp;
			cc->xlate_input = si;
			*n = *e;
			return;
		}
		dt_error(cc->errs, n->line, "D_XLATE_NOCONV", "translator does not define conversion for member: %s", n->sval);
	}
	dt_error(cc->errs, n->line, "D_XLATE_INCOMPAT", "translate operator cannot translate from %s to %s",
		 type_name(in->type), type_name(out));
}

/* Cook every member of the translators from index first on against a
 * stand-in for their input. */
void sema_check_xlators(struct dt_cc *cc, int first)
{
	for (int i = first; i < cc->P->xlators.n; i++) {
		struct dt_xlator *x = cc->P->xlators.v[i];
		struct dt_var *dv = pool_zalloc(&cc->pool, sizeof(*dv));
		struct node *in = node_new(cc, N_VAR, x->line);
		dv->name = x->param;
		dv->scope = VS_GLOBAL;
		dv->type = x->in;
		dv->declared = 1;
		in->var = dv;
		in->type = x->in;
		for (int m = 0; m < x->nmembers; m++) {
			struct node *e = dt_parse_expr_string(cc, x->exprs[m], x->lines[2 * m]);
			const struct dt_member *om = type_member(x->out, x->members[m]);
			cc->xlate_param = x->param;
			cc->xlate_input = in;
			sema_cook(cc, e);
			cc->xlate_param = NULL;
			cc->xlate_input = NULL;
			if (om && !sema_assignable(om->type, e))
				dt_error(cc->errs, x->lines[2 * m + 1], "D_XLATE_INCOMPAT",
					 "translator member %s definition uses incompatible types: \"%s\" = \"%s\"",
					 x->members[m], type_name(om->type), type_name(e->type));
		}
	}
}


/* curpsinfo->m, curlwpsinfo->m: the built-in translators' expression for m. */
void sema_cook_psinfo_member(struct dt_cc *cc, struct node *n, struct node *k)
{
		for (size_t i = 0; i < ARRAY_SIZE(xlate_members); i++) {
		const struct xlate_member *x = &xlate_members[i];
		if (x->bv != k->var->builtin || strcmp(x->member, n->sval) != 0)
			continue;
		if (!x->expr)
			dt_error(cc->errs, n->line, "D_XLATE_NOCONV", "translator does not define conversion for member: %s", n->sval);
		struct node *e = dt_parse_expr_string(cc, x->expr, n->line);
		sema_cook(cc, e);
		*n = *e;
		return;
	}
	dt_error(cc->errs, n->line, "D_XLATE_NOMEMB", "translator member %s is not a member of %s", n->sval,
		 k->var->builtin == BV_CURPSINFO ? "psinfo_t" : "lwpsinfo_t");
}
