/*
 * session.c - running a compiled program: create the maps, load the BPF
 * programs, fire BEGIN, attach probes, consume the ring buffer, and on the
 * way out detach every probe, fire END and report drops.
 */
#include "dtrace.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "../front/sema.h"
#include "../providers/provider.h"
#include "agg.h"
#include "format.h"
#include "ksyms.h"
#include "usyms.h"

/* ---- loading ---------------------------------------------------------------- */

static int map_fd(struct dtrace_hdl *h, int m)
{
	return h->map_fds[m];
}

static int create_map(enum bpf_map_type type, const char *name, uint32_t ks, uint32_t vs, uint32_t n, uint32_t flags)
{
	LIBBPF_OPTS(bpf_map_create_opts, o, .map_flags = flags);
	int fd = bpf_map_create(type, name, ks, vs, n, &o);

	if (fd < 0)
		fprintf(stderr, "dtrace: could not enable tracing: failed to create map %s: %s\n", name, strerror(-fd));
	return fd;
}

static uint64_t pow2_at_least(uint64_t v)
{
	uint64_t p = 4096;

	while (p < v)
		p <<= 1;
	return p;
}

static int load_program(struct dtrace_hdl *h, int k)
{
	struct cg_program *p = h->progs[k];
	const struct dt_provider *pv = h->prog_pv[k];
	struct bpf_insn *insns = xmalloc((size_t)p->ninsns * sizeof(*insns));
	static char log[16 << 20];
	int fd;

	memcpy(insns, p->insns, (size_t)p->ninsns * sizeof(*insns));
	for (int i = 0; i < p->nrelocs; i++)
		insns[p->relocs[i].insn].imm = map_fd(h, p->relocs[i].map);
	/* first without a log: asking for one makes the verifier slower, and a
	 * full log buffer would fail the load by itself */
	LIBBPF_OPTS(bpf_prog_load_opts, o);
	fd = bpf_prog_load((enum bpf_prog_type)pv->prog_type, p->name, "GPL", insns, (size_t)p->ninsns, &o);
	if (fd < 0) {
		int err = fd;
		LIBBPF_OPTS(bpf_prog_load_opts, lo, .log_buf = log, .log_size = sizeof(log), .log_level = 1);
		log[0] = 0;
		int fd2 = bpf_prog_load((enum bpf_prog_type)pv->prog_type, p->name, "GPL", insns, (size_t)p->ninsns, &lo);
		if (fd2 >= 0)
			close(fd2);
		size_t len = strlen(log);
		const char *tail = len > 3000 ? log + len - 3000 : log;
		fprintf(stderr, "dtrace: could not enable tracing: BPF program %s rejected: %s\n%s\n",
			p->name, strerror(-err), getenv("DTRACE_DEBUG_VERIFIER") ? log : tail);
	}
	free(insns);
	return fd;
}

/* One per-CPU hash map per aggregation, and the consumer's description. */
static int create_aggs(struct dtrace_hdl *h)
{
	struct cg_layout *L = &h->L;

	h->naggs = L->nagg;
	h->aggs = xcalloc((size_t)L->nagg + 1, sizeof(struct dt_agg));
	for (int i = 0; i < L->nagg; i++) {
		struct dt_aggvar *v = L->aggs[i];
		struct dt_agg *a = &h->aggs[i];
		uint32_t ks = L->agg_keysize[i], vs = L->agg_nvals[i] * 8, off = 0;
		uint64_t n = h->o.aggsize / (ks + vs);

		if (n < 1)
			n = 1;
		if (n > (1 << 20))
			n = 1 << 20;
		int fd = create_map(BPF_MAP_TYPE_PERCPU_HASH, "dt_agg", ks, vs, (uint32_t)n, BPF_F_NO_PREALLOC);
		if (fd < 0)
			return -1;
		h->map_fds[CGM_DYN0 + L->ndyn + i] = fd;
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
		a->keysize = ks;
		a->nvals = L->agg_nvals[i];
		a->lq_base = v->lq_base;
		a->lq_step = v->lq_step;
		a->lq_levels = v->lq_step ? (int)((v->lq_limit - v->lq_base) / v->lq_step) : 0;
		a->llq_factor = v->llq_factor;
		a->llq_low = v->llq_low;
		a->llq_high = v->llq_high;
		a->llq_nsteps = v->llq_nsteps;
		a->map_fd = fd;
		a->normal = 1;
	}
	return 0;
}

