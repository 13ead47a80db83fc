/*
 * version.c - D version strings and the versions D has had (version.h).
 */
#include "version.h"

#include <stddef.h>

/* Every version of D DTrace defines (Oracle's dt_version.h): a program may
 * ask for any of them, and no other. */
static const uint32_t versions[] = {
	DT_VERSION_NUMBER(1, 0, 0), DT_VERSION_NUMBER(1, 1, 0), DT_VERSION_NUMBER(1, 2, 0),
	DT_VERSION_NUMBER(1, 2, 1), DT_VERSION_NUMBER(1, 2, 2), DT_VERSION_NUMBER(1, 3, 0),
	DT_VERSION_NUMBER(1, 4, 0), DT_VERSION_NUMBER(1, 4, 1), DT_VERSION_NUMBER(1, 5, 0),
	DT_VERSION_NUMBER(1, 6, 0), DT_VERSION_NUMBER(1, 6, 1), DT_VERSION_NUMBER(1, 6, 2),
	DT_VERSION_NUMBER(1, 6, 3), DT_VERSION_NUMBER(1, 6, 4), DT_VERSION_NUMBER(2, 0, 0),
	DT_VERSION_NUMBER(2, 0, 1),
};

/* As DTrace reads one: digits and at most two dots; an empty part is 0. */
int dt_version_parse(const char *s, uint32_t *v)
{
	unsigned long n[3] = {0, 0, 0};
	size_t i = 0;

	for (; *s; s++) {
		if (*s >= '0' && *s <= '9') {
			n[i] = n[i] * 10 + (unsigned long)(*s - '0');
			if (n[i] > 0xfff)
				return -1;
		} else if (*s != '.' || ++i >= 3) {
			return -1;
		}
	}
	if (n[0] > 0xff)
		return -1;
	if (v)
		*v = DT_VERSION_NUMBER(n[0], n[1], n[2]);
	return 0;
}

int dt_version_defined(uint32_t v)
{
	for (size_t i = 0; i < sizeof(versions) / sizeof(versions[0]); i++)
		if (versions[i] == v)
			return 1;
	return 0;
}
