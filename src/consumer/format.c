/*
 * format.c - DTrace's printf-family formats and trace() output.
 *
 * Owns: parsing printf()/printa()/system()/freopen() format strings with
 * DTrace's conversion dictionary, the compile-time prototype checks with
 * DTrace's D_PRINTF_* wording, the consumer-side rendering of recorded
 * values (printf and printa lines), trace()'s column layout and the
 * "rawbytes" hex dump.  The behaviour follows libdtrace's dt_printf.c and
 * dt_consume.c (Oracle Linux DTrace 2), checked against the conformance
 * suite's expected output; each quirk kept on purpose is noted where it is
 * implemented.  Actual number formatting is left to the C library, as
 * DTrace does, through a C format rebuilt from the parsed conversion.
 */
#define _POSIX_C_SOURCE 200809L	/* localtime_r */

#include "format.h"

#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wchar.h>

/* ------------------------------------------------------------------------ */
/* The conversion dictionary                                                 */
/* ------------------------------------------------------------------------ */

/* How an argument is checked against a conversion (dt_printf.c pfcheck_*). */
enum pfcheck {
	CK_KADDR,	/* %a: pointer or integer (or symbol address) */
	CK_UADDR,	/* %A: pointer or integer */
	CK_STACK,	/* %k: stack() / ustack() value */
	CK_TIME,	/* %Y %T: 64-bit integer */
	CK_STR,		/* %s %S: string or char [] */
	CK_WSTR,	/* %ls %ws: wchar_t [] */
	CK_CSI,		/* %c %C: integer no wider than int */
	CK_FP,		/* %e %f %g ...: floating point */
	CK_XINT,	/* %o %u %x %X: any integer */
	CK_DINT,	/* %d %i: any integer; signedness picks d or u */
	CK_XSHORT,	/* %hx %hX: short of either sign */
	CK_XLONG,	/* %lx %lX: long of either sign */
	CK_XLLONG,	/* %llx %llX: long long / [u]int64_t */
	CK_TYPE,	/* exactly the integer type named by proto */
	CK_LDOUBLE,	/* %Le ...: long double */
	CK_ADDR,	/* %p: pointer or integer */
	CK_NONE		/* %% */
};

/* How the value is rendered (dt_printf.c pfprint_*). */
enum pfprint {
	PR_SINT, PR_UINT, PR_DINT, PR_FP, PR_ADDR, PR_UADDR, PR_STACK,
	PR_TIME, PR_TIME822, PR_CSTR, PR_WSTR, PR_ESTR, PR_ECHR, PR_WCHR,
	PR_PCT
};

struct convdef {
	const char *name;	/* as written after the flags: "d", "llx" */
	const char *ofmt;	/* the C conversion it becomes */
	const char *proto;	/* the prototype named in messages */
	enum pfcheck check;
	enum pfprint print;
	int tsize, tsigned;	/* CK_TYPE: the required integer type */
};

static const char proto_xint[] = "char, short, int, long, or long long";
static const char proto_csi[] = "char, short, or int";
static const char proto_fp[] = "float, double, or long double";
static const char proto_addr[] = "pointer or integer";
static const char proto_uaddr[] =
	"pointer or integer (with -p/-c) or _usymaddr (without -p/-c)";
static const char proto_cstr[] = "char [] or string (or use stringof)";
static const char proto_wstr[] = "wchar_t []";