static void agg_opts(struct dtrace_hdl *h, struct dt_aggopts *ao)
{
	memset(ao, 0, sizeof(*ao));
	ao->sortkey = h->o.aggsortkey;
	ao->sortkeypos = h->o.aggsortkeypos;
	ao->sortpos = h->o.aggsortpos;
	ao->sortrev = h->o.aggsortrev;
	ao->pack = h->o.aggpack;
	ao->zoom = h->o.aggzoom;
	ao->quiet = h->o.quiet;
}

/* printa(): print now what the aggregations hold now. */
static void do_printa(struct dtrace_hdl *h, struct strbuf *sb, const struct dt_recdesc *r)
{
	struct dt_aggsnap snap = {0};
	struct dt_aggopts ao;
	const struct dt_agg *aggs[64];
	int n = r->naggs < 64 ? r->naggs : 64;

	int printed = 0;

	agg_opts(h, &ao);
	for (int i = 0; i < n; i++) {
		struct dt_agg *a = &h->aggs[r->aggids[i]];
		dt_agg_snapshot(a, libbpf_num_possible_cpus(), &snap);
		aggs[i] = a;
	}
	if (r->fmt) {
		printed = dt_agg_printa(sb, r->fmt, aggs, n, &snap, &ao);
	} else {
		/* printa(@a) without a format starts with a newline */
		sb_putc(sb, '\n');
		for (int i = 0; i < n; i++)
			printed += dt_agg_print(sb, aggs[i], &snap, &ao);
	}
	if (printed > 0)
		for (int i = 0; i < n; i++)
			h->aggs[r->aggids[i]].printed = 1;
	dt_aggsnap_free(&snap);
}

