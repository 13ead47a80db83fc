/*
 * pragma.c - control lines as DTrace's dt_pragma.c reads them: line
 * markers, #pragma D option/attributes/binding/depends_on/error, the
 * directives any compiler knows (#ident, #line, #error), and the pragmas
 * left unused at the end of a unit.
 */
#include "parse_int.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../common/attr.h"
#include "../common/version.h"
#include "error.h"
#include "sema.h"
#include "sema_int.h"

/* A version "major.minor[.micro]", as dt_version_str2num reads one. */
/* Is name an identifier the program (not D itself) defines? 1 yes, -1 it
 * is D's own (a built-in variable or function) or defined by an earlier
 * unit (a D library's inline, an earlier program's variable: DTrace's
 * di_gen != dt_gen), 0 not defined. */
static int program_ident(struct parser *ps, const char *name)
{
	int64_t v;

	for (int i = 0; i < ps->prog->globals.n; i++)
		if (strcmp(((struct dt_var *)ps->prog->globals.v[i])->name, name) == 0)
			return i < ps->first_global ? -1 : 1;
	for (int i = 0; i < ps->prog->inlines.n; i++)
		if (strcmp(((struct dt_inline *)ps->prog->inlines.v[i])->name, name) == 0)
			return i < ps->first_inline ? -1 : 1;
	if (types_find_enumerator(ps->cc->types, name, &v))
		return 1;
	if (sema_builtin_var(ps->cc, name) || sema_fn_lookup(ps->cc, name) || sema_is_known_name(ps->cc, name))
		return -1;
	return 0;
}

/*
 * #pragma D attributes / binding naming an identifier: D's own cannot be
 * changed; one the program defines later is waited for, and one still
 * undefined when the unit is parsed is an unused #pragma.
 */
static void pragma_ident(struct parser *ps, int line, const char *prname, const char *name)
{
	int k = program_ident(ps, name);

	if (k < 0)
		dt_error(ps->cc->errs, line, "D_PRAGMA_SCOPE", "#pragma %s cannot modify entity defined outside program scope", prname);
	if (k == 0) {
		struct pending_pragma *pp = pool_calloc(&ps->cc->pool, 1, sizeof(*pp));
		pp->name = pool_strdup(&ps->cc->pool, name);
		pp->vers = ps->binding_vers;
		pp->prname = prname;
		pp->line = line;
		pv_push(&ps->pending, pp);
	}
}

static void pragma_attributes(struct parser *ps, int line, const char *prname, struct ctl_tok *a, int n)
{
	if (n < 2 || a[0].kind != CT_IDENT || a[1].kind != CT_IDENT)
		dt_error(ps->cc->errs, line, "D_PRAGMA_MALFORM", "malformed #pragma %s <attributes> <ident>", prname);
	dtrace_attribute_t attr;
	if (dt_attr_parse(a[0].text, &attr) < 0)
		dt_error(ps->cc->errs, line, "D_PRAGMA_INVAL", "invalid attributes specified by #pragma %s", prname);
	if (strcmp(a[1].text, "provider") != 0) {
		pragma_ident(ps, line, prname, a[1].text);
		return;
	}
	/* ATTRS provider NAME PART (DTrace reads past the end when NAME or
	 * PART is missing; that is malformed here) */
	if (n < 4)
		dt_error(ps->cc->errs, line, "D_PRAGMA_MALFORM", "malformed #pragma %s <attributes> <ident>", prname);
	static const char *const parts[] = {"provider", "module", "function", "name", "args"};
	int known = 0;
	for (int i = 0; i < ps->prog->provdefs.n && !known; i++)
		known = strcmp(((struct dt_provdef *)ps->prog->provdefs.v[i])->name, a[2].text) == 0;
	/* a provider of the system's as well as the program's
	 * (dt_provider_lookup) */
	if (!known && ps->o->depends_on)
		known = ps->o->depends_on(ps->o->arg, "provider", a[2].text);
	if (!known) {
		/* no such provider: DTrace defers the pragma to an
		 * identifier of that name, unused if none comes */
		pragma_ident(ps, line, prname, a[2].text);
		return;
	}
	/* DTrace names the provider where it means the component */
	int ok = 0;
	for (size_t j = 0; j < ARRAY_SIZE(parts); j++)
		ok |= strcmp(parts[j], a[3].text) == 0;
	if (!ok)
		dt_error(ps->cc->errs, line, "D_PRAGMA_INVAL", "invalid component \"%s\" in attribute #pragma for provider %s",
			 a[2].text, a[3].text);
}

