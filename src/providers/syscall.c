/*
 * syscall.c - the syscall provider: syscall:vmlinux:NAME:entry and
 * syscall:vmlinux:NAME:return for every system call of the kernel.
 *
 * However many system calls a script enables, it attaches one raw
 * tracepoint program on raw_syscalls:sys_enter (entry probes) and one on
 * raw_syscalls:sys_exit (return probes); an array map filled here, indexed
 * by the syscall number (plus SYSCALL_NR_MAX at return), gives the program
 * the probe id, and 0 lets it return at once for calls nobody traces.
 * Raw tracepoints attach and detach in microseconds; the per-syscall
 * perf-event tracepoints (syscalls:sys_enter_*) take about 72 ms each to
 * detach on this kernel (26 s for all of them) and cost more per call.
 *
 * As in DTrace (dt_prov_syscall.c), the probes are the system calls with
 * a trace event in tracefs (events/syscalls/sys_enter_NAME), each named
 * as its event: newfstat, not fstat; afs_syscall and the others the
 * kernel does not implement, or was built without, are not probes.  The
 * event's number is not in tracefs (its id file is the event's own id), so
 * a table gives number -> event name: scripts/gen-syscall-names.sh makes
 * it from the kernel headers' numbers and the entry point the kernel's
 * syscall table gives each (sys_newfstat for number 5, fstat), which is
 * the name SYSCALL_DEFINE gives its trace event.  Where tracefs cannot be
 * read (a user with CAP_BPF and CAP_PERFMON only), every call of the table
 * is a probe.  Argument types come from the format files of the events,
 * read only for probes whose args[] are used; a return probe has one,
 * long, the format's ret.
 */
#include "provider.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "../common/util.h"
#include "tracefs.h"

static const char *const names[] = {
#include "syscall_names.h"
};

#define RET_FLAG (1ULL << 32)

/* One handle's syscall state: every syscall probe of a kind (entry or
 * return) shares one raw tracepoint link, counted by refs. */
struct syscall_state {
	int nr_map;		/* number -> probe id; 0 before the maps exist */
	int links[2];
	int refs[2];
	int scanned;		/* events[] filled */
	unsigned char events[SYSCALL_NR_MAX];	/* 1: tracefs has its event */
};

extern const struct dt_provider dt_provider_syscall;

static void syscall_state_fini(void *arg)
{
	struct syscall_state *st = arg;

	for (int i = 0; i < 2; i++)
		if (st->refs[i] && st->links[i] > 0)
			close(st->links[i]);
}

static struct syscall_state *state(struct dt_probes *tab)
{
	return probes_pvstate(tab, &dt_provider_syscall, sizeof(struct syscall_state), syscall_state_fini);
}

void dt_syscall_set_map(struct dt_probes *tab, int fd)
{
	state(tab)->nr_map = fd;
}

static void add(struct dt_probes *tab, int nr)
{
	probe_create(tab, &dt_provider_syscall, "vmlinux", names[nr], "entry", (uint64_t)nr);
	probe_create(tab, &dt_provider_syscall_return, "vmlinux", names[nr], "return", (uint64_t)nr | RET_FLAG);
}

/* Which calls of the table have a trace event (all of them where tracefs
 * cannot be read). */
static void scan_events(struct syscall_state *st)
{
	int nnames = (int)ARRAY_SIZE(names);
	const char *root = tracefs_root();
	char path[512];
	struct dirent *e;
	DIR *d = NULL;

	if (st->scanned)
		return;
	st->scanned = 1;
	if (root) {
		snprintf(path, sizeof(path), "%s/events/syscalls", root);
		d = opendir(path);
	}
	if (!d) {
		for (int nr = 0; nr < nnames; nr++)
			st->events[nr] = names[nr] != NULL;
		return;
	}
	while ((e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, "sys_enter_", 10) != 0)
			continue;
		for (int nr = 0; nr < nnames; nr++)
			if (names[nr] && strcmp(names[nr], e->d_name + 10) == 0)
				st->events[nr] = 1;
	}
	closedir(d);
}

