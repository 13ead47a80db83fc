/*
 * tracefs.h - finding (and if need be mounting) tracefs, and reading the
 * pieces of it that providers need: event directories and format files.
 */
#ifndef DT_TRACEFS_H
#define DT_TRACEFS_H

#include <stdint.h>

#include "../front/types.h"

/* The tracefs root ("/sys/kernel/tracing"), mounting it when it is not
 * mounted; NULL (with a message printed once) if that fails. */
const char *tracefs_root(void);

/* One field of an event's format file, after the common_* fields. */
struct tracefs_field {
	char *decl;		/* "const char * filename" */
	char *name;		/* "filename" */
	char *type;		/* "const char *" */
	int offset, size, is_signed;
};

/* Read events/GROUP/EVENT/format; returns the number of fields (its
 * fields in *out, malloc'd), or -1 if there is no such event. */
int tracefs_format(const char *group, const char *event, struct tracefs_field **out);

/* The D type for a format field: integers by size and sign, pointers as
 * pointers (to char, or void), char arrays as char[N]. */
struct dt_type *tracefs_field_type(const struct tracefs_field *f);

#endif

/* Attach prog_fd to the raw tracepoint tp with a BPF cookie (kernel 6.10
 * and later); returns the link fd or -errno. */
int rawtp_open(const char *tp, int prog_fd, uint64_t cookie);
