/*
 * sema_decl.c - the variables a program names: the built-in variables,
 * the variables a program creates implicitly by assigning to them (a
 * pre-pass declares them, as DTrace's parser does, so a predicate may read
 * a variable that only a later action assigns), and the checks of inline
 * declarations.  Declared variables are entered by the parser.
 */
#include <string.h>

#include "sema_int.h"
#include "../common/version.h"

/* ---- built-in variables ------------------------------------------------ */

static const struct bvar {
	const char *name;
	int id;
	const char *type;	/* as DTrace declares it (dt_open.c, sched.d);
				 * NULL: computed (pointers) */
	uint32_t vers;		/* the D version that has it (0: 1.0) */
} bvars[] = {
	{"arg0", BV_ARG0, "int64_t"}, {"arg1", BV_ARG1, "int64_t"},
	{"arg2", BV_ARG2, "int64_t"}, {"arg3", BV_ARG3, "int64_t"},
	{"arg4", BV_ARG4, "int64_t"}, {"arg5", BV_ARG5, "int64_t"},
	{"arg6", BV_ARG6, "int64_t"}, {"arg7", BV_ARG7, "int64_t"},
	{"arg8", BV_ARG8, "int64_t"}, {"arg9", BV_ARG9, "int64_t"},
	{"args", BV_ARGS, "int64_t"}, {"uregs", BV_UREGS, "uint64_t"},
	{"pid", BV_PID, "pid_t"}, {"ppid", BV_PPID, "pid_t"},
	{"tid", BV_TID, "id_t"}, {"uid", BV_UID, "uid_t"},
	{"gid", BV_GID, "gid_t"}, {"execname", BV_EXECNAME, "string"},
	{"cpu", BV_CPU, "processorid_t"}, {"timestamp", BV_TIMESTAMP, "uint64_t"},
	{"vtimestamp", BV_VTIMESTAMP, "uint64_t"},
	{"walltimestamp", BV_WALLTIMESTAMP, "int64_t"},
	{"probeprov", BV_PROBEPROV, "string"},
	{"probemod", BV_PROBEMOD, "string"},
	{"probefunc", BV_PROBEFUNC, "string"},
	{"probename", BV_PROBENAME, "string"},
	{"epid", BV_EPID, "uint64_t"}, {"id", BV_ID, "uint_t"},
	{"errno", BV_ERRNO, "int"}, {"curthread", BV_CURTHREAD, NULL},
	{"stackdepth", BV_STACKDEPTH, "uint32_t"},
	{"ustackdepth", BV_USTACKDEPTH, "uint32_t", DT_VERS_1_2},
	{"caller", BV_CALLER, "uintptr_t"}, {"ucaller", BV_UCALLER, "uint64_t", DT_VERS_1_2},
	{"ipl", BV_IPL, "uint_t"},
	/* this CPU's cpuinfo_t: the type is the D library's (sched.d), the
	 * data the consumer's (codegen/builtin.c) */
	{"curcpu", BV_CURCPU, "cpuinfo_t *"},
	/* Linux: the thread's cgroup (v2) id; `container` is the D library's */
	{"cgroup", BV_CGROUP, "uint64_t"},
};

const char *sema_builtin_var_decl(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(bvars); i++)
		if (strcmp(bvars[i].name, name) == 0)
			return bvars[i].type;
	return NULL;
}

/* "T" or "T *": a C type or a type of the D library, or NULL */
static struct dt_type *builtin_var_type(struct dt_cc *cc, const char *decl)
{
	size_t n = strlen(decl);
	char base[64];

	if (n > 2 && strcmp(decl + n - 2, " *") == 0 && n - 2 < sizeof(base)) {
		memcpy(base, decl, n - 2);
		base[n - 2] = 0;
		struct dt_type *t = type_lookup_in(cc->types, base);
		return t ? type_ptr(t) : NULL;
	}
	return type_lookup_in(cc->types, decl);
}

struct dt_var *sema_builtin_var(struct dt_cc *cc, const char *name)
{
	_Static_assert(ARRAY_SIZE(bvars) <= DT_CC_NBVARS, "dt_cc.bvars too small");
	struct dt_var **made = cc->bvars;

