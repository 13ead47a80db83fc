/*
 * parse.c - recursive-descent parser for D.
 *
 * The grammar is DTrace's (C's expression grammar with D's additions:
 * probe clauses, self-> and this->, @aggregations, $macros, stringof,
 * xlate, ^^, translator and provider definitions).  Errors use DTrace's
 * wording: "syntax error near "X"", "expected predicate and/or actions
 * following probe description", ...  Declarations are decl.c's, control
 * lines (#pragma) pragma.c's.
 */
#include "parse_int.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <dtrace.h>	/* DTRACE_NAMELEN, DTRACE_PROVNAMELEN */

#include "error.h"
#include "sema.h"
#include "sema_int.h"

struct node *node_new(struct dt_cc *cc, enum node_kind k, int line)
{
	struct node *n = pool_zalloc(&cc->pool, sizeof(*n));

	n->args.pool = &cc->pool;
	n->kind = k;
	n->line = line;
	return n;
}

void parse_advance(struct parser *ps)
{
	ps->prev_eline = ps->cur.eline;
	lex_next(&ps->lx, &ps->cur);
}

_Noreturn void parse_syntax_error(struct parser *ps)
{
	if (ps->cur.kind == T_EOF)
		dt_error(ps->cc->errs, ps->cur.line, "D_SYNTAX", "syntax error near end of input");
	if (ps->cur.kind == T_SLASH && !ps->lx.pspec_mode) {
		/* where DTrace's lexer read ahead to (lex.c slash_ahead) */
		if (ps->cur.at_end)
			dt_error(ps->cc->errs, ps->cur.eline, "D_SYNTAX", "syntax error near end of input");
		dt_error(ps->cc->errs, ps->cur.eline, "D_SYNTAX", "syntax error near \"%s\"", lex_near_text(&ps->lx, &ps->cur));
	}
	dt_error(ps->cc->errs, ps->cur.line, "D_SYNTAX", "syntax error near \"%s\"", lex_near_text(&ps->lx, &ps->cur));
}

void parse_expect(struct parser *ps, enum tok k)
{
	if (ps->cur.kind != k)
		parse_syntax_error(ps);
	parse_advance(ps);
}

int parse_accept(struct parser *ps, enum tok k)
{
	if (ps->cur.kind != k)
		return 0;
	parse_advance(ps);
	return 1;
}

/*
 * DTrace's parser is bison's, with its default stack of YYMAXDEPTH (10000)
 * states: deeper nesting is its "memory exhausted" error.  Here every
 * level of the parser's recursion (a parenthesis, an operand of a prefix
 * operator, a nested if, struct or assignment), and every operator a loop
 * adds on top of a tree (a + b + c, a.b.c, a[1][2], *** in a type), counts
 * one level against the same limit: no tree that the later passes walk
 * recursively is deeper, and the parser itself never runs out of stack.
 * Each caller of parse_deeper() restores ps->depth when its level is done.
 */
#define DT_PARSE_MAXDEPTH 10000

void parse_deeper(struct parser *ps)
{
	if (++ps->depth <= DT_PARSE_MAXDEPTH)
		return;
	/* mostly a chain of operators (a + b + c ...): DTrace's grammar
	 * reads those without growing its stack, so that limit is ours */
	if (2 * ps->opdepth > ps->depth)
		dt_error(ps->cc->errs, ps->cur.line, "D_SYNTAX", "expression nested more than %d levels deep near \"%s\"",
			 DT_PARSE_MAXDEPTH, ps->cur.kind == T_EOF ? "end of input" : ps->cur.text);
	if (ps->cur.kind == T_EOF)
		dt_error(ps->cc->errs, ps->cur.line, "D_SYNTAX", "memory exhausted near end of input");
	dt_error(ps->cc->errs, ps->cur.line, "D_SYNTAX", "memory exhausted near \"%s\"", ps->cur.text);
}

void parse_deeper_op(struct parser *ps)
{
	ps->opdepth++;
	parse_deeper(ps);
}

/* ---- types ---------------------------------------------------------- */

enum tok parse_peek(struct parser *ps)
{
	struct dt_lexer save = ps->lx;
	struct token savet = ps->cur;
	enum tok k;

	parse_advance(ps);
	k = ps->cur.kind;
	ps->lx = save;
	ps->cur = savet;
	return k;
}

int parse_starts_type(enum tok k)
{
	switch (k) {
	case T_CHAR_KW: case T_SHORT: case T_INT_KW: case T_LONG:
	case T_SIGNED: case T_UNSIGNED: case T_VOID: case T_FLOAT:
	case T_DOUBLE: case T_STRING_KW: case T_STRUCT: case T_UNION:
	case T_ENUM: case T_CONST: case T_VOLATILE: case T_TNAME:
	case T_USERLAND: case T_RESTRICT:
		return 1;
	default:
		return 0;
	}
}

static struct node *parse_assign(struct parser *ps);
static struct node *parse_cast(struct parser *ps);

/* ---- expressions ---------------------------------------------------- */

static void parse_args(struct parser *ps, struct ptrvec *args, enum tok close)
{
	int depth = ps->depth;

	/* DTrace's grammar (postfix_expression): "( )" may be empty, "[ ]"
	 * takes an argument_expression_list, so a[ ] is a syntax error */
	if (close == T_RPAREN && ps->cur.kind == close) {
		parse_advance(ps);
		return;
	}
	parse_deeper(ps);
	for (;;) {
		pv_push(args, parse_assign(ps));
		if (parse_accept(ps, T_COMMA))
			continue;
		parse_expect(ps, close);
		ps->depth = depth;
		return;
	}
}

/*
 * The line of a node.  DTrace's parser is bison's, and a node is made in
 * the action of the rule that reduces it, at the line its lexer has read
 * to then (yylineno, dt_node_xalloc): that is the line of the token that
 * ends the rule when bison reduces without reading ahead (a rule ending
 * in ']', ')', a member name or '++'), else the line of the lookahead
 * token bison read to decide, the one after the node's text.  An
 * operator's operand ends in a postfix expression, which is complete only
 * once the next token is read, so the nodes of binary, assignment,
 * conditional, comma, prefix and cast operators are at the line of the
 * token after their last operand: the cur token (its eline) right after
 * that operand is parsed.  Names and constants are at their own line.
 * DTrace's cooking reports its errors at these lines (dt_node_cook sets
 * yylineno to the node's), so a statement spread over lines reports an
 * error where DTrace does.
 */
