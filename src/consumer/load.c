/*
 * load.c - a compiled program into the kernel: the maps every program
 * shares (ring buffer, globals, scratch, string table, probe masks and
 * names, syscall table, the one map of all aggregations), the map a
 * provider may fill for its program (load_map), the pool of dynamic
 * variables, their initial contents, and the BPF programs with their map
 * references resolved: with the BTF that describes their functions after the main
 * one (codegen/strfn.c's), and as one instance per probe for a program
 * whose probe id is a constant because the kernel gives its type no BPF
 * cookie or because the kernel binds it to one function at load (fentry,
 * the provider's load_target) (cg_program's per_probe; dt_prog_fd gives a
 * probe its program).  A verifier rejection comes back as the error
 * message, with the tail of the verifier's log.
 */
#include "dt_impl.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "../codegen/hist.h"
#include "../front/sema.h"
#include "../providers/provider.h"
#include "agg.h"

int dt_map_fd(struct dtrace_hdl *h, int m)
{
	return h->map_fds[m];
}

/* A number read from a sysfs file, or dflt. */
static int32_t sysfs_int(const char *path, int32_t dflt)
{
	FILE *f = fopen(path, "r");
	int v;

	if (!f)
		return dflt;
	if (fscanf(f, "%d", &v) != 1)
		v = dflt;
	fclose(f);
	return v;
}

/* The NUMA node of a CPU: its sysfs directory links to it as nodeN (0 if
 * none: a kernel without NUMA). */
static int32_t cpu_node(unsigned cpu)
{
	char path[64];
	struct dirent *e;
	int32_t node = 0;
	DIR *d;

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%u", cpu);
	if (!(d = opendir(path)))
		return 0;
	while ((e = readdir(d)))
		if (strncmp(e->d_name, "node", 4) == 0 && isdigit((unsigned char)e->d_name[4])) {
			node = (int32_t)atoi(e->d_name + 4);
			break;
		}
	closedir(d);
	return node;
}

/*
 * What curcpu points to, in each CPU's scratch (struct rec_cpuinfo): its
 * number, processor set 0 (Linux has none; DTrace's default set is 0),
 * physical package (topology/physical_package_id, as DTrace's dt_conf
 * reads it) and NUMA node (DTrace's lgroup on Linux; Oracle's leaves 0).
 */
static void fill_cpuinfo(struct dtrace_hdl *h)
{
	const struct cg_layout *L = &h->L;
	char *sc = xcalloc(1, (L->scratch_size + 7) & ~7u);

	for (uint32_t cpu = 0; cpu < (uint32_t)h->ncpus; cpu++) {
		char path[96];
		struct rec_cpuinfo ci = { .cpu_id = (int32_t)cpu };
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%u/topology/physical_package_id", cpu);
		ci.cpu_chip = sysfs_int(path, 0);
		ci.cpu_lgrp = cpu_node(cpu);
		memcpy(sc + L->cpuinfo_off, &ci, sizeof(ci));
		bpf_map_update_elem(dt_map_fd(h, CGM_SCRATCH), &cpu, sc, 0);
	}
	free(sc);
}

static int create_map(struct dtrace_hdl *h, enum bpf_map_type type, const char *name, uint32_t ks, uint32_t vs,
		      uint32_t n, uint32_t flags)
{
	LIBBPF_OPTS(bpf_map_create_opts, o, .map_flags = flags);
	int fd = bpf_map_create(type, name, ks, vs, n, &o);

	if (fd < 0)
		dt_set_errmsg(h, EDT_ENABLING, "failed to create map %s: %s", name, strerror(-fd));
	return fd;
}

/* The ring buffer's size: a power of two pages (the kernel's rule) */
static uint64_t pow2_at_least(uint64_t v)
{
	uint64_t p = (uint64_t)sysconf(_SC_PAGESIZE);

	while (p < v)
		p <<= 1;
	return p;
}