static void syscall_provide(struct dt_probes *tab, const struct dt_pdesc *pd)
{
	int nnames = (int)ARRAY_SIZE(names);
	struct syscall_state *st = state(tab);

	if (pd && *pd->mod && !dt_glob_match(pd->mod, "vmlinux"))
		return;
	if (pd && *pd->name && !dt_glob_match(pd->name, "entry") && !dt_glob_match(pd->name, "return"))
		return;
	scan_events(st);
	for (int nr = 0; nr < nnames; nr++) {
		if (!st->events[nr])
			continue;
		if (pd && *pd->func && !dt_glob_match(pd->func, names[nr]))
			continue;
		add(tab, nr);
	}
}

static int syscall_attach(struct dt_probe *p, int prog_fd)
{
	int ret = (p->arg & RET_FLAG) != 0;
	uint32_t key = (uint32_t)(p->arg & 0xffffffff) + (ret ? SYSCALL_NR_MAX : 0);
	uint32_t id = p->id;
	struct syscall_state *st = state(p->tab);
	int nr_map = st->nr_map;

	if (nr_map <= 0)
		return -EBADF;
	if (bpf_map_update_elem(nr_map, &key, &id, 0) < 0)
		return -errno;
	if (st->refs[ret]++ == 0) {
		st->links[ret] = rawtp_open(ret ? "sys_exit" : "sys_enter", prog_fd, 0);
		if (st->links[ret] < 0) {
			int e = st->links[ret];
			st->refs[ret] = 0;
			return e;
		}
	}
	p->nfds = 1;
	return 0;
}

static void syscall_detach(struct dt_probe *p)
{
	int ret = (p->arg & RET_FLAG) != 0;
	uint32_t key = (uint32_t)(p->arg & 0xffffffff) + (ret ? SYSCALL_NR_MAX : 0);
	uint32_t zero = 0;
	struct syscall_state *st = state(p->tab);

	if (!p->nfds)
		return;
	p->nfds = 0;
	if (--st->refs[ret] == 0 && st->links[ret] >= 0) {
		close(st->links[ret]);
		st->links[ret] = -1;
	}
	if (st->nr_map > 0)
		bpf_map_update_elem(st->nr_map, &key, &zero, 0);
}

/* args[] from events/syscalls/sys_enter_NAME/format; at return, as in
 * DTrace, only args[0], the format's ret (long; arg1 is the return value
 * too, as arg0) */
static void syscall_args(struct dt_probe *p)
{
	if (p->arg & RET_FLAG) {
		p->nargs = 1;
		p->argtypes = xcalloc(1, sizeof(*p->argtypes));
		p->argnames = xcalloc(1, sizeof(*p->argnames));
		p->argtypes[0] = &ty_long;
		p->argnames[0] = xstrdup("long");
		return;
	}
	struct tracefs_field *f;
	char ev[128];
	snprintf(ev, sizeof(ev), "sys_enter_%s", p->func);
	int n = tracefs_format("syscalls", ev, &f);
	if (n <= 0)
		return;
	p->argtypes = xcalloc((size_t)n, sizeof(*p->argtypes));
	p->argnames = xcalloc((size_t)n, sizeof(*p->argnames));
	for (int i = 0; i < n; i++) {
		if (strcmp(f[i].name, "__syscall_nr") == 0)
			continue;
		p->argtypes[p->nargs] = tracefs_field_type(&f[i]);
		p->argnames[p->nargs] = xstrdup(f[i].type);
		p->nargs++;
	}
}

/*
 * The probe id: sysnr[nr (+ SYSCALL_NR_MAX at return)], 0 for a call
 * nobody traces.  At entry the context is sys_enter's (regs, nr); at
 * return sys_exit's (regs, ret), where nr is regs->orig_ax.
 */
