/*
 * work.c - the run: dtrace_go (load, BEGIN, attach every enabled probe),
 * dtrace_status, dtrace_sleep, dtrace_work (consume, drops, processes) and
 * dtrace_stop (detach everything, then END).
 *
 * BEGIN and END run in the consumer's own process through
 * BPF_PROG_TEST_RUN, BEGIN before any probe is attached and END after every
 * probe is detached.  Their records wait in the ring buffer like any other
 * until dtrace_work() hands them to the consumer.  exit() sets the state
 * word of the global-variable map; dtrace_status() sees it and stops
 * tracing (which fires END), as DTrace's does.
 */
#include "dt_impl.h"
#include "ksyms.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "../providers/provider.h"

static int run_dtrace_probe(struct dtrace_hdl *h, uint32_t id)
{
	uint64_t ctx[12] = {0};
	struct dt_probe *p = probe_by_id(h->probes, id);

	int fd = h->prog_fds[provider_kind(&dt_provider_dtrace)];

	if (fd < 0 || !p || !dt_probe_enabled(h, id))
		return 0;
	ctx[0] = id;
	LIBBPF_OPTS(bpf_test_run_opts, o, .ctx_in = ctx, .ctx_size_in = sizeof(ctx));
	int err = bpf_prog_test_run_opts(fd, &o);
	if (err)
		return dt_set_errmsg(h, EDT_ENABLING, "failed to fire %s: %s", p->name, strerror(-err));
	return 0;
}

/* exit() was called in a probe (the programs' state word says so). */
static int exiting(struct dtrace_hdl *h)
{
	return h->gvars && dt_gvar_load(h, GV_STATE) != 0;
}

/* Detach every probe attached so far: those whose detach only closes
 * their fds all at once (probe_close_fds_all), the others one by one. */
static void detach_all(struct dtrace_hdl *h)
{
	struct dt_probe **closing = xcalloc((size_t)h->enabled.n + 1, sizeof(*closing));
	int nclosing = 0;

	for (int i = 0; i < h->enabled.n; i++) {
		struct dt_probe *p = h->enabled.v[i];
		if (p->pv->detach == probe_close_fds)
			closing[nclosing++] = p;
		else
			p->pv->detach(p);
		p->enabled = 0;
	}
	probe_close_fds_all(closing, nclosing);
	free(closing);
	h->enabled.n = 0;
}

/*
 * A probe could not be attached after others were: those are detached
 * at once (nothing of a failed dtrace_go() keeps firing, and END does not
 * run: tracing never started), and the handle is as before dtrace_go()
 * but for its programs, which dtrace_close() unloads.  The error is set.
 */
static int go_failed(struct dtrace_hdl *h)
{
	detach_all(h);
	for (int i = 0; i < h->prog.clauses.n; i++) {
		struct dt_clause *c = h->prog.clauses.v[i];
		for (int j = 0; j < c->probes.n; j++)
			((struct dt_probe *)c->probes.v[j])->enabled = 0;	/* a batch not yet tried */
	}
	h->active = 0;
	return -1;
}

