/*
 * pidobj.c - owns the pid provider's view of a process's user objects
 * (pidobj.h): which ELF files a process maps, needs (DT_NEEDED,
 * transitively) and may dlopen() later, found the way the dynamic linker
 * finds them (common/uobj.c reads the maps and searches the directories;
 * this file gives it the object's RPATH and RUNPATH and the process's
 * LD_LIBRARY_PATH); and, for each file, its module name and aliases, its
 * function symbols (aliases grouped, the one DTrace prefers first), their
 * file offsets and bytes.
 *
 * A uprobe names a file and an offset in it, not an address: so the
 * libraries a -c child will load, stopped right after its exec, and those
 * it will dlopen() can be probed before they are mapped.
 *
 * Files are mapped read-only and kept for the handle's life; a process's
 * maps are read again each time the provider asks (it may have loaded a
 * library since), its objects found before are kept.
 */
#define _GNU_SOURCE
#include "pidobj.h"

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../common/uobj.h"
#include "../common/util.h"

struct pidobj_set {
	struct ptrvec files;	/* struct pidobj_file *, each real path once */
	struct ptrvec procs;	/* struct pidobj_proc * */
};

struct pidobj_set *pidobj_set_create(void)
{
	return xcalloc(1, sizeof(struct pidobj_set));
}

static void file_free(struct pidobj_file *f)
{
	if (f->image)
		munmap((void *)f->image, f->image_size);
	for (int i = 0; i < f->nneeded; i++)
		free(f->needed[i]);
	free(f->needed);
	for (size_t i = 0; i < f->nfuncs; i++)
		free((char *)f->funcs[i].name);
	free(f->funcs);
	free(f->by_name);
	free(f->starts);
	free(f->path);
	free(f->name);
	free(f->soname);
	free(f->rpath);
	free(f->runpath);
	free(f);
}

static void proc_free(struct pidobj_proc *pr)
{
	for (int i = 0; i < pr->nlibpath; i++)
		free(pr->libpath[i]);
	free(pr->libpath);
	free(pr->objs);
	free(pr);
}

void pidobj_set_destroy(struct pidobj_set *s)
{
	if (!s)
		return;
	for (int i = 0; i < s->files.n; i++)
		file_free(s->files.v[i]);
	pv_free(&s->files);
	for (int i = 0; i < s->procs.n; i++)
		proc_free(s->procs.v[i]);
	pv_free(&s->procs);
	free(s);
}

/* The ELF file's symbols as functions, and its dynamic section's names. */
struct reader {
	struct pidobj_file *f;
	Elf *e;
	/* executable, not writable PT_LOAD segments: where functions may be */
	uint64_t seg_vaddr[16], seg_off[16], seg_sz[16];
	int nseg;
	size_t capstarts;
};

static int leading_underscores(const char *s)
{
	int n = 0;

	while (s[n] == '_')
		n++;
	return n;
}

/* illumos libproc's preference among symbols at one address: a global or
 * weak one over a local one, fewer leading underscores, the smaller, then
 * the first in the table.  The one preferred names the probe. */
struct sym_order {
	struct pidobj_func fn;
	int local;
	uint32_t index;
};

