/*
 * pid.c - the pid provider: pidN:module:function:entry and :return for the
 * functions of a user process, as uprobes on the object's file and the
 * function's file offset (uprobe.c) running a kprobe-type program whose
 * cookie is the probe id.
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../bpf/pt_regs.h"
#include "../common/util.h"
#include "../common/x86_insn.h"
#include "uprobe.h"

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
					uint64_t off = sym.st_value - seg_vaddr[s] + seg_off[s];
					uint8_t insn[X86_INSN_MAX_LEN];
					ssize_t got = pread(fd, insn, sizeof(insn), (off_t)off);
					/* a function starting with an instruction the
					 * kernel cannot probe (lock decl: pthread_spin_lock)
					 * has no probes: one refused site fails them all */
					if (got > 0 && x86_insn_uprobe_ok(insn, (size_t)got))
						fn(arg, path, name, off);
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
	struct uprobe_site s = { obj, off, 0, 0, prov_pid(c->pd->prov), 0 };
	if (match(c->pd->name, "entry") && !probe_lookup(c->tab, c->pd->prov, c->mod, name, "entry"))
		uprobe_site_add(probe_create_in(c->tab, &dt_provider_pid_entry, c->pd->prov, c->mod, name, "entry", 0), &s);
	s.ret = 1;
	if (match(c->pd->name, "return") && !probe_lookup(c->tab, c->pd->prov, c->mod, name, "return"))
		uprobe_site_add(probe_create_in(c->tab, &dt_provider_pid_return, c->pd->prov, c->mod, name, "return", 0), &s);
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
	.attach = uprobe_attach,
	.detach = uprobe_detach,
	.attach_all = uprobe_attach_all,
	.load_attach_type = uprobe_load_attach_type,
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
	.attach = uprobe_attach,
	.detach = uprobe_detach,
	.attach_all = uprobe_attach_all,
	.load_attach_type = uprobe_load_attach_type,
};
