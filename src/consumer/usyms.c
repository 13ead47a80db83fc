/*
 * usyms.c - user-space symbols for ustack(): a process's mappings from
 * /proc/PID/maps and each mapped object's ELF symbol table (read with
 * libelf, once per object), giving DTrace's "object`symbol+0xoff" frames;
 * and the same for data addresses (a lock in .data or .bss), which the
 * public dtrace_uaddr2str() formats.
 *
 * A process's mappings must be read while it lives: once it has exited
 * its /proc/PID/maps is gone, and an aggregation printed at END would show
 * bare addresses.  So they are read when the consumer first hears of the
 * process (usym_note: a ustack() record, the struct rec_upid the probes
 * send when they take a user stack, a grabbed -p process), read again at
 * the exit of a -c child (usym_preload, while it is stopped there), and
 * kept after the process is gone.  A mapping made after the first read (a
 * library loaded with dlopen()) is found by reading the maps again when a
 * frame falls outside every mapping known, if the process has been heard
 * of since the last read and still lives; a process that loads a library
 * and exits before anything reads its maps again shows that library's
 * frames as addresses.  A pid reused by a new process keeps the old
 * process's mappings.
 */
#include "usyms.h"
#include "dt_impl.h"
#include "output.h"

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct usym {
	uint64_t addr, size;
	char *name;
};

struct uobj {
	char *path;
	struct usym *syms;
	size_t nsyms;
	struct usym *dsyms;	/* data objects (STT_OBJECT), by address */
	size_t ndsyms;
	/* PT_LOAD segments: file offset -> virtual address; memsz for the
	 * data past the file's bytes (.bss) */
	uint64_t seg_off[16], seg_vaddr[16], seg_filesz[16], seg_memsz[16];
	int nseg;
	struct uobj *next;
};

struct umap {
	uint64_t start, end, off;
	struct uobj *obj;
};

struct uproc {
	int pid;
	struct umap *maps;
	size_t nmaps;
	int heard;		/* heard of since its maps were last read */
	struct uproc *next;
};

/* A handle's user symbol state: the objects read and the processes seen. */
struct dt_usyms {
	struct uobj *objs;
	struct uproc *procs;
};

struct dt_usyms *usyms_create(void)
{
	return xcalloc(1, sizeof(struct dt_usyms));
}

void usyms_destroy(struct dt_usyms *us)
{
	if (!us)
		return;
	while (us->procs)
		usym_forget(us, us->procs->pid);
	for (struct uobj *o = us->objs, *next; o; o = next) {
		next = o->next;
		for (size_t i = 0; i < o->nsyms; i++)
			free(o->syms[i].name);
		free(o->syms);
		for (size_t i = 0; i < o->ndsyms; i++)
			free(o->dsyms[i].name);
		free(o->dsyms);
		free(o->path);
		free(o);
	}
	free(us);
}