	for (size_t i = 0; i < ARRAY_SIZE(bvars); i++) {
		if (strcmp(bvars[i].name, name) != 0)
			continue;
		if (bvars[i].vers > dt_cc_vmax(cc))	/* newer than the program's D */
			return NULL;
		if (!made[i]) {
			struct dt_var *v = pool_zalloc(&cc->pool, sizeof(*v));
			v->name = (char *)bvars[i].name;
			v->scope = VS_BUILTIN;
			v->builtin = bvars[i].id;
			v->type = bvars[i].type ? builtin_var_type(cc, bvars[i].type) : NULL;
			if (bvars[i].type && !v->type)
				return NULL;	/* its type's library is not loaded */
			if (!v->type)
				v->type = type_ptr(type_tag_in(cc->types, TY_STRUCT, "task_struct"));
			made[i] = v;
		}
		return made[i];
	}
	return NULL;
}

/* ---- helpers ---------------------------------------------------------------- */


struct ptrvec *sema_scope_vars(struct dt_cc *cc, int scope)
{
	return scope == VS_THREAD ? &cc->P->tlocals : scope == VS_CLAUSE ? &cc->P->clocals : &cc->P->globals;
}

struct dt_var *sema_new_var(struct dt_cc *cc, int scope, const char *name, int line)
{
	struct ptrvec *vars = sema_scope_vars(cc, scope);
	struct dt_var *v = pool_zalloc(&cc->pool, sizeof(*v));

	v->name = pool_strdup(&cc->pool, name);
	v->scope = scope;
	v->id = vars->n;
	v->writable = 1;
	v->line = line;
	pv_push(vars, v);
	return v;
}

int sema_version_has(const struct dt_cc *cc, uint32_t vers, uint32_t vmax_at_def)
{
	uint32_t vmax = dt_cc_vmax(cc);

	return !(vers > vmax && vmax < vmax_at_def);
}

struct dt_inline *sema_find_inline(struct dt_cc *cc, const char *name)
{
	struct dt_inline *in = pv_find_named(&cc->P->inlines, name);

	/* bound to a newer D than the version reduced to after it was
	 * defined: gone, as DTrace's dt_reduce deletes it */
	if (in && !sema_version_has(cc, in->vers, in->vmax_at_def))
		return NULL;
	return in;
}

/* ---- the pre-pass: variables a program creates by assignment ------------------ */

static void declare_lvalue(struct dt_cc *cc, struct node *l)
{
	/* a scoped name (mod`sym) is a kernel symbol, never a new variable */
	const struct node *id = l->kind == N_INDEX ? l->kids[0] : l;
	if (id->kind == N_IDENT && strchr(id->sval, '`'))
		return;
	if (l->kind == N_IDENT) {
		if (l->var_scope == 0 && sema_is_known_name(cc, l->sval))
			return;
		struct dt_var *v = dt_var_find(sema_scope_vars(cc, l->var_scope), l->sval);
		if (!v)
			v = sema_new_var(cc, l->var_scope, l->sval, l->line);
		if (cc->created_mark)
			v->created = 1;
	} else if (l->kind == N_INDEX && l->kids[0]->kind == N_IDENT) {
		struct node *a = l->kids[0];
		if (a->var_scope == VS_CLAUSE)
			return;
		if (a->var_scope == 0 && sema_is_known_name(cc, a->sval))
			return;
		struct dt_var *v = dt_var_find(sema_scope_vars(cc, a->var_scope), a->sval);
		if (!v) {
			v = sema_new_var(cc, a->var_scope, a->sval, a->line);
			v->is_assoc = 1;
			v->nkeys = -1;
		}
		if (cc->created_mark)
			v->created = 1;
	}
}

void sema_prepass(struct dt_cc *cc, struct node *n)
{
	if (!n)
		return;
	if (n->kind == N_ASSIGN || n->kind == N_PREINC || n->kind == N_PREDEC ||
	    n->kind == N_POSTINC || n->kind == N_POSTDEC)
		declare_lvalue(cc, n->kids[0]);
	/* dt_cook_op1 cooks its operand without DT_IDFLG_REF: a self->,
	 * this-> or array element it names is created, not undefined */
	if (n->kind == N_UNARY || n->kind == N_STRINGOF || (n->kind == N_SIZEOF && !n->cast_type)) {
		struct node *k = n->kids[0];
		if ((k->kind == N_IDENT && k->var_scope != 0) || k->kind == N_INDEX)
			declare_lvalue(cc, k);
	}
	for (int i = 0; i < 3; i++)
		sema_prepass(cc, n->kids[i]);
	for (int i = 0; i < n->args.n; i++)
		sema_prepass(cc, n->args.v[i]);
}


/*
 * What an inline's name already named when it was defined, as DTrace's
 * dt_node_inline words it ("scalar inline", "function ", ...), or NULL:
 * a built-in variable or function, a declared global, or an inline before it.
 */
