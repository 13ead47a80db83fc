/*
 * printf_format.h - DTrace's printf-family format strings: parsing them
 * (printf, printa, system, freopen) with DTrace's conversion dictionary
 * into a parsed form, and checking a format against the D types of its
 * arguments with DTrace's D_PRINTF_* wording.  Shared by the compiler's
 * front end, which checks formats, and the consumer, which renders recorded
 * values with the parsed form (src/consumer/format.h).
 */
#ifndef DT_PRINTF_FORMAT_H
#define DT_PRINTF_FORMAT_H

#include <stddef.h>
#include <stdint.h>

/* The D type of one argument, as far as a format cares. */
enum dtf_tkind {
	DTF_T_INT,	/* any integer type (char..long long), enum */
	DTF_T_PTR,	/* any pointer type */
	DTF_T_STRING,	/* string */
	DTF_T_CHARARR,	/* char [N] */
	DTF_T_VOID,	/* void (e.g. the value of printf()) */
	DTF_T_AGG,	/* an aggregation */
	DTF_T_FLOAT,	/* float, double, long double */
	DTF_T_OTHER,	/* struct, union, other arrays (wchar_t [] for %ls) */
	DTF_T_STACK,	/* the value of stack()/ustack() (for %k) */
	DTF_T_SYMADDR,	/* DTrace's _symaddr: func(), sym(), mod() (for %a) */
	DTF_T_USYMADDR	/* _usymaddr: ufunc(), usym(), umod(), uaddr() (%A) */
};

struct dtf_argtype {
	enum dtf_tkind kind;
	int size;	/* bytes, for DTF_T_INT (and 16 for long double) */
	int is_signed;	/* for DTF_T_INT */
	const char *name; /* D type name for messages: "int", "string", ...;
			     NULL picks one from kind ("aggregation", "void") */
	int uaddr_ok;	/* DTF_T_INT, DTF_T_PTR: %A may take it, a -c/-p
			   process being there to name ($target) */
	const char *base; /* DTF_T_INT: the name with every typedef resolved
			     ("unsigned long" for uint64_t); NULL: name */
	int int64_alias; /* DTF_T_INT: a typedef of int64_t or uint64_t, or
			    one of them */
};

struct dtf_format;	/* the parsed form (below) */

/*
 * Parse a format string.  On error returns NULL and fills *tag ("D_SYNTAX",
 * ...) and msg (without "dtrace: ..." prefix and without line), e.g.
 * "format conversion #1 is undefined: %Z".
 */
struct dtf_format *dtf_parse(const char *fmt, const char **tag, char *msg, size_t msglen);
void dtf_free(struct dtf_format *f);

/* Number of value arguments the format consumes ('*' widths included). */
int dtf_nargs(const struct dtf_format *f);

/*
 * Check the arguments after the format (args[0] is the first value argument,
 * i.e. argument #2 of printf) against the conversions.  func names the action
 * ("printf", "printa", ...) for messages.  Returns 0, or -1 with tag and msg
 * filled exactly as DTrace words them, e.g. D_PRINTF_ARG_TYPE
 * "printf( ) argument #3 is incompatible with conversion #2 prototype:\n"
 * "\tconversion: %d\n\t prototype: char, short, int, long, or long long\n"
 * "\t  argument: aggregation".
 */
int dtf_check(const struct dtf_format *f, const char *func,
	      const struct dtf_argtype *args, int nargs,
	      const char **tag, char *msg, size_t msglen);

/*
 * printa() with a format.  The checks: keys[] are the aggregation's key types
 * (they feed the conversions without '@', '*' arguments included, numbered
 * from argument #2 as in printf), aggval is the type of the aggregation's
 * value, which every %@ conversion consumes (int64_t, uint64_t for count()).
 * Unlike printf, unused keys are no error.  dtf_check() with func "printa"
 * is dtf_check_agg() with an int64_t value.
 */
int dtf_check_agg(const struct dtf_format *f, const char *func,
		  const struct dtf_argtype *keys, int nkeys,
		  const struct dtf_argtype *aggval,
		  const char **tag, char *msg, size_t msglen);

/* True when the format has a %@ conversion (else printa omits the value). */
int dtf_has_aggconv(const struct dtf_format *f);

/* ------------------------------------------------------------------------ */
/* The parsed form, which the consumer renders                              */
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

#endif