static struct node *parse_primary(struct parser *ps)
{
	struct node *n;
	int line = ps->cur.line;

	switch (ps->cur.kind) {
	case T_INT:
		n = node_new(ps->cc, N_INT, line);
		n->ival = ps->cur.ival;
		n->sval = ps->cur.text;
		/* suffix and base decide the type (sema): keep them in op */
		n->op = ps->cur.int_suffix_u | (ps->cur.int_suffix_l << 1) | (ps->cur.int_base == 10 ? 8 : 0);
		parse_advance(ps);
		return n;
	case T_CHAR:
		n = node_new(ps->cc, N_INT, line);
		n->ival = ps->cur.ival;
		n->sval = ps->cur.text;
		n->op = -1;	/* character constant: type char/int */
		parse_advance(ps);
		return n;
	case T_STRING:
		n = node_new(ps->cc, N_STR, line);
		n->sval = ps->cur.sval;
		n->slen = ps->cur.slen;
		/* no concatenation of adjacent literals: D's grammar has
		 * none ("a" "b" is a syntax error near "b") */
		parse_advance(ps);
		return n;
	case T_IDENT:
		n = node_new(ps->cc, N_IDENT, line);
		n->sval = ps->cur.text;
		n->user_text = ps->user_text;
		parse_advance(ps);
		return n;
	case T_MACRO:
	case T_MACRO_STR:
		if (isdigit((unsigned char)ps->cur.text[0])) {
			/* an argument stands for its text, read here as
			 * DTrace's lexer reads it: after the #pragmas above */
			n = macro_arg_node(ps->cc, ps->cur.text, ps->cur.kind == T_MACRO_STR, line);
			parse_advance(ps);
			return n;
		}
		n = node_new(ps->cc, N_MACRO, line);
		n->sval = ps->cur.text;
		n->op = ps->cur.kind == T_MACRO_STR;
		parse_advance(ps);
		return n;
	case T_AGG:
		n = node_new(ps->cc, N_AGG, line);
		n->sval = ps->cur.sval;
		parse_advance(ps);
		if (parse_accept(ps, T_LBRACK))
			parse_args(ps, &n->args, T_RBRACK);
		return n;
	case T_SELF:
	case T_THIS: {
		int scope = ps->cur.kind == T_SELF ? VS_THREAD : VS_CLAUSE;
		parse_advance(ps);
		parse_expect(ps, T_ARROW);
		if (ps->cur.kind != T_IDENT && ps->cur.kind != T_TNAME)
			parse_syntax_error(ps);
		/* dt_node_op2 makes self->x the name x's node */
		n = node_new(ps->cc, N_IDENT, ps->cur.line);
		n->sval = ps->cur.text;
		n->var_scope = scope;
		parse_advance(ps);
		return n;
	}
	case T_LPAREN:
		parse_advance(ps);
		n = parse_expr(ps);
		parse_expect(ps, T_RPAREN);
		if (ps->not_unary == n)
			ps->not_unary = NULL;	/* a primary expression now */
		return n;
	case T_OFFSETOF:
		parse_advance(ps);
		parse_expect(ps, T_LPAREN);
		n = node_new(ps->cc, N_OFFSETOF, line);
		n->cast_type = parse_type_name(ps);
		parse_expect(ps, T_COMMA);
		if (ps->cur.kind != T_IDENT && ps->cur.kind != T_TNAME)
			parse_syntax_error(ps);
		n->sval = ps->cur.text;
		parse_advance(ps);
		parse_expect(ps, T_RPAREN);
		n->line = ps->prev_eline;	/* reduced at its ')' */
		return n;
	case T_XLATE:
		parse_advance(ps);
		parse_expect(ps, T_LT);
		n = node_new(ps->cc, N_XLATE, line);
		n->cast_type = parse_type_name(ps);
		parse_expect(ps, T_GT);
		parse_expect(ps, T_LPAREN);
		n->kids[0] = parse_expr(ps);
		parse_expect(ps, T_RPAREN);
		n->line = ps->prev_eline;	/* reduced at its ')' */
		return n;
	default:
		parse_syntax_error(ps);
	}
}

static struct node *parse_postfix(struct parser *ps)
{
	struct node *n = parse_primary(ps), *m;
	int depth = ps->depth, opdepth = ps->opdepth;

	for (;; parse_deeper_op(ps)) {
		int line = ps->cur.line;
		switch (ps->cur.kind) {
		case T_LBRACK:
			parse_advance(ps);
			m = node_new(ps->cc, N_INDEX, line);
			m->kids[0] = n;
			parse_args(ps, &m->args, T_RBRACK);
			m->line = ps->prev_eline;	/* reduced at its ']' */
			n = m;
			break;
		case T_LPAREN: {
			/* DTrace's dt_node_func: only a name designates a function */
			struct ptrvec args = {.pool = &ps->cc->pool};
			parse_advance(ps);
			parse_args(ps, &args, T_RPAREN);
			n->end_line = ps->prev_eline;
			if (n->kind != N_IDENT || n->var_scope)
				dt_error(ps->cc->errs, ps->cur.line, "D_FUNC_IDENT", "function designator is not of function type");
			n->kind = N_CALL;
			n->args = args;
			break;
		}
		case T_DOT:
		case T_ARROW:
			m = node_new(ps->cc, N_MEMBER, line);
			m->op = ps->cur.kind;
			parse_advance(ps);
			if (ps->cur.kind != T_IDENT && ps->cur.kind != T_TNAME)
				parse_syntax_error(ps);
			m->line = ps->cur.line;		/* reduced at the member's name */
			m->sval = ps->cur.text;
			m->kids[0] = n;
			parse_advance(ps);
			n = m;
			break;
		case T_INC:
		case T_DEC:
			m = node_new(ps->cc, ps->cur.kind == T_INC ? N_POSTINC : N_POSTDEC, line);
			m->kids[0] = n;
			parse_advance(ps);
			n = m;
			break;
		default:
			ps->depth = depth;
			ps->opdepth = opdepth;
			return n;
		}
	}
}

static struct node *parse_unary_op(struct parser *ps);

/* A unary expression: a prefix operator's operand is a level deeper (a
 * parenthesis is counted by parse_expr, once). */
