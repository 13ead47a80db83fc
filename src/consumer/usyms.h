/*
 * usyms.h - user-space symbol lookup for ustack() (see usyms.c).
 */
#ifndef DT_USYMS_H
#define DT_USYMS_H

#include <stdint.h>

#include "../common/util.h"

/* "object`symbol+0xoff" for pc in process pid (hex when unknown). */
void usym_format(struct strbuf *out, int pid, uint64_t pc);
/* One frame a line, indented, up to the first zero pc. */
void usym_print_stack(struct strbuf *out, int pid, const uint64_t *pcs, int n, int indent);
/* Read a live process's mappings and objects now (before it exits). */
void usym_preload(int pid);
/* Drop what is cached about a process (its mappings may have changed). */
void usym_forget(int pid);

#endif
