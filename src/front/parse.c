/*
 * parse.c - recursive-descent parser for D.
 *
 * The grammar is DTrace's (C's expression grammar with D's additions:
 * probe clauses, self-> and this->, @aggregations, $macros, stringof,
 * xlate, ^^, translator and provider definitions).  Errors use DTrace's
 * wording: "syntax error near "X"", "expected predicate and/or actions
 * following probe description", ...
 */
#include "parse.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <dtrace.h>	/* DTRACE_NAMELEN, DTRACE_PROVNAMELEN */

#include "error.h"
#include "sema.h"
#include "sema_int.h"

struct parser {
	struct dt_cc *cc;
	struct dt_lexer lx;
	struct token cur;
	struct dt_prog *prog;
	const struct dt_parse_opts *o;
	int in_pred;
	int nclass_extern;	/* the declaration being parsed is extern */
	int ndecls;		/* variables and inlines declared */
	int depth;		/* nesting so far (deeper() below) */
	int opdepth;		/* the part of it that operator chains add */
};

struct node *node_new(struct dt_cc *cc, enum node_kind k, int line)
{
	struct node *n = pool_zalloc(&cc->pool, sizeof(*n));

	n->args.pool = &cc->pool;
	n->kind = k;
	n->line = line;
	return n;
}

static void advance(struct parser *ps)
{
	lex_next(&ps->lx, &ps->cur);
}

static _Noreturn void syntax_error(struct parser *ps)
{
	if (ps->cur.kind == T_EOF)
		dt_error(ps->cc->errs, ps->cur.line, "D_SYNTAX", "syntax error near end of input");
	if (ps->in_pred && ps->cur.kind == T_SLASH && ps->lx.parens > 0) {
		/* DTrace reports this where it read ahead to: the next token */
		struct token next;
		lex_next(&ps->lx, &next);
		dt_error(ps->cc->errs, next.line, "D_SYNTAX", "closing ) expected in predicate before /");
	}
	dt_error(ps->cc->errs, ps->cur.line, "D_SYNTAX", "syntax error near \"%s\"", ps->cur.text);
}

/*
 * DTrace's parser is bison's, with its default stack of YYMAXDEPTH (10000)
 * states: deeper nesting is its "memory exhausted" error.  Here every
 * level of the parser's recursion (a parenthesis, an operand of a prefix
 * operator, a nested if, struct or assignment), and every operator a loop
 * adds on top of a tree (a + b + c, a.b.c, a[1][2], *** in a type), counts
 * one level against the same limit: no tree that the later passes walk
 * recursively is deeper, and the parser itself never runs out of stack.
 * Each caller of deeper() restores ps->depth when its level is done.
 */
#define DT_PARSE_MAXDEPTH 10000

static int accept(struct parser *ps, enum tok k);

static void deeper(struct parser *ps)
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

/* The same for an operator that a loop adds on top of a tree; the caller
 * restores ps->opdepth as well. */
static void deeper_op(struct parser *ps)
{
	ps->opdepth++;
	deeper(ps);
}

/* An array of dim t's: DTrace's D_DECL_ARRBIG past UINT_MAX elements, and
 * (ours) past 4 GB, which a type's size cannot hold. */
static struct dt_type *array_of(struct parser *ps, struct dt_type *t, uint64_t dim, int line)
{
	if (dim > UINT32_MAX || (t->size && dim > UINT32_MAX / t->size))
		dt_error(ps->cc->errs, line, "D_DECL_ARRBIG", "array dimension too big");
	return type_array(&ps->cc->pool, t, (uint32_t)dim);
}

/* The pointers to t that '*'s make ("int ***"): each one a level. */
static struct dt_type *parse_pointers(struct parser *ps, struct dt_type *t)
{
	int depth = ps->depth;

	while (accept(ps, T_STAR)) {
		deeper(ps);
		t = type_ptr(t);
	}
	ps->depth = depth;
	return t;
}

static void expect(struct parser *ps, enum tok k)
{
	if (ps->cur.kind != k)
		syntax_error(ps);
	advance(ps);
}

static int accept(struct parser *ps, enum tok k)
{
	if (ps->cur.kind != k)
		return 0;
	advance(ps);
	return 1;
}

/* ---- types ---------------------------------------------------------- */

static int starts_type(enum tok k)
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

static struct node *parse_expr(struct parser *ps);
static struct node *parse_assign(struct parser *ps);
static struct node *parse_cond(struct parser *ps);
static struct node *parse_cast(struct parser *ps);
static struct dt_type *parse_type_spec(struct parser *ps);