int dtrace_load(struct dtrace_hdl *h)
{
	struct cg_layout *L = &h->L;
	int nprobes = probe_count();
	uint32_t zero = 0;

	if (h->o.bufsize < 4096 || (h->L.nagg && h->o.aggsize < 4096)) {
		fprintf(stderr, "dtrace: could not enable tracing: Enabling exceeds size of buffer\n");
		return -1;
	}
	h->nmaps = CGM_DYN0 + L->ndyn + L->nagg;
	h->map_fds = xcalloc((size_t)h->nmaps, sizeof(int));
	for (int i = 0; i < h->nmaps; i++)
		h->map_fds[i] = -1;
#define MK(idx, ...) do { if ((h->map_fds[idx] = create_map(__VA_ARGS__)) < 0) return -1; } while (0)
	MK(CGM_RINGBUF, BPF_MAP_TYPE_RINGBUF, "dt_ringbuf", 0, 0, (uint32_t)pow2_at_least(h->o.bufsize), 0);
	MK(CGM_GVARS, BPF_MAP_TYPE_ARRAY, "dt_gvars", 4, L->gvars_size, 1, 0);
	MK(CGM_SCRATCH, BPF_MAP_TYPE_ARRAY, "dt_scratch", 4, (L->scratch_size + 7) & ~7u, (uint32_t)h->ncpus, 0);
	MK(CGM_STRTAB, BPF_MAP_TYPE_ARRAY, "dt_strtab", 4, (uint32_t)L->strtab.len, 1, BPF_F_RDONLY_PROG);
	MK(CGM_PMASK, BPF_MAP_TYPE_ARRAY, "dt_pmask", 4, 8, (uint32_t)nprobes, 0);
	MK(CGM_PINFO, BPF_MAP_TYPE_ARRAY, "dt_pinfo", 4, 4 * L->strbuf, (uint32_t)nprobes, 0);
	MK(CGM_SYSNR, BPF_MAP_TYPE_ARRAY, "dt_sysnr", 4, 4, 2 * SYSCALL_NR_MAX, 0);
	dt_syscall_set_map(map_fd(h, CGM_SYSNR));
	for (int i = 0; i < L->ndyn; i++) {
		uint32_t per = L->dyn_keysize[i] + L->dyn_valsize[i];
		uint64_t n = h->o.dynvarsize / (per ? per : 1);
		if (n < 1)
			n = 1;
		if (n > 1000000)
			n = 1000000;
		MK(CGM_DYN0 + i, BPF_MAP_TYPE_HASH, "dt_dyn", L->dyn_keysize[i], L->dyn_valsize[i], (uint32_t)n, BPF_F_NO_PREALLOC);
	}

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
		bpf_map_update_elem(map_fd(h, CGM_GVARS), &zero, gv, 0);
		free(gv);
	}
	bpf_map_update_elem(map_fd(h, CGM_STRTAB), &zero, L->strtab.s, 0);
	bpf_map_freeze(map_fd(h, CGM_STRTAB));

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
			bpf_map_update_elem(map_fd(h, CGM_PINFO), &id, info, 0);
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
				uint64_t mask = 0;
				uint32_t id = pr->id;
				if (provider_kind(pr->pv) != k && id != DTRACE_PROBE_ERROR)
					continue;
				bpf_map_lookup_elem(map_fd(h, CGM_PMASK), &id, &mask);
				mask |= 1ULL << i;
				bpf_map_update_elem(map_fd(h, CGM_PMASK), &id, &mask, 0);
			}
		}
		h->prog_fds[k] = load_program(h, k);
		if (h->prog_fds[k] < 0)
			return -1;
	}
	return 0;
}

/* ---- output of records ------------------------------------------------------------ */

static void print_probe_line(struct dtrace_hdl *h, const struct rec_hdr *hdr)
{
	struct dt_probe *p = probe_by_id(hdr->probe_id);
	char fn[512];

	if (!h->header_printed) {
		if (h->o.testing)
			fprintf(h->out, "%32s\n", "FUNCTION:NAME");
		else
			fprintf(h->out, "%3s %6s %32s\n", "CPU", "ID", "FUNCTION:NAME");
		h->header_printed = 1;
	}
	snprintf(fn, sizeof(fn), "%s:%s", p ? p->func : "", p ? p->name : "?");
	if (h->o.testing)
		fprintf(h->out, "%32s ", fn);
	else
		fprintf(h->out, "%3u %6u %32s ", hdr->cpu, hdr->probe_id, fn);
}

static void decode(struct dtrace_hdl *h, const char *data, size_t size, const struct dt_recarg *a, struct dtf_value *v)
{
	memset(v, 0, sizeof(*v));
	if (a->off + a->size > size)
		return;
	if (a->is_string) {
		v->kind = DTF_V_STRING;
		v->s = data + a->off;
		/* the copy is at most strsize + 1 bytes; make sure it ends */
		((char *)data)[a->off + h->o.strsize] = 0;
	} else {
		v->kind = DTF_V_INT;
		memcpy(&v->u, data + a->off, 8);
		v->size = a->isize;
		v->is_signed = a->is_signed;
	}
}

static void fire_error(struct dtrace_hdl *h, const struct rec_fault *f);

static void print_rawbytes_string(struct strbuf *sb, const struct dtrace_hdl *h, const char *s)
{
	unsigned char *buf = xcalloc(1, h->o.strsize + 1);
	size_t n = strnlen(s, h->o.strsize);

	memcpy(buf, s, n);
	dtf_rawbytes(sb, buf, h->o.strsize + 1);
	free(buf);
}

static int handle_record_copy(struct dtrace_hdl *h, void *data, size_t size);

