/*
 * dlib.c - the D library: the .d files of declarations shipped with dtrace
 * (the stable types psinfo_t, bufinfo_t, ..., their translators, inlines
 * such as curpsinfo and the constants of the stable providers), found in
 * library directories and compiled by our compiler on the handle, as
 * DTrace's /usr/lib/dtrace is.
 *
 * Where: the directories added with the libdir option (dtrace -L dir,
 * -xlibdir=dir), searched in the order given, then the default directory:
 * lib/dtrace beside the running program (a build tree's build/../lib/dtrace,
 * an installed /usr/local/bin/../lib/dtrace), beside libdtrace.so, or the
 * one the library was built for (DT_LIBDIR).  -xnolibs leaves the default
 * out.  A file name found in an earlier directory hides the same name in
 * later ones, so a user's copy replaces a shipped file.
 *
 * When: DTrace compiles every library file when the handle opens; here a
 * file is compiled only when a unit needs it, so that a script that uses
 * none of it pays nothing (no BTF read, no translator cooked).  The index
 * made on first use lists what each file declares at its top level
 * (typedef names, struct/union/enum tags, enumerators, inline names, the
 * output types of its translators) and the providers it serves
 * (`#pragma D depends_on provider io`); before a unit is compiled, every
 * word of its text that a file declares, or that names a provider a file
 * serves, loads that file, after the files it depends on (`#pragma D
 * depends_on library net.d`).  A word is only a hint (a variable named
 * like a library type loads the file for nothing), never a meaning: what a
 * name means is the compiler's business once the file is loaded.
 *
 * A library file holds declarations only; an error in one is reported as
 * the unit's error, naming the file and line.  A translator member is
 * cooked where a script uses it, so a member that does not compile on the
 * running kernel (a field it lacks) is an error only for a script that uses
 * that member.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../common/util.h"
#include "dt_impl.h"
#include "../front/sema.h"

#ifndef DT_LIBDIR
#define DT_LIBDIR "/usr/local/lib/dtrace"
#endif

struct dlib_file {
	char *name;			/* "procfs.d" */
	char *path;
	struct ptrvec decls;		/* char *: names it declares */
	struct ptrvec providers;	/* char *: depends_on provider */
	struct ptrvec libs;		/* char *: depends_on library */
	int loaded;			/* 1 loading, 2 loaded */
};

/* a name a file declares or a provider it serves, sorted by name */
struct dlib_name {
	const char *name;
	struct dlib_file *f;
};

struct dt_dlib {
	struct ptrvec dirs;		/* char *: the libdir option's, in order */
	char *sysdir;			/* the syslibdir option's, else NULL:
					   the default directory */
	int indexed;
	struct ptrvec files;		/* struct dlib_file * */
	struct dlib_name *names;
	int nnames;
};

static struct dt_dlib *dlib(struct dtrace_hdl *h)
{
	if (!h->dlib)
		h->dlib = xcalloc(1, sizeof(struct dt_dlib));
	return h->dlib;
}

int dt_dlib_add_dir(struct dtrace_hdl *h, const char *dir)
{
	struct dt_dlib *d = dlib(h);

	if (d->indexed)		/* too late: the library is in use */
		return dt_set_errmsg(h, EDT_BADOPTCTX, "libdir cannot be set once a program is compiled");
	pv_push(&d->dirs, xstrdup(dir));
	return 0;
}

/* The system library directory instead of the default (-xsyslibdir). */
int dt_dlib_set_sysdir(struct dtrace_hdl *h, const char *dir)
{
	struct dt_dlib *d = dlib(h);

	if (d->indexed)
		return dt_set_errmsg(h, EDT_BADOPTCTX, "syslibdir cannot be set once a program is compiled");
	free(d->sysdir);
	d->sysdir = xstrdup(dir);
	return 0;
}

static void free_strs(struct ptrvec *v)
{
	for (int i = 0; i < v->n; i++)
		free(v->v[i]);
	free(v->v);
}

void dt_dlib_free(struct dtrace_hdl *h)
{
	struct dt_dlib *d = h->dlib;

	if (!d)
		return;
	free_strs(&d->dirs);
	free(d->sysdir);
	for (int i = 0; i < d->files.n; i++) {
		struct dlib_file *f = d->files.v[i];
		free(f->name);
		free(f->path);
		free_strs(&f->decls);
		free_strs(&f->providers);
		free_strs(&f->libs);
		free(f);
	}
	free(d->files.v);
	free(d->names);
	free(d);
	h->dlib = NULL;
}

static int is_dir(const char *p)
{
	struct stat sb;

	return stat(p, &sb) == 0 && S_ISDIR(sb.st_mode);
}

