/*
 * cc.c - the compiler context (see cc.h): its life, and the compile of one
 * unit: parse onto the program, cook what the unit added, check the unit as
 * a whole (D_EMPTY, D_MACRO_UNUSED), and undo the unit when any of it
 * fails, so the program and the context's declarations stay as they were.
 */
#include <stdlib.h>
#include <string.h>

#include "sema_int.h"
#include "../common/version.h"

struct dt_cc *dt_cc_create(void)
{
	struct dt_cc *cc = xcalloc(1, sizeof(*cc));

	cc->errs = &cc->es;
	cc->types = types_create(&cc->pool);
	cc->opts.strsize = 256;
	cc->opts.stackframes = 20;	/* DTrace's defaults */
	cc->opts.ustackframes = 100;
	cc->opts.jstackframes = 50;
	cc->opts.maxframes = 127;
	return cc;
}

/* The context's tables go, and with its pool everything the programs
 * compiled on it are made of (their nodes, variables and D types): a
 * program lives no longer than its context. */
void dt_cc_destroy(struct dt_cc *cc)
{
	if (!cc)
		return;
	types_destroy(cc->types);
	sema_protos_free(cc);
	free(cc->macro_used);
	pool_free_all(&cc->pool);
	free(cc);
}

void dt_cc_set_opts(struct dt_cc *cc, const struct dt_cc_opts *o)
{
	cc->opts = *o;
}

void dt_cc_set_args_type(struct dt_cc *cc, dt_cc_args_type_fn fn, void *arg)
{
	cc->args_type = fn;
	cc->args_arg = arg;
}

void dt_cc_set_native_arg(struct dt_cc *cc, dt_cc_native_arg_fn fn, void *arg)
{
	cc->native_arg = fn;
	cc->native_arg_arg = arg;
}

void dt_cc_set_clause_cond(struct dt_cc *cc, dt_cc_clause_cond_fn fn, void *arg)
{
	cc->clause_cond = fn;
	cc->clause_cond_arg = arg;
}

void dt_cc_set_clause_match(struct dt_cc *cc, dt_cc_clause_match_fn fn, void *arg)
{
	cc->clause_match = fn;
	cc->clause_match_arg = arg;
}

uint32_t dt_cc_vmax(const struct dt_cc *cc)
{
	return cc->opts.vmax ? cc->opts.vmax : DT_VERS_LATEST;
}

struct dt_errstate *dt_cc_errs(struct dt_cc *cc)
{
	return cc->errs;
}

char *dt_cc_strdup(struct dt_cc *cc, const char *s)
{
	return pool_strdup(&cc->pool, s);
}

/* What a unit may change in the program and the context, to undo it. */
struct unit_mark {
	int nclauses, nglobals, ntlocals, nclocals, ninlines, naggs, nxlators, nprovdefs;
	int has_clauses, eof_line, next_clause_num;
	struct dt_var *vars;		/* earlier variables as they were */
	struct dt_aggvar *aggs;		/* earlier aggregations as they were */
	struct dt_typetab_mark types;
};

static void save_vars(struct dt_var *to, struct ptrvec *vars)
{
	for (int i = 0; i < vars->n; i++)
		to[i] = *(struct dt_var *)vars->v[i];
}

static void restore_vars(struct ptrvec *vars, int n, struct dt_var *from)
{
	vars->n = n;
	for (int i = 0; i < n; i++)
		*(struct dt_var *)vars->v[i] = from[i];
}

static void mark_unit(struct dt_cc *cc, struct dt_prog *prog, struct unit_mark *m)
{
	int nv = prog->globals.n + prog->tlocals.n + prog->clocals.n;

	m->nclauses = prog->clauses.n;
	m->nglobals = prog->globals.n;
	m->ntlocals = prog->tlocals.n;
	m->nclocals = prog->clocals.n;
	m->ninlines = prog->inlines.n;
	m->naggs = prog->aggs.n;
	m->nxlators = prog->xlators.n;
	m->nprovdefs = prog->provdefs.n;
	m->has_clauses = prog->has_clauses;
	m->eof_line = prog->eof_line;
	m->next_clause_num = prog->next_clause_num;
	m->vars = xcalloc((size_t)(nv ? nv : 1), sizeof(struct dt_var));
	save_vars(m->vars, &prog->globals);
	save_vars(m->vars + m->nglobals, &prog->tlocals);
	save_vars(m->vars + m->nglobals + m->ntlocals, &prog->clocals);
	m->aggs = xcalloc((size_t)(m->naggs ? m->naggs : 1), sizeof(struct dt_aggvar));
	for (int i = 0; i < m->naggs; i++)
		m->aggs[i] = *(struct dt_aggvar *)prog->aggs.v[i];
	types_mark(cc->types, &m->types);
}

