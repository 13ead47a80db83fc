/*
 * usyms.h - user-space symbol lookup for ustack() and dtrace_uaddr2str(),
 * and when a process's mappings are read (see usyms.c).
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
/* The frame of pc in process pid (output.h); module NULL when unknown. */
struct dt_frame;
void usym_frame(struct dt_usyms *us, int pid, uint64_t pc, struct dt_frame *f);
/* As usym_frame, and for a data address (.data, .bss) the object and
 * data symbol that hold it: what dtrace_uaddr2str() prints. */
void usym_addr_frame(struct dt_usyms *us, int pid, uint64_t addr, struct dt_frame *f);
/* One address standing for the object that holds addr in process pid
 * (the start of its first mapping): 0, or -1 when no mapping holds it. */
int usym_object_start(struct dt_usyms *us, int pid, uint64_t addr, uint64_t *start);
/* A process whose user stacks are about: read its mappings and objects
 * now if they are not known yet (while it lives), else take note that it
 * may have mapped more since. */
void usym_note(struct dt_usyms *us, int pid);
/* Read a live process's mappings and objects again now (before it exits);
 * what was read before stays if it has exited already. */
void usym_preload(struct dt_usyms *us, int pid);
/* Drop what is cached about a process (its mappings may have changed). */
void usym_forget(struct dt_usyms *us, int pid);

#endif