static int cmp_by_addr(const void *a, const void *b)
{
	const struct sym_order *x = a, *y = b;

	if (x->fn.addr != y->fn.addr)
		return x->fn.addr < y->fn.addr ? -1 : 1;
	if (x->local != y->local)
		return x->local - y->local;
	int ux = leading_underscores(x->fn.name), uy = leading_underscores(y->fn.name);
	if (ux != uy)
		return ux - uy;
	if (x->fn.size != y->fn.size)
		return x->fn.size < y->fn.size ? -1 : 1;
	return x->index < y->index ? -1 : x->index > y->index;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* qsort_r's context: the functions the indices point into. */
static int cmp_by_name(const void *a, const void *b, void *arg)
{
	const struct pidobj_func *fs = arg;
	const struct pidobj_func *x = &fs[*(const uint32_t *)a], *y = &fs[*(const uint32_t *)b];
	int c = strcmp(x->name, y->name);

	if (c)
		return c;
	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* versym: .gnu.version's data when the symbols are .dynsym's, or NULL. */
static void read_symbols(struct reader *r, Elf_Scn *scn, const GElf_Shdr *sh, Elf_Data *versym)
{
	Elf_Data *d = elf_getdata(scn, NULL);
	size_t n = sh->sh_entsize ? sh->sh_size / sh->sh_entsize : 0;
	struct sym_order *v = NULL;
	size_t nv = 0, cap = 0;

	if (!d)
		return;
	for (size_t i = 0; i < n; i++) {
		GElf_Sym sym;
		const char *name;
		int s;
		GElf_Versym ver;
		/* defined functions with a size, as DTrace takes them (an
		 * ifunc's symbol is its resolver: not what a caller runs) */
		if (!gelf_getsym(d, (int)i, &sym) || GELF_ST_TYPE(sym.st_info) != STT_FUNC ||
		    sym.st_shndx == SHN_UNDEF || sym.st_value == 0)
			continue;
		/* where a function begins, whatever its size: a jump there is
		 * a tail call (pid's return sites) */
		if (r->f->nstarts == r->capstarts) {
			r->capstarts = r->capstarts ? r->capstarts * 2 : 256;
			r->f->starts = xrealloc(r->f->starts, r->capstarts * sizeof(uint64_t));
		}
		r->f->starts[r->f->nstarts++] = sym.st_value;
		if (sym.st_size == 0)
			continue;
		/* a version the linker no longer binds to (pthread_cond_wait@
		 * GLIBC_2.2.5 beside @@GLIBC_2.3.2): the name is the default's */
		if (versym && gelf_getversym(versym, (int)i, &ver) && (ver & 0x8000))
			continue;
		name = elf_strptr(r->e, sh->sh_link, sym.st_name);
		if (!name || !*name)
			continue;
		/* .symtab spells versions into names: "malloc@@GLIBC_2.2.5" is
		 * malloc, "pthread_cond_wait@GLIBC_2.2.5" a version not bound
		 * to any more (as versym's hidden bit says in .dynsym) */
		const char *at = strchr(name, '@');
		if (at && at[1] != '@')
			continue;
		for (s = 0; s < r->nseg; s++)
			if (sym.st_value >= r->seg_vaddr[s] && sym.st_value + sym.st_size <= r->seg_vaddr[s] + r->seg_sz[s])
				break;
		if (s == r->nseg)
			continue;	/* not wholly in executable, read-only text of the file */
		if (nv == cap) {
			cap = cap ? cap * 2 : 256;
			v = xrealloc(v, cap * sizeof(*v));
		}
		v[nv].fn.name = at ? xstrndup(name, (size_t)(at - name)) : xstrdup(name);
		v[nv].fn.addr = sym.st_value;
		v[nv].fn.size = sym.st_size;
		v[nv].fn.off = sym.st_value - r->seg_vaddr[s] + r->seg_off[s];
		v[nv].local = GELF_ST_BIND(sym.st_info) == STB_LOCAL;
		v[nv].index = (uint32_t)i;
		nv++;
	}
	qsort(v, nv, sizeof(*v), cmp_by_addr);
	qsort(r->f->starts, r->f->nstarts, sizeof(uint64_t), cmp_u64);
	r->f->funcs = xcalloc(nv ? nv : 1, sizeof(struct pidobj_func));
	for (size_t i = 0; i < nv; i++) {
		r->f->funcs[i] = v[i].fn;
		r->f->funcs[i].head = i > 0 && v[i].fn.addr == v[i - 1].fn.addr ? r->f->funcs[i - 1].head : (uint32_t)i;
	}
	r->f->nfuncs = nv;
	r->f->by_name = xcalloc(nv ? nv : 1, sizeof(uint32_t));
	for (size_t i = 0; i < nv; i++)
		r->f->by_name[i] = (uint32_t)i;
	qsort_r(r->f->by_name, nv, sizeof(uint32_t), cmp_by_name, r->f->funcs);
	free(v);
}

static void read_dynamic(struct reader *r, Elf_Scn *scn, const GElf_Shdr *sh)
{
	Elf_Data *d = elf_getdata(scn, NULL);
	size_t n = sh->sh_entsize ? sh->sh_size / sh->sh_entsize : 0;

	for (size_t i = 0; d && i < n; i++) {
		GElf_Dyn dyn;
		const char *s;
		if (!gelf_getdyn(d, (int)i, &dyn))
			continue;
		if (dyn.d_tag != DT_NEEDED && dyn.d_tag != DT_SONAME && dyn.d_tag != DT_RPATH &&
		    dyn.d_tag != DT_RUNPATH)
			continue;
		if (!(s = elf_strptr(r->e, sh->sh_link, dyn.d_un.d_val)))
			continue;
		if (dyn.d_tag == DT_NEEDED) {
			r->f->needed = xrealloc(r->f->needed, (size_t)(r->f->nneeded + 1) * sizeof(char *));
			r->f->needed[r->f->nneeded++] = xstrdup(s);
		} else if (dyn.d_tag == DT_SONAME && !r->f->soname) {
			r->f->soname = xstrdup(s);
		} else if (dyn.d_tag == DT_RPATH && !r->f->rpath) {
			r->f->rpath = xstrdup(s);
		} else if (dyn.d_tag == DT_RUNPATH && !r->f->runpath) {
			r->f->runpath = xstrdup(s);
		}
	}
}

/*
 * The symbols of a file that has no .symtab (a distribution's stripped
 * library: only the exported functions in .dynsym) from its detached debug
 * file, /usr/lib/debug/.build-id/NN/NNNN.debug, when one is installed
 * (Debian's libc6-dbg, the -dbgsym packages): the local functions too,
 * and the ".cold" parts of functions, which pid's return sites need.  Its
 * symbols have the addresses of the file itself.  Returns 1 if read.
 */
static int read_debug_symtab(struct reader *r, const uint8_t *id, size_t idlen)
{
	char path[PATH_MAX], *p = path;
	Elf *dbg;
	int fd, done = 0;

	if (idlen < 2 || idlen > 64)
		return 0;
	p += snprintf(p, sizeof(path), "/usr/lib/debug/.build-id/%02x/", id[0]);
	for (size_t i = 1; i < idlen; i++)
		p += snprintf(p, sizeof(path) - (size_t)(p - path), "%02x", id[i]);
	snprintf(p, sizeof(path) - (size_t)(p - path), ".debug");
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return 0;
	if ((dbg = elf_begin(fd, ELF_C_READ_MMAP, NULL))) {
		Elf *main = r->e;
		r->e = dbg;
		for (Elf_Scn *scn = NULL; !done && (scn = elf_nextscn(dbg, scn));) {
			GElf_Shdr sh;
			if (gelf_getshdr(scn, &sh) && sh.sh_type == SHT_SYMTAB) {
				read_symbols(r, scn, &sh, NULL);
				done = 1;
			}
		}
		r->e = main;
		elf_end(dbg);
	}
	close(fd);
	return done;
}

/* The GNU build ID in a note section's data, or NULL. */
static const uint8_t *build_id(Elf_Data *d, size_t *len)
{
	GElf_Nhdr nh;
	size_t off = 0, name_off, desc_off;

	while (d && (off = gelf_getnote(d, off, &nh, &name_off, &desc_off)) > 0)
		if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 &&
		    memcmp((const char *)d->d_buf + name_off, "GNU", 4) == 0) {
			*len = nh.n_descsz;
			return (const uint8_t *)d->d_buf + desc_off;
		}
	return NULL;
}

/* Read the x86-64 ELF file at real path path; NULL if it is not one. */
static struct pidobj_file *file_read(const char *path)
{
	struct pidobj_file *f;
	struct reader r = { 0 };
	struct stat st;
	Elf_Scn *symtab = NULL, *dynsym = NULL;
	Elf_Data *versym = NULL;
	const uint8_t *id = NULL;
	size_t idlen = 0, shstrndx = 0;
	GElf_Shdr symtab_sh = { 0 }, dynsym_sh = { 0 };
	GElf_Ehdr eh;
	size_t phnum;
	void *image;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_size < (off_t)sizeof(Elf64_Ehdr)) {
		close(fd);
		return NULL;
	}
	/* private and writable: libelf may convert data in place, and the
	 * file stays as it is */
	image = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	close(fd);
	if (image == MAP_FAILED)
		return NULL;
	elf_version(EV_CURRENT);
	r.e = elf_memory(image, (size_t)st.st_size);
	if (!r.e || !gelf_getehdr(r.e, &eh) || eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_machine != EM_X86_64 ||
	    (eh.e_type != ET_EXEC && eh.e_type != ET_DYN)) {
		if (r.e)
			elf_end(r.e);
		munmap(image, (size_t)st.st_size);
		return NULL;
	}
	f = xcalloc(1, sizeof(*f));
	f->path = xstrdup(path);
	f->base = uobj_basename(f->path);
	f->image = image;
	f->image_size = (size_t)st.st_size;
	r.f = f;
	if (elf_getphdrnum(r.e, &phnum) == 0)
		for (size_t i = 0; i < phnum && r.nseg < 16; i++) {
			GElf_Phdr ph;
			if (!gelf_getphdr(r.e, (int)i, &ph) || ph.p_type != PT_LOAD || !(ph.p_flags & PF_X) ||
			    (ph.p_flags & PF_W) || ph.p_offset + ph.p_filesz > (uint64_t)st.st_size)
				continue;
			r.seg_vaddr[r.nseg] = ph.p_vaddr;
			r.seg_off[r.nseg] = ph.p_offset;
			r.seg_sz[r.nseg] = ph.p_filesz;
			r.nseg++;
		}
	elf_getshdrstrndx(r.e, &shstrndx);
	for (Elf_Scn *scn = NULL; (scn = elf_nextscn(r.e, scn));) {
		GElf_Shdr sh;
		const char *sname;
		if (!gelf_getshdr(scn, &sh))
			continue;
		sname = elf_strptr(r.e, shstrndx, sh.sh_name);
		if (sname && f->nplt < 3 &&
		    (strcmp(sname, ".plt") == 0 || strcmp(sname, ".plt.sec") == 0 || strcmp(sname, ".plt.got") == 0)) {
			f->plt[f->nplt][0] = sh.sh_addr;
			f->plt[f->nplt][1] = sh.sh_addr + sh.sh_size;
			f->nplt++;
		}
		if (sh.sh_type == SHT_NOTE && !id)
			id = build_id(elf_getdata(scn, NULL), &idlen);
		if (sh.sh_type == SHT_SYMTAB && !symtab) {
			symtab = scn;
			symtab_sh = sh;
		} else if (sh.sh_type == SHT_DYNSYM && !dynsym) {
			dynsym = scn;
			dynsym_sh = sh;
		} else if (sh.sh_type == SHT_DYNAMIC) {
			read_dynamic(&r, scn, &sh);
		} else if (sh.sh_type == SHT_GNU_versym) {
			versym = elf_getdata(scn, NULL);
		}
	}
	/* .symtab holds every function .dynsym has, and the local ones */
	if (symtab)
		read_symbols(&r, symtab, &symtab_sh, NULL);
	else if (!(id && read_debug_symtab(&r, id, idlen)) && dynsym)
		read_symbols(&r, dynsym, &dynsym_sh, versym);
	if (!f->by_name)
		f->by_name = xcalloc(1, sizeof(uint32_t));
	elf_end(r.e);
	f->name = xstrdup(f->soname ? f->soname : f->base);
	return f;
}

