/*
 * pool.c - the allocation pool (pool.h): blocks in a doubly linked list, so
 * that one can be reallocated or released without a search.
 */
#include "pool.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

struct pool_blk {
	struct pool_blk *prev, *next;
	max_align_t data[];	/* the caller's bytes, aligned for anything */
};

struct pool_dtor {
	struct pool_dtor *next;
	void (*free_fn)(void *);
	void *obj;
};

static struct pool_blk *blk_of(void *p)
{
	return (struct pool_blk *)((char *)p - offsetof(struct pool_blk, data));
}

static void link_blk(struct dt_pool *pool, struct pool_blk *b)
{
	b->prev = NULL;
	b->next = pool->first;
	if (b->next)
		b->next->prev = b;
	pool->first = b;
}

static void unlink_blk(struct dt_pool *pool, struct pool_blk *b)
{
	if (b->prev)
		b->prev->next = b->next;
	else
		pool->first = b->next;
	if (b->next)
		b->next->prev = b->prev;
}

void *pool_zalloc(struct dt_pool *pool, size_t n)
{
	struct pool_blk *b = xcalloc(1, sizeof(*b) + n);

	link_blk(pool, b);
	return b->data;
}

void *pool_calloc(struct dt_pool *pool, size_t n, size_t sz)
{
	if (sz && n > ((size_t)-1 - sizeof(struct pool_blk)) / sz) {
		fputs("dtrace: out of memory\n", stderr);
		exit(2);
	}
	return pool_zalloc(pool, n * sz);
}

void *pool_realloc(struct dt_pool *pool, void *p, size_t n)
{
	struct pool_blk *b;

	if (!p)
		return pool_zalloc(pool, n);
	b = blk_of(p);
	unlink_blk(pool, b);
	b = xrealloc(b, sizeof(*b) + n);
	link_blk(pool, b);
	return b->data;
}

void pool_release(struct dt_pool *pool, void *p)
{
	struct pool_blk *b;

	if (!p)
		return;
	b = blk_of(p);
	unlink_blk(pool, b);
	free(b);
}

char *pool_strndup(struct dt_pool *pool, const char *s, size_t n)
{
	char *p = pool_zalloc(pool, n + 1);

	memcpy(p, s, n);
	return p;
}

char *pool_strdup(struct dt_pool *pool, const char *s)
{
	return pool_strndup(pool, s, strlen(s));
}

char *pool_asprintf(struct dt_pool *pool, const char *fmt, ...)
{
	va_list ap;
	int n;
	char *p;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	p = pool_zalloc(pool, (size_t)(n > 0 ? n : 0) + 1);
	va_start(ap, fmt);
	vsnprintf(p, (size_t)(n > 0 ? n : 0) + 1, fmt, ap);
	va_end(ap);
	return p;
}

void pool_own(struct dt_pool *pool, void (*free_fn)(void *), void *obj)
{
	struct pool_dtor *d = xmalloc(sizeof(*d));

	d->free_fn = free_fn;
	d->obj = obj;
	d->next = pool->dtors;
	pool->dtors = d;
}

void pool_free_all(struct dt_pool *pool)
{
	struct pool_blk *b = pool->first;
	struct pool_dtor *d = pool->dtors;

	while (d) {
		struct pool_dtor *next = d->next;
		d->free_fn(d->obj);
		free(d);
		d = next;
	}
	pool->dtors = NULL;

	while (b) {
		struct pool_blk *next = b->next;
		free(b);
		b = next;
	}
	pool->first = NULL;
}
