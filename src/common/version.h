/*
 * version.h - the versions of the D language: the number a version string
 * ("1.6.3") encodes, the versions DTrace has defined, and the newest.
 * A program may ask for an older one (-xversion, #pragma D option
 * version): the identifiers D gained after it are then not defined
 * (#pragma D binding ties a library identifier to its version).
 */
#ifndef DT_VERSION_H
#define DT_VERSION_H

#include <stdint.h>

/* major (8 bits), minor and micro (12 bits each), as DTrace encodes them */
#define DT_VERSION_NUMBER(M, m, u) (((uint32_t)(M) << 24) | ((uint32_t)(m) << 12) | (uint32_t)(u))
#define DT_VERS_1_0	DT_VERSION_NUMBER(1, 0, 0)
#define DT_VERS_1_1	DT_VERSION_NUMBER(1, 1, 0)
#define DT_VERS_1_2	DT_VERSION_NUMBER(1, 2, 0)
#define DT_VERS_1_3	DT_VERSION_NUMBER(1, 3, 0)
#define DT_VERS_1_5	DT_VERSION_NUMBER(1, 5, 0)
#define DT_VERS_1_6	DT_VERSION_NUMBER(1, 6, 0)
#define DT_VERS_1_6_4	DT_VERSION_NUMBER(1, 6, 4)
#define DT_VERS_2_0	DT_VERSION_NUMBER(2, 0, 0)
#define DT_VERS_LATEST	DT_VERSION_NUMBER(2, 0, 1)

/* "M[.m[.u]]" to its number: 0, or -1 if malformed or a part too large */
int dt_version_parse(const char *s, uint32_t *v);
/* whether v is one of the versions D has had */
int dt_version_defined(uint32_t v);

#endif
