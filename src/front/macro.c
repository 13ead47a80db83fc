/*
 * macro.c - D's macro arguments ($0, $1.., $$1..) and macro variables
 * ($pid, $target..), by DTrace's rules (dt_lex.l, dtrace_xstr2desc in
 * dt_subr.c, dt_compile in dt_cc.c):
 *
 *   - in an expression, $N is replaced, as the parser reads it, by the
 *     token its text spells: an integer (with an optional sign), an
 *     identifier, or else a string, whose enclosing double quotes are
 *     stripped (so `dtrace -s x.d '"cat"'` and `dtrace -s x.d cat-1` both
 *     give strings); $$N is always a string; both decode C escapes;
 *   - with the defaultargs option an argument not given is "0" for $N and
 *     "" for $$N, else it is D_MACRO_UNDEF;
 *   - in a probe description the first '$' of each field is replaced by
 *     the text of argument N or the value of a macro variable ($ and $$ are
 *     the same there), and an argument not given is an error even with
 *     defaultargs (DTrace's EDT_BADSPCV);
 *   - a unit must reference its last argument unless the argref option is
 *     set (D_MACRO_UNUSED), wherever it referenced it.
 * Which arguments the unit referenced lives on the compiler context.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lex.h"
#include "sema_int.h"

/* Forget the references of the last unit; called before a unit is parsed. */
void macro_unit_start(struct dt_cc *cc)
{
	int n = cc->opts.nmacro_args > 0 ? cc->opts.nmacro_args : 1;

	free(cc->macro_used);
	cc->macro_used = xcalloc((size_t)n, 1);
	cc->nmacro_used = n;
}

int dt_cc_macro_used(struct dt_cc *cc, int i)
{
	return i >= 0 && i < cc->nmacro_used && cc->macro_used[i];
}

/* The text of argument i (a reference to it), or dflt when it was not given
 * and defaultargs is set; NULL when it was not given. */
static const char *arg_text(struct dt_cc *cc, long i, const char *dflt)
{
	if (i >= 0 && i < cc->opts.nmacro_args) {
		if (i < cc->nmacro_used)
			cc->macro_used[i] = 1;
		return cc->opts.macro_args[i];
	}
	return cc->opts.defaultargs ? dflt : NULL;
}

int macro_var_value(struct dt_cc *cc, const char *name, long *v)
{
	if (strcmp(name, "pid") == 0)
		*v = getpid();
	else if (strcmp(name, "ppid") == 0)
		*v = getppid();
	else if (strcmp(name, "uid") == 0)
		*v = (long)getuid();
	else if (strcmp(name, "euid") == 0)
		*v = (long)geteuid();
	else if (strcmp(name, "gid") == 0)
		*v = (long)getgid();
	else if (strcmp(name, "egid") == 0)
		*v = (long)getegid();
	else if (strcmp(name, "pgid") == 0)
		*v = getpgid(0);
	else if (strcmp(name, "sid") == 0)
		*v = getsid(0);
	else if (strcmp(name, "target") == 0)
		*v = cc->opts.target;
	else if (strcmp(name, "projid") == 0 || strcmp(name, "taskid") == 0)
		*v = 0;		/* Solaris projects and tasks: Linux has none */
	else
		return -1;
	return 0;
}

/* DTrace's strbadidnum(): is the text neither an integer strtoull reads
 * whole nor a run of identifier characters? */
