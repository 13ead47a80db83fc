/*
 * sdt.c - every kernel tracepoint, as DTrace on Linux offers it, under two
 * providers (GROUP and NAME as in tracefs events/GROUP/NAME):
 *
 * sdt:GROUP::NAME - the trace event: a BPF_PROG_TYPE_TRACEPOINT program
 *   on the tracepoint's perf event, whose context is the event's record
 *   (what tracefs formats).  args[] are the record's fields: the members
 *   of the kernel's struct trace_event_raw_NAME (BTF) after its struct
 *   trace_entry and before its char __data[], typed as the members are;
 *   when the BTF has no such struct (an event defined from another's
 *   class), the fields of the event's tracefs format file, typed from
 *   their declarations.  A scalar field is its value; any other (char
 *   oldcomm[16], a struct) is the address of the field in the record, so
 *   stringof(args[1]) reads a char array.  A field of dynamic length
 *   (__data_loc char[] filename, __rel_loc ...) is the address of its data
 *   in the record, typed as a pointer to its element (char *), so
 *   stringof(args[0]) is the file name: DTrace would give the raw u32 that
 *   locates it.  argN is args[N]'s value, as DTrace's argv is.
 *
 *   One program serves every sdt probe, the probe id its BPF cookie (perf
 *   event links, 5.15).  The fields' places differ per probe: each enabled
 *   probe's layout (a word per field: offset, size, kind, sign) is the
 *   value at its id in a map filled when the program loads (load_map,
 *   CGM_PROV), which argN's code reads; the field itself is read with
 *   bpf_probe_read_kernel (the verifier allows no variable offset into a
 *   context).  The program is the same whatever the number of probes, and
 *   so is the verifier's work.  Detaching is the kernel's slow part: the
 *   last perf event of a trace event waits for an RCU grace period as it
 *   goes (about 50 ms on 6.18, under a lock all trace events share), so
 *   `sdt:::` (some 2,300 events) takes two minutes to detach; rawtp's
 *   links go at once.
 *
 * rawtp:GROUP::NAME - the raw tracepoint (Oracle's rawtp provider): what
 *   the kernel passes to the tracepoint, args[] typed from the
 *   btf_trace_NAME prototype in the kernel's BTF (a struct sock *, a
 *   struct task_struct *...).  Its BPF cookie is the probe id, so one
 *   program serves them all and detaching is immediate.  Kernels before
 *   6.10 give raw tracepoints no cookie: there the loader loads one
 *   instance of the program per probe, with the probe id a constant in it
 *   (cg_prologue_cookie, consumer/load.c).
 *
 * tracefs is read only for the groups a description names; everything only
 * for a description that globs the group (and for -l).
 */
#include "provider.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>

#include "../common/util.h"
#include "tracefs.h"

/* groups whose events are not tracepoints (or belong to another provider),
 * and, as Oracle DTrace's sdt populate() skips them, the groups another
 * DTrace process made for its own probes: "dt_<pid>_<name>" (GROUP_FMT:
 * its BEGIN and END uprobes would otherwise match "BEGIN") and "dt_pid" */
static int skip_group(const char *g)
{
	static const char *const skip[] = {"ftrace", "syscalls", "kprobes", "uprobes", "eprobes",
					   "synthetic", "fprobes", "tracefs_probes", "dt_pid", NULL};
	const char *p;

	for (int i = 0; skip[i]; i++)
		if (strcmp(g, skip[i]) == 0)
			return 1;
	if (strncmp(g, "dt_", 3) == 0 && isdigit((unsigned char)g[3])) {
		for (p = g + 3; isdigit((unsigned char)*p); p++)
			;
		if (*p == '_' && p[1])
			return 1;
	}
	return 0;
}