/* lib/dtrace beside the directory holding file (a program or library) */
static char *beside(const char *file)
{
	char *copy = xstrdup(file), *dir = dirname(copy);
	char *p = xasprintf("%s/../lib/dtrace", dir);

	free(copy);
	if (is_dir(p))
		return p;
	free(p);
	return NULL;
}

/* The default library directory (see the top of this file), or NULL. */
static char *default_dir(void)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	Dl_info info;
	char *p;

	if (n > 0) {
		exe[n] = 0;
		if ((p = beside(exe)))
			return p;
	}
	if (dladdr((void *)dt_dlib_add_dir, &info) && info.dli_fname && (p = beside(info.dli_fname)))
		return p;
	return is_dir(DT_LIBDIR) ? xstrdup(DT_LIBDIR) : NULL;
}

/* ---- the index ---------------------------------------------------------- */

static int word_char(int c, int first)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (!first && c >= '0' && c <= '9');
}

/* Call fn for each word of text outside comments, strings and character
 * constants; a line starting with # is handed to line instead (NULL:
 * skipped).  Cheap enough for every unit. */
static void each_word(const char *text, void (*fn)(void *arg, const char *w, size_t n, int depth),
		      void (*line)(void *arg, const char *s, size_t n), void *arg)
{
	int depth = 0, bol = 1;

	for (const char *p = text; *p;) {
		if (bol) {
			const char *q = p;
			while (*q == ' ' || *q == '\t')
				q++;
			if (*q == '#') {
				const char *e = strchr(q, '\n');
				size_t n = e ? (size_t)(e - q) : strlen(q);
				if (line)
					line(arg, q, n);
				p = q + n;
				continue;
			}
		}
		bol = *p == '\n';
		if (p[0] == '/' && p[1] == '*') {
			const char *e = strstr(p + 2, "*/");
			p = e ? e + 2 : p + strlen(p);
		} else if (p[0] == '/' && p[1] == '/') {
			while (*p && *p != '\n')
				p++;
		} else if (*p == '"' || *p == '\'') {
			char q = *p++;
			while (*p && *p != q && *p != '\n')
				p += p[0] == '\\' && p[1] ? 2 : 1;
			if (*p == q)
				p++;
		} else if (*p >= '0' && *p <= '9') {
			while (word_char((unsigned char)*p, 0))
				p++;
		} else if (*p == ';') {
			fn(arg, p++, 1, depth);
		} else if (word_char((unsigned char)*p, 1)) {
			const char *s = p;
			while (word_char((unsigned char)*p, 0))
				p++;
			fn(arg, s, (size_t)(p - s), depth);
		} else {
			if (*p == '{')
				depth++;
			else if (*p == '}' && depth > 0)
				depth--;
			p++;
		}
	}
}

/*
 * What a file declares, from its words: a top-level statement's kind is
 * its first word; a typedef or a variable declares the last word before
 * its ';', an inline the word before its '=' or '[', a translator the word
 * before its '<' (its output type), "struct/union/enum TAG {" the TAG, and
 * an enum body each enumerator.  The scan is lexical and generous: the
 * index only decides which files to compile.
 */
struct scan {
	struct dlib_file *f;
	const char *text;
	char first[32];		/* first word of the statement at depth 0 */
	char last[128];		/* last word at depth 0 */
	int in_enum;		/* the depth of an enum body, 0 if none */
};

static void add_decl(struct dlib_file *f, const char *w, size_t n)
{
	for (int i = 0; i < f->decls.n; i++)
		if (strlen(f->decls.v[i]) == n && memcmp(f->decls.v[i], w, n) == 0)
			return;
	pv_push(&f->decls, xstrndup(w, n));
}

static void scan_pragma(void *arg, const char *s, size_t n)
{
	struct scan *sc = arg;
	char buf[256], kind[32], name[128];

	snprintf(buf, sizeof(buf), "%.*s", (int)n, s);
	if (sscanf(buf, "#pragma D depends_on %31s %127s", kind, name) != 2)
		return;
	if (strcmp(kind, "provider") == 0)
		pv_push(&sc->f->providers, xstrdup(name));
	else if (strcmp(kind, "library") == 0)
		pv_push(&sc->f->libs, xstrdup(name));
}

static int is(const char *a, const char *b)
{
	return strcmp(a, b) == 0;
}