static int cmp_usym(const void *a, const void *b)
{
	const struct usym *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static struct uobj *load_obj(struct dt_usyms *us, const char *path)
{
	struct uobj *o;
	int fd;
	Elf *e;
	size_t phnum, cap = 0, dcap = 0;

	for (o = us->objs; o; o = o->next)
		if (strcmp(o->path, path) == 0)
			return o;
	o = xcalloc(1, sizeof(*o));
	o->path = xstrdup(path);
	o->next = us->objs;
	us->objs = o;
	elf_version(EV_CURRENT);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return o;
	e = elf_begin(fd, ELF_C_READ, NULL);
	if (!e) {
		close(fd);
		return o;
	}
	if (elf_getphdrnum(e, &phnum) == 0) {
		for (size_t i = 0; i < phnum && o->nseg < 16; i++) {
			GElf_Phdr ph;
			if (gelf_getphdr(e, (int)i, &ph) && ph.p_type == PT_LOAD) {
				o->seg_off[o->nseg] = ph.p_offset;
				o->seg_vaddr[o->nseg] = ph.p_vaddr;
				o->seg_filesz[o->nseg] = ph.p_filesz;
				o->seg_memsz[o->nseg] = ph.p_memsz;
				o->nseg++;
			}
		}
	}
	/* .symtab when the object has one, .dynsym otherwise */
	for (int pass = 0; pass < 2 && o->nsyms == 0; pass++) {
		Elf_Scn *scn = NULL;
		while ((scn = elf_nextscn(e, scn))) {
			GElf_Shdr sh;
			if (!gelf_getshdr(scn, &sh))
				continue;
			if (sh.sh_type != (pass == 0 ? SHT_SYMTAB : SHT_DYNSYM))
				continue;
			Elf_Data *d = elf_getdata(scn, NULL);
			size_t n = sh.sh_entsize ? sh.sh_size / sh.sh_entsize : 0;
			for (size_t i = 0; d && i < n; i++) {
				GElf_Sym sym;
				if (!gelf_getsym(d, (int)i, &sym) || sym.st_value == 0)
					continue;
				int type = GELF_ST_TYPE(sym.st_info);
				if (type != STT_FUNC && type != STT_OBJECT)
					continue;
				const char *nm = elf_strptr(e, sh.sh_link, sym.st_name);
				if (!nm || !*nm)
					continue;
				if (type == STT_OBJECT) {
					if (o->ndsyms == dcap) {
						dcap = dcap ? dcap * 2 : 256;
						o->dsyms = xrealloc(o->dsyms, dcap * sizeof(*o->dsyms));
					}
					o->dsyms[o->ndsyms].addr = sym.st_value;
					o->dsyms[o->ndsyms].size = sym.st_size;
					o->dsyms[o->ndsyms].name = xstrdup(nm);
					o->ndsyms++;
					continue;
				}
				if (o->nsyms == cap) {
					cap = cap ? cap * 2 : 1024;
					o->syms = xrealloc(o->syms, cap * sizeof(*o->syms));
				}
				o->syms[o->nsyms].addr = sym.st_value;
				o->syms[o->nsyms].size = sym.st_size;
				o->syms[o->nsyms].name = xstrdup(nm);
				o->nsyms++;
			}
		}
	}
	qsort(o->syms, o->nsyms, sizeof(*o->syms), cmp_usym);
	qsort(o->dsyms, o->ndsyms, sizeof(*o->dsyms), cmp_usym);
	elf_end(e);
	close(fd);
	return o;
}

/* Read /proc/pid/maps into p, replacing what p had; when the process is
 * gone (nothing read), p keeps what it had. */
static void read_maps(struct dt_usyms *us, struct uproc *p)
{
	char path[64], line[1024];
	struct umap *maps = NULL;
	size_t n = 0, cap = 0;
	FILE *f;

	p->heard = 0;
	snprintf(path, sizeof(path), "/proc/%d/maps", p->pid);
	f = fopen(path, "r");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long start, end, off;
		char perms[8], file[512] = "";
		if (sscanf(line, "%llx-%llx %7s %llx %*s %*s %511s", &start, &end, perms, &off, file) < 4)
			continue;
		if (perms[2] != 'x' || file[0] != '/')
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 64;
			maps = xrealloc(maps, cap * sizeof(*maps));
		}
		maps[n].start = start;
		maps[n].end = end;
		maps[n].off = off;
		maps[n].obj = load_obj(us, file);
		n++;
	}
	fclose(f);
	if (!n) {
		free(maps);
		return;
	}
	free(p->maps);
	p->maps = maps;
	p->nmaps = n;
}

static struct uproc *find_proc(struct dt_usyms *us, int pid)
{
	for (struct uproc *p = us->procs; p; p = p->next)
		if (p->pid == pid)
			return p;
	return NULL;
}

/* The process's state, its maps read the first time it is asked for. */
static struct uproc *load_proc(struct dt_usyms *us, int pid)
{
	struct uproc *p = find_proc(us, pid);

	if (p)
		return p;
	p = xcalloc(1, sizeof(*p));
	p->pid = pid;
	p->next = us->procs;
	us->procs = p;
	read_maps(us, p);
	return p;
}

void usym_note(struct dt_usyms *us, int pid)
{
	struct uproc *p;

	if (!us || pid <= 0)
		return;
	if ((p = find_proc(us, pid)))
		p->heard = 1;
	else
		load_proc(us, pid);
}

void usym_preload(struct dt_usyms *us, int pid)
{
	if (us && pid > 0)
		read_maps(us, load_proc(us, pid));
}

void usym_forget(struct dt_usyms *us, int pid)
{
	for (struct uproc **pp = &us->procs; *pp; pp = &(*pp)->next)
		if ((*pp)->pid == pid) {
			struct uproc *p = *pp;
			*pp = p->next;
			free(p->maps);
			free(p);
			return;
		}
}

static struct umap *find_map(struct uproc *p, uint64_t pc)
{
	for (size_t i = 0; i < p->nmaps; i++)
		if (pc >= p->maps[i].start && pc < p->maps[i].end)
			return &p->maps[i];
	return NULL;
}

