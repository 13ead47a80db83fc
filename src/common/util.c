/*
 * util.c - the allocation wrappers, strbuf, ptrvec and the probe glob matcher.
 */
#include "util.h"

#include "pool.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static void oom(void)
{
	fputs("dtrace: out of memory\n", stderr);
	exit(2);
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		oom();
	return p;
}

void *xcalloc(size_t n, size_t sz)
{
	void *p = calloc(n ? n : 1, sz ? sz : 1);
	if (!p)
		oom();
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		oom();
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = 0;
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	struct strbuf sb;
	va_list ap;

	sb_init(&sb);
	va_start(ap, fmt);
	sb_vprintf(&sb, fmt, ap);
	va_end(ap);
	return sb.s;
}

void sb_init(struct strbuf *sb)
{
	sb->cap = 64;
	sb->len = 0;
	sb->s = xmalloc(sb->cap);
	sb->s[0] = 0;
}

static void sb_grow(struct strbuf *sb, size_t more)
{
	if (sb->len + more + 1 <= sb->cap)
		return;
	while (sb->len + more + 1 > sb->cap)
		sb->cap *= 2;
	sb->s = xrealloc(sb->s, sb->cap);
}

void sb_putn(struct strbuf *sb, const char *s, size_t n)
{
	sb_grow(sb, n);
	memcpy(sb->s + sb->len, s, n);
	sb->len += n;
	sb->s[sb->len] = 0;
}

void sb_putc(struct strbuf *sb, char c)
{
	sb_putn(sb, &c, 1);
}

void sb_puts(struct strbuf *sb, const char *s)
{
	sb_putn(sb, s, strlen(s));
}

void sb_vprintf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list aq;
	int n;

	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	sb_grow(sb, (size_t)n);
	vsnprintf(sb->s + sb->len, (size_t)n + 1, fmt, ap);
	sb->len += (size_t)n;
}

void sb_printf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sb_vprintf(sb, fmt, ap);
	va_end(ap);
}

void sb_free(struct strbuf *sb)
{
	free(sb->s);
	sb->s = NULL;
	sb->len = sb->cap = 0;
}

void pv_push(struct ptrvec *pv, void *p)
{
	if (pv->n == pv->cap) {
		pv->cap = pv->cap ? pv->cap * 2 : 8;
		if (pv->pool)
			pv->v = pool_realloc(pv->pool, pv->v, (size_t)pv->cap * sizeof(void *));
		else
			pv->v = xrealloc(pv->v, (size_t)pv->cap * sizeof(void *));
	}
	pv->v[pv->n++] = p;
}

struct pv_index {
	int *slot;		/* position + 1 of the name hashed there; 0: free */
	int cap;		/* slots, a power of 2 */
	int n;			/* positions 0..n-1 are in it */
	void *last;		/* pv->v[n - 1] then (a vector cut back and grown
				   again has another one there) */
};

static const char *elem_name(const struct ptrvec *pv, int i)
{
	return *(char *const *)pv->v[i];
}

static unsigned name_hash(const char *s)
{
	unsigned h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/* The slot of name: where it is, or the free one where it would go. */
static int index_slot(const struct ptrvec *pv, const struct pv_index *ix, const char *name)
{
	int i = (int)(name_hash(name) & (unsigned)(ix->cap - 1));

	while (ix->slot[i] && strcmp(elem_name(pv, ix->slot[i] - 1), name) != 0)
		i = (i + 1) & (ix->cap - 1);
	return i;
}

void *pv_find_named(struct ptrvec *pv, const char *name)
{
	struct pv_index *ix = pv->index;
	int i;

	if (!pv->pool || pv->n < 16) {	/* small or not pooled: a scan */
		for (i = 0; i < pv->n; i++)
			if (strcmp(elem_name(pv, i), name) == 0)
				return pv->v[i];
		return NULL;
	}
	if (!ix)
		ix = pv->index = pool_zalloc(pv->pool, sizeof(*ix));
	if (ix->n > pv->n || (ix->n && pv->v[ix->n - 1] != ix->last))
		ix->n = 0;	/* cut back since: made again */
	if (2 * pv->n > ix->cap || ix->n == 0) {
		int cap = ix->cap ? ix->cap : 64;
		while (2 * pv->n > cap)
			cap *= 2;
		pool_release(pv->pool, ix->slot);
		ix->slot = pool_calloc(pv->pool, (size_t)cap, sizeof(int));
		ix->cap = cap;
		ix->n = 0;
	}
	for (; ix->n < pv->n; ix->n++) {
		int s = index_slot(pv, ix, elem_name(pv, ix->n));
		if (!ix->slot[s])	/* the first of a name stays */
			ix->slot[s] = ix->n + 1;
	}
	ix->last = pv->v[ix->n - 1];
	i = ix->slot[index_slot(pv, ix, name)];
	return i ? pv->v[i - 1] : NULL;
}

void pv_free(struct ptrvec *pv)
{
	if (pv->index) {
		pool_release(pv->pool, pv->index->slot);
		pool_release(pv->pool, pv->index);
		pv->index = NULL;
	}
	if (pv->pool)
		pool_release(pv->pool, pv->v);
	else
		free(pv->v);
	pv->v = NULL;
	pv->n = pv->cap = 0;
}

int dt_is_glob(const char *s)
{
	return strpbrk(s, "*?[\\") != NULL;
}

/*
 * Whether the one pattern element at p ('?', a [set], a \-escaped or plain
 * character) matches c; *next is set past the element.  -1: a set that is
 * not closed, which matches nothing.
 */
static int glob_elem(const char *p, char c, const char **next)
{
	if (*p == '?') {
		*next = p + 1;
		return 1;
	}
	if (*p == '[') {
		const char *q = p + 1;
		int neg = 0, ok = 0;
		if (*q == '!' || *q == '^')
			neg = 1, q++;
		if (!*q)
			return -1;
		do {	/* a ']' first in the set is one of its characters */
			if (q[1] == '-' && q[2] && q[2] != ']') {
				if (c >= q[0] && c <= q[2])
					ok = 1;
				q += 3;
			} else {
				if (c == *q)
					ok = 1;
				q++;
			}
		} while (*q && *q != ']');
		if (!*q)
			return -1;
		*next = q + 1;
		return ok != neg;
	}
	if (*p == '\\' && p[1])
		p++;
	*next = p + 1;
	return *p == c;
}

/*
 * Iterative, with one backtracking point (the last '*'): a pattern of many
 * stars costs at most its length times the string's, never exponential.
 */
int dt_glob_match(const char *p, const char *s)
{
	const char *star_p = NULL, *star_s = NULL;

	while (*s) {
		const char *next;
		int m;

		if (*p == '*') {
			while (*p == '*')
				p++;
			if (!*p)
				return 1;
			star_p = p;
			star_s = s;
			continue;
		}
		m = *p ? glob_elem(p, *s, &next) : 0;
		if (m < 0)
			return 0;
		if (m) {
			p = next;
			s++;
			continue;
		}
		if (!star_p)
			return 0;
		/* the last star takes one more character */
		p = star_p;
		s = ++star_s;
	}
	while (*p == '*')
		p++;
	return *p == 0;
}

uint64_t dt_monotonic_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}