static struct node *parse_unary(struct parser *ps)
{
	int depth = ps->depth;
	struct node *n;

	switch (ps->cur.kind) {
	case T_INC: case T_DEC: case T_MINUS: case T_PLUS: case T_BANG: case T_TILDE:
	case T_STAR: case T_AMP: case T_SIZEOF: case T_STRINGOF:
		parse_deeper(ps);
		break;
	default:
		break;
	}
	n = parse_unary_op(ps);
	ps->depth = depth;
	return n;
}

static struct node *parse_unary_op(struct parser *ps)
{
	int line = ps->cur.line;
	struct node *n;

	switch (ps->cur.kind) {
	case T_INC:
	case T_DEC:
		n = node_new(ps->cc, ps->cur.kind == T_INC ? N_PREINC : N_PREDEC, line);
		parse_advance(ps);
		n->kids[0] = parse_unary(ps);
		n->line = ps->cur.eline;
		return n;
	case T_MINUS: case T_PLUS: case T_BANG: case T_TILDE: case T_STAR: case T_AMP:
		n = node_new(ps->cc, N_UNARY, line);
		n->op = ps->cur.kind;
		parse_advance(ps);
		n->kids[0] = parse_cast(ps);
		n->line = ps->cur.eline;
		return n;
	case T_SIZEOF:
		parse_advance(ps);
		n = node_new(ps->cc, N_SIZEOF, line);
		if (ps->cur.kind == T_LPAREN) {
			/* sizeof (type) or sizeof (expr) */
			parse_advance(ps);
			if (parse_starts_type(ps->cur.kind)) {
				n->cast_type = parse_type_name(ps);
				parse_expect(ps, T_RPAREN);
				n->line = ps->prev_eline;	/* reduced at its ')' */
				return n;
			}
			/* sizeof (expr) is sizeof of a postfix expression:
			 * complete at the token after the ')' */
			struct node *e = parse_expr(ps);
			parse_expect(ps, T_RPAREN);
			n->kids[0] = e;
			n->line = ps->cur.eline;
			return n;
		}
		n->kids[0] = parse_unary(ps);
		n->line = ps->cur.eline;
		return n;
	case T_STRINGOF:
		parse_advance(ps);
		n = node_new(ps->cc, N_STRINGOF, line);
		n->kids[0] = parse_unary(ps);
		n->line = ps->cur.eline;
		return n;
	default:
		return parse_postfix(ps);
	}
}

static struct node *parse_cast(struct parser *ps)
{
	if (ps->cur.kind == T_LPAREN) {
		/* Peek: is this a type name?  Save lexer state to look ahead. */
		struct dt_lexer save = ps->lx;
		struct token savet = ps->cur;
		int line = ps->cur.line;
		parse_advance(ps);
		if (parse_starts_type(ps->cur.kind)) {
			struct node *n = node_new(ps->cc, N_CAST, line);
			int depth = ps->depth;
			n->cast_type = parse_type_name(ps);
			parse_expect(ps, T_RPAREN);
			parse_deeper(ps);
			n->kids[0] = parse_cast(ps);
			n->line = ps->cur.eline;
			ps->depth = depth;
			return ps->not_unary = n;
		}
		ps->lx = save;
		ps->cur = savet;
	}
	return parse_unary(ps);
}

static int binop_prec(enum tok k)
{
	switch (k) {
	case T_STAR: case T_SLASH: case T_PERCENT: return 10;
	case T_PLUS: case T_MINUS: return 9;
	case T_SHL: case T_SHR: return 8;
	case T_LT: case T_GT: case T_LE: case T_GE: return 7;
	case T_EQ: case T_NE: return 6;
	case T_AMP: return 5;
	case T_XOR: return 4;
	case T_BOR: return 3;
	case T_LAND: return 2;
	case T_LXOR: return 1;
	case T_LOR: return 0;
	default: return -1;
	}
}

static struct node *parse_binary(struct parser *ps, int minprec)
{
	struct node *l = parse_cast(ps);
	int depth = ps->depth, opdepth = ps->opdepth;

	for (;;) {
		int p = binop_prec(ps->cur.kind);
		/* a '/' the lexer took for a predicate's end is no operator */
		if (p < minprec || p < 0 || (ps->cur.kind == T_SLASH && ps->cur.epred)) {
			ps->depth = depth;
			ps->opdepth = opdepth;
			return l;
		}
		parse_deeper_op(ps);	/* l goes one level down */
		struct node *n = node_new(ps->cc, N_BINARY, ps->cur.line);
		n->op = ps->cur.kind;
		parse_advance(ps);
		n->kids[0] = l;
		n->kids[1] = parse_binary(ps, p + 1);
		n->line = ps->cur.eline;
		l = ps->not_unary = n;
	}
}

struct node *parse_cond(struct parser *ps)
{
	struct node *c = parse_binary(ps, 0);

	if (ps->cur.kind == T_QUESTION) {
		struct node *n = node_new(ps->cc, N_TERNARY, ps->cur.line);
		int depth = ps->depth;
		parse_deeper(ps);
		parse_advance(ps);
		n->kids[0] = c;
		n->kids[1] = parse_expr(ps);
		parse_expect(ps, T_COLON);
		n->kids[2] = parse_cond(ps);
		n->line = ps->cur.eline;
		ps->depth = depth;
		return ps->not_unary = n;
	}
	return c;
}

static int is_assign_op(enum tok k)
{
	switch (k) {
	case T_ASSIGN: case T_ADD_EQ: case T_SUB_EQ: case T_MUL_EQ:
	case T_DIV_EQ: case T_MOD_EQ: case T_AND_EQ: case T_OR_EQ:
	case T_XOR_EQ: case T_SHL_EQ: case T_SHR_EQ:
		return 1;
	default:
		return 0;
	}
}

static struct node *parse_assign(struct parser *ps)
{
	struct node *l = parse_cond(ps);

	if (is_assign_op(ps->cur.kind)) {
		/* DTrace's grammar assigns to a unary_expression only: a
		 * binary, conditional or cast one is a syntax error there */
		if (l == ps->not_unary)
			parse_syntax_error(ps);
		struct node *n = node_new(ps->cc, N_ASSIGN, ps->cur.line);
		int depth = ps->depth;
		parse_deeper(ps);
		n->op = ps->cur.kind;
		parse_advance(ps);
		n->kids[0] = l;
		n->kids[1] = parse_assign(ps);
		n->line = ps->cur.eline;
		ps->depth = depth;
		return n;
	}
	return l;
}

