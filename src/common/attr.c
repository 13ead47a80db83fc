/*
 * attr.c - DTrace's stability attributes: names, the "name/data/class"
 * syntax (dtrace_str2attr's), minimum and comparison (dt_attr_min,
 * dt_attr_cmp).
 */
#include "attr.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const stability[] = {
	"Internal", "Private", "Obsolete", "External", "Unstable", "Evolving", "Stable", "Standard",
};
static const char *const classes[] = {
	"Unknown", "CPU", "Platform", "Group", "ISA", "Common",
};

const dtrace_attribute_t dt_attr_default = { DT_STAB_STABLE, DT_STAB_STABLE, DT_CLASS_COMMON };
const dtrace_attribute_t dt_attr_unstable = { DT_STAB_UNSTABLE, DT_STAB_UNSTABLE, DT_CLASS_COMMON };

const char *dtrace_stability_name(dtrace_stability_t s)
{
	return dt_stability_name(s);
}

const char *dtrace_class_name(dtrace_class_t c)
{
	return dt_class_name(c);
}

const char *dt_stability_name(int s)
{
	return s >= 0 && s < (int)(sizeof(stability) / sizeof(stability[0])) ? stability[s] : NULL;
}

const char *dt_class_name(int c)
{
	return c >= 0 && c < (int)(sizeof(classes) / sizeof(classes[0])) ? classes[c] : NULL;
}

static int lookup(const char *s, const char *const *names, int n)
{
	for (int i = 0; i < n; i++)
		if (strcasecmp(s, names[i]) == 0)
			return i;
	return -1;
}

int dt_attr_parse(const char *text, dtrace_attribute_t *a)
{
	char *s = strdup(text ? text : ""), *p = s, *part[3] = { NULL, NULL, NULL };
	int n = 0, rc = 0;

	/* unspecified parts are the highest: Standard/Standard/Common */
	a->dtat_name = a->dtat_data = DT_STAB_STANDARD;
	a->dtat_class = DT_CLASS_COMMON;
	if (!s)
		return -1;
	while (p && *p && n < 3) {
		part[n++] = p;
		if ((p = strchr(p, '/')))
			*p++ = 0;
	}
	if (p && *p)
		rc = -1;		/* a fourth part */
	for (int i = 0; i < n && rc == 0; i++) {
		int v = i < 2 ? lookup(part[i], stability, 8) : lookup(part[i], classes, 6);
		if (v < 0)
			rc = -1;
		else if (i == 0)
			a->dtat_name = (dtrace_stability_t)v;
		else if (i == 1)
			a->dtat_data = (dtrace_stability_t)v;
		else
			a->dtat_class = (dtrace_class_t)v;
	}
	free(s);
	return rc;
}

dtrace_attribute_t dt_attr_min(dtrace_attribute_t a, dtrace_attribute_t b)
{
	dtrace_attribute_t m = {
		a.dtat_name < b.dtat_name ? a.dtat_name : b.dtat_name,
		a.dtat_data < b.dtat_data ? a.dtat_data : b.dtat_data,
		a.dtat_class < b.dtat_class ? a.dtat_class : b.dtat_class,
	};
	return m;
}

int dt_attr_below(dtrace_attribute_t a, dtrace_attribute_t b)
{
	return a.dtat_name < b.dtat_name || a.dtat_data < b.dtat_data || a.dtat_class < b.dtat_class;
}

char *dt_attr_str(dtrace_attribute_t a, char *buf, size_t len)
{
	const char *n = dt_stability_name(a.dtat_name), *d = dt_stability_name(a.dtat_data);
	const char *c = dt_class_name(a.dtat_class);

	snprintf(buf, len, "%s/%s/%s", n ? n : "?", d ? d : "?", c ? c : "?");
	return buf;
}
