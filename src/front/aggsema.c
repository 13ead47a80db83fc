/*
 * aggsema.c - the semantic checks of aggregations: @name[keys] = func(args),
 * their consistency across uses, and the actions that take an aggregation
 * (printa, clear, trunc, normalize, denormalize), with DTrace's D_AGG_*,
 * D_LQUANT_*, D_LLQUANT_* and D_KEY_TYPE errors.
 */
#include <stdint.h>
#include <string.h>

#include "aggsema.h"
#include "error.h"
#include "sema_int.h"

static struct dt_aggvar *agg_find(struct dt_prog *P, const char *name)
{
	return pv_find_named(&P->aggs, name);
}

struct dt_aggvar *agg_lookup(struct dt_prog *P, const char *name)
{
	return agg_find(P, name);
}

/*
 * Argument #i (counted from 0, the value, as DTrace's lquantize() and
 * llquantize() messages count their parameters) must be an integer
 * constant.
 */
static int64_t const_arg(struct dt_cc *cc, struct node *call, int i, const char *typetag)
{
	struct node *a = call->args.v[i];

	if (!a->is_const || !type_is_integral(a->type))
		dt_error(cc->errs, a->line, typetag, "%s( ) argument #%d must be an integer constant", call->sval, i);
	return a->cval;
}

/* The optional increment after the function's parameters must be a
 * scalar, and nothing may follow it (DTrace's dt_cg_agg_opt_incr, which
 * counts argmax, the increment's position, from 1). */
static void check_incr(struct dt_cc *cc, struct node *call, int agg_line)
{
	int argmax = call->fn == F_QUANTIZE ? 2 : call->fn == F_LQUANTIZE ? 5 : call->fn == F_LLQUANTIZE ? 6 : 0;
	struct node *incr;

	if (!argmax || call->args.n < argmax)
		return;
	incr = call->args.v[argmax - 1];
	if (sema_is_dynamic(incr) || !type_is_scalar(incr->type))
		dt_error(cc->errs, agg_line, "D_PROTO_ARG", "%s( ) increment value (argument #%d) must be of scalar type",
			 call->sval, argmax);
	if (call->args.n > argmax)
		dt_error(cc->errs, incr->line, "D_PROTO_LEN", "%s( ) prototype mismatch: %d args passed, at most %d expected",
			 call->sval, call->args.n, argmax);
}

/* The line of argument #i (counted from 0, the value). */
static int arg_line(const struct node *call, int i)
{
	return ((const struct node *)call->args.v[i])->line;
}

/* Check the arguments of an aggregating function; fill the parameters.
 * An error about one argument is at its line, one about several at the
 * aggregation's (agg_line), as dt_cg_agg_lquantize and _llquantize say. */
