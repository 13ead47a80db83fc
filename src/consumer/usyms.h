/*
 * usyms.h - user-space symbol lookup for ustack() (see usyms.c).
 */
#ifndef DT_USYMS_H
#define DT_USYMS_H

#include <stdint.h>

#include "../common/util.h"

/* One handle's user symbols: objects read and processes seen. */
struct dt_usyms;
struct dt_usyms *usyms_create(void);
void usyms_destroy(struct dt_usyms *us);

/* "object`symbol+0xoff" for pc in process pid (hex when unknown). */
void usym_format(struct dt_usyms *us, struct strbuf *out, int pid, uint64_t pc);
/* One frame a line, indented, up to the first zero pc. */
void usym_print_stack(struct dt_usyms *us, struct strbuf *out, int pid, const uint64_t *pcs, int n, int indent);
/* Read a live process's mappings and objects now (before it exits). */
void usym_preload(struct dt_usyms *us, int pid);
/* Drop what is cached about a process (its mappings may have changed). */
void usym_forget(struct dt_usyms *us, int pid);

#endif