static const struct convdef convs[] = {
	{ "a", "s", proto_addr, CK_KADDR, PR_ADDR, 0, 0 },
	{ "A", "s", proto_uaddr, CK_UADDR, PR_UADDR, 0, 0 },
	{ "c", "c", proto_csi, CK_CSI, PR_SINT, 0, 0 },
	{ "C", "s", proto_csi, CK_CSI, PR_ECHR, 0, 0 },
	{ "d", "d", proto_xint, CK_DINT, PR_DINT, 0, 0 },
	{ "e", "e", proto_fp, CK_FP, PR_FP, 0, 0 },
	{ "E", "E", proto_fp, CK_FP, PR_FP, 0, 0 },
	{ "f", "f", proto_fp, CK_FP, PR_FP, 0, 0 },
	{ "g", "g", proto_fp, CK_FP, PR_FP, 0, 0 },
	{ "G", "G", proto_fp, CK_FP, PR_FP, 0, 0 },
	{ "hd", "d", "short", CK_TYPE, PR_SINT, 2, 1 },
	{ "hi", "i", "short", CK_TYPE, PR_SINT, 2, 1 },
	{ "ho", "o", "unsigned short", CK_TYPE, PR_UINT, 2, 0 },
	{ "hu", "u", "unsigned short", CK_TYPE, PR_UINT, 2, 0 },
	{ "hx", "x", "short", CK_XSHORT, PR_UINT, 0, 0 },
	{ "hX", "X", "short", CK_XSHORT, PR_UINT, 0, 0 },
	{ "i", "i", proto_xint, CK_DINT, PR_DINT, 0, 0 },
	{ "k", "s", "stack", CK_STACK, PR_STACK, 0, 0 },
	{ "lc", "lc", "int", CK_TYPE, PR_WCHR, 4, 1 },
	{ "ld", "d", "long", CK_TYPE, PR_SINT, 8, 1 },
	{ "li", "i", "long", CK_TYPE, PR_SINT, 8, 1 },
	{ "lo", "o", "unsigned long", CK_TYPE, PR_UINT, 8, 0 },
	{ "lu", "u", "unsigned long", CK_TYPE, PR_UINT, 8, 0 },
	{ "ls", "ls", proto_wstr, CK_WSTR, PR_WSTR, 0, 0 },
	{ "lx", "x", "long", CK_XLONG, PR_UINT, 0, 0 },
	{ "lX", "X", "long", CK_XLONG, PR_UINT, 0, 0 },
	{ "lld", "d", "long long", CK_TYPE, PR_SINT, 8, 1 },
	{ "lli", "i", "long long", CK_TYPE, PR_SINT, 8, 1 },
	{ "llo", "o", "unsigned long long", CK_TYPE, PR_UINT, 8, 0 },
	{ "llu", "u", "unsigned long long", CK_TYPE, PR_UINT, 8, 0 },
	{ "llx", "x", "long long", CK_XLLONG, PR_UINT, 0, 0 },
	{ "llX", "X", "long long", CK_XLLONG, PR_UINT, 0, 0 },
	{ "Le", "e", "long double", CK_LDOUBLE, PR_FP, 0, 0 },
	{ "LE", "E", "long double", CK_LDOUBLE, PR_FP, 0, 0 },
	{ "Lf", "f", "long double", CK_LDOUBLE, PR_FP, 0, 0 },
	{ "Lg", "g", "long double", CK_LDOUBLE, PR_FP, 0, 0 },
	{ "LG", "G", "long double", CK_LDOUBLE, PR_FP, 0, 0 },
	{ "o", "o", proto_xint, CK_XINT, PR_UINT, 0, 0 },
	{ "p", "x", proto_addr, CK_ADDR, PR_UINT, 0, 0 },
	{ "s", "s", proto_cstr, CK_STR, PR_CSTR, 0, 0 },
	{ "S", "s", proto_cstr, CK_STR, PR_ESTR, 0, 0 },
	{ "T", "s", "int64_t", CK_TIME, PR_TIME822, 0, 0 },
	{ "u", "u", proto_xint, CK_XINT, PR_UINT, 0, 0 },
	{ "wc", "wc", "int", CK_TYPE, PR_WCHR, 4, 1 },
	{ "ws", "ws", proto_wstr, CK_WSTR, PR_WSTR, 0, 0 },
	{ "x", "x", proto_xint, CK_XINT, PR_UINT, 0, 0 },
	{ "X", "X", proto_xint, CK_XINT, PR_UINT, 0, 0 },
	{ "Y", "s", "int64_t", CK_TIME, PR_TIME, 0, 0 },
	{ "%", "%", "void", CK_NONE, PR_PCT, 0, 0 },
};

static const struct convdef *conv_lookup(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(convs); i++)
		if (strcmp(convs[i].name, name) == 0)
			return &convs[i];
	return NULL;
}

/* ------------------------------------------------------------------------ */
/* Parsed form                                                               */
/* ------------------------------------------------------------------------ */

#define PF_ALT		0x001u	/* # */
#define PF_ZPAD		0x002u	/* 0 */
#define PF_LEFT		0x004u	/* - */
#define PF_SPOS		0x008u	/* + */
#define PF_SPACE	0x010u	/* ' ' */
#define PF_GROUP	0x020u	/* ' */
#define PF_DYNWIDTH	0x040u	/* * */
#define PF_DYNPREC	0x080u	/* .* */
#define PF_AGG		0x100u	/* @: consumes the aggregation's value */

/*
 * One descriptor per conversion, each carrying the literal text before it;
 * text after the last conversion (or an empty format) gets a descriptor of
 * its own with def == NULL, as in libdtrace.
 */
struct dtf_conv {
	const struct convdef *def;
	size_t preoff, preflen;	/* literal text: fmt[preoff .. +preflen) */
	unsigned flags;
	int width, prec;
};

struct dtf_format {
	char *fmt;
	int n;
	struct dtf_conv *v;
};

static void set_msg(char *msg, size_t msglen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void set_msg(char *msg, size_t msglen, const char *fmt, ...)
{
	va_list ap;

	if (!msg || !msglen)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, msglen, fmt, ap);
	va_end(ap);
}