struct node *parse_expr(struct parser *ps)
{
	int depth = ps->depth, opdepth = ps->opdepth;
	struct node *e;

	parse_deeper(ps);	/* a parenthesis, an index, a condition: a level */
	e = parse_assign(ps);
	while (ps->cur.kind == T_COMMA) {
		parse_deeper_op(ps);
		struct node *n = node_new(ps->cc, N_BINARY, ps->cur.line);
		n->op = T_COMMA;
		parse_advance(ps);
		n->kids[0] = e;
		n->kids[1] = parse_assign(ps);
		n->line = ps->cur.eline;
		e = n;
	}
	ps->depth = depth;
	ps->opdepth = opdepth;
	return e;
}

/* ---- statements ------------------------------------------------------ */

static char *written_text(struct dt_pool *pool, const char *s, const char *e);
static struct node *parse_block_body(struct parser *ps, int outer);
static struct node *parse_if(struct parser *ps);

static struct node *parse_stmt_block(struct parser *ps)
{
	/* '{' statements '}' or a single statement */
	if (ps->cur.kind == T_LBRACE) {
		parse_advance(ps);
		return parse_block_body(ps, 0);
	}
	struct node *b = node_new(ps->cc, N_BLOCK, ps->cur.line);
	if (ps->cur.kind == T_IF) {
		pv_push(&b->args, parse_if(ps));
		return b;
	}
	struct node *s = node_new(ps->cc, N_EXPR_STMT, ps->cur.line);
	const char *start = ps->cur.pos;
	s->kids[0] = parse_expr(ps);
	s->end_line = ps->cur.eline;
	s->sval = written_text(&ps->cc->pool, start, ps->cur.pos);
	pv_push(&b->args, s);
	/* "if (c) a; else b;": the then-statement's ';' comes before else */
	if (ps->cur.kind == T_SEMI) {
		struct dt_lexer save = ps->lx;
		struct token savet = ps->cur;
		parse_advance(ps);
		if (ps->cur.kind != T_ELSE) {
			ps->lx = save;
			ps->cur = savet;
		}
	}
	return b;
}

static struct node *parse_if(struct parser *ps)
{
	struct node *n = node_new(ps->cc, N_IF, ps->cur.line);
	const char *start = ps->cur.pos;
	int depth = ps->depth;

	parse_deeper(ps);
	parse_expect(ps, T_IF);
	parse_expect(ps, T_LPAREN);
	n->kids[0] = parse_expr(ps);
	parse_expect(ps, T_RPAREN);
	n->sval = written_text(&ps->cc->pool, start, ps->cur.pos);
	n->kids[1] = parse_stmt_block(ps);
	if (parse_accept(ps, T_ELSE)) {
		if (ps->cur.kind == T_IF) {
			struct node *eb = node_new(ps->cc, N_BLOCK, ps->cur.line);
			pv_push(&eb->args, parse_if(ps));
			n->kids[2] = eb;
		} else {
			n->kids[2] = parse_stmt_block(ps);
		}
	}
	ps->depth = depth;
	return n;
}

/* Statements up to the closing '}', which is consumed. */
static struct node *parse_block_body(struct parser *ps, int outer)
{
	struct node *b = node_new(ps->cc, N_BLOCK, ps->cur.line);

	for (;;) {
		if (ps->cur.kind == T_SEMI) {
			parse_advance(ps);
			continue;
		}
		if (ps->cur.kind == T_RBRACE) {
			if (outer) {
				ps->lx.pspec_mode = 1;
				ps->in_clause = 0;
			}
			ps->rbrace_line = ps->cur.line;
			parse_advance(ps);
			return b;
		}
		if (ps->cur.kind == T_IF) {
			pv_push(&b->args, parse_if(ps));
			continue;
		}
		struct node *s = node_new(ps->cc, N_EXPR_STMT, ps->cur.line);
		const char *start = ps->cur.pos;
		s->kids[0] = parse_expr(ps);
		s->end_line = ps->cur.eline;
		s->sval = written_text(&ps->cc->pool, start, ps->cur.pos);
		pv_push(&b->args, s);
		if (ps->cur.kind == T_SEMI) {
			parse_advance(ps);
			continue;
		}
		if (ps->cur.kind != T_RBRACE)
			parse_syntax_error(ps);
	}
}

/* ---- variables, translators ------------------------------------------- */

struct dt_var *dt_var_find(struct ptrvec *vars, const char *name)
{
	return pv_find_named(vars, name);
}