/* Records are read-only in the ring buffer; work on a private copy. */
static int handle_record(void *ctx, void *data, size_t size)
{
	char stackbuf[4096];
	void *copy = size <= sizeof(stackbuf) ? stackbuf : xmalloc(size);
	int r;

	memcpy(copy, data, size);
	r = handle_record_copy(ctx, copy, size);
	if (copy != stackbuf)
		free(copy);
	return r;
}

/* A clause whose only actions are commit() and discard() shows nothing of
 * its own, not even the probe line (what a commit releases shows its own). */
static int spec_ops_only(const struct dt_clause *c, const struct rec_hdr *hdr)
{
	int any = 0;

	for (int i = 0; i < c->recs.n; i++) {
		const struct dt_recdesc *r = c->recs.v[i];
		if (r->bit >= 0 && !(hdr->present & (1ULL << r->bit)))
			continue;
		if (r->action != F_COMMIT && r->action != F_DISCARD)
			return 0;
		any = 1;
	}
	return any;
}

static int handle_record_copy(struct dtrace_hdl *h, void *data, size_t size)
{
	const struct rec_hdr *hdr = data;
	struct strbuf sb;

	if (size >= 4 && *(uint32_t *)data == REC_FAULT) {
		fire_error(h, data);
		return 0;
	}
	if (size < sizeof(*hdr) || hdr->epid == 0 || (int)hdr->epid > h->prog.clauses.n)
		return 0;
	struct dt_clause *c = h->prog.clauses.v[hdr->epid - 1];
	/* a speculative record waits for its commit() or discard() */
	if (hdr->spec && !h->spec_flushing) {
		if (hdr->spec <= DT_NSPEC_MAX) {
			struct strbuf *copy = xmalloc(sizeof(*copy));
			sb_init(copy);
			sb_putn(copy, data, size);
			pv_push(&h->specbuf[hdr->spec], copy);
		}
		return 0;
	}
	sb_init(&sb);
	int show_probe = !h->o.quiet && !spec_ops_only(c, hdr);
	if (show_probe) {
		fflush(h->out);
		print_probe_line(h, hdr);
	}
	for (int i = 0; i < c->recs.n; i++) {
		struct dt_recdesc *r = c->recs.v[i];
		struct dtf_value vals[64];
		if (r->bit >= 0 && !(hdr->present & (1ULL << r->bit)))
			continue;
		int nv = r->nargs < 64 ? r->nargs : 64;
		for (int j = 0; j < nv; j++)
			decode(h, data, size, &r->args[j], &vals[j]);
		switch (r->action) {
		case F_TRACE:
			if (r->args[0].is_raw)
				dtf_rawbytes(&sb, (const unsigned char *)data + r->args[0].off, r->args[0].size);
			else if (h->o.rawbytes && vals[0].kind == DTF_V_STRING)
				print_rawbytes_string(&sb, h, vals[0].s);
			else
				dtf_trace(&sb, &vals[0], h->o.quiet);
			break;
		case F_PRINTF:
			dtf_print(&sb, r->fmt, vals, nv);
			break;
		case F_SYSTEM: {
			struct strbuf cmd;
			sb_init(&cmd);
			dtf_print(&cmd, r->fmt, vals, nv);
			fputs(sb.s, h->out);
			sb.len = 0;
			sb.s[0] = 0;
			fflush(h->out);
			fflush(stderr);
			if (system(cmd.s) < 0)
				fprintf(stderr, "dtrace: system() failed: %s\n", strerror(errno));
			sb_free(&cmd);
			break;
		}
		case F_COMMIT:
		case F_DISCARD: {
			uint64_t id = vals[0].u;
			if (id == 0 || id > DT_NSPEC_MAX)
				break;
			struct ptrvec *held = &h->specbuf[id];
			if (r->action == F_COMMIT) {
				/* what was speculated follows the committing probe */
				fputs(sb.s, h->out);
				if (sb.len)
					h->last_char = (unsigned char)sb.s[sb.len - 1];
				sb.len = 0;
				sb.s[0] = 0;
				h->spec_flushing = 1;
				for (int k = 0; k < held->n; k++) {
					struct strbuf *rec = held->v[k];
					handle_record_copy(h, rec->s, rec->len);
				}
				h->spec_flushing = 0;
			}
			for (int k = 0; k < held->n; k++) {
				sb_free(held->v[k]);
				free(held->v[k]);
			}
			held->n = 0;
			break;
		}
		case F_PRINTA:
			do_printa(h, &sb, r);
			break;
		case F_TRACEMEM: {
			uint64_t show;
			memcpy(&show, (char *)data + r->args[1].off, 8);
			if (show > r->args[0].size)
				show = r->args[0].size;
			dtf_rawbytes(&sb, (const unsigned char *)data + r->args[0].off, (size_t)show);
			break;
		}
		case F_STACK:
		case F_USTACK:
			/* the frames, one a line below the probe line */
			sb_putc(&sb, '\n');
			if (r->action == F_STACK)
				ksym_print_stack(&sb, (const uint64_t *)((char *)data + r->args[0].off),
						 (int)(r->args[0].size / 8), 14);
			else {
				const uint64_t *w = (const uint64_t *)((char *)data + r->args[0].off);
				usym_print_stack(&sb, (int)w[0], w + 1, (int)(r->args[0].size / 8) - 1, 14);
			}
			break;
		case F_SETOPT: {
			struct node *call = r->fmt;
			const char *name = ((struct node *)call->args.v[0])->sval;
			const char *val = call->args.n > 1 ? ((struct node *)call->args.v[1])->sval : NULL;
			char err[256];
			if (dtrace_setopt(h, name, val, err, sizeof(err)) < 0)
				fprintf(stderr, "dtrace: couldn't set option \"%s\" to \"%s\": %s\n", name, val ? val : "", err);
			break;
		}
		case F_CLEAR:
			dt_agg_clear(&h->aggs[r->aggids[0]], libbpf_num_possible_cpus());
			break;
		case F_TRUNC:
			dt_agg_trunc(&h->aggs[r->aggids[0]], libbpf_num_possible_cpus(),
				     r->nargs ? (int64_t)vals[0].u : 0);
			break;
		case F_NORMALIZE:
			h->aggs[r->aggids[0]].normal = r->nargs && (int64_t)vals[0].u > 0 ? (int64_t)vals[0].u : 1;
			break;
		case F_DENORMALIZE:
			h->aggs[r->aggids[0]].normal = 1;
			break;
		case F_EXIT:
			/* the last exit() wins: END's exit() sets the status */
			h->exit_seen = 1;
			h->exit_status = (int)vals[0].u;
			h->done = 1;
			break;
		default:
			break;
		}
	}
	if (show_probe)
		sb_putc(&sb, '\n');
	fputs(sb.s, h->out);
	if (sb.len)
		h->last_char = (unsigned char)sb.s[sb.len - 1];
	sb_free(&sb);
	return 0;
}

