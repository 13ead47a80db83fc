/*
 * format.h - DTrace's printf-family format strings and trace() output.
 *
 * The consumer formats the values a probe recorded, byte for byte as DTrace
 * does, from the parsed form of ../common/printf_format.h (where formats are
 * parsed and checked against D types, for the compiler too).
 */
#ifndef DT_FORMAT_H
#define DT_FORMAT_H

#include <stdint.h>
#include <stdio.h>

#include "../common/printf_format.h"
#include "../common/util.h"

/*
 * Value kinds the consumer hands to dtf_print, decoded from a record.
 * A DTF_V_STRING given to a conversion that does not print strings (%k of a
 * stack, %@d of a quantize() in printa) is emitted as is: pre-rendered text.
 */
enum dtf_vkind { DTF_V_INT, DTF_V_STRING, DTF_V_STACK };

struct dtf_value {
	enum dtf_vkind kind;
	int size;		/* integer width in bytes (1, 2, 4, 8) */
	int is_signed;
	uint64_t u;		/* DTF_V_INT: the bits (already truncated to size);
				   float/double conversions read them as IEEE
				   bits of that size */
	const char *s;		/* DTF_V_STRING: NUL-terminated; DTF_V_STACK
				   (printa()'s %k of a stack key): its frames'
				   text, each ending in '\n' */
	uint64_t normal;	/* an aggregation value's normalize() divisor
				   (0 or 1: none), applied as the conversion
				   reads the value: signed by %d/%i/%c,
				   unsigned by %u/%o/%x/%X/%p */
};

/*
 * Format the recorded values (one per consumed argument, '*' arguments in
 * place) onto out.  Integers print by the value's size and sign, as DTrace
 * derives %d/%u and the ll modifier from the argument's type, except that
 * char- and short-sized values print zero-extended under %d/%i as DTrace 2
 * does (tst.ints.r: %d of (char)0x..ef is 239).  %p is bare hex; %a and
 * %A print hex (dtf_print_syms below resolves them).  Output stops where
 * the values run out.
 */
void dtf_print(struct strbuf *out, const struct dtf_format *f,
	       const struct dtf_value *vals, int nvals);

/* Format one printa() line: keys for plain conversions, aggval for %@. */
void dtf_print_agg(struct strbuf *out, const struct dtf_format *f,
		   const struct dtf_value *keys, int nkeys,
		   const struct dtf_value *aggval);

/*
 * printa() of several aggregations joined on their keys: the i-th %@
 * conversion takes aggvals[i], those past the last take the last one (as
 * DTrace does: printa("%@d %@d\n", @a) prints @a twice).
 */
void dtf_print_aggs(struct strbuf *out, const struct dtf_format *f,
		    const struct dtf_value *keys, int nkeys,
		    const struct dtf_value *aggvals, int naggvals);

/*
 * Symbols for %a (kernel) and %A (user-space) addresses.  lookup fills
 * *sym and returns 0 when addr resolves: name NULL when only the containing
 * module/object is known, value the symbol's start address.  user is 0 for
 * kernel addresses, 1 for user-space ones.  Without a table (NULL, or no
 * lookup, or when it returns -1) addresses print as 0x%llx.  The caller
 * passes the table it has (the library: its handle's kernel symbols); there
 * is no state in format.c.
 */
struct dtf_sym {
	const char *object;	/* module (kernel) or object path (user) */
	const char *name;	/* symbol, or NULL */
	uint64_t value;		/* symbol start */
};
typedef int (*dtf_symlookup_fn)(void *arg, uint64_t addr, int user,
				struct dtf_sym *sym);
struct dtf_symtab {
	dtf_symlookup_fn lookup;
	void *arg;
};

/* dtf_print, dtf_print_aggs with %a/%A resolved through syms. */
void dtf_print_syms(struct strbuf *out, const struct dtf_format *f,
		    const struct dtf_value *vals, int nvals,
		    const struct dtf_symtab *syms);
void dtf_print_aggs_syms(struct strbuf *out, const struct dtf_format *f,
			 const struct dtf_value *keys, int nkeys,
			 const struct dtf_value *aggvals, int naggvals,
			 const struct dtf_symtab *syms);

/* DTrace's address rendering: mod`sym+0xoff, mod`sym, mod`0xaddr, 0xaddr. */
void dtf_addr2str(struct strbuf *out, uint64_t addr, int user,
		  const struct dtf_symtab *syms);

/*
 * trace() of one value.  quiet selects the -q layout (bare value); otherwise
 * DTrace 2's columns, printed after the caller's "%32s " probe column:
 * " %3d" " %5d" " %10d" " %19lld" for signed 1/2/4/8-byte values,
 * " %3u" " %5u" " %10u" " %20llu" for unsigned ones, "  %-33s" for strings.
 * The caller bounds strings (strsize) and sends rawbytes/struct data to
 * dtf_rawbytes instead.
 */
void dtf_trace(struct strbuf *out, const struct dtf_value *v, int quiet);

/* The "rawbytes" hex dump DTrace prints for trace() of memory. */
void dtf_rawbytes(struct strbuf *out, const unsigned char *p, size_t n);

#endif
