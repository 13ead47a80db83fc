/*
 * sema_expr.c - cooking expressions: every identifier becomes a variable,
 * a constant or an inline's expansion; every operator gets C's and D's
 * type rules and DTrace's errors; integer constant expressions are folded
 * (also for the parser: sema_const); macro variables are expanded.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sema_int.h"

/* ---- constants ------------------------------------------------------------ */

static const struct {
	const char *name;
	int64_t value;
} int_consts[] = {
	{"DTRACEFLT_UNKNOWN", 0}, {"DTRACEFLT_BADADDR", 1},
	{"DTRACEFLT_BADALIGN", 2}, {"DTRACEFLT_ILLOP", 3},
	{"DTRACEFLT_DIVZERO", 4}, {"DTRACEFLT_NOSCRATCH", 5},
	{"DTRACEFLT_KPRIV", 6}, {"DTRACEFLT_UPRIV", 7},
	{"DTRACEFLT_TUPOFLOW", 8}, {"DTRACEFLT_BADSTACK", 9},
	{"DTRACEFLT_BADSIZE", 10}, {"DTRACEFLT_BADINDEX", 11},
	{"DTRACEFLT_LIBRARY", 1000},
	/* uregs[] indexes: DTrace's regs.d for x86-64 (struct pt_regs, then
	 * the segment registers and trap number of task->thread) */
	{"R_R15", 0}, {"R_R14", 1}, {"R_R13", 2}, {"R_R12", 3}, {"R_RBP", 4},
	{"R_RBX", 5}, {"R_R11", 6}, {"R_R10", 7}, {"R_R9", 8}, {"R_R8", 9},
	{"R_RAX", 10}, {"R_RCX", 11}, {"R_RDX", 12}, {"R_RSI", 13}, {"R_RDI", 14},
	{"R_ERR", 15}, {"R_RIP", 16}, {"R_CS", 17}, {"R_RFL", 18}, {"R_RSP", 19},
	{"R_SS", 20}, {"R_DS", 21}, {"R_ES", 22}, {"R_FS", 23}, {"R_GS", 24},
	{"R_TRAPNO", 25},
	{"R_EBX", 5}, {"R_ECX", 11}, {"R_EDX", 12}, {"R_ESI", 13}, {"R_EDI", 14},
	{"R_EBP", 4}, {"R_EAX", 10}, {"R_EIP", 16}, {"R_EFL", 18}, {"R_ESP", 19},
	{"R_PC", 16}, {"R_FP", 4}, {"R_SP", 19}, {"R_PS", 18}, {"R_R0", 10}, {"R_R1", 5},
	/* inet_ntop()'s address families and link_ntop()'s hardware types
	 * (DTrace's net.d; Linux's values) */
	{"AF_INET", 2}, {"AF_INET6", 10},
	{"ARPHRD_ETHER", 1}, {"ARPHRD_INFINIBAND", 32},
};

/* A constant's value is what the register holds: D folds in 64 bits and
 * never truncates a result to its type (see type_cast_shift). */
void sema_set_const(struct node *n, uint64_t v)
{
	n->is_const = 1;
	n->cval = (int64_t)v;
}


/* What a global name is, in DTrace's words (dt_idkind_name), or NULL
 * when it names nothing: for "may not be referenced as" messages. */
const char *sema_ident_kind(struct dt_cc *cc, const char *name)
{
	struct dt_var *v = dt_var_find(&cc->P->globals, name);
	int64_t ev;

	if (v && !v->is_extern)		/* an extern is a symbol, not a D global */
		return v->is_assoc ? "associative array" : "scalar";
	if (sema_builtin_var(cc, name))
		return "scalar";
	if (sema_find_inline(cc, name))
		return "inline";
	if (sema_find_enum_const(cc, name, &ev))
		return "enumerator";
	return NULL;
}

int sema_is_known_name(struct dt_cc *cc, const char *name)
{
	int64_t v;

	if (sema_builtin_var(cc, name) || sema_find_inline(cc, name) || sema_find_enum_const(cc, name, &v))
		return 1;
	for (size_t i = 0; i < ARRAY_SIZE(int_consts); i++)
		if (strcmp(int_consts[i].name, name) == 0)
			return 1;
	return strcmp(name, "NULL") == 0;
}

/* ---- cooking -------------------------------------------------------------------- */

void sema_cook(struct dt_cc *cc, struct node *n);
static void cook_inline_body(struct dt_cc *cc, struct node *e);

/* <DYN> (dt_node_is_dynamic): an aggregation, translated data, and an
 * aggregating function's call, whose identifier DTrace types <DYN>
 * (dt_idcook_func) */
int sema_is_dynamic(const struct node *n)
{
	return n->kind == N_AGG || n->kind == N_XLATE || (n->kind == N_CALL && sema_fn_is_agg(n->fn));
}

const char *sema_node_type_name(const struct node *n)
{
	if (n->kind == N_AGG)
		return "aggregation";
	if (n->kind == N_CALL && sema_fn_is_agg(n->fn))
		return "aggregating function";
	if (n->kind == N_XLATE)	/* dt_idkind_name of DT_IDENT_XLPTR, DT_IDENT_XLSOU */
		return n->cast_type->kind == TY_PTR ? "pointer to translated data" : "translated data";
	return type_name(n->type);
}

static _Noreturn void incompat(struct dt_cc *cc, struct node *n, const char *op, struct node *a, struct node *b)
{
	dt_error(cc->errs, n->line, "D_OP_INCOMPAT", "operands have incompatible types: \"%s\" %s \"%s\"",
		 sema_node_type_name(a), op, sema_node_type_name(b));
}

const char *sema_opname(int op)
{
	return tok_str((enum tok)op);
}

int sema_is_null_const(struct node *n)
{
	return n->is_const && n->cval == 0 && (type_is_integral(n->type) ||
	       (n->type->kind == TY_PTR && n->type->ref->kind == TY_VOID));
}

/* Types a pointer may point to interchangeably (CTF's ctf_type_compat,
 * which DTrace applies to what two pointers reference): the same type, or
 * integers or floats of one size and sign, or structs, unions or enums of
 * one name, or pointers to or arrays of such types. */
static int ref_compatible(const struct dt_type *a, const struct dt_type *b)
{
	a = type_base(a);
	b = type_base(b);
	if (a == b)
		return 1;
	if (type_is_integral(a) && type_is_integral(b))
		return a->size == b->size && a->is_signed == b->is_signed &&
		       (a->kind == TY_ENUM) == (b->kind == TY_ENUM);
	if (a->kind != b->kind)
		return 0;
	switch (a->kind) {
	case TY_PTR:
		return ref_compatible(a->ref, b->ref);
	case TY_ARRAY:
		return a->nelems == b->nelems && ref_compatible(a->ref, b->ref);
	case TY_STRUCT: case TY_UNION:
		return strcmp(a->name, b->name) == 0;
	case TY_FLOAT: case TY_STRING: case TY_FUNC:
		return a->size == b->size;
	default:
		return 0;
	}
}

/*
 * DTrace's dt_node_is_ptrcompat: two pointers (or arrays) that reference
 * compatible types, or either of them void; an integer operand only as the
 * constant 0, standing for the other's type.  *res (if not NULL) is the more
 * specific of the two types.
 */
static int sema_ptr_compatible(struct node *l, struct node *r, struct dt_type **res)
{
	struct dt_type *lt = l->type, *rt = r->type;
	int lint = type_is_integral(lt), rint = type_is_integral(rt);

	if ((lint && rint) || (lint && !sema_is_null_const(l)) || (rint && !sema_is_null_const(r)))
		return 0;
	if (lint)
		lt = rt;
	if (rint)
		rt = lt;
	/* D's string is a typedef of a char array (dt_open.c) */
	struct dt_type *lref = lt->kind == TY_STRING ? &ty_char : lt->kind == TY_PTR || lt->kind == TY_ARRAY ? lt->ref : NULL;
	struct dt_type *rref = rt->kind == TY_STRING ? &ty_char : rt->kind == TY_PTR || rt->kind == TY_ARRAY ? rt->ref : NULL;
	if (!lref || !rref)
		return 0;
	int lvoid = lref->kind == TY_VOID, rvoid = rref->kind == TY_VOID;
	if (!lvoid && !rvoid && !ref_compatible(lref, rref))
		return 0;
	if (res)
		*res = rvoid ? lt : rt;
	return 1;
}

int sema_is_strcompat(const struct dt_type *t)
{
	return type_is_string(t) ||
	       (t->kind == TY_PTR && t->ref->kind == TY_INT && t->ref->size == 1 && !t->ref->is_bool);
}

/* May a value of type b (node rhs) be stored in something of type a?
 * (DTrace's dt_node_is_argcompat, as its operator = applies it) */
int sema_assignable(struct dt_type *a, struct node *rhs)
{
	struct dt_type *b = rhs->type;

	if (sema_is_dynamic(rhs))
		return 0;	/* dt_node_is_argcompat: never */
	if (type_is_integral(a) && type_is_integral(b))
		return 1;
	if (a->kind == TY_STRING && (type_is_string(b) || sema_is_null_const(rhs)))
		return 1;
	/* strings, char pointers and char arrays go together */
	if (sema_is_strcompat(a) && sema_is_strcompat(b))
		return 1;
	if (a->kind == TY_PTR) {
		struct node lhs = {.kind = N_VAR, .type = a};
		return sema_ptr_compatible(&lhs, rhs, NULL);
	}
	return type_compatible(a, b);
}

/*
 * Whether an lvalue may be written (DTrace's DT_NF_WRITABLE): a D variable
 * the script may write (dt_node_var), and memory reached from one: *v and
 * *(v + i) (dt_cook_op1 DT_TOK_DEREF), v[i], which D reads as *(v + i), and
 * v.m, v->m (dt_cook_op2 DT_TOK_DOT/PTR).  Memory reached from anything
 * else -- a cast such as *(char *)p, or a built-in such as curthread -- is
 * not writable.
 */
static int is_writable(const struct node *l)
{
	const struct node *k = l->kids[0];

	switch (l->kind) {
	case N_VAR:
		return l->var->writable;
	case N_UNARY:
		return l->op == T_STAR &&
		       (is_writable(k) || (k->kind == N_BINARY && k->op == T_PLUS && is_writable(k->kids[0])));
	case N_INDEX:
	case N_MEMBER:
		return is_writable(k);
	default:
		return 0;
	}
}

/* args[i] or uregs[i]: an element of a built-in array variable, which
 * DTrace cooks as a DT_NODE_VAR (dt_cook_op2's DT_TOK_LBRAC) */
static int is_builtin_array_elem(const struct node *n)
{
	const struct node *a = n->kind == N_INDEX ? n->kids[0] : NULL;

	return a && a->kind == N_VAR && a->var->scope == VS_BUILTIN &&
	       (a->var->builtin == BV_ARGS || a->var->builtin == BV_UREGS);
}

