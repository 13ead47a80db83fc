/*
 * usdt.c - USDT probes: the probes Linux software declares with sys/sdt.h
 * (.note.stapsdt, read by common/stapsdt.c), named as DTrace names them:
 * provider = the note's provider and the process id (python1234), module
 * = the object's file name (python3.11, libjvm.so), function = the
 * function containing the site, name = the note's name with "__" as "-"
 * (function__entry is function-entry).  A probe whose macro is used in
 * several places of one function (or inlined) has several sites.
 *
 * Which probes a description makes:
 *   - a provider ending in a process id (python1234, python$target, or
 *     *1234 as `dtrace -l -p 1234` asks) makes the probes of the objects
 *     that process maps, and of the libraries its executable needs (a -c
 *     child stopped at its exec has mapped none yet); their uprobes trace
 *     that process only.
 *   - a provider glob with a literal start (python*, node*) makes probes
 *     named by the note's provider alone (python), whose uprobes are on
 *     the file with no process filter: every process running that
 *     executable or library, including processes started later.  The
 *     files are those with a matching provider among (a bounded search):
 *     the objects mapped by running processes, the executables in $PATH's
 *     directories and the libraries they need (DT_NEEDED, transitively),
 *     looking only at section headers for .note.stapsdt.  A library only
 *     ever dlopen()ed (libjvm.so) is found while a process has it mapped.
 *   A plain name (python) makes none: DTrace's USDT providers are named
 *   per process.  A `python*` clause and a `python$target` clause on the
 *   same process are two probes, and both fire.
 *
 * Arguments: the probes of all USDT providers share one program (the
 * table below), but every site has its own argument locations.  A site's
 * BPF cookie is its index in this table's site list (high 32 bits) and
 * the probe id (low 32); the site's argument descriptors are the value at
 * that index of an array map (load_map, CGM_PROV), filled when the program
 * loads.  argN's code looks the descriptor up and reads the register
 * (from pt_regs at a constant offset chosen by a compare chain: the
 * verifier allows no variable offset into a context), or the memory at
 * base + index * scale + displacement with bpf_probe_read_user, then
 * narrows the value to its size and sign.  Memory that cannot be read
 * gives 0 (no fault is raised: a provider cannot raise one).
 *
 * Semaphores (is-enabled probes): a site's semaphore is its uprobe's
 * ref_ctr_offset, which the kernel raises while the uprobe is attached, in
 * every process the uprobe covers; so sys/sdt.h's FOO_BAR_ENABLED() is
 * true exactly while a probe is enabled.
 *
 * args[] types: from the object's .note.dtrace notes when a `dtrace -h`
 * header put them there (the provider definition's types), else an
 * integer of each argument's size and sign (int32_t for -4@...).
 */
#include "provider.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "../bpf/pt_regs.h"
#include "../common/stapsdt.h"
#include "../common/uobj.h"
#include "../common/util.h"
#include "../front/types.h"
#include "uprobe.h"

/*
 * The map's value: one site's argument descriptors, 16 bytes each (the
 * layout the code of usdt_gen_arg reads).
 */
struct usdt_argdesc {
	int64_t val;		/* +0  the constant, or the displacement */
	uint8_t kind;		/* +8  enum stapsdt_argkind */
	uint8_t base;		/* +9  pt_regs slot (offset / 8) of the register or base */
	uint8_t index;		/* +10 ... of the index register */
	uint8_t scale;		/* +11 log2 of the index's scale */
	uint8_t lshift;		/* +12 the value is (v << lshift) >> rshift, */
	uint8_t rshift;		/* +13   the shift arithmetic if sign: */
	uint8_t sign;		/* +14   its size and sign */
	uint8_t size;		/* +15 bytes read from memory */
};
#define NOSLOT 0xff		/* no register */
#define D_VAL 0
#define D_KIND 8
#define D_BASE 9
#define D_INDEX 10
#define D_SCALE 11
#define D_POST 12		/* lshift, rshift, sign, size: one u32 */

