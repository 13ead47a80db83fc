/*
 * ksyms.h - kernel symbol lookup and kernel stack printing (see ksyms.c).
 */
#ifndef DT_KSYMS_H
#define DT_KSYMS_H

#include <stdint.h>

#include "../common/util.h"

/* One handle's kernel symbols (kallsyms, read on first use). */
struct dt_ksyms;
struct dt_ksyms *ksyms_create(void);
void ksyms_destroy(struct dt_ksyms *ks);

/* The symbol containing addr: 0, or -1 when there is none. */
int ksym_lookup(struct dt_ksyms *ks, uint64_t addr, const char **mod, const char **name, uint64_t *off);
/* "module`symbol+0xoff" (or 0x... when unknown) onto out. */
void ksym_format(struct dt_ksyms *ks, struct strbuf *out, uint64_t addr);
/* One frame a line, indented, up to the first zero pc. */
void ksym_print_stack(struct dt_ksyms *ks, struct strbuf *out, const uint64_t *pcs, int n, int indent);

#endif
