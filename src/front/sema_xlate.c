/*
 * sema_xlate.c - translators: their members are checked against the output
 * type where they are declared (a D library file's where a script uses
 * them, consumer/dlib.c), and expanded at each xlate<T>(e).m.  curpsinfo
 * and curlwpsinfo are inlines of the D library (lib/dtrace/procfs.d).
 */
#include <string.h>

#include "sema_int.h"

/* Whether a translator's input type is the operand's type itself: the
 * same type, or pointers to structs or unions of one name. */
static int same_input(const struct dt_type *a, const struct dt_type *b)
{
	if (a == b)
		return 1;
	if (a->kind != TY_PTR || b->kind != TY_PTR || a->ref->kind != b->ref->kind)
		return 0;
	return (a->ref->kind == TY_STRUCT || a->ref->kind == TY_UNION) && a->ref->name && b->ref->name &&
	       strcmp(a->ref->name, b->ref->name) == 0;
}

/* The translator to out from the value in, in dt_xlator_lookup's passes:
 * from in's very type first (io.d translates both a struct request * and
 * a struct bio *), else from a type in may be passed as
 * (dt_node_is_argcompat: an integer for an integer, a pointer to a
 * compatible type or a void pointer for a pointer). */
static struct dt_xlator *find_xlator(struct dt_cc *cc, const struct dt_type *out, struct node *in)
{
	struct dt_xlator *t = NULL;

	for (int i = 0; i < cc->P->xlators.n; i++) {
		struct dt_xlator *c = cc->P->xlators.v[i];
		if (type_base(c->out) != type_base(out) || !sema_version_has(cc, c->vers, c->vmax_at_def))
			continue;
		if (same_input(c->in, in->type))
			return c;
		if (!t && sema_assignable(c->in, in))
			t = c;
	}
	return t;
}

void sema_cook_xlate(struct dt_cc *cc, struct node *n)
{
	struct node *in = n->kids[0];
	struct dt_type *out = n->cast_type;
	struct dt_xlator *t = NULL;

	sema_cook(cc, in);
	/* translated data translates no further (DTrace looks a translator
	 * up from <DYN>, and there is none) */
	if (!sema_is_dynamic(in))
		t = find_xlator(cc, out->kind == TY_PTR ? out->ref : out, in);
	if (!t)
		dt_error(cc->errs, n->line, "D_XLATE_NONE", "cannot translate from \"%s\" to \"%s\"",
			 sema_node_type_name(in), type_name(out));
	n->aux = t;
	n->type = &ty_void;	/* <DYN>: DTrace's alias for void */
	n->is_lvalue = 0;
	n->is_const = 0;
}

/* xlate<T>(e).m or xlate<T *>(e)->m: the translator's expression for m. */
void sema_cook_xlate_member(struct dt_cc *cc, struct node *n, struct node *x)
{
	struct node *in = x->kids[0];
	struct dt_type *out = x->cast_type;

	sema_cook_xlate(cc, x);
	struct dt_xlator *t = x->aux;
	/* dt_cook_op2: the translator's member first, then the operator
	 * against the translation's type */
	int has = 0;
	for (int m = 0; m < t->nmembers && !has; m++)
		has = strcmp(t->members[m], n->sval) == 0;
	if (!has)
		dt_error(cc->errs, n->line, "D_XLATE_NOCONV", "translator does not define conversion for member: %s", n->sval);
	if (out->kind == TY_PTR) {
		if (n->op != T_ARROW)
			dt_error(cc->errs, n->line, "D_OP_SOU",
				 "operator . cannot be applied to type \"%s\"; must be applied to a struct or union", type_name(out));
	} else if (n->op != T_DOT) {
		dt_error(cc->errs, n->line, "D_OP_PTR", "operator -> must be applied to a pointer");
	}
	/* the translator's parameter points to its declared type, whatever
	 * the compatible pointer given (a void pointer); an integer input
	 * keeps its value, as in DTrace's register */
	if (t->in->kind == TY_PTR && !same_input(t->in, in->type)) {
		struct node *c = node_new(cc, N_CAST, in->line);
		c->cast_type = c->type = t->in;
		c->implicit = 1;
		c->kids[0] = in;
		c->is_alloca = in->is_alloca;
		c->nonassign = in->nonassign;
		in = c;
	}
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
}

/* A node of its own with n's contents (its kids shared: cooked already,
 * as a translator's input is shared by its members). */
static struct node *node_dup(struct dt_cc *cc, const struct node *n)
{
	struct node *d = node_new(cc, n->kind, n->line);

	*d = *n;
	return d;
}

/* lhs.name = rhs, uncooked. */
static struct node *member_store(struct dt_cc *cc, int line, struct node *lhs, const char *name, struct node *rhs)
{
	struct node *m = node_new(cc, N_MEMBER, line), *a = node_new(cc, N_ASSIGN, line);

	m->op = T_DOT;
	m->kids[0] = node_dup(cc, lhs);
	m->sval = (char *)name;
	a->op = T_ASSIGN;
	a->implicit = 1;	/* a translator's member: may fill a char array */
	a->kids[0] = m;
	a->kids[1] = rhs;
	return a;
}

/*
 * l = xlate<T>(e), l of type T (DTrace's dt_cg_asgn_op: the translator
 * instantiates each of its members into a zeroed object, which is then
 * stored): becomes l.m = xlate<T>(e).m for each member m the translator
 * defines, and l.m = 0 for each other scalar member, then l, the value.
 * A member that is an array or a struct and that the translator leaves
 * out keeps what l held.
 */
void sema_lower_xlate_assign(struct dt_cc *cc, struct node *n, struct node *l, struct node *r)
{
	struct dt_xlator *t = r->aux;
	struct dt_type *out = r->cast_type;
	struct node *seq = node_dup(cc, l);

	for (int i = out->nmembers - 1; i >= 0; i--) {
		const struct dt_member *om = &out->members[i];
		struct node *v = NULL;
		int defined = 0;

		if (!om->name || !om->name[0])
			continue;
		for (int m = 0; m < t->nmembers && !defined; m++)
			defined = strcmp(t->members[m], om->name) == 0;
		if (defined) {
			v = node_new(cc, N_MEMBER, n->line);
			v->op = T_DOT;
			v->kids[0] = node_dup(cc, r);
			v->sval = om->name;
		} else if (type_is_scalar(om->type)) {
			v = node_new(cc, N_INT, n->line);
		} else {
			continue;
		}
		struct node *c = node_new(cc, N_BINARY, n->line);
		c->op = T_COMMA;
		c->kids[0] = member_store(cc, n->line, l, om->name, v);
		c->kids[1] = seq;
		seq = c;
	}
	sema_cook(cc, seq);
	*n = *seq;
}

/* Cook every member of the translators from index first on against a
 * stand-in for their input. */
void sema_check_xlators(struct dt_cc *cc, int first)
{
	for (int i = first; i < cc->P->xlators.n; i++) {
		struct dt_xlator *x = cc->P->xlators.v[i];
		struct dt_var *dv = pool_zalloc(&cc->pool, sizeof(*dv));
		sema_set_file(cc, x->file);
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
					 x->members[m], type_name(om->type), sema_node_type_name(e));
		}
	}
}


