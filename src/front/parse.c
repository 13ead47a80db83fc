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
#include <strings.h>

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
	int ndecls;		/* variables and inlines declared */
	struct ptrvec pending;	/* struct pending_pragma: attributes/binding waiting for their identifier */
};

/* A #pragma attributes or binding naming what the program has not defined yet. */
struct pending_pragma {
	char *name;
	const char *prname;
	int line;
};

struct node *node_new(enum node_kind k, int line)
{
	struct node *n = xcalloc(1, sizeof(*n));
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
static struct dt_type *parse_type_name(struct parser *ps);

/* The enumerators an enum has defined so far are constants in the
 * expressions of those after them: replace their names by their values. */
static void enum_bind(struct node *n, const struct ptrvec *ev)
{
	if (!n)
		return;
	if (n->kind == N_IDENT && !n->var_scope) {
		for (int i = ev->n - 1; i >= 0; i--) {
			const struct dt_enumerator *e = ev->v[i];
			if (strcmp(e->name, n->sval) == 0) {
				n->kind = N_INT;
				n->ival = (uint64_t)e->value;
				n->op = 8;	/* a decimal int */
				return;
			}
		}
		return;
	}
	for (int i = 0; i < 3; i++)
		enum_bind(n->kids[i], ev);
	for (int i = 0; i < n->args.n; i++)
		enum_bind(n->args.v[i], ev);
}

static void parse_enum_body(struct parser *ps, struct dt_type *t)
{
	int64_t next = 0;
	struct ptrvec ev = {0};

	expect(ps, T_LBRACE);
	if (ps->cur.kind == T_RBRACE)	/* C's grammar: at least one enumerator */
		syntax_error(ps);
	while (ps->cur.kind != T_RBRACE) {
		if (ps->cur.kind != T_IDENT)
			syntax_error(ps);
		struct dt_enumerator *e = xcalloc(1, sizeof(*e));
		e->name = ps->cur.text;
		advance(ps);
		if (strchr(e->name, '`'))
			dt_error(ps->cc->errs, ps->cur.line, "D_DECL_SCOPE", "D scoping operator may not be used in an enumerator name (%s)", e->name);
		if (accept(ps, T_ASSIGN)) {
			/* an earlier enumerator of this enum, or an integral
			 * constant expression (DTrace's dt_decl_enumerator) */
			struct node *v = parse_cond(ps);
			enum_bind(v, &ev);
			if (!sema_try_const(ps->cc, v, &next))
				dt_error(ps->cc->errs, ps->cur.line, "D_DECL_ENCONST",
					 "enumerator '%s' must be assigned to an integral constant expression", e->name);
		}
		/* enumerators share the global name space */
		int64_t prev;
		int dup = types_find_enumerator(ps->cc->types, e->name, &prev) ||
			  dt_var_find(&ps->prog->globals, e->name) || sema_builtin_var(ps->cc, e->name);
		for (int i = 0; i < ev.n && !dup; i++)
			dup = strcmp(((struct dt_enumerator *)ev.v[i])->name, e->name) == 0;
		if (dup)
			dt_error(ps->cc->errs, ps->cur.line, "D_DECL_IDRED", "identifier redeclared: %s", e->name);
		if (next > INT32_MAX || next < INT32_MIN)
			dt_error(ps->cc->errs, ps->cur.line, "D_DECL_ENOFLOW", "enumerator '%s' value overflows INT_MAX (%d)", e->name, INT32_MAX);
		e->value = next++;
		pv_push(&ev, e);
		if (!accept(ps, T_COMMA))
			break;
	}
	expect(ps, T_RBRACE);
	t->nenums = ev.n;
	t->enums = xcalloc((size_t)ev.n, sizeof(struct dt_enumerator));
	for (int i = 0; i < ev.n; i++)
		t->enums[i] = *(struct dt_enumerator *)ev.v[i];
	t->complete = 1;
	t->size = 4;
	t->is_signed = 1;
	pv_free(&ev);
}

/* ---- declarations: DTrace's rules (its dt_decl.c) ------------------------ */

/*
 * A declaration's specifiers are read as DTrace reads them: short, long,
 * signed and unsigned are attributes; void, char, int, float, double,
 * string, a typedef name, a struct, union or enum give the kind and name.
 * Each specifier is checked against those before it as it is read, so the
 * first bad combination is the one reported.
 */
enum { DA_SHORT = 1, DA_LONG = 2, DA_LONGLONG = 4, DA_SIGNED = 8, DA_UNSIGNED = 16 };
enum dkind { DK_UNKNOWN, DK_INTEGER, DK_FLOAT, DK_TYPEDEF, DK_SOU };
/* storage classes (DTrace's dt_dclass_t) */
enum { DC_DEFAULT, DC_AUTO, DC_REGISTER, DC_STATIC, DC_EXTERN, DC_TYPEDEF, DC_SELF, DC_THIS };

struct declspec {
	int sclass;
	enum dkind kind;
	const char *name;	/* "int", "char", "void", "float", "double", a typedef's name */
	int attr;		/* DA_* */
	struct dt_type *sou;	/* DK_SOU: the struct, union or enum */
	int any;		/* a type specifier was given */
};

/* What one may put before a declarator (parse_specifiers). */
enum { SPEC_TYPE, SPEC_PARAM, SPEC_DECL };

static enum tok peek(struct parser *ps)
{
	struct dt_lexer save = ps->lx;
	struct token savet = ps->cur;
	enum tok k;

	advance(ps);
	k = ps->cur.kind;
	ps->lx = save;
	ps->cur = savet;
	return k;
}

/* dt_decl_check: attributes the kind given so far does not take */
static void decl_check(struct parser *ps, const struct declspec *ds)
{
	struct dt_errstate *es = ps->cc->errs;
	int line = ps->cur.line;

	if (ds->kind == DK_UNKNOWN)
		return;
	if (ds->name && strcmp(ds->name, "char") == 0 && (ds->attr & (DA_SHORT | DA_LONG | DA_LONGLONG)))
		dt_error(es, line, "D_DECL_CHARATTR", "invalid type declaration: short and long may not be used with char type");
	if (ds->name && strcmp(ds->name, "void") == 0 && ds->attr)
		dt_error(es, line, "D_DECL_VOIDATTR", "invalid type declaration: attributes may not be used with void type");
	if (ds->kind != DK_INTEGER && (ds->attr & (DA_SIGNED | DA_UNSIGNED)))
		dt_error(es, line, "D_DECL_SIGNINT", "invalid type declaration: signed and unsigned may only be used with integer type");
	if (ds->kind != DK_INTEGER && ds->kind != DK_FLOAT && (ds->attr & (DA_LONG | DA_LONGLONG)))
		dt_error(es, line, "D_DECL_LONGINT",
			 "invalid type declaration: long and long long may only be used with integer or floating-point type");
}

/* dt_decl_spec: a second kind or name is an invalid combination */
static void decl_spec(struct parser *ps, struct declspec *ds, enum dkind kind, const char *name)
{
	if (ds->name || ds->kind != DK_UNKNOWN)
		dt_error(ps->cc->errs, ps->cur.line, "D_DECL_COMBO", "invalid type combination");
	ds->kind = kind;
	ds->name = name;
	ds->any = 1;
}

/* dt_decl_attr: long twice is long long */
static void decl_attr(struct parser *ps, struct declspec *ds, int attr)
{
	if (attr == DA_LONG && (ds->attr & DA_LONG)) {
		ds->attr &= ~DA_LONG;
		attr = DA_LONGLONG;
	}
	ds->attr |= attr;
	ds->any = 1;
	decl_check(ps, ds);
}

static void parse_struct_body(struct parser *ps, struct dt_type *t);
static void parse_enum_body(struct parser *ps, struct dt_type *t);

/* struct/union/enum [tag] [{ body }] */
static struct dt_type *parse_sou_spec(struct parser *ps)
{
	enum tok k = ps->cur.kind;
	enum ty_kind tk = k == T_STRUCT ? TY_STRUCT : k == T_UNION ? TY_UNION : TY_ENUM;
	struct dt_type *t;

