/*
 * consume.c - records from the ring buffer to the consumer: for each record
 * a clause wrote, the probe callback, then for each action the record
 * callback and DTrace's formatting of its data (trace, printf, printa,
 * stacks, tracemem), then the record callback once more with no record.
 * The library's own half of some actions happens here too: exit() ends
 * tracing, speculative records wait for their commit() or discard(),
 * clear/trunc/normalize act on the aggregations, setopt() sets an option,
 * system() runs its command, pcap()'s packets go to pcap.c.  A fault
 * record goes to the error handler; a process's record (struct rec_upid)
 * and the process of each ustack() to usyms.c, which reads its symbols
 * while it lives.
 *
 * Everything shown goes through the handle's emitter (output.h: text, JSON
 * or folded), then to the buffered handler when one is installed, else to
 * the FILE the consumer gave dtrace_work().
 */
#include "dt_impl.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/libbpf.h>

#include "../common/safe_open.h"
#include "../front/sema.h"
#include "../providers/provider.h"
#include "agg.h"
#include "format.h"
#include "output.h"
#include "print.h"
#include "symact.h"
#include "usyms.h"

/* The DTRACEACT_* kind an action's record has. */
static dtrace_actkind_t action_kind(int fn)
{
	switch (fn) {
	case F_TRACE: return DTRACEACT_DIFEXPR;
	case F_EXIT: return DTRACEACT_EXIT;
	case F_PRINTF: return DTRACEACT_PRINTF;
	case F_PRINTA: return DTRACEACT_PRINTA;
	case F_TRACEMEM: return DTRACEACT_TRACEMEM;
	case F_USTACK: return DTRACEACT_USTACK;
	case F_STACK: return DTRACEACT_STACK;
	case F_STOP: return DTRACEACT_STOP;
	case F_RAISE: return DTRACEACT_RAISE;
	case F_SYSTEM: return DTRACEACT_SYSTEM;
	case F_FREOPEN: return DTRACEACT_FREOPEN;
	case F_BREAKPOINT: return DTRACEACT_BREAKPOINT;
	case F_PANIC: return DTRACEACT_PANIC;
	case F_CHILL: return DTRACEACT_CHILL;
	case F_PRINT: return DTRACEACT_PRINT;
	case F_PCAP: return DTRACEACT_PCAP;
	case F_SYM: case F_FUNC: case F_MOD:
	case F_USYM: case F_UFUNC: case F_UMOD: case F_UADDR:
		return sema_fn_symact(fn);
	case F_SPECULATE: return DTRACEACT_SPECULATE;
	case F_COMMIT: return DTRACEACT_COMMIT;
	case F_DISCARD: return DTRACEACT_DISCARD;
	default: return DTRACEACT_LIBACT;	/* clear, trunc, normalize, setopt */
	}
}

static void rec_of(const struct dt_recdesc *r, dtrace_recdesc_t *rd)
{
	memset(rd, 0, sizeof(*rd));
	rd->dtrd_action = action_kind(r->action);
	if (r->nargs > 0) {
		rd->dtrd_offset = r->args[0].off;
		rd->dtrd_size = r->args[0].size;
		rd->dtrd_alignment = 8;
		if (r->action == F_TRACE)
			rd->dtrd_uarg = dt_recarg_type(&r->args[0]);
	}
	rd->dtrd_format = r->fmt != NULL && r->action != F_SETOPT;
	if (r->action == F_EXIT)
		rd->dtrd_arg = 4;	/* the status is an int */
}

/* The clause's description, made once: its records in action order. */
static dtrace_eprobedesc_t *edesc_of(struct dtrace_hdl *h, const struct dt_clause *c, uint32_t epid)
{
	if ((int)epid >= h->nedescs) {
		int n = (int)epid + 16;
		h->edescs = xrealloc(h->edescs, (size_t)n * sizeof(*h->edescs));
		memset(h->edescs + h->nedescs, 0, (size_t)(n - h->nedescs) * sizeof(*h->edescs));
		h->nedescs = n;
	}
	if (!h->edescs[epid]) {
		int n = c->recs.n;
		dtrace_eprobedesc_t *e = xcalloc(1, sizeof(*e) + (size_t)(n ? n : 1) * sizeof(dtrace_recdesc_t));
		e->dtepd_epid = epid;
		e->dtepd_nrecs = n;
		e->dtepd_size = c->rec_size;
		for (int i = 0; i < n; i++)
			rec_of(c->recs.v[i], &e->dtepd_rec[i]);
		h->edescs[epid] = e;
	}
	return h->edescs[epid];
}