static void check_lvalue(struct dt_cc *cc, struct node *n, struct node *l, const char *op)
{
	if (l->from_inline && !l->is_const)
		dt_error(cc->errs, n->line, "D_OP_WRITE", "operator %s can only be applied to a writable variable", op);
	if (!l->is_lvalue)
		dt_error(cc->errs, n->line, "D_OP_LVAL", "operator %s requires modifiable lvalue as an operand", op);
	if (!is_writable(l))
		dt_error(cc->errs, n->line, "D_OP_WRITE", "operator %s can only be applied to a writable variable", op);
}

int sema_find_enum_const(struct dt_cc *cc, const char *name, int64_t *v)
{
	/* enumerators of declared enums are kept with the enum types */
	return types_find_enumerator(cc->types, name, v);
}


/*
 * A script's argN at a stable provider's probe: the provider's argument i
 * as an int64_t (DTrace's argN is the probe's argument, args[N] before
 * translation), where the mechanism under the probe has arguments of its
 * own.  Returns 0 (argN as it is) where the clause's probes are not all
 * such probes or the argument is not a scalar.
 */
static int native_arg(struct dt_cc *cc, struct node *n, int i)
{
	char *expr;
	struct node *e;

	if (!cc->native_arg || cc->cur_clause < 0 || !(expr = cc->native_arg(cc->native_arg_arg, cc->P->clauses.v[cc->cur_clause], i)))
		return 0;
	e = dt_parse_expr_string(cc, expr, n->line);
	free(expr);
	sema_cook(cc, e);
	if (!type_is_integral(e->type) && e->type->kind != TY_PTR)
		return 0;
	n->kind = N_CAST;
	n->cast_type = &ty_llong;
	n->kids[0] = e;
	sema_cook(cc, n);
	return 1;
}

static void cook_ident(struct dt_cc *cc, struct node *n)
{
	struct dt_var *v;
	struct dt_type *et;
	int64_t ev;

	if (cc->xlate_param && n->var_scope == 0 && strcmp(n->sval, cc->xlate_param) == 0) {
		*n = *cc->xlate_input;	/* already cooked; shared, not copied */
		return;
	}
	for (int i = cc->nbind - 1; i >= 0 && n->var_scope == 0; i--)
		if (strcmp(n->sval, cc->bind_name[i]) == 0) {
			*n = *cc->bind_node[i];
			return;
		}

	if (n->var_scope == VS_THREAD || n->var_scope == VS_CLAUSE) {
		v = dt_var_find(sema_scope_vars(cc, n->var_scope), n->sval);
		if (!v || (cc->sema_pass == 0 && !v->declared && !v->created))
			dt_error(cc->errs, n->line, "D_VAR_UNDEF", "%s%s has not yet been declared or assigned",
				 n->var_scope == VS_THREAD ? "self->" : "this->", n->sval);
	} else {
		struct dt_inline *in = sema_find_inline(cc, n->sval);
		if (in) {
			if (in->cooking)
				dt_error(cc->errs, n->line, "D_IDENT_UNDEF", "failed to resolve %s: Unknown variable name", n->sval);
			if (in->nparams)
				dt_error(cc->errs, n->line, "D_IDENT_BADREF", "associative array '%s' may not be referenced as scalar", n->sval);
			in->cooking = 1;
			cook_inline_body(cc, in->expr);
			in->cooking = 0;
			if (in->type->kind == TY_STRUCT || in->type->kind == TY_UNION || sema_is_dynamic(in->expr)) {
				/* a struct-valued inline is its expression; so is
				 * one that is translated data (dt_node_is_dynamic
				 * follows an inline to its body); an error about
				 * this use is at the use's line, as DTrace's VAR
				 * node keeps the line it was parsed at */
				int line = n->line;
				*n = *in->expr;
				n->line = line;
				return;
			}
			n->kind = N_CAST;
			n->implicit = 1;
			n->from_inline = 1;
			n->cast_type = in->type;
			n->kids[0] = in->expr;
			sema_cook(cc, n);
			return;
		}
		if (strcmp(n->sval, "NULL") == 0) {
			/* as in DTrace on Linux, NULL is the int constant 0 (sizeof 4) */
			n->kind = N_INT;
			n->ival = 0;
			n->type = &ty_int;
			sema_set_const(n, 0);
			return;
		}
		for (size_t i = 0; i < ARRAY_SIZE(int_consts); i++)
			if (strcmp(int_consts[i].name, n->sval) == 0) {
				n->kind = N_INT;
				n->ival = (uint64_t)int_consts[i].value;
				n->type = &ty_int;
				sema_set_const(n, n->ival);
				return;
			}
		if ((et = types_enumerator_enum(cc->types, n->sval, &ev))) {
			/* an enumerator has its enum's type (dt_decl_enumerator) */
			n->kind = N_INT;
			n->ival = (uint64_t)ev;
			n->type = et;
			sema_set_const(n, n->ival);
			return;
		}
		/* a function or a built-in associative array is a global of
		 * another kind than the scalar a bare name is (dt_xcook_ident) */
		int fn = sema_fn_lookup(cc, n->sval);
		if (fn != F_NONE)
			dt_error(cc->errs, n->line, "D_IDENT_BADREF", "%s '%s' may not be referenced as scalar",
				 sema_fn_is_agg(fn) ? "aggregating function" : sema_fn_is_action(fn) ? "tracing function" : "function",
				 n->sval);
		v = sema_builtin_var(cc, n->sval);
		if (v && (v->builtin == BV_ARGS || v->builtin == BV_UREGS) && !cc->index_base)
			dt_error(cc->errs, n->line, "D_IDENT_BADREF", "associative array '%s' may not be referenced as scalar", n->sval);
		if (!v)
			v = dt_var_find(&cc->P->globals, n->sval);
		if (!v || (cc->sema_pass == 0 && v->scope != VS_BUILTIN && !v->declared && !v->created))
			dt_error(cc->errs, n->line, "D_IDENT_UNDEF", "failed to resolve %s: Unknown %s name", n->sval,
				 strchr(n->sval, '`') ? "symbol" : "variable");
		if (v->scope == VS_BUILTIN && v->builtin >= BV_ARG0 && v->builtin <= BV_ARG9 && n->user_text &&
		    native_arg(cc, n, v->builtin - BV_ARG0))
			return;
	}
	n->kind = N_VAR;
	n->var = v;
}

static void cook_var(struct dt_cc *cc, struct node *n)
{
	struct dt_var *v = n->var;

	if (v->is_assoc && !n->args.n)
		dt_error(cc->errs, n->line, "D_IDENT_BADREF", "associative array '%s' may not be referenced as scalar", v->name);
	n->type = v->type ? v->type : &ty_int;
	n->is_lvalue = v->scope != VS_BUILTIN || v->writable;
	if (v->scope == VS_BUILTIN)
		n->is_lvalue = 1;	/* so "pid = 1" reports D_OP_WRITE */
}

static void cook_int(struct dt_cc *cc, struct node *n)
{
	if (n->op == -1) {	/* character constant: an int, as in C (long when
				   more than four characters make it up) */
		n->type = n->sval && strlen(n->sval) > 6 && n->ival > 0xffffffffULL ? &ty_long : &ty_int;
		sema_set_const(n, n->ival);
		return;
	}
	int u = n->op & 1, l = (n->op >> 1) & 3, dec = (n->op & 8) != 0;
	static struct dt_type *const cands[] = {&ty_int, &ty_uint, &ty_long, &ty_ulong, &ty_llong, &ty_ullong};
	uint64_t v = n->ival;
	struct dt_type *t = NULL;
	for (int i = 0; i < 6; i++) {
		struct dt_type *c = cands[i];
		if (u && c->is_signed)
			continue;
		if (l == 1 && c->size < 8)
			continue;
		if (l == 2 && i < 4)
			continue;
		if (dec && !u && !c->is_signed)
			continue;
		uint64_t lim = c->size == 4 ? (c->is_signed ? 0x7fffffffULL : 0xffffffffULL)
					    : (c->is_signed ? 0x7fffffffffffffffULL : ~0ULL);
		if (v <= lim) {
			t = c;
			break;
		}
	}
	if (!t)		/* a decimal past LLONG_MAX without u (dt_node_int) */
		dt_error(cc->errs, n->line, "D_INT_OFLOW",
			 "integer constant 0x%llx cannot be represented in any built-in integral type",
			 (unsigned long long)v);
	n->type = t;
	sema_set_const(n, v);
}

/* Index into a variable: associative array, scalar array, or assoc via self-> */
/*
 * E1[E2] of an array, pointer or string is *(E1 + E2) (K&R A7.3.1), so
 * the subscript follows the rules of +: an integer, else the operands are
 * incompatible.  A constant index is checked against the array's bounds,
 * except for arrays of 0 or 1 element (a structure's variable tail).
 */
static void check_subscript(struct dt_cc *cc, struct node *n, const struct dt_type *at, const struct node *ix)
{
	int is_ptr = at->kind == TY_ARRAY || at->kind == TY_PTR || at->kind == TY_STRING;

	if (!type_is_integral(ix->type) && !(type_is_integral(at) && (ix->type->kind == TY_PTR || ix->type->kind == TY_STRING)))
		dt_error(cc->errs, n->line, "D_OP_INCOMPAT", "operands have incompatible types: \"%s\" + \"%s\"",
			 type_name(at), type_name(ix->type));
	if (!is_ptr && !type_is_integral(at))
		dt_error(cc->errs, n->line, "D_OP_INCOMPAT", "operands have incompatible types: \"%s\" + \"%s\"",
			 type_name(at), type_name(ix->type));
	if (at->kind == TY_ARRAY && ix->is_const && at->nelems > 1 && (uint64_t)ix->cval >= at->nelems)
		dt_error(cc->errs, n->line, "D_ARR_BOUNDS", "index outside array bounds: %llu, max is %u",
			 (unsigned long long)ix->cval, at->nelems);
}

/*
 * The inline a plain name (no self->, this->) stands for, or NULL: a
 * translator's parameter or an inline's parameter being bound hides a
 * global inline of its name, as their scopes sit above the globals.
 */
static struct dt_inline *name_inline(struct dt_cc *cc, const struct node *id)
{
	if (id->kind != N_IDENT || id->var_scope != 0)
		return NULL;
	if (cc->xlate_param && strcmp(id->sval, cc->xlate_param) == 0)
		return NULL;
	for (int i = cc->nbind - 1; i >= 0; i--)
		if (strcmp(id->sval, cc->bind_name[i]) == 0)
			return NULL;
	return sema_find_inline(cc, id->sval);
}

/* The inline with parameters that n (name[args]) uses, or NULL. */
static struct dt_inline *param_inline(struct dt_cc *cc, struct node *n)
{
	struct dt_inline *in = name_inline(cc, n->kids[0]);
	return in && in->nparams ? in : NULL;
}