/* translator OUT < IN name > { member = expr; ... }; (kept as source) */
static void parse_translator(struct parser *ps)
{
	struct dt_xlator *x = pool_calloc(&ps->cc->pool, 1, sizeof(*x));
	x->file = pragma_file(ps);	/* before a line marker after it is read */
	struct ptrvec names = {.pool = &ps->cc->pool}, exprs = {.pool = &ps->cc->pool};
	int *lines = NULL, n = 0;

	x->line = ps->cur.line;
	parse_advance(ps);
	x->out = parse_type_name(ps);
	parse_expect(ps, T_LT);
	x->in = parse_type_name(ps);
	if (ps->cur.kind != T_IDENT)
		parse_syntax_error(ps);
	x->param = ps->cur.text;
	parse_advance(ps);
	parse_expect(ps, T_GT);
	parse_expect(ps, T_LBRACE);
	while (ps->cur.kind != T_RBRACE) {
		if (ps->cur.kind != T_IDENT && ps->cur.kind != T_TNAME)
			parse_syntax_error(ps);
		pv_push(&names, ps->cur.text);
		lines = pool_realloc(&ps->cc->pool, lines, (size_t)(n + 1) * 2 * sizeof(int));
		int name_line = ps->cur.line;
		parse_advance(ps);
		parse_expect(ps, T_ASSIGN);
		const char *start = ps->cur.pos;
		(void)parse_expr(ps);
		if (ps->cur.kind != T_SEMI)
			parse_syntax_error(ps);
		pv_push(&exprs, pool_strndup(&ps->cc->pool, start, (size_t)(ps->cur.pos - start)));
		parse_advance(ps);
		/* the expression's own line, and the line DTrace has read to when
		 * it checks the member's type (one token ahead) */
		lines[2 * n] = name_line;
		lines[2 * n + 1] = ps->cur.line;
		n++;
	}
	parse_advance(ps);		/* '}' */
	ps->lx.pspec_mode = 1;
	x->line = ps->cur.line;
	/* before the ';' is read: a #pragma D option version after it is
	 * not the translator's */
	x->vmax_at_def = dt_cc_vmax(ps->cc);
	x->vers = pragma_translator_binding(ps);
	parse_expect(ps, T_SEMI);
	/* DTrace's dt_node_xlator: a second translator for the same types,
	 * then an incomplete or non-struct output type; the members are
	 * checked against the output type after (dt_cook_xlator) */
	for (int i = 0; i < ps->prog->xlators.n; i++) {
		struct dt_xlator *o = ps->prog->xlators.v[i];
		if (type_base(o->out) == type_base(x->out) && strcmp(type_name(o->in), type_name(x->in)) == 0)
			dt_error(ps->cc->errs, x->line, "D_XLATE_REDECL", "translator from %s to %s has already been declared",
				 type_name(x->in), type_name(x->out));
	}
	if ((x->out->kind == TY_STRUCT || x->out->kind == TY_UNION) && !x->out->complete && !x->out->btf_id)
		dt_error(ps->cc->errs, x->line, "D_XLATE_SOU", "incomplete struct/union/enum %s", type_name(x->out));
	if (x->out->kind != TY_STRUCT && x->out->kind != TY_UNION)
		dt_error(ps->cc->errs, x->line, "D_XLATE_SOU", "translator output type must be a struct or union");
	for (int i = 0; i < n; i++)
		if (!type_member(x->out, names.v[i]))
			dt_error(ps->cc->errs, lines[2 * i], "D_XLATE_MEMB", "translator member %s is not a member of %s",
				 (char *)names.v[i], type_name(x->out));
	x->nmembers = n;
	x->members = (char **)names.v;
	x->exprs = (char **)exprs.v;
	x->lines = lines;
	pv_push(&ps->prog->xlators, x);
	ps->ndecls++;
}

/* ---- provider definitions --------------------------------------------- */

/* The source text from s to e as one line: comments and runs of white
 * space become one space, none at either end ("unsigned   long" ->
 * "unsigned long"). */
static char *written_text(struct dt_pool *pool, const char *s, const char *e)
{
	struct strbuf sb;
	int space = 0;

	sb_init(&sb);
	while (s < e) {
		if (s + 1 < e && s[0] == '/' && s[1] == '*') {
			const char *c = s + 2;
			while (c + 1 < e && !(c[0] == '*' && c[1] == '/'))
				c++;
			s = c + 2;
			space = 1;
			continue;
		}
		if (isspace((unsigned char)*s)) {
			s++;
			space = 1;
			continue;
		}
		if (space && sb.len)
			sb_putc(&sb, ' ');
		space = 0;
		sb_putc(&sb, *s++);
	}
	{
		char *text = pool_strdup(pool, sb.s);
		sb_free(&sb);
		return text;
	}
}

/*
 * One parameter of a probe prototype: a type, '*'s, an optional name and
 * optional [N]s.  An array parameter is a pointer, as in C.  A "..." is
 * returned with a NULL type.
 */
static void parse_probe_param(struct parser *ps, struct dt_probearg *a)
{
	const char *start = ps->cur.pos, *base;
	struct dt_type *t;
	char *tname;
	size_t len;
	int stars = 0, depth = ps->depth;

	memset(a, 0, sizeof(*a));
	if (ps->cur.kind == T_ELLIPSIS) {
		parse_advance(ps);
		a->tname = pool_strdup(&ps->cc->pool, "...");
		a->line = ps->cur.line;
		return;
	}
	t = parse_spec_type(ps);
	base = written_text(&ps->cc->pool, start, ps->cur.pos);
	for (; parse_accept(ps, T_STAR); stars++) {
		parse_deeper(ps);
		t = type_ptr(t);
	}
	/* a type's name after the type is the parameter's (short code) */
	if (ps->cur.kind == T_IDENT || ps->cur.kind == T_TNAME) {
		a->name = ps->cur.text;
		parse_advance(ps);
	}
	while (parse_accept(ps, T_LBRACK)) {
		parse_deeper(ps);
		if (ps->cur.kind == T_INT)
			parse_advance(ps);
		parse_expect(ps, T_RBRACK);
		t = type_ptr(t);
		stars++;
	}
	ps->depth = depth;
	/* the type as written, then " *", "**"... */
	len = strlen(base);
	tname = pool_zalloc(&ps->cc->pool, len + (size_t)stars + 2);
	memcpy(tname, base, len);
	if (stars) {
		tname[len++] = ' ';
		memset(tname + len, '*', (size_t)stars);
	}
	a->type = t;
	a->tname = tname;
	/* DTrace reports a parameter where it read to: the token after it */
	a->line = ps->cur.line;
}

/* '(' params ')': the parameters in *v, their count returned. */
static int parse_probe_params(struct parser *ps, struct dt_probearg **v)
{
	int n = 0;

	*v = NULL;
	parse_expect(ps, T_LPAREN);
	if (parse_accept(ps, T_RPAREN))
		return 0;
	for (;;) {
		*v = pool_realloc(&ps->cc->pool, *v, (size_t)(n + 1) * sizeof(**v));
		parse_probe_param(ps, &(*v)[n++]);
		if (parse_accept(ps, T_COMMA))
			continue;
		parse_expect(ps, T_RPAREN);
		return n;
	}
}

/*
 * DTrace's checks of a probe prototype (dt_decl_prototype's rules for
 * "probe input" and "probe output"): no "...", a void parameter alone and
 * without a name; input names unique, anonymous input allowed; every
 * output parameter names an input parameter.  Returns the argument count
 * (0 for "(void)").
 */
static int check_probe_proto(struct parser *ps, struct dt_probearg *v, int n, const char *kind,
			     struct dt_probearg *inputs, int ninputs, int line)
{
	int nvoid = 0;