/* The file at path (any path to it), read once per set; NULL if it is not
 * an x86-64 ELF file. */
static struct pidobj_file *file_get(struct pidobj_set *s, const char *path)
{
	char *real = realpath(path, NULL);
	struct pidobj_file *f = NULL;

	if (!real)
		return NULL;
	for (int i = 0; i < s->files.n && !f; i++)
		if (strcmp(((struct pidobj_file *)s->files.v[i])->path, real) == 0)
			f = s->files.v[i];
	if (!f && (f = file_read(real)))
		pv_push(&s->files, f);
	free(real);
	return f;
}

static int proc_has(const struct pidobj_proc *pr, const struct pidobj_file *f)
{
	for (int i = 0; i < pr->nobjs; i++)
		if (pr->objs[i] == f)
			return 1;
	return 0;
}

static void proc_add(struct pidobj_proc *pr, struct pidobj_file *f)
{
	if (!f || proc_has(pr, f))
		return;
	if (pr->nobjs == pr->capobjs) {
		pr->capobjs = pr->capobjs ? pr->capobjs * 2 : 32;
		pr->objs = xrealloc(pr->objs, (size_t)pr->capobjs * sizeof(*pr->objs));
	}
	pr->objs[pr->nobjs++] = f;
}

/* Split a search path ("a:b;c") into dirs, $ORIGIN made origin. */
static void add_dirs(struct ptrvec *dirs, const char *list, const char *origin)
{
	char *copy, *tok, *save;

	if (!list)
		return;
	copy = xstrdup(list);
	for (tok = strtok_r(copy, ":;", &save); tok; tok = strtok_r(NULL, ":;", &save)) {
		struct strbuf sb;
		sb_init(&sb);
		for (const char *p = tok; *p;) {
			if (strncmp(p, "$ORIGIN", 7) == 0 && origin) {
				sb_puts(&sb, origin);
				p += 7;
			} else if (strncmp(p, "${ORIGIN}", 9) == 0 && origin) {
				sb_puts(&sb, origin);
				p += 9;
			} else {
				sb_putc(&sb, *p++);
			}
		}
		if (sb.s && sb.s[0] == '/')
			pv_push(dirs, sb.s);
		else
			sb_free(&sb);
	}
	free(copy);
}

