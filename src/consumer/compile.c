/*
 * compile.c - the compile driver: preprocess (-C), parse every source into
 * one program, cook it, match its probe descriptions, lay out its data and
 * generate one BPF program per attach kind.  Errors are printed in DTrace's
 * words ("dtrace: failed to compile script x.d: [D_TAG] line N: ...").
 */
#include "dtrace.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../bpf/disasm.h"
#include "../front/error.h"
#include "../front/parse.h"
#include "../front/sema.h"
#include "../providers/provider.h"

int dt_option_cmdline_only(const char *name);
int sema_macro_used(int i);

struct dtrace_hdl *dtrace_open(void)
{
	struct dtrace_hdl *h = xcalloc(1, sizeof(*h));

	h->o.strsize = 256;
	h->o.bufsize = 4 << 20;
	h->o.dynvarsize = 1 << 20;
	h->o.cpu = -1;
	h->o.switchrate_ns = 1000000000ULL;
	h->o.aggsize = 4 << 20;
	h->o.testing = getenv("_DTRACE_TESTING") != NULL;
	h->out = stdout;
	h->ncpus = (int)sysconf(_SC_NPROCESSORS_CONF);
	h->nkinds = provider_nkinds();
	h->progs = xcalloc((size_t)h->nkinds, sizeof(*h->progs));
	h->prog_pv = xcalloc((size_t)h->nkinds, sizeof(*h->prog_pv));
	h->prog_fds = xcalloc((size_t)h->nkinds, sizeof(*h->prog_fds));
	for (int i = 0; i < h->nkinds; i++)
		h->prog_fds[i] = -1;
	types_init();
	return h;
}

void dtrace_add_source(struct dtrace_hdl *h, const char *text, const char *name, int is_file)
{
	struct dt_source *s = xcalloc(1, sizeof(*s));

	s->text = xstrdup(text);
	s->name = xstrdup(name);
	s->is_file = is_file;
	pv_push(&h->sources, s);
}

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
		char *argv[64 + h->cpp_args.n];
		int a = 0;
		dup2(in[0], 0);
		dup2(out[1], 1);
		close(in[1]);
		close(out[0]);
		argv[a++] = "cpp";
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
		argv[a++] = "-D__SUNW_D_VERSION=0x02000000";
		argv[a++] = "-D__SUNW_D_64";
		argv[a++] = "-undef";
		for (int i = 0; i < h->cpp_args.n; i++)
			argv[a++] = h->cpp_args.v[i];
		argv[a++] = "/dev/stdin";
		argv[a] = NULL;
		execvp("cpp", argv);
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

struct opt_ctx {
	struct dtrace_hdl *h;
};

static void on_option(void *arg, int line, const char *name, const char *value)
{
	struct dtrace_hdl *h = arg;
	char err[256];

	if (dt_option_cmdline_only(name))
		dt_error(line, "D_PRAGMA_OPTSET", "failed to set option '%s' to '%s': Option cannot be used from within a D program",
			 name, value ? value : "");
	if (dtrace_setopt(h, name, value, err, sizeof(err)) < 0)
		dt_error(line, "D_PRAGMA_OPTSET", "failed to set option '%s' to '%s': %s", name, value ? value : "", err);
}

static void print_error(struct dtrace_hdl *h, struct dt_source *s, struct dt_errstate *es)
{
	char tag[64] = "";

	if (h->o.errtags && es->tag)
		snprintf(tag, sizeof(tag), "[%s] ", es->tag);
	if (s->is_file)
		fprintf(stderr, "dtrace: failed to compile script %s: %s", s->name, tag);
	else
		fprintf(stderr, "dtrace: invalid probe specifier %s: %s", s->name, tag);
	if (es->line > 0)
		fprintf(stderr, "line %d: ", es->line);
	fprintf(stderr, "%s\n", es->msg);
}

/* Group clauses by the provider table (program kind) of the probes they match. */
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
			if (h->progs[k]->clauses.n >= 64)
				dt_error(c->line, NULL, "too many clauses for one probe kind (at most 64)");
			pv_push(&h->progs[k]->clauses, c);
		}
	}
	free(used);
}

/* sema's args[i] typing: match the clause's descriptions now (provide is
 * idempotent) and take the type the matching probes agree on. */