	for (int i = 0; i < n; i++) {
		struct dt_probearg *a = &v[i];
		int is_void = a->type == &ty_void;
		int declared = 0;

		if (!a->type)
			dt_error(ps->cc->errs, a->line, "D_DECL_PROTO_VARARGS",
				 "%s prototype may not use a variable-length argument list", kind);
		nvoid += is_void;
		if (is_void && a->name)
			dt_error(ps->cc->errs, a->line, "D_DECL_PROTO_NAME", "void parameter may not have a name: %s",
				 a->name);
		if (a->name) {
			/* an input name must be new; an output one must be an input's */
			int nin = inputs == v ? i : ninputs;
			for (int j = 0; j < nin; j++)
				if (inputs[j].name && strcmp(inputs[j].name, a->name) == 0)
					declared = 1;
			if (declared != (inputs != v))
				dt_error(ps->cc->errs, a->line, "D_DECL_PROTO_FORM",
					 "parameter is %s declared in %s prototype: %s, parameter #%d",
					 inputs != v ? "not" : "already", kind, a->name, i + 1);
		}
		if (!a->name && !is_void && inputs != v)
			dt_error(ps->cc->errs, a->line, "D_DECL_PROTO_NAME",
				 "parameter declaration requires a name: parameter #%d", i + 1);
	}
	if (nvoid && n > 1)
		dt_error(ps->cc->errs, line, "D_DECL_PROTO_VOID", "void must be sole parameter");
	return nvoid ? 0 : n;
}

/* probe NAME(input) [: (output)] ; */
static struct dt_probedef *parse_probe_def(struct parser *ps)
{
	struct dt_probedef *pr = pool_calloc(&ps->cc->pool, 1, sizeof(*pr));
	struct dt_probearg *nv, *xv = NULL;
	int nn, xn = 0;
	char *full;

	parse_advance(ps);		/* 'probe' */
	if (ps->cur.kind != T_IDENT)
		parse_syntax_error(ps);
	pr->dname = ps->cur.text;
	parse_advance(ps);
	nn = parse_probe_params(ps, &nv);
	if (parse_accept(ps, T_COLON)) {
		pr->has_xargs = 1;
		xn = parse_probe_params(ps, &xv);
	}
	pr->line = ps->cur.line;
	if (ps->cur.kind != T_SEMI)
		parse_syntax_error(ps);

	/* DTrace's name for it: "::" and the name with each "__" a '-' */
	full = pool_asprintf(&ps->cc->pool, "::%s", pr->dname);
	for (char *p = full; *p; p++)
		if (p[0] == '_' && p[1] == '_') {
			*p = '-';
			memmove(p + 1, p + 2, strlen(p + 2) + 1);
		}
	if (strchr(full, '`'))
		dt_error(ps->cc->errs, pr->line, "D_PROV_BADNAME", "probe name may not contain scoping operator: %s", full);
	if (strlen(full) - 2 >= DTRACE_NAMELEN)
		dt_error(ps->cc->errs, pr->line, "D_PROV_BADNAME", "probe name may not exceed %d characters: %s",
			 DTRACE_NAMELEN - 1, full);
	pr->name = full + 2;

	pr->nargc = check_probe_proto(ps, nv, nn, "probe input", nv, nn, pr->line);
	pr->nargv = nv;
	if (pr->has_xargs) {
		pr->xargc = check_probe_proto(ps, xv, xn, "probe output", nv, pr->nargc, pr->line);
		pr->xargv = xv;
	} else {
		pr->xargc = pr->nargc;
		pr->xargv = nv;
	}
	if (pr->nargc > 255)
		dt_error(ps->cc->errs, pr->line, "D_PROV_PRARGLEN",
			 "probe %s input prototype exceeds %u parameters: %d params used", full, 255, pr->nargc);
	if (pr->xargc > 255)
		dt_error(ps->cc->errs, pr->line, "D_PROV_PRARGLEN",
			 "probe %s output prototype exceeds %u parameters: %d params used", full, 255, pr->xargc);
	/* each output argument is made from the input argument it names */
	pr->mapping = pool_calloc(&ps->cc->pool, (size_t)(pr->xargc ? pr->xargc : 1), sizeof(int));
	for (int i = 0; i < pr->xargc; i++) {
		pr->mapping[i] = i;
		for (int j = 0; pr->has_xargs && j < pr->nargc; j++)
			if (strcmp(pr->nargv[j].name ? pr->nargv[j].name : "", pr->xargv[i].name) == 0) {
				pr->mapping[i] = j;
				break;
			}
	}
	parse_advance(ps);		/* ';' */
	return pr;
}

/* provider NAME { probe ...; ... }; -- checked against earlier definitions
 * when the unit is cooked (sema_prov.c). */
static void parse_provider(struct parser *ps)
{
	struct dt_provdef *pv = pool_calloc(&ps->cc->pool, 1, sizeof(*pv));

	pv->probes.pool = &ps->cc->pool;
	pv->file = pragma_file(ps);	/* before a line marker after it is read */
	size_t len;

	parse_advance(ps);		/* 'provider' */
	if (ps->cur.kind != T_IDENT)
		parse_syntax_error(ps);
	pv->name = ps->cur.text;
	parse_advance(ps);
	parse_expect(ps, T_LBRACE);
	while (ps->cur.kind != T_RBRACE) {
		if (ps->cur.kind != T_PROBE)
			parse_syntax_error(ps);
		pv_push(&pv->probes, parse_probe_def(ps));
	}
	parse_advance(ps);		/* '}' */
	pv->line = ps->cur.line;
	if (ps->cur.kind != T_SEMI)
		parse_syntax_error(ps);
	if (strchr(pv->name, '`'))
		dt_error(ps->cc->errs, pv->line, "D_PROV_BADNAME", "provider name may not contain scoping operator: %s",
			 pv->name);
	len = strlen(pv->name);
	if (len >= DTRACE_PROVNAMELEN)
		dt_error(ps->cc->errs, pv->line, "D_PROV_BADNAME", "provider name may not exceed %d characters: %s",
			 DTRACE_PROVNAMELEN - 1, pv->name);
	/* a USDT provider's name gets the process id appended */
	if (isdigit((unsigned char)pv->name[len - 1]))
		dt_error(ps->cc->errs, pv->line, "D_PROV_BADNAME", "provider name may not end with a digit: %s", pv->name);
	/* before the ';' is read past: a #pragma after it may name the provider */
	pv_push(&ps->prog->provdefs, pv);
	ps->ndecls++;
	ps->lx.pspec_mode = 1;
	parse_advance(ps);
}