static int is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static void provide_group(const struct dt_provider *pv, struct dt_probes *tab, const char *root, const char *group,
			  const struct dt_pdesc *pd)
{
	char path[512];

	if (skip_group(group))
		return;
	if (pd && *pd->name && !dt_is_glob(pd->name)) {
		snprintf(path, sizeof(path), "%s/events/%s/%s", root, group, pd->name);
		if (is_dir(path))
			probe_create(tab, pv, group, "", pd->name, 0);
		return;
	}
	snprintf(path, sizeof(path), "%s/events/%s", root, group);
	DIR *d = opendir(path);
	if (!d)
		return;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.' || e->d_type != DT_DIR)
			continue;
		if (pd && *pd->name && !dt_glob_match(pd->name, e->d_name))
			continue;
		probe_create(tab, pv, group, "", e->d_name, 0);
	}
	closedir(d);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The tracepoints pd may name, as probes of pv (sdt or rawtp). */
static void provide_tracepoints(const struct dt_provider *pv, struct dt_probes *tab, const struct dt_pdesc *pd)
{
	const char *root;
	char path[512];

	if (pd && *pd->func && !dt_glob_match(pd->func, ""))
		return;
	root = tracefs_root();
	if (!root)
		return;
	if (pd && *pd->mod && !dt_is_glob(pd->mod)) {
		snprintf(path, sizeof(path), "%s/events/%s", root, pd->mod);
		if (is_dir(path))
			provide_group(pv, tab, root, pd->mod, pd);
		return;
	}
	snprintf(path, sizeof(path), "%s/events", root);
	DIR *d = opendir(path);
	if (!d)
		return;
	struct ptrvec groups = {0};
	struct dirent *e;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.' || e->d_type != DT_DIR)
			continue;
		if (pd && *pd->mod && !dt_glob_match(pd->mod, e->d_name))
			continue;
		pv_push(&groups, xstrdup(e->d_name));
	}
	closedir(d);
	/* in name order, so ids and listings are stable */
	if (groups.n)	/* (no group matched: no array to sort) */
		qsort(groups.v, (size_t)groups.n, sizeof(void *), cmp_str);
	for (int i = 0; i < groups.n; i++) {
		provide_group(pv, tab, root, groups.v[i], pd);
		free(groups.v[i]);
	}
	free(groups.v);
}

/* ---- rawtp: raw tracepoints ---- */

static void rawtp_provide(struct dt_probes *tab, const struct dt_pdesc *pd)
{
	provide_tracepoints(&dt_provider_rawtp, tab, pd);
}

static int rawtp_attach(struct dt_probe *p, int prog_fd)
{
	int fd = rawtp_open(p->name, prog_fd, p->id);

	/* before 6.10 a raw tracepoint takes no cookie; there the program
	 * is an instance of this probe's own, which needs none */
	if (fd == -EINVAL)
		fd = rawtp_open(p->name, prog_fd, 0);
	return probe_hold_fd(p, fd);
}

/* args[] from the btf_trace_NAME typedef: a pointer to a function whose
 * first parameter is the tracepoint's data pointer, then its arguments. */
static void rawtp_args(struct dt_probe *p)
{
	struct btf *b = types_vmlinux_btf();
	char tn[256];
	int id;
	const struct btf_type *t;

	if (!b)
		return;
	snprintf(tn, sizeof(tn), "btf_trace_%s", p->name);
	id = btf__find_by_name_kind(b, tn, BTF_KIND_TYPEDEF);
	if (id <= 0)
		return;
	t = btf__type_by_id(b, (uint32_t)id);
	t = btf__type_by_id(b, t->type);		/* pointer */
	if (!t || !btf_is_ptr(t))
		return;
	t = btf__type_by_id(b, t->type);		/* prototype */
	if (!t || !btf_is_func_proto(t))
		return;
	int n = btf_vlen(t) - 1;
	const struct btf_param *pa = btf_params(t);
	if (n <= 0)
		return;
	p->argtypes = xcalloc((size_t)n, sizeof(*p->argtypes));
	p->argnames = xcalloc((size_t)n, sizeof(*p->argnames));
	for (int i = 0; i < n; i++) {
		p->argtypes[i] = btf_type_by_id((int)pa[i + 1].type);
		p->argnames[i] = xstrdup(type_name(p->argtypes[i]));
	}
	p->nargs = n;
}

/* argN: the tracepoint's arguments, u64[] after the data pointer, read
 * with a probe read so the program's context accesses stay within what
 * every tracepoint it attaches to provides. */
