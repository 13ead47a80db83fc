/*
 * decl.c - declarations as D has them (DTrace's dt_decl.c and
 * dt_node_decl): declaration specifiers checked as they are read,
 * C declarators (pointers, arrays, associative-array tuples, function
 * prototypes and their parameter rules), struct, union and enum bodies
 * (members checked and laid out as libctf lays out DTrace's types),
 * variable, extern and typedef declarations, and inline definitions.
 */
#include "parse_int.h"

#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "sema.h"
#include "sema_int.h"

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
	struct ptrvec ev = {.pool = &ps->cc->pool};

	parse_expect(ps, T_LBRACE);
	if (ps->cur.kind == T_RBRACE)	/* C's grammar: at least one enumerator */
		parse_syntax_error(ps);
	while (ps->cur.kind != T_RBRACE) {
		if (ps->cur.kind != T_IDENT)
			parse_syntax_error(ps);
		struct dt_enumerator *e = pool_calloc(&ps->cc->pool, 1, sizeof(*e));
		e->name = ps->cur.text;
		parse_advance(ps);
		if (strchr(e->name, '`'))
			dt_error(ps->cc->errs, ps->cur.line, "D_DECL_SCOPE", "D scoping operator may not be used in an enumerator name (%s)", e->name);
		if (parse_accept(ps, T_ASSIGN)) {
			/* an earlier enumerator of this enum, or an integral
			 * constant expression (DTrace's dt_decl_enumerator) */
			struct node *v = parse_cond(ps);
			enum_bind(v, &ev);
			if (!sema_const(ps->cc, v, &next))
				dt_error(ps->cc->errs, ps->cur.line, "D_DECL_ENCONST",
					 "enumerator '%s' must be assigned to an integral constant expression", e->name);
			if (next > INT32_MAX || next < INT32_MIN)
				dt_error(ps->cc->errs, ps->cur.line, "D_DECL_ENOFLOW",
					 "enumerator '%s' value overflows INT_MAX (%d)", e->name, INT32_MAX);
		}
		/* only an assigned value is range-checked: one past the last
		 * is C's int arithmetic (DTrace's ds_enumval + 1) */
		else
			next = (int32_t)(uint32_t)next;
		/* the enum's own members first (CTF refuses a duplicate),
		 * then the global name space that enumerators share */
		for (int i = 0; i < ev.n; i++)
			if (strcmp(((struct dt_enumerator *)ev.v[i])->name, e->name) == 0)
				dt_error(ps->cc->errs, ps->cur.line, "D_UNKNOWN",
					 "failed to define enumerator '%s': Duplicate member or variable name.", e->name);
		int64_t prev;
		if (types_find_enumerator(ps->cc->types, e->name, &prev) ||
		    dt_var_find(&ps->prog->globals, e->name) || sema_builtin_var(ps->cc, e->name) ||
		    sema_fn_lookup(ps->cc, e->name) != F_NONE || pv_find_named(&ps->prog->inlines, e->name))
			dt_error(ps->cc->errs, ps->cur.line, "D_DECL_IDRED", "identifier redeclared: %s", e->name);
		e->value = next++;
		pv_push(&ev, e);
		if (!parse_accept(ps, T_COMMA))
			break;
	}
	parse_expect(ps, T_RBRACE);
	t->nenums = ev.n;
	t->enums = pool_calloc(&ps->cc->pool, (size_t)ev.n, sizeof(struct dt_enumerator));
	for (int i = 0; i < ev.n; i++)
		t->enums[i] = *(struct dt_enumerator *)ev.v[i];
	t->complete = 1;
	t->size = 4;
	t->is_signed = 1;
	types_sync_aliases(ps->cc->types);
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
	int qualified;		/* const, volatile, restrict or userland given */
};

/* What one may put before a declarator (parse_specifiers). */
enum { SPEC_TYPE, SPEC_PARAM, SPEC_DECL };

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

/* dt_decl_spec: a second kind or name is an invalid combination; a scoped
 * name (mod`type) is a type name only as the first word of a declaration's
 * specifiers (DTrace checks the scope only once its declaration exists) */