static void parse_declaration(struct parser *ps)
{
	int line = ps->cur.line;

	ps->lx.pspec_mode = 0;
	if (ps->cur.kind == T_INLINE) {
		decl_inline(ps);
		return;
	}
	if (ps->cur.kind == T_TRANSLATOR) {
		parse_translator(ps);
		return;
	}
	if (ps->cur.kind == T_PROVIDER) {
		parse_provider(ps);
		return;
	}
	decl_variables(ps, line);
}

/* ---- probe descriptions and clauses ------------------------------------ */

/* text's fields, the last of them the field up fields before the name
 * (a -P, -m or -f description); NULL if there are too many */
static struct dt_pdesc *pdesc_parse(struct dt_pool *pool, const char *text, int line, int up)
{
	struct dt_pdesc *pd = pool_calloc(pool, 1, sizeof(*pd));
	const char *f[4] = {"", "", "", ""};
	char *parts[4];
	int n = 0;
	const char *p = text, *s = text;

	/* Split on ':' (a backslash escapes the next character). */
	for (;; p++) {
		if (*p == '\\' && p[1]) {
			p++;
			continue;
		}
		if (*p == ':' || *p == 0) {
			if (n == 4 - up)
				return NULL;	/* overspecified */
			parts[n++] = pool_strndup(pool, s, (size_t)(p - s));
			if (*p == 0)
				break;
			s = p + 1;
		}
	}
	for (int i = 0; i < n; i++)
		f[4 - up - n + i] = parts[i];
	pd->prov = pool_strdup(pool, f[0]);
	pd->mod = pool_strdup(pool, f[1]);
	pd->func = pool_strdup(pool, f[2]);
	pd->name = pool_strdup(pool, f[3]);
	pd->text = pool_strdup(pool, text);
	pd->line = line;
	return pd;
}

/*
 * A probe description that is an integer is a probe id (DTrace's
 * dt_node_pdesc_by_id), allowed where a bare description is a probe's
 * name; the consumer names the probe (it knows the ids).
 */
static struct dt_pdesc *pdesc_by_id(struct parser *ps)
{
	struct dt_pdesc *pd = pool_calloc(&ps->cc->pool, 1, sizeof(*pd));
	unsigned long long id = (unsigned long long)ps->cur.ival;

	if (id > UINT32_MAX)
		dt_error(ps->cc->errs, ps->cur.line, "D_PDESC_INVAL", "identifier %llu exceeds maximum probe id", id);
	if (ps->o->pspec_up > 0 && ps->o->pspec_up <= 3) {
		static const char *const fields[] = {"functions", "modules", "providers"};
		dt_error(ps->cc->errs, ps->cur.line, "D_PDESC_INVAL", "probe identifier %llu not permitted when specifying %s",
			 id, fields[ps->o->pspec_up - 1]);
	}
	if (id == 0)
		dt_error(ps->cc->errs, ps->cur.line, "D_PDESC_INVAL", "invalid probe identifier %llu: Unknown probe identifier", id);
	pd->prov = pool_strdup(&ps->cc->pool, "");
	pd->mod = pool_strdup(&ps->cc->pool, "");
	pd->func = pool_strdup(&ps->cc->pool, "");
	pd->name = pool_strdup(&ps->cc->pool, "");
	pd->text = pool_strdup(&ps->cc->pool, ps->cur.text);
	pd->line = ps->cur.line;
	pd->probe_id = (uint32_t)id;
	return pd;
}

char *pdesc_str(const struct dt_pdesc *pd)
{
	return xasprintf("%s:%s:%s:%s", pd->prov, pd->mod, pd->func, pd->name);
}

void pdesc_format(const struct dt_pdesc *pd, char *buf, size_t len)
{
	snprintf(buf, len, "%s:%s:%s:%s", pd->prov, pd->mod, pd->func, pd->name);
}

static void parse_clause(struct parser *ps)
{
	struct dt_clause *c = pool_calloc(&ps->cc->pool, 1, sizeof(*c));

	c->pdescs.pool = c->recs.pool = c->probes.pool = &ps->cc->pool;

	c->line = c->end_line = ps->cur.line;
	for (;;) {
		if (ps->cur.kind != T_PSPEC && ps->cur.kind != T_INT)
			parse_syntax_error(ps);
		struct dt_pdesc *pd = ps->cur.kind == T_INT ? pdesc_by_id(ps) :
				      pdesc_parse(&ps->cc->pool, ps->cur.text, ps->cur.line, ps->o->pspec_up);
		if (!pd)
			dt_error(ps->cc->errs, ps->cur.line, "D_PDESC_INVAL", "invalid probe description \"%s\": Overspecified probe description",
				 ps->cur.text);
		macro_expand_pdesc(ps->cc, pd);
		pv_push(&c->pdescs, pd);
		parse_advance(ps);
		if (ps->cur.kind != T_COMMA)
			break;
		parse_advance(ps);
	}
	if (ps->cur.kind != T_SLASH && ps->cur.kind != T_LBRACE) {
		if (ps->o->from_file)
			dt_error(ps->cc->errs, c->line, "D_SYNTAX", "expected predicate and/or actions following probe description");
	} else {
		if (ps->cur.kind == T_SLASH) {
			ps->lx.pspec_mode = 0;
			ps->lx.parens = 0;
			ps->in_clause = 1;
			parse_advance(ps);
			const char *start = ps->cur.pos;
			c->pred_line = ps->cur.line;
			c->pred = parse_expr(ps);
			char *pt = written_text(&ps->cc->pool, start, ps->cur.pos);
			/* "/ *p/": "/" then "*p" would read as a comment */
			c->pred_text = pool_asprintf(&ps->cc->pool, pt[0] == '*' ? "/ %s/" : "/%s/", pt);
			if (ps->cur.kind != T_SLASH)
				parse_syntax_error(ps);
			parse_advance(ps);
			/* a predicate takes actions, in a file or not (DTrace's
			 * grammar has the rule only to say so) */
			if (ps->cur.kind != T_LBRACE)
				dt_error(ps->cc->errs, c->pred->line, "D_SYNTAX",
					 "expected actions { } following probe description and predicate");
		}
		ps->lx.pspec_mode = 0;
		ps->in_clause = 1;
		parse_advance(ps);	/* '{' */
		c->body = parse_block_body(ps, 1);
		c->end_line = ps->rbrace_line;
	}
	c->index = ps->prog->clauses.n;
	c->num = ps->prog->next_clause_num;
	ps->prog->next_clause_num += c->pdescs.n;
	pv_push(&ps->prog->clauses, c);
	ps->prog->has_clauses = 1;
}

