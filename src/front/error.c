/*
 * error.c - recording a compile error and unwinding to the compile entry.
 */
#include "error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

struct dt_errstate *dt_errs;

void dt_error(int line, const char *tag, const char *fmt, ...)
{
	va_list ap;
	size_t n;

	dt_errs->tag = tag;
	dt_errs->line = line;
	va_start(ap, fmt);
	vsnprintf(dt_errs->msg, sizeof(dt_errs->msg), fmt, ap);
	va_end(ap);
	/* DTrace's messages end in a newline inside the library; we add it. */
	n = strlen(dt_errs->msg);
	while (n && dt_errs->msg[n - 1] == '\n')
		dt_errs->msg[--n] = 0;
	longjmp(dt_errs->jb, 1);
}