/*
 * A use n of inline in with parameters: its parameters bound to n's
 * arguments (cooked), and its body parsed anew, uncooked, for the caller
 * to cook while they are bound; *base: the bindings to return to then.
 */
static struct node *inline_call(struct dt_cc *cc, struct node *n, struct dt_inline *in, int *base)
{
	if (in->nparams != n->args.n)
		dt_error(cc->errs, n->line, "D_PROTO_LEN", "%s[ ] prototype mismatch: %d arg%s passed, %d expected",
			 in->name, n->args.n, n->args.n == 1 ? "" : "s", in->nparams);
	/* in its own definition the inline is not yet defined: f[ creates
	 * an array, which dt_cook_var finds unassigned */
	if (in->cooking)
		dt_error(cc->errs, n->line, "D_VAR_UNDEF", "%s has not yet been declared or assigned", in->name);
	if (cc->nbind + in->nparams > DT_CC_MAX_BIND)
		dt_error(cc->errs, n->line, "D_IDENT_UNDEF", "failed to resolve %s: Unknown variable name", in->name);
	*base = cc->nbind;
	for (int i = 0; i < n->args.n; i++) {
		sema_cook(cc, n->args.v[i]);
		cc->bind_name[cc->nbind] = in->params[i];
		cc->bind_node[cc->nbind] = n->args.v[i];
		cc->nbind++;
	}
	return dt_parse_expr_text(cc, in->text, in->line, in->user_text);
}

/* What E1 of E1[E2, ...] is, in DTrace's words (dt_node_name). */
static const char *badref_name(struct dt_cc *cc, const struct node *a)
{
	switch (a->kind) {
	case N_VAR:
		return pool_asprintf(&cc->pool, "%s %s", a->var->is_assoc ? "associative array" : "scalar", a->var->name);
	case N_STR:
		return pool_asprintf(&cc->pool, "string constant \"%s\"", a->sval);
	case N_INT:
		return pool_asprintf(&cc->pool, "integer constant 0x%llx", (unsigned long long)a->ival);
	case N_MEMBER:
		return a->op == T_ARROW ? "operator ->" : "operator .";
	case N_UNARY: case N_BINARY:
		return pool_asprintf(&cc->pool, "operator %s", sema_opname(a->op));
	case N_TERNARY:
		return "operator ?";
	case N_CAST:
		return "operator (";
	case N_CALL:
		return pool_asprintf(&cc->pool, "%s %s( )", sema_fn_is_agg(a->fn) ? "aggregating function" :
				   sema_fn_is_action(a->fn) ? "tracing function" : "function", a->sval);
	default:
		return "operator [";
	}
}

/*
 * E1[E2]: DTrace's dt_cook_op2 raises its own errors at the '[ ]' node's
 * line (n), but those the variable's cooking raises (dt_idcook_assc,
 * dt_idcook_args, dt_idcook_regs: its keys, uregs[] and args[]) at the
 * variable's (a), where its name is written.
 */
static void cook_index(struct dt_cc *cc, struct node *n)
{
	struct node *a = n->kids[0];

	if (a->kind == N_IDENT && a->var_scope == 0) {
		struct dt_inline *in = param_inline(cc, n);
		if (in) {
			int base;
			struct node *e = inline_call(cc, n, in, &base);
			in->cooking = 1;
			cook_inline_body(cc, e);
			in->cooking = 0;
			cc->nbind = base;
			/* cooked only where used (its parameters bound), so its
			 * value is checked against its type here (dt_cook_inline) */
			sema_check_inline_value(cc, in, e);
			struct node *c = node_new(cc, N_CAST, n->line);
			c->implicit = 1;
			c->cast_type = in->type;
			c->kids[0] = e;
			sema_cook(cc, c);
			*n = *c;
			return;
		}
	}

	if (a->kind == N_AGG)
		dt_error(cc->errs, n->line, "D_AGG_MDIM", "improper attempt to reference @%s as a multi-dimensional array", a->sval);

	if (a->kind == N_IDENT && a->var_scope == VS_CLAUSE) {
		struct dt_var *lv = dt_var_find(&cc->P->clocals, a->sval);
		/* this->s[i] indexes a string, array or pointer; anything else
		 * would make this-> an associative array, which D forbids */
		/* (a typed one with one key is *(this->x + key), an
		 * integer's D_DEREF_NONPTR; DTrace's message names the
		 * identifier bare) */
		if (!lv || !lv->type || n->args.n != 1)
			dt_error(cc->errs, n->line, "D_ARR_LOCAL", "local variables may not be used as associative arrays: %s", a->sval);
	}
	if (a->kind == N_IDENT && (a->var_scope == VS_THREAD ||
				   (a->var_scope == 0 && !sema_is_known_name(cc, a->sval) && !strchr(a->sval, '`')))) {
		struct dt_var *v = dt_var_find(sema_scope_vars(cc, a->var_scope), a->sval);
		/* x[ and self->x[ create the array (dt_cook_op2); reading it
		 * before anything stores there is dt_cook_var's refusal */
		if (!v || (cc->sema_pass == 0 && !v->declared && !v->created))
			dt_error(cc->errs, a->line, "D_VAR_UNDEF", "%s%s has not yet been declared or assigned",
				 a->var_scope == VS_THREAD ? "self->" : "", a->sval);
		/* x[i] of a scalar variable already typed is *(x + i) (of a
		 * string, a pointer, an array; an integer's is D_DEREF_NONPTR) */
		if (!v->is_assoc && !v->is_array && v->type && n->args.n == 1)
			goto index_value;
		for (int i = 0; i < n->args.n; i++) {
			struct node *k = n->args.v[i];
			if (k->kind == N_AGG)
				sema_agg_operand(cc, k);
			else
				sema_cook(cc, k);
			if (sema_is_dynamic(k) || k->type->kind == TY_VOID)	/* dt_idcook_assc */
				dt_error(cc->errs, a->line, "D_KEY_TYPE", "%s expression may not be used as %s index: key #%d",
					 sema_node_type_name(k), v->is_array && !v->is_assoc ? "array" : "associative array", i + 1);
		}
		if (v->is_array && !v->is_assoc) {
			/* scalar array a[i] */
			if (n->args.n != 1)
				dt_error(cc->errs, n->line, "D_ARR_BADREF", "cannot access scalar %s as an associative array", v->name);
			struct node *ix = n->args.v[0];
			check_subscript(cc, n, v->type, ix);
			a->kind = N_VAR;
			a->var = v;
			a->type = v->type;
			n->type = v->type->ref;
			n->is_lvalue = 1;
			n->op = 1;	/* scalar array element */
			return;
		}
		if (!v->is_assoc) {
			if (v->type)
				dt_error(cc->errs, n->line, "D_ARR_BADREF", "cannot access scalar %s as an associative array", v->name);
			v->is_assoc = 1;
			v->nkeys = -1;
		}
		if (v->nkeys < 0) {
			v->nkeys = n->args.n;
			v->keys = pool_calloc(&cc->pool, (size_t)n->args.n, sizeof(struct dt_type *));
			for (int i = 0; i < n->args.n; i++) {
				struct node *k = n->args.v[i];
				v->keys[i] = type_is_string(k->type) ? &ty_string : k->type;
			}
		} else if (v->nkeys != n->args.n) {
			dt_error(cc->errs, a->line, "D_PROTO_LEN", "%s[ ] prototype mismatch: %d key%s passed, %d expected",
				 v->name, n->args.n, n->args.n == 1 ? "" : "s", v->nkeys);
		} else {
			for (int i = 0; i < n->args.n; i++) {
				struct node *k = n->args.v[i];
				if (!type_compatible(v->keys[i], k->type) &&
				    !(v->keys[i]->kind == TY_STRING && type_is_string(k->type)))
					dt_error(cc->errs, a->line, "D_PROTO_ARG",
						 "%s[ ] key #%d is incompatible with prototype:\n\tprototype: %s\n\t      key: %s",
						 v->name, i + 1, type_name(v->keys[i]), type_name(k->type));
			}
		}
		if (n->args.n > DT_CC_TUPREGS + 1)	/* dt_cg_arglist */
			dt_error(cc->errs, 0, NULL, "Insufficient tuple registers to generate code");
		a->kind = N_VAR;
		a->var = v;
		n->kind = N_VAR;
		n->var = v;
		n->kids[0] = NULL;
		n->type = v->type ? v->type : &ty_int;
		n->is_lvalue = 1;
		return;
	}
index_value:
	cc->index_base = 1;
	sema_cook(cc, a);
	cc->index_base = 0;
	for (int i = 0; i < n->args.n; i++)
		sema_cook(cc, n->args.v[i]);
	int is_args = a->kind == N_VAR && a->var->scope == VS_BUILTIN &&
		      (a->var->builtin == BV_ARGS || a->var->builtin == BV_UREGS);
	if (is_args && n->args.n != 1)	/* DTrace's dt_idcook_args, dt_idcook_regs */
		dt_error(cc->errs, a->line, "D_PROTO_LEN", "%s[ ] prototype mismatch: %d arg%spassed, 1 expected",
			 a->var->name, n->args.n, n->args.n == 1 ? " " : "s ");
	if (n->args.n != 1) {
		/* E1[E2, ...] is *(E1 + E2) checked as such, then refused
		 * for its list (dt_cook_op2) */
		if (sema_is_dynamic(a))
			incompat(cc, n, "+", a, n->args.v[0]);
		check_subscript(cc, n, a->type, n->args.v[0]);
		dt_error(cc->errs, n->line, "D_ARR_BADREF", "cannot access %s as an associative array", badref_name(cc, a));
	}
	struct node *ix = n->args.v[0];
	if (is_args) {
		/* args[i]: typed from the probes the clause matches */
		if (!ix->is_const || !type_is_integral(ix->type))
			dt_error(cc->errs, a->line, "D_PROTO_ARG", "%s[ ] argument #1 is incompatible with prototype:\n\tprototype: %s\n\t argument: %s",
				 a->var->name, "integer constant", type_name(ix->type));
		if (a->var->builtin == BV_UREGS) {
			/* uregs[R_*]: a user register of the current thread (uint64_t) */
			if (ix->type->is_signed && ix->cval < 0)
				dt_error(cc->errs, a->line, "D_REGS_IDX", "index %lld is out of range for array %s",
					 (long long)ix->cval, a->var->name);
			if (ix->cval > 25)	/* pt_regs, then task->thread's segment registers */
				dt_error(cc->errs, n->line, "D_UNKNOWN", "uregs[]: index out of bounds (%d)", (int)ix->cval);
			/* uint64_t by that name, as dt_idcook_regs types it */
			n->type = a->var->type ? a->var->type : &ty_ullong;
			n->is_lvalue = 1;	/* a variable, never writable (below) */
			return;
		}
		if (cc->cur_clause < 0)
			dt_error(cc->errs, n->line, "D_ARGS_NONE", "%s[ ] may not be referenced outside of a probe clause",
				 a->var->name);
		char *expr = NULL;
		n->type = cc->args_type ? cc->args_type(cc->args_arg, cc->P->clauses.v[cc->cur_clause], (int)ix->cval,
							n->line, &expr)
					 : &ty_llong;
		/* args[i] and uregs[i] are D variables (dt_xcook_ident sets
		 * DT_NF_LVALUE) that are not writable: "args[0] = 1" and
		 * "uregs[0]++" are D_OP_WRITE, "&args[0]" D_ADDROF_VAR */
		n->is_lvalue = 1;
		if (expr) {
			/* a stable provider's argument: the D it stands for */
			char *text = pool_strdup(&cc->pool, expr);	/* parsing may unwind */
			free(expr);
			struct node *e = dt_parse_expr_string(cc, text, n->line);
			sema_cook(cc, e);
			*n = *e;
		}
		return;
	}
	if (sema_is_dynamic(a))	/* E1[E2] is *(E1 + E2) */
		incompat(cc, n, "+", a, ix);
	check_subscript(cc, n, a->type, ix);
	if (a->type->kind == TY_ARRAY || a->type->kind == TY_PTR)
		n->type = a->type->ref;
	else if (a->type->kind == TY_STRING)
		n->type = &ty_char;
	else	/* E1[E2] is *(E1 + E2): an integer sum dereferenced */
		dt_error(cc->errs, n->line, "D_DEREF_NONPTR", "cannot dereference non-pointer type");
	n->is_lvalue = a->type->kind != TY_STRING;
}