void dt_output(struct dtrace_hdl *h, FILE *fp, const char *s, size_t len)
{
	if (!len)
		return;
	if (h->bufhdlr) {
		dtrace_bufdata_t bd = { .dtbda_handle = h, .dtbda_buffered = s };
		if (h->bufhdlr(&bd, h->bufarg) == DTRACE_HANDLE_ABORT && h->cons)
			h->cons->status = dt_set_errno(h, EDT_DIRABORT);
		return;
	}
	if (fp)
		fwrite(s, 1, len, fp);
}

/* Hand what the output made so far to the consumer's output. */
static void flush_out(struct dtrace_hdl *h)
{
	dt_out_flush(h, h->cons ? h->cons->fp : NULL);
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

/*
 * Something for the error handler that is not a fault (setopt() or
 * freopen() failed), in DTrace's words (dt_handle_liberr): the clause, the
 * probe, then why.  Messages to the handlers end without a newline, as
 * DTrace's do; the consumer ends the line.
 */
static void report(struct dtrace_hdl *h, const dtrace_probedata_t *pd, const struct dt_clause *c, const char *why)
{
	const dtrace_probedesc_t *p = pd->dtpda_pdesc;
	char msg[PATH_MAX + 1024];

	snprintf(msg, sizeof(msg), "error in dt_clause_%d for probe ID %u (%s:%s:%s:%s): %s", c->num,
		 p ? p->dtpd_id : 0, p ? p->dtpd_provider : "", p ? p->dtpd_mod : "", p ? p->dtpd_func : "",
		 p ? p->dtpd_name : "", why);
	dtrace_errdata_t e = {
		.dteda_handle = h,
		.dteda_edesc = pd->dtpda_edesc,
		.dteda_pdesc = pd->dtpda_pdesc,
		.dteda_cpu = pd->dtpda_cpu,
		.dteda_action = -1,
		.dteda_fault = DTRACEFLT_UNKNOWN,
		.dteda_msg = msg,
	};

	dt_out_of(h)->ops->error(&h->out, &e);
	flush_out(h);
	if (h->errhdlr && h->errhdlr(&e, h->errarg) == DTRACE_HANDLE_ABORT && h->cons)
		h->cons->status = dt_set_errno(h, EDT_ERRABORT);
}

/* The D statement of a fault: the site at its pc in the program of its
 * probe's provider (the code generator's table), and the compile unit of
 * its clause. */
static void fault_source(struct dtrace_hdl *h, const struct dt_probe *p, const struct rec_fault *f,
			 dtrace_errdata_t *e)
{
	for (int i = 0; i < h->programs.n; i++) {
		struct dtrace_prog *pg = h->programs.v[i];
		if ((int)f->clause >= pg->first_clause && (int)f->clause < pg->first_clause + pg->nclauses)
			e->dteda_prog = pg;
	}
	if (!p || !p->pv)
		return;
	int k = provider_kind(p->pv);
	const struct cg_program *prog = k >= 0 && k < h->nkinds ? h->progs[k] : NULL;
	const struct cg_srcpos *sp = prog ? cg_srcpos_at(prog, (int)f->pc) : NULL;
	/* the clause too: an ERROR clause faulting in a fault block runs in
	 * another provider's program than its probe's */
	if (sp && sp->clause == (int)f->clause) {
		e->dteda_line = sp->line;
		e->dteda_stmt = sp->text;
	}
}

static void fault(struct dtrace_hdl *h, const struct rec_fault *f)
{
	struct dt_probe *p = probe_by_id(h->probes, f->probe_id);
	char what[128], msg[1024];
	const struct dt_clause *c = (int)f->clause < h->prog.clauses.n ? h->prog.clauses.v[f->clause] : NULL;
	int num = c ? c->num : (int)f->clause;
	dtrace_probedesc_t *pd = p ? dt_probedesc_of(h, p) : NULL;
	const char *fs = dtrace_faultstr(h, (int)f->fault);

	/* the faults that carry a value (Oracle's dt_handle_err; illumos's
	 * KPRIV and UPRIV); an address of -1 is no address */
	if ((f->fault == DTRACEFLT_BADADDR && (int64_t)f->addr != -1) || f->fault == DTRACEFLT_BADALIGN ||
	    f->fault == DTRACEFLT_BADSTACK || f->fault == DTRACEFLT_BADSIZE ||
	    f->fault == DTRACEFLT_KPRIV || f->fault == DTRACEFLT_UPRIV)
		snprintf(what, sizeof(what), "%s (0x%llx)", fs, (unsigned long long)f->addr);
	else if (f->fault == DTRACEFLT_BADINDEX)
		snprintf(what, sizeof(what), "%s (%lld)", fs, (long long)f->addr);
	else
		snprintf(what, sizeof(what), "%s", fs);
	snprintf(msg, sizeof(msg), "error in dt_clause_%d for probe ID %u (%s:%s:%s:%s): %s at BPF pc %llu",
		 num, f->probe_id, p ? p->prov : "?", p ? p->mod : "", p ? p->func : "",
		 p ? p->name : "?", what, (unsigned long long)f->pc);

	dtrace_errdata_t e = {
		.dteda_handle = h,
		.dteda_edesc = c ? edesc_of(h, c, (uint32_t)f->clause + 1) : NULL,
		.dteda_pdesc = pd,
		.dteda_cpu = -1,
		.dteda_action = (int)f->clause,
		.dteda_offset = (int)f->pc,
		.dteda_fault = (int)f->fault,
		.dteda_addr = f->addr,
		.dteda_msg = msg,
	};
	fault_source(h, p, f, &e);
	dt_out_of(h)->ops->error(&h->out, &e);
	flush_out(h);
	/* the ERROR clauses already ran, inline in the faulting program */
	if (!h->errhdlr || h->errhdlr(&e, h->errarg) == DTRACE_HANDLE_ABORT) {
		if (h->cons)
			h->cons->status = dt_set_errno(h, EDT_ERRABORT);
	}
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

static void consume_record(struct dtrace_hdl *h, char *data, size_t size);

/*
 * Speculations, as DTrace's consumer has them (dt_consume_one_probe):
 *  - a speculative record is held for its id, unless it would take what
 *    the id holds past specsize (a speculative drop);
 *  - a commit() or discard() record of an id that holds (or held) a record
 *    and is not yet draining makes it drain, in the order they are read;
 *    of any other id it does nothing, and that id stays draining in the
 *    programs, never handed out again (DTrace frees an id only with the
 *    records it holds);
 *  - after each record that is not speculative, each draining id shows
 *    (commit) or drops (discard) what it holds, and is freed once the
 *    records read for it are as many as the clauses speculate() let write
 *    to it (a clause dropped or faulting after speculate() keeps it from
 *    ever being freed, as in DTrace).
 */

/* A record's size as DTrace counts it against specsize: its data after
 * DTrace's header, in 8-byte words (perf's sample). */
static uint64_t spec_rec_size(size_t size)
{
	return (size - sizeof(struct rec_hdr) + DT_DBUF_DATA + 7) & ~(uint64_t)7;
}

static void spec_hold(struct dtrace_hdl *h, const char *data, size_t size, uint32_t id)
{
	struct dt_specbuf *sb;
	uint64_t n = spec_rec_size(size);

	if (id == 0 || id > DT_NSPEC_MAX)
		return;
	sb = &h->specbuf[id];
	if (sb->bytes + n > h->o.specsize) {
		h->spec_drops++;
		return;
	}
	struct strbuf *copy = xmalloc(sizeof(*copy));
	sb_init(copy);
	sb_putn(copy, data, size);
	pv_push(&sb->recs, copy);
	sb->bytes += n;
	sb->exists = 1;
}

static void spec_clear(struct dt_specbuf *sb)
{
	for (int k = 0; k < sb->recs.n; k++) {
		sb_free(sb->recs.v[k]);
		free(sb->recs.v[k]);
	}
	sb->recs.n = 0;
	sb->bytes = 0;
}

/* commit() / discard() of speculation id read: it drains from now on. */
static void spec_end(struct dtrace_hdl *h, uint32_t id, int commit)
{
	struct dt_specbuf *sb;

	if (id == 0 || id > DT_NSPEC_MAX)
		return;
	sb = &h->specbuf[id];
	if (!sb->exists || sb->draining)
		return;
	sb->draining = 1;
	sb->committing = commit;
	sb->written = h->gvars ? dt_gvar_load(h, GV_SPECWRITTEN + 8 * id) : 0;
	h->spec_draining[h->nspec_draining++] = id;
}

/* After a record that is not speculative: drain what is draining. */
static void spec_drain(struct dtrace_hdl *h)
{
	int kept = 0;

	for (int i = 0; i < h->nspec_draining; i++) {
		uint32_t id = h->spec_draining[i];
		struct dt_specbuf *sb = &h->specbuf[id];

		sb->read += (uint64_t)sb->recs.n;
		if (sb->committing) {
			h->spec_flushing = 1;
			for (int k = 0; k < sb->recs.n && (!h->cons || h->cons->status == 0); k++) {
				struct strbuf *rec = sb->recs.v[k];
				consume_record(h, rec->s, rec->len);
			}
			h->spec_flushing = 0;
		}
		spec_clear(sb);
		if (sb->read < sb->written) {
			h->spec_draining[kept++] = id;
			continue;
		}
		/* drained: speculation() may hand the id out again */
		sb->exists = sb->draining = sb->committing = 0;
		sb->read = sb->written = 0;
		if (h->gvars) {
			__atomic_store_n((uint64_t *)(void *)(h->gvars + GV_SPECWRITTEN + 8 * id), 0,
					 __ATOMIC_RELAXED);
			__atomic_store_n((uint64_t *)(void *)(h->gvars + GV_SPEC0 + 8 * id), (uint64_t)SPEC_FREE,
					 __ATOMIC_RELEASE);
		}
	}
	h->nspec_draining = kept;
}

void dt_spec_free(struct dtrace_hdl *h)
{
	for (uint32_t id = 1; id <= DT_NSPEC_MAX; id++) {
		spec_clear(&h->specbuf[id]);
		free(h->specbuf[id].recs.v);
		memset(&h->specbuf[id], 0, sizeof(h->specbuf[id]));
	}
	h->nspec_draining = 0;
}

/*
 * freopen(name): from now on the consumer's output goes to the file name
 * (appended to, made if need be), or back where it went with "" (DTrace's
 * dt_freopen): the file takes the place of the output's file descriptor,
 * so everything written there follows, aggregations printed at the end
 * included.  A file that cannot be opened is an error of the probe.
 */
static void do_freopen(struct dtrace_hdl *h, const dtrace_probedata_t *pd, const struct dt_clause *c, const char *name)
{
	FILE *fp = h->cons ? h->cons->fp : NULL;
	int fd;

	if (!fp)
		return;
	flush_out(h);
	fflush(fp);
	dt_pcap_freopen(h, *name ? name : NULL);
	if (!*name) {
		if (h->freopen_saved) {
			dup2(h->freopen_saved - 1, fileno(fp));
			close(h->freopen_saved - 1);
			h->freopen_saved = 0;
		}
		return;
	}
	/* as dtrace(1) opens -o's file: no other user's link followed */
	const char *why;
	fd = dt_open_safely(name, 0, &why);
	if (fd < 0) {
		char msg[PATH_MAX + 256];
		snprintf(msg, sizeof(msg), "couldn't freopen() \"%s\": %s", name, why);
		report(h, pd, c, msg);
		return;
	}
	if (!h->freopen_saved)
		h->freopen_saved = fcntl(fileno(fp), F_DUPFD_CLOEXEC, 0) + 1;
	dup2(fd, fileno(fp));
	close(fd);
}

/* The library's part of an action, and its output through h->out. */
static void do_action(struct dtrace_hdl *h, const struct dt_clause *c, const struct dt_recdesc *r, char *data,
		      size_t size, const dtrace_probedata_t *pd, int print)
{
	struct dtf_value few[16];
	int nv = r->nargs;
	struct dtf_value *vals = nv <= 16 ? few : xcalloc((size_t)nv, sizeof(*vals));
	struct dt_out *o = dt_out_of(h);

	for (int j = 0; j < nv; j++)
		decode(h, data, size, &r->args[j], &vals[j]);
	switch (r->action) {
	case F_TRACE:
		if (!print)
			break;
		if (r->args[0].is_raw)
			o->ops->memory(o, "rawbytes", (const unsigned char *)data + r->args[0].off, r->args[0].size);
		else
			o->ops->value(o, &vals[0]);
		break;
	case F_PRINTF:
		if (print) {
			struct strbuf msg;
			sb_init(&msg);
			dtf_print_syms(&msg, r->fmt, vals, nv, &o->syms);
			o->ops->message(o, msg.s, msg.len, vals, nv);
			sb_free(&msg);
		}
		break;
	case F_SYSTEM: {
		struct strbuf cmd;
		sb_init(&cmd);
		dtf_print_syms(&cmd, r->fmt, vals, nv, &o->syms);
		flush_out(h);
		if (h->cons && h->cons->fp)
			fflush(h->cons->fp);
		fflush(stdout);
		fflush(stderr);
		if (system(cmd.s) < 0) {
			char msg[512];
			snprintf(msg, sizeof(msg), "system() failed: %s", strerror(errno));
			report(h, pd, c, msg);
		}
		sb_free(&cmd);
		break;
	}
	case F_FREOPEN: {
		struct strbuf name;
		sb_init(&name);
		if (r->fmt)
			dtf_print_syms(&name, r->fmt, vals, nv, &o->syms);
		do_freopen(h, pd, c, name.s ? name.s : "");
		sb_free(&name);
		break;
	}
	case F_PRINT:
		if (print) {
			struct strbuf text;
			uint64_t addr;
			sb_init(&text);
			memcpy(&addr, data + r->args[0].off, 8);
			dt_print_typed(&text, r->fmt, addr, data + r->args[1].off, r->args[1].size, h->o.printsize);
			o->ops->message(o, text.s, text.len, NULL, 0);
			sb_free(&text);
		}
		break;
	case F_FTRUNCATE:
		/* the output so far is dropped: a file's length becomes 0 */
		flush_out(h);
		if (h->cons && h->cons->fp) {
			fflush(h->cons->fp);
			if (ftruncate(fileno(h->cons->fp), 0) == 0)
				rewind(h->cons->fp);
		}
		break;
	case F_COMMIT:
	case F_DISCARD:
		/* what is speculated drains once this record is done */
		spec_end(h, (uint32_t)vals[0].u, r->action == F_COMMIT);
		break;
	case F_PRINTA:
		if (print)
			dt_printa(h, r);
		break;
	case F_TRACEMEM: {
		uint64_t show;
		if (!print)
			break;
		memcpy(&show, data + r->args[1].off, 8);
		if (show > r->args[0].size)
			show = r->args[0].size;
		o->ops->memory(o, "tracemem", (const unsigned char *)data + r->args[0].off, (size_t)show);
		break;
	}
	case F_PCAP: {
		/* DTrace's dt_print_pcap: a length of 0 (a NULL skb) is
		 * nothing; else to freopen()'s file or tshark, else shown */
		uint64_t ts, len;
		char msg[PATH_MAX + 256];
		memcpy(&ts, data + r->args[0].off, 8);
		memcpy(&len, data + r->args[1].off, 8);
		if (len == 0 || !print)
			break;
		if (len > r->args[3].size)
			len = r->args[3].size;
		flush_out(h);
		int rv = dt_pcap_packet(h, h->cons ? h->cons->fp : NULL, ts, vals[2].u,
					data + r->args[3].off, (uint32_t)len, msg, sizeof(msg));
		if (rv < 0)
			report(h, pd, c, msg);
		else if (rv == 0)
			o->ops->memory(o, "pcap", (const unsigned char *)data + r->args[3].off, (size_t)len);
		break;
	}
	case F_STACK:
	case F_USTACK:
		if (!print)
			break;
		if (r->action == F_STACK) {
			dt_out_stack(o, 0, 0, (const uint64_t *)(data + r->args[0].off), (int)(r->args[0].size / 8));
		} else {
			const uint64_t *w = (const uint64_t *)(data + r->args[0].off);
			dt_out_stack(o, 1, (int)w[0], w + 1, (int)(r->args[0].size / 8) - 1);
		}
		break;
	case F_SYM: case F_FUNC: case F_MOD:
	case F_USYM: case F_UFUNC: case F_UMOD: case F_UADDR:
		if (print)
			o->ops->symbol(o, r->args[0].symact, (const uint64_t *)(data + r->args[0].off));
		break;
	case F_SETOPT: {
		struct node *call = r->fmt;
		const char *name = ((struct node *)call->args.v[0])->sval;
		/* a switch given alone is set to "1", as DTrace records it */
		const char *val = call->args.n > 1 ? ((struct node *)call->args.v[1])->sval : "1";
		if (dt_opt_set(h, name, val) < 0) {
			/* DTrace's dt_setopt ends its message with a newline,
			 * to which dtrace(1) adds its own: an empty line */
			char msg[1024];
			snprintf(msg, sizeof(msg), "couldn't set option \"%s\" to \"%s\": %s\n", name, val,
				 dtrace_errmsg(h, dtrace_errno(h)));
			report(h, pd, c, msg);
		}
		break;
	}
	case F_CLEAR: {
		const struct dt_agg *a = &h->aggs[r->aggids[0]];
		dt_agg_clear(&a, 1, libbpf_num_possible_cpus());
		break;
	}
	case F_TRUNC:
		dt_agg_trunc(&h->aggs[r->aggids[0]], libbpf_num_possible_cpus(), r->nargs ? (int64_t)vals[0].u : 0);
		break;
	case F_NORMALIZE:
		h->aggs[r->aggids[0]].normal = r->nargs && (int64_t)vals[0].u > 0 ? (int64_t)vals[0].u : 1;
		break;
	case F_DENORMALIZE:
		h->aggs[r->aggids[0]].normal = 1;
		break;
	case F_EXIT:
		/* the last exit() wins: END's exit() sets the status */
		h->exited = 1;
		h->exit_status = (int)vals[0].u;
		break;
	default:
		break;
	}
	if (vals != few)
		free(vals);
}

static int callback_ok(struct dtrace_hdl *h, int rv)
{
	if (rv == DTRACE_CONSUME_ABORT) {
		h->cons->status = dt_set_errno(h, EDT_DIRABORT);
		return 0;
	}
	if (rv != DTRACE_CONSUME_THIS && rv != DTRACE_CONSUME_NEXT) {
		h->cons->status = dt_set_errno(h, EDT_BADRVAL);
		return 0;
	}
	return 1;
}

/* The processes of the record's user stacks and addresses, as it arrives (a speculative
 * one may be printed after they exit): usyms.c reads their symbols. */
static void note_ustacks(struct dtrace_hdl *h, const struct dt_clause *c, const char *data, size_t size)
{
	const struct rec_hdr *hdr = (const struct rec_hdr *)data;

	for (int i = 0; i < c->recs.n; i++) {
		const struct dt_recdesc *r = c->recs.v[i];
		uint64_t pid;
		if ((r->action != F_USTACK && !dt_symact_user(r->args ? r->args[0].symact : 0)) || (r->bit >= 0 && !(hdr->present & (1ULL << r->bit))) ||
		    r->args[0].off + 8 > size)
			continue;
		memcpy(&pid, data + r->args[0].off, 8);
		usym_note(h->usyms, (int)pid);
	}
}

/* Whether a probe name is "WHAT" or ends in "-WHAT" ("function-entry"
 * flows, "carpentry" does not). */
static int names_flow(const char *name, const char *what)
{
	size_t n = strlen(name), w = strlen(what);

	return n >= w && strcmp(name + n - w, what) == 0 && (n == w || name[n - w - 1] == '-');
}

/*
 * flowindent (-F): an entry probe's firing is shown "-> func" and indents
 * what follows by two, a return probe's "<- func" after undoing one
 * indentation ("=>" and "<=" for system calls), any other "| func:name",
 * as DTrace's consumer does.  An entry probe fired again for another
 * clause of the same firing does not indent twice.  The indentation is the
 * handle's: the records of every CPU come through one ring buffer.
 */
static void flow_begin(struct dtrace_hdl *h, dtrace_probedata_t *pd, const struct rec_hdr *hdr)
{
	const dtrace_probedesc_t *d = pd->dtpda_pdesc;
	int sys = d && strcmp(d->dtpd_provider, "syscall") == 0;

	pd->dtpda_flow = DTRACEFLOW_NONE;
	if (d && names_flow(d->dtpd_name, "entry"))
		pd->dtpda_flow = DTRACEFLOW_ENTRY;
	else if (d && names_flow(d->dtpd_name, "return"))
		pd->dtpda_flow = DTRACEFLOW_RETURN;
	if (pd->dtpda_flow == DTRACEFLOW_ENTRY && hdr->epid != h->flow_lastclause &&
	    hdr->probe_id == h->flow_lastprobe)
		pd->dtpda_flow = DTRACEFLOW_NONE;
	switch (pd->dtpda_flow) {
	case DTRACEFLOW_ENTRY: pd->dtpda_prefix = sys ? " => " : " -> "; break;
	case DTRACEFLOW_RETURN: pd->dtpda_prefix = sys ? " <= " : " <- "; break;
	default: pd->dtpda_prefix = "| "; break;
	}
	if (pd->dtpda_flow == DTRACEFLOW_RETURN && h->flow_indent > 0)
		h->flow_indent -= 2;
	pd->dtpda_indent = h->flow_indent;
}

/* data is a private copy: decoding may write into it. */
static void consume_record(struct dtrace_hdl *h, char *data, size_t size)
{
	const struct rec_hdr *hdr = (const struct rec_hdr *)data;
	struct dt_consumer *cons = h->cons;
	struct dt_out *o;

	if (size >= 4 && *(uint32_t *)data == REC_FAULT) {
		fault(h, (const struct rec_fault *)data);
		return;
	}
	if (size >= sizeof(struct rec_upid) && *(uint32_t *)data == REC_UPID) {
		/* read its symbols while it lives (usyms.c) */
		usym_note(h->usyms, (int)((const struct rec_upid *)data)->pid);
		return;
	}
	if (size < sizeof(*hdr) || hdr->epid == 0 || (int)hdr->epid > h->prog.clauses.n)
		return;
	struct dt_clause *c = h->prog.clauses.v[hdr->epid - 1];
	note_ustacks(h, c, data, size);
	/* a speculative record waits for its commit() or discard() */
	if (hdr->spec && !h->spec_flushing) {
		spec_hold(h, data, size, hdr->spec);
		return;
	}
	struct dt_probe *p = probe_by_id(h->probes, hdr->probe_id);
	dtrace_probedata_t pd = {
		.dtpda_handle = h,
		.dtpda_edesc = edesc_of(h, c, hdr->epid),
		.dtpda_pdesc = p ? dt_probedesc_of(h, p) : NULL,
		.dtpda_cpu = (processorid_t)hdr->cpu,
		.dtpda_data = data,
		.dtpda_flow = DTRACEFLOW_NONE,
		.dtpda_prefix = "",
		.dtpda_timestamp = hdr->timestamp,
	};
	int show = !spec_ops_only(c, hdr);
	if (show && h->o.flowindent)
		flow_begin(h, &pd, hdr);
	if (show && cons && cons->pf) {
		int rv = cons->pf(&pd, cons->arg);
		if (h->o.flowindent && pd.dtpda_flow == DTRACEFLOW_ENTRY)
			h->flow_indent += 2;
		if (!callback_ok(h, rv))
			return;
		if (rv == DTRACE_CONSUME_NEXT)
			return;
	} else if (show && h->o.flowindent && pd.dtpda_flow == DTRACEFLOW_ENTRY) {
		h->flow_indent += 2;
	}
	o = dt_out_of(h);
	if (show) {
		struct dt_outprobe op = {
			.timestamp = hdr->timestamp,
			.cpu = (int)hdr->cpu,
			.id = pd.dtpda_pdesc ? pd.dtpda_pdesc->dtpd_id : hdr->probe_id,
			.provider = pd.dtpda_pdesc ? pd.dtpda_pdesc->dtpd_provider : "",
			.module = pd.dtpda_pdesc ? pd.dtpda_pdesc->dtpd_mod : "",
			.function = pd.dtpda_pdesc ? pd.dtpda_pdesc->dtpd_func : "",
			.name = pd.dtpda_pdesc ? pd.dtpda_pdesc->dtpd_name : "",
		};
		o->ops->probe_begin(o, &op);
	}
	for (int i = 0; i < c->recs.n && (!cons || cons->status == 0); i++) {
		struct dt_recdesc *r = c->recs.v[i];
		int print = 1;
		if (r->bit >= 0 && !(hdr->present & (1ULL << r->bit)))
			continue;
		pd.dtpda_data = data + (r->nargs > 0 ? r->args[0].off : 0);
		/* commit() and discard() are the library's: the record
		 * callback does not see them (DTrace's dt_consume_one_probe) */
		if (cons && cons->rf && r->action != F_COMMIT && r->action != F_DISCARD) {
			int rv = cons->rf(&pd, &pd.dtpda_edesc->dtepd_rec[i], cons->arg);
			if (!callback_ok(h, rv))
				break;
			print = rv == DTRACE_CONSUME_THIS;
		}
		do_action(h, c, r, data, size, &pd, print);
		flush_out(h);
	}
	if (show) {
		o->ops->probe_end(o);
		flush_out(h);
	}
	if (show && cons && cons->rf && cons->status == 0) {
		pd.dtpda_data = data;
		callback_ok(h, cons->rf(&pd, NULL, cons->arg));
	}
	if (show) {
		h->flow_lastprobe = hdr->probe_id;
		h->flow_lastclause = hdr->epid;
	}
	if (!h->spec_flushing && h->nspec_draining)
		spec_drain(h);
}

/* Whether a record (or a fault) is of a firing of dtrace:::BEGIN, as
 * dt_consume_begin_probe and dt_consume_begin_error tell them. */
static int of_begin(struct dtrace_hdl *h, const char *data, size_t size)
{
	uint32_t id;

	if (size >= sizeof(struct rec_fault) && *(const uint32_t *)data == REC_FAULT)
		id = ((const struct rec_fault *)data)->probe_id;
	else if (size >= sizeof(struct rec_hdr))
		id = ((const struct rec_hdr *)data)->probe_id;
	else
		return 1;
	struct dt_probe *p = probe_by_id(h->probes, id);
	dtrace_probedesc_t *pd = p ? dt_probedesc_of(h, p) : NULL;
	return pd && strcmp(pd->dtpd_provider, "dtrace") == 0 && strcmp(pd->dtpd_name, "BEGIN") == 0;
}

/* Records are read-only in the ring buffer; work on a private copy. */
static int ring_record(void *ctx, void *data, size_t size)
{
	struct dtrace_hdl *h = ctx;
	char stackbuf[4096];
	char *copy;

	if (h->begin_first && !of_begin(h, data, size)) {
		/* not BEGIN's: held back until BEGIN's are consumed */
		if (h->nheld == h->heldcap) {
			h->heldcap = h->heldcap ? 2 * h->heldcap : 16;
			h->held = xrealloc(h->held, h->heldcap * sizeof(*h->held));
		}
		h->held[h->nheld].data = xmalloc(size);
		memcpy(h->held[h->nheld].data, data, size);
		h->held[h->nheld++].size = size;
		return 0;
	}
	copy = size <= sizeof(stackbuf) ? stackbuf : xmalloc(size);
	memcpy(copy, data, size);
	consume_record(h, copy, size);
	if (copy != stackbuf)
		free(copy);
	/* a negative return stops ring_buffer__consume() */
	return h->cons && h->cons->status < 0 ? -1 : 0;
}

int dt_ring_open(struct dtrace_hdl *h)
{
	h->rb = ring_buffer__new(dt_map_fd(h, CGM_RINGBUF), ring_record, h, NULL);
	return h->rb ? 0 : -1;
}

int dt_consume_all(struct dtrace_hdl *h)
{
	if (!h->rb)
		return 0;
	while (ring_buffer__consume(h->rb) > 0 && (!h->cons || h->cons->status == 0))
		;
	return h->cons && h->cons->status < 0 ? -1 : 0;
}

/*
 * The first consumption when exit() was called before it (in BEGIN):
 * BEGIN's records and faults first, then the others in the order they
 * came (an ERROR clause's records, other probes'), as DTrace's
 * dt_consume_begin has "the BEGIN probe processed before everything
 * else" when BEGIN and END share a buffer.
 */
int dt_consume_begin(struct dtrace_hdl *h)
{
	size_t i;
	int rv;

	h->begin_first = 1;
	rv = dt_consume_all(h);
	h->begin_first = 0;
	for (i = 0; i < h->nheld; i++) {
		if (rv == 0 && (!h->cons || h->cons->status == 0))
			consume_record(h, h->held[i].data, h->held[i].size);
		free(h->held[i].data);
	}
	h->nheld = 0;
	return rv == 0 && h->cons && h->cons->status < 0 ? -1 : rv;
}

int dtrace_consume(dtrace_hdl_t *h, FILE *fp, dtrace_consume_probe_f *pf, dtrace_consume_rec_f *rf, void *arg)
{
	struct dt_consumer cons = { fp, pf, rf, arg, 0 };
	int rv;

	h->cons = &cons;
	rv = dt_consume_all(h);
	h->cons = NULL;
	return rv;
}