/* An object read, and the processes whose probes in it exist. */
struct usdt_obj {
	char *path;
	int read;		/* stapsdt_read done (o may still be empty) */
	struct stapsdt_obj o;
	int *pids;		/* probes made for these (0: every process) */
	int npids;
};

/* A site: its argument descriptors (the map's value at its index), and
 * its note, for args[] types. */
struct usdt_site {
	struct usdt_argdesc args[STAPSDT_MAXARGS];
	struct usdt_obj *obj;
	int note;		/* index in obj->o.sites */
};

struct usdt_state {
	struct ptrvec objs;		/* struct usdt_obj * */
	struct usdt_site *sites;
	size_t nsites, capsites;
	int searched;			/* cands below found */
	struct ptrvec cands;		/* char *: files with .note.stapsdt a
					 * process-less description may name */
};

extern const struct dt_provider dt_provider_usdt;

static void state_fini(void *arg)
{
	struct usdt_state *st = arg;

	for (int i = 0; i < st->objs.n; i++) {
		struct usdt_obj *ob = st->objs.v[i];
		stapsdt_free(&ob->o);
		free(ob->path);
		free(ob->pids);
		free(ob);
	}
	pv_free(&st->objs);
	for (int i = 0; i < st->cands.n; i++)
		free(st->cands.v[i]);
	pv_free(&st->cands);
	free(st->sites);
}

static struct usdt_state *state(struct dt_probes *tab)
{
	return probes_pvstate(tab, &dt_provider_usdt, sizeof(struct usdt_state), state_fini);
}

/* The object at path, its notes read once per table. */
static struct usdt_obj *obj_at(struct usdt_state *st, const char *path)
{
	struct usdt_obj *ob;

	for (int i = 0; i < st->objs.n; i++)
		if (strcmp(((struct usdt_obj *)st->objs.v[i])->path, path) == 0)
			return st->objs.v[i];
	ob = xcalloc(1, sizeof(*ob));
	ob->path = xstrdup(path);
	pv_push(&st->objs, ob);
	return ob;
}

static const struct stapsdt_obj *obj_notes(struct usdt_obj *ob)
{
	if (!ob->read) {
		ob->read = 1;
		/* most objects have no notes: a look at the section headers
		 * spares reading their symbols */
		if (uobj_scan(ob->path, ".note.stapsdt", NULL) == 1)
			stapsdt_read(ob->path, &ob->o);
	}
	return &ob->o;
}

/* "python" + pid ("python1234"), or the provider alone for pid 0. */
static void prov_name(char *buf, size_t len, const char *prov, int pid)
{
	if (pid)
		snprintf(buf, len, "%s%d", prov, pid);
	else
		snprintf(buf, len, "%s", prov);
}

/* Does a provider of ob, as named for pid, match the description? */
static int obj_matches(struct usdt_obj *ob, int pid, const char *pat)
{
	const struct stapsdt_obj *o = obj_notes(ob);
	char name[256];

	for (int i = 0; i < o->nsites; i++) {
		prov_name(name, sizeof(name), o->sites[i].provider, pid);
		if (dt_glob_match(pat, name))
			return 1;
	}
	return 0;
}

/* A descriptor of one argument: the code in usdt_gen_arg reads it. */
static struct usdt_argdesc argdesc(const struct stapsdt_arg *a)
{
	struct usdt_argdesc d = { .kind = (uint8_t)a->kind, .base = NOSLOT, .index = NOSLOT };
	int bits = 8 * a->size;

