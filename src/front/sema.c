/*
 * sema.c - the driver of semantic analysis ("cooking", in DTrace's words):
 * cooks what one compile unit added to the program (its translators,
 * provider definitions, inlines and clauses), each clause followed by the
 * checks DTrace makes as it generates the clause's code (sema_cg.c).
 *
 * Variables that a unit creates by assigning to them are declared by a
 * pre-pass over the unit first, as DTrace's parser does, so a predicate may
 * read a variable that only a later action assigns.  Two passes follow:
 * the first fixes the types of implicitly declared variables in program
 * order, the second sees them all.
 */
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include "sema_int.h"
#include "../common/attr.h"

/*
 * The stability of what a statement uses (DTrace's node attributes, the
 * minimum over an expression): D's own variables and functions are
 * Stable/Stable/Common but for curthread (Stable/Private/Common) and the
 * kernel-dependent subroutines (Evolving/Evolving/Common); the kernel's
 * types are Private/Private/Unknown.
 */
static dtrace_attribute_t node_attr(const struct node *n)
{
	static const dtrace_attribute_t curthread = { DT_STAB_STABLE, DT_STAB_PRIVATE, DT_CLASS_COMMON };
	static const dtrace_attribute_t evolving = { DT_STAB_EVOLVING, DT_STAB_EVOLVING, DT_CLASS_COMMON };
	static const dtrace_attribute_t kernel_type = { DT_STAB_PRIVATE, DT_STAB_PRIVATE, DT_CLASS_UNKNOWN };
	dtrace_attribute_t a = dt_attr_default;

	if (!n)
		return a;
	if (n->kind == N_VAR && n->var && n->var->scope == VS_BUILTIN && n->var->builtin == BV_CURTHREAD)
		a = curthread;
	if (n->kind == N_CALL) {
		switch (n->fn) {
		case F_HTONS: case F_HTONL: case F_HTONLL: case F_NTOHS: case F_NTOHL: case F_NTOHLL:
		case F_MUTEX_OWNED: case F_MUTEX_OWNER: case F_MUTEX_TYPE_ADAPTIVE: case F_MUTEX_TYPE_SPIN:
		case F_RW_READ_HELD: case F_RW_WRITE_HELD: case F_RW_ISWRITER: case F_GETMAJOR: case F_GETMINOR:
			a = evolving;
			break;
		default:
			break;
		}
	}
	if ((n->kind == N_CAST || n->kind == N_SIZEOF || n->kind == N_OFFSETOF) && n->cast_type) {
		const struct dt_type *t = n->cast_type;
		while ((t->kind == TY_PTR || t->kind == TY_ARRAY) && t->ref)
			t = t->ref;
		if (t->btf_id)
			a = kernel_type;
	}
	for (int i = 0; i < 3; i++)
		a = dt_attr_min(a, node_attr(n->kids[i]));
	for (int i = 0; i < n->args.n; i++)
		a = dt_attr_min(a, node_attr(n->args.v[i]));
	return a;
}

/*
 * A clause's probe description attributes, checked against -xamin before
 * its statements are (DTrace's dt_cook_clause): "attributes for clause".
 */
static void clause_attr(struct dt_cc *cc, struct dt_clause *c)
{
	c->desc_attr = dt_attr_unstable;
	for (int d = 0; cc->opts.desc_attr && d < c->pdescs.n; d++) {
		dtrace_attribute_t a;
		cc->opts.desc_attr(cc->opts.desc_arg, c->pdescs.v[d], &a);
		c->desc_attr = d ? dt_attr_min(c->desc_attr, a) : a;
	}
	if (cc->opts.amin_set && dt_attr_below(c->desc_attr, cc->opts.amin)) {
		char s[64];
		dt_error(cc->errs, c->end_line, "D_ATTR_MIN", "attributes for clause (%s) are less than predefined minimum",
			 dt_attr_str(c->desc_attr, s, sizeof(s)));
	}
}

void sema_set_file(struct dt_cc *cc, const char *file)
{
	snprintf(cc->errs->file, sizeof(cc->errs->file), "%s", file ? file : "");
}

/*
 * The errors DTrace's parser raises as it builds a clause's nodes, before
 * any clause is cooked: an integer literal no type holds (dt_node_int),
 * offsetof and sizeof a type refused, and / or % by what the parser has
 * folded to 0 (dt_node_op2), in the order the parser reduces them
 * (operands first).
 */
static void parse_time_errors(struct dt_cc *cc, struct node *n)
{
	if (!n)
		return;
	for (int i = 0; i < 3; i++)
		parse_time_errors(cc, n->kids[i]);
	for (int i = 0; i < n->args.n; i++)
		parse_time_errors(cc, n->args.v[i]);
	/* dt_node_int, dt_node_offsetof and sizeof a type (dt_node_op1)
	 * are complete as the parser builds them */
	if (n->kind == N_INT || n->kind == N_OFFSETOF || (n->kind == N_SIZEOF && n->cast_type))
		sema_cook(cc, n);
	if (((n->kind == N_BINARY && (n->op == T_SLASH || n->op == T_PERCENT)) ||
	     (n->kind == N_ASSIGN && (n->op == T_DIV_EQ || n->op == T_MOD_EQ))) &&
	    sema_parse_time_constant(cc, n->kids[1]) && n->kids[1]->cval == 0)
		dt_error(cc->errs, n->line, "D_DIV_ZERO", "expression contains division by zero");
}