static void gen_prologue(struct cg *g, int out, int ret)
{
	if (!ret) {
		cg_emit(g, BPF_LDX_MEM(BPF_DW, BPF_REG_0, BPF_REG_6, 8));	/* ctx[1]: nr */
	} else {
		cg_emit(g, BPF_MOV64_REG(BPF_REG_1, BPF_REG_10));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, BPF_REG_1, CG_FP_TMP));
		cg_emit(g, BPF_MOV64_IMM(BPF_REG_2, 8));
		cg_emit(g, BPF_LDX_MEM(BPF_DW, BPF_REG_3, BPF_REG_6, 0));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, BPF_REG_3, 120));		/* orig_ax */
		cg_call(g, BPF_FUNC_probe_read_kernel);
		cg_jmp_imm_far(g, BPF_JNE, BPF_REG_0, 0, out);
		cg_emit(g, BPF_LDX_MEM(BPF_DW, BPF_REG_0, BPF_REG_10, CG_FP_TMP));
	}
	/* x32 calls and -1 fail this unsigned test */
	cg_emit(g, BPF_JMP_IMM(BPF_JLT, BPF_REG_0, SYSCALL_NR_MAX, 1));
	cg_jmp(g, out);
	if (ret)
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, BPF_REG_0, SYSCALL_NR_MAX));
	cg_emit(g, BPF_STX_MEM(BPF_W, BPF_REG_10, BPF_REG_0, CG_FP_KEY32));
	cg_ld_map(g, BPF_REG_1, CGM_SYSNR);
	cg_emit(g, BPF_MOV64_REG(BPF_REG_2, BPF_REG_10));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, BPF_REG_2, CG_FP_KEY32));
	cg_call(g, BPF_FUNC_map_lookup_elem);
	cg_jmp_imm_far(g, BPF_JEQ, BPF_REG_0, 0, out);
	cg_emit(g, BPF_LDX_MEM(BPF_W, BPF_REG_0, BPF_REG_0, 0));
	cg_jmp_imm_far(g, BPF_JEQ, BPF_REG_0, 0, out);
}

static void entry_gen_prologue(struct cg *g, int out)
{
	gen_prologue(g, out, 0);
}

static void return_gen_prologue(struct cg *g, int out)
{
	gen_prologue(g, out, 1);
}

/* entry: the user's registers (ctx[0] is the pt_regs pointer); x86_64
 * syscall arguments are di, si, dx, r10, r8, r9 */
static void entry_gen_arg(struct cg *g, int i)
{
	static const int16_t regoff[6] = {112, 104, 96, 56, 72, 64};

	if (i >= 6) {
		cg_emit(g, BPF_MOV64_IMM(BPF_REG_0, 0));
		return;
	}
	cg_emit(g, BPF_LDX_MEM(BPF_DW, BPF_REG_3, BPF_REG_6, 0));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, BPF_REG_3, regoff[i]));
	cg_read_kernel_u64(g);
}

/* return: arg0 and arg1 are the return value (ctx[1]) */
static void return_gen_arg(struct cg *g, int i)
{
	if (i <= 1)
		cg_emit(g, BPF_LDX_MEM(BPF_DW, BPF_REG_0, BPF_REG_6, 8));
	else
		cg_emit(g, BPF_MOV64_IMM(BPF_REG_0, 0));
}

/* a return value in [-4095, -1] is -errno */
static void return_gen_errno(struct cg *g)
{
	int zero = cg_new_label(g), done = cg_new_label(g);

	cg_emit(g, BPF_LDX_MEM(BPF_DW, BPF_REG_0, BPF_REG_6, 8));
	cg_jmp_imm(g, BPF_JSGE, BPF_REG_0, 0, zero);
	cg_jmp_imm(g, BPF_JSLT, BPF_REG_0, -4095, zero);
	cg_emit(g, BPF_NEG64(BPF_REG_0));
	cg_jmp(g, done);
	cg_place(g, zero);
	cg_emit(g, BPF_MOV64_IMM(BPF_REG_0, 0));
	cg_place(g, done);
}

const struct dt_provider dt_provider_syscall = {
	.name = "syscall",
	.prog_name = "dt_syscall",
	.cg = {
		.gen_prologue = entry_gen_prologue,
		.gen_arg = entry_gen_arg,
	},
	.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.provide = syscall_provide,
	.attach = syscall_attach,
	.detach = syscall_detach,
	.args = syscall_args,
};

/* Return probes run in their own program (sys_exit): a second provider
 * table with the same name, so that build_programs groups them apart. */
const struct dt_provider dt_provider_syscall_return = {
	.name = "syscall",
	.prog_name = "dt_sysret",
	.cg = {
		.gen_prologue = return_gen_prologue,
		.gen_arg = return_gen_arg,
		.gen_errno = return_gen_errno,
	},
	.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.provide = syscall_provide,
	.attach = syscall_attach,
	.detach = syscall_detach,
	.args = syscall_args,
};