static void pragma_binding(struct parser *ps, int line, const char *prname, struct ctl_tok *a, int n)
{
	if (n < 2 || a[0].kind != CT_STRING || a[1].kind != CT_IDENT)
		dt_error(ps->cc->errs, line, "D_PRAGMA_MALFORM", "malformed #pragma %s \"version\" <ident>", prname);
	if (dt_version_parse(a[0].text, &ps->binding_vers) < 0)
		dt_error(ps->cc->errs, line, "D_PRAGMA_INVAL", "invalid version string specified by #pragma %s", prname);
	struct dt_inline *in = pv_find_named(&ps->prog->inlines, a[1].text);
	if (in)		/* defined already: bound now */
		in->vers = ps->binding_vers;
	pragma_ident(ps, line, prname, a[1].text);
	ps->binding_vers = 0;
}

static void pragma_depends(struct parser *ps, int line, const char *prname, struct ctl_tok *a, int n)
{
	int found;

	if (n < 2 || a[0].kind != CT_IDENT || a[1].kind != CT_IDENT)
		dt_error(ps->cc->errs, line, "D_PRAGMA_MALFORM", "malformed #pragma %s <class> <name>", prname);
	if (ps->o->library)	/* which files load, and when, is dlib.c's */
		return;
	if (strcmp(a[0].text, "library") == 0)	/* only a library may depend on one */
		dt_error(ps->cc->errs, line, "D_PRAGMA_DEPEND", "main program may not explicitly depend on a library");
	if (strcmp(a[0].text, "provider") != 0 && strcmp(a[0].text, "module") != 0)
		dt_error(ps->cc->errs, line, "D_PRAGMA_INVAL", "invalid class %s specified by #pragma %s", a[0].text, prname);
	found = 1;
	if (strcmp(a[0].text, "provider") == 0)
		for (int i = 0; i < ps->prog->provdefs.n && found; i++)
			found = strcmp(((struct dt_provdef *)ps->prog->provdefs.v[i])->name, a[1].text) != 0;
	if (found && ps->o->depends_on)
		found = ps->o->depends_on(ps->o->arg, a[0].text, a[1].text);
	else
		found = 1;
	if (!found)
		dt_error(ps->cc->errs, line, "D_PRAGMA_DEPEND", "program requires %s %s", a[0].text, a[1].text);
}

static void pragma_error(struct parser *ps, int line, const char *prname, struct ctl_tok *a, int n)
{
	struct strbuf sb;

	sb_init(&sb);
	for (int i = 0; i < n; i++) {
		if (a[i].kind == CT_INT)
			continue;	/* DTrace joins its identifiers and strings */
		sb_puts(&sb, a[i].text);
		sb_putc(&sb, ' ');
	}
	char *msg = pool_strdup(&ps->cc->pool, sb.s);	/* the error unwinds */
	sb_free(&sb);
	dt_error(ps->cc->errs, line, "D_PRAGERR", "#%s: %s", prname, msg);
}

static void pragma_option(struct parser *ps, int line, const char *prname, struct ctl_tok *a, int n)
{
	if (n < 1 || a[0].kind != CT_IDENT)
		dt_error(ps->cc->errs, line, "D_PRAGMA_MALFORM", "malformed #pragma %s <option>=<val>", prname);
	if (n > 1)
		dt_error(ps->cc->errs, line, "D_PRAGMA_MALFORM", "superfluous arguments specified for #pragma %s", prname);
	char *eq = strchr(a[0].text, '=');
	if (eq)
		*eq = 0;
	if (ps->o->on_option)
		ps->o->on_option(ps->o->arg, line, a[0].text, eq ? eq + 1 : NULL);
}

/* # N ["file" [flags...]]: the number of the next line.  As DTrace's
 * dt_pragma_line: the file (but "/dev/stdin", the main input cpp read) is
 * the one later errors name, taken before the flags after the first are
 * checked. */
static int pragma_line(struct parser *ps, int line, const char *prname, struct ctl_tok *a, int n)
{
	struct dt_errstate *es = ps->cc->errs;

	if (n < 1 || a[0].kind != CT_INT || (n > 1 && a[1].kind != CT_STRING) || (n > 2 && a[2].kind != CT_INT))
		dt_error(es, line, "D_PRAGMA_MALFORM", "malformed #%s <line> [ [\"file\"] state ]", prname);
	if (n > 1) {
		if (strcmp(a[1].text, "/dev/stdin") != 0)
			snprintf(es->file, sizeof(es->file), "%s", a[1].text);
		else
			es->file[0] = 0;
	}
	for (int i = 3; i < n; i++)
		if (a[i].kind != CT_INT)
			dt_error(es, line, "D_PRAGMA_MALFORM", "malformed #%s <line> [ [\"file\"] state ]", prname);
	return (int)a[0].ival;
}

const char *pragma_file(struct parser *ps)
{
	return ps->cc->errs->file[0] ? pool_strdup(&ps->cc->pool, ps->cc->errs->file) : NULL;
}