	advance(ps);
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
		t = xcalloc(1, sizeof(*t));
		t->kind = tk;
		t->name = xstrdup(tk == TY_STRUCT ? "struct <anon>" : tk == TY_UNION ? "union <anon>" : "enum <anon>");
	}
	if (ps->cur.kind == T_LBRACE) {
		if (t->complete && !t->btf_id)
			dt_error(ps->cc->errs, ps->cur.line, "D_DECL_TYPERED", "type redeclared: %s", type_name(t));
		if (tk == TY_ENUM)
			parse_enum_body(ps, t);
		else
			parse_struct_body(ps, t);
	}
	return t;
}

/*
 * Declaration specifiers: storage classes (what `what` allows), type
 * qualifiers and type specifiers, into ds.  A typedef name after a type
 * is the declarator's name, as is one followed by what only follows a
 * variable (DTrace's lexer looks ahead for [, =, ;, ++ and --).
 */
static void parse_specifiers(struct parser *ps, struct declspec *ds, int what)
{
	memset(ds, 0, sizeof(*ds));
	for (;;) {
		int cls = DC_DEFAULT;

		switch (ps->cur.kind) {
		case T_AUTO: cls = DC_AUTO; break;
		case T_REGISTER: cls = DC_REGISTER; break;
		case T_STATIC: cls = DC_STATIC; break;
		case T_EXTERN: cls = DC_EXTERN; break;
		case T_TYPEDEF: cls = DC_TYPEDEF; break;
		case T_SELF: cls = DC_SELF; break;
		case T_THIS: cls = DC_THIS; break;
		default: break;
		}
		if (cls != DC_DEFAULT) {
			if (what == SPEC_TYPE || (what == SPEC_PARAM && (cls == DC_SELF || cls == DC_THIS)))
				syntax_error(ps);
			if (ds->sclass != DC_DEFAULT)
				dt_error(ps->cc->errs, ps->cur.line, "D_DECL_CLASS", "only one storage class allowed in a declaration");
			ds->sclass = cls;
			advance(ps);
			continue;
		}
		switch (ps->cur.kind) {
		case T_CONST: case T_VOLATILE: case T_RESTRICT: case T_USERLAND:
			advance(ps);
			continue;
		case T_VOID: decl_spec(ps, ds, DK_INTEGER, "void"); break;
		case T_CHAR_KW: decl_spec(ps, ds, DK_INTEGER, "char"); break;
		case T_INT_KW: decl_spec(ps, ds, DK_INTEGER, "int"); break;
		case T_FLOAT: decl_spec(ps, ds, DK_FLOAT, "float"); break;
		case T_DOUBLE: decl_spec(ps, ds, DK_FLOAT, "double"); break;
		case T_STRING_KW: decl_spec(ps, ds, DK_TYPEDEF, "string"); break;
		case T_SHORT: advance(ps); decl_attr(ps, ds, DA_SHORT); continue;
		case T_LONG: advance(ps); decl_attr(ps, ds, DA_LONG); continue;
		case T_SIGNED: advance(ps); decl_attr(ps, ds, DA_SIGNED); continue;
		case T_UNSIGNED: advance(ps); decl_attr(ps, ds, DA_UNSIGNED); continue;
		case T_TNAME: {
			if (ds->name || ds->kind != DK_UNKNOWN)
				return;
			enum tok nk = peek(ps);
			if (what != SPEC_TYPE && (nk == T_SEMI || nk == T_LBRACK || nk == T_ASSIGN || nk == T_INC || nk == T_DEC))
				return;
			decl_spec(ps, ds, DK_TYPEDEF, ps->cur.text);
			break;
		}
		case T_STRUCT: case T_UNION: case T_ENUM: {
			int line = ps->cur.line;
			if (ds->name || ds->kind != DK_UNKNOWN)
				dt_error(ps->cc->errs, line, "D_DECL_COMBO", "invalid type combination");
			ds->sou = parse_sou_spec(ps);
			ds->kind = DK_SOU;
			ds->name = ds->sou->name;
			ds->any = 1;
			decl_check(ps, ds);
			continue;
		}
		default:
			return;
		}
		advance(ps);
		decl_check(ps, ds);
	}
}

/* The type the specifiers name (DTrace's dt_decl_type). */
static struct dt_type *declspec_type(struct parser *ps, struct declspec *ds)
{
	int a = ds->attr, line = ps->cur.line;
	int uns = a & DA_UNSIGNED, sign = a & DA_SIGNED;

	if (!ds->any && ds->sclass == DC_DEFAULT)
		syntax_error(ps);
	if (ds->kind == DK_UNKNOWN) {	/* attributes alone, or a class alone: int */
		ds->kind = DK_INTEGER;
		decl_check(ps, ds);
	}
	switch (ds->kind) {
	case DK_SOU:
		return ds->sou;
	case DK_TYPEDEF:
		if (strcmp(ds->name, "string") == 0)
			return &ty_string;
		{
			struct dt_type *t = type_lookup_in(ps->cc->types, ds->name);
			if (!t)
				dt_error(ps->cc->errs, line, "D_UNKNOWN", "failed to resolve type %s: Unknown type name", ds->name);
			return t;
		}
	case DK_FLOAT:
		if (strcmp(ds->name, "double") == 0 && (a & ~DA_LONG) == 0)
			return a & DA_LONG ? &ty_ldouble : &ty_double;
		if (strcmp(ds->name, "float") == 0 && a == 0)
			return &ty_float;
		dt_error(ps->cc->errs, line, "D_UNKNOWN", "failed to resolve type %s%s%s: Unknown type name",
			 a & DA_SHORT ? "short " : "", a & DA_LONGLONG ? "long long " : a & DA_LONG ? "long " : "", ds->name);
	default:
		break;
	}
	if (ds->name && strcmp(ds->name, "void") == 0)
		return &ty_void;
	if ((a & DA_SHORT) && (a & (DA_LONG | DA_LONGLONG)))	/* DTrace looks up the name its attributes spell, and fails */
		dt_error(ps->cc->errs, line, "D_UNKNOWN", "failed to resolve type %s%sshort %s%s: Unknown type name",
			 sign ? "signed " : "", uns ? "unsigned " : "", a & DA_LONGLONG ? "long long " : "long ",
			 ds->name ? ds->name : "");
	if (sign && uns)
		dt_error(ps->cc->errs, line, "D_DECL_COMBO", "invalid type combination");
	if (ds->name && strcmp(ds->name, "char") == 0)
		return uns ? &ty_uchar : sign ? &ty_schar : &ty_char;
	if (a & DA_SHORT)
		return uns ? &ty_ushort : &ty_short;
	if (a & DA_LONGLONG)
		return uns ? &ty_ullong : &ty_llong;
	if (a & DA_LONG)
		return uns ? &ty_ulong : &ty_long;
	return uns ? &ty_uint : &ty_int;
}

/*
 * A declarator as written: '*'s, then a name or a parenthesized declarator,
 * then array and function suffixes; its type is built inside out, as C's.
 */