static struct dtf_conv *conv_add(struct dtf_format *f, int *cap)
{
	struct dtf_conv *c;

	if (f->n == *cap) {
		*cap = *cap ? *cap * 2 : 8;
		f->v = xrealloc(f->v, (size_t)*cap * sizeof(*f->v));
	}
	c = &f->v[f->n++];
	memset(c, 0, sizeof(*c));
	return c;
}

/* ------------------------------------------------------------------------ */
/* Parsing (dt_printf_create)                                                */
/* ------------------------------------------------------------------------ */

struct dtf_format *dtf_parse(const char *fmt, const char **tag, char *msg,
			     size_t msglen)
{
	struct dtf_format *f = xcalloc(1, sizeof(*f));
	const char *q, *p;
	int cap = 0;

	f->fmt = xstrdup(fmt);

	for (q = f->fmt; (p = strchr(q, '%')) != NULL; q = *p ? p + 1 : p) {
		struct dtf_conv *c = conv_add(f, &cap);
		int num = f->n;		/* conversions count from 1 */
		char name[8];
		int namelen = 0, digits = 0, dot = 0, done = 0;

		c->preoff = (size_t)(q - f->fmt);
		c->preflen = (size_t)(p - q);

		while (!done) {
			char ch = *++p;

			switch (ch) {
			case '0': case '1': case '2': case '3': case '4':
			case '5': case '6': case '7': case '8': case '9': {
				long n = 0;

				/* A leading 0 is the flag, not the width. */
				if (!dot && !digits && ch == '0') {
					c->flags |= PF_ZPAD;
					c->flags &= ~PF_LEFT;
					break;
				}
				for (; isdigit((unsigned char)*p); p++)
					if (n < INT_MAX / 10)
						n = n * 10 + (*p - '0');
				p--;
				if (dot)
					c->prec = (int)n;
				else
					c->width = (int)n;
				digits++;
				break;
			}
			case '#':
				c->flags |= PF_ALT;
				break;
			case '*': {
				unsigned bit = dot ? PF_DYNPREC : PF_DYNWIDTH;

				if (c->flags & bit) {
					*tag = "D_SYNTAX";
					set_msg(msg, msglen, "format conversion #%d "
						"has more than one '*' specified "
						"for the output %s", num,
						dot ? "precision" : "width");
					goto fail;
				}
				c->flags |= bit;
				break;
			}
			case '+':
				c->flags |= PF_SPOS;
				break;
			case '-':
				c->flags |= PF_LEFT;
				c->flags &= ~PF_ZPAD;
				break;
			case '.':
				if (dot++) {
					*tag = "D_SYNTAX";
					set_msg(msg, msglen, "format conversion #%d "
						"has more than one '.' specified",
						num);
					goto fail;
				}
				digits = 0;
				break;
			case '?':
				c->width = 16;	/* pointer width on LP64 */
				break;
			case '@':
				c->flags |= PF_AGG;
				break;
			case '\'':
				c->flags |= PF_GROUP;
				break;
			case ' ':
				c->flags |= PF_SPACE;
				break;
			case '$':
				*tag = "D_SYNTAX";
				set_msg(msg, msglen, "format conversion #%d uses "
					"unsupported positional format (%%n$)",
					num);
				goto fail;
			case '%':
				if (p[-1] == '%') {	/* %%: the "%" conversion */
					name[namelen++] = ch;
					name[namelen] = 0;
					done = 1;
					break;
				}
				*tag = "D_SYNTAX";
				set_msg(msg, msglen, "format conversion #%d cannot "
					"be combined with other format flags: %%%%",
					num);
				goto fail;
			case '\0':
				*tag = "D_SYNTAX";
				set_msg(msg, msglen, "format conversion #%d name "
					"expected before end of format string", num);
				goto fail;
			case 'h': case 'l': case 'L': case 'w':
				if (namelen < (int)sizeof(name) - 2)
					name[namelen++] = ch;
				break;
			default:
				name[namelen++] = ch;
				name[namelen] = 0;
				done = 1;
				break;
			}
		}

		c->def = conv_lookup(name);
		if (!c->def) {
			*tag = "D_SYNTAX";
			set_msg(msg, msglen,
				"format conversion #%d is undefined: %%%s",
				num, name);
			goto fail;
		}
	}

	if (*q != '\0' || f->fmt[0] == '\0') {
		struct dtf_conv *c = conv_add(f, &cap);

		c->preoff = (size_t)(q - f->fmt);
		c->preflen = strlen(q);
	}
	return f;

fail:
	dtf_free(f);
	return NULL;
}

void dtf_free(struct dtf_format *f)
{
	if (!f)
		return;
	free(f->v);
	free(f->fmt);
	free(f);
}