static void parse_struct_body(struct parser *ps, struct dt_type *t)
{
	uint32_t off = 0, maxsz = 0, align = 1;
	uint32_t bits = 0;	/* bits used by a run of bitfields after off */
	struct ptrvec mems = {.pool = &ps->cc->pool};
	int depth = ps->depth;

	deeper(ps);
	expect(ps, T_LBRACE);
	if (ps->cur.kind == T_RBRACE)	/* C's grammar: at least one member */
		syntax_error(ps);
	while (ps->cur.kind != T_RBRACE) {
		struct dt_type *base = parse_type_spec(ps);
		do {
			struct dt_type *mt = base;
			mt = parse_pointers(ps, mt);
			char *name = "";
			if (ps->cur.kind == T_IDENT || ps->cur.kind == T_TNAME) {
				name = ps->cur.text;
				advance(ps);
			} else if (ps->cur.kind != T_COLON) {
				syntax_error(ps);
			}
			if (accept(ps, T_COLON)) {
				/* a bitfield: packed bit after bit, as DTrace lays them out */
				struct node *e = parse_cond(ps);
				int64_t w;
				if (!type_is_integral(mt))
					dt_error(ps->cc->errs, ps->cur.line, "D_DECL_BFTYPE", "invalid type for bit-field: %s", name);
				if (!sema_try_const(ps->cc, e, &w) || w <= 0)
					dt_error(ps->cc->errs, ps->cur.line, "D_DECL_BFCONST", "positive integral constant expression expected as bit-field size");
				if ((uint64_t)w > 8 * (uint64_t)mt->size)
					dt_error(ps->cc->errs, ps->cur.line, "D_DECL_BFSIZE", "bit-field size %lld for %s exceeds size of type", (long long)w, name);
				struct dt_member *m = pool_calloc(&ps->cc->pool, 1, sizeof(*m));
				m->name = name;
				m->type = mt;
				if (t->kind == TY_STRUCT) {
					m->offset = off + bits / 8;
					m->bit_offset = (uint8_t)(bits % 8);
					bits += (uint32_t)w;
				} else {
					m->offset = 0;
					if ((uint32_t)(w + 7) / 8 > maxsz)
						maxsz = (uint32_t)(w + 7) / 8;
				}
				m->bit_size = (uint8_t)w;
				pv_push(&mems, m);
				continue;
			}
			if (bits) {
				off += (bits + 7) / 8;
				bits = 0;
			}
			if (accept(ps, T_LBRACK)) {
				if (ps->cur.kind != T_INT)
					syntax_error(ps);
				mt = array_of(ps, mt, ps->cur.ival, ps->cur.line);
				advance(ps);
				expect(ps, T_RBRACK);
			}
			if ((mt->kind == TY_STRUCT || mt->kind == TY_UNION) && !mt->complete && !mt->btf_id)
				dt_error(ps->cc->errs, ps->cur.line, "D_DECL_INCOMPLETE", "incomplete struct/union/enum %s: %s",
					 type_name(mt), name);
			struct dt_member *m = pool_calloc(&ps->cc->pool, 1, sizeof(*m));
			uint32_t sz = type_size(mt, 256), al = sz >= 8 ? 8 : sz >= 4 ? 4 : sz >= 2 ? 2 : 1;
			if (mt->kind == TY_ARRAY && mt->ref)
				al = type_size(mt->ref, 256) >= 8 ? 8 : type_size(mt->ref, 256) ? type_size(mt->ref, 256) : 1;
			if (al > align)
				align = al;
			m->name = name;
			m->type = mt;
			if (t->kind == TY_STRUCT) {
				off = (off + al - 1) / al * al;
				m->offset = off;
				off += sz;
			} else {
				m->offset = 0;
				if (sz > maxsz)
					maxsz = sz;
			}
			pv_push(&mems, m);
		} while (accept(ps, T_COMMA));
		expect(ps, T_SEMI);
	}
	advance(ps);
	if (bits)
		off += (bits + 7) / 8;
	t->nmembers = mems.n;
	t->members = pool_calloc(&ps->cc->pool, (size_t)mems.n, sizeof(struct dt_member));
	for (int i = 0; i < mems.n; i++)
		t->members[i] = *(struct dt_member *)mems.v[i];
	t->size = t->kind == TY_STRUCT ? (off + align - 1) / align * align : (maxsz + align - 1) / align * align;
	t->complete = 1;
	pv_free(&mems);
	ps->depth = depth;
}

static void parse_enum_body(struct parser *ps, struct dt_type *t)
{
	int64_t next = 0;
	struct ptrvec ev = {.pool = &ps->cc->pool};

	expect(ps, T_LBRACE);
	if (ps->cur.kind == T_RBRACE)	/* C's grammar: at least one enumerator */
		syntax_error(ps);
	while (ps->cur.kind != T_RBRACE) {
		if (ps->cur.kind != T_IDENT)
			syntax_error(ps);
		struct dt_enumerator *e = pool_calloc(&ps->cc->pool, 1, sizeof(*e));
		e->name = ps->cur.text;
		int64_t prev;
		int dup = types_find_enumerator(ps->cc->types, e->name, &prev);
		for (int i = 0; i < ev.n && !dup; i++)
			dup = strcmp(((struct dt_enumerator *)ev.v[i])->name, e->name) == 0;
		if (dup)
			dt_error(ps->cc->errs, ps->cur.line, "D_DECL_IDRED", "identifier redeclared: %s", e->name);
		advance(ps);
		if (accept(ps, T_ASSIGN)) {
			struct node *v = parse_cond(ps);
			next = sema_const_value(ps->cc, v);
		}
		if (next > INT32_MAX || next < INT32_MIN)
			dt_error(ps->cc->errs, ps->cur.line, "D_DECL_ENOFLOW", "enumerator '%s' value overflows INT_MAX (%d)", e->name, INT32_MAX);
		e->value = next++;
		pv_push(&ev, e);
		if (!accept(ps, T_COMMA))
			break;
	}
	expect(ps, T_RBRACE);
	t->nenums = ev.n;
	t->enums = pool_calloc(&ps->cc->pool, (size_t)ev.n, sizeof(struct dt_enumerator));
	for (int i = 0; i < ev.n; i++)
		t->enums[i] = *(struct dt_enumerator *)ev.v[i];
	t->complete = 1;
	t->size = 4;
	t->is_signed = 1;
	pv_free(&ev);
}

/* A declaration-specifier list: returns the type it names. */
static struct dt_type *parse_type_spec(struct parser *ps)
{
	int sign = 0, uns = 0, shrt = 0, lng = 0, chr = 0, in = 0, any = 0, dbl_count = 0;
	struct dt_type *named = NULL;

