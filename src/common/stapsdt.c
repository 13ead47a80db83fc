/*
 * stapsdt.c - the USDT probes an x86-64 ELF object declares, as
 * sys/sdt.h writes them: one NT_STAPSDT note (type 3, owner "stapsdt") per
 * probe site in .note.stapsdt, holding the site's address, the address of
 * .stapsdt.base when the note was written, the semaphore's address (0:
 * none), then provider, name and argument string.  An object moved after
 * link time (prelink) has its .stapsdt.base elsewhere: the difference
 * moves the site and the semaphore too.  Addresses become file offsets
 * through the PT_LOAD headers, as uprobes (and their ref_ctr_offset) name
 * them.
 *
 * The argument string is GNU as operand syntax, one "[-]SIZE@OPERAND" per
 * argument (SIZE in bytes, negative when signed): %reg, $constant,
 * disp(%base,%index,scale), symbol(%rip).  A symbol is resolved here from
 * the object's symbol table, into a displacement from the probed
 * instruction's address (which is where a uprobe leaves the instruction
 * pointer), so it holds for any load address.
 *
 * A `dtrace -h` header adds, per probe of its provider definition, a note
 * of type 1, owner "dtrace", in .note.dtrace: provider NUL name NUL, then
 * each argument's D type NUL-terminated; read here too.
 */
#include "stapsdt.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../bpf/pt_regs.h"
#include "util.h"

#define NT_STAPSDT 3
#define NT_DTRACE_TYPES 1

/* A register name of GNU as: its pt_regs slot, and where in it the
 * named part starts (%ah is bits 8-15 of %rax). */
static int reg_lookup(const char *name, size_t len, int *shift)
{
	static const struct {
		const char *names[5];	/* 64, 32, 16, 8 bits, 8 bits high */
		int off;
	} regs[] = {
		{{"rax", "eax", "ax", "al", "ah"}, PT_REGS_AX},
		{{"rbx", "ebx", "bx", "bl", "bh"}, PT_REGS_BX},
		{{"rcx", "ecx", "cx", "cl", "ch"}, PT_REGS_CX},
		{{"rdx", "edx", "dx", "dl", "dh"}, PT_REGS_DX},
		{{"rsi", "esi", "si", "sil", NULL}, PT_REGS_SI},
		{{"rdi", "edi", "di", "dil", NULL}, PT_REGS_DI},
		{{"rbp", "ebp", "bp", "bpl", NULL}, PT_REGS_BP},
		{{"rsp", "esp", "sp", "spl", NULL}, PT_REGS_SP},
		{{"rip", "eip", NULL, NULL, NULL}, PT_REGS_IP},
	};
	/* %r8 .. %r15 and their d, w, b (or l) parts */
	static const int rn[8] = {PT_REGS_R8, PT_REGS_R9, PT_REGS_R10, PT_REGS_R11,
				  PT_REGS_R12, PT_REGS_R13, PT_REGS_R14, PT_REGS_R15};

	*shift = 0;
	for (size_t i = 0; i < ARRAY_SIZE(regs); i++)
		for (int w = 0; w < 5; w++)
			if (regs[i].names[w] && strlen(regs[i].names[w]) == len &&
			    memcmp(regs[i].names[w], name, len) == 0) {
				*shift = w == 4 ? 8 : 0;
				return regs[i].off;
			}
	if (len >= 2 && name[0] == 'r' && isdigit((unsigned char)name[1])) {
		char *end;
		long n = strtol(name + 1, &end, 10);
		size_t rest = len - (size_t)(end - name);
		if (n >= 8 && n <= 15 && (rest == 0 || (rest == 1 && strchr("dwbl", *end))))
			return rn[n - 8];
	}
	return STAPSDT_NOREG;
}

/* "%reg" at *s: its slot, s moved past it; STAPSDT_NOREG (s unmoved) if
 * it is no integer register we know. */
static int parse_reg(const char **s, int *shift)
{
	const char *p = *s + 1;
	size_t len = 0;
	int off;

	if (**s != '%')
		return STAPSDT_NOREG;
	while (isalnum((unsigned char)p[len]))
		len++;
	off = reg_lookup(p, len, shift);
	if (off != STAPSDT_NOREG)
		*s = p + len;
	return off;
}