static int bad_idnum(const char *s)
{
	char *end;

	if (!*s)
		return 1;
	errno = 0;
	(void)strtoull(s, &end, 0);
	if (errno == 0 && *end == 0)
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_' && *s != '`')
			return 1;
	return 0;
}

static struct node *string_node(struct dt_cc *cc, const char *s, size_t len, int line)
{
	struct node *n = node_new(cc, N_STR, line);

	n->sval = pool_strndup(&cc->pool, s, len);
	n->slen = lex_unescape(n->sval);
	return n;
}

/* An integer argument: digits as strtoull reads them (0x.., 0..), then
 * C's u/l suffixes, which type it as a literal's would. */
static struct node *int_node(struct dt_cc *cc, const char *name, const char *v, int line)
{
	int neg = *v == '-';
	const char *digits = (*v == '-' || *v == '+') ? v + 1 : v;
	char *end;
	int u = 0, l = 0;

	errno = 0;
	uint64_t iv = strtoull(digits, &end, 0);
	if (errno == ERANGE)
		dt_error(cc->errs, line, "D_MACRO_OFLOW", "macro argument $%s constant %s results in integer overflow", name,
			 digits);
	for (const char *p = end; *p; p++) {
		if ((*p == 'u' || *p == 'U') && !u && !l)
			u = 1;
		else if ((*p == 'l' || *p == 'L') && l < 2)
			l++;
		else
			dt_error(cc->errs, line, "D_INT_DIGIT", "constant %s contains invalid digit %c", digits, *p);
	}
	struct node *n = node_new(cc, N_INT, line);
	n->ival = iv;
	n->sval = pool_strdup(&cc->pool, digits);
	n->op = u | (l << 1) | (*digits != '0' ? 8 : 0);	/* as parse_primary's T_INT */
	if (!neg)
		return n;
	struct node *m = node_new(cc, N_UNARY, line);
	m->op = T_MINUS;
	m->kids[0] = n;
	return m;
}

struct node *macro_arg_node(struct dt_cc *cc, const char *name, int dbl, int line)
{
	long i = strtol(name, NULL, 10);
	const char *v = arg_text(cc, i, dbl ? "" : "0");

	if (!v)
		dt_error(cc->errs, line, "D_MACRO_UNDEF", "macro argument %s%s is not defined", dbl ? "$$" : "$", name);
	if (dbl)
		return string_node(cc, v, strlen(v), line);
	if (bad_idnum(v)) {
		size_t len = strlen(v);
		if (len != 1 && v[0] == '"' && v[len - 1] == '"')
			return string_node(cc, v + 1, len - 2, line);
		return string_node(cc, v, len, line);
	}
	if (isdigit((unsigned char)v[0]) || v[0] == '-' || v[0] == '+')
		return int_node(cc, name, v, line);
	/* an identifier: a variable, inline or enumerator by that name (DTrace
	 * may also take it as a type name; this parser does not: casts and
	 * sizeof of a macro argument are not supported) */
	struct node *n = node_new(cc, N_IDENT, line);
	n->sval = pool_strdup(&cc->pool, v);
	return n;
}

/* One field of a probe description with its first '$' replaced; NULL when
 * the macro is not defined. */
static char *expand_field(struct dt_cc *cc, const char *f)
{
	const char *v = strchr(f, '$'), *rest, *text;
	char buf[32];

	if (!v)
		return pool_strdup(&cc->pool, f);
	const char *d = v[1] == '$' && v[2] ? v + 1 : v;	/* $$ is $ here */
	if (isdigit((unsigned char)d[1])) {
		char *end;
		errno = 0;
		long i = strtol(d + 1, &end, 10);
		rest = end;
		if (errno || i < 0 || i >= cc->opts.nmacro_args)
			return NULL;
		text = arg_text(cc, i, NULL);
	} else {
		long val;
		if (!d[1] || macro_var_value(cc, d + 1, &val) < 0)
			return NULL;	/* the name is all the rest of the field */
		snprintf(buf, sizeof(buf), "%d", (int)val);
		text = buf;
		rest = "";
	}
	return pool_asprintf(&cc->pool, "%.*s%s%s", (int)(v - f), f, text, rest);
}

void macro_expand_pdesc(struct dt_cc *cc, struct dt_pdesc *pd)
{
	char **fields[4] = {&pd->prov, &pd->mod, &pd->func, &pd->name};

	for (int i = 0; i < 4; i++) {
		char *x = expand_field(cc, *fields[i]);
		if (!x)
			dt_error(cc->errs, pd->line, "D_PDESC_INVAL",
				 "invalid probe description \"%s\": Undefined macro variable in probe description", pd->text);
		pool_release(&cc->pool, *fields[i]);
		*fields[i] = x;
	}
}

void macro_check_unused(struct dt_cc *cc, int line)
{
	int last = cc->opts.nmacro_args - 1;

	/* DTrace checks the last argument only: one that is used implies the
	 * script takes that many */
	if (last > 0 && !cc->opts.argref && !dt_cc_macro_used(cc, last))
		dt_error(cc->errs, line, "D_MACRO_UNUSED", "extraneous argument '%s' ($%d is not referenced)",
			 cc->opts.macro_args[last], last);
}