	for (;;) {
		switch (ps->cur.kind) {
		case T_CONST: case T_VOLATILE: case T_RESTRICT: case T_USERLAND:
			advance(ps);
			continue;
		case T_SIGNED: sign = 1; break;
		case T_UNSIGNED: uns = 1; break;
		case T_SHORT: shrt = 1; break;
		case T_LONG: lng++; break;
		case T_CHAR_KW: chr = 1; break;
		case T_INT_KW: in = 1; break;
		case T_VOID: named = &ty_void; break;
		case T_FLOAT: named = &ty_float; break;
		case T_DOUBLE: named = lng ? &ty_ldouble : &ty_double; dbl_count++; break;
		case T_STRING_KW: named = &ty_string; break;
		case T_TNAME:
			if (any || named)
				goto done;
			named = type_lookup_in(ps->cc->types, ps->cur.text);
			break;
		case T_STRUCT: case T_UNION: case T_ENUM: {
			enum tok k = ps->cur.kind;
			if (named || any)
				dt_error(ps->cc->errs, ps->cur.line, "D_DECL_COMBO", "invalid type combination");
			enum ty_kind tk = k == T_STRUCT ? TY_STRUCT : k == T_UNION ? TY_UNION : TY_ENUM;
			advance(ps);
			struct dt_type *t;
			if (ps->cur.kind == T_IDENT || ps->cur.kind == T_TNAME) {
				if (strchr(ps->cur.text, '`') && ps->lx.p[0] != 0) {
					/* a scoped name (mod`tag) cannot be defined */
					struct dt_lexer save = ps->lx;
					struct token savet = ps->cur;
					advance(ps);
					if (ps->cur.kind == T_LBRACE) {
						advance(ps);	/* an empty body is the first error */
						if (ps->cur.kind != T_RBRACE) {
							ps->lx = save;
							ps->cur = savet;
							advance(ps);
						}
						syntax_error(ps);
					}
					ps->lx = save;
					ps->cur = savet;
				}
				char *tag = ps->cur.text;
				t = type_tag_in(ps->cc->types, tk, tag);
				advance(ps);
				/* a definition is the context's own: it hides a kernel
				 * type of the same name rather than changing it */
				if (ps->cur.kind == T_LBRACE && !type_in_table(ps->cc->types, t))
					t = type_define_tag(ps->cc->types, tk, tag);
			} else {
				t = pool_calloc(&ps->cc->pool, 1, sizeof(*t));
				t->pool = &ps->cc->pool;
				t->kind = tk;
				t->name = pool_strdup(&ps->cc->pool, tk == TY_STRUCT ? "struct <anon>" : tk == TY_UNION ? "union <anon>" : "enum <anon>");
			}
			if (ps->cur.kind == T_LBRACE) {
				if (t->complete && !t->btf_id)
					dt_error(ps->cc->errs, ps->cur.line, "D_DECL_TYPERED", "type redeclared: %s", type_name(t));
				if (tk == TY_ENUM)
					parse_enum_body(ps, t);
				else
					parse_struct_body(ps, t);
			}
			named = t;
			any = 1;
			continue;
		}
		default:
			goto done;
		}
		any = 1;
		advance(ps);
	}
done:
	/* DTrace's type-combination rules */
	{
		int line = ps->cur.line;
		int kinds = (chr != 0) + (shrt != 0) + (in != 0 && (chr || shrt)) + (named != NULL && (chr || shrt || in || lng));
		if (named == &ty_void && (shrt || lng || sign || uns))
			dt_error(ps->cc->errs, line, "D_DECL_VOIDATTR", "invalid type declaration: attributes may not be used with void type");
		if (named == &ty_double && dbl_count > 1)
			dt_error(ps->cc->errs, line, "D_DECL_COMBO", "invalid type combination");
		if (chr && in)
			dt_error(ps->cc->errs, line, "D_DECL_COMBO", "invalid type combination");
		if (chr && (lng || shrt))
			dt_error(ps->cc->errs, line, "D_DECL_CHARATTR", "invalid type declaration: short and long may not be used with char type");
		if (shrt && lng)	/* DTrace looks up the name its attributes spell, and fails */
			dt_error(ps->cc->errs, line, "D_UNKNOWN", "failed to resolve type %s%sshort %s%s: Unknown type name",
				 sign ? "signed " : "", uns ? "unsigned " : "", lng > 1 ? "long long " : "long ",
				 in ? "int" : "");
		if (sign && uns)
			dt_error(ps->cc->errs, line, "D_DECL_COMBO", "invalid type combination");
		(void)kinds;
	}
	if (named && !(named == &ty_double))
		return named;
	if (named)
		return named;
	if (!any)
		syntax_error(ps);
	if (chr)
		return uns ? &ty_uchar : sign ? &ty_schar : &ty_char;
	if (shrt)
		return uns ? &ty_ushort : &ty_short;
	if (lng >= 2)
		return uns ? &ty_ullong : &ty_llong;
	if (lng == 1)
		return uns ? &ty_ulong : &ty_long;
	(void)in;
	return uns ? &ty_uint : &ty_int;
}

/* An abstract declarator for casts and sizeof: '*'s and [N]s. */
static struct dt_type *parse_abstract(struct parser *ps, struct dt_type *t)
{
	int depth = ps->depth;

	t = parse_pointers(ps, t);
	while (ps->cur.kind == T_LBRACK) {
		deeper(ps);
		advance(ps);
		if (ps->cur.kind != T_INT)
			syntax_error(ps);
		t = array_of(ps, t, ps->cur.ival, ps->cur.line);
		advance(ps);
		expect(ps, T_RBRACK);
	}
	ps->depth = depth;
	return t;
}

static struct dt_type *parse_type_name(struct parser *ps)
{
	return parse_abstract(ps, parse_type_spec(ps));
}

/* ---- expressions ---------------------------------------------------- */

static void parse_args(struct parser *ps, struct ptrvec *args, enum tok close)
{
	int depth = ps->depth;

	if (ps->cur.kind == close) {
		advance(ps);
		return;
	}
	deeper(ps);
	for (;;) {
		pv_push(args, parse_assign(ps));
		if (accept(ps, T_COMMA))
			continue;
		expect(ps, close);
		ps->depth = depth;
		return;
	}
}

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
		advance(ps);
		return n;
	case T_CHAR:
		n = node_new(ps->cc, N_INT, line);
		n->ival = ps->cur.ival;
		n->sval = ps->cur.text;
		n->op = -1;	/* character constant: type char/int */
		advance(ps);
		return n;
	case T_STRING:
		n = node_new(ps->cc, N_STR, line);
		n->sval = ps->cur.sval;
		n->slen = ps->cur.slen;
		advance(ps);
		/* adjacent string literals concatenate */
		while (ps->cur.kind == T_STRING) {
			char *s = pool_zalloc(&ps->cc->pool, (size_t)n->slen + (size_t)ps->cur.slen + 1);
			memcpy(s, n->sval, (size_t)n->slen);
			memcpy(s + n->slen, ps->cur.sval, (size_t)ps->cur.slen + 1);
			n->sval = s;
			n->slen += ps->cur.slen;
			advance(ps);
		}
		return n;
	case T_IDENT:
		n = node_new(ps->cc, N_IDENT, line);
		n->sval = ps->cur.text;
		advance(ps);
		return n;
	case T_MACRO:
	case T_MACRO_STR:
		if (isdigit((unsigned char)ps->cur.text[0])) {
			/* an argument stands for its text, read here as
			 * DTrace's lexer reads it: after the #pragmas above */
			n = macro_arg_node(ps->cc, ps->cur.text, ps->cur.kind == T_MACRO_STR, line);
			advance(ps);
			return n;
		}
		n = node_new(ps->cc, N_MACRO, line);
		n->sval = ps->cur.text;
		n->op = ps->cur.kind == T_MACRO_STR;
		advance(ps);
		return n;
	case T_AGG:
		n = node_new(ps->cc, N_AGG, line);
		n->sval = ps->cur.sval;
		advance(ps);
		if (accept(ps, T_LBRACK))
			parse_args(ps, &n->args, T_RBRACK);
		return n;
	case T_SELF:
	case T_THIS: {
		int scope = ps->cur.kind == T_SELF ? VS_THREAD : VS_CLAUSE;
		advance(ps);
		expect(ps, T_ARROW);
		if (ps->cur.kind != T_IDENT && ps->cur.kind != T_TNAME)
			syntax_error(ps);
		n = node_new(ps->cc, N_IDENT, line);
		n->sval = ps->cur.text;
		n->var_scope = scope;
		advance(ps);
		return n;
	}
	case T_LPAREN:
		advance(ps);
		n = parse_expr(ps);
		expect(ps, T_RPAREN);
		return n;
	case T_OFFSETOF:
		advance(ps);
		expect(ps, T_LPAREN);
		n = node_new(ps->cc, N_OFFSETOF, line);
		n->cast_type = parse_type_name(ps);
		expect(ps, T_COMMA);
		if (ps->cur.kind != T_IDENT && ps->cur.kind != T_TNAME)
			syntax_error(ps);
		n->sval = ps->cur.text;
		advance(ps);
		expect(ps, T_RPAREN);
		return n;
	case T_XLATE:
		advance(ps);
		expect(ps, T_LT);
		n = node_new(ps->cc, N_XLATE, line);
		n->cast_type = parse_type_name(ps);
		expect(ps, T_GT);
		expect(ps, T_LPAREN);
		n->kids[0] = parse_expr(ps);
		expect(ps, T_RPAREN);
		return n;
	default:
		syntax_error(ps);
	}
}