int dtf_nargs(const struct dtf_format *f)
{
	int i, n = 0;

	for (i = 0; i < f->n; i++) {
		const struct dtf_conv *c = &f->v[i];

		if (!c->def || c->def->print == PR_PCT)
			continue;
		n += !!(c->flags & PF_DYNWIDTH) + !!(c->flags & PF_DYNPREC);
		n += !(c->flags & PF_AGG);
	}
	return n;
}

int dtf_has_aggconv(const struct dtf_format *f)
{
	int i;

	for (i = 0; i < f->n; i++)
		if (f->v[i].def && (f->v[i].flags & PF_AGG))
			return 1;
	return 0;
}

/* ------------------------------------------------------------------------ */
/* Prototype checks (dt_printf_validate)                                     */
/* ------------------------------------------------------------------------ */

/* The type name DTrace's messages show for an argument. */
static const char *arg_name(const struct dtf_argtype *a)
{
	if (a->name)
		return a->name;
	switch (a->kind) {
	case DTF_T_INT:
		switch (a->size) {
		case 1: return a->is_signed ? "char" : "unsigned char";
		case 2: return a->is_signed ? "short" : "unsigned short";
		case 4: return a->is_signed ? "int" : "unsigned int";
		default: return a->is_signed ? "long" : "unsigned long";
		}
	case DTF_T_PTR: return "void *";
	case DTF_T_STRING: return "string";
	case DTF_T_CHARARR: return "char []";
	case DTF_T_VOID: return "void";
	case DTF_T_AGG: return "aggregation";
	case DTF_T_FLOAT: return "double";
	case DTF_T_STACK: return "stack";
	case DTF_T_OTHER: break;
	}
	return "struct";
}

static int check_arg(const struct convdef *d, const struct dtf_argtype *a)
{
	int isint = a->kind == DTF_T_INT;

	switch (d->check) {
	case CK_KADDR:
	case CK_UADDR:
	case CK_ADDR:
		return isint || a->kind == DTF_T_PTR;
	case CK_STACK:
		return a->kind == DTF_T_STACK;
	case CK_TIME:
		return isint && a->size == 8;
	case CK_STR:
		return a->kind == DTF_T_STRING || a->kind == DTF_T_CHARARR;
	case CK_WSTR:
		return a->kind == DTF_T_OTHER;
	case CK_CSI:
		return isint && a->size <= 4;
	case CK_FP:
		return a->kind == DTF_T_FLOAT;
	case CK_XINT:
	case CK_DINT:
		return isint;
	case CK_XSHORT:
		return isint && a->size == 2;
	case CK_XLONG:
	case CK_XLLONG:
		return isint && a->size == 8;
	case CK_TYPE:
		return isint && a->size == d->tsize &&
		       !!a->is_signed == !!d->tsigned;
	case CK_LDOUBLE:
		return a->kind == DTF_T_FLOAT && a->size == 16;
	case CK_NONE:
		break;
	}
	return 1;
}

static int check(const struct dtf_format *f, const char *func,
		 const struct dtf_argtype *args, int nargs,
		 const struct dtf_argtype *aggval,
		 const char **tag, char *msg, size_t msglen)
{
	int i, j = 0;

	if (f->fmt[0] == '\0') {
		*tag = "D_PRINTF_FMT_EMPTY";
		set_msg(msg, msglen, "%s( ) format string is empty", func);
		return -1;
	}

	for (i = 0; i < f->n; i++) {
		const struct dtf_conv *c = &f->v[i];
		const struct convdef *d = c->def;
		const struct dtf_argtype *va;
		const char *dyns[2];
		char vname[64];
		int dync = 0;

		if (!d || d->print == PR_PCT)
			continue;

		/* '*' arguments come first, the width's before the precision's. */
		if (c->flags & PF_DYNPREC)
			dyns[dync++] = ".*";
		if (c->flags & PF_DYNWIDTH)
			dyns[dync++] = "*";
		for (; dync; dync--, j++) {
			if (j >= nargs) {
				*tag = "D_PRINTF_DYN_PROTO";
				set_msg(msg, msglen, "%s( ) prototype mismatch: "
					"conversion #%d (%%%s) is missing a "
					"corresponding \"%s\" argument", func, i + 1,
					d->name, dyns[dync - 1]);
				return -1;
			}
			if (args[j].kind != DTF_T_INT) {
				*tag = "D_PRINTF_DYN_TYPE";
				set_msg(msg, msglen, "%s( ) argument #%d is "
					"incompatible with conversion #%d prototype:\n"
					"\tconversion: %% %s %s\n\t prototype: int\n"
					"\t  argument: %s", func, j + 2, i + 1,
					dyns[dync - 1], d->name, arg_name(&args[j]));
				return -1;
			}
		}

		if (c->flags & PF_AGG) {
			if (!aggval) {
				*tag = "D_PRINTF_AGG_CONV";
				set_msg(msg, msglen, "%%@ conversion requires an "
					"aggregation and is not for use with %s( )",
					func);
				return -1;
			}
			snprintf(vname, sizeof(vname), "aggregating action");
			va = aggval;
		} else if (j >= nargs) {
			*tag = "D_PRINTF_ARG_PROTO";
			set_msg(msg, msglen, "%s( ) prototype mismatch: conversion "
				"#%d (%%%s) is missing a corresponding value "
				"argument", func, i + 1, d->name);
			return -1;
		} else {
			snprintf(vname, sizeof(vname), "argument #%d", j + 2);
			va = &args[j++];
		}

		if (!check_arg(d, va)) {
			*tag = "D_PRINTF_ARG_TYPE";
			set_msg(msg, msglen, "%s( ) %s is incompatible with "
				"conversion #%d prototype:\n\tconversion: %%%s\n"
				"\t prototype: %s\n\t  argument: %s", func, vname,
				i + 1, d->name, d->proto, arg_name(va));
			return -1;
		}
	}

	/* printf() and friends take exactly the arguments the format uses. */
	if (!aggval && j < nargs) {
		*tag = "D_PRINTF_ARG_EXTRA";
		set_msg(msg, msglen, "%s( ) prototype mismatch: only %d "
			"arguments required by this format string", func, j);
		return -1;
	}
	return 0;
}

