/*
 * stability.c - the stability attributes of each provider's probes, as
 * DTrace for Linux gives them (each dt_prov_*.c's pattr): of the provider
 * name, module, function, probe name and arguments.  -l -v reports them;
 * a clause's probe description attributes are their minimum (-v, -xamin).
 */
#include "provider.h"

#include <string.h>

#include "../common/attr.h"

#define A(n, d, c) { DT_STAB_##n, DT_STAB_##d, DT_CLASS_##c }

static const struct {
	const char *name;		/* the provider's table (struct dt_provider) */
	dtrace_attribute_t a[5];
} pattrs[] = {
	{ "dtrace", { A(STABLE, STABLE, COMMON), A(PRIVATE, PRIVATE, UNKNOWN), A(PRIVATE, PRIVATE, UNKNOWN),
		      A(STABLE, STABLE, COMMON), A(STABLE, STABLE, COMMON) } },
	{ "profile", { A(EVOLVING, EVOLVING, COMMON), A(UNSTABLE, UNSTABLE, UNKNOWN), A(PRIVATE, PRIVATE, UNKNOWN),
		       A(EVOLVING, EVOLVING, COMMON), A(EVOLVING, EVOLVING, COMMON) } },
	{ "syscall", { A(EVOLVING, EVOLVING, COMMON), A(PRIVATE, PRIVATE, UNKNOWN), A(PRIVATE, PRIVATE, ISA),
		       A(EVOLVING, EVOLVING, COMMON), A(PRIVATE, PRIVATE, ISA) } },
	/* kinst is fbt's, one instruction deep */
	{ "fbt", { A(EVOLVING, EVOLVING, COMMON), A(PRIVATE, PRIVATE, UNKNOWN), A(PRIVATE, PRIVATE, ISA),
		   A(EVOLVING, EVOLVING, COMMON), A(PRIVATE, PRIVATE, ISA) } },
	{ "kinst", { A(EVOLVING, EVOLVING, COMMON), A(PRIVATE, PRIVATE, UNKNOWN), A(PRIVATE, PRIVATE, ISA),
		     A(EVOLVING, EVOLVING, COMMON), A(PRIVATE, PRIVATE, ISA) } },
	{ "sdt", { A(EVOLVING, EVOLVING, ISA), A(PRIVATE, PRIVATE, UNKNOWN), A(PRIVATE, PRIVATE, UNKNOWN),
		   A(PRIVATE, PRIVATE, ISA), A(PRIVATE, PRIVATE, ISA) } },
	{ "rawtp", { A(EVOLVING, EVOLVING, ISA), A(PRIVATE, PRIVATE, UNKNOWN), A(PRIVATE, PRIVATE, UNKNOWN),
		     A(PRIVATE, PRIVATE, ISA), A(PRIVATE, PRIVATE, ISA) } },
	/* DTrace's uprobe-based providers: pid and USDT */
	{ "pid", { A(EVOLVING, EVOLVING, ISA), A(PRIVATE, PRIVATE, UNKNOWN), A(PRIVATE, PRIVATE, UNKNOWN),
		   A(EVOLVING, EVOLVING, ISA), A(PRIVATE, PRIVATE, UNKNOWN) } },
	{ "usdt", { A(EVOLVING, EVOLVING, ISA), A(PRIVATE, PRIVATE, UNKNOWN), A(PRIVATE, PRIVATE, UNKNOWN),
		    A(EVOLVING, EVOLVING, ISA), A(PRIVATE, PRIVATE, UNKNOWN) } },
	/* the stable providers of DTrace's D library (proc, sched, io, ip,
	 * tcp, udp, lockstat) */
	{ "proc", { A(EVOLVING, EVOLVING, ISA), A(PRIVATE, PRIVATE, UNKNOWN), A(PRIVATE, PRIVATE, UNKNOWN),
		    A(EVOLVING, EVOLVING, ISA), A(EVOLVING, EVOLVING, ISA) } },
};

const struct dtrace_attribute *provider_pattr(const struct dt_provider *pv)
{
	static const dtrace_attribute_t unstable[5] = {
		A(UNSTABLE, UNSTABLE, COMMON), A(UNSTABLE, UNSTABLE, COMMON), A(UNSTABLE, UNSTABLE, COMMON),
		A(UNSTABLE, UNSTABLE, COMMON), A(UNSTABLE, UNSTABLE, COMMON),
	};

	if (!pv)
		return unstable;
	for (size_t i = 0; i < sizeof(pattrs) / sizeof(pattrs[0]); i++)
		if (strcmp(pv->name, pattrs[i].name) == 0)
			return pattrs[i].a;
	/* the stable providers' tables (stable.c: they serve several
	 * providers' names) */
	if (pv->serves)
		return pattrs[sizeof(pattrs) / sizeof(pattrs[0]) - 1].a;	/* as proc's */
	return unstable;
}
