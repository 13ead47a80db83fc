/*
 * test_glob.c - owns the unit tests for dt_glob_match (src/common/util.c),
 * the probe-description matcher: * ? [set] [!set] and \ escapes, a set
 * that is not closed (it matches nothing, and is never read past its end),
 * and patterns of many stars (they take time proportional to the pattern
 * times the name, never exponential).
 */
#include <stdio.h>
#include <string.h>

#include "common/util.h"
#include "unit.h"

static int passed, failed;

static void m(const char *pat, const char *s, int want, int line)
{
	int got = dt_glob_match(pat, s);

	if (got == want) {
		passed++;
		return;
	}
	failed++;
	fprintf(stderr, "FAIL line %d: dt_glob_match(\"%s\", \"%s\") = %d, want %d\n", line, pat, s, got, want);
}

#define M(p, s, w) m(p, s, w, __LINE__)

int main(void)
{
	M("", "", 1);
	M("", "a", 0);
	M("open", "open", 1);
	M("open", "openat", 0);
	M("open*", "openat", 1);
	M("*at", "openat", 1);
	M("*", "", 1);
	M("**", "x", 1);
	M("o?en", "open", 1);
	M("o?en", "oen", 0);
	M("sys_[rw]*", "sys_read", 1);
	M("sys_[rw]*", "sys_open", 0);
	M("sys_[!rw]*", "sys_open", 1);
	M("sys_[^rw]*", "sys_read", 0);
	M("[a-c]x", "bx", 1);
	M("[a-c]x", "dx", 0);
	M("[]]", "]", 1);
	M("a\\*", "a*", 1);
	M("a\\*", "ab", 0);
	M("*a*b*c", "xxaxxbxxc", 1);
	M("*a*b*c", "xxaxxbxxd", 0);
	/* a set that is not closed matches nothing (and is not read past) */
	M("[", "[", 0);
	M("[!", "a", 0);
	M("[a", "a", 0);
	M("a[", "ab", 0);
	M("*[", "x", 0);
	/* many stars against a long name that almost matches: linear work */
	{
		char pat[256], name[4096];
		size_t n = 0;
		for (int i = 0; i < 60; i++)
			pat[n++] = '*', pat[n++] = 'a';
		pat[n++] = 'b';
		pat[n] = 0;
		memset(name, 'a', sizeof(name) - 1);
		name[sizeof(name) - 1] = 0;
		M(pat, name, 0);
		name[sizeof(name) - 2] = 'b';
		M(pat, name, 1);
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
