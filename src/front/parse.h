/*
 * parse.h - the D parser: source text to a struct dt_prog.
 */
#ifndef DT_PARSE_H
#define DT_PARSE_H

#include "ast.h"

struct dt_parse_opts {
	int from_file;		/* -s: a probe description needs / or { after it */
	int pspec_up;		/* as struct dt_unit_opts has it */
	int library;		/* a D library file (consumer/dlib.c): its
				   depends_on pragmas are the loader's */
	/* #pragma D option name[=value]: returns 0, or reports the error */
	void (*on_option)(void *arg, int line, const char *name, const char *value);
	/* #pragma D depends_on provider|module NAME: is it there? */
	int (*depends_on)(void *arg, const char *cls, const char *name);
	void *arg;
	size_t len;		/* the source's length (0: up to its first NUL) */
};

struct dt_cc;

/* Parse src in the context cc, appending to prog; returns the number of
 * variables and inlines it declared.  Errors unwind through cc's error
 * state.  (Used by dt_cc_compile(), cc.h.) */
int dt_parse(struct dt_cc *cc, struct dt_prog *prog, const char *src, const struct dt_parse_opts *o);

/* Parse a D expression from a string; line is used for its nodes. */
struct node *dt_parse_expr_string(struct dt_cc *cc, const char *text, int line);
struct node *dt_parse_expr_text(struct dt_cc *cc, const char *text, int line, int user_text);

/* "prov:mod:func:name" with empty fields, as error messages print it
 * (malloc'd: the caller frees it). */
char *pdesc_str(const struct dt_pdesc *pd);
/* The same into buf (truncated to len), for a message about to unwind. */
void pdesc_format(const struct dt_pdesc *pd, char *buf, size_t len);

#endif
