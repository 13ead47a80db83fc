/*
 * pid.c - the pid provider: pidN:module:function:entry and :return for the
 * functions of a user process, as uprobes (perf "uprobe" PMU events on the
 * object's file and the function's file offset) running a kprobe-type
 * program whose cookie is the probe id.
 *
 * A module is an object's base name ("libc.so.6"), or "a.out" for the
 * process's executable.  The objects are those mapped in the process, plus
 * the libraries its executable needs (DT_NEEDED, found in the usual
 * directories), so probes in a library can be enabled before a -c child has
 * loaded it: a uprobe names a file and an offset, not an address.
 */
#include "provider.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "../bpf/pt_regs.h"
#include "../common/util.h"

/* What a probe's arg indexes: the object and the function's file offset. */
struct pid_site {
	char *path;
	uint64_t offset;
};

/* One handle's sites; a probe's arg is its index. */
struct pid_state {
	struct pid_site *sites;
	size_t nsites, capsites;
};

extern const struct dt_provider dt_provider_pid_entry;

static void pid_state_fini(void *arg)
{
	struct pid_state *st = arg;

	for (size_t i = 0; i < st->nsites; i++)
		free(st->sites[i].path);
	free(st->sites);
}

static struct pid_state *state(struct dt_probes *tab)
{
	return probes_pvstate(tab, &dt_provider_pid_entry, sizeof(struct pid_state), pid_state_fini);
}

static uint64_t add_site(struct dt_probes *tab, const char *path, uint64_t offset)
{
	struct pid_state *st = state(tab);

	if (st->nsites == st->capsites) {
		st->capsites = st->capsites ? st->capsites * 2 : 256;
		st->sites = xrealloc(st->sites, st->capsites * sizeof(*st->sites));
	}
	st->sites[st->nsites].path = xstrdup(path);
	st->sites[st->nsites].offset = offset;
	return st->nsites++;
}

/* The pid of "pid123", or 0. */
static int prov_pid(const char *prov)
{
	if (strncmp(prov, "pid", 3) != 0 || !isdigit((unsigned char)prov[3]))
		return 0;
	for (const char *p = prov + 3; *p; p++)
		if (!isdigit((unsigned char)*p))
			return 0;
	return atoi(prov + 3);
}

static const char *base_name(const char *path)
{
	const char *b = strrchr(path, '/');
	return b ? b + 1 : path;
}

/* Find a library the executable needs in the usual directories. */
static char *find_lib(const char *name)
{
	static const char *const dirs[] = {
		"/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/lib64",
		"/usr/lib64", "/lib", "/usr/lib", "/usr/local/lib",
	};
	char path[512];

	for (size_t i = 0; i < ARRAY_SIZE(dirs); i++) {
		snprintf(path, sizeof(path), "%s/%s", dirs[i], name);
		if (access(path, R_OK) == 0)
			return realpath(path, NULL);
	}
	return NULL;
}

/* Function symbols of an object: calls fn(name, file offset) for each (fn
 * may be NULL); with needed, collects the DT_NEEDED library names too. */
