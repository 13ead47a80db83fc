/*
 * printf_format.c - parsing printf-family format strings and checking them
 * against argument types (see printf_format.h).  The behaviour follows
 * libdtrace's dt_printf.c (Oracle Linux DTrace 2); each quirk kept on
 * purpose is noted where it is implemented.
 */
#include "printf_format.h"

#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* ------------------------------------------------------------------------ */
/* The conversion dictionary                                                 */
/* ------------------------------------------------------------------------ */

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
	case DTF_T_SYMADDR: return "_symaddr";
	case DTF_T_USYMADDR: return "_usymaddr";
	case DTF_T_OTHER: break;
	}
	return "struct";
}

/* Whether a type's name is one of three (DTrace's %lx and %llx checks go
 * by the name ctf_type_name gives the resolved type). */
static int name_is(const char *n, const char *a, const char *b, const char *c)
{
	return n && (strcmp(n, a) == 0 || strcmp(n, b) == 0 || strcmp(n, c) == 0);
}

static int check_arg(const struct convdef *d, const struct dtf_argtype *a)
{
	int isint = a->kind == DTF_T_INT;

	switch (d->check) {
	case CK_KADDR:		/* pfcheck_kaddr */
		return isint || a->kind == DTF_T_PTR || a->kind == DTF_T_SYMADDR;
	case CK_UADDR:		/* pfcheck_uaddr: a plain address needs $target */
		return a->kind == DTF_T_USYMADDR ||
		       ((isint || a->kind == DTF_T_PTR) && a->uaddr_ok);
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
	case CK_XLONG:		/* pfcheck_xlong: by the resolved type's name */
		return isint && name_is(a->base ? a->base : a->name,
					"long", "signed long", "unsigned long");
	case CK_XLLONG:		/* pfcheck_xlonglong: or a [u]int64_t typedef */
		return isint && (a->int64_alias ||
				 name_is(a->base ? a->base : a->name, "long long",
					 "signed long long", "unsigned long long"));
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