static void cook_predicate(struct dt_cc *cc, struct dt_clause *c)
{
	cc->errs->region = "predicate";
	if (c->pred->kind == N_AGG) {
		sema_agg_operand(cc, c->pred);
		dt_error(cc->errs, c->pred->line, "D_PRED_SCALAR", "predicate result must be of scalar type");
	}
	sema_cook(cc, c->pred);
	if (!type_is_scalar(c->pred->type))
		dt_error(cc->errs, c->pred->line, "D_PRED_SCALAR", "predicate result must be of scalar type");
	cc->errs->region = NULL;
}

/* The statements, labelled as dt_cook_clause labels them (yylabel). */
static void cook_body(struct dt_cc *cc, struct dt_clause *c)
{
	cc->errs->region = "action list";
	sema_cook(cc, c->body);
	cc->errs->region = NULL;
}

/*
 * A clause's statements and predicate in dt_cook_clause's order: the
 * statements first, then the predicate.  Statements refused for a name
 * not yet defined are cooked again after the predicate, which may define
 * it: then the predicate's error is the one reported.  (The pre-pass has
 * already created what the predicate assigns, so the second cook of the
 * statements fails as the first did: its error is reported as it was.)
 */
static void cook_clause(struct dt_cc *cc, struct dt_clause *c)
{
	if (!c->pred || !c->body) {
		if (c->body)
			cook_body(cc, c);
		if (c->pred)
			cook_predicate(cc, c);
		return;
	}

	struct dt_errstate *es = cc->errs;
	jmp_buf outer;
	memcpy(outer, es->jb, sizeof(jmp_buf));
	int rc = setjmp(es->jb);
	if (rc == 0) {
		cook_body(cc, c);
		memcpy(es->jb, outer, sizeof(jmp_buf));
		cook_predicate(cc, c);
		return;
	}
	memcpy(es->jb, outer, sizeof(jmp_buf));
	if (!es->tag || (strcmp(es->tag, "D_IDENT_UNDEF") != 0 && strcmp(es->tag, "D_VAR_UNDEF") != 0))
		longjmp(es->jb, rc);
	struct dt_errstate *failed = pool_zalloc(&cc->pool, sizeof(*failed));
	*failed = *es;
	cook_predicate(cc, c);
	*es = *failed;
	es->tag = es->tagbuf;	/* the tag is the statements' (set above) */
	memcpy(es->jb, outer, sizeof(jmp_buf));
	longjmp(es->jb, rc);
}

void sema_unit(struct dt_cc *cc, struct dt_prog *prog, int first_clause, int first_inline, int first_xlator,
	       int first_provdef)
{
	/* clauses are cooked after the parse in DTrace too: their errors
	 * name the file current at its end */
	const char *last_file = cc->errs->file[0] ? pool_strdup(&cc->pool, cc->errs->file) : NULL;

	cc->P = prog;
	cc->index_base = 0;
	cc->nbind = 0;
	cc->xlate_param = NULL;
	cc->xlate_input = NULL;
	/* DTrace cooks translators, provider definitions and inlines as it
	 * parses them, outside any clause (no pcb_pdesc): args[] there is
	 * D_ARGS_NONE (dt_idcook_args), not the last clause's */
	cc->cur_clause = -1;
	for (int i = first_clause; i < prog->clauses.n; i++) {
		struct dt_clause *c = prog->clauses.v[i];
		sema_fold_lines(cc, c->pred);
		sema_fold_lines(cc, c->body);
		parse_time_errors(cc, c->pred);
		parse_time_errors(cc, c->body);
	}
	sema_check_xlators(cc, first_xlator);
	sema_cook_provdefs(cc, first_provdef);
	sema_check_inlines(cc, first_inline);
	sema_set_file(cc, last_file);
	for (int i = first_clause; i < prog->clauses.n; i++) {
		struct dt_clause *c = prog->clauses.v[i];
		char *cond = cc->clause_cond ? cc->clause_cond(cc->clause_cond_arg, c) : NULL;
		if (cond) {
			char *text = pool_strdup(&cc->pool, cond);	/* parsing may unwind */
			free(cond);
			c->cond = dt_parse_expr_string(cc, text, c->line);
		}
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
			/* DTrace compiles a clause once per description, each
			 * matched first (dt_setcontext): the first is matched
			 * before the statements are checked, the others after */
			if (pass == 0 && cc->clause_match)
				cc->clause_match(cc->clause_match_arg, c, 0, 1);
			if (c->cond)
				sema_cook(cc, c->cond);
			if (pass == 0)
				clause_attr(cc, c);
			cook_clause(cc, c);
			/* DTrace generates a clause's code once it is cooked */
			sema_cg_clause(cc, c);
			if (pass == 0 && cc->clause_match)
				cc->clause_match(cc->clause_match_arg, c, 1, c->pdescs.n);
		}
	}
	for (int i = first_clause; i < prog->clauses.n; i++) {
		struct dt_clause *c = prog->clauses.v[i];
		c->stmt_attr = dt_attr_min(node_attr(c->pred), node_attr(c->body));
	}
}