	d.val = a->val;
	if (a->reg != STAPSDT_NOREG)
		d.base = (uint8_t)(a->reg / 8);
	if (a->index != STAPSDT_NOREG)
		d.index = (uint8_t)(a->index / 8);
	d.scale = (uint8_t)(a->scale == 8 ? 3 : a->scale == 4 ? 2 : a->scale == 2 ? 1 : 0);
	d.size = (uint8_t)a->size;
	d.rshift = (uint8_t)(64 - bits);
	/* %ah: the byte above the low one, moved up to the top first */
	d.lshift = (uint8_t)(64 - bits - (a->kind == STAPSDT_ARG_REG ? a->reg_shift : 0));
	d.sign = (uint8_t)a->is_signed;
	if (a->kind == STAPSDT_ARG_CONST) {	/* narrowed here, once */
		uint64_t v = (uint64_t)a->val << d.rshift;
		d.val = a->is_signed ? (int64_t)v >> d.rshift : (int64_t)(v >> d.rshift);
	}
	return d;
}

/* Make the probes of object ob for process pid (0: every process). */
static void make_probes(struct dt_probes *tab, struct usdt_obj *ob, int pid)
{
	struct usdt_state *st = state(tab);
	const struct stapsdt_obj *o = obj_notes(ob);
	const char *mod = uobj_basename(ob->path);

	for (int i = 0; i < ob->npids; i++)
		if (ob->pids[i] == pid)
			return;		/* made already */
	ob->pids = xrealloc(ob->pids, (size_t)(ob->npids + 1) * sizeof(int));
	ob->pids[ob->npids++] = pid;
	for (int i = 0; i < o->nsites; i++) {
		const struct stapsdt_site *n = &o->sites[i];
		char prov[256], name[256];
		size_t k = 0;
		struct dt_probe *p;
		struct usdt_site *s;

		prov_name(prov, sizeof(prov), n->provider, pid);
		for (const char *c = n->name; *c && k + 1 < sizeof(name); c++) {
			if (c[0] == '_' && c[1] == '_') {
				name[k++] = '-';
				c++;
			} else {
				name[k++] = *c;
			}
		}
		name[k] = 0;
		if (!(p = probe_lookup(tab, prov, mod, n->func, name)))
			p = probe_create_in(tab, &dt_provider_usdt, prov, mod, n->func, name, 0);
		if (p->pv != &dt_provider_usdt)
			continue;	/* another provider's probe has the name (pid1234:...) */
		if (st->nsites == st->capsites) {
			st->capsites = st->capsites ? st->capsites * 2 : 64;
			st->sites = xrealloc(st->sites, st->capsites * sizeof(*st->sites));
		}
		s = &st->sites[st->nsites];
		memset(s, 0, sizeof(*s));
		for (int a = 0; a < n->nargs; a++)
			s->args[a] = argdesc(&n->args[a]);
		s->obj = ob;
		s->note = i;
		uprobe_site_add(p, &(struct uprobe_site){
			.path = ob->path,
			.offset = n->offset,
			.ref_ctr = n->sem,
			.cookie = (uint64_t)st->nsites << 32 | p->id,
			.pid = pid,
		});
		st->nsites++;
	}
}

