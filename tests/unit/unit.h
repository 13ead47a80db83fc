/*
 * unit.h - what the unit test programs share: showing a string with its
 * invisible characters in a failure report.
 */
#ifndef DT_TESTS_UNIT_H
#define DT_TESTS_UNIT_H

#include <stdio.h>

#define N(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* Show a string with its invisible characters, for failure reports. */
static inline void show(const char *s)
{
	fputc('"', stderr);
	for (; s && *s; s++) {
		if (*s == '\n')
			fputs("\\n", stderr);
		else if (*s == '\t')
			fputs("\\t", stderr);
		else
			fputc(*s, stderr);
	}
	fputs("\"\n", stderr);
}

#endif
