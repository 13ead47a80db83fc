/*
 * attr.h - DTrace's stability attributes (dtrace_attribute_t): the names
 * of stability levels and dependency classes, the "name/data/class"
 * syntax of -xamin and #pragma D attributes, minimum and comparison.
 */
#ifndef DT_ATTR_H
#define DT_ATTR_H

#include <dtrace.h>
#include <stddef.h>

/* stability levels, lowest first */
enum {
	DT_STAB_INTERNAL, DT_STAB_PRIVATE, DT_STAB_OBSOLETE, DT_STAB_EXTERNAL,
	DT_STAB_UNSTABLE, DT_STAB_EVOLVING, DT_STAB_STABLE, DT_STAB_STANDARD
};
/* dependency classes, lowest first */
enum {
	DT_CLASS_UNKNOWN, DT_CLASS_CPU, DT_CLASS_PLATFORM, DT_CLASS_GROUP,
	DT_CLASS_ISA, DT_CLASS_COMMON
};

/* Stable/Stable/Common: what a D literal or D variable has */
extern const dtrace_attribute_t dt_attr_default;
/* Unstable/Unstable/Common: a description whose provider is not named */
extern const dtrace_attribute_t dt_attr_unstable;

const char *dt_stability_name(int s);
const char *dt_class_name(int c);
/* "Evolving/Evolving/Common" (parts left out are the highest); 0, or -1
 * for a name that is no stability level or class */
int dt_attr_parse(const char *s, dtrace_attribute_t *a);
dtrace_attribute_t dt_attr_min(dtrace_attribute_t a, dtrace_attribute_t b);
/* Is any part of a lower than b's? */
int dt_attr_below(dtrace_attribute_t a, dtrace_attribute_t b);
/* "Unstable/Unstable/Common" */
char *dt_attr_str(dtrace_attribute_t a, char *buf, size_t len);

#endif