/* ---- BEGIN, END, ERROR ------------------------------------------------------------- */

static int run_dtrace_probe(struct dtrace_hdl *h, uint32_t id, const uint64_t *args, int nargs)
{
	uint64_t ctx[12] = {0};
	struct dt_probe *p = probe_by_id(id);

	int fd = h->prog_fds[provider_kind(&dt_provider_dtrace)];

	if (fd < 0 || !p)
		return 0;
	ctx[0] = id;
	for (int i = 0; i < nargs && i < 10; i++)
		ctx[i + 1] = args[i];
	LIBBPF_OPTS(bpf_test_run_opts, o, .ctx_in = ctx, .ctx_size_in = sizeof(ctx));
	int err = bpf_prog_test_run_opts(fd, &o);
	if (err) {
		fprintf(stderr, "dtrace: failed to fire %s: %s\n", p->name, strerror(-err));
		return -1;
	}
	return 0;
}

static const char *fault_text(uint32_t f)
{
	switch (f) {
	case 1: return "invalid address";
	case 2: return "invalid alignment";
	case 3: return "illegal operation";
	case 4: return "divide-by-zero";
	case 5: return "out of scratch space";
	case 6: return "invalid kernel access";
	case 7: return "invalid user access";
	case 8: return "tuple stack overflow";
	case 9: return "bad stack";
	case 10: return "invalid size";
	case 11: return "index out of bounds";
	default: return "unknown fault";
	}
}