/* Pointers to void or to functions have no element size to step by. */
static struct dt_type *ptr_target(struct dt_type *t)
{
	return t->kind == TY_PTR || t->kind == TY_ARRAY ? t->ref : NULL;
}

static int is_vfptr_target(const struct dt_type *t)
{
	return t->kind == TY_VOID || t->kind == TY_FUNC;
}

/*
 * A variable holds pointers into alloca() space or other values, never
 * both (DTrace marks it, and the code generator could not know whether
 * to relocate what it loads); a ?: whose branches disagree may not be
 * stored at all.  Storing 0 is neither.
 */
static void alloca_store(struct dt_cc *cc, struct node *n, struct dt_var *v, const struct node *r)
{
	if (r->nonassign)
		dt_error(cc->errs, n->line, "D_ALLOCA_INCOMPAT",
			 "ternary conditional with alloca and non-alloca branches cannot be assigned to a variable");
	if (r->is_alloca && !type_is_string(r->type))
		v->holds_alloca = 1;
	else if (!(r->is_const && r->cval == 0))
		v->holds_nonalloca = 1;
	/* one that has held both is refused where its stores are
	 * generated (sema_cg.c) */
}

/*
 * Translated data stored by = (DTrace's dt_cook_op2): a translated struct
 * into a variable of its type, or one that has none yet, is the struct
 * the translator makes; anything else is incompatible, and a variable
 * without a type yet is named by its kind.
 */
static void cook_assign_dynamic(struct dt_cc *cc, struct node *n, struct node *l, struct node *r)
{
	int virgin = l->kind == N_VAR && !l->var->type;
	struct dt_type *out = r->cast_type;

	if (r->kind == N_XLATE && out->kind != TY_PTR && (virgin || type_compatible(l->type, out))) {
		if (virgin) {
			l->var->type = out;
			l->type = out;
		}
		sema_lower_xlate_assign(cc, n, l, r);
		return;
	}
	dt_error(cc->errs, n->line, "D_OP_INCOMPAT", "operands have incompatible types: \"%s\" %s \"%s\"",
		 !virgin ? sema_node_type_name(l) : l->var->is_assoc ? "associative array" : "scalar",
		 sema_opname(n->op), sema_node_type_name(r));
}

static void cook_assign(struct dt_cc *cc, struct node *n)
{
	struct node *l = n->kids[0], *r = n->kids[1];

	if (l->kind == N_AGG) {
		for (int i = 0; i < l->args.n; i++) {
			struct node *k = l->args.v[i];
			if (k->kind == N_AGG)
				dt_error(cc->errs, n->line, "D_KEY_TYPE", "aggregation expression may not be used as aggregation index: key #%d", i + 1);
			sema_cook(cc, k);
		}
		if (r->kind == N_CALL && !sema_fn_lookup(cc, r->sval))
			sema_cook_call(cc, r);	/* its parse-time refusal (dt_node_func) */
		if (n->op != T_ASSIGN || r->kind != N_CALL || !sema_fn_is_agg(sema_fn_lookup(cc, r->sval)))
			dt_error(cc->errs, n->line, "D_AGG_FUNC", "@%s must be assigned the result of an aggregating function", l->sval);
		sema_cook_call(cc, r);
		agg_cook_assign(cc, n, l, r);
		n->type = &ty_void;
		return;
	}
	if (n->op != T_ASSIGN && l->kind == N_IDENT) {
		/* a compound assignment reads its left side first: it must exist */
		struct dt_var *v = dt_var_find(sema_scope_vars(cc, l->var_scope), l->sval);
		int64_t ev;
		if (l->var_scope == 0 && !v)
			v = sema_builtin_var(cc, l->sval);
		/* an inline or an enumerator is a value, refused as one below */
		int value = l->var_scope == 0 && (sema_find_inline(cc, l->sval) || sema_find_enum_const(cc, l->sval, &ev));
		if (!value && (!v || (!v->type && !v->declared && v->scope != VS_BUILTIN)))
			dt_error(cc->errs, n->line, "D_VAR_UNDEF", "%s%s has not yet been declared or assigned",
				 l->var_scope == VS_THREAD ? "self->" : l->var_scope == VS_CLAUSE ? "this->" : "", l->sval);
	}
	if (n->op == T_ASSIGN && r->kind == N_AGG) {
		/* <DYN> is assignable to nothing (dt_node_is_argcompat); a
		 * variable without a type yet is named by its kind */
		sema_cook(cc, l);
		sema_agg_operand(cc, r);
		int virgin = l->kind == N_VAR && !l->var->type;
		dt_error(cc->errs, n->line, "D_OP_INCOMPAT", "operands have incompatible types: \"%s\" = \"aggregation\"",
			 !virgin ? sema_node_type_name(l) : l->var->is_assoc ? "associative array" : "scalar");
	}
	/* dt_cook_op2 cooks the left side first; a variable's or an
	 * associative array's first assignment types it from the right
	 * side, so an identifier waits for that */
	if (l->kind == N_MEMBER || (l->kind == N_UNARY && l->op == T_STAR)) {
		sema_cook(cc, l);
		sema_cook(cc, r);
	} else {
		/* the keys of x[k] are cooked with it, before the right side */
		if (l->kind == N_INDEX && l->kids[0]->kind == N_IDENT && l->kids[0]->var_scope != VS_CLAUSE &&
		    !strchr(l->kids[0]->sval, '`'))
			for (int i = 0; i < l->args.n; i++)
				if (((struct node *)l->args.v[i])->kind != N_AGG)
					sema_cook(cc, l->args.v[i]);
		sema_cook(cc, r);
		sema_cook(cc, l);
	}
	if (n->op == T_ASSIGN && sema_is_dynamic(r)) {
		check_lvalue(cc, n, l, sema_opname(n->op));
		cook_assign_dynamic(cc, n, l, r);
		return;
	}
	/* arrays and functions are no assignable values: a char array
	 * neither (D's string type is, dt_node_is_string) */
	if (n->op == T_ASSIGN && ((l->type->kind == TY_ARRAY && !(n->implicit && type_is_string(l->type))) ||
				  l->type->kind == TY_FUNC))
		dt_error(cc->errs, n->line, "D_OP_ARRFUN", "operator %s may not be applied to operand of type \"%s\"",
			 sema_opname(n->op), type_name(l->type));
	if (l->kind == N_VAR && n->op == T_ASSIGN)
		alloca_store(cc, n, l->var, r);
	if (l->kind == N_VAR && !l->var->type) {
		/* first assignment fixes the variable's type, void too:
		 * no value is compatible with that (dt_cook_op2) */
		struct dt_type *t = r->type;
		if (type_is_string(t))
			t = &ty_string;
		if (n->op != T_ASSIGN)
			t = &ty_int;
		l->var->type = t;
		l->type = t;
	}
	if (n->op == T_ASSIGN) {
		/* dt_node_is_argcompat: a void value is compatible with nothing */
		if (r->type->kind == TY_VOID)
			incompat(cc, n, "=", l, r);
		/* 0 deletes a dynamic variable, whatever its type */
		int deletes = l->kind == N_VAR && (l->var->scope == VS_THREAD || l->var->is_assoc) &&
			      sema_is_null_const(r);
		if (!sema_assignable(l->type, r) && !deletes)
			incompat(cc, n, "=", l, r);
	} else if (n->op == T_ADD_EQ || n->op == T_SUB_EQ) {
		/* dt_cook_op2's rules: pointer += integer, and nothing on strings */
		struct dt_type *lt = l->type, *rt = r->type;
		if (type_is_string(lt) || type_is_string(rt))
			incompat(cc, n, sema_opname(n->op), l, r);
		if (!type_is_integral(lt) || !type_is_integral(rt)) {
			if (!ptr_target(lt) || is_vfptr_target(lt->ref))
				dt_error(cc->errs, n->line, "D_OP_VFPTR", "operator %s requires left-hand scalar operand of known size",
					 sema_opname(n->op));
			/* a compatible pointer is added as it is (DTrace's
			 * code generator scales only an integer) */
			if (!type_is_integral(rt) && !sema_ptr_compatible(l, r, NULL))
				incompat(cc, n, sema_opname(n->op), l, r);
		}
	} else {
		int arith = n->op == T_MUL_EQ || n->op == T_DIV_EQ;
		if (!type_is_integral(l->type) || !type_is_integral(r->type))
			dt_error(cc->errs, n->line, arith ? "D_OP_ARITH" : "D_OP_INT", "operator %s requires operands of %s type",
				 sema_opname(n->op), arith ? "arithmetic" : "integral");
		if ((n->op == T_DIV_EQ || n->op == T_MOD_EQ) && r->is_const && r->cval == 0)
			dt_error(cc->errs, n->line, "D_DIV_ZERO", "expression contains division by zero");
	}
	/* dt_cook_op2's asgn_common: the operands' types first (a store
	 * made for a translated struct, even into an array member, is the
	 * translator's: dt_cg_asgn_op) */
	if (!n->implicit)
		check_lvalue(cc, n, l, sema_opname(n->op));
	n->type = l->type;
}

