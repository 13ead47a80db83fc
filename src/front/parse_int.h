/*
 * parse_int.h - what the parser's files share (parse.c: programs, clauses,
 * expressions and statements, translators and providers; decl.c:
 * declarations; pragma.c: control lines): the parser's state and the
 * token-level helpers.  Not for use outside the parser.
 */
#ifndef DT_PARSE_INT_H
#define DT_PARSE_INT_H

#include "parse.h"

struct parser {
	struct dt_cc *cc;
	struct dt_lexer lx;
	struct token cur;
	struct dt_prog *prog;
	const struct dt_parse_opts *o;
	struct node *not_unary;	/* the last binary, conditional or cast
				   expression parsed, unless parenthesized */
	int in_typedef;		/* in a typedef declaration: its name stays a name */
	int in_clause;		/* in a predicate or clause body (DTrace's lexer state S0 there) */
	int ndecls;		/* inlines, translators and providers defined */
	int depth;		/* nesting so far (parse_deeper()) */
	int opdepth;		/* the part of it that operator chains add */
	int rbrace_line;	/* where the last clause body's '}' is */
	int prev_eline;		/* the eline of the token parse_advance last consumed */
	struct ptrvec pending;	/* struct pending_pragma: attributes/binding waiting for their identifier */
	uint32_t binding_vers;	/* the #pragma D binding being read: its version */
	int user_text;		/* the script's own text (struct node.user_text) */
	struct ptrvec idents;	/* words a kernel typedef names, taken as identifiers (is_type_name_cb) */
	int first_xlator;	/* prog->xlators: this unit's from here on */
	int first_global, first_inline;	/* prog->globals, prog->inlines: the same */
};

/* A #pragma attributes or binding naming what the program has not defined yet. */
struct pending_pragma {
	char *name;
	const char *prname;
	int line;
	uint32_t vers;		/* binding: the version it names */
	int applied;		/* "translator": given to the next translator */
};

/* tokens (parse.c) */
void parse_advance(struct parser *ps);
_Noreturn void parse_syntax_error(struct parser *ps);
void parse_expect(struct parser *ps, enum tok k);
int parse_accept(struct parser *ps, enum tok k);
/* one more level of nesting (a parenthesis, a prefix operator's operand,
 * a nested if or struct, a '*' or '[]' of a declarator): past DTrace's
 * (bison's) 10000, its "memory exhausted" error.  The caller saves
 * ps->depth and restores it when its level is done. */
void parse_deeper(struct parser *ps);
/* the same for an operator a loop adds on top of a tree (a + b + c); the
 * caller restores ps->opdepth too */
void parse_deeper_op(struct parser *ps);
/* the kind of the token after the current one */
enum tok parse_peek(struct parser *ps);
/* can a type name start with this token? */
int parse_starts_type(enum tok k);
/* expressions (parse.c) */
struct node *parse_expr(struct parser *ps);
struct node *parse_cond(struct parser *ps);

/* declarations (decl.c) */
/* a type name (casts, sizeof, offsetof, xlate, translators) */
struct dt_type *parse_type_name(struct parser *ps);
/* declaration specifiers alone (a probe parameter's type) */
struct dt_type *parse_spec_type(struct parser *ps);
void decl_inline(struct parser *ps);
void decl_variables(struct parser *ps, int line);

/* control lines (pragma.c): the lexer's control callback (arg is the
 * parser), and the end-of-unit check of pending pragmas */
int pragma_control(void *arg, int line, struct ctl_tok *toks, int ntoks);
/* The file the last line marker named (a copy in the compiler's pool), or
 * NULL: what a definition sema checks later names in its errors. */
const char *pragma_file(struct parser *ps);
void pragmas_unused(struct parser *ps);
uint32_t pragma_translator_binding(struct parser *ps);

#endif