/* The probes of process pid whose provider (named for pid) matches. */
static void provide_pid(struct dt_probes *tab, const struct dt_pdesc *pd, int pid)
{
	struct usdt_state *st = state(tab);
	struct ptrvec paths = {0}, needed = {0};
	char *exe = NULL, root[64];

	if (uobj_proc_objects(pid, &paths, &exe) < 0)
		return;
	/* the libraries a -c child will map (it is stopped at its exec) */
	if (exe)
		uobj_scan(exe, NULL, &needed);
	for (int i = 0; i < needed.n; i++) {
		char *lib = uobj_find_lib(needed.v[i]);
		int dup = !lib;
		for (int k = 0; k < paths.n && !dup; k++)
			dup = strcmp(paths.v[k], lib) == 0;
		if (!dup)
			pv_push(&paths, lib);
		else
			free(lib);
		free(needed.v[i]);
	}
	pv_free(&needed);
	snprintf(root, sizeof(root), "/proc/%d/root", pid);
	for (int i = 0; i < paths.n; i++) {
		char *path = paths.v[i];
		/* a process in another mount namespace names its files
		 * from its own root */
		if (access(path, R_OK) != 0) {
			char *alt = xasprintf("%s%s", root, path);
			free(path);
			path = paths.v[i] = alt;
		}
		struct usdt_obj *ob = obj_at(st, path);
		if (obj_matches(ob, pid, pd->prov))
			make_probes(tab, ob, pid);
		free(path);
	}
	pv_free(&paths);
	free(exe);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sort and deduplicate a vector of allocated strings. */
static void uniq(struct ptrvec *v)
{
	int n = 0;

	qsort(v->v, (size_t)v->n, sizeof(char *), cmp_str);
	for (int i = 0; i < v->n; i++) {
		if (n && strcmp(v->v[n - 1], v->v[i]) == 0)
			free(v->v[i]);
		else
			v->v[n++] = v->v[i];
	}
	v->n = n;
}

/*
 * The files a process-less description may name (see the top): found once
 * per table.  Only files with a .note.stapsdt section are kept.
 */
static void search_files(struct usdt_state *st)
{
	struct ptrvec files = {0}, libs = {0}, dirs = {0};
	const char *path = getenv("PATH");
	DIR *d;
	struct dirent *de;

	st->searched = 1;
	/* objects mapped by running processes */
	if ((d = opendir("/proc"))) {
		while ((de = readdir(d)))
			if (isdigit((unsigned char)de->d_name[0]))
				uobj_proc_objects(atoi(de->d_name), &files, NULL);
		closedir(d);
	}
	/* the executables in $PATH (each directory once: /bin is often /usr/bin) */
	if (!path || !*path)
		path = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
	for (const char *p = path; *p;) {
		size_t n = strcspn(p, ":");
		char *dir = xstrndup(p, n), *real = realpath(dir, NULL);
		if (real)
			pv_push(&dirs, real);
		free(dir);
		p += n + (p[n] == ':');
	}
	uniq(&dirs);
	for (int i = 0; i < dirs.n; i++) {
		if (!(d = opendir(dirs.v[i])))
			continue;
		while ((de = readdir(d))) {
			char *f = xasprintf("%s/%s", (char *)dirs.v[i], de->d_name), *real;
			struct stat sb;
			if (de->d_name[0] != '.' && (real = realpath(f, NULL))) {
				if (stat(real, &sb) == 0 && S_ISREG(sb.st_mode) && (sb.st_mode & 0111))
					pv_push(&files, real);
				else
					free(real);
			}
			free(f);
		}
		closedir(d);
		free(dirs.v[i]);
	}
	pv_free(&dirs);
	uniq(&files);
	/* which have notes; the libraries the executables need, transitively */
	for (int i = 0; i < files.n; i++) {
		if (uobj_scan(files.v[i], ".note.stapsdt", &libs) == 1)
			pv_push(&st->cands, xstrdup(files.v[i]));
		free(files.v[i]);
	}
	pv_free(&files);
	for (int i = 0; i < libs.n; i++) {
		char *lib = libs.v[i];
		int seen = 0;
		for (int k = 0; k < i && !seen; k++)
			seen = strcmp(libs.v[k], lib) == 0;
		if (seen)
			continue;
		char *real = uobj_find_lib(lib);
		if (real && uobj_scan(real, ".note.stapsdt", &libs) == 1)
			pv_push(&st->cands, real);
		else
			free(real);
	}
	for (int i = 0; i < libs.n; i++)
		free(libs.v[i]);
	pv_free(&libs);
	uniq(&st->cands);
}

static void provide_all(struct dt_probes *tab, const struct dt_pdesc *pd)
{
	struct usdt_state *st = state(tab);

	if (!st->searched)
		search_files(st);
	for (int i = 0; i < st->cands.n; i++) {
		struct usdt_obj *ob = obj_at(st, st->cands.v[i]);
		if (obj_matches(ob, 0, pd->prov))
			make_probes(tab, ob, 0);
	}
}

static void usdt_provide(struct dt_probes *tab, const struct dt_pdesc *pd)
{
	const char *prov = pd ? pd->prov : "";
	size_t len = strlen(prov), digits = 0;

	while (digits < len && isdigit((unsigned char)prov[len - 1 - digits]))
		digits++;
	if (digits && digits < len && digits < 10)
		provide_pid(tab, pd, atoi(prov + len - digits));
	else if (dt_is_glob(prov) && strcspn(prov, "*?[\\") > 0)
		provide_all(tab, pd);
	/* else: no description of USDT probes (pid 0 is never a process) */
}

/* The map of every site's argument descriptors (CGM_PROV). */
static int usdt_load_map(struct dt_probes *tab)
{
	struct usdt_state *st = state(tab);
	LIBBPF_OPTS(bpf_map_create_opts, o, .map_flags = BPF_F_RDONLY_PROG);
	int fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, "dt_usdt_args", 4, sizeof(st->sites[0].args),
				st->nsites ? (uint32_t)st->nsites : 1, &o);

	if (fd < 0)
		return fd;
	for (uint32_t i = 0; i < st->nsites; i++)
		if (bpf_map_update_elem(fd, &i, st->sites[i].args, 0) != 0) {
			int err = -errno;
			close(fd);
			return err;
		}
	return fd;
}

