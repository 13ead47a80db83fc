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
/* Read /proc/kallsyms now (else it is read when first needed). */
void ksyms_load(struct dt_ksyms *ks);

/* The symbol containing addr: 0, or -1 when there is none. */
int ksym_lookup(struct dt_ksyms *ks, uint64_t addr, const char **mod, const char **name, uint64_t *off);
/* One address standing for addr's module (the start of the run of its
 * symbols that holds addr): 0, or -1 when addr is in no symbol. */
int ksym_module_start(struct dt_ksyms *ks, uint64_t addr, uint64_t *start);
/* "module`symbol+0xoff" (or 0x... when unknown) onto out. */
void ksym_format(struct dt_ksyms *ks, struct strbuf *out, uint64_t addr);
/* The frame of pc (output.h); module NULL when unknown. */
struct dt_frame;
void ksym_frame(struct dt_ksyms *ks, uint64_t pc, struct dt_frame *f);
/* pc is in the BPF program or the glue that ran it (not shown in stacks). */
int ksym_is_glue(struct dt_ksyms *ks, uint64_t pc);
/* A struct dtf_symtab lookup (format.h) for %a: arg is the dt_ksyms. */
struct dtf_sym;
int ksym_dtf_lookup(void *arg, uint64_t addr, int user, struct dtf_sym *sym);

#endif