static void scan_word(void *arg, const char *w, size_t n, int depth)
{
	struct scan *sc = arg;
	const char *after = w + n, *before = w;

	if (n == 1 && *w == ';') {
		if (depth == 0) {
			if (sc->last[0] && !is(sc->first, "inline") && !is(sc->first, "translator") &&
			    !is(sc->first, "provider"))
				add_decl(sc->f, sc->last, strlen(sc->last));
			sc->first[0] = sc->last[0] = 0;
		}
		return;
	}
	while (*after == ' ' || *after == '\t' || *after == '\n' || *after == '*')
		after++;
	while (before > sc->text && (before[-1] == ' ' || before[-1] == '\t' || before[-1] == '\n'))
		before--;
	if (sc->in_enum) {
		if (depth >= sc->in_enum) {
			if (depth == sc->in_enum && before > sc->text && (before[-1] == '{' || before[-1] == ','))
				add_decl(sc->f, w, n);	/* an enumerator */
			return;
		}
		sc->in_enum = 0;
	}
	if (depth > 0)
		return;
	if (!sc->first[0])
		snprintf(sc->first, sizeof(sc->first), "%.*s", (int)n, w);
	if ((is(sc->last, "struct") || is(sc->last, "union") || is(sc->last, "enum")) && *after == '{')
		add_decl(sc->f, w, n);		/* a tag defined here */
	if ((is(sc->last, "enum") || (n == 4 && memcmp(w, "enum", 4) == 0)) && *after == '{')
		sc->in_enum = 1;
	if ((is(sc->first, "inline") && (*after == '=' || *after == '[')) ||
	    (is(sc->first, "translator") && *after == '<'))
		add_decl(sc->f, w, n);
	snprintf(sc->last, sizeof(sc->last), "%.*s", (int)n, w);
}

static void index_file(struct dlib_file *f, const char *text)
{
	struct scan sc;

	memset(&sc, 0, sizeof(sc));
	sc.f = f;
	sc.text = text;
	each_word(text, scan_word, scan_pragma, &sc);
}

static char *read_file(const char *path)
{
	FILE *fp = fopen(path, "r");
	struct strbuf sb;
	char buf[4096];
	size_t n;

	if (!fp)
		return NULL;
	sb_init(&sb);
	while ((n = fread(buf, 1, sizeof(buf), fp)) > 0)
		sb_putn(&sb, buf, n);
	fclose(fp);
	return sb.s;
}