/*
 * The BTF a program with functions after its main one is loaded with: the
 * prototype of each, which the verifier checks a global function's calls
 * by (struct cg_func).  *info gets one record per function; returns the
 * BTF, or NULL with the error set.
 */
static struct btf *prog_btf(struct dtrace_hdl *h, const struct cg_program *p, struct bpf_func_info **info)
{
	struct btf *b = btf__new_empty();
	int int_id, char_id, ptr, proto, err;

	if (!b) {
		dt_set_errmsg(h, EDT_ENABLING, "cannot make the BTF of program %s", p->name);
		return NULL;
	}
	*info = xcalloc((size_t)p->nfuncs + 1, sizeof(**info));
	int_id = btf__add_int(b, "int", 4, BTF_INT_SIGNED);
	char_id = btf__add_int(b, "char", 1, BTF_INT_CHAR);
	/* a prototype's parameters follow it: their types come first */
	ptr = btf__add_ptr(b, 0);
	proto = btf__add_func_proto(b, int_id);
	btf__add_func_param(b, "ctx", ptr);
	(*info)[0].insn_off = 0;
	(*info)[0].type_id = (uint32_t)btf__add_func(b, p->name, BTF_FUNC_STATIC, proto);
	for (int i = 0; i < p->nfuncs; i++) {
		const struct cg_func *f = &p->funcs[i];
		int arr = btf__add_array(b, int_id, char_id, f->argsize);
		int st = btf__add_struct(b, "dt_fnarg", f->argsize);
		btf__add_field(b, "b", arr, 0, 0);
		ptr = btf__add_ptr(b, st);
		proto = btf__add_func_proto(b, int_id);
		btf__add_func_param(b, "arg", ptr);
		(*info)[i + 1].insn_off = (uint32_t)f->insn;
		(*info)[i + 1].type_id = (uint32_t)btf__add_func(b, f->name, BTF_FUNC_GLOBAL, proto);
	}
	err = btf__load_into_kernel(b);
	if (err) {
		dt_set_errmsg(h, EDT_ENABLING, "cannot load the BTF of program %s: %s", p->name, strerror(-err));
		btf__free(b);
		free(*info);
		*info = NULL;
		return NULL;
	}
	return b;
}

/*
 * The verifier refused program p (pr: the probe of a per_probe instance):
 * the error names the clause whose instruction it stopped at (the last
 * instruction its log shows) with its line and probe description, and
 * says why (the log's last words before its statistics).  Under the
 * verbose option (dtrace -v) the whole log follows, each line prefixed
 * "BPF: " as DTrace prints it.
 */