static void each_function(const char *path, struct ptrvec *needed,
			  void (*fn)(void *arg, const char *obj, const char *name, uint64_t off), void *arg)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	Elf *e;
	size_t phnum;
	uint64_t seg_off[16], seg_vaddr[16], seg_sz[16];
	int nseg = 0, have_symtab = 0;

	if (fd < 0)
		return;
	elf_version(EV_CURRENT);
	e = elf_begin(fd, ELF_C_READ, NULL);
	if (!e) {
		close(fd);
		return;
	}
	if (elf_getphdrnum(e, &phnum) == 0)
		for (size_t i = 0; i < phnum && nseg < 16; i++) {
			GElf_Phdr ph;
			if (gelf_getphdr(e, (int)i, &ph) && ph.p_type == PT_LOAD && (ph.p_flags & PF_X)) {
				seg_off[nseg] = ph.p_offset;
				seg_vaddr[nseg] = ph.p_vaddr;
				seg_sz[nseg] = ph.p_filesz;
				nseg++;
			}
		}
	for (Elf_Scn *scn = NULL; (scn = elf_nextscn(e, scn));) {
		GElf_Shdr sh;
		if (gelf_getshdr(scn, &sh) && sh.sh_type == SHT_SYMTAB)
			have_symtab = 1;
	}
	for (Elf_Scn *scn = NULL; (scn = elf_nextscn(e, scn));) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh))
			continue;
		Elf_Data *d = elf_getdata(scn, NULL);
		if (needed && sh.sh_type == SHT_DYNAMIC && d) {
			size_t n = sh.sh_entsize ? sh.sh_size / sh.sh_entsize : 0;
			for (size_t i = 0; i < n; i++) {
				GElf_Dyn dyn;
				if (gelf_getdyn(d, (int)i, &dyn) && dyn.d_tag == DT_NEEDED)
					pv_push(needed, xstrdup(elf_strptr(e, sh.sh_link, dyn.d_un.d_val)));
			}
		}
		if (!fn || sh.sh_type != (have_symtab ? SHT_SYMTAB : SHT_DYNSYM) || !d)
			continue;
		size_t n = sh.sh_entsize ? sh.sh_size / sh.sh_entsize : 0;
		for (size_t i = 0; i < n; i++) {
			GElf_Sym sym;
			if (!gelf_getsym(d, (int)i, &sym) || GELF_ST_TYPE(sym.st_info) != STT_FUNC ||
			    sym.st_value == 0 || sym.st_shndx == SHN_UNDEF)
				continue;
			const char *name = elf_strptr(e, sh.sh_link, sym.st_name);
			if (!name || !*name)
				continue;
			for (int s = 0; s < nseg; s++)
				if (sym.st_value >= seg_vaddr[s] && sym.st_value < seg_vaddr[s] + seg_sz[s]) {
					fn(arg, path, name, sym.st_value - seg_vaddr[s] + seg_off[s]);
					break;
				}
		}
	}
	elf_end(e);
	close(fd);
}

struct provide_ctx {
	struct dt_probes *tab;
	const struct dt_pdesc *pd;
	const char *mod;	/* module name of the object being read */
};

static int match(const char *pat, const char *s)
{
	return !pat || !*pat || dt_glob_match(pat, s);
}

static void add_function(void *arg, const char *obj, const char *name, uint64_t off)
{
	struct provide_ctx *c = arg;

	if (!match(c->pd->func, name))
		return;
	if (match(c->pd->name, "entry") && !probe_lookup(c->tab, c->pd->prov, c->mod, name, "entry"))
		probe_create_in(c->tab, &dt_provider_pid_entry, c->pd->prov, c->mod, name, "entry",
				add_site(c->tab, obj, off));
	if (match(c->pd->name, "return") && !probe_lookup(c->tab, c->pd->prov, c->mod, name, "return"))
		probe_create_in(c->tab, &dt_provider_pid_return, c->pd->prov, c->mod, name, "return",
				add_site(c->tab, obj, off));
}

static void pid_provide(struct dt_probes *tab, const struct dt_pdesc *pd)
{
	int pid = pd ? prov_pid(pd->prov) : 0;
	char path[64], line[1024];
	struct ptrvec objs = {0}, needed = {0};
	char *exe;
	FILE *f;

	if (!pid)
		return;		/* pid probes exist only for a named process */
	snprintf(path, sizeof(path), "/proc/%d/exe", pid);
	exe = realpath(path, NULL);
	snprintf(path, sizeof(path), "/proc/%d/maps", pid);
	f = fopen(path, "r");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char perms[8], file[512] = "";
		if (sscanf(line, "%*x-%*x %7s %*x %*s %*s %511s", perms, file) < 2 || perms[2] != 'x' ||
		    file[0] != '/')
			continue;
		int dup = 0;
		for (int i = 0; i < objs.n; i++)
			if (strcmp(objs.v[i], file) == 0)
				dup = 1;
		if (!dup)
			pv_push(&objs, xstrdup(file));
	}
	fclose(f);
	for (int i = 0; i < objs.n; i++) {
		const char *obj = objs.v[i];
		int is_exe = exe && strcmp(obj, exe) == 0;
		struct provide_ctx c = { tab, pd, is_exe ? "a.out" : base_name(obj) };
		if (!match(pd->mod, c.mod) && !(is_exe && match(pd->mod, base_name(obj))))
			continue;
		each_function(obj, NULL, add_function, &c);
	}
	/* libraries the executable will load (a -c child stopped at exec) */
	if (exe)
		each_function(exe, &needed, NULL, NULL);
	for (int i = 0; i < needed.n; i++) {
		char *lib = find_lib(needed.v[i]);
		int mapped = 0;
		if (!lib)
			continue;
		for (int k = 0; k < objs.n; k++)
			if (strcmp(objs.v[k], lib) == 0)
				mapped = 1;
		struct provide_ctx c = { tab, pd, base_name(lib) };
		if (!mapped && match(pd->mod, c.mod))
			each_function(lib, NULL, add_function, &c);
		free(lib);
	}
	free(exe);
}