/* Find the library name as the dynamic linker would for a load by from
 * (an object of pr; NULL: the executable): from's RPATH (when it has no
 * RUNPATH) and the executable's, LD_LIBRARY_PATH, from's RUNPATH, then
 * ld.so.conf's and the default directories (uobj_search_lib). */
static struct pidobj_file *search_lib(struct pidobj_set *s, struct pidobj_proc *pr, const struct pidobj_file *from,
				      const char *name)
{
	struct ptrvec dirs = { 0 };
	struct pidobj_file *f = NULL;
	char origin[PATH_MAX], *path;

	if (!from)
		from = pr->exe;
	origin[0] = 0;
	if (from) {
		snprintf(origin, sizeof(origin), "%s", from->path);
		*strrchr(origin, '/') = 0;
	}
	if (from && !from->runpath)
		add_dirs(&dirs, from->rpath, origin);
	if (pr->exe && pr->exe != from && !pr->exe->runpath) {
		char exe_origin[PATH_MAX];
		snprintf(exe_origin, sizeof(exe_origin), "%s", pr->exe->path);
		*strrchr(exe_origin, '/') = 0;
		add_dirs(&dirs, pr->exe->rpath, exe_origin);
	}
	for (int i = 0; i < pr->nlibpath; i++)
		pv_push(&dirs, xstrdup(pr->libpath[i]));
	if (from)
		add_dirs(&dirs, from->runpath, origin);
	if ((path = uobj_search_lib(name, (char *const *)dirs.v, dirs.n))) {
		f = file_get(s, path);
		free(path);
	}
	for (int i = 0; i < dirs.n; i++)
		free(dirs.v[i]);
	pv_free(&dirs);
	return f;
}

