/*
 * kallsyms.h - /proc/kallsyms read line by line (see kallsyms.c).
 */
#ifndef DT_KALLSYMS_H
#define DT_KALLSYMS_H

#include <stdint.h>

/*
 * Call fn for every symbol of /proc/kallsyms with a non-zero address, in
 * the file's order: its address, type letter ('t', 'T', 'd', ...), name and
 * module ("vmlinux" for the core kernel).  fn returns non-zero to stop.
 * Returns -1 if the file cannot be read, else 0.
 */
int kallsyms_each(int (*fn)(void *arg, uint64_t addr, char type, const char *name, const char *mod),
		  void *arg);

/*
 * A kernel stack taken inside a BPF program starts with the program (its
 * trampoline or dispatcher: the first three names) and the kernel
 * functions that ran it, before the frame where the probe fired: stack()
 * does not show them (consumer/ksyms.c), and stackdepth and caller do not
 * count them (codegen/builtin.c, which matches these names in the
 * program).  The prefixes of their names, NULL last.
 */
extern const char *const kallsyms_glue[];
/* name begins with one of kallsyms_glue. */
int kallsyms_is_glue(const char *name);

#endif
