/*
 * test_cc.c - unit tests of the front end's compiler context (front/cc.h),
 * in one process: contexts keep their declarations apart, units on one
 * context see the declarations of the units before them, and a failed unit
 * leaves the program and the context as they were.
 */
#include "front/cc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/types.h"
#include "unit.h"

static int passed, failed;

static void check(int ok, const char *what)
{
	if (ok) {
		passed++;
		return;
	}
	failed++;
	fprintf(stderr, "FAIL: %s\n", what);
}

/* Compile one unit; "OK" or "[TAG] line N: message". */
static const char *unit(struct dt_cc *cc, struct dt_prog *prog, const char *src)
{
	static char buf[4200];
	struct dt_unit_opts o = {.from_file = 1, .allow_empty = 1};
	struct dt_errstate *es;

	if (dt_cc_compile(cc, prog, src, &o) == 0)
		return "OK";
	es = dt_cc_errs(cc);
	snprintf(buf, sizeof(buf), "[%s] line %d: %s", es->tag ? es->tag : "", es->line, es->msg);
	return buf;
}

static void expect(struct dt_cc *cc, struct dt_prog *prog, const char *src, const char *want)
{
	const char *got = unit(cc, prog, src);

	if (strcmp(got, want) == 0) {
		passed++;
		return;
	}
	failed++;
	fprintf(stderr, "FAIL: ");
	show(src);
	fprintf(stderr, "  expected: ");
	show(want);
	fprintf(stderr, "  got:      ");
	show(got);
}

/* Two contexts in one process do not see each other's typedefs. */
static void two_contexts(void)
{
	struct dt_cc *a = dt_cc_create(), *b = dt_cc_create();
	struct dt_prog pa = {0}, pb = {0};

	expect(a, &pa, "typedef int foo_t;", "OK");
	expect(b, &pb, "typedef long foo_t;", "OK");
	expect(a, &pa, "foo_t x; BEGIN { x = sizeof(foo_t); }", "OK");
	expect(b, &pb, "foo_t y; BEGIN { y = sizeof(foo_t); }", "OK");
	check(dt_var_find(&pa.globals, "x") && dt_var_find(&pa.globals, "x")->type->size == 4, "a's foo_t is an int");
	check(dt_var_find(&pb.globals, "y") && dt_var_find(&pb.globals, "y")->type->size == 8, "b's foo_t is a long");
	check(!dt_var_find(&pb.globals, "x"), "b does not see a's x");
	/* struct tags too */
	expect(a, &pa, "struct s { int a; };", "OK");
	expect(b, &pb, "struct s { long a, b; };", "OK");
	expect(a, &pa, "BEGIN { trace(sizeof(struct s)); }", "OK");
	dt_cc_destroy(a);
	dt_cc_destroy(b);
}

/* Units on one context: declarations carry over; a failed unit is undone. */
static void units(void)
{
	struct dt_cc *cc = dt_cc_create();
	struct dt_prog p = {0};

	expect(cc, &p, "typedef int foo_t;", "OK");
	expect(cc, &p, "typedef long foo_t;", "[D_DECL_IDRED] line 1: typedef redeclared: foo_t");
	expect(cc, &p, "inline int two = 2; BEGIN { x = two; }", "OK");
	check(p.clauses.n == 1, "one clause after two units");
	/* x was typed by the earlier unit: a string does not fit */
	expect(cc, &p, "BEGIN { x = \"s\"; }",
	       "[D_OP_INCOMPAT] line 1: operands have incompatible types: \"int\" = \"string\"");
	check(p.clauses.n == 1, "the failed unit's clause is gone");
	/* a failed unit's declarations are gone too */
	expect(cc, &p, "typedef char bar_t; struct t { int a; }; BEGIN { y = 1; z = 1 / 0; }",
	       "[D_DIV_ZERO] line 1: expression contains division by zero");
	check(!dt_var_find(&p.globals, "y"), "the failed unit's variable is gone");
	expect(cc, &p, "typedef long bar_t; struct t { long b; }; BEGIN { y = \"ok\"; }", "OK");
	/* the earlier unit's variables and inlines are there */
	expect(cc, &p, "END { x = two + 1; }", "OK");
	check(p.clauses.n == 3, "three clauses");
	dt_cc_destroy(cc);
}

int main(void)
{
	two_contexts();
	units();
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