enum { SUF_ARRAY, SUF_TUPLE, SUF_EMPTY, SUF_FUNC };
struct dsuffix {
	int kind;
	uint32_t dim;			/* SUF_ARRAY */
	struct ptrvec keys;		/* SUF_TUPLE: key types */
	struct ptrvec names;		/* SUF_TUPLE: their names (NULL: none) */
};
struct declarator {
	int nptr;
	struct declarator *inner;
	char *name;			/* NULL: abstract */
	int line;
	struct dsuffix *suf;
	int nsuf;
};
/* What building a declarator's type found out about the name's own level. */
struct declinfo {
	char *name;
	int line;
	int is_assoc;			/* name[type, ...]: an associative array */
	struct ptrvec keys;
	struct ptrvec key_names;	/* the tuple's parameter names (NULL: none) */
	int is_empty;			/* name[]: no dimension, no signature */
	int is_array;
};
enum { DECL_NAMED, DECL_ABSTRACT, DECL_EITHER };

/* One parameter of a function or tuple signature. */
struct dparam {
	struct dt_type *type;		/* NULL for "..." */
	char *name;
	int line;
	int dynamic;			/* an associative array */
};

static void parse_declarator(struct parser *ps, struct declarator *d, int mode);
static struct dt_type *declarator_type(struct parser *ps, struct dt_type *t, struct declarator *d, struct declinfo *info);

/* The name DTrace gives a parameter's type in its messages. */
static const char *param_type_name(const struct dparam *p)
{
	return p->dynamic ? "dynamic variable" : type_name(p->type);
}

/*
 * dt_decl_prototype's rules for the parameters of a function ("function":
 * "..." allowed, void allowed alone, names optional) or of a tuple
 * ("array": no "...", no void, names optional and unique).
 */
static void check_params(struct parser *ps, struct dparam *v, int n, const char *kind, int is_func)
{
	struct dt_errstate *es = ps->cc->errs;
	int nvoid = 0;

	for (int i = 0; i < n; i++) {
		struct dparam *p = &v[i];
		if (!p->type) {
			if (!is_func)
				dt_error(es, p->line, "D_DECL_PROTO_VARARGS", "%s prototype may not use a variable-length argument list", kind);
			continue;
		}
		if (p->dynamic)
			dt_error(es, p->line, "D_DECL_PROTO_TYPE", "%s prototype may not use parameter of type %s: %s, parameter #%d",
				 kind, param_type_name(p), p->name ? p->name : "(anonymous)", i + 1);
		int is_void = p->type->kind == TY_VOID;
		nvoid += is_void;
		if (is_void && !is_func)
			dt_error(es, p->line, "D_DECL_PROTO_TYPE", "%s prototype may not use parameter of type %s: %s, parameter #%d",
				 kind, param_type_name(p), p->name ? p->name : "(anonymous)", i + 1);
		if (is_void && p->name)
			dt_error(es, p->line, "D_DECL_PROTO_NAME", "void parameter may not have a name: %s", p->name);
		for (int j = 0; p->name && j < i; j++)
			if (v[j].name && strcmp(v[j].name, p->name) == 0)
				dt_error(es, p->line, "D_DECL_PROTO_FORM", "parameter is already declared in %s prototype: %s, parameter #%d",
					 kind, p->name, i + 1);
	}
	if (nvoid && n > 1)
		dt_error(es, ps->cur.line, "D_DECL_PROTO_VOID", "void must be sole parameter");
}

/* parameters up to `close` (a function's ')' or a tuple's ']') */
static struct dparam *parse_params(struct parser *ps, enum tok close, int *np)
{
	struct dparam *v = NULL;
	int n = 0;

	if (accept(ps, close)) {
		*np = 0;
		return NULL;
	}
	for (;;) {
		struct dparam *p;
		v = xrealloc(v, (size_t)(n + 1) * sizeof(*v));
		p = &v[n++];
		memset(p, 0, sizeof(*p));
		if (accept(ps, T_ELLIPSIS)) {
			p->line = ps->cur.line;
			expect(ps, close);
			break;
		}
		struct declspec ds;
		struct declarator d = {0};
		struct declinfo info = {0};
		parse_specifiers(ps, &ds, SPEC_PARAM);
		struct dt_type *base = declspec_type(ps, &ds);
		parse_declarator(ps, &d, DECL_EITHER);
		p->type = declarator_type(ps, base, &d, &info);
		p->name = info.name;
		p->dynamic = info.is_assoc;
		p->line = ps->cur.line;
		if (ds.sclass != DC_DEFAULT && ds.sclass != DC_REGISTER)
			dt_error(ps->cc->errs, ps->cur.line, "D_DECL_PARMCLASS",
				 "inappropriate storage class for function or associative array parameter");
		if (accept(ps, T_COMMA))
			continue;
		expect(ps, close);
		break;
	}
	*np = n;
	return v;
}

static void parse_suffixes(struct parser *ps, struct declarator *d)
{
	for (;;) {
		struct dsuffix s = {0};
		int line = ps->cur.line;

		if (accept(ps, T_LBRACK)) {
			if (accept(ps, T_RBRACK)) {
				s.kind = SUF_EMPTY;
			} else if (starts_type(ps->cur.kind) || ps->cur.kind == T_ELLIPSIS ||
				   ps->cur.kind == T_REGISTER || ps->cur.kind == T_AUTO || ps->cur.kind == T_STATIC ||
				   ps->cur.kind == T_EXTERN || ps->cur.kind == T_TYPEDEF) {
				int n;
				struct dparam *v = parse_params(ps, T_RBRACK, &n);
				check_params(ps, v, n, "array", 0);
				s.kind = SUF_TUPLE;
				for (int i = 0; i < n; i++) {
					pv_push(&s.keys, v[i].type);
					pv_push(&s.names, v[i].name);
				}
				free(v);
			} else {
				struct node *e = parse_cond(ps);
				int64_t dim;
				line = ps->cur.line;
				if (!sema_try_const(ps->cc, e, &dim) || dim <= 0)
					dt_error(ps->cc->errs, line, "D_DECL_ARRSUB",
						 "positive integral constant expression or tuple signature expected as array declaration subscript");
				if ((uint64_t)dim > UINT32_MAX)
					dt_error(ps->cc->errs, line, "D_DECL_ARRBIG", "array dimension too big");
				expect(ps, T_RBRACK);
				s.kind = SUF_ARRAY;
				s.dim = (uint32_t)dim;
			}
		} else if (ps->cur.kind == T_LPAREN) {
			int n;
			advance(ps);
			struct dparam *v = parse_params(ps, T_RPAREN, &n);
			check_params(ps, v, n, "function", 1);
			free(v);
			s.kind = SUF_FUNC;
		} else {
			return;
		}
		d->suf = xrealloc(d->suf, (size_t)(d->nsuf + 1) * sizeof(*d->suf));
		d->suf[d->nsuf++] = s;
	}
}

static void parse_declarator(struct parser *ps, struct declarator *d, int mode)
{
	for (;;) {
		if (accept(ps, T_STAR)) {
			d->nptr++;
			continue;
		}
		if (d->nptr && (ps->cur.kind == T_CONST || ps->cur.kind == T_VOLATILE || ps->cur.kind == T_RESTRICT)) {
			advance(ps);
			continue;
		}
		break;
	}
	if (mode != DECL_ABSTRACT && (ps->cur.kind == T_IDENT || ps->cur.kind == T_TNAME)) {
		d->name = ps->cur.text;
		d->line = ps->cur.line;
		advance(ps);
	} else if (ps->cur.kind == T_LPAREN) {
		enum tok nk = peek(ps);
		if (nk == T_STAR || nk == T_LPAREN || nk == T_LBRACK ||
		    (mode != DECL_ABSTRACT && nk == T_IDENT)) {
			advance(ps);
			d->inner = xcalloc(1, sizeof(*d->inner));
			parse_declarator(ps, d->inner, mode);
			expect(ps, T_RPAREN);
		}
	} else if (mode == DECL_NAMED) {
		syntax_error(ps);
	}
	parse_suffixes(ps, d);
}

