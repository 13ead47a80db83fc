/*
 * hdrgen.c - dtrace_program_header(), what dtrace -h writes: a C header of
 * the provider definitions compiled on a handle, for the application that
 * has those probes (USDT).
 *
 * The header's shape is DTrace's (illumos's dt_program.c): an include guard
 * named after the file, <unistd.h>, extern "C", and for each probe the
 * macros PROVIDER_PROBE(arg0, ...) and PROVIDER_PROBE_ENABLED() (names
 * upper-cased, each '-' of DTrace's probe name a '_') calling
 * __dtrace_provider___probe() and __dtraceenabled_provider___probe(), with
 * empty macros when _DTRACE_VERSION is 0.  What differs is what those
 * functions are: on Solaris, undefined functions that dtrace -G rewrites in
 * the objects; here, always-inlined functions whose GNU inline assembly
 * makes a sys/sdt.h-compatible probe site, so the application builds with
 * any GNU C compiler and no extra link step (and no <sys/sdt.h>):
 *
 *  - a nop at the site and a .note.stapsdt note (owner "stapsdt", type 3):
 *    the nop's address, the .stapsdt.base address (the load bias reference
 *    sys/sdt.h readers use; one byte in a comdat section, defined once per
 *    assembly file under .ifndef), the semaphore's address, the provider,
 *    the probe name as the definition wrote it ("request__start") and the
 *    arguments "SIZE@OPERAND ..." (SIZE negative for a signed type; the
 *    operand is where the compiler put the value: %reg, $imm, off(%reg));
 *    SIZE comes from the definition's type, the value is converted to it
 *    by the function's prototype, as DTrace's prototypes do;
 *  - the semaphore, "unsigned short provider_probe_semaphore" in .probes,
 *    which a tracer increments (the kernel's uprobe reference counter):
 *    _ENABLED() reads it.  It is weak and hidden, so every file of a
 *    program or library that includes the header shares one, and a library
 *    has its own;
 *  - a .note.dtrace note (owner "dtrace", type 1), once per probe in each
 *    file that includes the header: provider NUL probe NUL then each
 *    argument's D type as the definition wrote it, NUL-terminated, back to
 *    back (the note's size ends the list).  The USDT provider types args[]
 *    from it.  It has the input (native) types, in the order of the
 *    stapsdt arguments; an output prototype (probe p(...) : (...)) is
 *    checked by the compiler but not recorded here.
 */
#include "dt_impl.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../front/sema.h"

/* What GNU inline asm can take: gcc's limit on an asm's operands. */
#define HDR_MAXARGS 30

/* DTrace's macro form of a name: upper case, '-' and '.' (and anything
 * else a macro name cannot have) as '_'. */
static char *macro_name(const char *s)
{
	char *m = xstrdup(s);

	for (char *p = m; *p; p++)
		*p = isalnum((unsigned char)*p) ? (char)toupper((unsigned char)*p) : '_';
	return m;
}

/* DTrace's function form of a name: each '-' as "__". */
static char *func_name(const char *s)
{
	struct strbuf sb;

	sb_init(&sb);
	for (; *s; s++)
		sb_puts(&sb, *s == '-' ? "__" : (char[]){*s, 0});
	return sb.s ? sb.s : xstrdup("");
}

/* The C type of an argument: the definition's, but D's string is a char *. */
static const char *c_type(const struct dt_probearg *a)
{
	return a->type->kind == TY_STRING ? "char *" : a->tname;
}

/* The sys/sdt.h size of an argument ("-4", "8", "8f"), or NULL when the
 * note cannot describe a value of its type (a struct passed by value). */
static const char *sdt_size(const struct dt_probearg *a, char *buf, size_t len)
{
	const struct dt_type *t = a->type;

	switch (t->kind) {
	case TY_INT:
	case TY_ENUM:
		snprintf(buf, len, "%s%u", t->is_signed ? "-" : "", t->size);
		return buf;
	case TY_PTR:
	case TY_ARRAY:
	case TY_STRING:
		return "8";
	case TY_FLOAT:
		if (t->size > 8)
			return NULL;
		snprintf(buf, len, "%uf", t->size);
		return buf;
	default:
		return NULL;
	}
}

struct hdr {
	struct dtrace_hdl *h;
	FILE *out;
	const struct dt_provdef *pv;
	char *pmacro, *pfunc;	/* the provider's macro and function forms */
};

static void probe_macros(struct hdr *x, const struct dt_probedef *pr, int empty)
{
	char *m = macro_name(pr->name), *f = func_name(pr->name);

	fprintf(x->out, "#define\t%s_%s(", x->pmacro, m);
	for (int i = 0; i < pr->nargc; i++)
		fprintf(x->out, "%sarg%d", i ? ", " : "", i);
	if (empty) {
		fprintf(x->out, ")\n#define\t%s_%s_ENABLED() (0)\n", x->pmacro, m);
	} else {
		fprintf(x->out, ") \\\n\t__dtrace_%s___%s(", x->pfunc, f);
		for (int i = 0; i < pr->nargc; i++)
			fprintf(x->out, "%sarg%d", i ? ", " : "", i);
		fprintf(x->out, ")\n#define\t%s_%s_ENABLED() \\\n\t__dtraceenabled_%s___%s()\n", x->pmacro, m,
			x->pfunc, f);
	}
	free(m);
	free(f);
}