static const struct dtf_argtype agg_int64 = { DTF_T_INT, 8, 1, "int64_t" };

int dtf_check(const struct dtf_format *f, const char *func,
	      const struct dtf_argtype *args, int nargs,
	      const char **tag, char *msg, size_t msglen)
{
	const struct dtf_argtype *aggval = NULL;

	if (strcmp(func, "printa") == 0)
		aggval = &agg_int64;
	return check(f, func, args, nargs, aggval, tag, msg, msglen);
}

int dtf_check_agg(const struct dtf_format *f, const char *func,
		  const struct dtf_argtype *keys, int nkeys,
		  const struct dtf_argtype *aggval,
		  const char **tag, char *msg, size_t msglen)
{
	return check(f, func, keys, nkeys, aggval ? aggval : &agg_int64,
		     tag, msg, msglen);
}

/* ------------------------------------------------------------------------ */
/* Symbols and addresses                                                     */
/* ------------------------------------------------------------------------ */

static dtf_symlookup_fn symlookup_hook;
static void *symlookup_arg;

void dtf_set_symlookup(dtf_symlookup_fn fn, void *arg)
{
	symlookup_hook = fn;
	symlookup_arg = arg;
}

void dtf_addr2str(struct strbuf *out, uint64_t addr, int user)
{
	struct dtf_sym sym = { NULL, NULL, 0 };
	const char *obj;

	if (!symlookup_hook ||
	    symlookup_hook(symlookup_arg, addr, user, &sym) != 0 ||
	    !sym.object) {
		sb_printf(out, "0x%llx", (unsigned long long)addr);
		return;
	}
	obj = sym.object;
	if (user && strrchr(obj, '/'))	/* user objects by basename */
		obj = strrchr(obj, '/') + 1;
	if (!sym.name)
		sb_printf(out, "%s`0x%llx", obj, (unsigned long long)addr);
	else if (addr > sym.value)
		sb_printf(out, "%s`%s+0x%llx", obj, sym.name,
			  (unsigned long long)(addr - sym.value));
	else
		sb_printf(out, "%s`%s", obj, sym.name);
}

/* ------------------------------------------------------------------------ */
/* Rendering one conversion (dt_printf_format and the pfprint_* functions)   */
/* ------------------------------------------------------------------------ */

/*
 * Append printf output; a failed conversion (e.g. %lc of a character the
 * locale cannot encode) appends nothing, as it would print nothing.
 */
static void emit(struct strbuf *out, const char *cfmt, ...)
{
	char small[256];
	va_list ap;
	int n;

	va_start(ap, cfmt);
	n = vsnprintf(small, sizeof(small), cfmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n < sizeof(small)) {
		sb_putn(out, small, (size_t)n);
		return;
	}
	{
		char *big = xmalloc((size_t)n + 1);

		va_start(ap, cfmt);
		vsnprintf(big, (size_t)n + 1, cfmt, ap);
		va_end(ap);
		sb_putn(out, big, (size_t)n);
		free(big);
	}
}

static uint64_t zext(const struct dtf_value *v)
{
	switch (v->size) {
	case 1: return v->u & 0xff;
	case 2: return v->u & 0xffff;
	case 4: return v->u & 0xffffffffu;
	default: return v->u;
	}
}