void rawtp_gen_arg(struct cg *g, int i)
{
	cg_emit(g, BPF_MOV64_REG(BPF_REG_3, BPF_REG_6));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, BPF_REG_3, 8 * i));
	cg_read_kernel_u64(g);
}

const struct dt_provider dt_provider_rawtp = {
	.name = "rawtp",
	.prog_name = "dt_rawtp",
	.cg = {
		.gen_prologue = cg_prologue_cookie,
		.gen_arg = rawtp_gen_arg,
	},
	.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.provide = rawtp_provide,
	.attach = rawtp_attach,
	.detach = probe_close_fds,
	.args = rawtp_args,
};

/* ---- sdt: trace events, args[] their fields ---- */

/*
 * A probe's layout: one word per field, the map's value at its id (the
 * code of sdt_gen_arg reads it), the field's offset in the record in its
 * bits 0-15.  0: no such field (argN is 0).
 */
#define SDT_MAXARGS 32		/* Linux's widest event has 20 fields */
#define F_SIZE_SHIFT 16			/* bits 16-23: size of a scalar */
#define F_KIND_SHIFT 24			/* bits 24-27: enum field_kind */
#define F_SIGNED (1u << 28)		/* a signed scalar */
enum field_kind {
	F_SCALAR = 1,		/* its value, of its size and sign */
	F_ADDR,			/* its address (an array, a struct) */
	F_DATA_LOC,		/* the address its u32 locates, from the record */
	F_REL_LOC,		/* ... from the end of the u32 */
};

struct sdt_layout {
	uint32_t f[SDT_MAXARGS];
};

/* One handle's layouts, each a probe's p->arg. */
struct sdt_state {
	struct ptrvec layouts;
};

static void sdt_state_fini(void *arg)
{
	struct sdt_state *st = arg;

	for (int i = 0; i < st->layouts.n; i++)
		free(st->layouts.v[i]);
	pv_free(&st->layouts);
}

static struct sdt_layout *layout_of(struct dt_probe *p)
{
	if (!p->arg) {
		struct sdt_state *st = probes_pvstate(p->tab, &dt_provider_sdt, sizeof(*st), sdt_state_fini);
		struct sdt_layout *l = xcalloc(1, sizeof(*l));
		pv_push(&st->layouts, l);
		p->arg = (uint64_t)(uintptr_t)l;
	}
	return (struct sdt_layout *)(uintptr_t)p->arg;
}

static uint32_t field_word(enum field_kind kind, uint32_t off, uint32_t size, int is_signed)
{
	if (off > 0xffff || size > 8)
		return 0;	/* not in a record (at most 8 KiB); not a scalar */
	return off | size << F_SIZE_SHIFT | (uint32_t)kind << F_KIND_SHIFT | (is_signed ? F_SIGNED : 0);
}

/* The word of a field of type t at off, not of dynamic length. */
static uint32_t typed_word(const struct dt_type *t, uint32_t off)
{
	if (t->kind == TY_INT || t->kind == TY_ENUM || t->kind == TY_PTR || t->kind == TY_FLOAT)
		return field_word(F_SCALAR, off, type_size(t, 0), t->kind == TY_INT && t->is_signed);
	return field_word(F_ADDR, off, 0, 0);
}

static void add_arg(struct dt_probe *p, struct dt_type *t, char *native, uint32_t word)
{
	layout_of(p)->f[p->nargs] = word;
	p->argtypes[p->nargs] = t;
	p->argnames[p->nargs] = native;
	p->nargs++;
}

/* The name of a plain char (signed or not, as the kernel is built), a
 * typedef's name ("pid_t"), or NULL. */
static const char *source_name(const struct btf *b, const struct btf_type *bt)
{
	const char *n = bt ? btf__name_by_offset(b, bt->name_off) : NULL;

	if (bt && btf_is_typedef(bt))
		return n;
	return bt && btf_is_int(bt) && n && strcmp(n, "char") == 0 ? n : NULL;
}

/* A field's type as the kernel's source spells it: "pid_t", "char [16]"
 * (D's name for the kernel's unsigned char would be "unsigned char"),
 * else the D type's name ("short"). */
