/*
 * test_pool.c - owns the unit tests for src/common/pool.c (allocation
 * pools: blocks that grow, are released early or freed all at once, and
 * objects owned with a function of their own) and pv_find_named
 * (src/common/util.c): lookup by name in a pooled vector, its index kept
 * right as the vector grows, and rebuilt when the vector is cut back and
 * grown again (a failed compile unit's variables removed).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/pool.h"
#include "common/util.h"
#include "unit.h"

static int passed, failed;

static void check(int cond, const char *what, int line)
{
	if (cond) {
		passed++;
		return;
	}
	failed++;
	fprintf(stderr, "FAIL line %d: %s\n", line, what);
}
#define CHECK(c) check((c), #c, __LINE__)

struct named {
	char *name;
	int value;
};

static int freed;
static void count_free(void *p)
{
	freed++;
	free(p);
}

static struct named *mk(struct dt_pool *pool, const char *name, int value)
{
	struct named *e = pool_zalloc(pool, sizeof(*e));

	e->name = pool_strdup(pool, name);
	e->value = value;
	return e;
}

int main(void)
{
	struct dt_pool pool = {0};
	char name[32];

	/* blocks: zeroed, grown keeping their bytes, released early */
	char *a = pool_zalloc(&pool, 16);
	CHECK(a[0] == 0 && a[15] == 0);
	strcpy(a, "hello");
	a = pool_realloc(&pool, a, 4096);
	CHECK(strcmp(a, "hello") == 0);
	pool_release(&pool, pool_strdup(&pool, "gone"));
	CHECK(strcmp(pool_asprintf(&pool, "%s-%d", "x", 42), "x-42") == 0);
	CHECK(strcmp(pool_strndup(&pool, "abcdef", 3), "abc") == 0);
	int *v = pool_calloc(&pool, 1000, sizeof(int));
	CHECK(v[999] == 0);
	pool_own(&pool, count_free, malloc(8));
	pool_own(&pool, count_free, malloc(8));
	pool_free_all(&pool);
	CHECK(freed == 2);
	CHECK(pool.first == NULL);

	/* lookup by name: small (a scan) and large (an index) */
	struct ptrvec pv = {.pool = &pool};
	for (int i = 0; i < 1000; i++) {
		snprintf(name, sizeof(name), "x%d", i);
		pv_push(&pv, mk(&pool, name, i));
		if (i == 5)
			CHECK(((struct named *)pv_find_named(&pv, "x3"))->value == 3);
	}
	CHECK(((struct named *)pv_find_named(&pv, "x999"))->value == 999);
	CHECK(((struct named *)pv_find_named(&pv, "x0"))->value == 0);
	CHECK(pv_find_named(&pv, "y") == NULL);
	/* grown after the index was made */
	pv_push(&pv, mk(&pool, "late", 7));
	CHECK(((struct named *)pv_find_named(&pv, "late"))->value == 7);
	/* cut back (a failed unit) and grown again to the same length with
	 * other names: the old ones are gone, the new ones found */
	pv.n = 500;
	for (int i = 500; i < 1001; i++) {
		snprintf(name, sizeof(name), "z%d", i);
		pv_push(&pv, mk(&pool, name, -i));
	}
	CHECK(pv_find_named(&pv, "x700") == NULL);
	CHECK(pv_find_named(&pv, "late") == NULL);
	CHECK(((struct named *)pv_find_named(&pv, "z1000"))->value == -1000);
	CHECK(((struct named *)pv_find_named(&pv, "x499"))->value == 499);
	/* cut back and looked up before growing */
	pv.n = 10;
	CHECK(pv_find_named(&pv, "x11") == NULL);
	CHECK(((struct named *)pv_find_named(&pv, "x9"))->value == 9);
	/* the first of two equal names is found */
	for (int i = 0; i < 40; i++)
		pv_push(&pv, mk(&pool, "dup", i));
	CHECK(((struct named *)pv_find_named(&pv, "dup"))->value == 0);
	pv_free(&pv);
	pool_free_all(&pool);

	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