static int sym_char(char c, int first)
{
	return isalpha((unsigned char)c) || c == '_' || c == '.' || (!first && (isdigit((unsigned char)c) || c == '$'));
}

/* A displacement: an integer, or symbol[+-integer]; 0 if there is none.
 * Returns -1 on what it cannot read. */
static int parse_disp(const char **s, struct stapsdt_arg *a)
{
	const char *p = *s;
	char *end;

	if (sym_char(*p, 1)) {
		size_t n = 0;
		while (sym_char(p[n], n == 0))
			n++;
		if (n >= sizeof(a->sym))
			return -1;
		memcpy(a->sym, p, n);
		a->sym[n] = 0;
		p += n;
		if (*p != '+' && *p != '-') {
			*s = p;
			return 0;
		}
	}
	if (*p == '+' || *p == '-' || isdigit((unsigned char)*p)) {
		a->val = strtoll(p, &end, 0);
		if (end == p)
			return -1;
		p = end;
	}
	*s = p;
	return 0;
}

/* One operand, s up to its end; the kind stays STAPSDT_ARG_NONE when it
 * is not one we can read. */
static void parse_operand(const char *s, const char *end, struct stapsdt_arg *a)
{
	char *e;
	int shift;

	a->reg = a->index = STAPSDT_NOREG;
	a->scale = 1;
	if (*s == '$') {		/* $constant ($symbol: an address we do not compute) */
		a->val = strtoll(s + 1, &e, 0);
		if (e != s + 1 && e == end)
			a->kind = STAPSDT_ARG_CONST;
		return;
	}
	if (*s == '%') {
		a->reg = parse_reg(&s, &a->reg_shift);
		if (a->reg != STAPSDT_NOREG && s == end)	/* else %xmm0, %fs:8 ... */
			a->kind = STAPSDT_ARG_REG;
		return;
	}
	if (parse_disp(&s, a) < 0)
		return;
	if (s == end) {			/* an absolute address: a symbol, or a number */
		a->kind = STAPSDT_ARG_MEM;
		return;
	}
	if (*s++ != '(')
		return;
	if (*s == '%' && (a->reg = parse_reg(&s, &shift)) == STAPSDT_NOREG)
		return;
	if (*s == ',') {
		s++;
		if ((a->index = parse_reg(&s, &shift)) == STAPSDT_NOREG)
			return;
		if (*s == ',') {
			a->scale = (int)strtol(s + 1, &e, 10);
			s = e;
			if (a->scale != 1 && a->scale != 2 && a->scale != 4 && a->scale != 8)
				return;
		}
	}
	if (*s == ')' && s + 1 == end)
		a->kind = STAPSDT_ARG_MEM;
}

int stapsdt_parse_args(const char *spec, struct stapsdt_arg *args, int max)
{
	const char *s = spec;
	int n = 0;

	while (n < max) {
		struct stapsdt_arg *a = &args[n];
		const char *end, *at;
		while (isspace((unsigned char)*s))
			s++;
		if (!*s)
			break;
		end = s;
		while (*end && !isspace((unsigned char)*end))
			end++;
		memset(a, 0, sizeof(*a));
		a->size = 8;	/* no SIZE@: a long, as notes before sizes were */
		a->is_signed = 1;
		at = memchr(s, '@', (size_t)(end - s));
		if (at) {
			char *e;
			long sz = strtol(s, &e, 10);
			if (e == at && (labs(sz) == 1 || labs(sz) == 2 || labs(sz) == 4 || labs(sz) == 8)) {
				a->size = (int)labs(sz);
				a->is_signed = sz < 0;
				s = at + 1;
			}
		}
		parse_operand(s, end, a);
		if (a->kind == STAPSDT_ARG_REG && a->reg_shift && a->size != 1)
			a->kind = STAPSDT_ARG_NONE;
		n++;
		s = end;
	}
	return n;
}

/* A symbol of the object: what a site's function and an argument's
 * symbol are looked up in. */
struct sym {
	uint64_t addr, size;
	const char *name;	/* in the ELF's data: valid until elf_end */
	int is_func;
};