static char *native_name(const struct btf *b, uint32_t id, const struct dt_type *t)
{
	const struct btf_type *bt = btf__type_by_id(b, id);
	const char *n = source_name(b, bt);

	if (n)
		return xstrdup(n);
	if (bt && btf_is_array(bt) && (n = source_name(b, btf__type_by_id(b, btf_array(bt)->type))))
		return xasprintf("%s [%u]", n, btf_array(bt)->nelems);
	return xstrdup(type_name(t));
}

/* The field of the format file named name, or NULL. */
static const struct tracefs_field *format_field(const struct tracefs_field *f, int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (strcmp(f[i].name, name) == 0)
			return &f[i];
	return NULL;
}

/* args[] from struct trace_event_raw_NAME: 0 if the BTF has no such struct. */
static int args_from_btf(struct dt_probe *p)
{
	struct btf *b = types_vmlinux_btf();
	char tag[256];
	int id, n, loaded = 0, nf = 0;
	struct tracefs_field *fmt = NULL;

	snprintf(tag, sizeof(tag), "trace_event_raw_%s", p->name);
	if (!b || (id = btf_struct_id(tag)) <= 0)
		return 0;
	const struct btf_type *st = btf__type_by_id(b, (uint32_t)id);
	const struct btf_member *m = btf_members(st);
	n = btf_vlen(st);
	/* struct trace_entry ent first, char __data[] last */
	int first = n > 0 && strcmp(btf__name_by_offset(b, m[0].name_off), "ent") == 0;
	int last = n > first && strcmp(btf__name_by_offset(b, m[n - 1].name_off), "__data") == 0 ? n - 1 : n;
	int count = last - first;
	if (count > SDT_MAXARGS)
		count = SDT_MAXARGS;
	if (count <= 0)
		return 1;
	p->argtypes = xcalloc((size_t)count, sizeof(*p->argtypes));
	p->argnames = xcalloc((size_t)count, sizeof(*p->argnames));
	for (int i = first; i < first + count; i++) {
		const char *name = btf__name_by_offset(b, m[i].name_off);
		uint32_t off = btf_member_bit_offset(st, (uint32_t)i) / 8;
		struct dt_type *t = btf_type_by_id((int)m[i].type);
		int loc = strncmp(name, "__data_loc_", 11) == 0 ? F_DATA_LOC
			  : strncmp(name, "__rel_loc_", 10) == 0 ? F_REL_LOC : 0;
		if (loc) {
			/* its element type is the format file's alone */
			const struct tracefs_field *f;
			if (!loaded) {
				nf = tracefs_format(p->mod, p->name, &fmt);
				loaded = 1;
			}
			f = nf > 0 ? format_field(fmt, nf, name + (loc == F_DATA_LOC ? 11 : 10)) : NULL;
			t = f ? tracefs_field_type(f) : type_ptr(&ty_char);
			add_arg(p, t, xstrdup(type_name(t)), field_word((enum field_kind)loc, off, 4, 0));
		} else if (btf_member_bitfield_size(st, (uint32_t)i)) {
			add_arg(p, t, native_name(b, m[i].type, t), 0);	/* no event has one */
		} else {
			add_arg(p, t, native_name(b, m[i].type, t), typed_word(t, off));
		}
	}
	if (nf > 0)
		tracefs_format_free(fmt, nf);
	return 1;
}

/* args[] from the event's format file, for an event whose struct the BTF
 * lacks (defined from another event's class). */
static void args_from_tracefs(struct dt_probe *p)
{
	struct tracefs_field *f;
	int n = tracefs_format(p->mod, p->name, &f);
	int count = n > SDT_MAXARGS ? SDT_MAXARGS : n;

	if (count <= 0) {
		if (n > 0)
			tracefs_format_free(f, n);
		return;
	}
	p->argtypes = xcalloc((size_t)count, sizeof(*p->argtypes));
	p->argnames = xcalloc((size_t)count, sizeof(*p->argnames));
	for (int i = 0; i < count; i++) {
		struct dt_type *t = tracefs_field_type(&f[i]);
		uint32_t off = (uint32_t)f[i].offset;
		uint32_t w;
		if (f[i].loc)
			w = field_word(f[i].loc == TRACEFS_REL_LOC ? F_REL_LOC : F_DATA_LOC, off, 4, 0);
		else if (t->kind == TY_INT || t->kind == TY_ENUM || t->kind == TY_PTR)
			w = field_word(F_SCALAR, off, (uint32_t)f[i].size, f[i].is_signed);
		else
			w = typed_word(t, off);
		add_arg(p, t, xstrdup(f[i].loc ? type_name(t) : f[i].type), w);
	}
	tracefs_format_free(f, n);
}