static void rejected(struct dtrace_hdl *h, const struct cg_program *p, const struct dt_probe *pr, int err,
		     char *log)
{
	char where[512] = "", why[512] = "";
	long insn = -1;

	/* the failing instruction: "123: (85) call ..." lines, the last one;
	 * why: the last line that is neither an instruction nor the
	 * verifier's statistics ("processed N insns ...") */
	for (char *line = log, *next; line && *line; line = next) {
		next = strchr(line, '\n');
		size_t len = next ? (size_t)(next - line) : strlen(line);
		char *end;
		long n = strtol(line, &end, 10);
		if (next)
			next++;
		if (end != line && end[0] == ':' && end[1] == ' ' && end[2] == '(') {
			insn = n;
			continue;
		}
		if (len == 0 || strncmp(line, "processed ", 10) == 0 || strncmp(line, "verification time", 17) == 0 ||
		    strncmp(line, "stack depth", 11) == 0 || line[0] == ';' || strncmp(line, "func#", 5) == 0 ||
		    strncmp(line, "Live regs", 9) == 0 || (line[0] == ' ' && isdigit((unsigned char)line[1])))
			continue;
		snprintf(why, sizeof(why), "%.*s", (int)(len < 500 ? len : 500), line);
	}
	if (insn >= 0 && p->clause_insn && insn >= p->clause_insn[0] && insn < p->clauses_end) {
		int i = 0;
		while (i + 1 < p->clauses.n && insn >= p->clause_insn[i + 1])
			i++;
		const struct dt_clause *c = p->clauses.v[i];
		const struct dt_pdesc *d = c->pdescs.n ? c->pdescs.v[0] : NULL;
		snprintf(where, sizeof(where), " in the clause at line %d (%s%s)", c->line,
			 d && d->text ? d->text : "?", c->pdescs.n > 1 ? ", ..." : "");
	} else if (insn >= 0) {
		for (int f = p->nfuncs - 1; f >= 0; f--)
			if (insn >= p->funcs[f].insn) {
				snprintf(where, sizeof(where), " in function %s", p->funcs[f].name);
				break;
			}
	}
	if (pr)
		snprintf(where + strlen(where), sizeof(where) - strlen(where), " for %s:%s:%s:%s", pr->prov, pr->mod,
			 pr->func, pr->name);
	if ((!h->o.verbose && !h->o.bpflog) || !*log) {
		dt_set_errmsg(h, EDT_ENABLING, "BPF program %s rejected by the verifier%s: %s%s", p->name, where,
			      *why ? why : strerror(-err), *log ? " (dtrace -v shows the verifier's log)" : "");
		return;
	}
	/* the log, "BPF: " before each line, its last 4000 lines at most */
	struct strbuf sb;
	int lines = 0, skip;

	sb_init(&sb);
	for (const char *c = log; *c; c++)
		lines += *c == '\n';
	skip = lines > 4000 ? lines - 4000 : 0;
	sb_printf(&sb, "BPF program %s rejected by the verifier%s: %s\n", p->name, where, *why ? why : strerror(-err));
	if (skip)
		sb_printf(&sb, "BPF: ... (the first %d lines of the log left out)\n", skip);
	for (const char *line = log, *next; *line; line = next) {
		next = strchr(line, '\n');
		int len = next ? (int)(next - line) : (int)strlen(line);
		next = next ? next + 1 : line + len;
		if (skip-- > 0)
			continue;
		sb_printf(&sb, "BPF: %.*s\n", len, line);
	}
	dt_set_errmsg_long(h, EDT_ENABLING, sb.s);
}

/* Load program k; pr is the probe of a per_probe instance (NULL: the kind's
 * one program). */
static int load_program(struct dtrace_hdl *h, int k, struct dt_probe *pr)
{
	struct cg_program *p = h->progs[k];
	const struct dt_provider *pv = h->prog_pv[k];
	struct dt_load_target tgt = {0};
	struct bpf_insn *insns;
	struct bpf_func_info *info = NULL;
	struct btf *btf = NULL;
	int fd;

	if (pr && pv->load_target && (fd = pv->load_target(pr, &tgt)) < 0)
		return dt_set_errmsg(h, EDT_ENABLING, "cannot load %s for %s:%s:%s:%s: %s", p->name, pr->prov,
				     pr->mod, pr->func, pr->name, strerror(-fd));
	insns = xmalloc((size_t)p->ninsns * sizeof(*insns));
	memcpy(insns, p->insns, (size_t)p->ninsns * sizeof(*insns));
	for (int i = 0; i < p->nrelocs; i++) {
		int m = p->relocs[i].map;
		insns[p->relocs[i].insn].imm = m == CG_RELOC_PRID ? (int32_t)(pr ? pr->id : 0)
					     : m == CG_RELOC_NARGS ? tgt.nargs
					     : m == CGM_PROV ? h->pvmap_fds[k] : dt_map_fd(h, m);
	}
	if (p->nfuncs && !(btf = prog_btf(h, p, &info))) {
		free(insns);
		return -1;
	}
	/* first without a log: asking for one makes the verifier slower, and a
	 * full log buffer would fail the load by itself */
	int attach_type = pv->load_attach_type ? pv->load_attach_type() : pv->attach_type;
	LIBBPF_OPTS(bpf_prog_load_opts, o, .expected_attach_type = (enum bpf_attach_type)attach_type,
		    .attach_btf_id = tgt.btf_id, .attach_btf_obj_fd = (uint32_t)tgt.btf_obj_fd);
	if (btf) {
		o.prog_btf_fd = (uint32_t)btf__fd(btf);
		o.func_info = info;
		o.func_info_cnt = (uint32_t)p->nfuncs + 1;
		o.func_info_rec_size = sizeof(*info);
	}
	fd = bpf_prog_load((enum bpf_prog_type)pv->prog_type, p->name, "GPL", insns, (size_t)p->ninsns, &o);
	if (fd < 0) {
		int err = fd;
		size_t logsize = 16 << 20;
		char *log = xcalloc(1, logsize);
		o.log_buf = log;
		o.log_size = (uint32_t)logsize;
		o.log_level = 1;
		int fd2 = bpf_prog_load((enum bpf_prog_type)pv->prog_type, p->name, "GPL", insns, (size_t)p->ninsns, &o);
		if (fd2 >= 0)
			close(fd2);
		else
			err = fd2;	/* the verifier's own verdict */
		rejected(h, p, pr, err, log);
		free(log);
	}
	btf__free(btf);
	free(info);
	free(insns);
	return fd;
}