/* The uprobe PMU's type, read once: a process-wide read-only cache of a
 * fact of the running kernel. */
static int uprobe_type(void)
{
	static int type = -1;
	FILE *f;

	if (type < 0 && (f = fopen("/sys/bus/event_source/devices/uprobe/type", "r"))) {
		if (fscanf(f, "%d", &type) != 1)
			type = -1;
		fclose(f);
	}
	return type;
}

static int pid_attach(struct dt_probe *p, int prog_fd)
{
	struct perf_event_attr attr;
	struct pid_site *s = &state(p->tab)->sites[p->arg];
	int pid = prov_pid(p->prov), pfd, lfd;

	if (uprobe_type() < 0)
		return -ENOTSUP;
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = (uint32_t)uprobe_type();
	attr.config = strcmp(p->name, "return") == 0 ? 1 : 0;	/* format: config:0 = retprobe */
	attr.config1 = (uint64_t)(uintptr_t)s->path;
	attr.config2 = s->offset;
	pfd = (int)syscall(__NR_perf_event_open, &attr, pid, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (pfd < 0)
		return -errno;
	LIBBPF_OPTS(bpf_link_create_opts, lo, .perf_event.bpf_cookie = p->id);
	lfd = bpf_link_create(prog_fd, pfd, BPF_PERF_EVENT, &lo);
	if (lfd < 0) {
		close(pfd);
		return lfd;
	}
	p->fds = xcalloc(2, sizeof(int));
	p->fds[0] = lfd;
	p->fds[1] = pfd;
	p->nfds = 2;
	return 0;
}

static void pid_detach(struct dt_probe *p)
{
	for (int i = 0; i < p->nfds; i++)
		close(p->fds[i]);
	p->nfds = 0;
}

static void pid_gen_arg(struct cg *g, int i)
{
	if (i < 6)
		cg_emit(g, BPF_LDX_MEM(BPF_DW, BPF_REG_0, BPF_REG_6, pt_regs_arg(i)));
	else
		cg_emit(g, BPF_MOV64_IMM(BPF_REG_0, 0));
}

/* at return: arg1 is the return value (arg0 is 0 there) */
static void pid_return_gen_arg(struct cg *g, int i)
{
	if (i == 1)
		cg_emit(g, BPF_LDX_MEM(BPF_DW, BPF_REG_0, BPF_REG_6, PT_REGS_AX));
	else
		cg_emit(g, BPF_MOV64_IMM(BPF_REG_0, 0));
}

const struct dt_provider dt_provider_pid_entry = {
	.name = "pid",
	.prog_name = "dt_pid",
	.cg = {
		.gen_prologue = cg_prologue_cookie,
		.gen_arg = pid_gen_arg,
	},
	.prog_type = BPF_PROG_TYPE_KPROBE,
	.provide = pid_provide,
	.attach = pid_attach,
	.detach = pid_detach,
};

/* Return probes see other arguments, so they are another attach kind. */
const struct dt_provider dt_provider_pid_return = {
	.name = "pid",
	.prog_name = "dt_pidret",
	.cg = {
		.gen_prologue = cg_prologue_cookie,
		.gen_arg = pid_return_gen_arg,
	},
	.prog_type = BPF_PROG_TYPE_KPROBE,
	.provide = NULL,
	.attach = pid_attach,
	.detach = pid_detach,
};
