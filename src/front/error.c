/*
 * error.c - recording a compile error and unwinding to the compile entry.
 */
#include "error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void dt_verror(struct dt_errstate *es, int line, const char *tag, const char *fmt, va_list ap)
{
	size_t n;

	es->tag = NULL;
	if (tag) {
		snprintf(es->tagbuf, sizeof(es->tagbuf), "%s", tag);
		es->tag = es->tagbuf;
	}
	es->line = line;
	vsnprintf(es->msg, sizeof(es->msg), fmt, ap);
	/* DTrace's messages end in a newline inside the library; we add it. */
	n = strlen(es->msg);
	while (n && es->msg[n - 1] == '\n')
		es->msg[--n] = 0;
	longjmp(es->jb, 1);
}

void dt_error(struct dt_errstate *es, int line, const char *tag, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	dt_verror(es, line, tag, fmt, ap);
}