/* Whether pr has a library its objects name name (by soname or file name). */
static int proc_has_named(const struct pidobj_proc *pr, const char *name)
{
	for (int i = 0; i < pr->nobjs; i++)
		if (strcmp(pr->objs[i]->name, name) == 0 || strcmp(pr->objs[i]->base, name) == 0)
			return 1;
	return 0;
}

/* The process's LD_LIBRARY_PATH, from its environment at exec. */
static void read_libpath(struct pidobj_proc *pr)
{
	char path[64];
	struct ptrvec dirs = { 0 };
	struct strbuf env;
	FILE *fp;
	int c;

	snprintf(path, sizeof(path), "/proc/%d/environ", pr->pid);
	if (!(fp = fopen(path, "re")))
		return;
	sb_init(&env);
	do {
		c = fgetc(fp);
		if (c != EOF && c != 0) {
			sb_putc(&env, (char)c);
			continue;
		}
		if (env.s && strncmp(env.s, "LD_LIBRARY_PATH=", 16) == 0)
			add_dirs(&dirs, env.s + 16, NULL);
		if (env.s)
			env.s[0] = 0;
		env.len = 0;
	} while (c != EOF);
	fclose(fp);
	sb_free(&env);
	pr->libpath = (char **)dirs.v;
	pr->nlibpath = dirs.n;
}

struct pidobj_proc *pidobj_proc_find(struct pidobj_set *s, int pid)
{
	for (int i = 0; i < s->procs.n; i++)
		if (((struct pidobj_proc *)s->procs.v[i])->pid == pid)
			return s->procs.v[i];
	return NULL;
}

struct pidobj_proc *pidobj_proc_read(struct pidobj_set *s, int pid)
{
	struct pidobj_proc *pr = pidobj_proc_find(s, pid);
	struct ptrvec paths = { 0 };
	char *exe = NULL;

	if (uobj_proc_objects(pid, &paths, pr ? NULL : &exe) < 0) {
		free(exe);
		return NULL;
	}
	if (!pr) {
		pr = xcalloc(1, sizeof(*pr));
		pr->pid = pid;
		/* none when the file was deleted since it ran */
		pr->exe = exe ? file_get(s, exe) : NULL;
		free(exe);
		proc_add(pr, pr->exe);
		read_libpath(pr);
		pv_push(&s->procs, pr);
	}
	for (int i = 0; i < paths.n; i++) {
		proc_add(pr, file_get(s, paths.v[i]));
		free(paths.v[i]);
	}
	pv_free(&paths);
	/* what they need, as the dynamic linker will find it (a -c child
	 * stopped at its exec has mapped only itself and ld.so) */
	for (int i = 0; i < pr->nobjs; i++) {
		struct pidobj_file *f = pr->objs[i];
		for (int k = 0; k < f->nneeded; k++)
			if (!proc_has_named(pr, f->needed[k]))
				proc_add(pr, search_lib(s, pr, f, f->needed[k]));
	}
	return pr;
}