static int is_decl_start(enum tok k)
{
	switch (k) {
	case T_INLINE: case T_TYPEDEF: case T_SELF: case T_THIS: case T_EXTERN:
	case T_STATIC: case T_AUTO: case T_REGISTER: case T_TRANSLATOR: case T_PROVIDER:
		return 1;
	default:
		return parse_starts_type(k);
	}
}

/*
 * Whether a word is a type name, as DTrace's lexer decides (dt_lex.l's
 * id_or_type).  A word D knows as an identifier (a built-in variable or
 * function, a declared variable or inline, an enumerator, or a word taken
 * as an identifier before) is one.  Inside a clause, before any type is
 * looked up, a word followed by what only an identifier can be (++, --, [,
 * =, ; or a comma outside parentheses) is an identifier, and stays one for
 * the rest of the program: "u32 = 1" and "pid_t++" create globals, even
 * where a typedef has the name.  Otherwise a D typedef is a type name, and
 * so is a typedef of the kernel's, unless the same lookahead (at every
 * level, since the kernel's types are read only on demand) says otherwise.
 */
static int ident_follows(const char *p, int parens)
{
	while (isspace((unsigned char)*p))
		p++;
	switch (*p) {
	case '+': case '-':
		return p[1] == p[0];
	case '=':
		return p[1] != '=';
	case '[': case ';':
		return 1;
	case ',':
		return parens == 0;
	default:
		return 0;
	}
}

static int declarator_follows(const char *p)
{
	while (isspace((unsigned char)*p))
		p++;
	return isalpha((unsigned char)*p) || *p == '_' || *p == '*' || *p == '(';
}

/* A word taken as an identifier for good (ps->idents holds named
 * elements, for pv_find_named's index: a script may have thousands). */
static void add_ident(struct parser *ps, const char *name)
{
	char **named = pool_calloc(&ps->cc->pool, 1, sizeof(*named));

	*named = pool_strdup(&ps->cc->pool, name);
	pv_push(&ps->idents, named);
}

static int is_type_name_cb(void *arg, const char *name)
{
	struct parser *ps = arg;
	struct dt_cc *cc = ps->cc;
	int64_t ev;

	/* the identifiers DTrace's lexer knows without reading ahead */
	int known = sema_builtin_var(cc, name) || sema_fn_lookup(ps->cc, name) != F_NONE || sema_find_inline(cc, name) ||
		    (ps->prog && dt_var_find(&ps->prog->globals, name)) || sema_find_enum_const(cc, name, &ev);
	known = known || pv_find_named(&ps->idents, name);
	int peeked = known ? 0 : LEX_PEEKED;

	if (known)
		return 0;
	if (ps->in_clause && ident_follows(ps->lx.p, ps->lx.parens)) {
		add_ident(ps, name);
		return peeked;
	}
	if (type_is_name(cc->types, name) || (strchr(name, '`') && type_lookup_in(cc->types, name)))
		return LEX_TNAME | peeked;
	/* before the kernel's types are read, as DTrace's lexer peeks first:
	 * most such words are a script's variables, or at the outer level a
	 * probe description (BEGIN {), where a declaration's type is followed
	 * by its declarator */
	if (ps->lx.pspec_mode && !declarator_follows(ps->lx.p))
		return peeked;
	if (ident_follows(ps->lx.p, ps->lx.parens)) {
		if (!ps->in_typedef)
			add_ident(ps, name);
		return peeked;
	}
	return (type_is_kernel_name(name) ? LEX_TNAME : 0) | peeked;
}

int dt_parse(struct dt_cc *cc, struct dt_prog *prog, const char *src, const struct dt_parse_opts *o)
{
	struct parser ps;

	memset(&ps, 0, sizeof(ps));
	ps.cc = cc;
	ps.prog = prog;
	ps.first_xlator = prog->xlators.n;
	ps.first_global = prog->globals.n;
	ps.first_inline = prog->inlines.n;
	ps.o = o;
	ps.user_text = !o || !o->library;
	ps.pending.pool = &cc->pool;	/* an error unwinds past its pv_free */
	ps.idents.pool = &cc->pool;
	lex_init(&ps.lx, src, cc->errs, &cc->pool);
	if (o->len)
		ps.lx.end = src + o->len;
	ps.lx.from_file = o->from_file;
	ps.lx.is_type_name = is_type_name_cb;
	ps.lx.control = pragma_control;
	ps.lx.arg = &ps;
	ps.lx.pspec_mode = 1;
	parse_advance(&ps);
	while (ps.cur.kind != T_EOF) {
		if (ps.cur.kind == T_SEMI) {
			parse_advance(&ps);
			continue;
		}
		if (is_decl_start(ps.cur.kind))
			parse_declaration(&ps);
		else
			parse_clause(&ps);
	}
	prog->eof_line = ps.lx.line;
	pragmas_unused(&ps);
	pv_free(&ps.pending);
	pv_free(&ps.idents);
	return ps.ndecls;
}

/* Parse a D expression from a string: the compiler's or a library's
 * (translator members, stable probes' arguments), or with user_text an
 * inline of the script's. */
struct node *dt_parse_expr_text(struct dt_cc *cc, const char *text, int line, int user_text)
{
	struct parser ps;
	struct node *n;

	memset(&ps, 0, sizeof(ps));
	ps.cc = cc;
	ps.user_text = user_text;
	ps.idents.pool = &cc->pool;
	lex_init(&ps.lx, text, cc->errs, &cc->pool);
	ps.lx.is_type_name = is_type_name_cb;
	ps.lx.arg = &ps;
	ps.lx.line = line;
	parse_advance(&ps);
	n = parse_expr(&ps);
	if (ps.cur.kind != T_EOF)
		parse_syntax_error(&ps);
	pv_free(&ps.idents);
	return n;
}

struct node *dt_parse_expr_string(struct dt_cc *cc, const char *text, int line)
{
	return dt_parse_expr_text(cc, text, line, 0);
}