static int64_t sext(const struct dtf_value *v)
{
	switch (v->size) {
	case 1: return (int8_t)v->u;
	case 2: return (int16_t)v->u;
	case 4: return (int32_t)v->u;
	default: return (int64_t)v->u;
	}
}

/* A '*' width or precision: the record read as a signed int. */
static int getint(const struct dtf_value *v)
{
	if (!v || v->kind != DTF_V_INT)
		return 0;
	return (int)sext(v);
}

/* The bytes of an integer record as a string (a %s fed a scalar). */
static void int_bytes(const struct dtf_value *v, char *buf)
{
	int i, n = v->size > 0 && v->size <= 8 ? v->size : 8;

	for (i = 0; i < n; i++)
		buf[i] = (char)(v->u >> (8 * i));
	buf[n] = 0;
}

/* C-style escapes of a string, as strchr2esc() makes them for %S and %C. */
static char *escape(const char *s, size_t n)
{
	struct strbuf sb;
	size_t i;

	sb_init(&sb);
	for (i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)s[i];

		switch (ch) {
		case '\0': sb_puts(&sb, "\\0"); break;
		case '\a': sb_puts(&sb, "\\a"); break;
		case '\b': sb_puts(&sb, "\\b"); break;
		case '\f': sb_puts(&sb, "\\f"); break;
		case '\n': sb_puts(&sb, "\\n"); break;
		case '\r': sb_puts(&sb, "\\r"); break;
		case '\t': sb_puts(&sb, "\\t"); break;
		case '\v': sb_puts(&sb, "\\v"); break;
		case '"': sb_puts(&sb, "\\\""); break;
		case '\\': sb_puts(&sb, "\\\\"); break;
		default:
			if (ch != ' ' && (ch < '!' || ch > '~'))
				sb_printf(&sb, "\\%03o", ch);
			else
				sb_putc(&sb, (char)ch);
		}
		if (ch == '\0')
			break;	/* not past the first NUL */
	}
	return sb.s;
}

/* %Y: ctime() rearranged into mdb's "1973 Dec  3 17:20:00" (local time). */
static void fmt_time(char *buf, size_t len, uint64_t ns)
{
	static const char mon[12][4] = {
		"Jan", "Feb", "Mar", "Apr", "May", "Jun",
		"Jul", "Aug", "Sep", "Oct", "Nov", "Dec"
	};
	time_t sec = (time_t)((int64_t)ns / 1000000000LL);
	struct tm tm;

	if (!localtime_r(&sec, &tm)) {
		snprintf(buf, len, "?");
		return;
	}
	snprintf(buf, len, "%04d %s %2d %02d:%02d:%02d",
		 (tm.tm_year + 1900) % 10000, mon[tm.tm_mon % 12], tm.tm_mday,
		 tm.tm_hour, tm.tm_min, tm.tm_sec);
}

/* %T: RFC 822 time, with DTrace's own strftime() format (%G and all). */
static void fmt_time822(char *buf, size_t len, uint64_t ns)
{
	time_t sec = (time_t)((int64_t)ns / 1000000000LL);
	struct tm tm;

	if (!localtime_r(&sec, &tm) ||
	    strftime(buf, len, "%a, %d %b %G %T %Z", &tm) == 0)
		snprintf(buf, len, "?");
}

/*
 * Render one conversion.  cf holds "%<flags><width>.<prec>" so far; the
 * length modifier and conversion are appended here from the value, as
 * dt_printf_validate() derives them from the argument's type.
 */
