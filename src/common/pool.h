/*
 * pool.h - an allocation pool: memory that lives as long as its owner and
 * is freed with it in one call.  The compiler context owns one for
 * everything a compiled program is made of (nodes, token text, variables,
 * D types, probe descriptions): those objects point at each other freely
 * (a node shared by two trees, a type by many nodes), and a compile error
 * unwinds with longjmp from any depth, so no single owner could free them
 * one by one.  The pool frees them all when the context goes (dtrace_close).
 *
 * Every allocation is a block of its own (a realloc'd vector keeps its
 * place), linked into the pool; pool_release() gives one back early.
 * Allocation cannot fail quietly: as xmalloc, it exits on exhaustion.
 */
#ifndef DT_POOL_H
#define DT_POOL_H

#include <stdarg.h>
#include <stddef.h>

struct pool_blk;
struct pool_dtor;

struct dt_pool {
	struct pool_blk *first;	/* NULL: empty (a zeroed pool is ready) */
	struct pool_dtor *dtors;	/* objects freed by a function of their own */
};

/* n bytes, zeroed. */
void *pool_zalloc(struct dt_pool *pool, size_t n);
/* n elements of sz bytes, zeroed (exits if n * sz overflows). */
void *pool_calloc(struct dt_pool *pool, size_t n, size_t sz);
/* p (from this pool, or NULL) grown or shrunk to n bytes; new bytes are
 * not zeroed. */
void *pool_realloc(struct dt_pool *pool, void *p, size_t n);
/* p (from this pool, or NULL) freed now. */
void pool_release(struct dt_pool *pool, void *p);
char *pool_strdup(struct dt_pool *pool, const char *s);
char *pool_strndup(struct dt_pool *pool, const char *s, size_t n);
char *pool_asprintf(struct dt_pool *pool, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* An object made elsewhere (a parsed printf format) that the pool owns:
 * free_fn(obj) is called when the pool is freed. */
void pool_own(struct dt_pool *pool, void (*free_fn)(void *), void *obj);
/* Free every object and block; the pool is empty and usable again. */
void pool_free_all(struct dt_pool *pool);

#endif
