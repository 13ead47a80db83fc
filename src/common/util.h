/*
 * util.h - allocation that cannot fail quietly, growable strings and
 * growable arrays: the few containers every layer shares.
 */
#ifndef DT_UTIL_H
#define DT_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t sz);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A growable NUL-terminated string. */
struct strbuf {
	char *s;
	size_t len, cap;
};
void sb_init(struct strbuf *sb);
void sb_putc(struct strbuf *sb, char c);
void sb_puts(struct strbuf *sb, const char *s);
void sb_putn(struct strbuf *sb, const char *s, size_t n);
void sb_printf(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_vprintf(struct strbuf *sb, const char *fmt, va_list ap);
void sb_free(struct strbuf *sb);

/* A growable array of pointers; its array comes from pool when that is
 * set (an object that lives in a pool: src/common/pool.h), else from
 * malloc. */
struct dt_pool;
struct pv_index;
struct ptrvec {
	void **v;
	int n, cap;
	struct dt_pool *pool;
	struct pv_index *index;	/* pv_find_named's, in pool (NULL: none yet) */
};
void pv_push(struct ptrvec *pv, void *p);
void pv_free(struct ptrvec *pv);
/*
 * The first element named name, in a vector of structs whose first member
 * is their name (char *): variables, aggregations, inlines.  A vector in a
 * pool gets an index by name, kept up to date as it grows and rebuilt when
 * it has been cut back (a failed compile unit's entries removed), so that
 * a program of 100,000 variables does not compare names 10^10 times.
 */
void *pv_find_named(struct ptrvec *pv, const char *name);

/* Glob match as DTrace probe descriptions use it: * ? [set] and \ escapes. */
int dt_glob_match(const char *pat, const char *s);
/* True when the string contains a glob metacharacter. */
int dt_is_glob(const char *s);

/* Nanoseconds of CLOCK_MONOTONIC: bpf_ktime_get_ns()'s clock, so probes'
 * timestamps compare with it. */
uint64_t dt_monotonic_ns(void);

#endif