static void render(struct strbuf *out, const struct convdef *d, char *cf,
		   const struct dtf_value *v)
{
	size_t cl = strlen(cf);
	char *tail = cf + cl;
	char buf[64];

	if (v->kind == DTF_V_STRING &&
	    d->print != PR_CSTR && d->print != PR_ESTR &&
	    d->print != PR_WSTR && d->print != PR_ADDR &&
	    d->print != PR_UADDR) {
		sb_puts(out, v->s ? v->s : "");	/* pre-rendered text */
		return;
	}

	switch (d->print) {
	case PR_DINT:
		if (!v->is_signed) {
			strcpy(tail, v->size == 8 ? "llu" : "u");
			if (v->size == 8)
				emit(out, cf, (unsigned long long)v->u);
			else
				emit(out, cf, (unsigned)zext(v));
			return;
		}
		/*
		 * Signed %d/%i: the value is sign-extended from its D type's
		 * size (tst.cast-add-*.r: a signed char -6 prints -6).  The
		 * printf/tst.ints.r expectation of 239 for (char)0x..ef is an
		 * expected failure (@@xfail) in Oracle's own suite.
		 */
		strcpy(tail, v->size == 8 ? "ll" : "");
		strcat(tail, d->ofmt);
		if (v->size == 8)
			emit(out, cf, (long long)v->u);
		else
			emit(out, cf, (int)sext(v));
		return;

	case PR_SINT:
		if (v->size == 8 && strcmp(d->ofmt, "c") != 0) {
			strcpy(tail, "ll");
			strcat(tail, d->ofmt);
			emit(out, cf, (long long)v->u);
		} else {
			strcpy(tail, d->ofmt);
			emit(out, cf, (int)sext(v));
		}
		return;

	case PR_UINT:
		if (v->size == 8) {
			strcpy(tail, "ll");
			strcat(tail, d->ofmt);
			emit(out, cf, (unsigned long long)v->u);
		} else {
			strcpy(tail, d->ofmt);
			emit(out, cf, (unsigned)zext(v));
		}
		return;

	case PR_WCHR:
		strcpy(tail, "lc");
		emit(out, cf, (wint_t)sext(v));
		return;

	case PR_FP: {
		double x;

		if (v->size == 4) {
			uint32_t bits = (uint32_t)v->u;
			float fl;

			memcpy(&fl, &bits, sizeof(fl));
			x = fl;
		} else {
			memcpy(&x, &v->u, sizeof(x));
		}
		strcpy(tail, d->ofmt);
		emit(out, cf, x);
		return;
	}

	case PR_ADDR:
	case PR_UADDR: {
		struct strbuf sb;
		uint64_t a;

		if (v->kind == DTF_V_STRING) {	/* already resolved */
			strcpy(tail, "s");
			emit(out, cf, v->s ? v->s : "");
			return;
		}
		a = v->size == 4 ? (v->u & 0xffffffffu) : v->u;
		sb_init(&sb);
		dtf_addr2str(&sb, a, d->print == PR_UADDR);
		strcpy(tail, "s");
		emit(out, cf, sb.s);
		sb_free(&sb);
		return;
	}

	case PR_STACK:		/* only a pre-rendered stack makes sense */
		return;

	case PR_TIME:
	case PR_TIME822:
		if (d->print == PR_TIME)
			fmt_time(buf, sizeof(buf), v->u);
		else
			fmt_time822(buf, sizeof(buf), v->u);
		strcpy(tail, "s");
		emit(out, cf, buf);
		return;

	case PR_CSTR:
	case PR_WSTR:
		strcpy(tail, "s");
		if (v->kind == DTF_V_STRING) {
			emit(out, cf, v->s ? v->s : "");
		} else {
			int_bytes(v, buf);
			emit(out, cf, buf);
		}
		return;

	case PR_ESTR:
	case PR_ECHR: {
		char *esc;

		if (d->print == PR_ECHR) {
			char ch = (char)v->u;

			esc = escape(&ch, 1);
		} else if (v->kind == DTF_V_STRING) {
			const char *s = v->s ? v->s : "";

			/* The record holds the terminating NUL: it shows. */
			esc = escape(s, strlen(s) + 1);
		} else {
			int_bytes(v, buf);
			esc = escape(buf, (size_t)(v->size > 0 && v->size <= 8 ?
					      v->size : 8));
		}
		strcpy(tail, "s");
		emit(out, cf, esc);
		free(esc);
		return;
	}

	case PR_PCT:
		sb_putc(out, '%');
		return;
	}
}

/* "%<flags><width>.<prec>" for one conversion, DTrace's flag order. */
static void conv_prefix(char *cf, size_t len, const struct dtf_conv *c,
			int width, int prec)
{
	char *p = cf;

	*p++ = '%';
	if (c->flags & PF_ALT)
		*p++ = '#';
	if (c->flags & PF_ZPAD)
		*p++ = '0';
	if (width < 0 || (c->flags & PF_LEFT))
		*p++ = '-';
	if (c->flags & PF_SPOS)
		*p++ = '+';
	if (c->flags & PF_GROUP)
		*p++ = '\'';
	if (c->flags & PF_SPACE)
		*p++ = ' ';
	*p = 0;
	if (width != 0) {
		long w = width < 0 ? -(long)width : width;

		p += snprintf(p, len - (size_t)(p - cf), "%ld", w);
	}
	/* A precision of 0 is dropped: "%.0s" prints the whole string. */
	if (prec > 0)
		snprintf(p, len - (size_t)(p - cf), ".%d", prec);
}

/*
 * aggvals[0..naggvals-1] feed the %@ conversions in turn; the conversions
 * past the last take the last one again (dt_printf_format's curagg).
 */