static void fire_error(struct dtrace_hdl *h, const struct rec_fault *f)
{
	struct dt_probe *p = probe_by_id(f->probe_id);
	char what[128];
	int num = (int)f->clause < h->prog.clauses.n ?
		  ((struct dt_clause *)h->prog.clauses.v[f->clause])->num : (int)f->clause;

	fflush(h->out);
	if (f->fault == 1 || f->fault == 2 || f->fault == 6 || f->fault == 7)
		snprintf(what, sizeof(what), "%s (0x%llx)", fault_text(f->fault), (unsigned long long)f->addr);
	else if (f->fault == 11)
		snprintf(what, sizeof(what), "%s (%lld)", fault_text(f->fault), (long long)f->addr);
	else
		snprintf(what, sizeof(what), "%s", fault_text(f->fault));
	fprintf(stderr, "dtrace: error in dt_clause_%d for probe ID %u (%s:%s:%s:%s): %s at BPF pc %llu\n",
		num, f->probe_id, p ? p->prov : "?", p ? p->mod : "", p ? p->func : "",
		p ? p->name : "?", what, (unsigned long long)f->pc);
	/* the ERROR clauses already ran, inline in the faulting program */
}

/* ---- the run ----------------------------------------------------------------- */

static int probe_enabled(struct dtrace_hdl *h, uint32_t id)
{
	for (int i = 0; i < h->prog.clauses.n; i++) {
		struct dt_clause *c = h->prog.clauses.v[i];
		for (int j = 0; j < c->probes.n; j++)
			if (((struct dt_probe *)c->probes.v[j])->id == id)
				return 1;
	}
	return 0;
}

static void drain(struct dtrace_hdl *h)
{
	if (h->rb)
		while (ring_buffer__consume(h->rb) > 0)
			;
}

int dtrace_go(struct dtrace_hdl *h)
{
	h->rb = ring_buffer__new(map_fd(h, CGM_RINGBUF), handle_record, h, NULL);
	if (!h->rb) {
		fprintf(stderr, "dtrace: could not enable tracing: cannot open the ring buffer\n");
		return -1;
	}
	if (probe_enabled(h, DTRACE_PROBE_BEGIN)) {
		run_dtrace_probe(h, DTRACE_PROBE_BEGIN, NULL, 0);
		drain(h);
	}
	if (h->done)
		return 0;
	for (int i = 0; i < h->prog.clauses.n; i++) {
		struct dt_clause *c = h->prog.clauses.v[i];
		for (int j = 0; j < c->probes.n; j++) {
			struct dt_probe *p = c->probes.v[j];
			int k = provider_kind(p->pv);
			if (p->enabled || p->pv == &dt_provider_dtrace)
				continue;
			int err = p->pv->attach(p, h->prog_fds[k]);
			if (err < 0) {
				fprintf(stderr, "dtrace: could not enable tracing: failed to attach %s:%s:%s:%s: %s\n",
					p->prov, p->mod, p->func, p->name, strerror(-err));
				return -1;
			}
			p->enabled = 1;
			pv_push(&h->enabled, p);
		}
	}
	return 0;
}