/* The semaphore, the probe and is-enabled functions, the types note. */
static int probe_decls(struct hdr *x, const struct dt_probedef *pr)
{
	char *f = func_name(pr->name), *sem;
	char buf[16];

	if (pr->nargc > HDR_MAXARGS) {
		dt_set_errmsg(x->h, EINVAL, "probe %s:::%s has %d arguments: a probe site passes at most %d",
			      x->pv->name, pr->name, pr->nargc, HDR_MAXARGS);
		free(f);
		return -1;
	}
	for (int i = 0; i < pr->nargc; i++)
		if (!sdt_size(&pr->nargv[i], buf, sizeof(buf))) {
			dt_set_errmsg(x->h, EINVAL,
				      "probe %s:::%s argument #%d is of type %s: a probe passes integers, pointers "
				      "and floating-point values",
				      x->pv->name, pr->name, i + 1, pr->nargv[i].tname);
			free(f);
			return -1;
		}
	sem = xasprintf("%s_%s_semaphore", x->pfunc, f);

	fprintf(x->out, "/* %s:::%s */\n", x->pv->name, pr->name);
	fprintf(x->out, "volatile unsigned short %s\n"
			"    __attribute__((__weak__, __visibility__(\"hidden\"), __section__(\".probes\"), "
			"__used__)) = 0;\n", sem);
	fprintf(x->out, "static __inline__ __attribute__((__always_inline__)) void\n__dtrace_%s___%s(",
		x->pfunc, f);
	for (int i = 0; i < pr->nargc; i++)
		fprintf(x->out, "%s%s __dtrace_a%d", i ? ", " : "", c_type(&pr->nargv[i]), i);
	fprintf(x->out, "%s)\n{\n", pr->nargc ? "" : "void");
	fprintf(x->out, "\t__asm__ __volatile__(_DTRACE_STAPSDT_HEAD\n"
			"\t    \"\\t.8byte %s\\n\"\n"
			"\t    \"\\t.asciz \\\"%s\\\"\\n\"\n"
			"\t    \"\\t.asciz \\\"%s\\\"\\n\"\n"
			"\t    \"\\t.asciz \\\"", sem, x->pv->name, f);
	for (int i = 0; i < pr->nargc; i++)
		fprintf(x->out, "%s%s@%%%d", i ? " " : "", sdt_size(&pr->nargv[i], buf, sizeof(buf)), i);
	fprintf(x->out, "\\\"\\n\"\n\t    _DTRACE_STAPSDT_TAIL\n\t    : :");
	for (int i = 0; i < pr->nargc; i++)
		fprintf(x->out, "%s \"nor\" (__dtrace_a%d)", i ? "," : "", i);
	fprintf(x->out, ");\n\t__asm__ __volatile__(_DTRACE_STAPSDT_BASE);\n}\n");
	fprintf(x->out, "static __inline__ __attribute__((__always_inline__)) int\n"
			"__dtraceenabled_%s___%s(void)\n{\n"
			"\treturn __builtin_expect(%s != 0, 0);\n}\n", x->pfunc, f, sem);
	fprintf(x->out, "__asm__(_DTRACE_TYPES_HEAD\n"
			"    \"\\t.asciz \\\"%s\\\"\\n\"\n"
			"    \"\\t.asciz \\\"%s\\\"\\n\"\n", x->pv->name, f);
	for (int i = 0; i < pr->nargc; i++)
		fprintf(x->out, "    \"\\t.asciz \\\"%s\\\"\\n\"\n", pr->nargv[i].tname);
	fprintf(x->out, "    _DTRACE_TYPES_TAIL);\n\n");
	free(sem);
	free(f);
	return 0;
}

/*
 * The assembly every probe shares, defined once however many generated
 * headers a file includes.  Labels are numeric local ones (990-998), as
 * sys/sdt.h's, so that a site can be repeated (inlined, unrolled).  Names
 * and descriptions are padded to 4 bytes, their sizes without the padding.
 */