static void decl_spec_check(struct parser *ps, const struct declspec *ds, const char *name)
{
	if (ds->name || ds->kind != DK_UNKNOWN)
		dt_error(ps->cc->errs, ps->cur.line, "D_DECL_COMBO", "invalid type combination");
	if ((ds->attr || ds->qualified) && name && strchr(name, '`'))
		dt_error(ps->cc->errs, ps->cur.line, "D_DECL_SCOPE", "D scoping operator may not be used in a type name");
}

static void decl_spec(struct parser *ps, struct declspec *ds, enum dkind kind, const char *name)
{
	decl_spec_check(ps, ds, name);
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

/*
 * A struct, union or enum only named so far: DTrace's forward tag
 * (CTF_K_FORWARD, for an enum too), which no object or member may have.
 */
static int tag_incomplete(const struct dt_type *t)
{
	return (t->kind == TY_STRUCT || t->kind == TY_UNION || t->kind == TY_ENUM) && !t->complete && !t->btf_id;
}

static void parse_struct_body(struct parser *ps, struct dt_type *t);
static void parse_enum_body(struct parser *ps, struct dt_type *t);

/* struct/union/enum [tag] [{ body }] */
static struct dt_type *parse_sou_spec(struct parser *ps)
{
	enum tok k = ps->cur.kind;
	enum ty_kind tk = k == T_STRUCT ? TY_STRUCT : k == T_UNION ? TY_UNION : TY_ENUM;
	struct dt_type *t;

	parse_advance(ps);
	if (ps->cur.kind == T_IDENT || ps->cur.kind == T_TNAME) {
		if (strchr(ps->cur.text, '`') && ps->lx.p[0] != 0) {
			/* a scoped name (mod`tag) cannot be defined */
			struct dt_lexer save = ps->lx;
			struct token savet = ps->cur;
			parse_advance(ps);
			if (ps->cur.kind == T_LBRACE) {
				parse_advance(ps);	/* an empty body is the first error */
				if (ps->cur.kind != T_RBRACE) {
					ps->lx = save;
					ps->cur = savet;
					parse_advance(ps);
				}
				parse_syntax_error(ps);
			}
			ps->lx = save;
			ps->cur = savet;
		}
		char *tag = ps->cur.text;
		t = type_tag_in(ps->cc->types, tk, tag);
		parse_advance(ps);
		/* a definition is the context's own: it hides a kernel
		 * type of the same name rather than changing it */
		if (ps->cur.kind == T_LBRACE && !type_in_table(ps->cc->types, t))
			t = type_define_tag(ps->cc->types, tk, tag);
	} else {
		t = type_define_anon(ps->cc->types, tk);
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
				parse_syntax_error(ps);
			if (ds->sclass != DC_DEFAULT)
				dt_error(ps->cc->errs, ps->cur.line, "D_DECL_CLASS", "only one storage class allowed in a declaration");
			ds->sclass = cls;
			/* before the next word is read: a typedef's name is
			 * not taken as an identifier for good (id_or_type) */
			if (cls == DC_TYPEDEF)
				ps->in_typedef = 1;
			parse_advance(ps);
			continue;
		}
		switch (ps->cur.kind) {
		case T_CONST: case T_VOLATILE: case T_RESTRICT: case T_USERLAND:
			ds->qualified = 1;
			parse_advance(ps);
			continue;
		case T_VOID: decl_spec(ps, ds, DK_INTEGER, "void"); break;
		case T_CHAR_KW: decl_spec(ps, ds, DK_INTEGER, "char"); break;
		case T_INT_KW: decl_spec(ps, ds, DK_INTEGER, "int"); break;
		case T_FLOAT: decl_spec(ps, ds, DK_FLOAT, "float"); break;
		case T_DOUBLE: decl_spec(ps, ds, DK_FLOAT, "double"); break;
		case T_STRING_KW: decl_spec(ps, ds, DK_TYPEDEF, "string"); break;
		case T_SHORT: parse_advance(ps); decl_attr(ps, ds, DA_SHORT); continue;
		case T_LONG: parse_advance(ps); decl_attr(ps, ds, DA_LONG); continue;
		case T_SIGNED: parse_advance(ps); decl_attr(ps, ds, DA_SIGNED); continue;
		case T_UNSIGNED: parse_advance(ps); decl_attr(ps, ds, DA_UNSIGNED); continue;
		case T_TNAME: {
			/* after a type specifier, a type's name is the
			 * declarator's (DTrace's lexer: "short foo_t" declares
			 * foo_t, as in C) */
			enum tok nk = parse_peek(ps);
			if (ds->name || ds->kind != DK_UNKNOWN || ds->attr) {
				/* the declarator's name: "T T x;" declares T,
				 * refused as a type's name before x is read */
				return;
			}
			if (what != SPEC_TYPE && (nk == T_SEMI || nk == T_LBRACK || nk == T_ASSIGN || nk == T_INC || nk == T_DEC))
				return;
			decl_spec(ps, ds, DK_TYPEDEF, ps->cur.text);
			break;
		}
		case T_STRUCT: case T_UNION: case T_ENUM: {
			/* the tag is what dt_decl_spec checks */
			struct dt_lexer save = ps->lx;
			struct token kw = ps->cur;
			parse_advance(ps);
			const char *tag = ps->cur.kind == T_IDENT || ps->cur.kind == T_TNAME ? ps->cur.text : NULL;
			decl_spec_check(ps, ds, tag);
			ps->lx = save;
			ps->cur = kw;
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
		parse_advance(ps);
		decl_check(ps, ds);
	}
}

/* Whether a name the specifiers spell is one of D's intrinsic integer
 * types (dt_open.c's _dtrace_intrinsics_64); a trailing blank is ignored,
 * as the CTF lookup ignores it. */
static int intrinsic_integer(const char *spelled)
{
	static const char *const names[] = {
		"signed", "unsigned", "char", "short", "int", "long", "long long",
		"signed char", "signed short", "signed int", "signed long", "signed long long",
		"unsigned char", "unsigned short", "unsigned int", "unsigned long", "unsigned long long",
	};
	size_t n = strlen(spelled);

	while (n > 0 && spelled[n - 1] == ' ')
		n--;
	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if (strlen(names[i]) == n && strncmp(names[i], spelled, n) == 0)
			return 1;
	return 0;
}

/* The type the specifiers name (DTrace's dt_decl_type). */
static struct dt_type *declspec_type(struct parser *ps, struct declspec *ds)
{
	int a = ds->attr, line = ps->cur.line;
	int uns = a & DA_UNSIGNED, sign = a & DA_SIGNED;

	if (!ds->any && ds->sclass == DC_DEFAULT)
		parse_syntax_error(ps);
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
	/* DTrace looks up the name the attributes spell (dt_decl_type): the
	 * sign, then short, long and long long, then the type's own name
	 * unless a size was given; D's intrinsic integers are the names that
	 * resolve ("short long", "signed unsigned", "long long long" do not) */
	char spelled[64];
	snprintf(spelled, sizeof(spelled), "%s%s%s%s%s%s", sign ? "signed " : "", uns ? "unsigned " : "",
		 a & DA_SHORT ? "short " : "", a & DA_LONG ? "long " : "", a & DA_LONGLONG ? "long long " : "",
		 (a & (DA_SHORT | DA_LONG | DA_LONGLONG)) ? "" : ds->name ? ds->name : a ? "" : "int");
	if (!intrinsic_integer(spelled))
		dt_error(ps->cc->errs, line, "D_UNKNOWN", "failed to resolve type %s: Unknown type name", spelled);
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
	int nsuf, capsuf;		/* suf grows by doubling (x[1][1]...) */
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

	if (parse_accept(ps, close)) {
		*np = 0;
		return NULL;
	}
	for (;;) {
		struct dparam *p;
		v = pool_realloc(&ps->cc->pool, v, (size_t)(n + 1) * sizeof(*v));
		p = &v[n++];
		memset(p, 0, sizeof(*p));
		if (parse_accept(ps, T_ELLIPSIS)) {
			p->line = ps->cur.line;
			parse_expect(ps, close);
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
		if (parse_accept(ps, T_COMMA))
			continue;
		parse_expect(ps, close);
		break;
	}
	*np = n;
	return v;
}

/* A declarator's array and function suffixes; each one is a level of
 * nesting (parse_deeper), undone by the caller, parse_declarator. */
static void parse_suffixes(struct parser *ps, struct declarator *d)
{
	for (;;) {
		struct dsuffix s = {0};
		int line = ps->cur.line;

		if (parse_accept(ps, T_LBRACK)) {
			if (parse_accept(ps, T_RBRACK)) {
				s.kind = SUF_EMPTY;
			} else if (parse_starts_type(ps->cur.kind) || ps->cur.kind == T_ELLIPSIS ||
				   ps->cur.kind == T_REGISTER || ps->cur.kind == T_AUTO || ps->cur.kind == T_STATIC ||
				   ps->cur.kind == T_EXTERN || ps->cur.kind == T_TYPEDEF) {
				int n;
				struct dparam *v = parse_params(ps, T_RBRACK, &n);
				check_params(ps, v, n, "array", 0);
				s.kind = SUF_TUPLE;
				s.keys.pool = s.names.pool = &ps->cc->pool;
				for (int i = 0; i < n; i++) {
					pv_push(&s.keys, v[i].type);
					pv_push(&s.names, v[i].name);
				}
				pool_release(&ps->cc->pool, v);
			} else {
				struct node *e = parse_cond(ps);
				int64_t dim;
				line = ps->cur.line;
				if (!sema_const(ps->cc, e, &dim) || dim <= 0)
					dt_error(ps->cc->errs, line, "D_DECL_ARRSUB",
						 "positive integral constant expression or tuple signature expected as array declaration subscript");
				if ((uint64_t)dim > UINT32_MAX)
					dt_error(ps->cc->errs, line, "D_DECL_ARRBIG", "array dimension too big");
				parse_expect(ps, T_RBRACK);
				s.kind = SUF_ARRAY;
				s.dim = (uint32_t)dim;
			}
		} else if (ps->cur.kind == T_LPAREN) {
			int n;
			parse_advance(ps);
			struct dparam *v = parse_params(ps, T_RPAREN, &n);
			check_params(ps, v, n, "function", 1);
			pool_release(&ps->cc->pool, v);
			s.kind = SUF_FUNC;
		} else {
			return;
		}
		parse_deeper(ps);	/* a[1][2]...: each dimension a level */
		if (d->nsuf == d->capsuf) {
			d->capsuf = d->capsuf ? 2 * d->capsuf : 4;
			d->suf = pool_realloc(&ps->cc->pool, d->suf, (size_t)d->capsuf * sizeof(*d->suf));
		}
		d->suf[d->nsuf++] = s;
	}
}

static void parse_declarator(struct parser *ps, struct declarator *d, int mode)
{
	int depth = ps->depth;

	for (;;) {
		if (parse_accept(ps, T_STAR)) {
			parse_deeper(ps);	/* int ***p: each '*' a level */
			d->nptr++;
			continue;
		}
		if (d->nptr && (ps->cur.kind == T_CONST || ps->cur.kind == T_VOLATILE || ps->cur.kind == T_RESTRICT)) {
			parse_advance(ps);
			continue;
		}
		break;
	}
	if (mode != DECL_ABSTRACT && (ps->cur.kind == T_IDENT || ps->cur.kind == T_TNAME)) {
		d->name = ps->cur.text;
		d->line = ps->cur.line;
		parse_advance(ps);
	} else if (ps->cur.kind == T_LPAREN) {
		enum tok nk = parse_peek(ps);
		if (nk == T_STAR || nk == T_LPAREN || nk == T_LBRACK ||
		    (mode != DECL_ABSTRACT && (nk == T_IDENT || nk == T_TNAME))) {
			parse_advance(ps);
			parse_deeper(ps);
			d->inner = pool_calloc(&ps->cc->pool, 1, sizeof(*d->inner));
			parse_declarator(ps, d->inner, mode);
			parse_expect(ps, T_RPAREN);
		} else if (mode == DECL_NAMED) {
			parse_advance(ps);	/* int (); names nothing */
			parse_syntax_error(ps);
		}
	} else if (mode == DECL_NAMED) {
		parse_syntax_error(ps);
	}
	parse_suffixes(ps, d);
	ps->depth = depth;
}

/* A function returning t: a type of size zero, as DTrace's. */
static struct dt_type *type_func(struct dt_pool *pool, struct dt_type *ret)
{
	struct dt_type *t = pool_calloc(pool, 1, sizeof(*t));
	t->pool = pool;
	t->kind = TY_FUNC;
	t->ref = ret;
	t->name = pool_strdup(pool, "function");
	return t;
}

/* An array of dim t's: past 4 GB a type's size cannot hold it (DTrace's
 * D_DECL_ARRBIG for the dimension alone is parse_suffixes'). */
static struct dt_type *array_of(struct parser *ps, struct dt_type *t, uint32_t dim)
{
	if (t->size && dim > UINT32_MAX / t->size)
		dt_error(ps->cc->errs, ps->cur.line, "D_DECL_ARRBIG", "array dimension too big");
	return type_array(&ps->cc->pool, t, dim);
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
			t = type_func(&ps->cc->pool, t);
			break;
		case SUF_ARRAY:
			if (t->kind == TY_VOID)
				dt_error(ps->cc->errs, ps->cur.line, "D_DECL_VOIDOBJ", "cannot declare array of void");
			t = array_of(ps, t, s->dim);
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
				t = type_array(&ps->cc->pool, t, 0);
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
struct dt_type *parse_type_name(struct parser *ps)
{
	struct declspec ds;
	struct declarator d = {0};
	struct declinfo info = {0};

	parse_specifiers(ps, &ds, SPEC_TYPE);
	struct dt_type *t = declspec_type(ps, &ds);
	parse_declarator(ps, &d, DECL_ABSTRACT);
	t = declarator_type(ps, t, &d, &info);
	if (info.is_empty)
		t = type_array(&ps->cc->pool, t, 0);
	return t;
}

/* Specifiers alone, as a probe parameter's type begins. */
struct dt_type *parse_spec_type(struct parser *ps)
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
	struct ptrvec mems = {.pool = &ps->cc->pool};
	struct dt_errstate *es = ps->cc->errs;
	int depth = ps->depth;

	parse_deeper(ps);	/* struct { struct { ... } } nests */
	parse_expect(ps, T_LBRACE);
	if (ps->cur.kind == T_RBRACE)	/* C's grammar: at least one member */
		parse_syntax_error(ps);
	while (ps->cur.kind != T_RBRACE) {
		struct declspec ds;
		/* a member declared with a typedef keeps its name (print()) */
		const char *tdname = ps->cur.kind == T_TNAME ? pool_strdup(&ps->cc->pool, ps->cur.text) : NULL;
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
			if (parse_accept(ps, T_COLON))
				bits = parse_cond(ps);
			int line = ps->cur.line;
			if (!bits && !name)
				dt_error(es, line, "D_DECL_MNAME", "member declaration requires a name");
			if (name && strchr(name, '`'))
				dt_error(es, line, "D_DECL_SCOPE", "D scoping operator may not be used in a member name (%s)", name);
			if (info.is_assoc)
				dt_error(es, line, "D_DECL_DYNOBJ", "cannot have dynamic member: %s", name);
			if (info.is_empty)
				mt = type_array(&ps->cc->pool, mt, 0);
			if (tag_incomplete(mt))
				dt_error(es, line, "D_DECL_INCOMPLETE", "incomplete struct/union/enum %s: %s", type_name(mt), name);
			if (type_size(mt, 256) == 0)
				dt_error(es, line, "D_DECL_VOIDOBJ", "cannot have void member: %s", name ? name : "(null)");
			uint32_t msize = type_size(mt, 256), malign = type_align(mt);
			struct dt_member *m = pool_calloc(&ps->cc->pool, 1, sizeof(*m));
			if (bits) {
				if (!name && bits->kind == N_INT && bits->ival == 0) {
					pool_release(&ps->cc->pool, m);	/* ": 0" only ends a storage unit */
					continue;
				}
				if (!sema_const(ps->cc, bits, &w) || w <= 0)
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
			/* libctf's ctf_add_member refuses a second member of a
			 * name (ECTF_DUPLICATE), which dt_decl_member reports */
			for (int i = 0; name && i < mems.n; i++)
				if (strcmp(((struct dt_member *)mems.v[i])->name, name) == 0)
					dt_error(es, line, "D_UNKNOWN", "failed to define member '%s': Duplicate member or variable name.", name);
			m->name = name ? name : "";
			m->type = mt;
			m->tname = mt == base ? tdname : NULL;
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
		} while (parse_accept(ps, T_COMMA));
		parse_expect(ps, T_SEMI);
	}
	parse_advance(ps);
	t->nmembers = mems.n;
	t->members = pool_calloc(&ps->cc->pool, (size_t)mems.n, sizeof(struct dt_member));
	for (int i = 0; i < mems.n; i++)
		t->members[i] = *(struct dt_member *)mems.v[i];
	t->size = size;
	t->complete = 1;
	types_sync_aliases(ps->cc->types);
	pv_free(&mems);
	ps->depth = depth;
}

/*
 * A global variable's name against the other globals a program declared:
 * an enumerator, or an inline of another kind or type (dt_node_decl
 * compares the identifier it finds; an inline of the same kind and type
 * passes, as there, and stays what the name is: 1).
 */
static int check_global_name(struct parser *ps, const char *name, struct dt_type *t, int is_assoc)
{
	const char *kind = is_assoc ? "associative array" : "scalar";
	struct dt_inline *in = pv_find_named(&ps->prog->inlines, name);
	struct dt_type *et;
	int64_t ev;

	if ((et = types_enumerator_enum(ps->cc->types, name, &ev)))
		dt_error(ps->cc->errs, ps->cur.line, "D_DECL_IDRED", "identifier redeclared: %s\n\t current: %s %s\n\tprevious: enumerator %s",
			 name, kind, type_name(t), type_name(et));
	if (in && (!in->nparams != !is_assoc || (in->type != t && strcmp(type_name(in->type), type_name(t)) != 0)))
		dt_error(ps->cc->errs, ps->cur.line, "D_DECL_IDRED", "identifier redeclared: %s\n\t current: %s %s\n\tprevious: %s %s",
			 name, kind, type_name(t), in->nparams ? "associative array" : "scalar", type_name(in->type));
	return in != NULL;
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
			t = type_array(&ps->cc->pool, t, 0);
		if (dt_var_find(&ps->prog->globals, name))
			dt_error(es, ps->cur.line, "D_DECL_IDRED", "global variable identifier redeclared: %s", name);
		if (type_is_d_typedef(ps->cc->types, name))
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
		if (scope == VS_GLOBAL && (sema_builtin_var(ps->cc, name) || sema_fn_lookup(ps->cc, name) != F_NONE))
			dt_error(es, ps->cur.line, "D_DECL_IDRED", "built-in identifier redeclared: %s", name);
		if (type_is_name(ps->cc->types, name))
			dt_error(es, ps->cur.line, "D_DECL_IDRED", "typedef identifier redeclared: %s", name);
		if (info.is_assoc && scope == VS_CLAUSE)
			dt_error(es, ps->cur.line, "D_DECL_LOCASSC", "associative arrays may not be declared as local variables: %s", name);
		if (scope == VS_GLOBAL && check_global_name(ps, name, t, info.is_assoc))
			return;
		if (t->kind == TY_VOID)
			dt_error(es, line, "D_DECL_VOIDOBJ", "cannot have void object: %s", name);
		if (tag_incomplete(t))
			dt_error(es, ps->cur.line, "D_DECL_INCOMPLETE", "incomplete struct/union/enum %s: %s", type_name(t), name);
	} else if (info.is_empty) {
		t = type_array(&ps->cc->pool, t, 0);	/* extern int a[]: an array of unknown size */
		info.is_array = 1;
	}
	v = dt_var_find(vars, name);
	if (v) {
		/* a declaration again: the same kind and type, and the same
		 * key signature for an associative array (dt_node_decl) */
		const char *kind = info.is_assoc ? "associative array" : "scalar";
		const char *pkind = v->is_assoc ? "associative array" : "scalar";
		/* an extern again is a symbol of the D module again: its
		 * type is compared as a symbol's (dt_node_decl's DT_DC_EXTERN) */
		if (sclass == DC_EXTERN && v->is_extern && v->type && v->type != t &&
		    strcmp(type_name(v->type), type_name(t)) != 0)
			dt_error(es, ps->cur.line, "D_DECL_IDRED", "identifier redeclared: D`%s\n\t current: %s\n\tprevious: %s",
				 name, type_name(t), type_name(v->type));
		if (v->is_assoc != info.is_assoc || (v->type && v->type != t && strcmp(type_name(v->type), type_name(t)) != 0))
			dt_error(es, ps->cur.line, "D_DECL_IDRED", "identifier redeclared: %s\n\t current: %s %s\n\tprevious: %s %s",
				 name, kind, type_name(t), pkind, v->type ? type_name(v->type) : "int");
		for (int i = 0; info.is_assoc && v->nkeys > 0 && i < info.keys.n && i < v->nkeys; i++)
			if (v->keys[i] != info.keys.v[i] && strcmp(type_name(v->keys[i]), type_name(info.keys.v[i])) != 0)
				dt_error(es, ps->cur.line, "D_DECL_IDRED",
					 "identifier redeclared: %s\n\t current: %s, key #%d of type %s\n\tprevious: %s, key #%d of type %s",
					 name, kind, i + 1, type_name(info.keys.v[i]), pkind, i + 1, type_name(v->keys[i]));
		if (info.is_assoc && v->nkeys >= 0 && v->nkeys != info.keys.n)
			dt_error(es, ps->cur.line, "D_DECL_IDRED",
				 "identifier redeclared: %s\n\t current: %s of %s, tuple length %d\n\tprevious: %s of %s, tuple length %d",
				 name, kind, type_name(t), info.keys.n, pkind, v->type ? type_name(v->type) : "int", v->nkeys);
	} else {
		v = pool_calloc(&ps->cc->pool, 1, sizeof(*v));
		v->name = name;
		v->scope = scope;
		v->id = vars->n;
		pv_push(vars, v);
	}
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

/*
 * inline TYPE name = expr, or TYPE name[params] = expr: an inline with
 * arguments (DTrace's dt_node_inline); the parser is at "inline".
 */
void decl_inline(struct parser *ps)
{
	struct declspec ds;
	struct declarator d = {0};
	struct declinfo info = {0};
	parse_advance(ps);
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
	if (tag_incomplete(t))
		dt_error(ps->cc->errs, ps->cur.line, "D_DECL_INCOMPLETE", "incomplete struct/union/enum %s: %s", type_name(t), info.name);
	struct dt_inline *in = pool_calloc(&ps->cc->pool, 1, sizeof(*in));
	in->name = info.name;
	in->type = t;
	in->line = info.line;
	in->file = pragma_file(ps);
	if (info.is_assoc) {
		for (int i = 0; i < info.key_names.n; i++)
			if (!info.key_names.v[i])
				dt_error(ps->cc->errs, ps->cur.line, "D_DECL_PROTO_NAME", "parameter declaration requires a name: parameter #%d", i + 1);
		in->nparams = info.key_names.n;
		in->params = (char **)info.key_names.v;
		in->param_types = (struct dt_type **)info.keys.v;
	}
	parse_expect(ps, T_ASSIGN);
	const char *start = ps->cur.pos;
	in->expr = parse_expr(ps);
	in->text = pool_strndup(&ps->cc->pool, start, (size_t)(ps->cur.pos - start));
	in->user_text = ps->user_text;
	in->vmax_at_def = dt_cc_vmax(ps->cc);
	pv_push(&ps->prog->inlines, in);
	ps->ndecls++;
	ps->lx.pspec_mode = 1;
	parse_expect(ps, T_SEMI);
}

/*
 * A declaration of variables, externs or typedefs, or of a struct, union
 * or enum alone: specifiers, then declarators up to the ';'.
 */
void decl_variables(struct parser *ps, int line)
{
	struct declspec ds;
	parse_specifiers(ps, &ds, SPEC_DECL);
	if (ds.sclass != DC_DEFAULT && (ps->cur.kind == T_TRANSLATOR || ps->cur.kind == T_PROVIDER))
		parse_syntax_error(ps);	/* a translator or provider has no storage class */
	struct dt_type *base = declspec_type(ps, &ds);
	if (ps->cur.kind == T_SEMI) {
		/* no declarator: a struct, union or enum declared, or nothing */
		if (ds.kind != DK_SOU)
			dt_error(ps->cc->errs, line, "D_DECL_USELESS", "useless declaration");
		ps->in_typedef = 0;
		ps->lx.pspec_mode = 1;
		parse_advance(ps);
		return;
	}
	do
		declare_one(ps, &ds, base);
	while (parse_accept(ps, T_COMMA));
	ps->in_typedef = 0;
	ps->lx.pspec_mode = 1;
	parse_expect(ps, T_SEMI);
}
