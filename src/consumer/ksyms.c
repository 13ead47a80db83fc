/*
 * ksyms.c - kernel symbols from /proc/kallsyms, read once, on first use, and
 * kernel stack frames printed as DTrace prints them (module`symbol+0xoff).
 */
#include "ksyms.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/util.h"

struct ksym {
	uint64_t addr;
	char *name;
	char *mod;		/* "vmlinux" or the module name */
};

static struct ksym *syms;
static size_t nsyms;
static int loaded;

static int cmp_ksym(const void *a, const void *b)
{
	const struct ksym *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static void load(void)
{
	FILE *f;
	char line[512];
	size_t cap = 0;

	loaded = 1;
	f = fopen("/proc/kallsyms", "r");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long addr;
		char type, name[256], mod[128] = "";
		int n = sscanf(line, "%llx %c %255s [%127[^]]]", &addr, &type, name, mod);
		if (n < 3 || addr == 0)
			continue;
		if (type != 't' && type != 'T' && type != 'w' && type != 'W')
			continue;
		if (nsyms == cap) {
			cap = cap ? cap * 2 : 65536;
			syms = xrealloc(syms, cap * sizeof(*syms));
		}
		syms[nsyms].addr = addr;
		syms[nsyms].name = xstrdup(name);
		syms[nsyms].mod = xstrdup(n == 4 && mod[0] ? mod : "vmlinux");
		nsyms++;
	}
	fclose(f);
	qsort(syms, nsyms, sizeof(*syms), cmp_ksym);
}

int ksym_lookup(uint64_t addr, const char **mod, const char **name, uint64_t *off)
{
	size_t lo = 0, hi;

	if (!loaded)
		load();
	if (!nsyms || addr < syms[0].addr)
		return -1;
	hi = nsyms;
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;
		if (syms[mid].addr <= addr)
			lo = mid;
		else
			hi = mid;
	}
	*mod = syms[lo].mod;
	*name = syms[lo].name;
	*off = addr - syms[lo].addr;
	return 0;
}

void ksym_format(struct strbuf *out, uint64_t addr)
{
	const char *mod, *name;
	uint64_t off;

	if (ksym_lookup(addr, &mod, &name, &off) < 0) {
		sb_printf(out, "0x%llx", (unsigned long long)addr);
		return;
	}
	if (off)
		sb_printf(out, "%s`%s+0x%llx", mod, name, (unsigned long long)off);
	else
		sb_printf(out, "%s`%s", mod, name);
}

/* The frames of the BPF program and the tracepoint glue that ran it. */
static int probe_glue(uint64_t pc)
{
	const char *mod, *name;
	uint64_t off;

	if (ksym_lookup(pc, &mod, &name, &off) < 0)
		return 0;
	return strcmp(mod, "bpf") == 0 || strncmp(name, "bpf_trace_run", 13) == 0 ||
	       strncmp(name, "__bpf_trace_", 12) == 0 || strncmp(name, "bpf_prog_", 9) == 0 ||
	       strcmp(name, "perf_trace_run_bpf_submit") == 0 || strncmp(name, "bpf_overflow_handler", 20) == 0;
}

void ksym_print_stack(struct strbuf *out, const uint64_t *pcs, int n, int indent)
{
	int i = 0;

	while (i < n && pcs[i] && probe_glue(pcs[i]))
		i++;
	for (; i < n && pcs[i]; i++) {
		sb_printf(out, "%*s", indent, "");
		ksym_format(out, pcs[i]);
		sb_putc(out, '\n');
	}
}