int dtrace_go(dtrace_hdl_t *h)
{
	int any = 0;

	if (h->active)
		return dt_set_errno(h, EDT_ACTIVE);
	for (int i = 0; i < h->programs.n; i++)
		any |= ((struct dtrace_prog *)h->programs.v[i])->executed;
	if (!any)
		return dt_set_errmsg(h, EINVAL, "no program has been executed");
	for (int i = 0; i < h->prog.clauses.n && !h->o.destructive; i++)
		if (((struct dt_clause *)h->prog.clauses.v[i])->destructive)
			return dt_set_errno(h, EDT_DESTRUCTIVE);	/* before anything is loaded */
	if (dt_load(h) < 0)
		return -1;
	if (dt_ring_open(h) < 0)
		return dt_set_errmsg(h, EDT_ENABLING, "cannot open the ring buffer");
	h->active = 1;
	h->worked = 0;
	if (run_dtrace_probe(h, DTRACE_PROBE_BEGIN) < 0)
		return -1;
	if (exiting(h))
		return 0;	/* exit() in BEGIN: nothing else fires */
	/* the probes of tables that attach many at once (one kernel link for
	 * thousands of kernel functions), gathered per table */
	struct ptrvec *batch = xcalloc((size_t)h->nkinds, sizeof(*batch));
	for (int i = 0; i < h->prog.clauses.n; i++) {
		struct dt_clause *c = h->prog.clauses.v[i];
		for (int j = 0; j < c->probes.n; j++) {
			struct dt_probe *p = c->probes.v[j];
			if (!p->enabled && p->pv->attach_all) {
				p->enabled = 1;		/* once, however many clauses name it */
				pv_push(&batch[provider_kind(p->pv)], p);
			}
		}
	}
	for (int k = 0; k < h->nkinds; k++) {
		struct dt_probe **ps = (struct dt_probe **)batch[k].v;
		int err = batch[k].n ? ps[0]->pv->attach_all(ps, batch[k].n, h->prog_fds[k]) : 0;
		for (int i = 0; i < batch[k].n; i++) {
			if (err < 0)
				ps[i]->enabled = 0;
			else
				pv_push(&h->enabled, ps[i]);
		}
		if (err < 0) {
			/* the kernel refused the batch (none of it is attached):
			 * which probe, and why */
			for (int i = 0; i < batch[k].n && err < 0; i++) {
				struct dt_probe *p = ps[i];
				int e = batch[k].n == 1 ? err : p->pv->attach(p, h->prog_fds[k]);
				if (e < 0) {
					err = dt_set_errmsg(h, EDT_ENABLING, "failed to attach %s:%s:%s:%s: %s", p->prov,
							    p->mod, p->func, p->name, strerror(-e));
					break;
				}
				p->enabled = 1;
				pv_push(&h->enabled, p);
			}
			if (err >= 0)	/* each alone attaches: the batch was too much */
				err = dt_set_errmsg(h, EDT_ENABLING, "failed to attach %d %s probes together: %s",
						    batch[k].n, ps[0]->prov, strerror(-err));
			for (int i = k; i < h->nkinds; i++)
				free(batch[i].v);
			free(batch);
			return go_failed(h);
		}
		free(batch[k].v);
	}
	free(batch);
	for (int i = 0; i < h->prog.clauses.n; i++) {
		struct dt_clause *c = h->prog.clauses.v[i];
		for (int j = 0; j < c->probes.n; j++) {
			struct dt_probe *p = c->probes.v[j];
			if (p->enabled || p->pv == &dt_provider_dtrace)
				continue;
			int err = p->pv->attach(p, dt_prog_fd(h, p));
			if (err < 0) {
				dt_set_errmsg(h, EDT_ENABLING, "failed to attach %s:%s:%s:%s: %s", p->prov, p->mod,
					      p->func, p->name, strerror(-err));
				return go_failed(h);
			}
			p->enabled = 1;
			pv_push(&h->enabled, p);
		}
	}
	return 0;
}

int dtrace_stop(dtrace_hdl_t *h)
{
	if (h->stopped || !h->active)
		return 0;
	/* stop every probe first: nothing fires after END */
	detach_all(h);
	h->stopped = 1;
	/* END runs with the state set to exiting; END clauses still record */
	return run_dtrace_probe(h, DTRACE_PROBE_END);
}

int dtrace_status(dtrace_hdl_t *h)
{
	if (!h->active)
		return DTRACE_STATUS_NONE;
	if (h->stopped)
		return h->exited ? DTRACE_STATUS_EXITED : DTRACE_STATUS_STOPPED;
	/* with statusrate set, exit() is seen once per interval from the
	 * first look, as DTrace's dtrace_status sees it; DTrace's default is
	 * a second, ours every call (an exit() acts at once) */
	if (h->o.statusrate_ns) {
		uint64_t now = dt_monotonic_ns();
		if (h->laststatus && now - h->laststatus < h->o.statusrate_ns)
			return DTRACE_STATUS_NONE;
		h->laststatus = h->laststatus ? h->laststatus + h->o.statusrate_ns : now;
	}
	if (exiting(h)) {
		dtrace_stop(h);
		h->exited = 1;
		return DTRACE_STATUS_EXITED;
	}
	return DTRACE_STATUS_OKAY;
}

