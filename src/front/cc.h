/*
 * cc.h - the D compiler's front end as one object: a compiler context
 * (struct dt_cc) holds everything the lexer, parser and semantic analysis
 * need, and every front-end call is passed it; nothing is kept at file
 * scope.  A library handle owns one context for its life.
 *
 * Compilation is incremental by compile unit, as DTrace compiles one
 * program at a time on a handle: dt_cc_compile() parses a unit's source,
 * appends it to the handle's accumulated struct dt_prog and cooks only what
 * the unit added.  Declarations (typedefs, struct tags, variables, inlines,
 * translators) made by one unit are seen by the units compiled after it on
 * the same context.  A unit that fails leaves the program as it was.
 */
#ifndef DT_CC_H
#define DT_CC_H

#include <stdint.h>

#include "ast.h"
#include "error.h"

struct dt_cc;

/* Options semantic analysis reads; the consumer keeps them current. */
/*
 * The slots a kernel stack() records beyond the frames it asks for: the
 * kernel's walk starts in the BPF program and the glue that ran it
 * (bpf_trace_run*, a tracepoint's iterator: two to four frames), which the
 * consumer does not show (ksym_is_glue); without room for them stack(5)
 * would show fewer than 5 frames of the probe's own stack.
 */
#define DT_KSTACK_GLUE 8

struct dt_cc_opts {
	uint32_t strsize;
	int nmacro_args;	/* $0..$n-1 given on the command line */
	char **macro_args;	/* [0] is $0 */
	int destructive;	/* -w */
	uint32_t scratchsize;	/* -xscratchsize as DTrace keeps it: alloca() gets 8 less */
	int amin_set;		/* -xamin: clauses below it are refused (D_ATTR_MIN) */
	dtrace_attribute_t amin;
	/* the stability of a probe description (its provider's) */
	void (*desc_attr)(void *arg, struct dt_pdesc *pd, dtrace_attribute_t *attr);
	void *desc_arg;
	int quiet;
	long target;		/* $target: the -c/-p process, 0 if none */
	int defaultargs;	/* -xdefaultargs: $N not given is 0, $$N "" */
	int argref;		/* -xargref: the last argument need not be used */
	/* stack(), ustack(), jstack() frames when not given; the most any takes */
	uint32_t stackframes, ustackframes, jstackframes, maxframes;
	/* the D version programs are compiled for (-xversion): what D gained
	 * after it is not defined; 0 the newest */
	uint32_t vmax;
};

/* The type of args[i] in clause c (the probes the clause matches agree on
 * it); reports D_ARGS_* errors with dt_error(dt_cc_errs(cc), ...).  For
 * probes whose arguments are D (the stable providers), it sets *expr
 * instead to the D expression args[i] stands for (malloc'd), and the
 * expression's type is args[i]'s. */
typedef struct dt_type *(*dt_cc_args_type_fn)(void *arg, struct dt_clause *c, int i, int line, char **expr);
/* The D argN (0..9) stands for in clause c, malloc'd: where every probe the
 * clause matches has its arguments as D (a stable provider's), the native
 * argument i, not the mechanism's; NULL: argN as it is. */
typedef char *(*dt_cc_native_arg_fn)(void *arg, struct dt_clause *c, int i);
/* The D condition that must hold for clause c to run, beyond its
 * predicate, for the probes it matches (a stable provider's probe is a
 * condition on its mechanism's firing), malloc'd; NULL: none. */
typedef char *(*dt_cc_clause_cond_fn)(void *arg, struct dt_clause *c);
/* Report (dt_error on the context's error state) a description of clause
 * c, of those from first to before end, that matches no probe: DTrace's
 * dt_setcontext, which runs as each clause is compiled, for each of its
 * descriptions in turn, so before the statements are checked. */
typedef void (*dt_cc_clause_match_fn)(void *arg, struct dt_clause *c, int first, int end);

/* Per-unit options. */
struct dt_unit_opts {
	int from_file;		/* -s: a probe description needs / or { after it */
	/* the field a description's last word names, counted back from the
	 * name (DTrace's probe specifier context): 0 the name (-n, scripts),
	 * 1 the function (-f), 2 the module (-m), 3 the provider (-P), where
	 * a probe id may not stand */
	int pspec_up;
	int allow_empty;	/* -xempty: a unit without clauses is no error */
	int library;		/* a D library file: declarations, no macro
				   arguments, translators checked where used */
	/* #pragma D option name[=value]; reports errors through the context */
	void (*on_option)(void *arg, int line, const char *name, const char *value);
	/* #pragma D depends_on provider|module NAME: 1 if it is there */
	int (*depends_on)(void *arg, const char *cls, const char *name);
	void *arg;
	size_t len;		/* the text's length, NUL bytes and all (a
				   file's); 0: up to its first NUL */
};

struct dt_cc *dt_cc_create(void);
void dt_cc_destroy(struct dt_cc *cc);
void dt_cc_set_opts(struct dt_cc *cc, const struct dt_cc_opts *o);
/* NULL fn: args[i] is an int64_t. */
void dt_cc_set_args_type(struct dt_cc *cc, dt_cc_args_type_fn fn, void *arg);
/* NULL fn: no clause has a condition of its probes' */
void dt_cc_set_clause_cond(struct dt_cc *cc, dt_cc_clause_cond_fn fn, void *arg);
/* NULL fn: descriptions are matched only after the unit's checks */
void dt_cc_set_clause_match(struct dt_cc *cc, dt_cc_clause_match_fn fn, void *arg);
/* NULL fn: argN is always the probe's own (its mechanism's) */
void dt_cc_set_native_arg(struct dt_cc *cc, dt_cc_native_arg_fn fn, void *arg);
/* The context's error state: the last error, and where callbacks running
 * inside dt_cc_compile() report theirs. */
struct dt_errstate *dt_cc_errs(struct dt_cc *cc);
/* the D version the compiler's programs are for (version.h) */
uint32_t dt_cc_vmax(const struct dt_cc *cc);
/* A copy of s that lives as long as the context (as its programs do). */
char *dt_cc_strdup(struct dt_cc *cc, const char *s);

/*
 * Compile one unit: parse text onto prog and cook what it added.  0, or -1
 * with the error in dt_cc_errs(cc) and prog as it was before the call.
 */
int dt_cc_compile(struct dt_cc *cc, struct dt_prog *prog, const char *text, const struct dt_unit_opts *o);
/* Did the last unit compiled reference macro argument $i? */
int dt_cc_macro_used(struct dt_cc *cc, int i);

#endif