static struct node *parse_postfix(struct parser *ps)
{
	struct node *n = parse_primary(ps), *m;
	int depth = ps->depth, opdepth = ps->opdepth;

	for (;; deeper_op(ps)) {
		int line = ps->cur.line;
		switch (ps->cur.kind) {
		case T_LBRACK:
			advance(ps);
			m = node_new(ps->cc, N_INDEX, line);
			m->kids[0] = n;
			parse_args(ps, &m->args, T_RBRACK);
			n = m;
			break;
		case T_LPAREN:
			if (n->kind != N_IDENT || n->var_scope)
				syntax_error(ps);
			advance(ps);
			n->kind = N_CALL;
			parse_args(ps, &n->args, T_RPAREN);
			break;
		case T_DOT:
		case T_ARROW:
			m = node_new(ps->cc, N_MEMBER, line);
			m->op = ps->cur.kind;
			advance(ps);
			if (ps->cur.kind != T_IDENT && ps->cur.kind != T_TNAME)
				syntax_error(ps);
			m->sval = ps->cur.text;
			m->kids[0] = n;
			advance(ps);
			n = m;
			break;
		case T_INC:
		case T_DEC:
			m = node_new(ps->cc, ps->cur.kind == T_INC ? N_POSTINC : N_POSTDEC, line);
			m->kids[0] = n;
			advance(ps);
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
		deeper(ps);
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
		advance(ps);
		n->kids[0] = parse_unary(ps);
		return n;
	case T_MINUS: case T_PLUS: case T_BANG: case T_TILDE: case T_STAR: case T_AMP:
		n = node_new(ps->cc, N_UNARY, line);
		n->op = ps->cur.kind;
		advance(ps);
		n->kids[0] = parse_cast(ps);
		return n;
	case T_SIZEOF:
		advance(ps);
		n = node_new(ps->cc, N_SIZEOF, line);
		if (ps->cur.kind == T_LPAREN) {
			/* sizeof (type) or sizeof (expr) */
			advance(ps);
			if (starts_type(ps->cur.kind)) {
				n->cast_type = parse_type_name(ps);
				expect(ps, T_RPAREN);
				return n;
			}
			struct node *e = parse_expr(ps);
			expect(ps, T_RPAREN);
			n->kids[0] = e;
			return n;
		}
		n->kids[0] = parse_unary(ps);
		return n;
	case T_STRINGOF:
		advance(ps);
		n = node_new(ps->cc, N_STRINGOF, line);
		n->kids[0] = parse_unary(ps);
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
		advance(ps);
		if (starts_type(ps->cur.kind)) {
			struct node *n = node_new(ps->cc, N_CAST, line);
			int depth = ps->depth;
			n->cast_type = parse_type_name(ps);
			expect(ps, T_RPAREN);
			deeper(ps);
			n->kids[0] = parse_cast(ps);
			ps->depth = depth;
			return n;
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
		/* '/' closes a predicate when parentheses are balanced */
		if (p < minprec || p < 0 || (ps->in_pred && ps->cur.kind == T_SLASH && ps->lx.parens == 0)) {
			ps->depth = depth;
			ps->opdepth = opdepth;
			return l;
		}
		deeper_op(ps);	/* l goes one level down */
		struct node *n = node_new(ps->cc, N_BINARY, ps->cur.line);
		n->op = ps->cur.kind;
		advance(ps);
		n->kids[0] = l;
		n->kids[1] = parse_binary(ps, p + 1);
		l = n;
	}
}

static struct node *parse_cond(struct parser *ps)
{
	struct node *c = parse_binary(ps, 0);

	if (ps->cur.kind == T_QUESTION) {
		struct node *n = node_new(ps->cc, N_TERNARY, ps->cur.line);
		int depth = ps->depth;
		deeper(ps);
		advance(ps);
		n->kids[0] = c;
		n->kids[1] = parse_expr(ps);
		expect(ps, T_COLON);
		n->kids[2] = parse_cond(ps);
		ps->depth = depth;
		return n;
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
		struct node *n = node_new(ps->cc, N_ASSIGN, ps->cur.line);
		int depth = ps->depth;
		deeper(ps);
		n->op = ps->cur.kind;
		advance(ps);
		n->kids[0] = l;
		n->kids[1] = parse_assign(ps);
		ps->depth = depth;
		return n;
	}
	return l;
}

static struct node *parse_expr(struct parser *ps)
{
	int depth = ps->depth, opdepth = ps->opdepth;
	struct node *e;

	deeper(ps);	/* a parenthesis, an index, a condition: a level */
	e = parse_assign(ps);
	while (ps->cur.kind == T_COMMA) {
		deeper_op(ps);
		struct node *n = node_new(ps->cc, N_BINARY, ps->cur.line);
		n->op = T_COMMA;
		advance(ps);
		n->kids[0] = e;
		n->kids[1] = parse_assign(ps);
		e = n;
	}
	ps->depth = depth;
	ps->opdepth = opdepth;
	return e;
}

/* ---- statements ------------------------------------------------------ */

static struct node *parse_block_body(struct parser *ps, int outer);
static struct node *parse_if(struct parser *ps);

static struct node *parse_stmt_block(struct parser *ps)
{
	/* '{' statements '}' or a single statement */
	if (ps->cur.kind == T_LBRACE) {
		advance(ps);
		return parse_block_body(ps, 0);
	}
	struct node *b = node_new(ps->cc, N_BLOCK, ps->cur.line);
	if (ps->cur.kind == T_IF) {
		pv_push(&b->args, parse_if(ps));
		return b;
	}
	struct node *s = node_new(ps->cc, N_EXPR_STMT, ps->cur.line);
	s->kids[0] = parse_expr(ps);
	pv_push(&b->args, s);
	/* "if (c) a; else b;": the then-statement's ';' comes before else */
	if (ps->cur.kind == T_SEMI) {
		struct dt_lexer save = ps->lx;
		struct token savet = ps->cur;
		advance(ps);
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
	int depth = ps->depth;

	deeper(ps);
	expect(ps, T_IF);
	expect(ps, T_LPAREN);
	n->kids[0] = parse_expr(ps);
	expect(ps, T_RPAREN);
	n->kids[1] = parse_stmt_block(ps);
	if (accept(ps, T_ELSE)) {
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
			advance(ps);
			continue;
		}
		if (ps->cur.kind == T_RBRACE) {
			if (outer)
				ps->lx.pspec_mode = 1;
			advance(ps);
			return b;
		}
		if (ps->cur.kind == T_IF) {
			pv_push(&b->args, parse_if(ps));
			continue;
		}
		struct node *s = node_new(ps->cc, N_EXPR_STMT, ps->cur.line);
		s->kids[0] = parse_expr(ps);
		pv_push(&b->args, s);
		if (ps->cur.kind == T_SEMI) {
			advance(ps);
			continue;
		}
		if (ps->cur.kind != T_RBRACE)
			syntax_error(ps);
	}
}

/* ---- declarations ----------------------------------------------------- */

#define find_var dt_var_find

struct dt_var *dt_var_find(struct ptrvec *vars, const char *name)
{
	return pv_find_named(vars, name);
}

static void declare(struct parser *ps, int scope, struct dt_type *base, int line)
{
	do {
		struct dt_type *t = base;
		struct dt_var *v;
		struct ptrvec *vars;
		int is_assoc = 0, is_array = 0;
		struct ptrvec keys = {.pool = &ps->cc->pool};

		t = parse_pointers(ps, t);
		if (ps->cur.kind != T_IDENT)
			syntax_error(ps);
		char *name = ps->cur.text;
		line = ps->cur.line;
		advance(ps);
		if (ps->cur.kind == T_LBRACK) {
			advance(ps);
			if (starts_type(ps->cur.kind)) {
				is_assoc = 1;
				do {
					pv_push(&keys, parse_type_name(ps));
				} while (accept(ps, T_COMMA));
			} else if (ps->cur.kind == T_RBRACK) {
				is_assoc = 1;
				if (ps->nclass_extern)
					is_assoc = 0;	/* extern int a[]: an array of unknown size */
			} else {
				struct node *e = parse_cond(ps);
				int64_t dim;
				if (!sema_try_const(ps->cc, e, &dim) || dim <= 0)
					dt_error(ps->cc->errs, line, "D_DECL_ARRSUB", "positive integral constant expression or tuple signature expected as array declaration subscript");
				t = array_of(ps, t, (uint64_t)dim, line);
				is_array = 1;
			}
			expect(ps, T_RBRACK);
			if (is_assoc && scope == VS_CLAUSE)
				dt_error(ps->cc->errs, line, "D_DECL_LOCASSC", "associative arrays may not be declared as local variables: %s", name);
			/* further dimensions: int a[2][3] */
			int depth = ps->depth;
			while (ps->cur.kind == T_LBRACK) {
				deeper(ps);
				advance(ps);
				int64_t dim;
				struct node *e = parse_cond(ps);
				if (!sema_try_const(ps->cc, e, &dim) || dim <= 0)
					dt_error(ps->cc->errs, line, "D_DECL_ARRSUB", "positive integral constant expression or tuple signature expected as array declaration subscript");
				t = array_of(ps, t, (uint64_t)dim, line);
				expect(ps, T_RBRACK);
			}
			ps->depth = depth;
		}
		if (base == &ty_void && t == base)
			dt_error(ps->cc->errs, line, "D_DECL_VOIDOBJ", "cannot have void object: %s", name);
		vars = scope == VS_THREAD ? &ps->prog->tlocals : scope == VS_CLAUSE ? &ps->prog->clocals : &ps->prog->globals;
		v = find_var(vars, name);
		if (v) {
			if (v->type && !type_compatible(v->type, t))
				dt_error(ps->cc->errs, line, "D_DECL_IDRED", "identifier redeclared: %s", name);
		} else {
			v = pool_calloc(&ps->cc->pool, 1, sizeof(*v));
			v->name = name;
			v->scope = scope;
			v->id = vars->n;
			pv_push(vars, v);
		}
		ps->ndecls++;
		v->type = t;
		v->declared = 1;
		v->writable = 1;
		v->line = line;
		v->is_array = is_array;
		v->is_extern = ps->nclass_extern;
		if (is_assoc) {
			v->is_assoc = 1;
			v->nkeys = keys.n;
			v->keys = (struct dt_type **)keys.v;
			if (keys.n == 0)
				v->nkeys = -1;	/* declared with [] : keys from first use */
		}
	} while (accept(ps, T_COMMA));
}

/* translator OUT < IN name > { member = expr; ... }; (kept as source) */
static void parse_translator(struct parser *ps)
{
	struct dt_xlator *x = pool_calloc(&ps->cc->pool, 1, sizeof(*x));
	struct ptrvec names = {.pool = &ps->cc->pool}, exprs = {.pool = &ps->cc->pool};
	int *lines = NULL, n = 0;

	x->line = ps->cur.line;
	advance(ps);
	x->out = parse_abstract(ps, parse_type_spec(ps));
	expect(ps, T_LT);
	x->in = parse_abstract(ps, parse_type_spec(ps));
	if (ps->cur.kind != T_IDENT)
		syntax_error(ps);
	x->param = ps->cur.text;
	advance(ps);
	expect(ps, T_GT);
	expect(ps, T_LBRACE);
	while (ps->cur.kind != T_RBRACE) {
		if (ps->cur.kind != T_IDENT && ps->cur.kind != T_TNAME)
			syntax_error(ps);
		pv_push(&names, ps->cur.text);
		lines = pool_realloc(&ps->cc->pool, lines, (size_t)(n + 1) * 2 * sizeof(int));
		int name_line = ps->cur.line;
		advance(ps);
		expect(ps, T_ASSIGN);
		const char *start = ps->cur.pos;
		(void)parse_expr(ps);
		if (ps->cur.kind != T_SEMI)
			syntax_error(ps);
		pv_push(&exprs, pool_strndup(&ps->cc->pool, start, (size_t)(ps->cur.pos - start)));
		advance(ps);
		/* the expression's own line, and the line DTrace has read to when
		 * it checks the member's type (one token ahead) */
		lines[2 * n] = name_line;
		lines[2 * n + 1] = ps->cur.line;
		n++;
	}
	advance(ps);		/* '}' */
	ps->lx.pspec_mode = 1;
	x->line = ps->cur.line;
	expect(ps, T_SEMI);
	if (x->out->kind != TY_STRUCT && x->out->kind != TY_UNION)
		dt_error(ps->cc->errs, x->line, "D_XLATE_SOU", "translator output type must be a struct or union");
	if (!x->out->complete && !x->out->btf_id)
		dt_error(ps->cc->errs, x->line, "D_XLATE_SOU", "incomplete struct/union/enum %s", type_name(x->out));
	for (int i = 0; i < n; i++)
		if (!type_member(x->out, names.v[i]))
			dt_error(ps->cc->errs, lines[2 * i], "D_XLATE_MEMB", "translator member %s is not a member of %s",
				 (char *)names.v[i], type_name(x->out));
	for (int i = 0; i < ps->prog->xlators.n; i++) {
		struct dt_xlator *o = ps->prog->xlators.v[i];
		if (o->out == x->out && strcmp(type_name(o->in), type_name(x->in)) == 0)
			dt_error(ps->cc->errs, x->line, "D_XLATE_REDECL", "translator from %s to %s has already been declared",
				 type_name(x->in), type_name(x->out));
	}
	x->nmembers = n;
	x->members = (char **)names.v;
	x->exprs = (char **)exprs.v;
	x->lines = lines;
	pv_push(&ps->prog->xlators, x);
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
		advance(ps);
		a->tname = pool_strdup(&ps->cc->pool, "...");
		a->line = ps->cur.line;
		return;
	}
	t = parse_type_spec(ps);
	base = written_text(&ps->cc->pool, start, ps->cur.pos);
	for (; accept(ps, T_STAR); stars++) {
		deeper(ps);
		t = type_ptr(t);
	}
	if (ps->cur.kind == T_IDENT) {
		a->name = ps->cur.text;
		advance(ps);
	}
	while (accept(ps, T_LBRACK)) {
		deeper(ps);
		if (ps->cur.kind == T_INT)
			advance(ps);
		expect(ps, T_RBRACK);
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
	expect(ps, T_LPAREN);
	if (accept(ps, T_RPAREN))
		return 0;
	for (;;) {
		*v = pool_realloc(&ps->cc->pool, *v, (size_t)(n + 1) * sizeof(**v));
		parse_probe_param(ps, &(*v)[n++]);
		if (accept(ps, T_COMMA))
			continue;
		expect(ps, T_RPAREN);
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

	advance(ps);		/* 'probe' */
	if (ps->cur.kind != T_IDENT)
		syntax_error(ps);
	pr->dname = ps->cur.text;
	advance(ps);
	nn = parse_probe_params(ps, &nv);
	if (accept(ps, T_COLON)) {
		pr->has_xargs = 1;
		xn = parse_probe_params(ps, &xv);
	}
	pr->line = ps->cur.line;
	if (ps->cur.kind != T_SEMI)
		syntax_error(ps);

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
	advance(ps);		/* ';' */
	return pr;
}

/* provider NAME { probe ...; ... }; -- checked against earlier definitions
 * when the unit is cooked (sema_prov.c). */
static void parse_provider(struct parser *ps)
{
	struct dt_provdef *pv = pool_calloc(&ps->cc->pool, 1, sizeof(*pv));

	pv->probes.pool = &ps->cc->pool;
	size_t len;

	advance(ps);		/* 'provider' */
	if (ps->cur.kind != T_IDENT)
		syntax_error(ps);
	pv->name = ps->cur.text;
	advance(ps);
	expect(ps, T_LBRACE);
	while (ps->cur.kind != T_RBRACE) {
		if (ps->cur.kind != T_PROBE)
			syntax_error(ps);
		pv_push(&pv->probes, parse_probe_def(ps));
	}
	advance(ps);		/* '}' */
	pv->line = ps->cur.line;
	if (ps->cur.kind != T_SEMI)
		syntax_error(ps);
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
	advance(ps);
}

static void parse_declaration(struct parser *ps)
{
	int line = ps->cur.line;
	int scope = VS_GLOBAL, nclass = 0;

	ps->lx.pspec_mode = 0;
	if (ps->cur.kind == T_INLINE) {
		advance(ps);
		struct dt_type *t = parse_abstract(ps, parse_type_spec(ps));
		if (ps->cur.kind != T_IDENT)
			syntax_error(ps);
		struct dt_inline *in = pool_calloc(&ps->cc->pool, 1, sizeof(*in));
		in->name = ps->cur.text;
		in->type = t;
		in->line = ps->cur.line;
		advance(ps);
		if (accept(ps, T_LBRACK)) {
			/* inline int f[int x, int y] = expr: an inline with arguments */
			struct ptrvec params = {.pool = &ps->cc->pool};
			do {
				(void)parse_abstract(ps, parse_type_spec(ps));
				if (ps->cur.kind != T_IDENT)
					syntax_error(ps);
				pv_push(&params, ps->cur.text);
				advance(ps);
			} while (accept(ps, T_COMMA));
			expect(ps, T_RBRACK);
			in->nparams = params.n;
			in->params = (char **)params.v;
		}
		expect(ps, T_ASSIGN);
		const char *start = ps->cur.pos;
		in->expr = parse_expr(ps);
		in->text = pool_strndup(&ps->cc->pool, start, (size_t)(ps->cur.pos - start));
		pv_push(&ps->prog->inlines, in);
		ps->ndecls++;
		ps->lx.pspec_mode = 1;
		expect(ps, T_SEMI);
		return;
	}
	if (ps->cur.kind == T_TYPEDEF) {
		advance(ps);
		struct dt_type *t = parse_type_spec(ps);
		t = parse_pointers(ps, t);
		if (ps->cur.kind != T_IDENT && ps->cur.kind != T_TNAME)
			syntax_error(ps);
		char *name = ps->cur.text;
		advance(ps);
		if (accept(ps, T_LBRACK)) {
			if (ps->cur.kind != T_INT)
				syntax_error(ps);
			t = array_of(ps, t, ps->cur.ival, ps->cur.line);
			advance(ps);
			expect(ps, T_RBRACK);
		}
		if (type_is_name(ps->cc->types, name) && type_lookup_in(ps->cc->types, name) != t)
			dt_error(ps->cc->errs, ps->cur.line, "D_DECL_IDRED", "typedef redeclared: %s", name);
		type_add_typedef(ps->cc->types, name, t);
		ps->lx.pspec_mode = 1;
		expect(ps, T_SEMI);
		return;
	}
	for (;;) {
		if (ps->cur.kind == T_SELF) {
			scope = VS_THREAD;
			nclass++;
		} else if (ps->cur.kind == T_THIS) {
			scope = VS_CLAUSE;
			nclass++;
		} else if (ps->cur.kind == T_EXTERN || ps->cur.kind == T_STATIC || ps->cur.kind == T_REGISTER) {
			if (ps->cur.kind == T_REGISTER)
				dt_error(ps->cc->errs, line, "D_DECL_BADCLASS", "specified storage class not appropriate in D");
			ps->nclass_extern = ps->cur.kind == T_EXTERN;
			nclass++;
		} else {
			break;
		}
		if (nclass > 1)
			dt_error(ps->cc->errs, line, "D_DECL_CLASS", "more than one storage class specified in declaration");
		advance(ps);
	}
	if (ps->cur.kind == T_TRANSLATOR) {
		parse_translator(ps);
		return;
	}
	if (ps->cur.kind == T_PROVIDER) {
		if (nclass)	/* a provider definition has no storage class */
			dt_error(ps->cc->errs, line, "D_SYNTAX", "syntax error near \"%s\"", ps->cur.text);
		parse_provider(ps);
		return;
	}
	/* "self x;": a storage class without a type declares an int */
	struct dt_type *base = nclass && ps->cur.kind == T_IDENT ? &ty_int : parse_type_spec(ps);
	if (ps->cur.kind == T_SEMI && nclass)
		dt_error(ps->cc->errs, line, "D_DECL_USELESS", "useless declaration");
	if (ps->cur.kind == T_IDENT && strchr(ps->cur.text, '`'))
		dt_error(ps->cc->errs, line, "D_DECL_SCOPE", "D scoping operator may not be used in a declaration name (%s)", ps->cur.text);
	if (ps->cur.kind == T_SEMI) {	/* struct/enum definition alone */
		ps->nclass_extern = 0;
		ps->lx.pspec_mode = 1;
		advance(ps);
		return;
	}
	declare(ps, scope, base, line);
	ps->nclass_extern = 0;
	ps->lx.pspec_mode = 1;
	expect(ps, T_SEMI);
}

/* ---- probe descriptions and clauses ------------------------------------ */

static struct dt_pdesc *pdesc_parse(struct dt_pool *pool, const char *text, int line)
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
			if (n == 4)
				return NULL;	/* overspecified */
			parts[n++] = pool_strndup(pool, s, (size_t)(p - s));
			if (*p == 0)
				break;
			s = p + 1;
		}
	}
	for (int i = 0; i < n; i++)
		f[4 - n + i] = parts[i];
	pd->prov = pool_strdup(pool, f[0]);
	pd->mod = pool_strdup(pool, f[1]);
	pd->func = pool_strdup(pool, f[2]);
	pd->name = pool_strdup(pool, f[3]);
	pd->text = pool_strdup(pool, text);
	pd->line = line;
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

/*
 * DTrace checks a predicate's operators once the parser has read the token
 * after its closing '/', and reports their type errors at that token's line
 * (yylineno), while names keep the line they were written on.
 */
static void predicate_operator_lines(struct node *n, int line)
{
	if (!n)
		return;
	if (n->kind == N_BINARY)
		n->line = line;
	for (int i = 0; i < 3; i++)
		predicate_operator_lines(n->kids[i], line);
	for (int i = 0; i < n->args.n; i++)
		predicate_operator_lines(n->args.v[i], line);
}

static void parse_clause(struct parser *ps)
{
	struct dt_clause *c = pool_calloc(&ps->cc->pool, 1, sizeof(*c));

	c->pdescs.pool = c->recs.pool = c->probes.pool = &ps->cc->pool;

	c->line = ps->cur.line;
	for (;;) {
		if (ps->cur.kind != T_PSPEC && ps->cur.kind != T_INT)
			syntax_error(ps);
		struct dt_pdesc *pd = pdesc_parse(&ps->cc->pool, ps->cur.text, ps->cur.line);
		if (!pd)
			dt_error(ps->cc->errs, ps->cur.line, "D_PDESC_INVAL", "invalid probe description \"%s\": Overspecified probe description",
				 ps->cur.text);
		macro_expand_pdesc(ps->cc, pd);
		pv_push(&c->pdescs, pd);
		advance(ps);
		if (ps->cur.kind != T_COMMA)
			break;
		advance(ps);
	}
	if (ps->cur.kind != T_SLASH && ps->cur.kind != T_LBRACE) {
		if (ps->o->from_file)
			dt_error(ps->cc->errs, c->line, "D_SYNTAX", "expected predicate and/or actions following probe description");
	} else {
		if (ps->cur.kind == T_SLASH) {
			ps->lx.pspec_mode = 0;
			ps->lx.parens = 0;
			advance(ps);
			ps->in_pred = 1;
			c->pred = parse_expr(ps);
			ps->in_pred = 0;
			if (ps->cur.kind != T_SLASH) {
				if (ps->lx.parens > 0 && ps->cur.kind == T_SLASH)
					dt_error(ps->cc->errs, ps->cur.line, "D_SYNTAX", "closing ) expected in predicate before /");
				syntax_error(ps);
			}
			advance(ps);
			predicate_operator_lines(c->pred, ps->cur.line);
			if (ps->cur.kind != T_LBRACE) {
				/* a predicate without actions */
				ps->lx.pspec_mode = 1;
				c->index = ps->prog->clauses.n;
				c->num = ps->prog->next_clause_num;
				ps->prog->next_clause_num += c->pdescs.n;
				pv_push(&ps->prog->clauses, c);
				if (ps->o->from_file || ps->cur.kind != T_EOF)
					syntax_error(ps);
				return;
			}
		}
		ps->lx.pspec_mode = 0;
		advance(ps);	/* '{' */
		c->body = parse_block_body(ps, 1);
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
	case T_STATIC: case T_REGISTER: case T_TRANSLATOR: case T_PROVIDER:
		return 1;
	default:
		return starts_type(k);
	}
}

/* ---- pragmas -------------------------------------------------------------- */

static void pragma(void *arg, int line, const char *text)
{
	struct parser *ps = arg;
	char *words[16];
	int n = 0;
	const char *p = text;

	while (*p && n < 16) {
		while (isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		const char *s = p;
		if (*p == '"') {
			p++;
			s = p;
			while (*p && *p != '"')
				p++;
			words[n++] = pool_strndup(&ps->cc->pool, s, (size_t)(p - s));
			if (*p)
				p++;
			continue;
		}
		while (*p && !isspace((unsigned char)*p))
			p++;
		words[n++] = pool_strndup(&ps->cc->pool, s, (size_t)(p - s));
	}
	if (n == 0 || strcmp(words[0], "D") != 0)
		return;		/* not a D pragma: ignored, as DTrace does */
	if (n < 2)
		dt_error(ps->cc->errs, line, "D_PRAGMA_MALFORM", "malformed #pragma D");
	if (strcmp(words[1], "option") == 0) {
		for (int i = 2; i < n; i++) {
			char *eq = strchr(words[i], '=');
			if (eq)
				*eq = 0;
			if (ps->o->on_option)
				ps->o->on_option(ps->o->arg, line, words[i], eq ? eq + 1 : NULL);
		}
	} else if (strcmp(words[1], "error") == 0) {
		struct strbuf sb;
		sb_init(&sb);
		for (int i = 2; i < n; i++) {
			sb_puts(&sb, words[i]);
			sb_putc(&sb, ' ');
		}
		char *msg = pool_strdup(&ps->cc->pool, sb.s);
		sb_free(&sb);
		dt_error(ps->cc->errs, line, "D_PRAGERR", "#error: %s", msg);
	} else if (strcmp(words[1], "attributes") == 0) {
		/* ATTRS IDENT, or ATTRS provider NAME PART; ATTRS is a
		 * name/data/class triple: the only check is the shape */
		int prov = n >= 4 && strcmp(words[3], "provider") == 0;
		if (n < 4 || (prov && n < 6))
			dt_error(ps->cc->errs, line, "D_PRAGMA_MALFORM", "malformed #pragma attributes <attributes> <ident>");
		if (strchr(words[2], '/') == NULL)
			dt_error(ps->cc->errs, line, "D_PRAGMA_INVAL", "invalid attributes specified by #pragma attributes");
		for (int i = 0; prov && i < ps->prog->provdefs.n; i++) {
			static const char *const parts[] = {"provider", "module", "function", "name", "args"};
			struct dt_provdef *pv = ps->prog->provdefs.v[i];
			int ok = 0;
			if (strcmp(pv->name, words[4]) != 0)
				continue;
			for (size_t j = 0; j < ARRAY_SIZE(parts); j++)
				ok |= strcmp(parts[j], words[5]) == 0;
			/* DTrace names the provider where it means the component */
			if (!ok)
				dt_error(ps->cc->errs, line, "D_PRAGMA_INVAL",
					 "invalid component \"%s\" in attribute #pragma for provider %s", words[4], words[5]);
			break;
		}
	} else if (strcmp(words[1], "binding") == 0 || strcmp(words[1], "depends_on") == 0 ||
		   strcmp(words[1], "ident") == 0 || strcmp(words[1], "line") == 0) {
		/* accepted */
	} else {
		dt_error(ps->cc->errs, line, "D_PRAGMA_INVAL", "invalid control directive: #pragma D %s", words[1]);
	}
}

static int is_type_name_cb(void *arg, const char *name)
{
	struct parser *ps = arg;

	return type_is_name(ps->cc->types, name);
}

int dt_parse(struct dt_cc *cc, struct dt_prog *prog, const char *src, const struct dt_parse_opts *o)
{
	struct parser ps;

	memset(&ps, 0, sizeof(ps));
	ps.cc = cc;
	ps.prog = prog;
	ps.o = o;
	lex_init(&ps.lx, src, cc->errs, &cc->pool);
	if (o->len)
		ps.lx.end = src + o->len;
	ps.lx.is_type_name = is_type_name_cb;
	ps.lx.pragma = pragma;
	ps.lx.arg = &ps;
	ps.lx.pspec_mode = 1;
	advance(&ps);
	while (ps.cur.kind != T_EOF) {
		if (ps.cur.kind == T_SEMI) {
			advance(&ps);
			continue;
		}
		if (is_decl_start(ps.cur.kind))
			parse_declaration(&ps);
		else
			parse_clause(&ps);
	}
	prog->eof_line = ps.lx.line;
	return ps.ndecls;
}

/* Parse a D expression from a string (translator definitions). */
struct node *dt_parse_expr_string(struct dt_cc *cc, const char *text, int line)
{
	struct parser ps;
	struct node *n;

	memset(&ps, 0, sizeof(ps));
	ps.cc = cc;
	lex_init(&ps.lx, text, cc->errs, &cc->pool);
	ps.lx.is_type_name = is_type_name_cb;
	ps.lx.arg = &ps;
	ps.lx.line = line;
	advance(&ps);
	n = parse_expr(&ps);
	if (ps.cur.kind != T_EOF)
		syntax_error(&ps);
	return n;
}