static void check_fn_args(struct dt_cc *cc, struct node *call, int agg_line, struct dt_aggvar *tmp)
{
	int n = call->args.n;

	switch (call->fn) {
	case F_COUNT:
		break;
	case F_SUM: case F_AVG: case F_MIN: case F_MAX: case F_STDDEV:
	case F_QUANTIZE:
		break;
	/* DTrace's dt_cg_agg_lquantize and dt_cg_agg_llquantize, whose
	 * messages count the parameters from the value's: base is #1 */
	case F_LQUANTIZE: {
		int64_t base = const_arg(cc, call, 1, "D_LQUANT_BASETYPE");
		if (base < INT32_MIN || base > INT32_MAX)
			dt_error(cc->errs, arg_line(call, 1), "D_LQUANT_BASEVAL", "lquantize( ) argument #1 must be a 32-bit quantity");
		int64_t limit = const_arg(cc, call, 2, "D_LQUANT_LIMTYPE");
		if (limit < INT32_MIN || limit > INT32_MAX)
			dt_error(cc->errs, arg_line(call, 2), "D_LQUANT_LIMVAL", "lquantize( ) argument #2 must be a 32-bit quantity");
		if (limit <= base)
			dt_error(cc->errs, agg_line, "D_LQUANT_MISMATCH", "lquantize( ) base (argument #1) must be less than limit (argument #2)");
		int64_t step = 1;
		if (n > 3) {
			struct node *s = call->args.v[3];
			if (!s->is_const || !type_is_integral(s->type) || s->cval <= 0)
				dt_error(cc->errs, arg_line(call, 3), "D_LQUANT_STEPTYPE", "lquantize( ) argument #3 must be a non-zero positive integer constant");
			step = s->cval;
			if (step > UINT16_MAX)
				dt_error(cc->errs, arg_line(call, 3), "D_LQUANT_STEPVAL", "lquantize( ) argument #3 must be a 16-bit quantity");
		}
		if (limit - base < step)
			dt_error(cc->errs, agg_line, "D_LQUANT_STEPLARGE", "lquantize( ) step (argument #3) too large: must have at least one quantization level");
		if ((limit - base) / step > UINT16_MAX)
			dt_error(cc->errs, agg_line, "D_LQUANT_STEPSMALL", "lquantize( ) step (argument #3) too small: number of quantization levels must be a 16-bit quantity");
		tmp->lq_base = base;
		tmp->lq_limit = limit;
		tmp->lq_step = step;
		break;
	}
	case F_LLQUANTIZE: {
		int64_t factor = const_arg(cc, call, 1, "D_LLQUANT_FACTORTYPE");
		if (factor < 2 || factor > UINT16_MAX)
			dt_error(cc->errs, arg_line(call, 1), "D_LLQUANT_FACTORVAL", "llquantize( ) argument #1 must be an unsigned 16-bit quantity greater than or equal to 2");
		int64_t low = const_arg(cc, call, 2, "D_LLQUANT_LMAGTYPE");
		if (low < 0 || low > UINT16_MAX)
			dt_error(cc->errs, arg_line(call, 2), "D_LLQUANT_LMAGVAL", "llquantize( ) argument #2 must be an unsigned 16-bit quantity");
		int64_t high = const_arg(cc, call, 3, "D_LLQUANT_HMAGTYPE");
		if (high < 0 || high > UINT16_MAX)
			dt_error(cc->errs, arg_line(call, 3), "D_LLQUANT_HMAGVAL", "llquantize( ) argument #3 must be an unsigned 16-bit quantity");
		if (high < low)
			dt_error(cc->errs, arg_line(call, 3), "D_LLQUANT_HMAGVAL", "llquantize( ) argument #3 (high magnitude) must be at least argument #2 (low magnitude)");
		/* factor^(high + 1) must fit in 64 bits */
		for (uint64_t v = 1, i = 0; i <= (uint64_t)high; i++) {
			if (v > UINT64_MAX / (uint64_t)factor)
				dt_error(cc->errs, arg_line(call, 3), "D_LLQUANT_HMAGVAL", "llquantize( ) argument #3 (high magnitude) will cause overflow of 64 bits");
			v *= (uint64_t)factor;
		}
		struct node *s = call->args.v[4];
		if (!s->is_const || !type_is_integral(s->type) || s->cval <= 0)
			dt_error(cc->errs, arg_line(call, 4), "D_LLQUANT_STEPTYPE", "llquantize( ) argument #4 must be a non-zero positive integer constant");
		int64_t nsteps = s->cval;
		if (nsteps > UINT16_MAX)
			dt_error(cc->errs, arg_line(call, 4), "D_LLQUANT_STEPVAL", "llquantize( ) argument #4 must be an unsigned 16-bit quantity");
		if (nsteps < factor && factor % nsteps != 0)
			dt_error(cc->errs, arg_line(call, 1), "D_LLQUANT_STEPVAL", "llquantize() argument #4 (steps) must evenly divide argument #1 (factor) when steps<factor");
		if (nsteps > factor) {
			if (nsteps % factor != 0)
				dt_error(cc->errs, arg_line(call, 1), "D_LLQUANT_STEPVAL", "llquantize() argument #4 (steps) must be a multiple of argument #1 (factor) when steps>factor");
			/* factor^(low + 1), which fits: high >= low */
			uint64_t p = (uint64_t)factor;
			for (int64_t i = 0; i < low; i++)
				p *= (uint64_t)factor;
			if (low == 0 && (uint64_t)(factor * factor) % (uint64_t)nsteps != 0)
				dt_error(cc->errs, arg_line(call, 1), "D_LLQUANT_STEPVAL", "llquantize() argument #4 (steps) must evenly divide the square of argument #1 (factor) when steps>factor and lmag==0");
			if (low > 0 && p % (uint64_t)nsteps != 0)
				dt_error(cc->errs, arg_line(call, 1), "D_LLQUANT_STEPVAL", "llquantize() argument #4 (steps) must evenly divide pow(argument #1 (factor), lmag (argument #2) + 1) when steps>factor and lmag>0");
		}
		tmp->llq_factor = factor;
		tmp->llq_low = low;
		tmp->llq_high = high;
		tmp->llq_nsteps = nsteps;
		break;
	}
	default:
		break;
	}
}