static void report_drops(struct dtrace_hdl *h)
{
	uint32_t zero = 0;
	uint64_t gv[6] = {0};
	char *buf = xcalloc(1, h->L.gvars_size);

	if (bpf_map_lookup_elem(map_fd(h, CGM_GVARS), &zero, buf) == 0)
		memcpy(gv, buf, sizeof(gv));
	free(buf);
	uint64_t dynd = gv[GV_DYNDROPS / 8];
	/* buffer and aggregation drops are counted per CPU, in its scratch */
	if (!h->cpu_drops)
		h->cpu_drops = xcalloc((size_t)h->ncpus * 2, sizeof(uint64_t));
	char *sc = xcalloc(1, (h->L.scratch_size + 7) & ~7u);
	for (uint32_t cpu = 0; cpu < (uint32_t)h->ncpus; cpu++) {
		uint64_t d[2];
		if (bpf_map_lookup_elem(map_fd(h, CGM_SCRATCH), &cpu, sc) != 0)
			continue;
		memcpy(d, sc + h->L.drops_off, sizeof(d));
		if (d[0] > h->cpu_drops[2 * cpu]) {
			uint64_t n = d[0] - h->cpu_drops[2 * cpu];
			fprintf(stderr, "dtrace: %s%llu drop%s on CPU %u\n", h->o.droptags ? "[DTRACEDROP_PRINCIPAL] " : "",
				(unsigned long long)n, n == 1 ? "" : "s", cpu);
			h->cpu_drops[2 * cpu] = d[0];
		}
		if (d[1] > h->cpu_drops[2 * cpu + 1]) {
			uint64_t n = d[1] - h->cpu_drops[2 * cpu + 1];
			fprintf(stderr, "dtrace: %s%llu aggregation drop%s on CPU %u\n",
				h->o.droptags ? "[DTRACEDROP_AGGREGATION] " : "", (unsigned long long)n,
				n == 1 ? "" : "s", cpu);
			h->cpu_drops[2 * cpu + 1] = d[1];
		}
	}
	free(sc);
	uint64_t specu = 0;
	{
		char *b2 = xcalloc(1, h->L.gvars_size);
		if (bpf_map_lookup_elem(map_fd(h, CGM_GVARS), &zero, b2) == 0)
			memcpy(&specu, b2 + GV_SPECUNAVAIL, 8);
		free(b2);
	}
	if (specu > h->drops_reported[3]) {
		uint64_t n = specu - h->drops_reported[3];
		fprintf(stderr, "dtrace: %s%llu failed speculation%s (no speculative buffer available)\n",
			h->o.droptags ? "[DTRACEDROP_SPECUNAVAIL] " : "", (unsigned long long)n, n == 1 ? "" : "s");
		h->drops_reported[3] = specu;
	}
	if (dynd > h->drops_reported[1]) {
		uint64_t n = dynd - h->drops_reported[1];
		fprintf(stderr, "dtrace: %s%llu dynamic variable drop%s\n", h->o.droptags ? "[DTRACEDROP_DYNAMIC] " : "",
			(unsigned long long)n, n == 1 ? "" : "s");
		h->drops_reported[1] = dynd;
	}
}

int dtrace_work(struct dtrace_hdl *h, int timeout_ms)
{
	if (h->done)
		return 0;
	ring_buffer__poll(h->rb, timeout_ms);
	report_drops(h);
	return !h->done;
}