/* The probe id: the low 32 bits of the cookie. */
static void usdt_prologue(struct cg *g, int out)
{
	cg_prologue_cookie(g, out);
	cg_emit(g, BPF_ALU64_IMM(BPF_LSH, BPF_REG_0, 32));
	cg_emit(g, BPF_ALU64_IMM(BPF_RSH, BPF_REG_0, 32));
}

/* dst = the register in pt_regs slot src (NOSLOT: 0), then goto got; a
 * slot that is no register goes to fail.  No helper call: r0 survives. */
static void gen_reg(struct cg *g, int src, int dst, int got, int fail)
{
	static const int16_t regs[] = {
		PT_REGS_R15, PT_REGS_R14, PT_REGS_R13, PT_REGS_R12, PT_REGS_BP, PT_REGS_BX,
		PT_REGS_R11, PT_REGS_R10, PT_REGS_R9, PT_REGS_R8, PT_REGS_AX, PT_REGS_CX,
		PT_REGS_DX, PT_REGS_SI, PT_REGS_DI, PT_REGS_IP, PT_REGS_SP,
	};

	for (size_t i = 0; i < ARRAY_SIZE(regs); i++) {
		int next = cg_new_label(g);
		cg_jmp_imm(g, BPF_JNE, src, regs[i] / 8, next);
		cg_emit(g, BPF_LDX_MEM(BPF_DW, dst, BPF_REG_6, regs[i]));
		cg_jmp(g, got);
		cg_place(g, next);
	}
	cg_jmp_imm(g, BPF_JNE, src, NOSLOT, fail);
	cg_emit(g, BPF_MOV64_IMM(dst, 0));
	cg_jmp(g, got);
}

/*
 * r0 = argument i of the site that fired: its descriptor from the map
 * (key: the cookie's high half), then the constant, the register, or the
 * memory it locates, narrowed to its size and sign.  r1-r5 are free; the
 * stack slots CG_FP_KEY32 (the key, then the narrowing word across the
 * read) and CG_FP_TMP (the read's destination).
 */