static struct dt_type *args_type(struct dt_clause *c, int i, int line)
{
	struct dt_type *t = NULL;
	const char *desc = "";

	for (int d = 0; d < c->pdescs.n; d++) {
		struct dt_pdesc *pd = c->pdescs.v[d];
		desc = pdesc_str(pd);
		probes_provide(pd);
		for (int id = 1; id < probe_count(); id++) {
			struct dt_probe *p = probe_by_id((uint32_t)id);
			if (!probe_match(p, pd))
				continue;
			if (i < 0 || i >= probe_args(p))
				dt_error(line, "D_ARGS_IDX", "index %d is out of range for %s args[ ]", i, desc);
			if (t && t != p->argtypes[i] && strcmp(type_name(t), type_name(p->argtypes[i])) != 0)
				dt_error(line, "D_ARGS_MULTI",
					 "args[ ] may not be referenced because probe description %s matches an unstable set of probes",
					 desc);
			t = p->argtypes[i];
		}
	}
	if (!t)
		dt_error(line, "D_ARGS_IDX", "index %d is out of range for %s args[ ]", i, desc);
	return t;
}

extern long dt_macro_target;

/* $target, $pid and $1.. inside a probe description, as DTrace expands them. */
static char *expand_field(struct dtrace_hdl *h, const char *f)
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
			sb_printf(&sb, "%ld", dt_macro_target);
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

static void expand_pdesc(struct dtrace_hdl *h, struct dt_pdesc *pd)
{
	pd->prov = expand_field(h, pd->prov);
	pd->mod = expand_field(h, pd->mod);
	pd->func = expand_field(h, pd->func);
	pd->name = expand_field(h, pd->name);
}

/* A program whose probes all run the same clauses needs no clause mask. */
static void mark_uniform(struct dtrace_hdl *h)
{
	for (int k = 0; k < h->nkinds; k++) {
		struct cg_program *p = h->progs[k];
		int uniform = 1;
		if (!p || h->prog_pv[k] == &dt_provider_dtrace)
			continue;
		for (int i = 0; i < p->clauses.n && uniform; i++) {
			struct dt_clause *c = p->clauses.v[i];
			/* every probe of this kind that any clause enables must be
			 * enabled by this clause too */
			for (int j = 0; j < p->clauses.n && uniform; j++) {
				struct dt_clause *o = p->clauses.v[j];
				for (int q = 0; q < o->probes.n && uniform; q++) {
					struct dt_probe *pr = o->probes.v[q];
					int found = 0;
					if (provider_kind(pr->pv) != k)
						continue;
					for (int r = 0; r < c->probes.n; r++)
						if (c->probes.v[r] == pr)
							found = 1;
					uniform = found;
				}
			}
		}
		p->uniform = uniform;
	}
}

