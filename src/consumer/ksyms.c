/*
 * ksyms.c - kernel symbols from /proc/kallsyms, read once, on first use, and
 * kernel stack frames printed as DTrace prints them (module`symbol+0xoff),
 * and the public dtrace_addr2str() that names a kernel address so.
 */
#include "ksyms.h"
#include "dt_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/kallsyms.h"
#include "../common/util.h"
#include "format.h"
#include "output.h"

struct ksym {
	uint64_t addr;
	char *name;
	char *mod;		/* "vmlinux" or the module name */
	uint64_t modstart;	/* the address of the first symbol of the run of
				 * its module's symbols it is in (mod()'s key) */
};

/* A handle's kernel symbol table, read from kallsyms on first use. */
struct dt_ksyms {
	struct ksym *syms;
	size_t nsyms, cap;
	int loaded;
};

struct dt_ksyms *ksyms_create(void)
{
	return xcalloc(1, sizeof(struct dt_ksyms));
}

void ksyms_destroy(struct dt_ksyms *ks)
{
	if (!ks)
		return;
	for (size_t i = 0; i < ks->nsyms; i++) {
		free(ks->syms[i].name);
		free(ks->syms[i].mod);
	}
	free(ks->syms);
	free(ks);
}

static int cmp_ksym(const void *a, const void *b)
{
	const struct ksym *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* Functions only: a stack's pcs are in text. */
static int add_sym(void *arg, uint64_t addr, char type, const char *name, const char *mod)
{
	struct dt_ksyms *ks = arg;

	if (type != 't' && type != 'T' && type != 'w' && type != 'W')
		return 0;
	if (ks->nsyms == ks->cap) {
		ks->cap = ks->cap ? ks->cap * 2 : 65536;
		ks->syms = xrealloc(ks->syms, ks->cap * sizeof(*ks->syms));
	}
	ks->syms[ks->nsyms].addr = addr;
	ks->syms[ks->nsyms].name = xstrdup(name);
	ks->syms[ks->nsyms].mod = xstrdup(mod);
	ks->nsyms++;
	return 0;
}

void ksyms_load(struct dt_ksyms *ks)
{
	ks->loaded = 1;
	kallsyms_each(add_sym, ks);
	qsort(ks->syms, ks->nsyms, sizeof(*ks->syms), cmp_ksym);
	for (size_t i = 0; i < ks->nsyms; i++)
		ks->syms[i].modstart = i && strcmp(ks->syms[i].mod, ks->syms[i - 1].mod) == 0 ?
				       ks->syms[i - 1].modstart : ks->syms[i].addr;
}

/* The symbol containing addr, or NULL. */
static const struct ksym *find(struct dt_ksyms *ks, uint64_t addr)
{
	size_t lo = 0, hi;

	if (!ks)
		return NULL;
	if (!ks->loaded)
		ksyms_load(ks);
	if (!ks->nsyms || addr < ks->syms[0].addr)
		return NULL;
	hi = ks->nsyms;
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;
		if (ks->syms[mid].addr <= addr)
			lo = mid;
		else
			hi = mid;
	}
	return &ks->syms[lo];
}

int ksym_lookup(struct dt_ksyms *ks, uint64_t addr, const char **mod, const char **name, uint64_t *off)
{
	const struct ksym *s = find(ks, addr);

	if (!s)
		return -1;
	*mod = s->mod;
	*name = s->name;
	*off = addr - s->addr;
	return 0;
}

int ksym_module_start(struct dt_ksyms *ks, uint64_t addr, uint64_t *start)
{
	const struct ksym *s = find(ks, addr);

	if (!s)
		return -1;
	*start = s->modstart;
	return 0;
}

void ksym_format(struct dt_ksyms *ks, struct strbuf *out, uint64_t addr)
{
	const char *mod, *name;
	uint64_t off;

	if (ksym_lookup(ks, addr, &mod, &name, &off) < 0) {
		sb_printf(out, "0x%llx", (unsigned long long)addr);
		return;
	}
	if (off)
		sb_printf(out, "%s`%s+0x%llx", mod, name, (unsigned long long)off);
	else
		sb_printf(out, "%s`%s", mod, name);
}

void ksym_frame(struct dt_ksyms *ks, uint64_t pc, struct dt_frame *f)
{
	const char *mod, *name;
	uint64_t off;

	f->pc = pc;
	if (ksym_lookup(ks, pc, &mod, &name, &off) < 0) {
		f->module = f->name = NULL;
		f->offset = 0;
		return;
	}
	f->module = mod;
	f->name = name;
	f->offset = off;
}

int ksym_dtf_lookup(void *arg, uint64_t addr, int user, struct dtf_sym *sym)
{
	const char *mod, *name;
	uint64_t off;

	if (user || ksym_lookup(arg, addr, &mod, &name, &off) < 0)
		return -1;
	sym->object = mod;
	sym->name = name;
	sym->value = addr - off;
	return 0;
}

/*
 * The linker's markers (section starts and ends): an address after one is
 * in data kallsyms has no symbol for (a kernel built without
 * CONFIG_KALLSYMS_ALL lists only functions and these), not in the marker.
 */
static int is_marker(const char *name)
{
	static const char *const markers[] = {"_text", "_stext", "_etext", "_sinittext", "_einittext", "_sdata",
					      "_edata", "_end", "__init_begin", "__init_end", "__bss_start",
					      "__bss_stop", "__end_rodata", NULL};

	if (strncmp(name, "__start_", 8) == 0 || strncmp(name, "__stop_", 7) == 0)
		return 1;
	for (int i = 0; markers[i]; i++)
		if (strcmp(name, markers[i]) == 0)
			return 1;
	return 0;
}

/* illumos's call: a kernel address as stack() prints a frame, "0x..." where
 * no symbol holds it (the heap, data kallsyms does not name); returns the
 * length of the whole string, as snprintf() does. */
int dtrace_addr2str(dtrace_hdl_t *h, uint64_t addr, char *str, int nbytes)
{
	const char *mod, *name;
	uint64_t off;
	struct strbuf sb;
	int n;

	sb_init(&sb);
	if (ksym_lookup(h->ksyms, addr, &mod, &name, &off) < 0 || (off && is_marker(name)))
		sb_printf(&sb, "0x%llx", (unsigned long long)addr);
	else
		ksym_format(h->ksyms, &sb, addr);
	n = (int)sb.len;
	if (str && nbytes > 0)
		snprintf(str, (size_t)nbytes, "%s", sb.s ? sb.s : "");
	sb_free(&sb);
	return n;
}

/* The frames of the BPF program and the tracepoint glue that ran it. */
int ksym_is_glue(struct dt_ksyms *ks, uint64_t pc)
{
	const char *mod, *name;
	uint64_t off;

	if (ksym_lookup(ks, pc, &mod, &name, &off) < 0)
		return 0;
	return strcmp(mod, "bpf") == 0 || kallsyms_is_glue(name);
}