static void sdt_args(struct dt_probe *p)
{
	if (!args_from_btf(p))
		args_from_tracefs(p);
}

static void sdt_provide(struct dt_probes *tab, const struct dt_pdesc *pd)
{
	provide_tracepoints(&dt_provider_sdt, tab, pd);
}

static int sdt_attach(struct dt_probe *p, int prog_fd)
{
	return probe_hold_fd(p, tracefs_perf_attach(p->mod, p->name, prog_fd, p->id));
}

/* The map of the probes' layouts (CGM_PROV): every sdt probe of the table,
 * by id. */
static int sdt_load_map(struct dt_probes *tab)
{
	uint32_t n = 0;

	for (uint32_t id = 1; (int)id < probe_count(tab); id++)
		if (probe_by_id(tab, id)->pv == &dt_provider_sdt)
			n++;
	LIBBPF_OPTS(bpf_map_create_opts, o, .map_flags = BPF_F_RDONLY_PROG);
	int fd = bpf_map_create(BPF_MAP_TYPE_HASH, "dt_sdt_fields", 4, sizeof(struct sdt_layout), n ? n : 1, &o);
	if (fd < 0)
		return fd;
	for (uint32_t id = 1; (int)id < probe_count(tab); id++) {
		struct dt_probe *p = probe_by_id(tab, id);
		if (p->pv != &dt_provider_sdt)
			continue;
		probe_args(p);
		if (bpf_map_update_elem(fd, &id, layout_of(p), 0) != 0) {
			int err = -errno;
			close(fd);
			return err;
		}
	}
	return fd;
}

/*
 * r0 = field i of the record of the probe that fired, as its layout word
 * says (0 if it has none, or if it cannot be read): the word from the map
 * (key: the probe id), kept in CG_FP_KEY32; the record's address as a
 * number (the context spilled to CG_FP_TMP and read back with a probe
 * read: a number the code generator may compute with, not a context
 * pointer the verifier guards); then the field read into CG_FP_TMP.
 */