static struct dlib_file *find_file(struct dt_dlib *d, const char *name)
{
	for (int i = 0; i < d->files.n; i++) {
		struct dlib_file *f = d->files.v[i];
		if (strcmp(f->name, name) == 0)
			return f;
	}
	return NULL;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void index_dir(struct dt_dlib *d, const char *dir)
{
	DIR *dp = opendir(dir);
	struct ptrvec names = {0};
	struct dirent *e;

	if (!dp)
		return;
	while ((e = readdir(dp))) {
		size_t n = strlen(e->d_name);
		if (n > 2 && strcmp(e->d_name + n - 2, ".d") == 0 && !find_file(d, e->d_name))
			pv_push(&names, xstrdup(e->d_name));
	}
	closedir(dp);
	if (names.n)	/* qsort takes no NULL array, even empty */
		qsort(names.v, (size_t)names.n, sizeof(char *), cmp_names);
	for (int i = 0; i < names.n; i++) {
		struct dlib_file *f = xcalloc(1, sizeof(*f));
		char *text;
		f->name = names.v[i];
		f->path = xasprintf("%s/%s", dir, f->name);
		text = read_file(f->path);
		if (text)
			index_file(f, text);
		free(text);
		pv_push(&d->files, f);
	}
	free(names.v);
}

static int cmp_dlib_name(const void *a, const void *b)
{
	return strcmp(((const struct dlib_name *)a)->name, ((const struct dlib_name *)b)->name);
}

static void add_names(struct dt_dlib *d, struct dlib_file *f, struct ptrvec *v)
{
	for (int i = 0; i < v->n; i++) {
		d->names = xrealloc(d->names, (size_t)(d->nnames + 1) * sizeof(*d->names));
		d->names[d->nnames].name = v->v[i];
		d->names[d->nnames].f = f;
		d->nnames++;
	}
}

static void make_index(struct dtrace_hdl *h)
{
	struct dt_dlib *d = dlib(h);

	if (d->indexed)
		return;
	d->indexed = 1;
	for (int i = 0; i < d->dirs.n; i++)
		index_dir(d, d->dirs.v[i]);
	if (!h->o.nolibs) {
		char *def = d->sysdir ? xstrdup(d->sysdir) : default_dir();
		if (def)
			index_dir(d, def);
		free(def);
	}
	for (int i = 0; i < d->files.n; i++) {
		struct dlib_file *f = d->files.v[i];
		add_names(d, f, &f->decls);
		add_names(d, f, &f->providers);
	}
	if (d->nnames)	/* (none: no array to sort) */
		qsort(d->names, (size_t)d->nnames, sizeof(*d->names), cmp_dlib_name);
}

/* ---- loading ---------------------------------------------------------- */

static int load_file(struct dtrace_hdl *h, struct dlib_file *f);

static int load_named(struct dtrace_hdl *h, const char *name)
{
	struct dlib_file *f = find_file(dlib(h), name);

	return f ? load_file(h, f) : 0;
}

static int load_file(struct dtrace_hdl *h, struct dlib_file *f)
{
	char *text;
	int rv;

	if (f->loaded)
		return 0;	/* loaded, or being loaded (a dependency cycle) */
	f->loaded = 1;
	for (int i = 0; i < f->libs.n; i++)
		if (load_named(h, f->libs.v[i]) < 0)
			return -1;
	text = read_file(f->path);
	if (!text)
		return dt_set_errmsg(h, EDT_COMPILER, "failed to read D library %s: %s", f->path, strerror(errno));
	rv = dt_compile_library(h, f->path, text);
	free(text);
	if (rv == 0)
		f->loaded = 2;
	return rv;
}

struct want {
	struct dtrace_hdl *h;
	struct ptrvec *need;	/* struct dlib_file * to load */
};

static void want_file(struct want *wt, struct dlib_file *f)
{
	if (f->loaded)
		return;
	for (int k = 0; k < wt->need->n; k++)
		if (wt->need->v[k] == f)
			return;
	pv_push(wt->need, f);
}

/* every file declaring the n bytes at w, or serving a provider so named */
static void want_name(struct want *wt, const char *w, size_t n)
{
	struct dt_dlib *d = dlib(wt->h);
	int lo = 0, hi = d->nnames;

	while (lo < hi) {		/* the first name >= w */
		int mid = (lo + hi) / 2;
		const char *m = d->names[mid].name;
		int c = strncmp(m, w, n);
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (int i = lo; i < d->nnames && strncmp(d->names[i].name, w, n) == 0; i++)
		if (d->names[i].name[n] == 0)
			want_file(wt, d->names[i].f);
}

/* what w names, and for a built-in variable of a library type (curcpu's
 * cpuinfo_t) the file declaring that type */
static void want_word(void *arg, const char *w, size_t n, int depth)
{
	struct want *wt = arg;
	char name[64];
	const char *decl;

	(void)depth;
	want_name(wt, w, n);
	if (n >= sizeof(name))
		return;
	memcpy(name, w, n);
	name[n] = 0;
	if ((decl = sema_builtin_var_decl(name)))
		want_name(wt, decl, strcspn(decl, " *"));
}

/* A control line of the unit: "#pragma D attributes|binding ... NAME"
 * names an identifier, which may be a library's (DTrace has every library
 * loaded: the pragma then cannot modify it, D_PRAGMA_SCOPE) */
static void want_line(void *arg, const char *s, size_t n)
{
	char buf[512], *tok[8], *save = NULL;
	int nt = 0;

	if (n >= sizeof(buf))
		return;
	memcpy(buf, s + 1, n - 1);	/* past the '#' */
	buf[n - 1] = 0;
	for (char *t = strtok_r(buf, " \t\f\v\r", &save); t && nt < 8; t = strtok_r(NULL, " \t\f\v\r", &save))
		tok[nt++] = t;
	if (nt >= 5 && strcmp(tok[0], "pragma") == 0 && strcmp(tok[1], "D") == 0 &&
	    (strcmp(tok[2], "attributes") == 0 || strcmp(tok[2], "binding") == 0))
		want_word(arg, tok[4], strlen(tok[4]), 0);
}

int dt_dlib_prepare(struct dtrace_hdl *h, const char *text)
{
	struct ptrvec need = {0};
	struct want wt = {h, &need};
	int rv = 0;

	make_index(h);
	if (!dlib(h)->files.n)
		return 0;
	each_word(text, want_word, want_line, &wt);
	/* what the loaded files use loads too (their words, transitively) */
	for (int i = 0; i < need.n && rv == 0; i++) {
		struct dlib_file *f = need.v[i];
		char *ftext = f->loaded ? NULL : read_file(f->path);
		if (ftext) {
			each_word(ftext, want_word, NULL, &wt);
			free(ftext);
		}
	}
	/* in the index's order (names within a directory), so that loading
	 * does not depend on the order of a script's words */
	for (int i = 0; i < dlib(h)->files.n && rv == 0; i++)
		for (int k = 0; k < need.n && rv == 0; k++)
			if (need.v[k] == dlib(h)->files.v[i])
				rv = load_file(h, need.v[k]);
	free(need.v);
	return rv;
}

/* For -lv and documentation: the directories searched, in order. */
int dt_dlib_dirs(struct dtrace_hdl *h, const char ***dirs)
{
	struct dt_dlib *d = dlib(h);

	*dirs = (const char **)d->dirs.v;
	return d->dirs.n;
}
