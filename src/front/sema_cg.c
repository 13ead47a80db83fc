/*
 * sema_cg.c - the checks DTrace makes as it generates a clause's code
 * (dt_cg), run here once the clause is cooked, in the order code is
 * generated: the predicate, then each statement in turn, its action-order
 * rules (dt_cg_clsflags) before the action's own argument checks
 * (dt_cg_act_*), an aggregation's function checks (dt_cg_agg_*), and the
 * subroutines' (dt_cg_subr_*) where the code of their calls is generated.
 * So an error in a later statement that cooking finds comes before one
 * of these in an earlier statement, as in DTrace.
 */
#include "aggsema.h"
#include "sema_int.h"

/*
 * DTrace's rules for the actions of one clause (dt_cg_clsflags), in
 * program order: speculate() comes first and once, with no aggregation,
 * destructive action or exit() after it; commit() follows no data or
 * aggregation, and no data follows it; discard() goes anywhere.
 */
struct spec_state {
	int spec, commit, data, agg;
	/* the line DTrace's errors without a node of their own give
	 * (yylineno): the clause's probe description's, then that of the
	 * last printf-like action (dt_cg_act_printf and dt_cg_act_printa
	 * with a format set it) */
	int line;
};

static void spec_agg(struct dt_cc *cc, int line, struct spec_state *st)
{
	if (st->commit)
		dt_error(cc->errs, line, "D_AGG_COMM", "aggregating actions may not follow commit( )");
	if (st->spec)
		dt_error(cc->errs, line, "D_AGG_SPEC", "aggregating actions may not follow speculate( )");
	st->agg = 1;
}

static void spec_action(struct dt_cc *cc, int line, int fn, struct spec_state *st)
{
	switch (fn) {
	case F_SPECULATE:
		if (st->spec)
			dt_error(cc->errs, line, "D_SPEC_SPEC", "speculate( ) may not follow speculate( )");
		if (st->commit)
			dt_error(cc->errs, line, "D_SPEC_COMM", "speculate( ) may not follow commit( )");
		if (st->data || st->agg)
			dt_error(cc->errs, line, "D_SPEC_DREC", "speculate( ) may not follow data-recording action(s)");
		st->spec = 1;
		return;
	case F_COMMIT:
		if (st->data || st->agg)
			dt_error(cc->errs, line, "D_COMM_DREC", "commit( ) may not follow data-recording action(s)");
		st->commit = 1;
		return;
	case F_DISCARD:
		return;
	case F_BREAKPOINT: case F_CHILL: case F_PANIC: case F_RAISE: case F_STOP:
	case F_SYSTEM: case F_FREOPEN:
	case F_COPYOUT: case F_COPYOUTSTR:	/* subroutines DTrace counts as destructive actions */
		if (st->spec)
			dt_error(cc->errs, line, "D_ACT_SPEC", "destructive actions may not follow speculate( )");
		break;
	case F_EXIT:
		if (st->spec)
			dt_error(cc->errs, line, "D_EXIT_SPEC", "exit( ) may not follow speculate( )");
		break;
	default:
		break;
	}
	if (st->commit)
		dt_error(cc->errs, line, "D_DREC_COMM", "data-recording actions may not follow commit( )");
	st->data = 1;
}

/*
 * A store into a variable that has held both a pointer into alloca()
 * space and another value, so far in the program (DTrace's
 * dt_cg_store_var: the variable is DT_IDFLG_ALLOCA and
 * DT_IDFLG_NONALLOCA, and a store into a variable once tainted is an
 * alloca one).  Its message has no node: its line is yylineno's.
 */
static void cg_store(struct dt_cc *cc, const struct node *n, const struct spec_state *st)
{
	const struct dt_var *v = n->kids[0]->kind == N_VAR ? n->kids[0]->var : NULL;

	if (v && v->holds_alloca && v->holds_nonalloca)
		dt_error(cc->errs, st->line, "D_ALLOCA_INCOMPAT",
			 "%s: cannot reuse the same identifier for both alloca and non-alloca allocations", v->name);
}

/* An expression's calls, each after its arguments, and its stores, each
 * after its value (dt_cg_node); what sizeof and offsetof name generates
 * no code. */
