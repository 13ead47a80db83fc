/*
 * stapsdt.h - the USDT probes an x86-64 ELF object declares (see
 * stapsdt.c): sys/sdt.h's .note.stapsdt notes, each a probe site with its
 * argument specs decoded, and the .note.dtrace notes a `dtrace -h` header
 * adds to give the arguments their D types.
 */
#ifndef DT_STAPSDT_H
#define DT_STAPSDT_H

#include <stdint.h>

/* sys/sdt.h takes at most 12 arguments (STAP_PROBE12). */
#define STAPSDT_MAXARGS 12
/* No register (an operand without base or index). */
#define STAPSDT_NOREG (-1)

enum stapsdt_argkind {
	STAPSDT_ARG_NONE,	/* absent, or a spec we cannot decode (value 0) */
	STAPSDT_ARG_CONST,	/* $imm: val */
	STAPSDT_ARG_REG,	/* %reg: the register's value (>> reg_shift) */
	STAPSDT_ARG_MEM,	/* disp(%base,%index,scale): the size bytes there */
};

/* One argument: where its value is at the site, its size and sign. */
struct stapsdt_arg {
	enum stapsdt_argkind kind;
	int size;		/* bytes: 1, 2, 4 or 8 */
	int is_signed;
	int reg;		/* pt_regs offset (bpf/pt_regs.h) of the register
				 * or the base register; STAPSDT_NOREG */
	int reg_shift;		/* 8 for %ah %bh %ch %dh, else 0 */
	int index;		/* pt_regs offset of the index register, or STAPSDT_NOREG */
	int scale;		/* index multiplier: 1, 2, 4, 8 */
	int64_t val;		/* the constant, or the displacement */
	char sym[64];		/* a symbol the displacement is relative to
				 * ("counter" in 4@counter+8(%rip)); "": none */
};

/*
 * Decode a note's argument string ("-4@%edi 8@-16(%rbp) 4@$5") into at
 * most max arguments.  Returns how many there are; an operand it cannot
 * read (a floating-point register, a segment prefix) is STAPSDT_ARG_NONE
 * in its place, so the others keep their numbers.
 */
int stapsdt_parse_args(const char *spec, struct stapsdt_arg *args, int max);

/* One probe site: one .note.stapsdt note. */
struct stapsdt_site {
	char *provider;		/* "python" */
	char *name;		/* as in the note: "function__entry" */
	char *func;		/* the function symbol containing the site, or "" */
	char *argspec;		/* the note's argument string */
	uint64_t pc;		/* the site's address in the object (prelink-adjusted) */
	uint64_t offset;	/* ... as a file offset (what a uprobe names) */
	uint64_t sem;		/* the semaphore's file offset (a uprobe's
				 * ref_ctr_offset); 0: the probe has none */
	int nargs;
	struct stapsdt_arg args[STAPSDT_MAXARGS];	/* symbols resolved: sym
							 * is "", reg is IP */
};

/* A .note.dtrace note: the D types of one probe's arguments, from the
 * provider definition a `dtrace -h` header was made from. */
struct stapsdt_dtypes {
	char *provider, *name;	/* name as in the stapsdt note ("__") */
	int ntypes;
	char **types;		/* "int", "char *" */
};

struct stapsdt_obj {
	struct stapsdt_site *sites;
	int nsites;
	struct stapsdt_dtypes *dtypes;
	int ndtypes;
};

/* Read path's notes into o (zeroed first).  Returns 0 (an object without
 * notes has none), or -errno when the file is no x86-64 ELF object we can
 * read. */
int stapsdt_read(const char *path, struct stapsdt_obj *o);
void stapsdt_free(struct stapsdt_obj *o);
/* The D types of provider's probe name in o, or NULL. */
const struct stapsdt_dtypes *stapsdt_dtypes_of(const struct stapsdt_obj *o, const char *provider,
					       const char *name);

#endif