/*
 * A control line, as DTrace's dt_pragma reads it: "# N" is a line marker;
 * "#pragma D name ..." one of D's pragmas, "#pragma name ..." a pragma
 * any compiler knows (unknown ones ignored), "#name ..." a directive.
 */
int pragma_control(void *arg, int line, struct ctl_tok *t, int n)
{
	enum { DIR, SUB, DCP };		/* after #, after #pragma, after #pragma D */
	static const struct {
		const char *name;
		int kind;
	} known[] = {
		{"attributes", DCP}, {"binding", DCP}, {"depends_on", DCP}, {"error", DIR},
		{"ident", DIR}, {"line", DIR}, {"option", DCP},
	};
	struct parser *ps = arg;
	int kind = DIR;

	for (int i = 0; i < n; i++) {
		if (t[i].kind == CT_INT)
			return pragma_line(ps, line, "line", t + i, n - i);
		if (t[i].kind != CT_IDENT)
			dt_error(ps->cc->errs, line, "D_PRAGCTL_INVAL", "invalid control directive");
		if (kind == DIR && strcmp(t[i].text, "pragma") == 0) {
			kind = SUB;
			continue;
		}
		if (kind == SUB && strcmp(t[i].text, "D") == 0) {
			kind = DCP;
			continue;
		}
		const char *name = NULL;
		for (size_t k = 0; k < ARRAY_SIZE(known) && !name; k++)
			if (known[k].kind <= kind && strcmp(known[k].name, t[i].text) == 0)
				name = known[k].name;
		struct ctl_tok *a = t + i + 1;
		int na = n - i - 1;
		if (!name) {
			if (kind == DIR)
				dt_error(ps->cc->errs, line, "D_PRAGCTL_INVAL", "invalid control directive: #%s", t[i].text);
			if (kind == DCP)
				dt_error(ps->cc->errs, line, "D_PRAGMA_INVAL", "invalid D pragma: %s", t[i].text);
			return -1;	/* an unknown #pragma: ignored */
		}
		if (strcmp(name, "attributes") == 0)
			pragma_attributes(ps, line, name, a, na);
		else if (strcmp(name, "binding") == 0)
			pragma_binding(ps, line, name, a, na);
		else if (strcmp(name, "depends_on") == 0)
			pragma_depends(ps, line, name, a, na);
		else if (strcmp(name, "error") == 0)
			pragma_error(ps, line, name, a, na);
		else if (strcmp(name, "option") == 0)
			pragma_option(ps, line, name, a, na);
		else if (strcmp(name, "line") == 0)
			/* dt_pragma: a named directive leaves yylineno one
			 * past what dt_pragma_line set ("#line 10": the next
			 * line is 11), unlike a bare line marker ("# 10") */
			return pragma_line(ps, line, name, a, na) + 1;
		return -1;	/* #ident: ignored */
	}
	return -1;
}

/* Whether the unit defines a translator after line (one that ends
 * there: the parser has read a line past it when it stores it). */
/* The version a pending #pragma D binding "v" translator gives the
 * translator just defined (0: none), as dt_xlator_create applies and
 * drops the deferred pragma. */
uint32_t pragma_translator_binding(struct parser *ps)
{
	for (int i = 0; i < ps->pending.n; i++) {
		struct pending_pragma *pp = ps->pending.v[i];
		if (!pp->applied && pp->vers && strcmp(pp->name, "translator") == 0) {
			pp->applied = 1;
			return pp->vers;
		}
	}
	return 0;
}

static int xlator_after(struct parser *ps, int line)
{
	for (int i = ps->first_xlator; i < ps->prog->xlators.n; i++)
		if (((struct dt_xlator *)ps->prog->xlators.v[i])->line > line)
			return 1;
	return 0;
}

/* After the unit is parsed: a #pragma attributes or binding whose
 * identifier the program never defined is an error (dt_idpragma).  One
 * naming "translator" is for the next translator defined (DTrace's
 * dt_xlator_create): unused if none came after it. */
void pragmas_unused(struct parser *ps)
{
	for (int i = 0; i < ps->pending.n; i++) {
		struct pending_pragma *pp = ps->pending.v[i];
		if (strcmp(pp->name, "translator") == 0 && xlator_after(ps, pp->line))
			continue;
		/* a binding ties the inline defined since to its version */
		struct dt_inline *in = pp->vers ? pv_find_named(&ps->prog->inlines, pp->name) : NULL;
		if (in)
			in->vers = pp->vers;
		if (program_ident(ps, pp->name) == 0)
			dt_error(ps->cc->errs, pp->line, "D_PRAGMA_UNUSED", "unused #pragma %s", pp->prname);
	}
}