static void cg_expr(struct dt_cc *cc, struct node *n, const struct spec_state *st)
{
	if (!n || n->kind == N_SIZEOF || n->kind == N_OFFSETOF)
		return;
	for (int i = 0; i < 3; i++)
		cg_expr(cc, n->kids[i], st);
	for (int i = 0; i < n->args.n; i++)
		cg_expr(cc, n->args.v[i], st);
	if (n->kind == N_CALL) {
		/* an action's or aggregating function's value is a
		 * statement's or an aggregation key's only (dt_cg_call_subr) */
		if (sema_fn_is_action(n->fn) || sema_fn_is_agg(n->fn))
			dt_error(cc->errs, n->line, "D_CG_EXPR",
				 "%s function %s( ) may not be called from a D expression (D program context required)",
				 sema_fn_is_agg(n->fn) ? "aggregating" : "tracing", n->sval);
		sema_cg_call(cc, n);
	}
	if (n->kind == N_ASSIGN)
		cg_store(cc, n, st);
}

/* An aggregation key: stack() and the symbol actions may be one
 * (dt_cg_arglist), their arguments generated as their values. */
static void cg_key(struct dt_cc *cc, struct node *k, const struct spec_state *st)
{
	if (k->kind != N_CALL || !sema_fn_is_action(k->fn)) {
		cg_expr(cc, k, st);
		return;
	}
	for (int i = 0; i < k->args.n; i++)
		cg_expr(cc, k->args.v[i], st);
	sema_cg_call(cc, k);
}

static void cg_stmt(struct dt_cc *cc, struct node *n, struct spec_state *st)
{
	if (!n)
		return;
	if (n->kind == N_BLOCK) {
		for (int i = 0; i < n->args.n; i++)
			cg_stmt(cc, n->args.v[i], st);
		return;
	}
	if (n->kind == N_IF) {
		cg_expr(cc, n->kids[0], st);
		cg_stmt(cc, n->kids[1], st);
		cg_stmt(cc, n->kids[2], st);
		return;
	}
	if (n->kind != N_EXPR_STMT)
		return;
	struct node *e = n->kids[0];
	/* dt_cg_agg's errors are at the aggregation's node (the statement
	 * DTrace cooks to it), an action's at its statement's node, made
	 * when the parser read the ';' or '}' after it */
	if (e->kind == N_AGG) {
		/* dt_cg_agg of an aggregation with no function */
		spec_agg(cc, e->line, st);
		dt_error(cc->errs, e->line, "D_AGG_NULL", "expression has null effect: @%s", e->sval);
	}
	if (e->kind == N_ASSIGN && e->kids[0]->kind == N_AGG) {
		/* dt_cg_agg: the rules, the value's type, the keys' code,
		 * the function's checks, then the arguments' code */
		spec_agg(cc, e->kids[0]->line, st);
		agg_cg_value(cc, e);
		for (int i = 0; i < e->kids[0]->args.n; i++) {
			if (i > DT_CC_TUPREGS)
				dt_error(cc->errs, 0, NULL, "Insufficient tuple registers to generate code");
			cg_key(cc, e->kids[0]->args.v[i], st);
		}
		agg_cg_assign(cc, e);
		for (int i = 0; i < e->kids[1]->args.n; i++)
			cg_expr(cc, e->kids[1]->args.v[i], st);
		return;
	}
	if (e->kind == N_CALL && sema_fn_is_action(e->fn)) {
		/* an action statement: the rules, the action's checks,
		 * then the code of its arguments */
		spec_action(cc, n->end_line, e->fn, st);
		cc->cg_line = st->line;
		sema_cg_call(cc, e);
		if (e->fn == F_PRINTF || e->fn == F_SYSTEM || e->fn == F_FREOPEN ||
		    (e->fn == F_PRINTA && e->args.n > 0 && ((struct node *)e->args.v[0])->kind == N_STR))
			st->line = e->line;
		for (int i = 0; i < e->args.n; i++)
			cg_expr(cc, e->args.v[i], st);
		return;
	}
	cg_expr(cc, e, st);
}

void sema_cg_clause(struct dt_cc *cc, struct dt_clause *c)
{
	struct spec_state st = {0, 0, 0, 0, c->line};

	if (c->pdescs.n)
		st.line = ((struct dt_pdesc *)c->pdescs.v[0])->line;
	cg_expr(cc, c->cond, &st);
	cg_expr(cc, c->pred, &st);
	cg_stmt(cc, c->body, &st);
}