/*
 * One instance of program k per probe of its kind that a clause enables,
 * for a program whose probe id is a constant (cg_program's per_probe: the
 * kernel has no BPF cookie for its type, or binds the program to one
 * function at load).  The kind's own fd stays -1.
 */
static int load_instances(struct dtrace_hdl *h, int k)
{
	struct cg_program *p = h->progs[k];

	for (int i = 0; i < p->clauses.n; i++) {
		struct dt_clause *c = p->clauses.v[i];
		for (int j = 0; j < c->probes.n; j++) {
			struct dt_probe *pr = c->probes.v[j];
			if (provider_kind(pr->pv) != k || pr->id >= (uint32_t)h->ninst || h->inst_fds[pr->id] >= 0)
				continue;
			h->inst_fds[pr->id] = load_program(h, k, pr);
			if (h->inst_fds[pr->id] < 0)
				return -1;
		}
	}
	return 0;
}

int dt_prog_fd(struct dtrace_hdl *h, const struct dt_probe *p)
{
	if (p->id < (uint32_t)h->ninst && h->inst_fds[p->id] >= 0)
		return h->inst_fds[p->id];
	return h->prog_fds[provider_kind(p->pv)];
}

/*
 * The map of all aggregations (the layout's, codegen/cg.h) and the
 * consumer's description of each aggregation.  Its entries are DTrace's
 * (gmap_create_aggs): aggsize / (key + value), the aggsize shared by all
 * the aggregations, at least one entry (dt_load) and at most 2^20.
 *
 * Preallocated, as DTrace's maps are: a map that allocates its elements as
 * they are used takes them from a per-CPU cache that a probe with
 * interrupts disabled (tick-*, sched) cannot refill, so the first updates
 * of new keys in one firing were dropped although the map had room.  The
 * price is paid when the map is made: about 0.7 us an entry (90 ms for
 * the 131072 entries of @[execname] = count() under the default 4 MB).
 */