/* A function returning t: a type of size zero, as DTrace's. */
static struct dt_type *type_func(struct dt_type *ret)
{
	struct dt_type *t = xcalloc(1, sizeof(*t));
	t->kind = TY_FUNC;
	t->ref = ret;
	t->name = xstrdup("function");
	return t;
}

static struct dt_type *declarator_type(struct parser *ps, struct dt_type *t, struct declarator *d, struct declinfo *info)
{
	for (int i = 0; i < d->nptr; i++)
		t = type_ptr(t);
	for (int i = d->nsuf - 1; i >= 0; i--) {
		struct dsuffix *s = &d->suf[i];
		int at_name = i == 0 && !d->inner;

		switch (s->kind) {
		case SUF_FUNC:
			t = type_func(t);
			break;
		case SUF_ARRAY:
			if (t->kind == TY_VOID)
				dt_error(ps->cc->errs, ps->cur.line, "D_DECL_VOIDOBJ", "cannot declare array of void");
			t = type_array(t, s->dim);
			if (at_name)
				info->is_array = 1;
			break;
		case SUF_TUPLE:
			if (i != 0 || d->inner)
				dt_error(ps->cc->errs, ps->cur.line, "D_DECL_DYNOBJ", "cannot declare array of associative arrays");
			info->is_assoc = 1;
			info->keys = s->keys;
			info->key_names = s->names;
			break;
		case SUF_EMPTY:
			if (at_name)
				info->is_empty = 1;
			else
				t = type_array(t, 0);
			break;
		}
	}
	if (d->inner)
		return declarator_type(ps, t, d->inner, info);
	info->name = d->name;
	info->line = d->line;
	return t;
}

/* A type name (casts, sizeof, offsetof, xlate): specifiers and an abstract
 * declarator. */
static struct dt_type *parse_type_name(struct parser *ps)
{
	struct declspec ds;
	struct declarator d = {0};
	struct declinfo info = {0};

	parse_specifiers(ps, &ds, SPEC_TYPE);
	struct dt_type *t = declspec_type(ps, &ds);
	parse_declarator(ps, &d, DECL_ABSTRACT);
	t = declarator_type(ps, t, &d, &info);
	if (info.is_empty)
		t = type_array(t, 0);
	return t;
}

/* Specifiers alone, as a probe parameter's type begins. */
static struct dt_type *parse_spec_type(struct parser *ps)
{
	struct declspec ds;

	parse_specifiers(ps, &ds, SPEC_TYPE);
	return declspec_type(ps, &ds);
}

/* DTrace's (libctf's) natural alignment of a member's type */
static uint32_t type_align(const struct dt_type *t)
{
	uint32_t sz;

	while (t->kind == TY_ARRAY && t->ref)
		t = t->ref;
	if ((t->kind == TY_STRUCT || t->kind == TY_UNION) && t->complete) {
		uint32_t al = 1;
		for (int i = 0; i < t->nmembers; i++) {
			uint32_t m = t->members[i].bit_size ? 1 : type_align(t->members[i].type);
			if (m > al)
				al = m;
		}
		return al;
	}
	sz = type_size(t, 256);
	return sz >= 8 ? 8 : sz >= 4 ? 4 : sz >= 2 ? 2 : 1;
}

/*
 * struct/union { members }: each member checked as DTrace's dt_decl_member
 * checks it, and laid out as libctf lays out DTrace's types: a member at
 * the first byte after the one before it, aligned for its type; a
 * bit-field is an integer of the smallest power-of-two bytes that holds it,
 * placed the same way (libctf packs no two members into one byte).
 */
static void parse_struct_body(struct parser *ps, struct dt_type *t)
{
	uint64_t end_bits = 0;	/* where the last member ends */
	uint32_t size = 0, align = 1;
	struct ptrvec mems = {0};
	struct dt_errstate *es = ps->cc->errs;

	expect(ps, T_LBRACE);
	if (ps->cur.kind == T_RBRACE)	/* C's grammar: at least one member */
		syntax_error(ps);
	while (ps->cur.kind != T_RBRACE) {
		struct declspec ds;
		parse_specifiers(ps, &ds, SPEC_TYPE);
		struct dt_type *base = declspec_type(ps, &ds);
		do {
			struct declarator d = {0};
			struct declinfo info = {0};
			struct node *bits = NULL;
			int64_t w = 0;

			if (ps->cur.kind != T_COLON)
				parse_declarator(ps, &d, DECL_NAMED);
			struct dt_type *mt = declarator_type(ps, base, &d, &info);
			char *name = info.name;
			const char *idname = name ? name : "(anon)";
			if (accept(ps, T_COLON))
				bits = parse_cond(ps);
			int line = ps->cur.line;
			if (!bits && !name)
				dt_error(es, line, "D_DECL_MNAME", "member declaration requires a name");
			if (name && strchr(name, '`'))
				dt_error(es, line, "D_DECL_SCOPE", "D scoping operator may not be used in a member name (%s)", name);
			if (info.is_assoc)
				dt_error(es, line, "D_DECL_DYNOBJ", "cannot have dynamic member: %s", name);
			if (info.is_empty)
				mt = type_array(mt, 0);
			if ((mt->kind == TY_STRUCT || mt->kind == TY_UNION) && !mt->complete && !mt->btf_id)
				dt_error(es, line, "D_DECL_INCOMPLETE", "incomplete struct/union/enum %s: %s", type_name(mt), name);
			if (type_size(mt, 256) == 0 && !(mt->kind == TY_ARRAY && mt->nelems == 0))
				dt_error(es, line, "D_DECL_VOIDOBJ", "cannot have void member: %s", name ? name : "(null)");
			uint32_t msize = type_size(mt, 256), malign = type_align(mt);
			struct dt_member *m = xcalloc(1, sizeof(*m));
			if (bits) {
				if (!name && bits->kind == N_INT && bits->ival == 0) {
					free(m);	/* ": 0" only ends a storage unit */
					continue;
				}
				if (!sema_try_const(ps->cc, bits, &w) || w <= 0)
					dt_error(es, line, "D_DECL_BFCONST", "positive integral constant expression expected as bit-field size");
				if (mt->kind != TY_INT)
					dt_error(es, line, "D_DECL_BFTYPE", "invalid type for bit-field: %s", idname);
				if ((uint64_t)w > 8 * (uint64_t)mt->size)
					dt_error(es, line, "D_DECL_BFSIZE", "bit-field too big for type: %s", idname);
				msize = 1;
				while (msize * 8 < (uint64_t)w)
					msize *= 2;
				malign = msize;
				m->bit_size = (uint8_t)w;
			}
			m->name = name ? name : "";
			m->type = mt;
			if (malign > align)
				align = malign;
			if (t->kind == TY_STRUCT) {
				uint64_t off = (end_bits + 7) / 8;
				off = (off + malign - 1) / malign * malign;
				m->offset = (uint32_t)off;
				end_bits = off * 8 + (bits ? (uint64_t)w : (uint64_t)msize * 8);
				if (off + msize > size)
					size = (uint32_t)(off + msize);
			} else {
				m->offset = 0;
				if (msize > size)
					size = msize;
			}
			pv_push(&mems, m);
		} while (accept(ps, T_COMMA));
		expect(ps, T_SEMI);
	}
	advance(ps);
	t->nmembers = mems.n;
	t->members = xcalloc((size_t)mems.n, sizeof(struct dt_member));
	for (int i = 0; i < mems.n; i++)
		t->members[i] = *(struct dt_member *)mems.v[i];
	t->size = size;
	t->complete = 1;
	pv_free(&mems);
}