static const char *inline_previous(struct dt_cc *cc, struct dt_inline *in)
{
	int fn = sema_fn_lookup(cc, in->name);
	struct dt_var *v;

	if (fn != F_NONE)
		return sema_fn_is_agg(fn) ? "aggregating function " :
		       sema_fn_is_action(fn) ? "tracing function " : "function ";
	if ((v = sema_builtin_var(cc, in->name)))
		return v->is_assoc ? "associative array " : "scalar ";
	v = dt_var_find(&cc->P->globals, in->name);
	if (v && v->declared && !v->is_extern)
		return v->is_assoc ? "associative array " : "scalar ";
	int64_t ev;
	if (sema_find_enum_const(cc, in->name, &ev))
		return "enumerator inline";	/* D's enumerators are inlines */
	for (int i = 0; i < cc->P->inlines.n; i++) {
		struct dt_inline *p = cc->P->inlines.v[i];
		if (p == in)
			break;
		if (strcmp(p->name, in->name) == 0)
			return p->nparams ? "associative array inline" : "scalar inline";
	}
	return NULL;
}

static _Noreturn void inline_incompatible(struct dt_cc *cc, const struct dt_inline *in, const char *l, const char *r)
{
	dt_error(cc->errs, in->line, "D_OP_INCOMPAT", "inline %s definition uses incompatible types: \"%s\" = \"%s\"",
		 in->name, l, r);
}

/*
 * An inline that is a translation has exactly the type the translation
 * makes, or a pointer to it (dt_cook_inline compares the struct itself).
 */
static void check_inline_translation(struct dt_cc *cc, struct dt_inline *in)
{
	struct dt_type *l = in->type, *r = in->expr->cast_type;

	if (l->kind == TY_PTR)
		l = l->ref;
	if (r->kind == TY_PTR)
		r = r->ref;
	if (!type_compatible(l, r))
		inline_incompatible(cc, in, type_name(l), type_name(r));
}

void sema_check_inline_value(struct dt_cc *cc, const struct dt_inline *in, struct node *value)
{
	/* translated data is checked by its translator's output type
	 * (above); any other <DYN> is assignable to nothing */
	if ((value->kind != N_XLATE || !sema_is_dynamic(value)) && !sema_assignable(in->type, value))
		inline_incompatible(cc, in, type_name(in->type), sema_node_type_name(value));
}

/*
 * An inline with parameters, cooked where it is defined as dt_node_inline
 * cooks it: each parameter stands for a value of its declared type.  (Each
 * use cooks its own copy of the text, the arguments bound.)
 */
static void check_param_inline(struct dt_cc *cc, struct dt_inline *in)
{
	int base = cc->nbind;

	if (base + in->nparams > DT_CC_MAX_BIND)
		return;
	for (int i = 0; i < in->nparams; i++) {
		struct dt_var *v = pool_zalloc(&cc->pool, sizeof(*v));
		struct node *p = node_new(cc, N_VAR, in->line);
		v->name = in->params[i];
		v->scope = VS_GLOBAL;
		v->type = in->param_types[i];
		v->declared = 1;
		p->var = v;
		p->type = v->type;
		cc->bind_name[cc->nbind] = in->params[i];
		cc->bind_node[cc->nbind] = p;
		cc->nbind++;
	}
	in->cooking = 1;
	sema_cook(cc, in->expr);
	in->cooking = 0;
	cc->nbind = base;
	sema_check_inline_value(cc, in, in->expr);
}

/* Check the inlines from index first on where they are declared. */
void sema_check_inlines(struct dt_cc *cc, int first)
{
	for (int i = first; i < cc->P->inlines.n; i++) {
		struct dt_inline *in = cc->P->inlines.v[i];
		sema_set_file(cc, in->file);
		const char *previous = inline_previous(cc, in);
		if (previous)
			dt_error(cc->errs, in->line, "D_DECL_IDRED", "identifier redefined: %s\n\t current: inline definition\n\tprevious: %s",
				 in->name, previous);
		/* an inline is checked where it is declared (recursion included) */
		if (in->expr->kind == N_XLATE)
			check_inline_translation(cc, in);
		else if (!in->nparams) {
			in->cooking = 1;
			sema_cook(cc, in->expr);
			in->cooking = 0;
			sema_check_inline_value(cc, in, in->expr);
		} else if (in->user_text) {
			/* the D libraries' are ours, checked where used */
			check_param_inline(cc, in);
		}
	}
}