static int create_aggs(struct dtrace_hdl *h)
{
	struct cg_layout *L = &h->L;
	struct dt_aggmap *m = &h->aggmap;

	*m = (struct dt_aggmap){.fd = -1};
	h->naggs = L->nagg;
	h->aggs = xcalloc((size_t)L->nagg + 1, sizeof(struct dt_agg));
	if (L->nagg) {
		uint64_t n = h->o.aggsize / (L->agg_map_keysize + L->agg_map_valsize);
		if (n > (1 << 20))
			n = 1 << 20;
		int fd = create_map(h, BPF_MAP_TYPE_PERCPU_HASH, "dt_aggs", L->agg_map_keysize, L->agg_map_valsize,
				    (uint32_t)n, 0);
		if (fd < 0)
			return -1;
		h->map_fds[CGM_AGGS] = fd;
		m->fd = fd;
		m->keysize = L->agg_map_keysize;
		m->tuple_off = L->agg_tuple_off;
		m->valsize = L->agg_map_valsize;
		m->maxent = (uint32_t)n;
	}
	for (int i = 0; i < L->nagg; i++) {
		struct dt_aggvar *v = L->aggs[i];
		struct dt_agg *a = &h->aggs[i];
		uint32_t off = 0;

		a->id = i;
		a->name = v->name;
		a->fn = v->fn;
		a->nkeys = v->nkeys;
		a->keys = xcalloc((size_t)(v->nkeys ? v->nkeys : 1), sizeof(struct dt_recarg));
		for (int k = 0; k < v->nkeys; k++) {
			struct dt_recarg *r = &a->keys[k];
			r->off = off;
			if (v->keys[k]->is_stack) {
				r->is_stack = v->keys[k]->is_stack;
				r->size = cg_agg_keyslot(L, v, k);
			} else if (v->keys[k]->symact) {
				r->symact = v->keys[k]->symact;
				r->size = cg_agg_keyslot(L, v, k);
			} else if (type_is_string(v->keys[k])) {
				r->is_string = 1;
				r->size = cg_agg_keyslot(L, v, k);
			} else {
				r->size = 8;
				r->isize = (int)(v->keys[k]->size ? v->keys[k]->size : 8);
				r->is_signed = v->keys[k]->is_signed;
				r->is_ptr = v->keys[k]->kind == TY_PTR;
			}
			off += r->size;
		}
		a->keysize = L->agg_keysize[i];
		a->nvals = L->agg_nvals[i];
		a->lq_base = v->lq_base;
		a->lq_step = v->lq_step;
		a->lq_levels = dt_lquantize_levels(v->lq_base, v->lq_limit, v->lq_step);
		a->llq_factor = v->llq_factor;
		a->llq_low = v->llq_low;
		a->llq_high = v->llq_high;
		a->llq_nsteps = v->llq_nsteps;
		a->map = m;
		a->normal = 1;
	}
	return 0;
}