void dtrace_sleep(dtrace_hdl_t *h)
{
	/* until records arrive or a process changes state, at most 50 ms
	 * (signals are noticed by the caller's loop between sleeps) */
	struct pollfd pfd[17];
	int n = 0, ms = (int)(h->o.switchrate_ns / 1000000);

	if (ms > 50 || ms <= 0)
		ms = 50;
	if (dt_proc_pending(h))
		return;
	if (h->rb)
		pfd[n++] = (struct pollfd){ .fd = ring_buffer__epoll_fd(h->rb), .events = POLLIN };
	n += dt_proc_pollfds(h, pfd + n, 16);
	if (n)
		poll(pfd, (nfds_t)n, ms);
}

/* One drop kind through the drop handler; with none, consumption aborts. */
static void drop(struct dtrace_hdl *h, int cpu, dtrace_dropkind_t kind, uint64_t n, uint64_t total,
		 const char *tag, const char *what, const char *why)
{
	char msg[256];

	/* DTrace's words: "N drops on CPU c", "N dynamic variable drops",
	 * "N failed speculations (no speculative buffer available)" ... */
	snprintf(msg, sizeof(msg), "%s%s%llu %s%s%s", h->o.droptags ? tag : "", h->o.droptags ? " " : "",
		 (unsigned long long)n, what, n == 1 ? "" : "s", why);
	if (cpu >= 0)
		snprintf(msg + strlen(msg), sizeof(msg) - strlen(msg), " on CPU %d", cpu);
	dtrace_dropdata_t d = {
		.dtdda_handle = h,
		.dtdda_cpu = cpu,
		.dtdda_kind = kind,
		.dtdda_drops = n,
		.dtdda_total = total,
		.dtdda_msg = msg,
	};
	dt_out_of(h)->ops->drop(&h->out, &d);
	dt_out_flush(h, h->cons ? h->cons->fp : NULL);
	if (!h->drophdlr || h->drophdlr(&d, h->droparg) == DTRACE_HANDLE_ABORT) {
		if (h->cons)
			h->cons->status = dt_set_errno(h, EDT_DROPABORT);
	}
}

