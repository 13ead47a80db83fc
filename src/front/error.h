/*
 * error.h - compile errors as DTrace reports them: a tag (D_SYNTAX, ...), the
 * line, and the message.  The compiler stops at the first error; it unwinds
 * with longjmp to the compile entry point, which owns all the memory.
 */
#ifndef DT_ERROR_H
#define DT_ERROR_H

#include <setjmp.h>
#include <stdarg.h>

struct dt_errstate {
	jmp_buf jb;
	const char *tag;	/* "D_SYNTAX", or NULL for untagged errors */
	char tagbuf[32];	/* tag's copy: a caller's may not outlive it */
	int line;		/* 0 when the error has no line */
	/* what was being cooked, DTrace's pcb_region ("action list",
	 * "predicate", else NULL): a program given as a string has no
	 * lines, and its errors say "in action list: ..." instead */
	const char *region;
	/* the file the last line marker named ("# N \"file\""), DTrace's
	 * pcb_filetag: its errors then say "file", line N; empty for the
	 * main input (cpp's "/dev/stdin") */
	char file[1024];
	char msg[4096];
};

/* Record an error in es and unwind to es->jb.  line <= 0 means "no line". */
_Noreturn void dt_verror(struct dt_errstate *es, int line, const char *tag, const char *fmt, va_list ap);

/* Report an error in es and unwind to es->jb.  line <= 0 means "no line".
 * Every caller passes the error state of the compile it works for (the
 * front end: its context's, struct dt_cc.errs); there is no global one. */
_Noreturn void dt_error(struct dt_errstate *es, int line, const char *tag, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

#endif