static void usdt_gen_arg(struct cg *g, int i)
{
	const int R0 = BPF_REG_0, R1 = BPF_REG_1, R2 = BPF_REG_2, R3 = BPF_REG_3, R4 = BPF_REG_4;
	const int16_t off = (int16_t)(i * (int)sizeof(struct usdt_argdesc));
	int zero = cg_new_label(g), done = cg_new_label(g), notconst = cg_new_label(g),
	    got_base = cg_new_label(g), mem = cg_new_label(g), got_index = cg_new_label(g),
	    narrow = cg_new_label(g), unsig = cg_new_label(g);

	if (i < 0 || i >= STAPSDT_MAXARGS) {
		cg_emit(g, BPF_MOV64_IMM(R0, 0));
		return;
	}
	cg_emit(g, BPF_MOV64_REG(R1, BPF_REG_6));
	cg_call(g, BPF_FUNC_get_attach_cookie);
	cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R0, 32));
	cg_emit(g, BPF_STX_MEM(BPF_W, BPF_REG_10, R0, CG_FP_KEY32));
	cg_ld_map(g, R1, CGM_PROV);
	cg_emit(g, BPF_MOV64_REG(R2, BPF_REG_10));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R2, CG_FP_KEY32));
	cg_call(g, BPF_FUNC_map_lookup_elem);
	cg_jmp_imm(g, BPF_JEQ, R0, 0, zero);
	cg_emit(g, BPF_LDX_MEM(BPF_B, R1, R0, off + D_KIND));
	cg_jmp_imm(g, BPF_JEQ, R1, STAPSDT_ARG_NONE, zero);
	cg_jmp_imm(g, BPF_JNE, R1, STAPSDT_ARG_CONST, notconst);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, R0, off + D_VAL));
	cg_jmp(g, done);

	cg_place(g, notconst);		/* the register, or the base register */
	cg_emit(g, BPF_LDX_MEM(BPF_B, R2, R0, off + D_BASE));
	gen_reg(g, R2, R3, got_base, zero);
	cg_place(g, got_base);
	cg_jmp_imm(g, BPF_JNE, R1, STAPSDT_ARG_REG, mem);
	cg_emit(g, BPF_LDX_MEM(BPF_W, R1, R0, off + D_POST));
	cg_emit(g, BPF_MOV64_REG(R0, R3));
	cg_jmp(g, narrow);

	cg_place(g, mem);		/* base + (index << scale) + displacement */
	cg_emit(g, BPF_LDX_MEM(BPF_B, R2, R0, off + D_INDEX));
	gen_reg(g, R2, R4, got_index, zero);
	cg_place(g, got_index);
	cg_emit(g, BPF_LDX_MEM(BPF_B, R2, R0, off + D_SCALE));
	cg_emit(g, BPF_ALU64_REG(BPF_LSH, R4, R2));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R3, R4));
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R2, R0, off + D_VAL));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R3, R2));
	/* the narrowing word outlives the map value pointer in the key's slot */
	cg_emit(g, BPF_LDX_MEM(BPF_W, R1, R0, off + D_POST));
	cg_emit(g, BPF_STX_MEM(BPF_W, BPF_REG_10, R1, CG_FP_KEY32));
	cg_emit(g, BPF_MOV64_REG(R2, R1));
	cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R2, 24));
	cg_jmp_imm(g, BPF_JGT, R2, 8, zero);
	cg_emit(g, BPF_ST_MEM(BPF_DW, BPF_REG_10, CG_FP_TMP, 0));
	cg_emit(g, BPF_MOV64_REG(R1, BPF_REG_10));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, CG_FP_TMP));
	cg_call(g, BPF_FUNC_probe_read_user);
	cg_jmp_imm(g, BPF_JNE, R0, 0, zero);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, BPF_REG_10, CG_FP_TMP));
	cg_emit(g, BPF_LDX_MEM(BPF_W, R1, BPF_REG_10, CG_FP_KEY32));

	cg_place(g, narrow);		/* r0 = (r0 << lshift) >> rshift */
	cg_emit(g, BPF_MOV64_REG(R2, R1));
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R2, 0xff));
	cg_emit(g, BPF_ALU64_REG(BPF_LSH, R0, R2));
	cg_emit(g, BPF_MOV64_REG(R2, R1));
	cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R2, 8));
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R2, 0xff));
	cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R1, 16));
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R1, 0xff));
	cg_jmp_imm(g, BPF_JEQ, R1, 0, unsig);
	cg_emit(g, BPF_ALU64_REG(BPF_ARSH, R0, R2));
	cg_jmp(g, done);
	cg_place(g, unsig);
	cg_emit(g, BPF_ALU64_REG(BPF_RSH, R0, R2));
	cg_jmp(g, done);

	cg_place(g, zero);
	cg_emit(g, BPF_MOV64_IMM(R0, 0));
	cg_place(g, done);
}