/* The most bytes (with the NUL) a string expression can need, 0 if unbounded. */
static uint32_t str_width(struct node *k)
{
	if (k->kind == N_STR)
		return (uint32_t)k->slen + 1;
	if (k->kind == N_VAR && k->var && k->var->scope == VS_BUILTIN && k->var->builtin == BV_EXECNAME)
		return 16;		/* TASK_COMM_LEN */
	if (k->type && k->type->kind == TY_ARRAY)
		return k->type->nelems + 1;
	return 0;
}

static void widen_keys(struct dt_aggvar *a, struct node *l, int first)
{
	for (int i = 0; i < l->args.n && i < a->nkeys; i++) {
		struct node *k = l->args.v[i];
		uint32_t w;
		if (!type_is_string(k->type))
			continue;
		w = str_width(k);
		if (first)
			a->keywidth[i] = w;
		else if (a->keywidth[i] && (w == 0 || w > a->keywidth[i]))
			a->keywidth[i] = w;
	}
}

/* Cook '@name[keys] = call'.  Keys and call arguments are already cooked. */
void agg_cook_assign(struct dt_cc *cc, struct node *n, struct node *l, struct node *call)
{
	struct dt_aggvar *a;

	for (int i = 0; i < l->args.n; i++) {
		struct node *k = l->args.v[i];
		/* DTrace refuses dynamic and void keys; structs and other
		 * non-scalar keys are refused here too (not implemented) */
		if (sema_is_dynamic(k) || (!type_is_scalar(k->type) && !type_is_string(k->type) && !k->type->is_stack &&
					   !k->type->symact))
			dt_error(cc->errs, n->line, "D_KEY_TYPE", "%s expression may not be used as aggregation index: key #%d",
				 /* a call of an aggregating function is of
				  * dynamic type, named by its identifier's
				  * kind (dt_node_type_name) */
				 k->kind == N_CALL && sema_fn_is_agg(k->fn) ? "aggregating function" :
				 sema_node_type_name(k), i + 1);
	}
	a = agg_find(cc->P, l->sval);
	if (!a) {
		a = pool_zalloc(&cc->pool, sizeof(*a));
		a->name = pool_strdup(&cc->pool, l->sval);
		a->id = cc->P->aggs.n;
		a->fn = call->fn;
		a->nkeys = l->args.n;
		a->keys = pool_calloc(&cc->pool, (size_t)(l->args.n ? l->args.n : 1), sizeof(struct dt_type *));
		for (int i = 0; i < l->args.n; i++) {
			struct node *k = l->args.v[i];
			a->keys[i] = type_is_string(k->type) ? &ty_string : k->type;
		}
		a->line = n->line;
		a->keywidth = pool_calloc(&cc->pool, (size_t)(l->args.n ? l->args.n : 1), sizeof(uint32_t));
		widen_keys(a, l, 1);
		pv_push(&cc->P->aggs, a);
	} else {
		widen_keys(a, l, 0);
		if (a->fn != call->fn)
			dt_error(cc->errs, n->line, "D_AGG_REDEF", "aggregation redefined: @%s\n\t current: @%s = %s( )\n\tprevious: @%s = %s( ) : line %d",
				 a->name, a->name, sema_fn_name(call->fn), a->name, sema_fn_name(a->fn), a->line);
		/* the keys against the signature of the first use (dt_idcook_sign) */
		if (a->nkeys != l->args.n)
			dt_error(cc->errs, n->line, "D_PROTO_LEN", "@%s[ ] prototype mismatch: %d key%spassed, %d expected",
				 a->name, l->args.n, l->args.n == 1 ? " " : "s ", a->nkeys);
		for (int i = 0; i < l->args.n; i++) {
			struct node *k = l->args.v[i];
			struct dt_type *kt = type_is_string(k->type) ? &ty_string : k->type;
			if (!type_compatible(a->keys[i], kt))
				dt_error(cc->errs, n->line, "D_PROTO_ARG", "@%s[ ] key #%d is incompatible with prototype:\n\tprototype: %s\n\t%9s: %s",
					 a->name, i + 1, type_name(a->keys[i]), "key", type_name(kt));
		}
	}
	l->ival = (uint64_t)a->id;
	n->ival = (uint64_t)a->id;
}

/* The value an aggregating function takes must be a scalar (dt_cg_agg,
 * before the keys' code). */
void agg_cg_value(struct dt_cc *cc, struct node *n)
{
	struct node *call = n->kids[1];
	struct node *v = call->args.n > 0 ? call->args.v[0] : NULL;

	if (v && (sema_is_dynamic(v) || !type_is_scalar(v->type)))
		dt_error(cc->errs, call->line, "D_AGG_SCALAR", "%s( ) argument #1 must be of scalar type", call->sval);
}