static const char shared_asm[] =
	"#if _DTRACE_VERSION && !defined(_DTRACE_STAPSDT_HEAD)\n"
	"/* a probe site: a nop and its .note.stapsdt note, up to the semaphore */\n"
	"#define\t_DTRACE_STAPSDT_HEAD \\\n"
	"\t\"990:\\tnop\\n\" \\\n"
	"\t\"\\t.pushsection .note.stapsdt,\\\"?\\\",\\\"note\\\"\\n\" \\\n"
	"\t\"\\t.balign 4\\n\" \\\n"
	"\t\"\\t.4byte 992f-991f, 994f-993f, 3\\n\" \\\n"
	"\t\"991:\\t.asciz \\\"stapsdt\\\"\\n\" \\\n"
	"\t\"992:\\t.balign 4\\n\" \\\n"
	"\t\"993:\\t.8byte 990b\\n\" \\\n"
	"\t\"\\t.8byte _.stapsdt.base\\n\"\n"
	"#define\t_DTRACE_STAPSDT_TAIL \\\n"
	"\t\"994:\\t.balign 4\\n\" \\\n"
	"\t\"\\t.popsection\\n\"\n"
	"/* the load bias reference: one byte per object */\n"
	"#define\t_DTRACE_STAPSDT_BASE \\\n"
	"\t\".ifndef _.stapsdt.base\\n\" \\\n"
	"\t\"\\t.pushsection .stapsdt.base,\\\"aG\\\",\\\"progbits\\\",.stapsdt.base,comdat\\n\" \\\n"
	"\t\"\\t.weak _.stapsdt.base\\n\" \\\n"
	"\t\"\\t.hidden _.stapsdt.base\\n\" \\\n"
	"\t\"_.stapsdt.base:\\t.space 1\\n\" \\\n"
	"\t\"\\t.size _.stapsdt.base, 1\\n\" \\\n"
	"\t\"\\t.popsection\\n\" \\\n"
	"\t\".endif\\n\"\n"
	"/* a probe's argument types: a .note.dtrace note */\n"
	"#define\t_DTRACE_TYPES_HEAD \\\n"
	"\t\"\\t.pushsection .note.dtrace,\\\"\\\",\\\"note\\\"\\n\" \\\n"
	"\t\"\\t.balign 4\\n\" \\\n"
	"\t\"\\t.4byte 996f-995f, 998f-997f, 1\\n\" \\\n"
	"\t\"995:\\t.asciz \\\"dtrace\\\"\\n\" \\\n"
	"\t\"996:\\t.balign 4\\n\" \\\n"
	"\t\"997:\"\n"
	"#define\t_DTRACE_TYPES_TAIL \\\n"
	"\t\"998:\\t.balign 4\\n\" \\\n"
	"\t\"\\t.popsection\\n\"\n"
	"#endif\n\n";

static int provider(struct hdr *x, const struct dt_prog *P)
{
	const struct dt_provdef *pv = x->pv;
	int err = 0;

	x->pmacro = macro_name(pv->name);
	x->pfunc = func_name(pv->name);
	fprintf(x->out, "#if _DTRACE_VERSION\n\n");
	for (int i = 0; i < pv->probes.n; i++)
		probe_macros(x, sema_provider_probe(P, pv, ((struct dt_probedef *)pv->probes.v[i])->name), 0);
	fprintf(x->out, "\n\n");
	for (int i = 0; i < pv->probes.n && !err; i++)
		err = probe_decls(x, sema_provider_probe(P, pv, ((struct dt_probedef *)pv->probes.v[i])->name));
	fprintf(x->out, "\n#else\n\n");
	for (int i = 0; i < pv->probes.n; i++)
		probe_macros(x, sema_provider_probe(P, pv, ((struct dt_probedef *)pv->probes.v[i])->name), 1);
	fprintf(x->out, "\n#endif\n\n");
	free(x->pmacro);
	free(x->pfunc);
	return err;
}

int dtrace_program_header(dtrace_hdl_t *h, FILE *out, const char *fname)
{
	struct hdr x = {.h = h, .out = out};
	char *guard = NULL;

	if (!out)
		return dt_set_errno(h, EINVAL);
	if (fname) {
		const char *base = strrchr(fname, '/');
		guard = macro_name(base ? base + 1 : fname);
		fprintf(out, "#ifndef\t_%s\n#define\t_%s\n\n", guard, guard);
	}
	/* inttypes.h: a definition's types may be C99's (uint64_t, ...) */
	fprintf(out, "#include <unistd.h>\n#include <inttypes.h>\n\n");
	fprintf(out, "#ifdef\t__cplusplus\nextern \"C\" {\n#endif\n\n");
	fprintf(out, "#ifdef\t__GNUC__\n#pragma GCC system_header\n#endif\n\n");
	fprintf(out, "#ifndef\t_DTRACE_VERSION\n#define\t_DTRACE_VERSION\t1\n#endif\n\n");
	fputs(shared_asm, out);
	for (int i = 0; i < h->prog.provdefs.n; i++) {
		x.pv = h->prog.provdefs.v[i];
		if (x.pv->first)
			continue;	/* a redeclaration: its probes are the first's */
		if (provider(&x, &h->prog) != 0) {
			free(guard);
			return -1;
		}
	}
	fprintf(out, "\n#ifdef\t__cplusplus\n}\n#endif\n");
	if (guard)
		fprintf(out, "\n#endif\t/* _%s */\n", guard);
	free(guard);
	if (fflush(out) != 0 || ferror(out))
		return dt_set_errno(h, errno ? errno : EIO);
	return 0;
}
