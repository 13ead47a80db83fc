/*
 * compile.c - the compile driver: dtrace_program_strcompile/fcompile turn
 * one D source (a compile unit) into a program object, and
 * dtrace_program_exec enables it.
 *
 * A handle accumulates its units in one struct dt_prog: declarations and
 * variables of earlier units are visible to later ones, as DTrace's
 * identifiers persist across the programs of a handle.  Compiling a unit
 * preprocesses it (-C), parses it, cooks it, matches its probe
 * descriptions, then lays out and generates the BPF of the whole handle
 * again (layout is recomputed from scratch, so a later unit may add
 * variables and records), so that code generation errors are compile
 * errors of the unit that caused them.  Errors come back through
 * dtrace_errmsg() as "[TAG] line N: message" (the tag with errtags).
 */
#include "dt_impl.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../common/attr.h"
#include "../bpf/disasm.h"
#include "../front/cc.h"
#include "../front/error.h"
#include "../front/parse.h"
#include "../front/sema.h"
#include "../providers/provider.h"

/* Run the C preprocessor over text; NULL if it failed (it printed why). */
static char *preprocess(struct dtrace_hdl *h, const char *text)
{
	int in[2], out[2];
	pid_t pid;
	struct strbuf sb;
	char buf[4096];
	ssize_t n;
	int status;

	if (pipe(in) < 0 || pipe(out) < 0)
		return NULL;
	pid = fork();
	if (pid < 0)
		return NULL;
	if (pid == 0) {
		char *argv[64 + h->cpp_args.n], verdef[40];
		int a = 0;
		dup2(in[0], 0);
		dup2(out[1], 1);
		close(in[1]);
		close(out[0]);
		argv[a++] = h->o.cpp_path ? h->o.cpp_path : "cpp";
		argv[a++] = "-x";
		argv[a++] = "c";
		argv[a++] = "-fno-show-column";
		argv[a++] = "-fno-diagnostics-show-caret";
		argv[a++] = "-fno-diagnostics-show-option";
		argv[a++] = "-D__linux";
		argv[a++] = "-D__linux__";
		argv[a++] = "-D__unix";
		argv[a++] = "-D__x86_64";
		argv[a++] = "-D__x86_64__";
		argv[a++] = "-D__SUNW_D=1";
		snprintf(verdef, sizeof(verdef), "-D__SUNW_D_VERSION=0x%08x", h->vmax);
		argv[a++] = verdef;
		argv[a++] = "-D__SUNW_D_64";
		argv[a++] = "-undef";
		argv[a++] = h->o.cpp_traditional ? "-traditional-cpp" : "-std=c99";
		for (int i = 0; i < h->cpp_args.n; i++)
			argv[a++] = h->cpp_args.v[i];
		argv[a++] = "/dev/stdin";
		argv[a] = NULL;
		execvp(h->o.cpp_path ? h->o.cpp_path : "cpp", argv);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	/* feed and drain without deadlock: the source is small, write first
	 * in a child-free way by writing all then reading (pipes hold 64k) */
	{
		size_t len = strlen(text), off = 0;
		pid_t wpid = fork();
		if (wpid == 0) {
			close(out[0]);
			while (off < len) {
				ssize_t w = write(in[1], text + off, len - off);
				if (w <= 0)
					break;
				off += (size_t)w;
			}
			_exit(0);
		}
		close(in[1]);
		sb_init(&sb);
		while ((n = read(out[0], buf, sizeof(buf))) > 0)
			sb_putn(&sb, buf, (size_t)n);
		close(out[0]);
		waitpid(wpid, NULL, 0);
	}
	waitpid(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		sb_free(&sb);
		return NULL;
	}
	return sb.s;
}

static void dump_programs(struct dtrace_hdl *h, FILE *fp);
static void expand_pdesc(struct dtrace_hdl *h, struct dt_pdesc *pd);

/* A probe description's stability, from the provider it names. */
static void desc_attr(void *arg, struct dt_pdesc *pd, dtrace_attribute_t *attr)
{
	const struct dt_provider *pv = NULL;

	expand_pdesc(arg, pd);
	for (const struct dt_provider *const *p = providers(); *p && !pv && *pd->prov && !dt_is_glob(pd->prov); p++)
		if (provider_serves(*p, pd->prov))
			pv = *p;
	dt_pdesc_attr(pv, pd, attr, NULL);
}

/* The options the compiler reads, as the handle has them now. */
static void set_cc_opts(struct dtrace_hdl *h)
{
	struct dt_cc_opts co = {
		.strsize = h->o.strsize, .nmacro_args = h->nargs, .macro_args = h->args,
		.destructive = h->o.destructive, .quiet = h->o.quiet, .target = h->target,
		.defaultargs = h->o.defaultargs, .argref = h->o.argref, .scratchsize = h->o.scratchsize,
		.stackframes = h->o.stackframes, .ustackframes = h->o.ustackframes,
		.jstackframes = h->o.jstackframes, .maxframes = h->o.maxframes, .vmax = h->vmax,
		.amin_set = h->o.amin_set, .amin = h->o.amin, .desc_attr = desc_attr, .desc_arg = h,
	};
	dt_cc_set_opts(h->cc, &co);
}

static void on_option(void *arg, int line, const char *name, const char *value)
{
	struct dtrace_hdl *h = arg;
	int r;

	h->opt_in_program = 1;
	r = dt_opt_set(h, name, value);
	h->opt_in_program = 0;
	if (r < 0 && value)
		dt_error(dt_cc_errs(h->cc), line, "D_PRAGMA_OPTSET", "failed to set option '%s' to '%s': %s", name, value,
			 dtrace_errmsg(h, dtrace_errno(h)));
	else if (r < 0)
		dt_error(dt_cc_errs(h->cc), line, "D_PRAGMA_OPTSET", "failed to set option '%s': %s", name,
			 dtrace_errmsg(h, dtrace_errno(h)));
	set_cc_opts(h);
}

/* #pragma D depends_on: a provider this system offers, or a module of the
 * kernel ("vmlinux") or loaded into it. */
static int depends_on(void *arg, const char *cls, const char *name)
{
	(void)arg;
	if (strcmp(cls, "provider") == 0) {
		for (const struct dt_provider *const *pv = providers(); *pv; pv++)
			if (provider_serves(*pv, name))
				return 1;
		return 0;
	}
	if (strcmp(name, "vmlinux") == 0)
		return 1;
	FILE *f = fopen("/proc/modules", "r");
	char line[512];
	int found = 0;
	size_t len = strlen(name);
	while (f && !found && fgets(line, sizeof(line), f))
		found = strncmp(line, name, len) == 0 && line[len] == ' ';
	if (f)
		fclose(f);
	return found;
}

/* The compile error in DTrace's words: "[TAG] line N: message", or
 * "[TAG] "file", line N: message" after a line marker named a file (as
 * dt_set_errmsg prints it: the line then even when it is 0).  A program
 * given as a string has no lines (yyvwarn passes line 0 without a
 * pcb_fileptr): its errors name the region being cooked, if any. */
static void set_compile_error(struct dtrace_hdl *h, const struct dt_errstate *es, unsigned int cflags,
			      int from_file)
{
	char tag[64] = "", line[sizeof(es->file) + 32] = "";
	int lineno = from_file ? es->line : 0;

	if ((h->o.errtags || (cflags & DTRACE_C_ETAGS)) && es->tag)
		snprintf(tag, sizeof(tag), "[%s] ", es->tag);
	if (es->file[0])
		snprintf(line, sizeof(line), "\"%s\", line %d: ", es->file, lineno);
	else if (lineno > 0)
		snprintf(line, sizeof(line), "line %d: ", lineno);
	else if (es->region && es->tag)	/* an untagged error is an errno's text */
		snprintf(line, sizeof(line), "in %s: ", es->region);
	dt_set_errmsg(h, EDT_COMPILER, "%s%s%s", tag, line, es->msg);
}

/* What the subroutines the expression tree at n calls are built on
 * (CG_SUBR_* bits): on the string functions, the kernel's string kfuncs
 * are then asked about. */
static int calls_strfn(const struct node *n)
{
	int uses;

	if (!n)
		return 0;
	uses = n->kind == N_CALL ? cg_subr_uses(n->fn) : 0;
	for (int i = 0; i < 3; i++)
		uses |= calls_strfn(n->kids[i]);
	for (int i = 0; i < n->args.n; i++)
		uses |= calls_strfn(n->args.v[i]);
	return uses;
}

/* Group clauses by the attach kind of the probes they match. */
static void build_programs(struct dtrace_hdl *h)
{
	int *used = xcalloc((size_t)h->nkinds, sizeof(int));

	for (int i = 0; i < h->prog.clauses.n; i++) {
		struct dt_clause *c = h->prog.clauses.v[i];
		memset(used, 0, (size_t)h->nkinds * sizeof(int));
		for (int j = 0; j < c->probes.n; j++) {
			struct dt_probe *p = c->probes.v[j];
			int k = provider_kind(p->pv);
			/* ERROR clauses are generated inline in fault blocks */
			if (p->id == DTRACE_PROBE_ERROR)
				continue;
			if (used[k])
				continue;
			used[k] = 1;
			if (!h->progs[k]) {
				h->progs[k] = xcalloc(1, sizeof(struct cg_program));
				h->progs[k]->ctx = &p->pv->cg;
				h->progs[k]->name = xstrdup(p->pv->prog_name);
				h->prog_pv[k] = p->pv;
			}
			pv_push(&h->progs[k]->clauses, c);
		}
	}
	free(used);
	/* a probe's clause mask has a bit for each clause of its program */
	h->L.pmask_words = 1;
	for (int k = 0; k < h->nkinds; k++)
		if (h->progs[k] && (uint32_t)(h->progs[k]->clauses.n + 63) / 64 > h->L.pmask_words)
			h->L.pmask_words = (uint32_t)(h->progs[k]->clauses.n + 63) / 64;
	for (int k = 0; k < h->nkinds; k++) {
		struct cg_program *prog = h->progs[k];
		int uses = 0;
		if (!prog)
			continue;
		for (int i = 0; i < prog->clauses.n; i++) {
			struct dt_clause *c = prog->clauses.v[i];
			uses |= calls_strfn(c->pred) | calls_strfn(c->body);
		}
		prog->kfeat = dt_kfeat(h, h->prog_pv[k]->prog_type, (uses & CG_SUBR_STRFN) != 0);
		prog->own_funcs = (uses & CG_SUBR_OWNFN) != 0;
	}
}

/* A description that matches no probe: the provider's reason when it
 * has one for this kernel, else DTrace's message.  Under -Z (zdefs) only
 * a process the description names that cannot be traced is an error:
 * DTrace's dt_setcontext asks the pid provider before it looks for
 * probes, whatever DTRACE_C_ZDEFS says. */
static void report_nomatch(struct dtrace_hdl *h, const struct dt_pdesc *pd, struct dt_errstate *es, int zdefs)
{
	const char *why = NULL;

	for (const struct dt_provider *const *pv = providers(); *pv && !why; pv++)
		if ((*pv)->unavailable && provider_answers(*pv, pd->prov))
			why = (*pv)->unavailable(h->probes);
	/* a reason may start with the DTrace tag it has ("D_PROC_FUNC failed
	 * to lookup ...") */
	char tag[32] = "D_PDESC_ZERO";
	size_t tl = why ? strspn(why, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_") : 0;
	if (why && tl > 2 && tl < sizeof(tag) && strncmp(why, "D_", 2) == 0 && why[tl] == ' ') {
		memcpy(tag, why, tl);
		tag[tl] = 0;
		why += tl + 1;
	}
	if (zdefs && strncmp(tag, "D_PROC_", 7) != 0)
		return;
	if (why)
		dt_error(es, pd->line, tag, "%s", why);
	char desc[1024];
	pdesc_format(pd, desc, sizeof(desc));
	dt_error(es, pd->line, "D_PDESC_ZERO", "probe description %s does not match any probes", desc);
}

/* The D of args[i] of the stable probes a clause matches: their
 * expressions (by probe id where they differ), translated to the type
 * they agree on. */
static char *stable_arg_expr(struct ptrvec *ps, int i)
{
	struct dt_probe *p0 = ps->v[0];
	struct strbuf sb;
	int same = 1;

	for (int k = 1; k < ps->n; k++)
		same &= strcmp(((struct dt_probe *)ps->v[k])->argexprs[i], p0->argexprs[i]) == 0;
	sb_init(&sb);
	if (strcmp(p0->argxnames[i], p0->argnames[i]) != 0)
		sb_printf(&sb, "xlate <%s> (", p0->argxnames[i]);
	else
		sb_puts(&sb, "(");
	if (same) {
		sb_printf(&sb, "%s", p0->argexprs[i]);
	} else {
		for (int k = 0; k < ps->n - 1; k++) {
			struct dt_probe *p = ps->v[k];
			sb_printf(&sb, "id == %u ? (%s) : ", p->id, p->argexprs[i]);
		}
		sb_printf(&sb, "(%s)", ((struct dt_probe *)ps->v[ps->n - 1])->argexprs[i]);
	}
	sb_puts(&sb, ")");
	return sb.s;
}

/* sema's args[i] typing: match the clause's descriptions now (provide is
 * idempotent) and take the type the matching probes agree on. */
static struct dt_type *args_type(void *arg, struct dt_clause *c, int i, int line, char **expr)
{
	struct dtrace_hdl *h = arg;
	struct dt_type *t = NULL;
	char desc[1024] = "";	/* the description, for a message */
	const char *xname = NULL;
	struct ptrvec stable = {0};	/* freed before an error unwinds */
	int plain = 0;

	/* BEGIN, END and ERROR keep their ids (1, 2, 3) when args[] makes
	 * other probes before match_unit */
	probes_provide(h->probes, &(struct dt_pdesc){.prov = "dtrace", .mod = "", .func = "", .name = ""});
	for (int d = 0; d < c->pdescs.n; d++) {
		struct dt_pdesc *pd = c->pdescs.v[d];
		int matched = 0;
		expand_pdesc(h, pd);	/* python$target's args[] */
		pdesc_format(pd, desc, sizeof(desc));
		probes_provide(h->probes, pd);
		for (int id = 1; id < probe_count(h->probes); id++) {
			struct dt_probe *p = probe_by_id(h->probes, (uint32_t)id);
			if (!probe_match(p, pd))
				continue;
			matched++;
			if (i < 0 || i >= probe_args(p)) {
				free(stable.v);
				dt_error(dt_cc_errs(h->cc), line, "D_ARGS_IDX", "index %d is out of range for %s args[ ]", i, desc);
			}
			const char *tn = p->argexprs ? p->argxnames[i] : type_name(p->argtypes[i]);
			if (xname && strcmp(xname, tn) != 0) {
				free(stable.v);
				dt_error(dt_cc_errs(h->cc), line, "D_ARGS_MULTI",
					 "args[ ] may not be referenced because probe description %s matches an unstable set of probes",
					 desc);
			}
			xname = tn;
			if (p->argexprs)
				pv_push(&stable, p);
			else
				plain = 1, t = p->argtypes[i];
		}
		if (!matched) {
			free(stable.v);
			report_nomatch(h, pd, dt_cc_errs(h->cc), h->o.zdefs);
		}
	}
	if (stable.n && plain) {
		free(stable.v);
		dt_error(dt_cc_errs(h->cc), line, "D_ARGS_MULTI",
			 "args[ ] may not be referenced because probe description %s matches an unstable set of probes", desc);
	}
	if (stable.n) {
		*expr = stable_arg_expr(&stable, i);
		free(stable.v);
		return NULL;
	}
	if (!t)
		dt_error(dt_cc_errs(h->cc), line, "D_ARGS_IDX", "index %d is out of range for %s args[ ]", i, desc);
	return t;
}

/* The probes of the stable providers (those with a serves hook) that a
 * clause matches, into *ps; returns whether every description of the
 * clause names only such providers (no glob reaching others). */
static int clause_stable_probes(struct dtrace_hdl *h, struct dt_clause *c, struct ptrvec *ps)
{
	int only = 1;

	/* BEGIN, END and ERROR keep their ids (1, 2, 3) */
	probes_provide(h->probes, &(struct dt_pdesc){.prov = "dtrace", .mod = "", .func = "", .name = ""});
	for (int d = 0; d < c->pdescs.n; d++) {
		struct dt_pdesc *pd = c->pdescs.v[d];
		int served = 0;
		expand_pdesc(h, pd);
		/* only the providers whose probes have conditions */
		for (const struct dt_provider *const *pv = providers(); *pv; pv++)
			if ((*pv)->serves && (*pv)->serves(pd->prov)) {
				(*pv)->provide(h->probes, pd);
				served = 1;
			}
		only &= served && !strpbrk(pd->prov, "*?[\\");
		for (int id = 1; id < probe_count(h->probes); id++) {
			struct dt_probe *p = probe_by_id(h->probes, (uint32_t)id);
			if (!p->pv->serves || !probe_match(p, pd))
				continue;
			pv_push(ps, p);
		}
	}
	return only;
}

/* A script's argN in a clause of stable probes only: their native argument
 * i (by probe id where they differ), as the int64_t argN is. */
static char *native_arg(void *arg, struct dt_clause *c, int i)
{
	struct dtrace_hdl *h = arg;
	struct ptrvec ps = {0};
	struct strbuf sb;
	int ok = clause_stable_probes(h, c, &ps) && ps.n > 0;

	for (int k = 0; ok && k < ps.n; k++) {
		struct dt_probe *p = ps.v[k];
		ok = i < probe_args(p) && p->argexprs && strcmp(p->argnames[i], "string") != 0;
	}
	if (!ok) {
		free(ps.v);
		return NULL;
	}
	sb_init(&sb);
	for (int k = 0; k < ps.n - 1; k++) {
		struct dt_probe *p = ps.v[k];
		sb_printf(&sb, "id == %u ? (int64_t)(%s) : ", p->id, p->argexprs[i]);
	}
	sb_printf(&sb, "(int64_t)(%s)", ((struct dt_probe *)ps.v[ps.n - 1])->argexprs[i]);
	free(ps.v);
	return sb.s;
}

/* The condition of the stable probes a clause matches (stable.h): each
 * probe's own, by probe id where they differ; NULL when none has one. */
static char *clause_cond(void *arg, struct dt_clause *c)
{
	struct dtrace_hdl *h = arg;
	struct ptrvec ps = {0};
	struct strbuf sb;
	int same = 1, all = 1;

	clause_stable_probes(h, c, &ps);
	for (int k = 0; k < ps.n; k++) {
		struct dt_probe *p = ps.v[k], *p0 = ps.v[0];
		all &= p->pred != NULL;
		same &= p->pred && p0->pred && strcmp(p->pred, p0->pred) == 0;
	}
	sb_init(&sb);
	if (ps.n && all && same) {
		sb_puts(&sb, ((struct dt_probe *)ps.v[0])->pred);
	} else {
		for (int k = 0; k < ps.n; k++) {
			struct dt_probe *p = ps.v[k];
			if (p->pred)
				sb_printf(&sb, "id == %u ? (%s) : ", p->id, p->pred);
		}
		if (sb.len)
			sb_puts(&sb, "1");
	}
	free(ps.v);
	if (!sb.len) {
		free(sb.s);
		return NULL;
	}
	return sb.s;
}

/* $target, $pid and $1.. inside a probe description, as DTrace expands them
 * (list.c's descriptions too). */
char *dt_expand_field(struct dtrace_hdl *h, const char *f)
{
	struct strbuf sb;

	if (!strchr(f, '$'))
		return (char *)f;
	sb_init(&sb);
	for (const char *p = f; *p;) {
		if (*p != '$') {
			sb_putc(&sb, *p++);
			continue;
		}
		const char *q = p + 1;
		while (*q && (isalnum((unsigned char)*q) || *q == '_'))
			q++;
		char name[64];
		snprintf(name, sizeof(name), "%.*s", (int)(q - p - 1), p + 1);
		if (strcmp(name, "target") == 0)
			sb_printf(&sb, "%ld", h->target);
		else if (strcmp(name, "pid") == 0)
			sb_printf(&sb, "%d", (int)getpid());
		else if (isdigit((unsigned char)name[0]) && atoi(name) < h->nargs)
			sb_puts(&sb, h->args[atoi(name)]);
		else
			sb_putn(&sb, p, (size_t)(q - p));
		p = q;
	}
	return sb.s;
}

/*
 * A description given as a probe id becomes that probe's names (DTrace's
 * dtrace_id2desc).  The ids are those `dtrace -l` shows: every provider's
 * probes made in the order listing makes them (the table makes a probe
 * once, so the ids it already gave stay).
 */
static void name_probe_id(struct dtrace_hdl *h, struct dt_pdesc *pd)
{
	struct dt_probe *p;

	probes_provide(h->probes, NULL);
	p = probe_by_id(h->probes, pd->probe_id);
	if (!p)
		dt_error(dt_cc_errs(h->cc), pd->line, "D_PDESC_INVAL", "invalid probe identifier %u: Unknown probe identifier",
			 pd->probe_id);
	pd->prov = dt_cc_strdup(h->cc, p->prov);
	pd->mod = dt_cc_strdup(h->cc, p->mod);
	pd->func = dt_cc_strdup(h->cc, p->func);
	pd->name = dt_cc_strdup(h->cc, p->name);
	pd->probe_id = 0;
}

static void expand_pdesc(struct dtrace_hdl *h, struct dt_pdesc *pd)
{
	char **fields[] = {&pd->prov, &pd->mod, &pd->func, &pd->name};

	if (pd->probe_id)
		name_probe_id(h, pd);

	/* the description lives in the compiler's pool, so does its expansion */
	for (size_t i = 0; i < ARRAY_SIZE(fields); i++) {
		char *x = dt_expand_field(h, *fields[i]);
		if (x != *fields[i]) {
			*fields[i] = dt_cc_strdup(h->cc, x);
			free(x);
		}
	}
}


static int cmp_ptr(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)*(void *const *)a, y = (uintptr_t)*(void *const *)b;

	return (x > y) - (x < y);
}

/*
 * A program whose probes all run the same clauses needs no clause mask:
 * each clause's probes of the program's kind are all the probes its
 * clauses enable.  A clause's probes are distinct, so that is: each clause
 * has as many of them as all clauses together have distinct ones (sorted
 * and counted: a clause on 50,000 fbt functions is n log n, not n^2).
 */
static void mark_uniform(struct dtrace_hdl *h)
{
	for (int k = 0; k < h->nkinds; k++) {
		struct cg_program *p = h->progs[k];
		size_t n = 0, distinct = 0;
		void **all;
		int uniform = 1;
		if (!p || h->prog_pv[k] == &dt_provider_dtrace)
			continue;
		for (int i = 0; i < p->clauses.n; i++)
			n += (size_t)((struct dt_clause *)p->clauses.v[i])->probes.n;
		all = xcalloc(n ? n : 1, sizeof(void *));
		n = 0;
		for (int i = 0; i < p->clauses.n; i++) {
			struct dt_clause *c = p->clauses.v[i];
			for (int q = 0; q < c->probes.n; q++)
				if (provider_kind(((struct dt_probe *)c->probes.v[q])->pv) == k)
					all[n++] = c->probes.v[q];
		}
		if (n)
			qsort(all, n, sizeof(void *), cmp_ptr);
		for (size_t i = 0; i < n; i++)
			distinct += i == 0 || all[i] != all[i - 1];
		free(all);
		for (int i = 0; i < p->clauses.n && uniform; i++) {
			struct dt_clause *c = p->clauses.v[i];
			size_t mine = 0;
			for (int q = 0; q < c->probes.n; q++)
				mine += provider_kind(((struct dt_probe *)c->probes.v[q])->pv) == k;
			uniform = mine == distinct;
		}
		p->uniform = uniform;
	}
}


/*
 * The descriptions a unit has had its providers provide: provide is
 * idempotent, and asking again for each of 100,000 clauses on BEGIN would
 * have sdt look for a BEGIN event in every tracefs group each time.  An
 * open-addressing set of "prov:mod:func:name" strings.
 */
struct desc_set {
	char **v;
	size_t cap, n;
};

static size_t desc_hash(const char *s)
{
	uint64_t h = 14695981039346656037ULL;	/* FNV-1a */

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return (size_t)h;
}

/* Adds the description; 0 if it was there already. */
static int desc_set_add(struct desc_set *set, const struct dt_pdesc *pd)
{
	char *key = pdesc_str(pd);
	size_t i;

	if (2 * (set->n + 1) > set->cap) {
		struct desc_set big = {xcalloc(set->cap ? 2 * set->cap : 64, sizeof(char *)), set->cap ? 2 * set->cap : 64, 0};
		for (i = 0; i < set->cap; i++)
			if (set->v[i]) {
				size_t j = desc_hash(set->v[i]) & (big.cap - 1);
				while (big.v[j])
					j = (j + 1) & (big.cap - 1);
				big.v[j] = set->v[i];
				big.n++;
			}
		free(set->v);
		*set = big;
	}
	for (i = desc_hash(key) & (set->cap - 1); set->v[i]; i = (i + 1) & (set->cap - 1))
		if (strcmp(set->v[i], key) == 0) {
			free(key);
			return 0;
		}
	set->v[i] = key;
	set->n++;
	return 1;
}

static void desc_set_free(struct desc_set *set)
{
	for (size_t i = 0; i < set->cap; i++)
		free(set->v[i]);
	free(set->v);
	memset(set, 0, sizeof(*set));
}

/* sema's check of a clause's descriptions as DTrace's dt_setcontext makes
 * it, before the clause's statements for the first: one that matches no
 * probe (unless -Z) is D_PDESC_ZERO, or its provider's reason.  Providing
 * is idempotent; match_unit collects the probes later.  A description
 * seen before has matched (or the unit failed): thousands of clauses on
 * BEGIN are matched once. */
struct clause_match_ctx {
	struct dtrace_hdl *h;
	struct desc_set seen;
};

static void clause_match(void *arg, struct dt_clause *c, int first, int end)
{
	struct clause_match_ctx *m = arg;
	struct dtrace_hdl *h = m->h;

	for (int d = first; d < end && d < c->pdescs.n; d++) {
		struct dt_pdesc *pd = c->pdescs.v[d];
		int matched = 0;
		expand_pdesc(h, pd);	/* pid$target, a probe id */
		if (!desc_set_add(&m->seen, pd))
			continue;
		/* BEGIN, END and ERROR keep their ids (1, 2, 3) */
		probes_provide(h->probes, &(struct dt_pdesc){.prov = "dtrace", .mod = "", .func = "", .name = ""});
		probes_provide(h->probes, pd);
		for (int id = 1; id < probe_count(h->probes) && !matched; id++)
			matched = probe_match(probe_by_id(h->probes, (uint32_t)id), pd);
		if (!matched)
			report_nomatch(h, pd, dt_cc_errs(h->cc), h->o.zdefs);
	}
}

/* Match the probe descriptions of a unit's clauses (the set of those
 * already provided is the caller's, to free when matching unwinds). */
static void match_unit(struct dtrace_hdl *h, struct dtrace_prog *pg, int zdefs, struct dt_errstate *es,
		       struct desc_set *provided)
{
	probes_provide(h->probes, &(struct dt_pdesc){.prov = "dtrace", .mod = "", .func = "", .name = ""});
	for (int i = pg->first_clause; i < pg->first_clause + pg->nclauses; i++) {
		struct dt_clause *c = h->prog.clauses.v[i];
		for (int d = 0; d < c->pdescs.n; d++) {
			struct dt_pdesc *pd = c->pdescs.v[d];
			int before = c->probes.n;
			void **earlier = NULL;
			if (desc_set_add(provided, pd))
				probes_provide(h->probes, pd);
			/* only an earlier description can have added a probe: its
			 * probes sorted, to look each up in log time */
			if (before) {
				earlier = xmalloc((size_t)before * sizeof(void *));
				memcpy(earlier, c->probes.v, (size_t)before * sizeof(void *));
				qsort(earlier, (size_t)before, sizeof(void *), cmp_ptr);
			}
			int matched = 0;
			for (int id = 1; id < probe_count(h->probes); id++) {
				struct dt_probe *p = probe_by_id(h->probes, (uint32_t)id);
				if (!probe_match(p, pd))
					continue;
				matched++;
				if (!earlier || !bsearch(&p, earlier, (size_t)before, sizeof(void *), cmp_ptr))
					pv_push(&c->probes, p);
			}
			free(earlier);
			/* (a description that matches only what an earlier one of
			 * the clause did still matches) */
			if (!matched)
				report_nomatch(h, pd, es, zdefs);
		}
		pg->nmatched += c->probes.n;
		for (int k = 0; k < c->probes.n; k++) {
			struct dt_probe *p = c->probes.v[k];
			if (p->id == DTRACE_PROBE_ERROR)
				h->has_error_clause = c->on_error = 1;
		}
	}
}

/* Lay out and generate the BPF of every clause compiled on the handle. */
static void generate(struct dtrace_hdl *h, struct dt_errstate *es)
{
	h->cgo.errs = es;
	h->cgo.strsize = h->o.strsize;
	h->cgo.dynvarsize = h->o.dynvarsize;
	h->cgo.scratchsize = h->o.scratchsize;
	h->cgo.quiet = h->o.quiet;
	h->cgo.destructive = h->o.destructive;
	h->cgo.nspec = h->o.nspec;
	h->cgo.specsize = h->o.specsize;
	h->cgo.pcapsize = h->o.pcapsize;
	h->cgo.error_probe = DTRACE_PROBE_ERROR;
	cg_layout_program(&h->L, &h->prog, &h->cgo);
	for (int i = 0; i < h->prog.clauses.n; i++) {
		struct dt_clause *c = h->prog.clauses.v[i];
		if (c->on_error)
			pv_push(&h->L.error_clauses, c);
	}
	for (int k = 0; k < h->nkinds; k++) {
		cg_program_free(h->progs[k]);
		h->progs[k] = NULL;
	}
	build_programs(h);
	mark_uniform(h);
	for (int k = 0; k < h->nkinds; k++)
		if (h->progs[k])
			cg_generate(h->progs[k], &h->L, &h->cgo);
}

/* The front end and code generation for one unit. */
static int compile_text(struct dtrace_hdl *h, struct dtrace_prog *pg, const char *text, size_t len, int from_file,
			int pspec_up, unsigned int cflags)
{
	struct dt_unit_opts uo = {
		.len = len,
		.from_file = from_file,
		.pspec_up = pspec_up,
		.allow_empty = h->o.empty,
		.on_option = on_option,
		.depends_on = depends_on,
		.arg = h,
	};
	struct dt_errstate es;
	/* volatile: set after setjmp, read after longjmp */
	struct desc_set *volatile provided = NULL;

	dt_cc_set_args_type(h->cc, args_type, h);
	dt_cc_set_clause_cond(h->cc, clause_cond, h);
	struct clause_match_ctx mctx = {.h = h};
	dt_cc_set_clause_match(h->cc, clause_match, &mctx);
	dt_cc_set_native_arg(h->cc, native_arg, h);
	set_cc_opts(h);
	pg->first_clause = h->prog.clauses.n;
	int rc = dt_cc_compile(h->cc, &h->prog, text, &uo);
	dt_cc_set_clause_match(h->cc, NULL, NULL);	/* mctx is this frame's */
	desc_set_free(&mctx.seen);
	if (rc < 0) {
		set_compile_error(h, dt_cc_errs(h->cc), cflags, from_file);
		return -1;
	}
	pg->nclauses = h->prog.clauses.n - pg->first_clause;
	/* matching and code generation unwind to here */
	memset(&es, 0, sizeof(es));
	/* DTrace generates code within dt_compile: its errors name the file
	 * of the last line marker still (pcb_filetag) */
	memcpy(es.file, dt_cc_errs(h->cc)->file, sizeof(es.file));
	provided = xcalloc(1, sizeof(*provided));
	if (setjmp(es.jb)) {
		if (provided) {
			desc_set_free(provided);
			free(provided);
		}
		set_compile_error(h, &es, cflags, from_file);
		return -1;
	}
	match_unit(h, pg, h->o.zdefs, &es, provided);
	desc_set_free(provided);
	free(provided);
	provided = NULL;
	generate(h, &es);
	return 0;
}

int dt_compile_library(struct dtrace_hdl *h, const char *path, const char *text)
{
	struct dt_unit_opts uo = {
		.from_file = 1,
		.allow_empty = 1,
		.library = 1,
		.on_option = on_option,
		.arg = h,
	};
	const struct dt_errstate *es;

	dt_cc_set_args_type(h->cc, args_type, h);
	dt_cc_set_clause_cond(h->cc, clause_cond, h);
	dt_cc_set_native_arg(h->cc, native_arg, h);
	set_cc_opts(h);
	if (dt_cc_compile(h->cc, &h->prog, text, &uo) == 0)
		return 0;
	es = dt_cc_errs(h->cc);
	return dt_set_errmsg(h, EDT_COMPILER, "%s%s%s\"%s\", line %d: %s", h->o.errtags && es->tag ? "[" : "",
			     h->o.errtags && es->tag ? es->tag : "", h->o.errtags && es->tag ? "] " : "", path,
			     es->line, es->msg);
}

/* src is len bytes (a file's may hold NUL bytes), NUL-terminated. */
static struct dtrace_prog *compile_unit(struct dtrace_hdl *h, const char *src, size_t len, int from_file,
					dtrace_probespec_t spec, unsigned int cflags, int argc, char *const argv[])
{
	struct dtrace_prog *pg;
	struct dt_options saved = h->o;
	char *text = (char *)src;
	int nclauses_before = h->prog.clauses.n;

	if (h->active) {
		dt_set_errno(h, EDT_ACTIVE);
		return NULL;
	}
	/* the compile flags are the options of this unit */
	if (cflags & DTRACE_C_ZDEFS)
		h->o.zdefs = 1;
	if (cflags & DTRACE_C_EMPTY)
		h->o.empty = 1;
	if (cflags & DTRACE_C_ARGREF)
		h->o.argref = 1;
	if (cflags & DTRACE_C_DEFARG)
		h->o.defaultargs = 1;
	if (cflags & DTRACE_C_CPP)
		h->o.cpp = 1;
	/* macro arguments: argv[0] is $0 */
	for (int i = 0; i < h->nargs; i++)
		free(h->args[i]);
	free(h->args);
	h->nargs = argc > 0 ? argc : 1;
	h->args = xcalloc((size_t)h->nargs + 1, sizeof(char *));
	h->args[0] = xstrdup(argc > 0 && argv[0] ? argv[0] : "dtrace");
	for (int i = 1; i < argc; i++)
		h->args[i] = xstrdup(argv[i]);

	if (h->o.cpp) {
		/* cpp does not know "#!": blank that line, keep the count */
		if (text[0] == '#' && text[1] == '!') {
			char *nl = strchr(text, '\n');
			text = xasprintf("%s", nl ? nl : "");
		}
		text = preprocess(h, text);
		len = text ? strlen(text) : 0;
		if (!text) {
			h->o = saved;
			dt_set_errmsg(h, EDT_COMPILER, "Preprocessor failed to process input program");
			return NULL;
		}
	}

	/* the D library files the unit's words need, compiled first */
	if (dt_dlib_prepare(h, text) < 0) {
		h->o = saved;
		return NULL;
	}
	pg = xcalloc(1, sizeof(*pg));
	/* the field a description's last word names: -P, -m, -f */
	int up = spec >= DTRACE_PROBESPEC_PROVIDER && spec < DTRACE_PROBESPEC_NAME ? DTRACE_PROBESPEC_NAME - spec : 0;
	if (compile_text(h, pg, text, len, from_file, up, cflags) < 0) {
		/* the unit's clauses go; the handle goes on with the others */
		h->prog.clauses.n = nclauses_before;
		free(pg);
		h->o = saved;
		return NULL;
	}
	if (cflags & DTRACE_C_DIFV)
		dump_programs(h, stderr);
	/* a compile flag holds for its unit, whether the caller or a
	 * #pragma set it; the other options a #pragma set stay set */
	dt_opt_restore_cflags(h, &saved);
	pv_push(&h->programs, pg);
	return pg;
}

dtrace_prog_t *dtrace_program_strcompile(dtrace_hdl_t *h, const char *s, dtrace_probespec_t spec,
					 unsigned int cflags, int argc, char *const argv[])
{
	/* a full program either way; spec says which field a description's
	 * last word names (DTrace's pcb_pspec) */
	if (!s)
		return dt_set_errno(h, EINVAL), NULL;
	return compile_unit(h, s, strlen(s), 0, spec, cflags, argc, argv);
}

dtrace_prog_t *dtrace_program_fcompile(dtrace_hdl_t *h, FILE *fp, unsigned int cflags, int argc,
				       char *const argv[])
{
	struct strbuf sb;
	char buf[4096];
	size_t n;
	dtrace_prog_t *pg;

	if (!fp)
		return dt_set_errno(h, EINVAL), NULL;
	sb_init(&sb);
	while ((n = fread(buf, 1, sizeof(buf), fp)) > 0)
		sb_putn(&sb, buf, n);
	if (ferror(fp)) {
		sb_free(&sb);
		dt_set_errno(h, errno ? errno : EIO);
		return NULL;
	}
	pg = compile_unit(h, sb.s, sb.len, 1, DTRACE_PROBESPEC_NAME, cflags, argc, argv);
	sb_free(&sb);
	return pg;
}

static void program_info(struct dtrace_hdl *h, const struct dtrace_prog *pg, dtrace_proginfo_t *pip)
{
	memset(pip, 0, sizeof(*pip));
	pip->dpi_matches = (unsigned int)pg->nmatched;
	for (int i = pg->first_clause; i < pg->first_clause + pg->nclauses; i++) {
		struct dt_clause *c = h->prog.clauses.v[i];
		if (c->recs.n)
			pip->dpi_recgens++;
	}
	pip->dpi_aggregates = (unsigned int)h->prog.aggs.n;
	/* the least stable description and statement (DTrace's
	 * dtrace_program_info); Stable/Stable/Common with none */
	pip->dpi_descattr = pip->dpi_stmtattr = pg->nclauses ? (dtrace_attribute_t){ DT_STAB_STANDARD, DT_STAB_STANDARD, DT_CLASS_COMMON }
							     : dt_attr_default;
	for (int i = pg->first_clause; i < pg->first_clause + pg->nclauses; i++) {
		struct dt_clause *c = h->prog.clauses.v[i];
		pip->dpi_descattr = dt_attr_min(pip->dpi_descattr, c->desc_attr);
		pip->dpi_stmtattr = dt_attr_min(pip->dpi_stmtattr, c->stmt_attr);
	}
}

int dtrace_stmt_iter(dtrace_hdl_t *h, dtrace_prog_t *pg, dtrace_stmt_f *func, void *arg)
{
	if (!pg || !func)
		return dt_set_errno(h, EINVAL);
	for (int i = pg->first_clause; i < pg->first_clause + pg->nclauses; i++) {
		struct dt_clause *c = h->prog.clauses.v[i];
		for (int d = 0; d < c->pdescs.n; d++) {
			const struct dt_pdesc *pd = c->pdescs.v[d];
			dtrace_ecbdesc_t ecb = {{0}};
			dtrace_stmtdesc_t st = {.dtsd_ecbdesc = &ecb, .dtsd_descattr = c->desc_attr,
						.dtsd_stmtattr = c->stmt_attr};
			int rc;

			snprintf(ecb.dted_probe.dtpd_provider, sizeof(ecb.dted_probe.dtpd_provider), "%s", pd->prov);
			snprintf(ecb.dted_probe.dtpd_mod, sizeof(ecb.dted_probe.dtpd_mod), "%s", pd->mod);
			snprintf(ecb.dted_probe.dtpd_func, sizeof(ecb.dted_probe.dtpd_func), "%s", pd->func);
			snprintf(ecb.dted_probe.dtpd_name, sizeof(ecb.dted_probe.dtpd_name), "%s", pd->name);
			if ((rc = func(h, pg, &st, arg)) != 0)
				return rc;
		}
	}
	return 0;
}

void dtrace_program_info(dtrace_hdl_t *h, dtrace_prog_t *pg, dtrace_proginfo_t *pip)
{
	if (pg && pip)
		program_info(h, pg, pip);
}

int dtrace_program_exec(dtrace_hdl_t *h, dtrace_prog_t *pg, dtrace_proginfo_t *pip)
{
	if (!pg)
		return dt_set_errno(h, EINVAL);
	if (h->active)
		return dt_set_errno(h, EDT_ACTIVE);
	pg->executed = 1;
	if (pip)
		program_info(h, pg, pip);
	return 0;
}

void dt_compile_free(struct dtrace_hdl *h)
{
	/* the programs' code and layout; the clauses, variables and types
	 * they are made of go with the compiler context (dt_cc_destroy) */
	for (int k = 0; k < h->nkinds; k++) {
		cg_program_free(h->progs[k]);
		h->progs[k] = NULL;
	}
	cg_layout_free(&h->L);
	for (int i = 0; i < h->nargs; i++)
		free(h->args[i]);
	free(h->args);
	for (int i = 0; i < h->programs.n; i++)
		free(h->programs.v[i]);
	free(h->programs.v);
	h->programs.v = NULL;
	h->programs.n = 0;
}

static const char *const map_names[] = {"ringbuf", "gvars", "scratch", "strtab", "pmask", "pinfo", "sysnr",
					    "provider", "dvars", "aggs"};

static const char *map_name(void *arg, int idx)
{
	struct dtrace_hdl *h = arg;
	char *buf = h->mapname;
	size_t len = sizeof(h->mapname);

	if (idx >= 0 && idx < (int)(sizeof(map_names) / sizeof(map_names[0])))
		return map_names[idx];
	snprintf(buf, len, "map%d", idx);
	return buf;
}

static void dump_programs(struct dtrace_hdl *h, FILE *fp)
{
	for (int k = 0; k < h->nkinds; k++) {
		struct cg_program *p = h->progs[k];
		if (!p)
			continue;
		fprintf(fp, "\nBPF program %s (%d instructions) for clauses:", p->name, p->ninsns);
		for (int i = 0; i < p->clauses.n; i++)
			fprintf(fp, " dt_clause_%d", ((struct dt_clause *)p->clauses.v[i])->index);
		fprintf(fp, "\n");
		/* before loading, a map reference holds no fd: show its index */
		struct bpf_insn *insns = xmalloc((size_t)p->ninsns * sizeof(*insns));
		memcpy(insns, p->insns, (size_t)p->ninsns * sizeof(*insns));
		for (int i = 0; i < p->nrelocs; i++)
			if (p->relocs[i].map >= 0)
				insns[p->relocs[i].insn].imm = p->relocs[i].map;
		bpf_disasm(fp, insns, p->ninsns, map_name, h);
		free(insns);
	}
}