void dt_report_drops(struct dtrace_hdl *h)
{
	uint64_t dynd, specd, specb, specu, dble;

	if (!h->map_fds || !h->gvars)
		return;
	dynd = dt_gvar_load(h, GV_DYNDROPS);
	/* speculative drops: the programs' (past specsize, lost) and the
	 * consumer's (past specsize, together), as DTrace adds them up */
	specd = dt_gvar_load(h, GV_SPECDROPS) + h->spec_drops;
	specb = dt_gvar_load(h, GV_SPECBUSY);
	specu = dt_gvar_load(h, GV_SPECUNAVAIL);
	dble = dt_gvar_load(h, GV_DBLERRORS);
	/* buffer and aggregation drops are counted per CPU, in its scratch */
	if (!h->cpu_drops)
		h->cpu_drops = xcalloc((size_t)h->ncpus * 2, sizeof(uint64_t));
	char *sc = xcalloc(1, (h->L.scratch_size + 7) & ~7u);
	for (uint32_t cpu = 0; cpu < (uint32_t)h->ncpus; cpu++) {
		uint64_t d[2];
		if (bpf_map_lookup_elem(dt_map_fd(h, CGM_SCRATCH), &cpu, sc) != 0)
			continue;
		memcpy(d, sc + h->L.drops_off, sizeof(d));
		if (d[0] > h->cpu_drops[2 * cpu]) {
			drop(h, (int)cpu, DTRACEDROP_PRINCIPAL, d[0] - h->cpu_drops[2 * cpu], d[0],
			     "[DTRACEDROP_PRINCIPAL]", "drop", "");
			h->cpu_drops[2 * cpu] = d[0];
		}
		if (d[1] > h->cpu_drops[2 * cpu + 1]) {
			drop(h, (int)cpu, DTRACEDROP_AGGREGATION, d[1] - h->cpu_drops[2 * cpu + 1], d[1],
			     "[DTRACEDROP_AGGREGATION]", "aggregation drop", "");
			h->cpu_drops[2 * cpu + 1] = d[1];
		}
	}
	free(sc);
	/* then the global kinds, in the order of DTrace's drop table */
	if (dynd > h->dyndrops_reported) {
		drop(h, -1, DTRACEDROP_DYNAMIC, dynd - h->dyndrops_reported, dynd, "[DTRACEDROP_DYNAMIC]",
		     "dynamic variable drop", "");
		h->dyndrops_reported = dynd;
	}
	if (specd > h->spec_drops_reported) {
		drop(h, -1, DTRACEDROP_SPEC, specd - h->spec_drops_reported, specd, "[DTRACEDROP_SPEC]",
		     "speculative drop", "");
		h->spec_drops_reported = specd;
	}
	if (specb > h->specbusy_reported) {
		drop(h, -1, DTRACEDROP_SPECBUSY, specb - h->specbusy_reported, specb, "[DTRACEDROP_SPECBUSY]",
		     "failed speculation", " (available buffer(s) still busy)");
		h->specbusy_reported = specb;
	}
	if (specu > h->specunavail_reported) {
		drop(h, -1, DTRACEDROP_SPECUNAVAIL, specu - h->specunavail_reported, specu, "[DTRACEDROP_SPECUNAVAIL]",
		     "failed speculation", " (no speculative buffer available)");
		h->specunavail_reported = specu;
	}
	if (dble > h->dblerrors_reported) {
		drop(h, -1, DTRACEDROP_DBLERROR, dble - h->dblerrors_reported, dble, "[DTRACEDROP_DBLERROR]",
		     "error", " in ERROR probe enabling");
		h->dblerrors_reported = dble;
	}
}

dtrace_workstatus_t dtrace_work(dtrace_hdl_t *h, FILE *fp, dtrace_consume_probe_f *pf, dtrace_consume_rec_f *rf,
				void *arg)
{
	struct dt_consumer cons = { fp, pf, rf, arg, 0 };
	dtrace_workstatus_t rv;

	if (!h->active) {
		dt_set_errno(h, EINVAL);
		return DTRACE_WORKSTATUS_ERROR;
	}
	dt_proc_poll(h);
	h->cons = &cons;
	/*
	 * The first call looks at the status before it consumes anything,
	 * as DTrace's dtrace_work does (dtrace_status fires END at once when
	 * exit() was called): an exit() in BEGIN runs END before BEGIN's
	 * records are consumed, so BEGIN's printa(), clear() and trunc()
	 * see what END added.  Drops counted in the kernel are reported
	 * before the records of the same round (dt_handle_status).  What
	 * came before exit() is consumed before END's records (clear() and
	 * the like act when consumed); BEGIN's first if exit() came before
	 * this (dt_consume_begin).
	 */
	if (!h->worked++) {
		/* the kernel's symbols are read before that status fires END
		 * and the probes go: a kernel stack's first frames may lie in
		 * the probes' own ftrace trampolines, known by their symbols
		 * only while they exist (read when first needed, they were
		 * gone, and the frame took the preceding module's name) */
		if (exiting(h))
			ksyms_load(h->ksyms);
		dtrace_status(h);
	}
	dt_report_drops(h);
	if (!h->begin_seen && exiting(h))
		dt_consume_begin(h);
	else
		dt_consume_all(h);
	h->begin_seen = 1;
	switch (dtrace_status(h)) {
	case DTRACE_STATUS_EXITED:
	case DTRACE_STATUS_STOPPED:
		rv = DTRACE_WORKSTATUS_DONE;
		if (cons.status == 0)
			dt_consume_all(h);
		break;
	default:
		rv = DTRACE_WORKSTATUS_OKAY;
		break;
	}
	if (cons.status == 0)
		dt_report_drops(h);
	h->cons = NULL;
	return cons.status < 0 ? DTRACE_WORKSTATUS_ERROR : rv;
}
