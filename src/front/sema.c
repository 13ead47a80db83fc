/*
 * sema.c - the driver of semantic analysis ("cooking", in DTrace's words):
 * cooks what one compile unit added to the program (its translators,
 * provider definitions, inlines and clauses) and checks each clause's actions as a whole (the
 * rules of speculation).
 *
 * Variables that a unit creates by assigning to them are declared by a
 * pre-pass over the unit first, as DTrace's parser does, so a predicate may
 * read a variable that only a later action assigns.  Two passes follow:
 * the first fixes the types of implicitly declared variables in program
 * order, the second sees them all.
 */
#include <string.h>

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

static void check_spec(struct dt_cc *cc, struct node *n, struct spec_state *st)
{
	if (!n)
		return;
	if (n->kind == N_BLOCK) {
		for (int i = 0; i < n->args.n; i++)
			check_spec(cc, n->args.v[i], st);
		return;
	}
	if (n->kind == N_IF) {
		check_spec(cc, n->kids[1], st);
		check_spec(cc, n->kids[2], st);
		return;
	}
	if (n->kind != N_EXPR_STMT)
		return;
	struct node *e = n->kids[0];
	if (e->kind == N_ASSIGN && e->kids[0]->kind == N_AGG) {
		if (st->commit)
			dt_error(cc->errs, n->line, "D_AGG_COMM", "aggregating actions may not follow commit( )");
		if (st->spec)
			dt_error(cc->errs, n->line, "D_AGG_SPEC", "aggregating actions may not follow speculate( )");
		st->agg = 1;
		return;
	}
	int fn = e->kind == N_CALL ? sema_fn_lookup(e->sval) : F_NONE;

	switch (fn) {
	case F_SPECULATE:
		if (st->spec)
			dt_error(cc->errs, n->line, "D_SPEC_SPEC", "speculate( ) may not follow speculate( )");
		if (st->commit)
			dt_error(cc->errs, n->line, "D_SPEC_COMM", "speculate( ) may not follow commit( )");
		if (st->data || st->agg)
			dt_error(cc->errs, n->line, "D_SPEC_DREC", "speculate( ) may not follow data-recording action(s)");
		st->spec = 1;
		return;
	case F_COMMIT:
		if (st->data || st->agg)
			dt_error(cc->errs, n->line, "D_COMM_DREC", "commit( ) may not follow data-recording action(s)");
		st->commit = 1;
		return;
	case F_DISCARD:
		return;
	case F_BREAKPOINT: case F_CHILL: case F_PANIC: case F_RAISE: case F_STOP:
	case F_SYSTEM: case F_FREOPEN:
	case F_COPYOUT: case F_COPYOUTSTR:	/* subroutines DTrace counts as destructive actions */
		if (st->spec)
			dt_error(cc->errs, n->line, "D_ACT_SPEC", "destructive actions may not follow speculate( )");
		break;
	case F_EXIT:
		if (st->spec)
			dt_error(cc->errs, n->line, "D_EXIT_SPEC", "exit( ) may not follow speculate( )");
		break;
	default:
		if (fn == F_NONE || !sema_fn_is_action(fn))
			return;
		break;
	}
	if (st->commit)
		dt_error(cc->errs, n->line, "D_DREC_COMM", "data-recording actions may not follow commit( )");
	st->data = 1;
}

void sema_unit(struct dt_cc *cc, struct dt_prog *prog, int first_clause, int first_inline, int first_xlator,
	       int first_provdef)
{
	cc->P = prog;
	cc->call_arg_depth = 0;
	cc->nbind = 0;
	cc->xlate_param = NULL;
	cc->xlate_input = NULL;
	sema_check_xlators(cc, first_xlator);
	sema_cook_provdefs(cc, first_provdef);
	sema_check_inlines(cc, first_inline);
	for (int i = first_clause; i < prog->clauses.n; i++) {
		struct dt_clause *c = prog->clauses.v[i];
		sema_prepass(cc, c->pred);
		sema_prepass(cc, c->body);
	}
	/* Two passes: the first fixes the types of implicitly declared
	 * variables in program order, the second sees them all. */
	for (int pass = 0; pass < 2; pass++) {
		cc->sema_pass = pass;
		for (int i = first_clause; i < prog->clauses.n; i++) {
			struct dt_clause *c = prog->clauses.v[i];
			cc->cur_clause = i;
			if (pass == 0) {
				/* DTrace's parser creates the variables a clause
				 * assigns while it parses that clause: they exist
				 * from this clause on, not in earlier ones */
				cc->created_mark = 1;
				sema_prepass(cc, c->pred);
				sema_prepass(cc, c->body);
				cc->created_mark = 0;
			}
			if (c->pred) {
				sema_cook(cc, c->pred);
				if (!type_is_scalar(c->pred->type) && !type_is_string(c->pred->type))
					dt_error(cc->errs, c->pred->line, "D_PRED_SCALAR", "predicate result must be of scalar type");
			}
			if (pass == 0) {
				struct spec_state st = {0, 0, 0};
				check_spec(cc, c->body, &st);
			}
			if (c->body)
				sema_cook(cc, c->body);
		}
	}
}