static void sdt_gen_arg(struct cg *g, int i)
{
	const int R0 = BPF_REG_0, R1 = BPF_REG_1, R2 = BPF_REG_2, R3 = BPF_REG_3, R4 = BPF_REG_4,
		  R5 = BPF_REG_5, FP = BPF_REG_10;
	int zero = cg_new_label(g), done = cg_new_label(g), notaddr = cg_new_label(g),
	    scalar = cg_new_label(g), dataloc = cg_new_label(g);

	if (i < 0 || i >= SDT_MAXARGS) {
		cg_emit(g, BPF_MOV64_IMM(R0, 0));
		return;
	}
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, FP, CG_FP_PRID));
	cg_emit(g, BPF_STX_MEM(BPF_W, FP, R1, CG_FP_KEY32));
	cg_ld_map(g, R1, CGM_PROV);
	cg_emit(g, BPF_MOV64_REG(R2, FP));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R2, CG_FP_KEY32));
	cg_call(g, BPF_FUNC_map_lookup_elem);
	cg_jmp_imm(g, BPF_JEQ, R0, 0, zero);
	cg_emit(g, BPF_LDX_MEM(BPF_W, R1, R0, (int16_t)(4 * i)));
	cg_jmp_imm(g, BPF_JEQ, R1, 0, zero);
	cg_emit(g, BPF_STX_MEM(BPF_W, FP, R1, CG_FP_KEY32));
	/* the record's address, as a number */
	cg_emit(g, BPF_STX_MEM(BPF_DW, FP, BPF_REG_6, CG_FP_TMP));
	cg_emit(g, BPF_MOV64_REG(R1, FP));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, CG_FP_TMP));
	cg_emit(g, BPF_MOV64_IMM(R2, 8));
	cg_emit(g, BPF_MOV64_REG(R3, R1));
	cg_call(g, BPF_FUNC_probe_read_kernel);
	cg_jmp_imm(g, BPF_JNE, R0, 0, zero);
	cg_emit(g, BPF_LDX_MEM(BPF_W, R4, FP, CG_FP_KEY32));
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R5, FP, CG_FP_TMP));		/* the record */
	cg_emit(g, BPF_MOV64_REG(R3, R4));
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R3, 0xffff));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R3, R5));			/* the field */
	cg_emit(g, BPF_MOV64_REG(R2, R4));
	cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R2, F_KIND_SHIFT));
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R2, 0xf));
	cg_jmp_imm(g, BPF_JNE, R2, F_ADDR, notaddr);
	cg_emit(g, BPF_MOV64_REG(R0, R3));
	cg_jmp(g, done);
	cg_place(g, notaddr);
	cg_jmp_imm(g, BPF_JEQ, R2, F_SCALAR, scalar);
	/* dynamic length: base + the u32's low half, the base kept in
	 * CG_FP_TMP across the read of the u32 into CG_FP_KEY32 */
	cg_jmp_imm(g, BPF_JEQ, R2, F_DATA_LOC, dataloc);
	cg_emit(g, BPF_MOV64_REG(R5, R3));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R5, 4));
	cg_place(g, dataloc);
	cg_emit(g, BPF_STX_MEM(BPF_DW, FP, R5, CG_FP_TMP));
	cg_emit(g, BPF_MOV64_REG(R1, FP));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, CG_FP_KEY32));
	cg_emit(g, BPF_MOV64_IMM(R2, 4));
	cg_call(g, BPF_FUNC_probe_read_kernel);
	cg_jmp_imm(g, BPF_JNE, R0, 0, zero);
	cg_emit(g, BPF_LDX_MEM(BPF_W, R0, FP, CG_FP_KEY32));
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R0, 0xffff));
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, FP, CG_FP_TMP));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R0, R1));
	cg_jmp(g, done);
	/* a scalar: its size's bytes into a zeroed u64, sign-extended */
	cg_place(g, scalar);
	cg_emit(g, BPF_MOV64_REG(R2, R4));
	cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R2, F_SIZE_SHIFT));
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R2, 0xff));
	cg_jmp_imm(g, BPF_JGT, R2, 8, zero);
	cg_emit(g, BPF_ST_MEM(BPF_DW, FP, CG_FP_TMP, 0));
	cg_emit(g, BPF_MOV64_REG(R1, FP));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, CG_FP_TMP));
	cg_call(g, BPF_FUNC_probe_read_kernel);
	cg_jmp_imm(g, BPF_JNE, R0, 0, zero);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, FP, CG_FP_TMP));
	cg_emit(g, BPF_LDX_MEM(BPF_W, R1, FP, CG_FP_KEY32));
	cg_emit(g, BPF_MOV64_REG(R2, R1));
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R2, F_SIGNED));
	cg_jmp_imm(g, BPF_JEQ, R2, 0, done);
	cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R1, F_SIZE_SHIFT));
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R1, 0xff));
	cg_emit(g, BPF_ALU64_IMM(BPF_LSH, R1, 3));
	cg_emit(g, BPF_MOV64_IMM(R2, 64));
	cg_emit(g, BPF_ALU64_REG(BPF_SUB, R2, R1));
	cg_emit(g, BPF_ALU64_REG(BPF_LSH, R0, R2));
	cg_emit(g, BPF_ALU64_REG(BPF_ARSH, R0, R2));
	cg_jmp(g, done);
	cg_place(g, zero);
	cg_emit(g, BPF_MOV64_IMM(R0, 0));
	cg_place(g, done);
}

const struct dt_provider dt_provider_sdt = {
	.name = "sdt",
	.prog_name = "dt_sdt",
	.cg = {
		.gen_prologue = cg_prologue_cookie,
		.gen_arg = sdt_gen_arg,
	},
	.prog_type = BPF_PROG_TYPE_TRACEPOINT,
	.provide = sdt_provide,
	.attach = sdt_attach,
	.detach = probe_close_fds,
	.args = sdt_args,
	.load_map = sdt_load_map,
};