/* ---- expressions ---------------------------------------------------- */

static void parse_args(struct parser *ps, struct ptrvec *args, enum tok close)
{
	if (ps->cur.kind == close) {
		advance(ps);
		return;
	}
	for (;;) {
		pv_push(args, parse_assign(ps));
		if (accept(ps, T_COMMA))
			continue;
		expect(ps, close);
		return;
	}
}

static struct node *parse_primary(struct parser *ps)
{
	struct node *n;
	int line = ps->cur.line;

	switch (ps->cur.kind) {
	case T_INT:
		n = node_new(N_INT, line);
		n->ival = ps->cur.ival;
		n->sval = ps->cur.text;
		/* suffix and base decide the type (sema): keep them in op */
		n->op = ps->cur.int_suffix_u | (ps->cur.int_suffix_l << 1) | (ps->cur.int_base == 10 ? 8 : 0);
		advance(ps);
		return n;
	case T_CHAR:
		n = node_new(N_INT, line);
		n->ival = ps->cur.ival;
		n->sval = ps->cur.text;
		n->op = -1;	/* character constant: type char/int */
		advance(ps);
		return n;
	case T_STRING:
		n = node_new(N_STR, line);
		n->sval = ps->cur.sval;
		n->slen = ps->cur.slen;
		advance(ps);
		/* adjacent string literals concatenate */
		while (ps->cur.kind == T_STRING) {
			char *s = xmalloc((size_t)n->slen + (size_t)ps->cur.slen + 1);
			memcpy(s, n->sval, (size_t)n->slen);
			memcpy(s + n->slen, ps->cur.sval, (size_t)ps->cur.slen + 1);
			n->sval = s;
			n->slen += ps->cur.slen;
			advance(ps);
		}
		return n;
	case T_IDENT:
		n = node_new(N_IDENT, line);
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
		n = node_new(N_MACRO, line);
		n->sval = ps->cur.text;
		n->op = ps->cur.kind == T_MACRO_STR;
		advance(ps);
		return n;
	case T_AGG:
		n = node_new(N_AGG, line);
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
		n = node_new(N_IDENT, line);
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
		n = node_new(N_OFFSETOF, line);
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
		n = node_new(N_XLATE, line);
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

	for (;;) {
		int line = ps->cur.line;
		switch (ps->cur.kind) {
		case T_LBRACK:
			advance(ps);
			m = node_new(N_INDEX, line);
			m->kids[0] = n;
			parse_args(ps, &m->args, T_RBRACK);
			n = m;
			break;
		case T_LPAREN: {
			/* DTrace's dt_node_func: only a name designates a function */
			struct ptrvec args = {0};
			advance(ps);
			parse_args(ps, &args, T_RPAREN);
			if (n->kind != N_IDENT || n->var_scope)
				dt_error(ps->cc->errs, ps->cur.line, "D_FUNC_IDENT", "function designator is not of function type");
			n->kind = N_CALL;
			n->args = args;
			break;
		}
		case T_DOT:
		case T_ARROW:
			m = node_new(N_MEMBER, line);
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
			m = node_new(ps->cur.kind == T_INC ? N_POSTINC : N_POSTDEC, line);
			m->kids[0] = n;
			advance(ps);
			n = m;
			break;
		default:
			return n;
		}
	}
}

static struct node *parse_unary(struct parser *ps)
{
	int line = ps->cur.line;
	struct node *n;

	switch (ps->cur.kind) {
	case T_INC:
	case T_DEC:
		n = node_new(ps->cur.kind == T_INC ? N_PREINC : N_PREDEC, line);
		advance(ps);
		n->kids[0] = parse_unary(ps);
		return n;
	case T_MINUS: case T_PLUS: case T_BANG: case T_TILDE: case T_STAR: case T_AMP:
		n = node_new(N_UNARY, line);
		n->op = ps->cur.kind;
		advance(ps);
		n->kids[0] = parse_cast(ps);
		return n;
	case T_SIZEOF:
		advance(ps);
		n = node_new(N_SIZEOF, line);
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
		n = node_new(N_STRINGOF, line);
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
			struct node *n = node_new(N_CAST, line);
			n->cast_type = parse_type_name(ps);
			expect(ps, T_RPAREN);
			n->kids[0] = parse_cast(ps);
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

	for (;;) {
		int p = binop_prec(ps->cur.kind);
		if (p < minprec || p < 0)
			return l;
		/* '/' closes a predicate when parentheses are balanced */
		if (ps->in_pred && ps->cur.kind == T_SLASH && ps->lx.parens == 0)
			return l;
		struct node *n = node_new(N_BINARY, ps->cur.line);
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
		struct node *n = node_new(N_TERNARY, ps->cur.line);
		advance(ps);
		n->kids[0] = c;
		n->kids[1] = parse_expr(ps);
		expect(ps, T_COLON);
		n->kids[2] = parse_cond(ps);
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
		struct node *n = node_new(N_ASSIGN, ps->cur.line);
		n->op = ps->cur.kind;
		advance(ps);
		n->kids[0] = l;
		n->kids[1] = parse_assign(ps);
		return n;
	}
	return l;
}

static struct node *parse_expr(struct parser *ps)
{
	struct node *e = parse_assign(ps);

	while (ps->cur.kind == T_COMMA) {
		struct node *n = node_new(N_BINARY, ps->cur.line);
		n->op = T_COMMA;
		advance(ps);
		n->kids[0] = e;
		n->kids[1] = parse_assign(ps);
		e = n;
	}
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
	struct node *b = node_new(N_BLOCK, ps->cur.line);
	if (ps->cur.kind == T_IF) {
		pv_push(&b->args, parse_if(ps));
		return b;
	}
	struct node *s = node_new(N_EXPR_STMT, ps->cur.line);
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
	struct node *n = node_new(N_IF, ps->cur.line);