/* A parameter of lquantize()/llquantize() that differs from the one the
 * aggregation was first generated with (dt_cg_agg_lquantize's words). */
static void param_match(struct dt_cc *cc, int line, const char *tag, const char *what, int64_t had, int64_t now)
{
	if (had != now)
		dt_error(cc->errs, line, tag, "%s doesn't match previous declaration: expected %lld, found %lld", what,
			 (long long)had, (long long)now);
}

/*
 * What DTrace checks as it generates an aggregation's code (dt_cg_agg's
 * dt_cg_agg_* functions), once the clause is cooked: the function's
 * parameters, then them against the first generated use's, then the
 * increment.
 */
void agg_cg_assign(struct dt_cc *cc, struct node *n)
{
	struct node *l = n->kids[0], *call = n->kids[1];
	struct dt_aggvar tmp, *a = agg_find(cc->P, l->sval);

	memset(&tmp, 0, sizeof(tmp));
	check_fn_args(cc, call, l->line, &tmp);
	if (!a)		/* agg_cook_assign defined it */
		return;
	if (!a->params_set) {
		a->lq_base = tmp.lq_base;
		a->lq_limit = tmp.lq_limit;
		a->lq_step = tmp.lq_step;
		a->llq_factor = tmp.llq_factor;
		a->llq_low = tmp.llq_low;
		a->llq_high = tmp.llq_high;
		a->llq_nsteps = tmp.llq_nsteps;
		a->params_set = 1;
	}
	if (call->fn == F_LQUANTIZE) {
		/* the limit as the levels give it (a partial last level is
		 * none), compared once the bases are equal */
		int64_t olim = a->lq_base + (a->lq_limit - a->lq_base) / a->lq_step * a->lq_step;
		int64_t lim = tmp.lq_base + (tmp.lq_limit - tmp.lq_base) / tmp.lq_step * tmp.lq_step;
		param_match(cc, l->line, "D_LQUANT_MATCHBASE", "lquantize( ) base (argument #1)", a->lq_base, tmp.lq_base);
		param_match(cc, l->line, "D_LQUANT_MATCHLIM", "lquantize( ) limit (argument #2)", olim, lim);
		param_match(cc, l->line, "D_LQUANT_MATCHSTEP", "lquantize( ) step (argument #3)", a->lq_step, tmp.lq_step);
	}
	if (call->fn == F_LLQUANTIZE) {
		param_match(cc, l->line, "D_LLQUANT_MATCHFACTOR", "llquantize() factor (argument #1)", a->llq_factor,
			    tmp.llq_factor);
		param_match(cc, l->line, "D_LLQUANT_MATCHLMAG", "llquantize() lmag (argument #2)", a->llq_low, tmp.llq_low);
		param_match(cc, l->line, "D_LLQUANT_MATCHHMAG", "llquantize() hmag (argument #3)", a->llq_high, tmp.llq_high);
		param_match(cc, l->line, "D_LLQUANT_MATCHSTEPS", "llquantize() steps (argument #4)", a->llq_nsteps,
			    tmp.llq_nsteps);
	}
	check_incr(cc, call, l->line);
}

/*
 * An aggregation named as argument #argno of printa/clear/trunc/...:
 * argtag when it is no aggregation (DTrace's D_<FUNC>_AGGARG).  One no
 * statement has assigned yet is unknown to DTrace's parser when named
 * alone (dt_cook_ident: D_IDENT_UNDEF); named with a subscript, which
 * creates it, it is undefined to the code generator (dt_cg_act_printa
 * & co.: D_<FUNC>_AGGBAD).  The subscript of a defined one is ignored:
 * @a[k] names all of @a.
 */
int agg_ref(struct dt_cc *cc, int line, struct node *n, const char *func, int argno, const char *argtag, const char *badtag)
{
	struct dt_aggvar *a;

	if (n->kind != N_AGG)
		dt_error(cc->errs, line, argtag, "%s( ) argument #%d is incompatible with prototype:\n\tprototype: aggregation\n\t argument: %s",
			 func, argno, n->type ? sema_node_type_name(n) : "expression");
	sema_agg_operand(cc, n);
	a = agg_find(cc->P, n->sval);
	if (!a)
		dt_error(cc->errs, line, badtag, "undefined aggregation: @%s", n->sval);
	n->ival = (uint64_t)a->id;
	return a->id;
}
