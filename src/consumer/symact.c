/*
 * symact.c - the symbol actions' values on the consumer side: func()/sym(),
 * mod(), ufunc()/usym(), umod() and uaddr() shown as DTrace shows them
 * (dt_print_sym, dt_print_mod, dt_print_usym, dt_print_umod in libdtrace's
 * dt_consume.c), aggregation keys of them reduced to their symbol, module
 * or object so that every address of one function is one key
 * (dt_aggregate.c), and the handle's symbol lookup for printf's %a and %A.
 * The symbols themselves are ksyms.c's and usyms.c's.
 */
#include "symact.h"

#include <dtrace.h>
#include <string.h>

#include "dt_impl.h"
#include "format.h"
#include "ksyms.h"
#include "output.h"
#include "usyms.h"

int dt_symact_user(int act)
{
	return act == DTRACEACT_USYM || act == DTRACEACT_UMOD || act == DTRACEACT_UADDR;
}

void dt_symact_format(struct strbuf *sb, struct dt_ksyms *ks, struct dt_usyms *us,
		      int act, const uint64_t *w)
{
	struct dt_frame f;

	if (dt_symact_user(act))
		usym_addr_frame(us, (int)w[0], w[1], &f);
	else
		ksym_frame(ks, w[0], &f);
	switch (act) {
	case DTRACEACT_MOD:
	case DTRACEACT_UMOD:
		if (f.module)
			sb_puts(sb, f.module);
		else
			sb_printf(sb, "0x%llx", (unsigned long long)f.pc);
		return;
	case DTRACEACT_SYM:
	case DTRACEACT_USYM:
		/* the symbol, without the offset into it */
		if (f.name)
			f.offset = 0;
		break;
	default:
		break;
	}
	dt_frame_format(sb, &f);
}

void dt_symact_reduce(struct dt_ksyms *ks, struct dt_usyms *us, int act, uint64_t *w)
{
	const char *mod, *name;
	struct dt_frame f;
	uint64_t off, start;

	switch (act) {
	case DTRACEACT_SYM:
		if (ksym_lookup(ks, w[0], &mod, &name, &off) == 0)
			w[0] -= off;
		return;
	case DTRACEACT_MOD:
		if (ksym_module_start(ks, w[0], &start) == 0)
			w[0] = start;
		return;
	case DTRACEACT_USYM:
		usym_addr_frame(us, (int)w[0], w[1], &f);
		if (f.name)
			w[1] -= f.offset;
		return;
	case DTRACEACT_UMOD:
		if (usym_object_start(us, (int)w[0], w[1], &start) == 0)
			w[1] = start;
		return;
	default:
		return;
	}
}

int dt_symact_dtf_lookup(void *arg, uint64_t addr, int user, struct dtf_sym *sym)
{
	struct dtrace_hdl *h = arg;
	struct dt_frame f;

	if (!user)
		return ksym_dtf_lookup(h->ksyms, addr, 0, sym);
	if (h->target <= 0)
		return -1;
	usym_addr_frame(h->usyms, (int)h->target, addr, &f);
	if (!f.module)
		return -1;
	sym->object = f.module;
	sym->name = f.name;
	sym->value = f.name ? addr - f.offset : 0;
	return 0;
}
