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

/* An expression's calls, each after its arguments (dt_cg_node); what
 * sizeof and offsetof name generates no code. */
static void cg_expr(struct dt_cc *cc, struct node *n)
{
	if (!n || n->kind == N_SIZEOF || n->kind == N_OFFSETOF)
		return;
	for (int i = 0; i < 3; i++)
		cg_expr(cc, n->kids[i]);
	for (int i = 0; i < n->args.n; i++)
		cg_expr(cc, n->args.v[i]);
	if (n->kind == N_CALL)
		sema_cg_call(cc, n);
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
		cg_expr(cc, n->kids[0]);
		cg_stmt(cc, n->kids[1], st);
		cg_stmt(cc, n->kids[2], st);
		return;
	}
	if (n->kind != N_EXPR_STMT)
		return;
	struct node *e = n->kids[0];
	if (e->kind == N_ASSIGN && e->kids[0]->kind == N_AGG) {
		/* dt_cg_agg: the rules, the function's checks, then the
		 * code of the keys and the arguments */
		spec_agg(cc, n->line, st);
		agg_cg_assign(cc, e);
		cg_expr(cc, e->kids[0]);
		for (int i = 0; i < e->kids[1]->args.n; i++)
			cg_expr(cc, e->kids[1]->args.v[i]);
		return;
	}
	if (e->kind == N_CALL && sema_fn_is_action(e->fn)) {
		/* an action statement: the rules, the action's checks,
		 * then the code of its arguments */
		spec_action(cc, n->line, e->fn, st);
		sema_cg_call(cc, e);
		for (int i = 0; i < e->args.n; i++)
			cg_expr(cc, e->args.v[i]);
		return;
	}
	cg_expr(cc, e);
}

void sema_cg_clause(struct dt_cc *cc, struct dt_clause *c)
{
	struct spec_state st = {0, 0, 0, 0};

	cg_expr(cc, c->cond);
	cg_expr(cc, c->pred);
	cg_stmt(cc, c->body, &st);
}