static void print_common(struct strbuf *out, const struct dtf_format *f,
			 const struct dtf_value *vals, int nvals,
			 const struct dtf_value *aggvals, int naggvals)
{
	int i, k = 0, curagg = 0;

	for (i = 0; i < f->n; i++) {
		const struct dtf_conv *c = &f->v[i];
		const struct dtf_value *v;
		int width = c->width, prec = c->prec;
		char cf[64];

		sb_putn(out, f->fmt + c->preoff, c->preflen);
		if (!c->def)
			continue;
		if (c->def->print == PR_PCT) {
			sb_putc(out, '%');
			continue;
		}
		if (c->flags & PF_DYNWIDTH) {
			if (k >= nvals)
				return;
			width = getint(&vals[k++]);
		}
		if (c->flags & PF_DYNPREC) {
			if (k >= nvals)
				return;
			prec = getint(&vals[k++]);
		}
		if (c->flags & PF_AGG) {
			if (!aggvals || naggvals <= 0)
				return;
			v = &aggvals[curagg];
			if (curagg < naggvals - 1)
				curagg++;
		} else {
			if (k >= nvals)
				return;	/* DTrace stops: data mismatch */
			v = &vals[k++];
		}
		conv_prefix(cf, sizeof(cf) - 8, c, width, prec);
		render(out, c->def, cf, v);
	}
}

void dtf_print(struct strbuf *out, const struct dtf_format *f,
	       const struct dtf_value *vals, int nvals)
{
	print_common(out, f, vals, nvals, NULL, 0);
}

void dtf_print_agg(struct strbuf *out, const struct dtf_format *f,
		   const struct dtf_value *keys, int nkeys,
		   const struct dtf_value *aggval)
{
	print_common(out, f, keys, nkeys, aggval, aggval ? 1 : 0);
}

void dtf_print_aggs(struct strbuf *out, const struct dtf_format *f,
		    const struct dtf_value *keys, int nkeys,
		    const struct dtf_value *aggvals, int naggvals)
{
	print_common(out, f, keys, nkeys, aggvals, naggvals);
}

/* ------------------------------------------------------------------------ */
/* trace() and rawbytes (dt_consume.c dt_print_trace, dt_print_rawbytes)     */
/* ------------------------------------------------------------------------ */

void dtf_rawbytes(struct strbuf *out, const unsigned char *p, size_t n)
{
	size_t i, j;

	if (n == 0)
		return;
	sb_printf(out, "\n%5s      ", "");
	for (i = 0; i < 16; i++)
		sb_printf(out, "  %c", "0123456789abcdef"[i]);
	sb_puts(out, "  0123456789abcdef\n");

	for (i = 0; i < n; i += 16) {
		sb_printf(out, "%5s%5zx:", "", i);
		for (j = i; j < i + 16 && j < n; j++)
			sb_printf(out, " %02x", p[j]);
		for (; j % 16; j++)
			sb_puts(out, "   ");
		sb_puts(out, "  ");
		for (j = i; j < i + 16 && j < n; j++)
			sb_putc(out, p[j] < ' ' || p[j] > '~' ? '.' : (char)p[j]);
		sb_putc(out, '\n');
	}
}

void dtf_trace(struct strbuf *out, const struct dtf_value *v, int quiet)
{
	if (v->kind == DTF_V_STRING) {
		const char *s = v->s ? v->s : "";

		if (quiet)
			sb_puts(out, s);
		else
			sb_printf(out, "  %-33s", s);
		return;
	}

	/*
	 * DTrace 2 prints by the value's own sign (v1 printed anything under
	 * 64 bits through %d of an unsigned read).
	 */
	if (v->is_signed) {
		switch (v->size) {
		case 8:
			sb_printf(out, quiet ? "%lld" : " %19lld",
				  (long long)v->u);
			return;
		case 4:
			sb_printf(out, quiet ? "%d" : " %10d", (int32_t)v->u);
			return;
		case 2:
			sb_printf(out, quiet ? "%d" : " %5d", (int16_t)v->u);
			return;
		case 1:
			sb_printf(out, quiet ? "%d" : " %3d", (int8_t)v->u);
			return;
		}
	} else {
		switch (v->size) {
		case 8:
			sb_printf(out, quiet ? "%llu" : " %20llu",
				  (unsigned long long)v->u);
			return;
		case 4:
			sb_printf(out, quiet ? "%u" : " %10u", (uint32_t)v->u);
			return;
		case 2:
			sb_printf(out, quiet ? "%u" : " %5u",
				  (unsigned)(uint16_t)v->u);
			return;
		case 1:
			sb_printf(out, quiet ? "%u" : " %3u",
				  (unsigned)(uint8_t)v->u);
			return;
		}
	}

	/* Any other size: the bytes, as DTrace's fallback does. */
	{
		unsigned char b[8];
		size_t i, n = v->size > 0 && v->size < 8 ? (size_t)v->size : 8;

		for (i = 0; i < n; i++)
			b[i] = (unsigned char)(v->u >> (8 * i));
		dtf_rawbytes(out, b, n);
	}
}