static int cmp_sym(const void *a, const void *b)
{
	const struct sym *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* The function symbol containing pc, or "" (syms sorted by address). */
static const char *func_of(const struct sym *syms, size_t n, uint64_t pc)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {		/* the first symbol past pc */
		size_t mid = (lo + hi) / 2;
		if (syms[mid].addr <= pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	while (lo-- > 0) {
		/* a function's symbols may nest (aliases, .cold parts): the
		 * nearest one below pc that contains it */
		const struct sym *s = &syms[lo];
		if (s->is_func && pc < s->addr + s->size)
			return s->name;
		if (pc - s->addr > (1u << 24))
			break;
	}
	return "";
}

/* An object's symbols: by address, and by name (then address) once an
 * argument names one, so that an object with thousands of sites and of
 * symbols is not searched end to end for each such argument. */
struct symtab {
	const struct sym *v;
	size_t n;
	const struct sym **byname;	/* NULL until needed */
};

static int cmp_sym_name(const void *a, const void *b)
{
	const struct sym *x = *(const struct sym *const *)a, *y = *(const struct sym *const *)b;
	int c = strcmp(x->name, y->name);

	return c ? c : (x->addr > y->addr) - (x->addr < y->addr);
}

static int cmp_name_sym(const void *key, const void *elem)
{
	return strcmp(key, (*(const struct sym *const *)elem)->name);
}

/* The symbol called name (the lowest of that name). */
static const struct sym *sym_named(struct symtab *st, const char *name)
{
	const struct sym *const *p;

	if (!st->n)
		return NULL;
	if (!st->byname) {
		st->byname = xcalloc(st->n, sizeof(*st->byname));
		for (size_t i = 0; i < st->n; i++)
			st->byname[i] = &st->v[i];
		qsort(st->byname, st->n, sizeof(*st->byname), cmp_sym_name);
	}
	p = bsearch(name, st->byname, st->n, sizeof(*st->byname), cmp_name_sym);
	if (!p)
		return NULL;
	while (p > st->byname && strcmp(p[-1]->name, name) == 0)
		p--;
	return *p;
}

struct seg {
	uint64_t vaddr, memsz, offset, filesz;
};

/* The file offset of vaddr, through the PT_LOAD segments; 0: none (no
 * site or semaphore is at offset 0, the ELF header). */
static uint64_t file_offset(const struct seg *segs, int n, uint64_t vaddr)
{
	for (int i = 0; i < n; i++)
		if (vaddr >= segs[i].vaddr && vaddr - segs[i].vaddr < segs[i].filesz)
			return vaddr - segs[i].vaddr + segs[i].offset;
	return 0;
}

/* The symbols of the symbol table (else the dynamic one), sorted. */
static struct sym *read_syms(Elf *e, Elf_Scn *symtab, size_t *np)
{
	GElf_Shdr sh;
	Elf_Data *d;
	struct sym *v = NULL;
	size_t n = 0, cap = 0, cnt;

	*np = 0;
	if (!symtab || !gelf_getshdr(symtab, &sh) || !(d = elf_getdata(symtab, NULL)) || !sh.sh_entsize)
		return NULL;
	cnt = sh.sh_size / sh.sh_entsize;
	for (size_t i = 0; i < cnt; i++) {
		GElf_Sym s;
		const char *name;
		int type;
		if (!gelf_getsym(d, (int)i, &s) || s.st_shndx == SHN_UNDEF || s.st_value == 0)
			continue;
		type = GELF_ST_TYPE(s.st_info);
		if ((type != STT_FUNC && type != STT_OBJECT && type != STT_NOTYPE) ||
		    !(name = elf_strptr(e, sh.sh_link, s.st_name)) || !*name)
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 1024;
			v = xrealloc(v, cap * sizeof(*v));
		}
		v[n++] = (struct sym){ s.st_value, s.st_size, name, type == STT_FUNC };
	}
	if (n)	/* (no symbol: no array) */
		qsort(v, n, sizeof(*v), cmp_sym);
	*np = n;
	return v;
}

/* A symbol in an argument: a displacement from the probed instruction
 * (where the instruction pointer is when the probe fires), or the
 * argument cannot be read (a symbol we do not know, or added to a
 * register other than %rip: an absolute address in a non-PIC object). */
static void resolve_arg(struct stapsdt_arg *a, struct symtab *st, uint64_t pc)
{
	const struct sym *s;

	if (a->kind != STAPSDT_ARG_MEM || !a->sym[0])
		return;
	if ((a->reg != STAPSDT_NOREG && a->reg != PT_REGS_IP) || a->index != STAPSDT_NOREG ||
	    !(s = sym_named(st, a->sym))) {
		a->kind = STAPSDT_ARG_NONE;
		return;
	}
	a->val += (int64_t)(s->addr - pc);
	a->reg = PT_REGS_IP;
	a->sym[0] = 0;
}

/* One site's note; base: where .stapsdt.base is (NULL: no such section). */
static void add_site(struct stapsdt_obj *o, const char *desc, size_t len, const uint64_t *base, const struct seg *segs,
		     int nseg, struct symtab *st)
{
	uint64_t a[3];
	const char *prov, *name, *args, *end = desc + len;
	struct stapsdt_site *s;

	if (len < sizeof(a) + 3)
		return;
	memcpy(a, desc, sizeof(a));
	prov = desc + sizeof(a);
	if (!(name = memchr(prov, 0, (size_t)(end - prov))) || ++name >= end ||
	    !(args = memchr(name, 0, (size_t)(end - name))) || ++args > end)
		return;
	if (args == end || !memchr(args, 0, (size_t)(end - args)))
		args = "";
	/* a[1] is where .stapsdt.base was when the note was written */
	if (base) {
		a[0] += *base - a[1];
		if (a[2])
			a[2] += *base - a[1];
	}
	uint64_t off = file_offset(segs, nseg, a[0]), sem = a[2] ? file_offset(segs, nseg, a[2]) : 0;
	if (!off || (a[2] && !sem))
		return;
	o->sites = xrealloc(o->sites, (size_t)(o->nsites + 1) * sizeof(*o->sites));
	s = &o->sites[o->nsites++];
	memset(s, 0, sizeof(*s));
	s->provider = xstrdup(prov);
	s->name = xstrdup(name);
	s->func = xstrdup(func_of(st->v, st->n, a[0]));
	s->argspec = xstrdup(args);
	s->pc = a[0];
	s->offset = off;
	s->sem = sem;
	s->nargs = stapsdt_parse_args(args, s->args, STAPSDT_MAXARGS);
	for (int i = 0; i < s->nargs; i++)
		resolve_arg(&s->args[i], st, s->pc);
}

static void add_dtypes(struct stapsdt_obj *o, const char *desc, size_t len)
{
	struct stapsdt_dtypes *t;
	const char *p = desc, *end = desc + len;
	const char *str[2 + STAPSDT_MAXARGS];
	int n = 0;

	while (p < end && n < (int)ARRAY_SIZE(str)) {
		const char *z = memchr(p, 0, (size_t)(end - p));
		if (!z)
			break;
		str[n++] = p;
		p = z + 1;
	}
	if (n < 2)
		return;
	o->dtypes = xrealloc(o->dtypes, (size_t)(o->ndtypes + 1) * sizeof(*o->dtypes));
	t = &o->dtypes[o->ndtypes++];
	t->provider = xstrdup(str[0]);
	t->name = xstrdup(str[1]);
	t->ntypes = n - 2;
	t->types = xcalloc((size_t)(n - 2 + 1), sizeof(char *));
	for (int i = 2; i < n; i++)
		t->types[i - 2] = xstrdup(str[i]);
}

static void read_notes(Elf_Scn *scn, struct stapsdt_obj *o, const uint64_t *base, const struct seg *segs, int nseg,
		       struct symtab *st)
{
	Elf_Data *d = elf_getdata(scn, NULL);
	size_t off = 0, next, name_off, desc_off;
	GElf_Nhdr nh;

	if (!d)
		return;
	while ((next = gelf_getnote(d, off, &nh, &name_off, &desc_off)) > 0) {
		const char *owner = (const char *)d->d_buf + name_off;
		const char *desc = (const char *)d->d_buf + desc_off;
		if (nh.n_type == NT_STAPSDT && nh.n_namesz == sizeof("stapsdt") && strcmp(owner, "stapsdt") == 0)
			add_site(o, desc, nh.n_descsz, base, segs, nseg, st);
		else if (nh.n_type == NT_DTRACE_TYPES && nh.n_namesz == sizeof("dtrace") && strcmp(owner, "dtrace") == 0)
			add_dtypes(o, desc, nh.n_descsz);
		off = next;
	}
}

int stapsdt_read(const char *path, struct stapsdt_obj *o)
{
	int fd, nseg = 0, have_base = 0;
	Elf *e;
	GElf_Ehdr eh;
	size_t phnum, shstrndx, nsyms = 0;
	struct seg segs[32];
	Elf_Scn *notes = NULL, *dnotes = NULL, *symtab = NULL, *dynsym = NULL;
	uint64_t base = 0;
	struct sym *syms;

	memset(o, 0, sizeof(*o));
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return -errno;
	elf_version(EV_CURRENT);
	e = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!e || !gelf_getehdr(e, &eh) || eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_machine != EM_X86_64 ||
	    elf_getphdrnum(e, &phnum) != 0 || elf_getshdrstrndx(e, &shstrndx) != 0) {
		if (e)
			elf_end(e);
		close(fd);
		return -ENOEXEC;
	}
	for (size_t i = 0; i < phnum && nseg < (int)ARRAY_SIZE(segs); i++) {
		GElf_Phdr ph;
		if (gelf_getphdr(e, (int)i, &ph) && ph.p_type == PT_LOAD)
			segs[nseg++] = (struct seg){ ph.p_vaddr, ph.p_memsz, ph.p_offset, ph.p_filesz };
	}
	for (Elf_Scn *scn = NULL; (scn = elf_nextscn(e, scn));) {
		GElf_Shdr sh;
		const char *name;
		if (!gelf_getshdr(scn, &sh) || !(name = elf_strptr(e, shstrndx, sh.sh_name)))
			continue;
		if (sh.sh_type == SHT_NOTE && strcmp(name, ".note.stapsdt") == 0)
			notes = scn;
		else if (sh.sh_type == SHT_NOTE && strcmp(name, ".note.dtrace") == 0)
			dnotes = scn;
		else if (strcmp(name, ".stapsdt.base") == 0) {
			base = sh.sh_addr;
			have_base = 1;
		} else if (sh.sh_type == SHT_SYMTAB)
			symtab = scn;
		else if (sh.sh_type == SHT_DYNSYM)
			dynsym = scn;
	}
	if (notes) {
		syms = read_syms(e, symtab ? symtab : dynsym, &nsyms);
		struct symtab st = {syms, nsyms, NULL};
		read_notes(notes, o, have_base ? &base : NULL, segs, nseg, &st);
		free(st.byname);
		free(syms);
	}
	if (dnotes) {
		struct symtab none = {NULL, 0, NULL};
		read_notes(dnotes, o, NULL, segs, nseg, &none);
	}
	elf_end(e);
	close(fd);
	return 0;
}

void stapsdt_free(struct stapsdt_obj *o)
{
	for (int i = 0; i < o->nsites; i++) {
		free(o->sites[i].provider);
		free(o->sites[i].name);
		free(o->sites[i].func);
		free(o->sites[i].argspec);
	}
	free(o->sites);
	for (int i = 0; i < o->ndtypes; i++) {
		free(o->dtypes[i].provider);
		free(o->dtypes[i].name);
		for (int k = 0; k < o->dtypes[i].ntypes; k++)
			free(o->dtypes[i].types[k]);
		free(o->dtypes[i].types);
	}
	free(o->dtypes);
	memset(o, 0, sizeof(*o));
}

const struct stapsdt_dtypes *stapsdt_dtypes_of(const struct stapsdt_obj *o, const char *provider, const char *name)
{
	for (int i = 0; i < o->ndtypes; i++)
		if (strcmp(o->dtypes[i].provider, provider) == 0 && strcmp(o->dtypes[i].name, name) == 0)
			return &o->dtypes[i];
	return NULL;
}
