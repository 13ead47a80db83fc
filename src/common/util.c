/*
 * util.c - the allocation wrappers, strbuf, ptrvec and the probe glob matcher.
 */
#include "util.h"

#include "pool.h"

#include <stdlib.h>
#include <string.h>

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

void pv_free(struct ptrvec *pv)
{
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

int dt_glob_match(const char *p, const char *s)
{
	for (;;) {
		switch (*p) {
		case 0:
			return *s == 0;
		case '*':
			while (*p == '*')
				p++;
			if (!*p)
				return 1;
			for (; *s; s++)
				if (dt_glob_match(p, s))
					return 1;
			return dt_glob_match(p, s);
		case '?':
			if (!*s)
				return 0;
			p++, s++;
			break;
		case '[': {
			const char *q = p + 1;
			int neg = 0, ok = 0;
			if (!*s)
				return 0;
			if (*q == '!' || *q == '^')
				neg = 1, q++;
			do {
				if (q[1] == '-' && q[2] && q[2] != ']') {
					if (*s >= q[0] && *s <= q[2])
						ok = 1;
					q += 3;
				} else {
					if (*s == *q)
						ok = 1;
					q++;
				}
			} while (*q && *q != ']');
			if (!*q)
				return 0;
			if (ok == neg)
				return 0;
			p = q + 1, s++;
			break;
		}
		case '\\':
			if (p[1])
				p++;
			/* fallthrough */
		default:
			if (*p != *s)
				return 0;
			p++, s++;
		}
	}
}