/* name is the base name or soname of f up to a "." (libc for libc.so.6). */
static int is_prefix_name(const char *full, const char *name)
{
	size_t n = strlen(name);

	return full && strncmp(full, name, n) == 0 && full[n] == '.';
}

struct pidobj_file *pidobj_module(struct pidobj_proc *pr, const char *name)
{
	char *real = strchr(name, '/') ? realpath(name, NULL) : NULL;

	for (int i = 0; i < pr->nobjs; i++) {
		struct pidobj_file *f = pr->objs[i];
		if (strcmp(f->path, name) == 0 || (real && strcmp(f->path, real) == 0) || strcmp(f->base, name) == 0 ||
		    (f->soname && strcmp(f->soname, name) == 0)) {
			free(real);
			return f;
		}
	}
	free(real);
	for (int i = 0; i < pr->nobjs; i++)
		if (is_prefix_name(pr->objs[i]->base, name) || is_prefix_name(pr->objs[i]->soname, name))
			return pr->objs[i];
	return strcmp(name, "a.out") == 0 ? pr->exe : NULL;
}

struct pidobj_file *pidobj_lookup_lib(struct pidobj_set *s, struct pidobj_proc *pr, const char *name)
{
	struct pidobj_file *f = search_lib(s, pr, NULL, name);

	/* "libfoo" for the libfoo.so a program dlopen()s */
	if (!f && !strchr(name, '/') && !strstr(name, ".so")) {
		char *so = xasprintf("%s.so", name);
		f = search_lib(s, pr, NULL, so);
		free(so);
	}
	proc_add(pr, f);
	return f;
}

const struct pidobj_func *pidobj_func_named(const struct pidobj_file *f, const char *name)
{
	size_t lo = 0, hi = f->nfuncs;

	/* the first of name in by_name (name, then address order) */
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (strcmp(f->funcs[f->by_name[mid]].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == f->nfuncs || strcmp(f->funcs[f->by_name[lo]].name, name) != 0)
		return NULL;
	return &f->funcs[f->funcs[f->by_name[lo]].head];
}

const uint8_t *pidobj_func_text(const struct pidobj_file *f, const struct pidobj_func *fn)
{
	if (fn->off > f->image_size || fn->size > f->image_size - fn->off)
		return NULL;
	return f->image + fn->off;
}

int pidobj_func_starts_at(const struct pidobj_file *f, uint64_t addr)
{
	size_t lo = 0, hi = f->nstarts;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (f->starts[mid] < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < f->nstarts && f->starts[lo] == addr;
}

int pidobj_in_plt(const struct pidobj_file *f, uint64_t addr)
{
	for (int i = 0; i < f->nplt; i++)
		if (addr >= f->plt[i][0] && addr < f->plt[i][1])
			return 1;
	return 0;
}

/* name is base's cold part: "base.cold", or "base.cold.N" */
static int is_cold_of(const char *name, const char *base)
{
	size_t n = strlen(base);

	return strncmp(name, base, n) == 0 && strncmp(name + n, ".cold", 5) == 0 &&
	       (name[n + 5] == 0 || name[n + 5] == '.');
}

const struct pidobj_func *pidobj_func_containing(const struct pidobj_file *f, uint64_t addr)
{
	size_t lo = 0, hi = f->nfuncs;
	const struct pidobj_func *fn;

	/* the last function at or below addr */
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (f->funcs[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return NULL;
	fn = &f->funcs[f->funcs[lo - 1].head];
	return addr < fn->addr + fn->size ? fn : NULL;
}

int pidobj_is_cold_part(const struct pidobj_file *f, const struct pidobj_func *fn, const struct pidobj_func *part)
{
	size_t head = (size_t)(fn - f->funcs), phead = (size_t)(part - f->funcs);

	/* any name of the part, after any name of fn */
	for (size_t i = phead; i < f->nfuncs && f->funcs[i].head == phead; i++)
		for (size_t k = head; k < f->nfuncs && f->funcs[k].head == head; k++)
			if (is_cold_of(f->funcs[i].name, f->funcs[k].name))
				return 1;
	return 0;
}