/*
 * The operand of a unary operator, cooked: a variable it created (or one
 * not yet typed) is a 64-bit integer from here on, as dt_cook_op1 types it.
 */
static void cook_unary_operand(struct dt_cc *cc, struct node *k)
{
	sema_cook(cc, k);
	if (k->kind == N_VAR && k->var && !k->var->type) {
		k->var->type = &ty_long;
		k->type = &ty_long;
	}
}

static void cook_incdec(struct dt_cc *cc, struct node *n)
{
	struct node *l = n->kids[0];
	const char *op = n->kind == N_PREINC || n->kind == N_POSTINC ? "++" : "--";

	cook_unary_operand(cc, l);
	/* dt_cook_op1's order: a scalar, of known size, then an lvalue */
	if (sema_is_dynamic(l) || !type_is_scalar(l->type))
		dt_error(cc->errs, n->line, "D_OP_SCALAR", "operator %s requires operand of scalar type", op);
	if (l->type->kind == TY_PTR && is_vfptr_target(l->type->ref))
		dt_error(cc->errs, n->line, "D_OP_VFPTR", "operator %s requires an operand of known size", op);
	check_lvalue(cc, n, l, op);
	n->type = l->type;
}

/*
 * A binary operator with an operand of dynamic type: dt_cook_op2's rules
 * for an operand that is neither integer, pointer nor scalar, the operand
 * named by its kind.
 */
static _Noreturn void dynamic_operands(struct dt_cc *cc, struct node *n, struct node *l, struct node *r)
{
	const char *on = sema_opname(n->op);

	switch (n->op) {
	case T_COMMA:
		dt_error(cc->errs, n->line, "D_OP_DYN", "operator %s operands cannot be of dynamic type", on);
	case T_LAND: case T_LOR: case T_LXOR:
		dt_error(cc->errs, n->line, "D_OP_SCALAR", "operator %s requires operands of scalar type", on);
	case T_STAR: case T_SLASH:
		dt_error(cc->errs, n->line, "D_OP_ARITH", "operator %s requires operands of arithmetic type", on);
	case T_PLUS: case T_MINUS:
	case T_EQ: case T_NE: case T_LT: case T_GT: case T_LE: case T_GE:
		incompat(cc, n, on, l, r);
	default:
		dt_error(cc->errs, n->line, "D_OP_INT", "operator %s requires operands of integral type", on);
	}
}

/*
 * An identifier DTrace's parser turns into an integer constant where it
 * reads it (dt_node_ident): a D enumerator, an inline whose value is an
 * integer constant (the D library's R_PC, AF_INET, ...), NULL.
 */
/* A D enumerator, or a constant DTrace defines (NULL, int_consts). */
static int ident_is_named_constant(struct dt_cc *cc, const char *name)
{
	int64_t ev;

	for (size_t i = 0; i < ARRAY_SIZE(int_consts); i++)
		if (strcmp(int_consts[i].name, name) == 0)
			return 1;
	return sema_find_enum_const(cc, name, &ev) || strcmp(name, "NULL") == 0;
}

static int ident_is_constant(struct dt_cc *cc, const char *name)
{
	struct dt_inline *in = sema_find_inline(cc, name);

	if (in) {
		if (in->nparams || in->cooking)
			return 0;
		in->cooking = 1;
		cook_inline_body(cc, in->expr);
		in->cooking = 0;
		return in->expr->is_const && type_is_integral(in->expr->type);
	}
	return ident_is_named_constant(cc, name);
}

/* The operators dt_node_op1 and dt_node_op2 fold on integer constants. */
static int unary_folds(int op)
{
	return op == T_MINUS || op == T_PLUS || op == T_TILDE || op == T_BANG;
}

static int binary_folds(int op)
{
	switch (op) {
	case T_LOR: case T_LXOR: case T_LAND: case T_BOR: case T_XOR: case T_AMP:
	case T_EQ: case T_NE: case T_LT: case T_LE: case T_GT: case T_GE:
	case T_SHL: case T_SHR: case T_PLUS: case T_MINUS: case T_STAR:
	case T_SLASH: case T_PERCENT:
		return 1;
	default:
		return 0;
	}
}

/*
 * Whether DTrace's parser makes n an integer constant (DT_NODE_INT) as it
 * builds it: a literal, an identifier dt_node_ident reads as a constant,
 * sizeof a type or a string, and the operators dt_node_op1, dt_node_op2
 * and dt_node_op3 fold when their operands are such constants.  It is
 * cooked then, so its value is n->cval.
 */
int sema_parse_time_constant(struct dt_cc *cc, struct node *n)
{
	int yes;

	switch (n->kind) {
	case N_INT:
		yes = 1;
		break;
	case N_IDENT:
		yes = n->var_scope == 0 && !strchr(n->sval, '`') && ident_is_constant(cc, n->sval);
		break;
	case N_SIZEOF:
		yes = n->cast_type || n->kids[0]->kind == N_STR;
		break;
	case N_UNARY:
		yes = unary_folds(n->op) && sema_parse_time_constant(cc, n->kids[0]);
		break;
	case N_BINARY:
		yes = binary_folds(n->op) && sema_parse_time_constant(cc, n->kids[0]) &&
		      sema_parse_time_constant(cc, n->kids[1]);
		break;
	case N_CAST:
		yes = !n->implicit && type_is_integral(n->cast_type) && sema_parse_time_constant(cc, n->kids[0]);
		break;
	case N_TERNARY:
		if (!sema_parse_time_constant(cc, n->kids[0]))
			return 0;
		sema_cook(cc, n->kids[0]);
		if (!sema_parse_time_constant(cc, n->kids[n->kids[0]->cval ? 1 : 2]))
			return 0;
		*n = *n->kids[n->kids[0]->cval ? 1 : 2];	/* folded, as dt_node_op3 does */
		return 1;
	default:
		yes = 0;
	}
	if (yes)
		sema_cook(cc, n);
	return yes && n->is_const;
}

/*
 * The lines of the nodes DTrace's parser folds as it builds them: each
 * stands at the line of the node the fold keeps.  dt_node_op1 returns
 * the constant operand of -, +, ~ and ! itself, dt_node_op2 the constant
 * operand of an integer cast, dt_node_op1 the string or type node for
 * sizeof, dt_node_op3 the branch a constant condition chooses; a folded
 * binary operator is a new node at the operator's own line (parse.c).
 * Returns whether n is such a constant, without cooking anything but a
 * constant condition.
 */
int sema_fold_lines(struct dt_cc *cc, struct node *n)
{
	int k[3] = {0, 0, 0};

	if (!n)
		return 0;
	for (int i = 0; i < 3; i++)
		k[i] = sema_fold_lines(cc, n->kids[i]);
	for (int i = 0; i < n->args.n; i++)
		sema_fold_lines(cc, n->args.v[i]);
	switch (n->kind) {
	case N_INT:
		return 1;
	case N_IDENT:
		/* an inline's value would be cooked to know: its line is left */
		return n->var_scope == 0 && !strchr(n->sval, '`') && !sema_find_inline(cc, n->sval) &&
		       ident_is_named_constant(cc, n->sval);
	case N_SIZEOF:
		if (!n->cast_type && n->kids[0]->kind == N_STR)
			n->line = n->kids[0]->line;
		return n->cast_type || n->kids[0]->kind == N_STR;
	case N_UNARY:
		if (unary_folds(n->op) && k[0]) {
			n->line = n->kids[0]->line;
			return 1;
		}
		return 0;
	case N_CAST:
		if (!n->implicit && type_is_integral(n->cast_type) && k[0]) {
			n->line = n->kids[0]->line;
			return 1;
		}
		return 0;
	case N_BINARY:
		return binary_folds(n->op) && k[0] && k[1];
	case N_TERNARY:
		if (k[0] && sema_parse_time_constant(cc, n->kids[0])) {
			int pick = n->kids[0]->cval ? 1 : 2;
			n->line = n->kids[pick]->line;
			return k[pick];
		}
		return 0;
	default:
		return 0;
	}
}

/* What a global identifier is, in dt_idkind_name's words, or NULL. */
static const char *global_kind(struct dt_cc *cc, const char *name)
{
	int fn = sema_fn_lookup(cc, name);
	struct dt_var *v;
	struct dt_inline *in;

	if (fn != F_NONE)
		return sema_fn_is_agg(fn) ? "aggregating function" :
		       sema_fn_is_action(fn) ? "tracing function" : "function";
	if ((v = sema_builtin_var(cc, name)))
		return v->is_assoc ? "associative array" : "scalar";
	if ((in = sema_find_inline(cc, name)))
		return in->nparams ? "associative array" : "scalar";
	v = dt_var_find(&cc->P->globals, name);
	if (v && !v->is_extern && (cc->sema_pass != 0 || v->declared || v->created))
		return v->is_assoc ? "associative array" : "scalar";
	return NULL;
}

/*
 * Whether the object k names lies in alloca() space, so that &k points
 * there: DTrace's member operators and E1[E2] (*(E1 + E2)) carry the
 * taint of the pointer they start from (dt_cook_op2), and & takes that of
 * the pointer it undoes a * of (dt_cook_op1).
 */
static int in_alloca(const struct node *k)
{
	switch (k->kind) {
	case N_UNARY:
		return k->op == T_STAR && k->kids[0]->is_alloca;
	case N_INDEX:
		return k->kids[0]->is_alloca || (k->kids[0]->type && k->kids[0]->type->kind == TY_ARRAY && in_alloca(k->kids[0]));
	case N_MEMBER:
		return k->op == T_ARROW ? k->kids[0]->is_alloca : in_alloca(k->kids[0]);
	default:
		return k->is_alloca;
	}
}

/*
 * DTrace's comparison operators read an identifier on the right of a
 * value of enum type as that enum's tag, if it has one of that name
 * (dt_cook_op2): `m->state == MODULE_STATE_LIVE` with the kernel's enum.
 * A name that is also a global is ambiguous (D_IDENT_AMBIG); one the
 * parser has already made a constant is that constant.
 */
static void enum_tag_operand(struct dt_cc *cc, struct node *n, struct node *l, struct node *r)
{
	const struct dt_type *et = l->type;
	const char *kind;

	if (et->kind != TY_ENUM || r->kind != N_IDENT || r->var_scope != 0 || strchr(r->sval, '`') ||
	    ident_is_constant(cc, r->sval))
		return;
	for (int i = 0; i < et->nenums; i++) {
		if (strcmp(et->enums[i].name, r->sval) != 0)
			continue;
		if ((kind = global_kind(cc, r->sval)))
			dt_error(cc->errs, n->line, "D_IDENT_AMBIG",
				 "ambiguous use of operator %s: %s is both a %s enum tag and a global %s",
				 sema_opname(n->op), r->sval, type_name(et), kind);
		r->kind = N_INT;
		r->ival = (uint64_t)et->enums[i].value;
		r->type = l->type;
		sema_set_const(r, r->ival);
		return;
	}
}