	expect(ps, T_IF);
	expect(ps, T_LPAREN);
	n->kids[0] = parse_expr(ps);
	expect(ps, T_RPAREN);
	n->kids[1] = parse_stmt_block(ps);
	if (accept(ps, T_ELSE)) {
		if (ps->cur.kind == T_IF) {
			struct node *eb = node_new(N_BLOCK, ps->cur.line);
			pv_push(&eb->args, parse_if(ps));
			n->kids[2] = eb;
		} else {
			n->kids[2] = parse_stmt_block(ps);
		}
	}
	return n;
}

/* Statements up to the closing '}', which is consumed. */
static struct node *parse_block_body(struct parser *ps, int outer)
{
	struct node *b = node_new(N_BLOCK, ps->cur.line);

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
		struct node *s = node_new(N_EXPR_STMT, ps->cur.line);
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
	for (int i = 0; i < vars->n; i++) {
		struct dt_var *v = vars->v[i];
		if (strcmp(v->name, name) == 0)
			return v;
	}
	return NULL;
}

/*
 * One declarator of a declaration (DTrace's dt_node_decl): by its storage
 * class, an extern, a typedef, or a variable (global, self-> or this->).
 */
static void declare_one(struct parser *ps, const struct declspec *ds, struct dt_type *base)
{
	struct dt_errstate *es = ps->cc->errs;
	struct declarator d = {0};
	struct declinfo info = {0};
	int sclass = ds->sclass;

	parse_declarator(ps, &d, DECL_NAMED);
	struct dt_type *t = declarator_type(ps, base, &d, &info);
	char *name = info.name;
	int line = info.line;

	if (strchr(name, '`'))
		dt_error(es, line, "D_DECL_SCOPE", "D scoping operator may not be used in a declaration name (%s)", name);
	/* a function prototype is an extern declaration */
	if (t->kind == TY_FUNC && (sclass == DC_DEFAULT || sclass == DC_STATIC))
		sclass = DC_EXTERN;
	switch (sclass) {
	case DC_AUTO: case DC_REGISTER: case DC_STATIC:
		dt_error(es, line, "D_DECL_BADCLASS", "specified storage class not appropriate in D");
	case DC_TYPEDEF:
		if (info.is_empty)
			t = type_array(t, 0);
		if (dt_var_find(&ps->prog->globals, name))
			dt_error(es, ps->cur.line, "D_DECL_IDRED", "global variable identifier redeclared: %s", name);
		if (type_is_name(ps->cc->types, name) && type_lookup_in(ps->cc->types, name) != t)
			dt_error(es, ps->cur.line, "D_DECL_IDRED", "typedef redeclared: %s", name);
		type_add_typedef(ps->cc->types, name, t);
		return;
	default:
		break;
	}

	int scope = sclass == DC_SELF ? VS_THREAD : sclass == DC_THIS ? VS_CLAUSE : VS_GLOBAL;
	struct ptrvec *vars = scope == VS_THREAD ? &ps->prog->tlocals : scope == VS_CLAUSE ? &ps->prog->clocals : &ps->prog->globals;
	struct dt_var *v;

	if (sclass != DC_EXTERN) {
		if (info.is_empty)
			dt_error(es, ps->cur.line, "D_DECL_ARRNULL", "array declaration requires array dimension or tuple signature: %s", name);
		if (scope == VS_GLOBAL && sema_builtin_var(ps->cc, name))
			dt_error(es, ps->cur.line, "D_DECL_IDRED", "built-in identifier redeclared: %s", name);
		if (type_is_name(ps->cc->types, name))
			dt_error(es, ps->cur.line, "D_DECL_IDRED", "typedef identifier redeclared: %s", name);
		if (info.is_assoc && scope == VS_CLAUSE)
			dt_error(es, ps->cur.line, "D_DECL_LOCASSC", "associative arrays may not be declared as local variables: %s", name);
		if (t->kind == TY_VOID)
			dt_error(es, line, "D_DECL_VOIDOBJ", "cannot have void object: %s", name);
	} else if (info.is_empty) {
		t = type_array(t, 0);	/* extern int a[]: an array of unknown size */
		info.is_array = 1;
	}
	v = dt_var_find(vars, name);
	if (v) {
		if (v->type && !type_compatible(v->type, t))
			dt_error(es, line, "D_DECL_IDRED", "identifier redeclared: %s", name);
	} else {
		v = xcalloc(1, sizeof(*v));
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
	v->is_array = info.is_array;
	v->is_extern = sclass == DC_EXTERN;
	if (info.is_assoc) {
		v->is_assoc = 1;
		v->nkeys = info.keys.n;
		v->keys = (struct dt_type **)info.keys.v;
	}
}

/* translator OUT < IN name > { member = expr; ... }; (kept as source) */
static void parse_translator(struct parser *ps)
{
	struct dt_xlator *x = xcalloc(1, sizeof(*x));
	struct ptrvec names = {0}, exprs = {0};
	int *lines = NULL, n = 0;

	x->line = ps->cur.line;
	advance(ps);
	x->out = parse_type_name(ps);
	expect(ps, T_LT);
	x->in = parse_type_name(ps);
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
		lines = xrealloc(lines, (size_t)(n + 1) * 2 * sizeof(int));
		int name_line = ps->cur.line;
		advance(ps);
		expect(ps, T_ASSIGN);
		const char *start = ps->cur.pos;
		(void)parse_expr(ps);
		if (ps->cur.kind != T_SEMI)
			syntax_error(ps);
		pv_push(&exprs, xstrndup(start, (size_t)(ps->cur.pos - start)));
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
static char *written_text(const char *s, const char *e)
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
	return sb.s ? sb.s : xstrdup("");
}

/*
 * One parameter of a probe prototype: a type, '*'s, an optional name and
 * optional [N]s.  An array parameter is a pointer, as in C.  A "..." is
 * returned with a NULL type.
 */
static void parse_probe_param(struct parser *ps, struct dt_probearg *a)
{
	const char *start = ps->cur.pos;
	struct dt_type *t;
	struct strbuf sb;
	int stars = 0;

	memset(a, 0, sizeof(*a));
	if (ps->cur.kind == T_ELLIPSIS) {
		advance(ps);
		a->tname = xstrdup("...");
		a->line = ps->cur.line;
		return;
	}
	t = parse_spec_type(ps);
	sb_init(&sb);
	sb_puts(&sb, written_text(start, ps->cur.pos));
	for (; accept(ps, T_STAR); stars++)
		t = type_ptr(t);
	if (ps->cur.kind == T_IDENT) {
		a->name = ps->cur.text;
		advance(ps);
	}
	while (accept(ps, T_LBRACK)) {
		if (ps->cur.kind == T_INT)
			advance(ps);
		expect(ps, T_RBRACK);
		t = type_ptr(t);
		stars++;
	}
	for (int i = 0; i < stars; i++)
		sb_puts(&sb, i ? "*" : " *");
	a->type = t;
	a->tname = sb.s;
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
		*v = xrealloc(*v, (size_t)(n + 1) * sizeof(**v));
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
	struct dt_probedef *pr = xcalloc(1, sizeof(*pr));
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
	full = xasprintf("::%s", pr->dname);
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
	pr->mapping = xcalloc((size_t)(pr->xargc ? pr->xargc : 1), sizeof(int));
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
	struct dt_provdef *pv = xcalloc(1, sizeof(*pv));
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

	ps->lx.pspec_mode = 0;
	if (ps->cur.kind == T_INLINE) {
		/* inline TYPE name = expr, or TYPE name[params] = expr: an
		 * inline with arguments (DTrace's dt_node_inline) */
		struct declspec ds;
		struct declarator d = {0};
		struct declinfo info = {0};
		advance(ps);
		parse_specifiers(ps, &ds, SPEC_DECL);
		struct dt_type *base = declspec_type(ps, &ds);
		parse_declarator(ps, &d, DECL_NAMED);
		struct dt_type *t = declarator_type(ps, base, &d, &info);
		if (ds.sclass != DC_DEFAULT)
			dt_error(ps->cc->errs, ps->cur.line, "D_DECL_BADCLASS", "specified storage class not appropriate for inline declaration");
		if (info.is_empty)
			dt_error(ps->cc->errs, ps->cur.line, "D_DECL_ARRNULL", "inline declaration requires array tuple signature: %s", info.name);
		if (info.is_array)
			dt_error(ps->cc->errs, ps->cur.line, "D_DECL_ARRNULL", "inline declaration cannot be of scalar array type: %s", info.name);
		if (t->kind == TY_VOID)
			dt_error(ps->cc->errs, ps->cur.line, "D_DECL_VOIDOBJ", "cannot declare void inline: %s", info.name);
		if ((t->kind == TY_STRUCT || t->kind == TY_UNION) && !t->complete && !t->btf_id)
			dt_error(ps->cc->errs, ps->cur.line, "D_DECL_INCOMPLETE", "incomplete struct/union/enum %s: %s", type_name(t), info.name);
		struct dt_inline *in = xcalloc(1, sizeof(*in));
		in->name = info.name;
		in->type = t;
		in->line = info.line;
		if (info.is_assoc) {
			for (int i = 0; i < info.key_names.n; i++)
				if (!info.key_names.v[i])
					dt_error(ps->cc->errs, ps->cur.line, "D_DECL_PROTO_NAME", "parameter declaration requires a name: parameter #%d", i + 1);
			in->nparams = info.key_names.n;
			in->params = (char **)info.key_names.v;
		}
		expect(ps, T_ASSIGN);
		const char *start = ps->cur.pos;
		in->expr = parse_expr(ps);
		in->text = xstrndup(start, (size_t)(ps->cur.pos - start));
		pv_push(&ps->prog->inlines, in);
		ps->ndecls++;
		ps->lx.pspec_mode = 1;
		expect(ps, T_SEMI);
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
	struct declspec ds;
	parse_specifiers(ps, &ds, SPEC_DECL);
	if (ds.sclass != DC_DEFAULT && (ps->cur.kind == T_TRANSLATOR || ps->cur.kind == T_PROVIDER))
		syntax_error(ps);	/* a translator or provider has no storage class */
	struct dt_type *base = declspec_type(ps, &ds);
	if (ps->cur.kind == T_SEMI) {
		/* no declarator: a struct, union or enum declared, or nothing */
		if (ds.kind != DK_SOU)
			dt_error(ps->cc->errs, line, "D_DECL_USELESS", "useless declaration");
		ps->lx.pspec_mode = 1;
		advance(ps);
		return;
	}
	do
		declare_one(ps, &ds, base);
	while (accept(ps, T_COMMA));
	ps->lx.pspec_mode = 1;
	expect(ps, T_SEMI);
}

/* ---- probe descriptions and clauses ------------------------------------ */

struct dt_pdesc *pdesc_parse(const char *text, int line)
{
	struct dt_pdesc *pd = xcalloc(1, sizeof(*pd));
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
			parts[n++] = xstrndup(s, (size_t)(p - s));
			if (*p == 0)
				break;
			s = p + 1;
		}
	}
	for (int i = 0; i < n; i++)
		f[4 - n + i] = parts[i];
	pd->prov = xstrdup(f[0]);
	pd->mod = xstrdup(f[1]);
	pd->func = xstrdup(f[2]);
	pd->name = xstrdup(f[3]);
	pd->text = xstrdup(text);
	pd->line = line;
	return pd;
}

char *pdesc_str(const struct dt_pdesc *pd)
{
	return xasprintf("%s:%s:%s:%s", pd->prov, pd->mod, pd->func, pd->name);
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
	struct dt_clause *c = xcalloc(1, sizeof(*c));

	c->line = ps->cur.line;
	for (;;) {
		if (ps->cur.kind != T_PSPEC && ps->cur.kind != T_INT)
			syntax_error(ps);
		struct dt_pdesc *pd = pdesc_parse(ps->cur.text, ps->cur.line);
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

/* ---- control lines and pragmas (DTrace's dt_pragma.c) -------------------- */

/* A stability or class name, as dtrace_str2attr reads one; -1 if none. */
static int attr_index(const char *s, const char *const *names, int n)
{
	for (int i = 0; i < n; i++)
		if (strcasecmp(s, names[i]) == 0)
			return i;
	return -1;
}

/* "name[/data[/class]]": stability names, then a dependency class. */
static int valid_attributes(const char *text)
{
	static const char *const stab[] = {"Internal", "Private", "Obsolete", "External",
					   "Unstable", "Evolving", "Stable", "Standard"};
	static const char *const cls[] = {"Unknown", "CPU", "Platform", "Group", "ISA", "Common"};
	char *s = xstrdup(text), *p = s, *parts[4];
	int n = 0, ok = 1;

	while (n < 4) {
		parts[n++] = p;
		if (!(p = strchr(p, '/')))
			break;
		*p++ = 0;
	}
	if (n > 3 || (n == 1 && !*parts[0]))
		ok = n <= 3;
	for (int i = 0; ok && i < n && i < 3; i++) {
		if (!*parts[i])
			break;		/* an empty part ends the string */
		ok = i < 2 ? attr_index(parts[i], stab, (int)ARRAY_SIZE(stab)) >= 0
			   : attr_index(parts[i], cls, (int)ARRAY_SIZE(cls)) >= 0;
	}
	free(s);
	return ok;
}

/* A version "major.minor[.micro]", as dt_version_str2num reads one. */
static int valid_version(const char *s)
{
	int parts = 0;

	for (;;) {
		if (!isdigit((unsigned char)*s))
			return 0;
		char *end;
		unsigned long v = strtoul(s, &end, 10);
		if (v > (parts ? 4095UL : 255UL))
			return 0;
		parts++;
		s = end;
		if (!*s)
			return parts >= 2 || parts == 1;
		if (*s != '.' || parts == 3)
			return 0;
		s++;
	}
}

/* Is name an identifier the program (not D itself) defines? 1 yes, -1 it
 * is D's own (a built-in variable or function), 0 not defined. */
static int program_ident(struct parser *ps, const char *name)
{
	int64_t v;

	if (dt_var_find(&ps->prog->globals, name))
		return 1;
	for (int i = 0; i < ps->prog->inlines.n; i++)
		if (strcmp(((struct dt_inline *)ps->prog->inlines.v[i])->name, name) == 0)
			return 1;
	if (types_find_enumerator(ps->cc->types, name, &v))
		return 1;
	if (sema_builtin_var(ps->cc, name) || sema_fn_lookup(name) || sema_is_known_name(ps->cc, name))
		return -1;
	return 0;
}

/*
 * #pragma D attributes / binding naming an identifier: D's own cannot be
 * changed; one the program defines later is waited for, and one still
 * undefined when the unit is parsed is an unused #pragma.
 */
static void pragma_ident(struct parser *ps, int line, const char *prname, const char *name)
{
	int k = program_ident(ps, name);

	if (k < 0)
		dt_error(ps->cc->errs, line, "D_PRAGMA_SCOPE", "#pragma %s cannot modify entity defined outside program scope", prname);
	if (k == 0) {
		struct pending_pragma *pp = xcalloc(1, sizeof(*pp));
		pp->name = xstrdup(name);
		pp->prname = prname;
		pp->line = line;
		pv_push(&ps->pending, pp);
	}
}

static void pragma_attributes(struct parser *ps, int line, const char *prname, struct ctl_tok *a, int n)
{
	if (n < 2 || a[0].kind != CT_IDENT || a[1].kind != CT_IDENT)
		dt_error(ps->cc->errs, line, "D_PRAGMA_MALFORM", "malformed #pragma %s <attributes> <ident>", prname);
	if (!valid_attributes(a[0].text))
		dt_error(ps->cc->errs, line, "D_PRAGMA_INVAL", "invalid attributes specified by #pragma %s", prname);
	if (strcmp(a[1].text, "provider") != 0) {
		pragma_ident(ps, line, prname, a[1].text);
		return;
	}
	/* ATTRS provider NAME PART (DTrace reads past the end when NAME or
	 * PART is missing; that is malformed here) */
	if (n < 4)
		dt_error(ps->cc->errs, line, "D_PRAGMA_MALFORM", "malformed #pragma %s <attributes> <ident>", prname);
	static const char *const parts[] = {"provider", "module", "function", "name", "args"};
	for (int i = 0; i < ps->prog->provdefs.n; i++) {
		struct dt_provdef *pv = ps->prog->provdefs.v[i];
		if (strcmp(pv->name, a[2].text) != 0)
			continue;
		/* DTrace names the provider where it means the component */
		int ok = 0;
		for (size_t j = 0; j < ARRAY_SIZE(parts); j++)
			ok |= strcmp(parts[j], a[3].text) == 0;
		if (!ok)
			dt_error(ps->cc->errs, line, "D_PRAGMA_INVAL", "invalid component \"%s\" in attribute #pragma for provider %s",
				 a[2].text, a[3].text);
		return;
	}
}

static void pragma_binding(struct parser *ps, int line, const char *prname, struct ctl_tok *a, int n)
{
	if (n < 2 || a[0].kind != CT_STRING || a[1].kind != CT_IDENT)
		dt_error(ps->cc->errs, line, "D_PRAGMA_MALFORM", "malformed #pragma %s \"version\" <ident>", prname);
	if (!valid_version(a[0].text))
		dt_error(ps->cc->errs, line, "D_PRAGMA_INVAL", "invalid version string specified by #pragma %s", prname);
	pragma_ident(ps, line, prname, a[1].text);
}

static void pragma_depends(struct parser *ps, int line, const char *prname, struct ctl_tok *a, int n)
{
	int found;

	if (n < 2 || a[0].kind != CT_IDENT || a[1].kind != CT_IDENT)
		dt_error(ps->cc->errs, line, "D_PRAGMA_MALFORM", "malformed #pragma %s <class> <name>", prname);
	if (strcmp(a[0].text, "library") == 0)	/* only a library may depend on one */
		dt_error(ps->cc->errs, line, "D_PRAGMA_DEPEND", "main program may not explicitly depend on a library");
	if (strcmp(a[0].text, "provider") != 0 && strcmp(a[0].text, "module") != 0)
		dt_error(ps->cc->errs, line, "D_PRAGMA_INVAL", "invalid class %s specified by #pragma %s", a[0].text, prname);
	found = 1;
	if (strcmp(a[0].text, "provider") == 0)
		for (int i = 0; i < ps->prog->provdefs.n && found; i++)
			found = strcmp(((struct dt_provdef *)ps->prog->provdefs.v[i])->name, a[1].text) != 0;
	if (found && ps->o->depends_on)
		found = ps->o->depends_on(ps->o->arg, a[0].text, a[1].text);
	else
		found = 1;
	if (!found)
		dt_error(ps->cc->errs, line, "D_PRAGMA_DEPEND", "program requires %s %s", a[0].text, a[1].text);
}

static void pragma_error(struct parser *ps, int line, const char *prname, struct ctl_tok *a, int n)
{
	struct strbuf sb;

	sb_init(&sb);
	for (int i = 0; i < n; i++) {
		if (a[i].kind == CT_INT)
			continue;	/* DTrace joins its identifiers and strings */
		sb_puts(&sb, a[i].text);
		sb_putc(&sb, ' ');
	}
	dt_error(ps->cc->errs, line, "D_PRAGERR", "#%s: %s", prname, sb.s ? sb.s : "");
}

static void pragma_option(struct parser *ps, int line, const char *prname, struct ctl_tok *a, int n)
{
	if (n < 1 || a[0].kind != CT_IDENT)
		dt_error(ps->cc->errs, line, "D_PRAGMA_MALFORM", "malformed #pragma %s <option>=<val>", prname);
	if (n > 1)
		dt_error(ps->cc->errs, line, "D_PRAGMA_MALFORM", "superfluous arguments specified for #pragma %s", prname);
	char *eq = strchr(a[0].text, '=');
	if (eq)
		*eq = 0;
	if (ps->o->on_option)
		ps->o->on_option(ps->o->arg, line, a[0].text, eq ? eq + 1 : NULL);
}

/* # N ["file" [flags...]]: the number of the next line */
static int pragma_line(struct parser *ps, int line, const char *prname, struct ctl_tok *a, int n)
{
	if (n < 1 || a[0].kind != CT_INT || (n > 1 && a[1].kind != CT_STRING))
		dt_error(ps->cc->errs, line, "D_PRAGMA_MALFORM", "malformed #%s <line> [ [\"file\"] state ]", prname);
	for (int i = 2; i < n; i++)
		if (a[i].kind != CT_INT)
			dt_error(ps->cc->errs, line, "D_PRAGMA_MALFORM", "malformed #%s <line> [ [\"file\"] state ]", prname);
	return (int)a[0].ival;
}

/*
 * A control line, as DTrace's dt_pragma reads it: "# N" is a line marker;
 * "#pragma D name ..." one of D's pragmas, "#pragma name ..." a pragma
 * any compiler knows (unknown ones ignored), "#name ..." a directive.
 */
static int control(void *arg, int line, struct ctl_tok *t, int n)
{
	enum { DIR, SUB, DCP };		/* after #, after #pragma, after #pragma D */
	static const struct {
		const char *name;
		int kind;
	} known[] = {
		{"attributes", DCP}, {"binding", DCP}, {"depends_on", DCP}, {"error", DIR},
		{"ident", DIR}, {"line", DIR}, {"option", DCP},
	};
	struct parser *ps = arg;
	int kind = DIR;

	for (int i = 0; i < n; i++) {
		if (t[i].kind == CT_INT)
			return pragma_line(ps, line, "line", t + i, n - i);
		if (t[i].kind != CT_IDENT)
			dt_error(ps->cc->errs, line, "D_PRAGCTL_INVAL", "invalid control directive");
		if (kind == DIR && strcmp(t[i].text, "pragma") == 0) {
			kind = SUB;
			continue;
		}
		if (kind == SUB && strcmp(t[i].text, "D") == 0) {
			kind = DCP;
			continue;
		}
		const char *name = NULL;
		for (size_t k = 0; k < ARRAY_SIZE(known) && !name; k++)
			if (known[k].kind <= kind && strcmp(known[k].name, t[i].text) == 0)
				name = known[k].name;
		struct ctl_tok *a = t + i + 1;
		int na = n - i - 1;
		if (!name) {
			if (kind == DIR)
				dt_error(ps->cc->errs, line, "D_PRAGCTL_INVAL", "invalid control directive: #%s", t[i].text);
			if (kind == DCP)
				dt_error(ps->cc->errs, line, "D_PRAGMA_INVAL", "invalid D pragma: %s", t[i].text);
			return 0;	/* an unknown #pragma: ignored */
		}
		if (strcmp(name, "attributes") == 0)
			pragma_attributes(ps, line, name, a, na);
		else if (strcmp(name, "binding") == 0)
			pragma_binding(ps, line, name, a, na);
		else if (strcmp(name, "depends_on") == 0)
			pragma_depends(ps, line, name, a, na);
		else if (strcmp(name, "error") == 0)
			pragma_error(ps, line, name, a, na);
		else if (strcmp(name, "option") == 0)
			pragma_option(ps, line, name, a, na);
		else if (strcmp(name, "line") == 0)
			return pragma_line(ps, line, name, a, na);
		return 0;	/* #ident: ignored */
	}
	return 0;
}

/* After the unit is parsed: a #pragma attributes or binding whose
 * identifier the program never defined is an error (dt_idpragma). */
static void pragmas_unused(struct parser *ps)
{
	for (int i = 0; i < ps->pending.n; i++) {
		struct pending_pragma *pp = ps->pending.v[i];
		if (program_ident(ps, pp->name) == 0)
			dt_error(ps->cc->errs, pp->line, "D_PRAGMA_UNUSED", "unused #pragma %s", pp->prname);
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
	lex_init(&ps.lx, src, cc->errs);
	ps.lx.is_type_name = is_type_name_cb;
	ps.lx.control = control;
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
	pragmas_unused(&ps);
	pv_free(&ps.pending);
	return ps.ndecls;
}

/* Parse a D expression from a string (translator definitions). */
struct node *dt_parse_expr_string(struct dt_cc *cc, const char *text, int line)
{
	struct parser ps;
	struct node *n;

	memset(&ps, 0, sizeof(ps));
	ps.cc = cc;
	lex_init(&ps.lx, text, cc->errs);
	ps.lx.is_type_name = is_type_name_cb;
	ps.lx.arg = &ps;
	ps.lx.line = line;
	advance(&ps);
	n = parse_expr(&ps);
	if (ps.cur.kind != T_EOF)
		syntax_error(&ps);
	return n;
}