/* A D type as a provider definition writes it: "int", "char *",
 * "const char *", "struct foo *"; NULL if unknown. */
static struct dt_type *dtype_of(const char *name)
{
	char buf[256];
	size_t n;
	int ptrs = 0;
	struct dt_type *t;
	char *b = buf;

	snprintf(buf, sizeof(buf), "%s", name);
	n = strlen(buf);
	while (n && (buf[n - 1] == '*' || isspace((unsigned char)buf[n - 1]))) {
		ptrs += buf[n - 1] == '*';
		buf[--n] = 0;
	}
	for (int again = 1; again;) {		/* qualifiers do not change what we read */
		again = 0;
		if (strncmp(b, "const ", 6) == 0 || strncmp(b, "volatile ", 9) == 0) {
			b = strchr(b, ' ') + 1;
			again = 1;
		}
	}
	if (strncmp(b, "struct ", 7) == 0)
		t = type_tag(TY_STRUCT, b + 7);
	else if (strncmp(b, "union ", 6) == 0)
		t = type_tag(TY_UNION, b + 6);
	else
		t = type_lookup(b);
	while (t && ptrs--)
		t = type_ptr(t);
	return t;
}

/* An integer of the argument's size and sign, and its name (int32_t). */
static struct dt_type *int_type(const struct stapsdt_arg *a, char *name, size_t len)
{
	snprintf(name, len, "%sint%d_t", a->is_signed ? "" : "u", 8 * a->size);
	return type_lookup(name);
}

static void usdt_args(struct dt_probe *p)
{
	struct usdt_state *st = state(p->tab);
	int nsites;
	const struct uprobe_site *us = uprobe_sites(p, &nsites);

	if (!nsites)
		return;
	/* the probe's first site speaks for the others */
	const struct usdt_site *s = &st->sites[us[0].cookie >> 32];
	const struct stapsdt_site *n = &s->obj->o.sites[s->note];
	const struct stapsdt_dtypes *dt = stapsdt_dtypes_of(&s->obj->o, n->provider, n->name);
	int nargs = dt ? dt->ntypes : n->nargs;

	if (nargs > STAPSDT_MAXARGS)
		nargs = STAPSDT_MAXARGS;
	p->argtypes = xcalloc((size_t)nargs + 1, sizeof(*p->argtypes));
	p->argnames = xcalloc((size_t)nargs + 1, sizeof(*p->argnames));
	for (int i = 0; i < nargs; i++) {
		struct dt_type *t = dt ? dtype_of(dt->types[i]) : NULL;
		if (t) {
			p->argnames[i] = xstrdup(dt->types[i]);
		} else {
			/* no definition, or a type D does not know: the
			 * note's size and sign */
			static const struct stapsdt_arg dflt = { .size = 8, .is_signed = 1 };
			char name[16];
			t = int_type(i < n->nargs ? &n->args[i] : &dflt, name, sizeof(name));
			p->argnames[i] = xstrdup(name);
		}
		p->argtypes[i] = t;
	}
	p->nargs = nargs;
}

const struct dt_provider dt_provider_usdt = {
	.on_demand = 1,
	.name = "usdt",
	.prog_name = "dt_usdt",
	.cg = {
		.gen_prologue = usdt_prologue,
		.gen_arg = usdt_gen_arg,
	},
	.prog_type = BPF_PROG_TYPE_KPROBE,
	.provide = usdt_provide,
	.attach = uprobe_attach,
	.detach = uprobe_detach,
	.attach_all = uprobe_attach_all,
	.load_attach_type = uprobe_load_attach_type,
	.args = usdt_args,
	.load_map = usdt_load_map,
};