/*
 * An aggregation as an operand: DTrace cooks it as an identifier
 * (dt_cook_ident), which refuses one no statement has assigned yet unless
 * it is indexed (operator [ creates it).  Its type is then <DYN>, an
 * alias of void, which the operator refuses.
 */
void sema_agg_operand(struct dt_cc *cc, const struct node *g)
{
	if (!g->args.n && !agg_lookup(cc->P, g->sval) && cc->sema_pass == 0)
		dt_error(cc->errs, g->line, "D_IDENT_UNDEF", "failed to resolve @%s: Unknown variable name", g->sval);
}

/* A unary operator applied to an aggregation: dt_cook_op1's refusal of <DYN> */
static _Noreturn void agg_unary(struct dt_cc *cc, struct node *n, struct node *g)
{
	sema_agg_operand(cc, g);
	if (n->kind == N_SIZEOF)	/* an aggregation's identifier has no size */
		dt_error(cc->errs, n->line, "D_SIZEOF_TYPE", "cannot apply sizeof to an operand of unknown size");
	if (n->kind == N_STRINGOF)
		dt_error(cc->errs, n->line, "D_STRINGOF_TYPE", "cannot apply stringof to a value of type aggregation");
	switch (n->op) {
	case T_MINUS: case T_PLUS:
		dt_error(cc->errs, n->line, "D_OP_ARITH", "operator %s requires an operand of arithmetic type", sema_opname(n->op));
	case T_TILDE:
		dt_error(cc->errs, n->line, "D_OP_INT", "operator ~ requires an operand of integral type");
	case T_BANG:
		dt_error(cc->errs, n->line, "D_OP_SCALAR", "operator ! requires an operand of scalar type");
	case T_STAR:
		dt_error(cc->errs, n->line, "D_DEREF_NONPTR", "cannot dereference non-pointer type");
	default:	/* & */
		dt_error(cc->errs, n->line, "D_ADDROF_VAR", "cannot take address of dynamic variable");
	}
}

static void cook_binary(struct dt_cc *cc, struct node *n)
{
	struct node *l = n->kids[0], *r = n->kids[1];

	if (l->kind == N_AGG || r->kind == N_AGG) {
		/* dt_cook_op2 cooks both operands, in order, before it
		 * looks at their types */
		for (int i = 0; i < 2; i++) {
			if (n->kids[i]->kind == N_AGG)
				sema_agg_operand(cc, n->kids[i]);
			else
				sema_cook(cc, n->kids[i]);
		}
		dynamic_operands(cc, n, l, r);
	}
	int op = n->op;

	sema_cook(cc, l);
	if (op == T_EQ || op == T_NE || op == T_LT || op == T_GT || op == T_LE || op == T_GE)
		enum_tag_operand(cc, n, l, r);
	sema_cook(cc, r);
	if (sema_is_dynamic(l) || sema_is_dynamic(r))
		dynamic_operands(cc, n, l, r);
	struct dt_type *lt = l->type, *rt = r->type;
	switch (op) {
	case T_COMMA:
		/* dt_cook_op2: an action has no value to sequence */
		for (int i = 0; i < 2; i++)
			if (n->kids[i]->kind == N_CALL && sema_fn_is_action(n->kids[i]->fn))
				dt_error(cc->errs, n->line, "D_OP_ACT", "operator , operands cannot be actions");
		n->type = rt;
		if (r->is_const)
			sema_set_const(n, (uint64_t)r->cval);
		return;
	case T_LAND: case T_LOR: case T_LXOR:
		if (!type_is_scalar(lt) || !type_is_scalar(rt))
			dt_error(cc->errs, n->line, "D_OP_SCALAR", "operator %s requires operands of scalar type", sema_opname(op));
		n->type = &ty_int;
		if (l->is_const && r->is_const) {
			int a = l->cval != 0, b = r->cval != 0;
			sema_set_const(n, (uint64_t)(op == T_LAND ? (a && b) : op == T_LOR ? (a || b) : (a != b)));
		}
		return;
	case T_EQ: case T_NE: case T_LT: case T_GT: case T_LE: case T_GE:
		if (lt->kind == TY_STRING || rt->kind == TY_STRING) {
			/* dt_cook_op2: strings with C strings, else a string
			 * is a char array that pointers compare with: a void
			 * pointer, or the constant 0 */
			struct node *o = lt->kind == TY_STRING ? r : l;
			int ok = (sema_is_strcompat(lt) && sema_is_strcompat(rt)) || sema_is_null_const(o) ||
				 ((o->type->kind == TY_PTR || o->type->kind == TY_ARRAY) && o->type->ref->kind == TY_VOID);
			if (!ok)
				incompat(cc, n, sema_opname(op), l, r);
			n->type = &ty_int;
			return;
		}
		/* dt_cook_op2: operands of one type (two char[16], compared
		 * as the addresses they are), integers with integers, else
		 * pointers or arrays that dt_node_is_ptrcompat accepts (void
		 * pointers included) */
		if (!(ref_compatible(lt, rt) && (lt->kind == TY_ARRAY || type_is_scalar(lt))) &&
		    !(type_is_integral(lt) && type_is_integral(rt)) && !sema_ptr_compatible(l, r, NULL))
			incompat(cc, n, sema_opname(op), l, r);
		n->type = &ty_int;
		if (l->is_const && r->is_const && type_is_integral(lt) && type_is_integral(rt)) {
			struct dt_type *ct = type_arith_result(lt, rt);
			int sg = ct->is_signed;
			int64_t a = l->cval, b = r->cval;
			uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
			int res;
			switch (op) {
			case T_EQ: res = ua == ub; break;
			case T_NE: res = ua != ub; break;
			case T_LT: res = sg ? a < b : ua < ub; break;
			case T_GT: res = sg ? a > b : ua > ub; break;
			case T_LE: res = sg ? a <= b : ua <= ub; break;
			default: res = sg ? a >= b : ua >= ub; break;
			}
			sema_set_const(n, (uint64_t)res);
		}
		return;
	case T_PLUS: case T_MINUS: {
		/* C's additive rules; strings count as pointers, pointers to void or function do not */
		int lptr = lt->kind == TY_STRING || (ptr_target(lt) && !is_vfptr_target(ptr_target(lt)));
		int rptr = rt->kind == TY_STRING || (ptr_target(rt) && !is_vfptr_target(ptr_target(rt)));
		if (type_is_integral(lt) && type_is_integral(rt))
			break;
		/* a pointer into alloca() space stays one (DT_NF_ALLOCA) */
		n->is_alloca = l->is_alloca || r->is_alloca;
		n->nonassign = l->nonassign || r->nonassign;
		if (lptr && type_is_integral(rt)) {
			/* a constant index past a C array's end (not 0 or 1
			 * elements: a structure's variable-length tail) */
			if (lt->kind == TY_ARRAY && r->is_const && lt->nelems > 1 && (uint64_t)r->cval >= lt->nelems)
				dt_error(cc->errs, n->line, "D_ARR_BOUNDS", "index outside array bounds: %llu, max is %u",
					 (unsigned long long)r->cval, lt->nelems);
			/* the pointer operand's own type, an array's too (no
			 * decay: a + 1 is an int [5], as dt_cook_op2 types it) */
			n->type = lt;
			return;
		}
		if (op == T_PLUS && type_is_integral(lt) && rptr) {
			n->type = rt;
			return;
		}
		if (lptr && rptr && l->is_alloca != r->is_alloca)
			dt_error(cc->errs, n->line, "D_OP_INCOMPAT", "adding or subtracting pointers to alloca and non-alloca space is meaningless: \"%s\" %s \"%s\"",
				 type_name(lt), sema_opname(op), type_name(rt));
		if (op == T_MINUS && lptr && rptr && sema_ptr_compatible(l, r, NULL)) {
			n->is_alloca = 0;
			n->type = type_lookup("ptrdiff_t");
			return;
		}
		incompat(cc, n, sema_opname(op), l, r);
	}
	default:
		if (!type_is_integral(lt) || !type_is_integral(rt)) {
			if (op == T_STAR || op == T_SLASH)
				dt_error(cc->errs, n->line, "D_OP_ARITH", "operator %s requires operands of arithmetic type", sema_opname(op));
			dt_error(cc->errs, n->line, "D_OP_INT", "operator %s requires operands of integral type", sema_opname(op));
		}
		break;
	}
	if (op == T_SHL || op == T_SHR)
		n->type = type_promote(lt);
	else
		n->type = type_arith_result(lt, rt);
	if ((op == T_SLASH || op == T_PERCENT) && r->is_const && r->cval == 0)
		dt_error(cc->errs, n->line, "D_DIV_ZERO", "expression contains division by zero");
	if (l->is_const && r->is_const) {
		struct dt_type *t = n->type;
		uint64_t a = (uint64_t)l->cval, b = (uint64_t)r->cval, v = 0;
		int sg = t->is_signed;
		switch (op) {
		case T_PLUS: v = a + b; break;
		case T_MINUS: v = a - b; break;
		case T_STAR: v = a * b; break;
		case T_SLASH: v = sg ? (uint64_t)((int64_t)a / (int64_t)b) : a / b; break;
		case T_PERCENT: v = sg ? (uint64_t)((int64_t)a % (int64_t)b) : a % b; break;
		case T_AMP: v = a & b; break;
		case T_BOR: v = a | b; break;
		case T_XOR: v = a ^ b; break;
		case T_SHL: v = a << (b & 63); break;
		case T_SHR: v = sg ? (uint64_t)((int64_t)a >> (b & 63)) : a >> (b & 63); break;
		}
		/* folded in 64 bits like the code would compute it: no
		 * truncation to the result type (1 << 63 is INT64_MIN) */
		n->is_const = 1;
		n->cval = (int64_t)v;
	}
}

