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
	char *type;		/* "const char *"; of a loc field its element: "char" */
	int offset, size, is_signed;
	/* A field of dynamic length ("__data_loc char[] filename"): the
	 * record holds a u32 whose low 16 bits locate the data (from the
	 * record's start: TRACEFS_DATA_LOC; from the end of the field:
	 * TRACEFS_REL_LOC) and whose high 16 bits are its length. */
	int loc;
};
#define TRACEFS_DATA_LOC 1
#define TRACEFS_REL_LOC 2

/* Read events/GROUP/EVENT/format; returns the number of fields (its
 * fields in *out, malloc'd), or -1 if there is no such event. */
int tracefs_format(const char *group, const char *event, struct tracefs_field **out);

/* Free what tracefs_format returned. */
void tracefs_format_free(struct tracefs_field *f, int n);

/* The D type for a format field: integers by size and sign, pointers as
 * pointers (to char, or void), char arrays as char[N]; a loc field a
 * pointer to its element type (char *). */
struct dt_type *tracefs_field_type(const struct tracefs_field *f);

/* The D type a C declaration's type part names ("const char *", "struct
 * foo *", "unsigned int", "char [16]"); NULL if D knows no such type. */
struct dt_type *tracefs_ctype(const char *decl);

/* events/GROUP/EVENT/id: the tracepoint's perf event id, or -errno. */
long tracefs_event_id(const char *group, const char *event);

/* Attach prog_fd (a BPF_PROG_TYPE_TRACEPOINT program) to tracepoint
 * GROUP:EVENT as a perf event with a BPF link carrying the cookie;
 * returns the link's fd or -errno. */
int tracefs_perf_attach(const char *group, const char *event, int prog_fd, uint64_t cookie);

#endif

/* Attach prog_fd to the raw tracepoint tp with a BPF cookie (kernel 6.10
 * and later); returns the link fd or -errno. */
int rawtp_open(const char *tp, int prog_fd, uint64_t cookie);