void dtrace_stop(struct dtrace_hdl *h)
{
	uint32_t zero = 0;

	/* stop every probe first: nothing fires after END */
	for (int i = 0; i < h->enabled.n; i++) {
		struct dt_probe *p = h->enabled.v[i];
		p->pv->detach(p);
		p->enabled = 0;
	}
	h->enabled.n = 0;
	if (h->rb) {
		drain(h);
		/* END runs with the state set to exiting; END clauses still record */
		if (probe_enabled(h, DTRACE_PROBE_END)) {
			run_dtrace_probe(h, DTRACE_PROBE_END, NULL, 0);
			drain(h);
		}
		drain(h);
	}
	if (h->map_fds && h->map_fds[CGM_GVARS] >= 0)
		report_drops(h);
	/* every aggregation not printed with printa() is printed at exit */
	if (h->naggs && h->rb) {
		struct strbuf sb;
		struct dt_aggopts ao;
		agg_opts(h, &ao);
		sb_init(&sb);
		/* one newline, then each aggregation not printed by printa(), in
		 * id order (reversed under aggsortrev, as DTrace sorts them) */
		sb_putc(&sb, '\n');
		for (int j = 0; j < h->naggs; j++) {
			int i = ao.sortrev ? h->naggs - 1 - j : j;
			struct dt_aggsnap snap = {0};
			if (h->aggs[i].printed)
				continue;
			dt_agg_snapshot(&h->aggs[i], libbpf_num_possible_cpus(), &snap);
			dt_agg_print(&sb, &h->aggs[i], &snap, &ao);
			dt_aggsnap_free(&snap);
		}
		fputs(sb.s, h->out);
		if (sb.len)
			h->last_char = (unsigned char)sb.s[sb.len - 1];
		sb_free(&sb);
	}
	(void)zero;
	/* like dtrace(1), end the output with a newline */
	if (h->last_char && h->last_char != '\n')
		fputc('\n', h->out);
	fflush(h->out);
}

void dtrace_close(struct dtrace_hdl *h)
{
	if (h->rb)
		ring_buffer__free(h->rb);
	for (int k = 0; k < h->nkinds; k++)
		if (h->prog_fds[k] >= 0)
			close(h->prog_fds[k]);
	free(h->progs);
	free(h->prog_pv);
	free(h->prog_fds);
	for (int i = 0; i < h->nmaps; i++)
		if (h->map_fds[i] >= 0)
			close(h->map_fds[i]);
	free(h->map_fds);
	free(h);
}

/* ---- listing --------------------------------------------------------------------- */

/* -l -v: DTrace's attribute blocks and the argument types. */
static void list_verbose(struct dtrace_hdl *h, struct dt_probe *p)
{
	static const char attrs[] = "\t\tIdentifier Names: Evolving\n\t\tData Semantics:   Evolving\n"
				    "\t\tDependency Class: Common\n";
	int n = probe_args(p);

	fprintf(h->out, "\n\tProbe Description Attributes\n%s", attrs);
	fprintf(h->out, "\n\tArgument Attributes\n%s", attrs);
	fprintf(h->out, "\n\tArgument Types\n");
	if (n == 0)
		fprintf(h->out, "\t\tNone\n");
	for (int i = 0; i < n; i++)
		fprintf(h->out, "\t\targs[%d]: %s\n", i, p->argnames[i]);
	fprintf(h->out, "\n");
}

int dtrace_list(struct dtrace_hdl *h, const char *desc, int kind, int verbose)
{
	struct dt_pdesc *pd = NULL;
	int n = 0;

	(void)h;
	if (desc) {
		extern struct dt_pdesc *pdesc_parse(const char *text, int line);
		pd = xcalloc(1, sizeof(*pd));
		pd->prov = pd->mod = pd->func = pd->name = "";
		switch (kind) {
		case 'P': pd->prov = xstrdup(desc); break;
		case 'm': pd->mod = xstrdup(desc); break;
		case 'f': pd->func = xstrdup(desc); break;
		default: pd = pdesc_parse(desc, 0); break;
		}
	}
	probes_provide(&(struct dt_pdesc){.prov = "dtrace", .mod = "", .func = "", .name = ""});
	probes_provide(pd && !dt_is_glob(pd->name) ? pd : NULL);
	fprintf(h->out, "%5s %10s %17s %33s %s\n", "ID", "PROVIDER", "MODULE", "FUNCTION", "NAME");
	for (int id = 1; id < probe_count(); id++) {
		struct dt_probe *p = probe_by_id((uint32_t)id);
		if (pd && !probe_match(p, pd))
			continue;
		fprintf(h->out, "%5u %10s %17s %33s %s\n", p->id, p->prov, p->mod, p->func, p->name);
		if (verbose)
			list_verbose(h, p);
		n++;
	}
	return n;
}