static void cook_unary(struct dt_cc *cc, struct node *n)
{
	struct node *k = n->kids[0];

	if (k->kind == N_AGG)
		agg_unary(cc, n, k);
	/* an inline is a variable to DTrace (DT_NODE_VAR), whatever it
	 * stands for: its address is a dynamic variable's */
	cook_unary_operand(cc, k);
	if (n->op == T_AMP && k->from_inline && !k->is_const)
		dt_error(cc->errs, n->line, "D_ADDROF_VAR", "cannot take address of dynamic variable");
	switch (n->op) {
	case T_MINUS: case T_PLUS: case T_TILDE:
		if (!type_is_integral(k->type)) {
			if (n->op == T_TILDE)
				dt_error(cc->errs, n->line, "D_OP_INT", "operator ~ requires an operand of integral type");
			dt_error(cc->errs, n->line, "D_OP_ARITH", "operator %s requires an operand of arithmetic type", sema_opname(n->op));
		}
		/* the operand's own type, not promoted (dt_cook_op1, after
		 * K&R A7.4.4-6); folded as dt_node_op1 folds: the negation of
		 * an unsigned constant is cut to its type's size */
		n->type = k->type;
		if (k->is_const) {
			uint64_t v = (uint64_t)k->cval;
			if (n->op == T_MINUS) {
				v = -v;
				if (!k->type->is_signed && k->type->size > 0 && k->type->size < 8)
					v &= ~0ULL >> (64 - 8 * k->type->size);
			} else if (n->op == T_TILDE)
				v = ~v;
			sema_set_const(n, v);
		}
		return;
	case T_BANG:
		if (!type_is_scalar(k->type))
			dt_error(cc->errs, n->line, "D_OP_SCALAR", "operator ! requires an operand of scalar type");
		n->type = &ty_int;
		if (k->is_const)
			sema_set_const(n, k->cval == 0);
		return;
	case T_STAR:
		if (k->kind == N_XLATE && k->cast_type->kind == TY_PTR) {
			/* *xlate<T *>(e) is the translated data xlate<T>(e) */
			struct node *x = k;
			*n = *x;
			n->cast_type = x->cast_type->ref;
			return;
		}
		if (k->type->kind == TY_PTR || k->type->kind == TY_ARRAY) {
			if (k->type->ref->kind == TY_VOID)
				dt_error(cc->errs, n->line, "D_DEREF_VOID", "cannot dereference pointer to void");
			if (k->type->ref->kind == TY_FUNC)
				dt_error(cc->errs, n->line, "D_DEREF_FUNC", "cannot dereference pointer to function");
			n->type = k->type->ref;
		} else if (k->type->kind == TY_STRING) {
			n->type = &ty_char;
		} else {
			dt_error(cc->errs, n->line, "D_DEREF_NONPTR", "cannot dereference non-pointer type");
		}
		n->is_lvalue = 1;
		return;
	case T_AMP:
		if (k->kind == N_MEMBER && k->aux && ((const struct dt_member *)k->aux)->bit_size && k->is_lvalue)
			dt_error(cc->errs, n->line, "D_ADDROF_BITFIELD", "cannot take address of bit-field");
		if (k->kind == N_VAR || (k->kind == N_MEMBER && k->op == T_DOT && k->kids[0]->kind == N_VAR) ||
		    is_builtin_array_elem(k))
			dt_error(cc->errs, n->line, "D_ADDROF_VAR", "cannot take address of dynamic variable");
		if (k->kind == N_AGG)
			dt_error(cc->errs, n->line, "D_ADDROF_VAR", "cannot take address of dynamic variable");
		if (sema_is_dynamic(k))
			dt_error(cc->errs, n->line, "D_ADDROF_VAR", "cannot take address of dynamic object");
		if (!k->is_lvalue)
			dt_error(cc->errs, n->line, "D_ADDROF_LVAL", "unacceptable operand for unary & operator");
		if (k->kind == N_MEMBER && k->aux && ((const struct dt_member *)k->aux)->bit_size)
			dt_error(cc->errs, n->line, "D_ADDROF_BITFIELD", "cannot take address of bit-field");
		n->type = type_ptr(k->type);
		n->is_alloca = in_alloca(k);
		return;
	}
}

/*
 * args[i] of a stable provider's probe, as the operand of . or ->: the D it
 * stands for, uncooked, so that a translated argument is the xlate<T>(...)
 * that member access expands.  Anything else is left as it is.
 */
static void sema_expand_args(struct dt_cc *cc, struct node *k)
{
	struct node *a = k->kids[0], *ix;
	char *expr = NULL;

	if (!cc->args_type || cc->cur_clause < 0 || a->kind != N_IDENT || a->var_scope != 0 || strcmp(a->sval, "args") != 0 ||
	    k->args.n != 1 || !sema_builtin_var(cc, "args"))
		return;
	ix = k->args.v[0];
	sema_cook(cc, ix);
	if (!ix->is_const || !type_is_integral(ix->type))
		return;		/* cooking k says what is wrong */
	cc->args_type(cc->args_arg, cc->P->clauses.v[cc->cur_clause], (int)ix->cval, k->line, &expr);
	if (!expr)
		return;
	char *text = pool_strdup(&cc->pool, expr);	/* parsing may unwind */
	free(expr);
	*k = *dt_parse_expr_string(cc, text, k->line);
}

static void cook_member(struct dt_cc *cc, struct node *n)
{
	struct node *k = n->kids[0];
	struct dt_type *st;

	{
		/* a struct-valued inline that is a translation */
		struct dt_inline *in = name_inline(cc, k);
		if (in && !in->nparams && in->expr->kind == N_XLATE)
			*k = *in->expr;
	}
	if (k->kind == N_INDEX) {
		/* a member of a translation with parameters (fds[fd].fi_name):
		 * the translator's member, cooked while they are bound */
		struct dt_inline *in = param_inline(cc, k);
		if (in && (in->type->kind == TY_STRUCT || in->type->kind == TY_UNION)) {
			int base;
			struct node *e = inline_call(cc, k, in, &base);
			if (e->kind == N_XLATE) {
				in->cooking = 1;
				cc->inline_depth++;
				sema_cook_xlate_member(cc, n, e);
				cc->inline_depth--;
				in->cooking = 0;
				cc->nbind = base;
				return;
			}
			cc->nbind = base;
		}
		sema_expand_args(cc, k);
	}
	if (k->kind == N_XLATE) {
		sema_cook_xlate_member(cc, n, k);
		return;
	}

	if (k->kind == N_AGG) {
		/* <DYN>, an alias of void, is neither pointer nor struct */
		sema_agg_operand(cc, k);
		if (n->op == T_ARROW)
			dt_error(cc->errs, n->line, "D_OP_PTR", "operator -> must be applied to a pointer");
		dt_error(cc->errs, n->line, "D_OP_SOU", "operator . cannot be applied to type \"void\"; must be applied to a struct or union");
	}
	sema_cook(cc, k);
	if (k->kind == N_XLATE) {	/* (*xlate<T *>(e)).m, an inline's or args[i]'s translation */
		sema_cook_xlate_member(cc, n, k);
		return;
	}
	st = k->type;
	if (n->op == T_ARROW) {
		if (st->kind != TY_PTR)
			dt_error(cc->errs, n->line, "D_OP_PTR", "operator -> must be applied to a pointer");
		st = st->ref;
	}
	/* these messages name the type resolved, as DTrace's (through
	 * typedefs; a string is the char array it is) */
	if (st->kind != TY_STRUCT && st->kind != TY_UNION) {
		char sname[32];
		const char *tn = type_name(type_base(st));
		if (st->kind == TY_STRING) {
			snprintf(sname, sizeof(sname), "char [%u]", cc->opts.strsize);
			tn = sname;
		}
		if (n->op == T_ARROW)
			dt_error(cc->errs, n->line, "D_OP_SOU", "operator -> cannot be applied to pointer to type \"%s\"; must be applied to a struct or union pointer",
				 tn);
		dt_error(cc->errs, n->line, "D_OP_SOU", "operator . cannot be applied to type \"%s\"; must be applied to a struct or union",
			 tn);
	}
	if (!st->complete && !st->btf_id)
		dt_error(cc->errs, n->line, "D_OP_INCOMPLETE", "operator %s cannot be applied to a forward declaration: no %s definition is available",
			 sema_opname(n->op), type_name(type_base(st)));
	const struct dt_member *m = type_member(st, n->sval);
	if (!m)
		dt_error(cc->errs, n->line, "D_TYPE_MEMBER", "%s is not a member of %s", n->sval, type_name(type_base(st)));
	n->type = m->type;
	n->aux = (void *)m;
	/* an array member is no lvalue (&p->a is D_ADDROF_LVAL), and s.m is
	 * one only where s is (dt_cook_op2's DT_TOK_PTR and DT_TOK_DOT) */
	n->is_lvalue = m->type->kind != TY_ARRAY &&
		       (n->op == T_ARROW || n->kids[0]->is_lvalue);
}

/* A macro variable ($pid, $target, ...): an int.  (Macro arguments, $1 and
 * $$1, were replaced by the parser: macro.c.) */
static void cook_macro(struct dt_cc *cc, struct node *n)
{
	long v;

	if (macro_var_value(cc, n->sval, &v) < 0)
		dt_error(cc->errs, n->line, "D_MACRO_UNDEF", "macro variable $%s is not defined", n->sval);
	n->kind = N_INT;
	n->ival = (uint64_t)v;
	n->type = &ty_int;
	sema_set_const(n, n->ival);
}

static void cook(struct dt_cc *cc, struct node *n);

/*
 * DTrace's cast rules (dt_cook_op2, K&R A7.5 and A6): to a compatible type;
 * between scalars (integers, enums, pointers; a function is one too); to
 * void; to a pointer from a pointer or an array; and, D's own, to a string
 * from a scalar, a pointer, an array or a string (the value is the address
 * of the string, as stringof).  A string is no scalar: (int)"abc" is
 * refused, as is anything to or from a struct but its own type.
 */
static int cast_allowed(const struct dt_type *t, const struct dt_type *from)
{
	int from_ptrlike = from->kind == TY_PTR || from->kind == TY_ARRAY;

	if (type_compatible(t, from))
		return 1;
	if (type_is_scalar(t) && (type_is_scalar(from) || from->kind == TY_FUNC))
		return 1;
	if (t->kind == TY_VOID)
		return 1;
	if (t->kind == TY_PTR && from_ptrlike)
		return 1;
	if (t->kind == TY_STRING && (type_is_scalar(from) || from_ptrlike || from->kind == TY_STRING))
		return 1;
	return 0;
}


/*
 * An inline is expanded where it is used (its body cooked there again, as
 * DTrace generates its code at each use): a chain of 100,000 inlines would
 * recurse 100,000 levels, and inlines that each use the one before twice
 * would cook 2^n nodes.  Neither is a D program DTrace could run; both are
 * reported here (our limit; DTrace has none of its own).
 */
void sema_cook(struct dt_cc *cc, struct node *n)
{
	if (cc->inline_depth) {
		if (cc->cook_depth >= DT_CC_MAX_INLINE_DEPTH)
			dt_error(cc->errs, n->line, "D_SYNTAX", "inline expansion nested more than %d levels deep",
				 DT_CC_MAX_INLINE_DEPTH);
		if (++cc->inline_cooks > DT_CC_MAX_INLINE_COOKS)
			dt_error(cc->errs, n->line, "D_SYNTAX", "inline expansions make more than %d expression nodes",
				 DT_CC_MAX_INLINE_COOKS);
	}
	cc->cook_depth++;
	cook(cc, n);
	cc->cook_depth--;
}

/* An inline's body, cooked where it is used. */
static void cook_inline_body(struct dt_cc *cc, struct node *e)
{
	cc->inline_depth++;
	sema_cook(cc, e);
	cc->inline_depth--;
}