int dt_load(struct dtrace_hdl *h)
{
	struct cg_layout *L = &h->L;
	int nprobes = probe_count(h->probes);
	uint32_t zero = 0;

	/* as DTrace's dtrace_go: the buffer holds at least one record and its
	 * ring header, and aggsize at least one aggregation entry (create_aggs).
	 * A bufsize under one page, the smallest ring buffer the kernel makes,
	 * is refused too: DTrace's own threshold is its record size, which its
	 * perf framing makes larger than ours, and below a page we would not
	 * give what was asked.  bufsize is then rounded up to a power of two
	 * pages, which dtrace_getopt() reports (dtrace(1) says so). */
	if (h->o.bufsize < (uint64_t)sysconf(_SC_PAGESIZE) ||
	    h->o.bufsize < BPF_RINGBUF_HDR_SZ + (uint64_t)L->rec_max ||
	    (L->nagg && h->o.aggsize < (uint64_t)L->agg_map_keysize + L->agg_map_valsize))
		return dt_set_errmsg(h, EDT_ENABLING, "Enabling exceeds size of buffer");
	h->o.bufsize = pow2_at_least(h->o.bufsize);
	h->ninst = nprobes;
	h->pvmap_fds = xcalloc((size_t)h->nkinds, sizeof(int));
	for (int k = 0; k < h->nkinds; k++)
		h->pvmap_fds[k] = -1;
	h->inst_fds = xcalloc((size_t)nprobes, sizeof(int));
	for (int i = 0; i < nprobes; i++)
		h->inst_fds[i] = -1;
	h->nmaps = CGM_AGGS + 1;
	h->map_fds = xcalloc((size_t)h->nmaps, sizeof(int));
	for (int i = 0; i < h->nmaps; i++)
		h->map_fds[i] = -1;
#define MK(idx, ...) do { if ((h->map_fds[idx] = create_map(h, __VA_ARGS__)) < 0) return -1; } while (0)
	MK(CGM_RINGBUF, BPF_MAP_TYPE_RINGBUF, "dt_ringbuf", 0, 0, (uint32_t)h->o.bufsize, 0);
	MK(CGM_GVARS, BPF_MAP_TYPE_ARRAY, "dt_gvars", 4, L->gvars_size, 1, BPF_F_MMAPABLE);
	h->gvars_len = L->gvars_size;	/* mmap() and munmap() take whole pages */
	h->gvars = mmap(NULL, h->gvars_len, PROT_READ | PROT_WRITE, MAP_SHARED, dt_map_fd(h, CGM_GVARS), 0);
	if (h->gvars == MAP_FAILED) {
		h->gvars = NULL;
		return dt_set_errmsg(h, EDT_ENABLING, "failed to map dt_gvars: %s", strerror(errno));
	}
	MK(CGM_SCRATCH, BPF_MAP_TYPE_ARRAY, "dt_scratch", 4, (L->scratch_size + 7) & ~7u, (uint32_t)h->ncpus, 0);
	MK(CGM_STRTAB, BPF_MAP_TYPE_ARRAY, "dt_strtab", 4, (uint32_t)L->strtab.len, 1, BPF_F_RDONLY_PROG);
	MK(CGM_PMASK, BPF_MAP_TYPE_ARRAY, "dt_pmask", 4, 8 * L->pmask_words, (uint32_t)nprobes, 0);
	MK(CGM_PINFO, BPF_MAP_TYPE_ARRAY, "dt_pinfo", 4, 4 * L->strbuf, (uint32_t)nprobes, 0);
	MK(CGM_SYSNR, BPF_MAP_TYPE_ARRAY, "dt_sysnr", 4, 4, 2 * SYSCALL_NR_MAX, 0);
	dt_syscall_set_map(h->probes, dt_map_fd(h, CGM_SYSNR));
	/* The dynamic variables' pool (codegen/cg.h) is preallocated, as
	 * DTrace's dvars map is: a map that allocates as it is used has, in a
	 * program that runs with interrupts off (profile, tick), only the few
	 * elements its per-CPU cache holds until the program returns, so
	 * that a clause making a second variable there would drop it.  Its
	 * memory is about dvar_nelems * (key + value + 48) bytes. */
	if (L->ndyn)
		MK(CGM_DVARS, BPF_MAP_TYPE_HASH, "dt_dvars", L->dvar_keysize, L->dvar_valsize, L->dvar_nelems, 0);

	if (create_aggs(h) < 0)
		return -1;

	/* initial contents */
	{
		char *gv = xcalloc(1, L->gvars_size);
		struct timespec rt, bt;
		clock_gettime(CLOCK_REALTIME, &rt);
		clock_gettime(CLOCK_BOOTTIME, &bt);
		int64_t off = ((int64_t)rt.tv_sec - bt.tv_sec) * 1000000000LL + (rt.tv_nsec - bt.tv_nsec);
		memcpy(gv + GV_WALLOFF, &off, 8);
		h->walloff = off;
		bpf_map_update_elem(dt_map_fd(h, CGM_GVARS), &zero, gv, 0);
		free(gv);
	}
	bpf_map_update_elem(dt_map_fd(h, CGM_STRTAB), &zero, L->strtab.s, 0);
	bpf_map_freeze(dt_map_fd(h, CGM_STRTAB));
	if (L->uses_curcpu)
		fill_cpuinfo(h);

	/* probeprov, probemod, probefunc, probename of every enabled probe */
	for (int i = 0; i < h->prog.clauses.n; i++) {
		struct dt_clause *c = h->prog.clauses.v[i];
		for (int j = 0; j < c->probes.n; j++) {
			struct dt_probe *pr = c->probes.v[j];
			uint32_t id = pr->id;
			char *info = xcalloc(4, L->strbuf);
			snprintf(info, L->strbuf, "%s", pr->prov);
			snprintf(info + L->strbuf, L->strbuf, "%s", pr->mod);
			snprintf(info + 2 * L->strbuf, L->strbuf, "%s", pr->func);
			snprintf(info + 3 * L->strbuf, L->strbuf, "%s", pr->name);
			bpf_map_update_elem(dt_map_fd(h, CGM_PINFO), &id, info, 0);
			free(info);
		}
	}
	for (int k = 0; k < h->nkinds; k++) {
		struct cg_program *p = h->progs[k];
		if (!p)
			continue;
		for (int i = 0; i < p->clauses.n; i++) {
			struct dt_clause *c = p->clauses.v[i];
			for (int j = 0; j < c->probes.n; j++) {
				struct dt_probe *pr = c->probes.v[j];
				uint64_t mask[L->pmask_words];	/* bit i: clause i of the program */
				uint32_t id = pr->id;
				if (provider_kind(pr->pv) != k && id != DTRACE_PROBE_ERROR)
					continue;
				memset(mask, 0, sizeof(mask));
				bpf_map_lookup_elem(dt_map_fd(h, CGM_PMASK), &id, mask);
				mask[i / 64] |= 1ULL << (i % 64);
				bpf_map_update_elem(dt_map_fd(h, CGM_PMASK), &id, mask, 0);
			}
		}
		if (h->prog_pv[k]->load_map && (h->pvmap_fds[k] = h->prog_pv[k]->load_map(h->probes)) < 0)
			return dt_set_errmsg(h, EDT_ENABLING, "cannot make the map of %s: %s", p->name,
					     strerror(-h->pvmap_fds[k]));
		if (p->per_probe) {
			if (load_instances(h, k) < 0)
				return -1;
			continue;
		}
		h->prog_fds[k] = load_program(h, k, NULL);
		if (h->prog_fds[k] < 0)
			return -1;
	}
	return 0;
}

