/*
 * sdt.c - the sdt provider: every kernel tracepoint as sdt:GROUP::NAME
 * (GROUP and NAME as in tracefs events/GROUP/NAME, as DTrace on Linux
 * names them), attached as a raw tracepoint whose BPF cookie is the probe
 * id, so one program serves them all and detaching is immediate.  Kernels
 * before 6.10 give raw tracepoints no cookie: there the loader loads one
 * instance of the program per probe, with the probe id a constant in it
 * (cg_prologue_cookie, consumer/load.c).
 *
 * args[] are the tracepoint's raw arguments, typed from the btf_trace_NAME
 * prototype in the kernel's BTF (a raw tracepoint sees what the kernel
 * passes, not the fields of the trace event that tracefs formats).
 * tracefs is read only for the groups a description names; everything only
 * for a description that globs the group (and for -l).
 */
#include "provider.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <bpf/btf.h>

#include "../common/util.h"
#include "tracefs.h"

/* groups whose events are not tracepoints (or belong to another provider) */
static int skip_group(const char *g)
{
	static const char *const skip[] = {"ftrace", "syscalls", "kprobes", "uprobes", "eprobes",
					   "synthetic", "fprobes", "tracefs_probes", NULL};

	for (int i = 0; skip[i]; i++)
		if (strcmp(g, skip[i]) == 0)
			return 1;
	return 0;
}

static int is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static void provide_group(struct dt_probes *tab, const char *root, const char *group, const struct dt_pdesc *pd)
{
	char path[512];

	if (skip_group(group))
		return;
	if (pd && *pd->name && !dt_is_glob(pd->name)) {
		snprintf(path, sizeof(path), "%s/events/%s/%s", root, group, pd->name);
		if (is_dir(path))
			probe_create(tab, &dt_provider_sdt, group, "", pd->name, 0);
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
		probe_create(tab, &dt_provider_sdt, group, "", e->d_name, 0);
	}
	closedir(d);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void sdt_provide(struct dt_probes *tab, const struct dt_pdesc *pd)
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
			provide_group(tab, root, pd->mod, pd);
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
		provide_group(tab, root, groups.v[i], pd);
		free(groups.v[i]);
	}
	free(groups.v);
}

static int sdt_attach(struct dt_probe *p, int prog_fd)
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
static void sdt_args(struct dt_probe *p)
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

const struct dt_provider dt_provider_sdt = {
	.name = "sdt",
	.prog_name = "dt_sdt",
	.cg = {
		.gen_prologue = cg_prologue_cookie,
		.gen_arg = rawtp_gen_arg,
	},
	.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.provide = sdt_provide,
	.attach = sdt_attach,
	.detach = probe_close_fds,
	.args = sdt_args,
};