static void cook(struct dt_cc *cc, struct node *n)
{
	switch (n->kind) {
	case N_INT:
		if (n->type && n->type->kind == TY_PTR)
			return;		/* NULL, already cooked */
		if (n->type && n->is_const)
			return;
		cook_int(cc, n);
		return;
	case N_STR:
		n->type = &ty_string;
		n->is_string_lit_const = 1;
		return;
	case N_IDENT:
		cook_ident(cc, n);
		if (n->kind == N_VAR) {
			cook_var(cc, n);
			n->is_alloca = n->var->holds_alloca;
		}
		return;
	case N_VAR:
		for (int i = 0; i < n->args.n; i++)
			sema_cook(cc, n->args.v[i]);
		n->type = n->var->type ? n->var->type : &ty_int;
		n->is_lvalue = 1;
		n->is_alloca = n->var->holds_alloca;
		return;
	case N_MACRO:
		cook_macro(cc, n);
		return;
	case N_AGG:
		dt_error(cc->errs, n->line, "D_AGG_SCALAR", "aggregation @%s may not be used as a scalar", n->sval);
	case N_EXPR_STMT:
		if (n->kids[0]->kind == N_AGG) {
			struct node *g = n->kids[0];
			/* no function: nothing to cook (dt_cook_aggregation),
			 * refused as its code is generated (D_AGG_NULL) */
			if (g->args.n || agg_lookup(cc->P, g->sval))
				return;
			dt_error(cc->errs, n->line, "D_IDENT_UNDEF", "failed to resolve @%s: Unknown variable name", g->sval);
		}
		sema_cook(cc, n->kids[0]);
		/* DTrace generates each statement's expression on its own
		 * (dt_cg), which refuses a result of dynamic type */
		if (sema_is_dynamic(n->kids[0]) && n->kids[0]->kind != N_CALL)
			dt_error(cc->errs, n->line, "D_CG_DYN", "expression cannot evaluate to result of dynamic type");
		return;
	case N_UNARY:
		cook_unary(cc, n);
		return;
	case N_BINARY:
		cook_binary(cc, n);
		return;
	case N_TERNARY: {
		/* a constant condition is folded by the parser (dt_node_op3):
		 * the other branch is never cooked */
		if (sema_parse_time_constant(cc, n->kids[0])) {
			*n = *n->kids[n->kids[0]->cval ? 1 : 2];
			sema_cook(cc, n);
			return;
		}
		/* dt_cook_op3 cooks all three, then checks them; an
		 * aggregation is of dynamic type: no condition, no operand */
		for (int i = 0; i < 3; i++) {
			if (n->kids[i]->kind == N_AGG)
				sema_agg_operand(cc, n->kids[i]);
			else
				sema_cook(cc, n->kids[i]);
		}
		if (n->kids[0]->kind == N_AGG)
			dt_error(cc->errs, n->line, "D_OP_SCALAR", "operator ?: expression must be of scalar type");
		if (n->kids[1]->kind == N_AGG || n->kids[2]->kind == N_AGG)
			dt_error(cc->errs, n->line, "D_OP_DYN", "operator ?: operands cannot be of dynamic type");
		/* DTrace's DT_NF_ALLOCA and DT_NF_NONASSIGN */
		n->is_alloca = n->kids[1]->is_alloca;
		n->nonassign = n->kids[1]->is_alloca != n->kids[2]->is_alloca || n->kids[1]->nonassign || n->kids[2]->nonassign;
		struct dt_type *a = n->kids[1]->type, *b = n->kids[2]->type;
		if (!type_is_scalar(n->kids[0]->type))
			dt_error(cc->errs, n->line, "D_OP_SCALAR", "operator ?: expression must be of scalar type");
		if (sema_is_dynamic(n->kids[1]) || sema_is_dynamic(n->kids[2]))
			dt_error(cc->errs, n->line, "D_OP_DYN", "operator ?: operands cannot be of dynamic type");
		for (int i = 1; i <= 2; i++)
			if (n->kids[i]->kind == N_CALL && sema_fn_is_action(n->kids[i]->fn))
				dt_error(cc->errs, n->line, "D_OP_ACT", "action cannot be used in a conditional context");
		/* dt_cook_op3's rules (K&R A7.16) */
		struct dt_type *pt;
		if (type_is_integral(a) && type_is_integral(b))
			n->type = type_arith_result(a, b);
		else if (type_is_string(a) && type_is_string(b))
			n->type = &ty_string;
		else if (a->kind != TY_PTR && a->kind != TY_ARRAY && b->kind != TY_PTR && b->kind != TY_ARRAY &&
			 type_compatible(a, b))
			n->type = a;
		else if (sema_ptr_compatible(n->kids[1], n->kids[2], &pt))
			n->type = pt;
		else
			dt_error(cc->errs, n->line, "D_OP_INCOMPAT", "operator ?: operands must have compatible types");
		if (n->kids[0]->is_const && n->kids[1]->is_const && n->kids[2]->is_const)
			sema_set_const(n, (uint64_t)(n->kids[0]->cval ? n->kids[1]->cval : n->kids[2]->cval));
		return;
	}
	case N_ASSIGN:
		cook_assign(cc, n);
		return;
	case N_PREINC: case N_PREDEC: case N_POSTINC: case N_POSTDEC:
		cook_incdec(cc, n);
		return;
	case N_CALL:
		sema_cook_call(cc, n);
		return;
	case N_INDEX:
		cook_index(cc, n);
		return;
	case N_MEMBER:
		cook_member(cc, n);
		return;
	case N_CAST: {
		struct node *k = n->kids[0];
		struct dt_type *t = n->cast_type;
		if (k->kind == N_AGG && t->kind != TY_VOID) {
			sema_agg_operand(cc, k);
			dt_error(cc->errs, n->line, "D_CAST_INVAL", "invalid cast expression: \"aggregation\" to \"%s\"", type_name(t));
		}
		sema_cook(cc, k);
		if (sema_is_dynamic(k)) {
			/* only void takes translated data (dt_cook_op2's
			 * cast rules): what remains is its input, evaluated */
			if (t->kind != TY_VOID)
				dt_error(cc->errs, n->line, "D_CAST_INVAL", "invalid cast expression: \"%s\" to \"%s\"",
					 sema_node_type_name(k), type_name(t));
			if (k->kind != N_XLATE) {
				n->type = t;	/* (void)count(): code generation's error */
				return;
			}
			n->kids[0] = k = k->kids[0];
		}
		if (!n->implicit && !cast_allowed(t, k->type))
			dt_error(cc->errs, n->line, "D_CAST_INVAL", "invalid cast expression: \"%s\" to \"%s\"", type_name(k->type), type_name(t));
		n->type = t;
		n->is_alloca = k->is_alloca;
		n->nonassign = k->nonassign;
		if (k->is_const && type_is_scalar(t))
			sema_set_const(n, type_cast_value(k->type, t, (uint64_t)k->cval));
		return;
	}
	case N_SIZEOF: {
		uint32_t sz;
		if (n->cast_type) {
			sz = type_size(n->cast_type, cc->opts.strsize);
			if (sz == 0 || n->cast_type->kind == TY_VOID)
				dt_error(cc->errs, n->line, "D_SIZEOF_TYPE", "cannot apply sizeof to an operand of unknown size");
		} else {
			if (n->kids[0]->kind == N_AGG)
				agg_unary(cc, n, n->kids[0]);
			cook_unary_operand(cc, n->kids[0]);
			if (n->kids[0]->kind == N_MEMBER && n->kids[0]->aux &&
			    ((const struct dt_member *)n->kids[0]->aux)->bit_size)
				dt_error(cc->errs, n->line, "D_SIZEOF_BITFIELD", "cannot apply sizeof to a bit-field");
			sz = type_size(n->kids[0]->type, cc->opts.strsize);
			if (n->kids[0]->kind == N_XLATE)	/* the translated type's size (dt_idsize_type) */
				sz = type_size(n->kids[0]->cast_type, cc->opts.strsize);
			if (n->kids[0]->kind == N_STR)	/* a literal's own size */
				sz = (uint32_t)n->kids[0]->slen + 1;
			if (sz == 0 || (n->kids[0]->type->kind == TY_VOID && n->kids[0]->kind != N_XLATE))
				dt_error(cc->errs, n->line, "D_SIZEOF_TYPE", "cannot apply sizeof to an operand of unknown size");
		}
		n->type = type_lookup("size_t");	/* DTrace's D container's */
		sema_set_const(n, sz);
		return;
	}
	case N_OFFSETOF: {
		/* a tag only named is a forward declaration to DTrace */
		if ((n->cast_type->kind != TY_STRUCT && n->cast_type->kind != TY_UNION) ||
		    (!n->cast_type->complete && !n->cast_type->btf_id))
			dt_error(cc->errs, n->line, "D_OFFSETOF_TYPE", "offsetof operand must be a struct or union type");
		const struct dt_member *m = type_member(n->cast_type, n->sval);
		if (!m)
			dt_error(cc->errs, n->line, "D_UNKNOWN", "failed to determine offset of %s: Member name not found", n->sval);
		if (m->bit_size)
			dt_error(cc->errs, n->line, "D_OFFSETOF_BITFIELD", "cannot take offset of a bit-field: %s", n->sval);
		n->type = &ty_int;	/* dt_node_int of the offset */
		sema_set_const(n, m->offset);
		return;
	}
	case N_STRINGOF:
		if (n->kids[0]->kind == N_AGG)
			agg_unary(cc, n, n->kids[0]);
		cook_unary_operand(cc, n->kids[0]);
		if (!type_is_scalar(n->kids[0]->type) && !type_is_string(n->kids[0]->type) &&
		    n->kids[0]->type->kind != TY_ARRAY)	/* dt_node_is_pointer */
			dt_error(cc->errs, n->line, "D_STRINGOF_TYPE", "cannot apply stringof to a value of type %s",
				 sema_node_type_name(n->kids[0]));
		n->type = &ty_string;
		return;
	case N_XLATE:
		sema_cook_xlate(cc, n);
		return;
	case N_IF:
		sema_cook(cc, n->kids[0]);
		sema_cook(cc, n->kids[1]);
		if (n->kids[2])
			sema_cook(cc, n->kids[2]);
		return;
	case N_BLOCK:
		for (int i = 0; i < n->args.n; i++)
			sema_cook(cc, n->args.v[i]);
		return;
	}
}

int sema_const(struct dt_cc *cc, struct node *n, int64_t *v)
{
	int clause = cc->cur_clause;

	cc->cur_clause = -1;	/* no probe clause: args[] is refused */
	sema_cook(cc, n);
	cc->cur_clause = clause;
	if (!n->is_const)
		return 0;
	*v = n->cval;
	return 1;
}