void usym_frame(struct dt_usyms *us, int pid, uint64_t pc, struct dt_frame *f)
{
	struct uproc *p = us ? load_proc(us, pid) : NULL;
	struct umap *m = p ? find_map(p, pc) : NULL;

	f->pc = pc;
	f->module = f->name = NULL;
	f->offset = 0;
	if (!m && p && p->heard) {
		/* a mapping made since the maps were read? */
		read_maps(us, p);
		m = find_map(p, pc);
	}
	if (!m)
		return;
	struct uobj *o = m->obj;
	const char *base = strrchr(o->path, '/') ? strrchr(o->path, '/') + 1 : o->path;
	uint64_t foff = pc - m->start + m->off, va = foff;
	for (int s = 0; s < o->nseg; s++)
		if (foff >= o->seg_off[s] && foff < o->seg_off[s] + o->seg_filesz[s])
			va = foff - o->seg_off[s] + o->seg_vaddr[s];
	f->module = base;
	f->offset = va;		/* the object's address when no symbol has it (folded stacks) */
	size_t lo = 0, hi = o->nsyms;
	if (hi && va >= o->syms[0].addr) {
		while (hi - lo > 1) {
			size_t mid = (lo + hi) / 2;
			if (o->syms[mid].addr <= va)
				lo = mid;
			else
				hi = mid;
		}
		struct usym *u = &o->syms[lo];
		if (!u->size || va < u->addr + u->size) {
			f->name = u->name;
			f->offset = va - u->addr;
		}
	}
}

int usym_object_start(struct dt_usyms *us, int pid, uint64_t addr, uint64_t *start)
{
	struct dt_frame f;
	struct uproc *p;
	struct umap *m;

	usym_frame(us, pid, addr, &f);	/* reads maps made since, if need be */
	p = f.module ? find_proc(us, pid) : NULL;
	m = p ? find_map(p, addr) : NULL;
	if (!m)
		return -1;
	*start = m->start;
	for (size_t i = 0; i < p->nmaps; i++)
		if (p->maps[i].obj == m->obj && p->maps[i].start < *start)
			*start = p->maps[i].start;
	return 0;
}

void usym_format(struct dt_usyms *us, struct strbuf *out, int pid, uint64_t pc)
{
	struct dt_frame f;

	usym_frame(us, pid, pc, &f);
	dt_frame_format(out, &f);
}

/*
 * A data address: the object is found from its load bias, which any of its
 * code mappings gives (start - the vaddr of the file offset it maps); the
 * address belongs to it when address - bias is in one of its PT_LOAD
 * segments, up to memsz: .bss past the file's bytes is an anonymous
 * mapping that /proc/PID/maps names no file for.  The symbol is the data
 * object whose [addr, addr + size) holds it.
 */
static void data_frame(struct uproc *p, uint64_t addr, struct dt_frame *f)
{
	for (size_t i = 0; i < p->nmaps; i++) {
		struct umap *m = &p->maps[i];
		struct uobj *o = m->obj;
		uint64_t bias = 0, va;
		int s, found = 0;

		for (s = 0; s < o->nseg; s++)
			if (m->off >= o->seg_off[s] && m->off < o->seg_off[s] + o->seg_filesz[s]) {
				bias = m->start - (m->off - o->seg_off[s] + o->seg_vaddr[s]);
				found = 1;
				break;
			}
		if (!found)
			continue;
		va = addr - bias;
		for (s = 0; s < o->nseg; s++)
			if (va >= o->seg_vaddr[s] && va < o->seg_vaddr[s] + o->seg_memsz[s])
				break;
		if (s == o->nseg)
			continue;
		f->module = strrchr(o->path, '/') ? strrchr(o->path, '/') + 1 : o->path;
		f->offset = va;
		/* the last symbol starting at or below va */
		size_t lo = 0, hi = o->ndsyms;
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;
			if (o->dsyms[mid].addr <= va)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo > 0) {
			struct usym *u = &o->dsyms[lo - 1];
			if (va < u->addr + (u->size ? u->size : 1)) {
				f->name = u->name;
				f->offset = va - u->addr;
			}
		}
		return;
	}
}

void usym_addr_frame(struct dt_usyms *us, int pid, uint64_t addr, struct dt_frame *f)
{
	usym_frame(us, pid, addr, f);
	if (!f->module && us)
		data_frame(load_proc(us, pid), addr, f);
}

/* illumos's call: addr in process pid as usym_addr_frame() names it;
 * returns the length of the whole string, as snprintf() does. */
int dtrace_uaddr2str(dtrace_hdl_t *h, pid_t pid, uint64_t addr, char *str, int nbytes)
{
	struct dt_frame f;
	struct strbuf sb;
	int n;

	usym_addr_frame(h->usyms, (int)pid, addr, &f);
	sb_init(&sb);
	dt_frame_format(&sb, &f);
	n = (int)sb.len;
	if (str && nbytes > 0)
		snprintf(str, (size_t)nbytes, "%s", sb.s ? sb.s : "");
	sb_free(&sb);
	return n;
}