static void rollback_unit(struct dt_cc *cc, struct dt_prog *prog, struct unit_mark *m)
{
	prog->clauses.n = m->nclauses;
	restore_vars(&prog->globals, m->nglobals, m->vars);
	restore_vars(&prog->tlocals, m->ntlocals, m->vars + m->nglobals);
	restore_vars(&prog->clocals, m->nclocals, m->vars + m->nglobals + m->ntlocals);
	prog->inlines.n = m->ninlines;
	for (int i = 0; i < prog->inlines.n; i++)
		((struct dt_inline *)prog->inlines.v[i])->cooking = 0;
	prog->aggs.n = m->naggs;
	for (int i = 0; i < m->naggs; i++)
		*(struct dt_aggvar *)prog->aggs.v[i] = m->aggs[i];
	prog->xlators.n = m->nxlators;
	prog->provdefs.n = m->nprovdefs;
	prog->has_clauses = m->has_clauses;
	prog->eof_line = m->eof_line;
	prog->next_clause_num = m->next_clause_num;
	types_rollback(cc->types, &m->types);
}

static void free_mark(struct unit_mark *m)
{
	free(m->vars);
	free(m->aggs);
	types_mark_free(&m->types);
}

/* A program's tables live in the context's pool, as what they hold does
 * (a program is compiled on one context all its life). */
static void adopt_prog(struct dt_cc *cc, struct dt_prog *prog)
{
	struct ptrvec *tables[] = {&prog->clauses, &prog->provdefs, &prog->globals, &prog->tlocals,
				   &prog->clocals, &prog->inlines, &prog->aggs, &prog->xlators};

	for (size_t i = 0; i < sizeof(tables) / sizeof(tables[0]); i++)
		if (!tables[i]->pool && !tables[i]->v)
			tables[i]->pool = &cc->pool;
}

int dt_cc_compile(struct dt_cc *cc, struct dt_prog *prog, const char *text, const struct dt_unit_opts *o)
{
	struct dt_parse_opts po = {.from_file = o->from_file, .pspec_up = o->pspec_up, .library = o->library, .on_option = o->on_option,
				   .depends_on = o->depends_on, .arg = o->arg, .len = o->len};
	struct unit_mark m;
	int ndecls;

	adopt_prog(cc, prog);
	mark_unit(cc, prog, &m);
	cc->errs = &cc->es;
	memset(&cc->es, 0, sizeof(cc->es));
	cc->P = prog;
	cc->cook_depth = cc->inline_depth = 0;	/* an earlier unit may have unwound */
	cc->inline_cooks = 0;
	/* before parsing: probe descriptions reference arguments too */
	macro_unit_start(cc);
	if (setjmp(cc->es.jb)) {
		cc->errs = &cc->es;
		rollback_unit(cc, prog, &m);
		free_mark(&m);
		return -1;
	}
	ndecls = dt_parse(cc, prog, text, &po);
	/* dt_compile checks the last macro argument right after the parse
	 * (and the unused pragmas), before an empty unit and before any
	 * clause is cooked; DTrace reports it at the end of a file (at no
	 * line for a string) */
	if (!o->library)
		macro_check_unused(cc, o->from_file ? prog->eof_line : 0);
	/* a unit that adds no clause and declares nothing is an error, as in
	 * DTrace, which checks each program it compiles */
	if (prog->clauses.n == m.nclauses && ndecls == 0 && !o->allow_empty)
		dt_error(cc->errs, prog->eof_line, "D_EMPTY", "empty D program translation unit");
	if (o->library && prog->clauses.n != m.nclauses)
		dt_error(cc->errs, ((struct dt_clause *)prog->clauses.v[m.nclauses])->line, "D_SYNTAX",
			 "a D library file may not have probe clauses");
	/* a library's translators are checked where a script uses them: a
	 * member may name a field some kernels lack */
	sema_unit(cc, prog, m.nclauses, m.ninlines, o->library ? prog->xlators.n : m.nxlators, m.nprovdefs);
	free_mark(&m);
	return 0;
}