static int compile_all(struct dtrace_hdl *h)
{
	struct dt_parse_opts po;
	struct dt_sema_opts so;
	struct dt_source *cur = NULL;
	struct dt_errstate es;

	memset(&es, 0, sizeof(es));
	dt_errs = &es;
	if (setjmp(es.jb)) {
		print_error(h, cur ? cur : h->sources.v[0], &es);
		return -1;
	}

	for (int i = 0; i < h->sources.n; i++) {
		struct dt_source *s = h->sources.v[i];
		char *text = s->text;
		cur = s;
		if (h->o.cpp) {
			/* cpp does not know "#!": blank that line, keep the count */
			if (text[0] == '#' && text[1] == '!') {
				char *nl = strchr(text, '\n');
				text = xasprintf("%s", nl ? nl : "");
			}
			text = preprocess(h, text);
			if (!text) {
				fprintf(stderr, "dtrace: failed to compile script %s: Preprocessor failed to process input program\n", s->name);
				return -1;
			}
		}
		po.from_file = s->is_file;
		po.on_option = on_option;
		po.arg = h;
		s->first_clause = h->prog.clauses.n;
		dt_parse(&h->prog, text, &po);
		s->nclauses = h->prog.clauses.n - s->first_clause;
		if (s->nclauses == 0 && h->prog.globals.n == 0 && h->prog.inlines.n == 0 &&
		    h->prog.tlocals.n == 0 && h->prog.clocals.n == 0 && !h->o.empty)
			dt_error(h->prog.eof_line, "D_EMPTY", "empty D program translation unit");
	}

	so.strsize = h->o.strsize;
	so.nmacro_args = h->nargs;
	so.macro_args = h->args;
	so.destructive = h->o.destructive;
	so.quiet = h->o.quiet;
	sema_args_type = args_type;
	sema_program(&h->prog, &so);

	/* unused macro arguments are an error unless argref or defaultargs */
	for (int i = 1; i < h->nargs; i++) {
		if (!sema_macro_used(i) && !h->o.argref && !h->o.defaultargs) {
			cur = h->sources.v[0];
			dt_error(0, "D_MACRO_UNUSED", "macro argument $%d is not referenced", i);
		}
	}

	/* match probe descriptions */
	probes_provide(&(struct dt_pdesc){.prov = "dtrace", .mod = "", .func = "", .name = ""});
	for (int si = 0; si < h->sources.n; si++) {
		struct dt_source *s = h->sources.v[si];
		cur = s;
		for (int i = s->first_clause; i < s->first_clause + s->nclauses; i++) {
			struct dt_clause *c = h->prog.clauses.v[i];
			for (int d = 0; d < c->pdescs.n; d++) {
				struct dt_pdesc *pd = c->pdescs.v[d];
				int before = c->probes.n;
				expand_pdesc(h, pd);
				probes_provide(pd);
				for (int id = 1; id < probe_count(); id++) {
					struct dt_probe *p = probe_by_id((uint32_t)id);
					if (!probe_match(p, pd))
						continue;
					int dup = 0;
					for (int k = 0; k < c->probes.n; k++)
						if (c->probes.v[k] == p)
							dup = 1;
					if (!dup)
						pv_push(&c->probes, p);
				}
				if (c->probes.n == before && !h->o.zdefs)
					dt_error(pd->line, "D_PDESC_ZERO", "probe description %s does not match any probes",
						 pdesc_str(pd));
			}
			s->nmatched += c->probes.n;
			for (int k = 0; k < c->probes.n; k++) {
				struct dt_probe *p = c->probes.v[k];
				if (p->id == DTRACE_PROBE_ERROR)
					h->has_error_clause = c->on_error = 1;
			}
		}
	}

	h->cgo.errs = &es;
	h->cgo.strsize = h->o.strsize;
	h->cgo.dynvarsize = (uint32_t)h->o.dynvarsize;
	h->cgo.quiet = h->o.quiet;
	h->cgo.destructive = h->o.destructive;
	h->cgo.nspec = h->o.nspec ? (int)h->o.nspec : 1;
	h->cgo.error_probe = DTRACE_PROBE_ERROR;
	cg_layout_program(&h->L, &h->prog, &h->cgo);
	for (int i = 0; i < h->prog.clauses.n; i++) {
		struct dt_clause *c = h->prog.clauses.v[i];
		if (c->on_error)
			pv_push(&h->L.error_clauses, c);
	}
	cur = h->sources.v[0];
	build_programs(h);
	mark_uniform(h);
	for (int k = 0; k < h->nkinds; k++)
		if (h->progs[k])
			cg_generate(h->progs[k], &h->L, &h->cgo);
	return 0;
}

int dtrace_compile(struct dtrace_hdl *h)
{
	if (h->sources.n == 0)
		return 0;
	return compile_all(h);
}

static const char *map_names[] = {"ringbuf", "gvars", "scratch", "strtab", "pmask", "pinfo", "sysnr"};

static const char *map_name(void *arg, int idx)
{
	static char buf[64];
	struct dtrace_hdl *h = arg;

	(void)h;
	if (idx >= 0 && idx < CGM_DYN0)
		return map_names[idx];
	snprintf(buf, sizeof(buf), "dyn%d", idx - CGM_DYN0);
	if (idx - CGM_DYN0 < h->L.ndyn)
		snprintf(buf, sizeof(buf), "%s%s", h->L.dyn[idx - CGM_DYN0]->scope == VS_THREAD ? "self->" : "",
			 h->L.dyn[idx - CGM_DYN0]->name);
	return buf;
}

void dtrace_dump_programs(struct dtrace_hdl *h, FILE *fp)
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
			insns[p->relocs[i].insn].imm = p->relocs[i].map;
		bpf_disasm(fp, insns, p->ninsns, map_name, h);
		free(insns);
	}
}
