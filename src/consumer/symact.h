/*
 * symact.h - the values of the symbol actions (func, sym, mod, ufunc,
 * usym, umod, uaddr) as DTrace shows them, and %a/%A lookups (symact.c).
 */
#ifndef DT_SYMACT_H
#define DT_SYMACT_H

#include <stdint.h>

#include "../common/util.h"

struct dt_ksyms;
struct dt_usyms;
struct dt_frame;
struct dtf_sym;

/* Is act (DTRACEACT_*) a user one (its words: the process id, then the
 * address) rather than a kernel one (the address)? */
int dt_symact_user(int act);

/*
 * The text DTrace prints for the value w of symbol action act:
 *   DTRACEACT_SYM    module`symbol             (func(), sym())
 *   DTRACEACT_MOD    module                    (mod())
 *   DTRACEACT_USYM   object`symbol             (ufunc(), usym())
 *   DTRACEACT_UMOD   object                    (umod())
 *   DTRACEACT_UADDR  object`symbol+0xoffset    (uaddr())
 * and 0x<address> where the address resolves to nothing (an object's
 * address without a symbol: object`0x<offset>, as stack frames print it).
 */
void dt_symact_format(struct strbuf *sb, struct dt_ksyms *ks, struct dt_usyms *us,
		      int act, const uint64_t *w);

/*
 * An aggregation key of act reduced in place to the address that stands
 * for what it shows (DTrace's dt_aggregate_sym and friends): the start of
 * its symbol (SYM, USYM), of its module or object (MOD, UMOD); a UADDR
 * key stays as it is.  Addresses that resolve to nothing stay.
 */
void dt_symact_reduce(struct dt_ksyms *ks, struct dt_usyms *us, int act, uint64_t *w);

/*
 * A struct dtf_symtab lookup (format.h) for printf's %a and %A: arg is the
 * handle; %A of a plain address names the handle's -c/-p process
 * ($target), as DTrace's pfprint_uaddr does.
 */
int dt_symact_dtf_lookup(void *arg, uint64_t addr, int user, struct dtf_sym *sym);

#endif