int dt_probe_enabled(struct dtrace_hdl *h, uint32_t id)
{
	for (int i = 0; i < h->prog.clauses.n; i++) {
		struct dt_clause *c = h->prog.clauses.v[i];
		for (int j = 0; j < c->probes.n; j++)
			if (((struct dt_probe *)c->probes.v[j])->id == id)
				return 1;
	}
	return 0;
}

void dt_unload(struct dtrace_hdl *h)
{
	for (int k = 0; k < h->nkinds; k++)
		if (h->prog_fds[k] >= 0) {
			close(h->prog_fds[k]);
			h->prog_fds[k] = -1;
		}
	for (int k = 0; h->pvmap_fds && k < h->nkinds; k++)
		if (h->pvmap_fds[k] >= 0)
			close(h->pvmap_fds[k]);
	free(h->pvmap_fds);
	h->pvmap_fds = NULL;
	for (int i = 0; i < h->ninst; i++)
		if (h->inst_fds[i] >= 0)
			close(h->inst_fds[i]);
	free(h->inst_fds);
	h->inst_fds = NULL;
	h->ninst = 0;
	if (h->gvars)
		munmap(h->gvars, h->gvars_len);
	h->gvars = NULL;
	for (int i = 0; i < h->nmaps; i++)
		if (h->map_fds[i] >= 0)
			close(h->map_fds[i]);
	free(h->map_fds);
	h->map_fds = NULL;
	h->nmaps = 0;
	h->aggmap.fd = -1;	/* closed as map CGM_AGGS */
}
