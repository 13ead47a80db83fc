/*
 * dwatch_script.c - dwatch(1)'s profiles and the D program it runs: where
 * profiles are, what a profile file holds, and the program made of the
 * probe, the profile and the options (FreeBSD's dwatch builds the same
 * program in sh; here it is made in C and compiled with libdtrace).
 *
 * A profile is a file NAME.d in a profiles directory: a comment saying
 * what it watches, then sections, each opened by a line that is exactly
 *
 *	/\*@ KIND *\/   or   /\*@ KIND VARIANT *\/
 *
 * and running to the next such line.  KIND is one of
 *
 *	probe	 the probe descriptions watched, comma separated
 *	clauses	 D put before the event's clause: declarations and clauses
 *		 on $PROBE that set this-> variables the others read
 *	test	 the event's predicate (-t replaces it)
 *	tag	 D printing what comes after the date instead of
 *		 "uid.gid execname[pid]: " (for probes that fire outside the
 *		 process they are about: a packet, a disk's completion)
 *	details	 D printing the details (-E replaces it)
 *	ignores	 the filter options that mean nothing for these probes
 *		 (letters of k z g p u R), which dwatch then leaves out
 *
 * A section with a VARIANT is for the profile of that name only, so that
 * one file makes several profiles (tcp, tcp-connect, ...): `probe VARIANT`
 * declares the variant, and for every other kind a variant's own section
 * is taken before the file's plain one.  In the text, $PROFILE is the
 * profile's name, $PROBE the probes watched and ${DWATCH_NAME:-N} the
 * environment variable DWATCH_NAME, a number, or N.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dwatch.h"

#ifndef DWATCH_PROFDIR
#define DWATCH_PROFDIR "/usr/local/share/dtrace/dwatch"
#endif

/* ---- small helpers ------------------------------------------------------- */

static void *dw_realloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		dw_die("out of memory");
	return p;
}

char *dw_strdup(const char *s)
{
	size_t n = strlen(s) + 1;
	return memcpy(dw_realloc(NULL, n), s, n);
}

void dw_addn(struct dw_buf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->s = dw_realloc(b->s, b->cap);
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = 0;
}

void dw_add(struct dw_buf *b, const char *fmt, ...)
{
	va_list ap;
	char small[256];
	int n;

	va_start(ap, fmt);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n < sizeof(small)) {
		dw_addn(b, small, (size_t)n);
		return;
	}
	char *big = dw_realloc(NULL, (size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	va_end(ap);
	dw_addn(b, big, (size_t)n);
	free(big);
}

void dw_push(struct dw_list *l, const char *s)
{
	l->v = dw_realloc(l->v, (size_t)(l->n + 1) * sizeof(*l->v));
	l->v[l->n++] = s;
}

/* ---- where profiles are ------------------------------------------------ */

/*
 * DWATCH_PROFILES_PATH (colon separated, FreeBSD's variable) when set;
 * else beside the program (the build tree's build/dwatch finds share/dwatch;
 * an installed bin/dwatch finds share/dtrace/dwatch), then the directory
 * `make install` put them in.
 */
void dw_profile_dirs(struct dw_list *dirs)
{
	const char *env = getenv("DWATCH_PROFILES_PATH");
	char exe[PATH_MAX];
	ssize_t n;

	if (env) {
		char *copy = dw_strdup(env), *save = NULL;
		for (char *d = strtok_r(copy, ":", &save); d; d = strtok_r(NULL, ":", &save))
			dw_push(dirs, d);
		return;
	}
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		exe[n] = 0;
		char *slash = strrchr(exe, '/');
		if (slash) {
			struct dw_buf b = {0};
			*slash = 0;
			dw_add(&b, "%s/../share/dwatch", exe);
			dw_push(dirs, b.s);
			b = (struct dw_buf){0};
			dw_add(&b, "%s/../share/dtrace/dwatch", exe);
			dw_push(dirs, b.s);
		}
	}
	dw_push(dirs, DWATCH_PROFDIR);
}

/* ---- reading a profile ------------------------------------------------- */

/* "/\*@ KIND [VARIANT] *\/": 1 and the words, else 0 */
static int section_line(const char *line, size_t len, char kind[64], char variant[64])
{
	while (len && isspace((unsigned char)line[len - 1]))
		len--;
	if (len < 7 || strncmp(line, "/*@ ", 4) || strncmp(line + len - 3, " */", 3))
		return 0;
	char words[256];
	size_t wl = len - 7;
	if (wl >= sizeof(words))
		return 0;
	memcpy(words, line + 4, wl);
	words[wl] = 0;
	kind[0] = variant[0] = 0;
	return sscanf(words, "%63s %63s", kind, variant) >= 1;
}

static char *read_file(const char *path)
{
	FILE *f = fopen(path, "r");
	struct dw_buf b = {0};
	char chunk[4096];
	size_t n;

	if (!f)
		return NULL;
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		dw_addn(&b, chunk, n);
	fclose(f);
	if (!b.s)
		dw_addn(&b, "", 0);
	return b.s;
}

/* a section's text without the blank lines around it */
static char *trimmed(const char *s, size_t n)
{
	while (n && (*s == '\n' || *s == '\r')) {
		s++;
		n--;
	}
	while (n && isspace((unsigned char)s[n - 1]))
		n--;
	struct dw_buf b = {0};
	dw_addn(&b, s, n);
	return b.s;
}

/*
 * Call fn for every section of the file's text: its kind, its variant ("" for
 * none), its body.
 */
typedef void section_f(const char *kind, const char *variant, char *body, void *arg);

static void each_section(const char *text, section_f *fn, void *arg)
{
	char kind[64] = "", variant[64] = "";
	const char *body = NULL;
	const char *p = text;

	while (*p) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);
		char k[64], v[64];
		if (section_line(p, len, k, v)) {
			if (body)
				fn(kind, variant, trimmed(body, (size_t)(p - body)), arg);
			strcpy(kind, k);
			strcpy(variant, v);
			body = eol ? eol + 1 : p + len;
		}
		p = eol ? eol + 1 : p + len;
	}
	if (body)
		fn(kind, variant, trimmed(body, (size_t)(p - body)), arg);
}

struct load {
	struct dw_profile *prof;
	const char *file_name;	/* the name the file gives (NAME of NAME.d) */
	int found;		/* a probe section for prof->name */
	/* 1 where the section taken is the variant's own */
	int own_clauses, own_tag, own_details, own_test, own_ignores;
};

static void take(char **slot, int *own, const char *variant, char *body)
{
	int mine = variant[0] != 0;
	if (*slot && *own && !mine) {
		free(body);
		return;
	}
	free(*slot);
	*slot = body;
	*own = mine;
}

static void load_section(const char *kind, const char *variant, char *body, void *arg)
{
	struct load *l = arg;
	struct dw_profile *p = l->prof;
	int own_probe = 0;

	if (variant[0] && strcmp(variant, p->name)) {
		free(body);
		return;
	}
	if (!strcmp(kind, "probe")) {
		if ((variant[0] || !strcmp(l->file_name, p->name)) && !l->found) {
			take(&p->probe, &own_probe, variant, body);
			l->found = 1;
		} else {
			free(body);
		}
	} else if (!strcmp(kind, "clauses")) {
		take(&p->clauses, &l->own_clauses, variant, body);
	} else if (!strcmp(kind, "tag")) {
		take(&p->tag, &l->own_tag, variant, body);
	} else if (!strcmp(kind, "details")) {
		take(&p->details, &l->own_details, variant, body);
	} else if (!strcmp(kind, "test")) {
		take(&p->test, &l->own_test, variant, body);
	} else if (!strcmp(kind, "ignores")) {
		take(&p->ignores, &l->own_ignores, variant, body);
	} else {
		dw_die("%s: unknown section `%s'", p->path, kind);
	}
}

/* does the file (its text) declare a variant of this name? */
struct has_variant {
	const char *name;
	int yes;
};

static void find_variant(const char *kind, const char *variant, char *body, void *arg)
{
	struct has_variant *h = arg;
	if (!strcmp(kind, "probe") && !strcmp(variant, h->name))
		h->yes = 1;
	free(body);
}

static int profile_file_name(const char *ent, char *name, size_t sz)
{
	size_t n = strlen(ent);
	if (n < 3 || strcmp(ent + n - 2, ".d") || n - 2 >= sz)
		return 0;
	memcpy(name, ent, n - 2);
	name[n - 2] = 0;
	for (size_t i = 0; name[i]; i++)
		if (!isalnum((unsigned char)name[i]) && name[i] != '-' && name[i] != '_')
			return 0;
	return 1;
}

static struct dw_profile *load_from(const char *dir, const char *file_name, const char *text, const char *name)
{
	struct dw_profile *p = calloc(1, sizeof(*p));
	struct dw_buf path = {0};
	struct load l = {0};

	if (!p)
		dw_die("out of memory");
	dw_add(&path, "%s/%s.d", dir, file_name);
	p->name = dw_strdup(name);
	p->path = path.s;
	char real[PATH_MAX];
	p->dir = dw_strdup(realpath(dir, real) ? real : dir);
	l.prof = p;
	l.file_name = file_name;
	each_section(text, load_section, &l);
	if (!p->probe)
		dw_die("%s: the profile has no probe section for `%s'", p->path, name);
	return p;
}

struct dw_profile *dw_profile_load(const struct dw_list *dirs, const char *name)
{
	/* NAME.d first, in each directory in order */
	for (int i = 0; i < dirs->n; i++) {
		struct dw_buf path = {0};
		dw_add(&path, "%s/%s.d", dirs->v[i], name);
		char *text = strchr(name, '/') ? NULL : read_file(path.s);
		free(path.s);
		if (text) {
			struct dw_profile *p = load_from(dirs->v[i], name, text, name);
			free(text);
			return p;
		}
	}
	/* then a file declaring the variant */
	for (int i = 0; i < dirs->n; i++) {
		DIR *d = opendir(dirs->v[i]);
		struct dirent *e;
		if (!d)
			continue;
		while ((e = readdir(d)) != NULL) {
			char fname[256];
			if (!profile_file_name(e->d_name, fname, sizeof(fname)))
				continue;
			struct dw_buf path = {0};
			dw_add(&path, "%s/%s", dirs->v[i], e->d_name);
			char *text = read_file(path.s);
			free(path.s);
			if (!text)
				continue;
			struct has_variant h = { name, 0 };
			each_section(text, find_variant, &h);
			if (h.yes) {
				struct dw_profile *p = load_from(dirs->v[i], fname, text, name);
				free(text);
				closedir(d);
				return p;
			}
			free(text);
		}
		closedir(d);
	}
	return NULL;
}

static void collect_variant(const char *kind, const char *variant, char *body, void *arg)
{
	if (!strcmp(kind, "probe") && variant[0])
		dw_push(arg, dw_strdup(variant));
	free(body);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

void dw_profile_names(const struct dw_list *dirs, struct dw_list *names)
{
	struct dw_list all = {0};

	for (int i = 0; i < dirs->n; i++) {
		DIR *d = opendir(dirs->v[i]);
		struct dirent *e;
		if (!d)
			continue;
		while ((e = readdir(d)) != NULL) {
			char fname[256];
			if (!profile_file_name(e->d_name, fname, sizeof(fname)))
				continue;
			dw_push(&all, dw_strdup(fname));
			struct dw_buf path = {0};
			dw_add(&path, "%s/%s", dirs->v[i], e->d_name);
			char *text = read_file(path.s);
			free(path.s);
			if (text) {
				each_section(text, collect_variant, &all);
				free(text);
			}
		}
		closedir(d);
	}
	if (all.n)
		qsort(all.v, (size_t)all.n, sizeof(*all.v), cmp_str);
	for (int i = 0; i < all.n; i++)
		if (i == 0 || strcmp(all.v[i], all.v[i - 1]))
			dw_push(names, all.v[i]);
}

/* ---- the D program ---------------------------------------------------- */

/* text with $PROFILE, $PROBE and ${DWATCH_NAME:-N} replaced */
static void subst(struct dw_buf *out, const char *text, const struct dw_profile *prof, const char *probe)
{
	const char *p = text;

	while (*p) {
		if (p[0] == '$' && !strncmp(p + 1, "PROFILE", 7) && !isalnum((unsigned char)p[8]) && p[8] != '_') {
			dw_add(out, "%s", prof ? prof->name : "");
			p += 8;
		} else if (p[0] == '$' && !strncmp(p + 1, "PROBE", 5) && !isalnum((unsigned char)p[6]) && p[6] != '_') {
			dw_add(out, "%s", probe);
			p += 6;
		} else if (!strncmp(p, "${DWATCH_", 9)) {
			const char *end = strchr(p, '}');
			const char *dflt = strstr(p, ":-");
			if (!end || !dflt || dflt > end)
				dw_die("%s: bad ${...} in the profile", prof ? prof->path : "?");
			char var[128];
			size_t vl = (size_t)(dflt - p - 2);
			if (vl >= sizeof(var))
				vl = sizeof(var) - 1;
			memcpy(var, p + 2, vl);
			var[vl] = 0;
			const char *val = getenv(var);
			if (val && *val) {
				for (const char *c = val; *c; c++)
					if (!isdigit((unsigned char)*c))
						dw_die("%s must be a number", var);
				dw_add(out, "%s", val);
			} else {
				dw_addn(out, dflt + 2, (size_t)(end - dflt - 2));
			}
			p = end + 1;
		} else {
			dw_addn(out, p, 1);
			p++;
		}
	}
}

/* D text indented by one tab per line (the event clause's body) */
static void body_lines(struct dw_buf *out, const char *text, const struct dw_profile *prof, const char *probe)
{
	struct dw_buf s = {0};
	subst(&s, text, prof, probe);
	const char *p = s.s ? s.s : "";
	while (*p) {
		const char *eol = strchr(p, '\n');
		size_t n = eol ? (size_t)(eol - p) : strlen(p);
		if (n)
			dw_add(out, "\t%.*s\n", (int)n, p);
		else
			dw_add(out, "\n");
		p += n + (eol != NULL);
	}
	free(s.s);
}

/* a D string literal of s */
static void d_string(struct dw_buf *out, const char *s)
{
	dw_add(out, "\"");
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			dw_add(out, "\\%c", *s);
		else
			dw_addn(out, s, 1);
	}
	dw_add(out, "\"");
}

/* -k name*, *name, *name*, name: FreeBSD's four forms */
static void execname_test(struct dw_buf *out, const char *pat)
{
	size_t n = strlen(pat);
	int lead = n > 0 && pat[0] == '*';
	int trail = n > (size_t)lead && pat[n - 1] == '*';
	char *word = dw_strdup(pat + lead);
	word[strlen(word) - (size_t)trail] = 0;

	if (lead && trail) {
		dw_add(out, "index(execname, ");
		d_string(out, word);
		dw_add(out, ") >= 0");
	} else if (lead) {
		/* ends with: its last strlen(word) characters are word */
		dw_add(out, "(strlen(execname) >= %zu && substr(execname, strlen(execname) - %zu) == ",
		       strlen(word), strlen(word));
		d_string(out, word);
		dw_add(out, ")");
	} else if (trail) {
		dw_add(out, "index(execname, ");
		d_string(out, word);
		dw_add(out, ") == 0");
	} else {
		dw_add(out, "execname == ");
		d_string(out, word);
	}
	free(word);
}

static int ignored(const struct dw_profile *prof, char opt)
{
	return prof && prof->ignores && strchr(prof->ignores, opt) != NULL;
}

/* is the probe list the entry or return of execve(2)/execveat(2) alone? */
static int is_exec_return(const char *probe)
{
	return !strcmp(probe, "syscall::execve:return") || !strcmp(probe, "syscall::execveat:return");
}

static void predicate(const struct dw_settings *s, const struct dw_profile *prof, const char *probe,
		      struct dw_buf *out)
{
	struct dw_list parts = {0};
	struct dw_buf b[3] = {{0}};	/* the container's, -k's, the profile's test */

	/* a successful exec: its return is in the new program */
	if (!prof && is_exec_return(probe))
		dw_push(&parts, "errno == 0");
	if (s->jail) {
		if (s->cgroup_id)
			dw_add(&b[0], "cgroup == %llu", s->cgroup_id);
		else if (!strcmp(s->jail, "0"))
			dw_add(&b[0], "container == \"\"");
		else {
			dw_add(&b[0], "container == ");
			d_string(&b[0], s->jail);
		}
		dw_push(&parts, b[0].s);
	}
	if (s->execnames.n && !ignored(prof, 'k')) {
		for (int i = 0; i < s->execnames.n; i++) {
			if (i)
				dw_add(&b[1], " ||\n    ");
			execname_test(&b[1], s->execnames.v[i]);
		}
		dw_push(&parts, b[1].s);
	}
	if (s->tests.n) {
		for (int i = 0; i < s->tests.n; i++)
			dw_push(&parts, s->tests.v[i]);
	} else if (prof && prof->test) {
		subst(&b[2], prof->test, prof, probe);
		dw_push(&parts, b[2].s);
	}
	if (parts.n == 1) {
		dw_add(out, "/%s/\n", parts.v[0]);
	} else if (parts.n > 1) {
		dw_add(out, "/");
		for (int i = 0; i < parts.n; i++)
			dw_add(out, "%s(%s)", i ? " &&\n " : "", parts.v[i]);
		dw_add(out, "/\n");
	}
	for (int i = 0; i < 3; i++)
		free(b[i].s);
	free(parts.v);
}

/* one line of -R's tree: FreeBSD's layout, deepest ancestor first */
static void tree_line(struct dw_buf *out, int level, const char *task)
{
	static const char *const lead[] = { "      \\\\", "    \\\\", "  \\\\", " " };

	if (!task) {
		dw_add(out, "\tprintf(\"%s-+= %%05d %%d.%%d %%s\\n\", pid,\n"
			    "\t    curpsinfo->pr_euid, curpsinfo->pr_gid, curpsinfo->pr_psargs);\n",
		       lead[level]);
		return;
	}
	dw_add(out, "\tprintf(\"%s-+= %%05d %%d.%%d %%s\\n\", %s->tgid,\n"
		    "\t    %s->cred->euid.val, %s->cred->gid.val, stringof(%s->comm));\n",
	       lead[level], task, task, task, task);
}

void dw_script(const struct dw_settings *s, const struct dw_profile *prof, const char *probe,
	       struct dw_buf *out)
{
	int pstree = s->pstree && !ignored(prof, 'R');

	dw_add(out, "/*\n * dwatch: processes as they trigger %s\n */\n", probe);
	dw_add(out, "#pragma D option quiet\n"
		    "#pragma D option dynvarsize=16m\n"
		    "#pragma D option switchrate=10hz\n\n");
	if (prof && prof->clauses) {
		const char *file = strrchr(prof->path, '/');
		dw_add(out, "/* profile %s (%s) */\n", prof->name, file ? file + 1 : prof->path);
		subst(out, prof->clauses, prof, probe);
		dw_add(out, "\n\n");
	}
	dw_add(out, "%s\n", probe);
	predicate(s, prof, probe, out);
	dw_add(out, "{\n\tprintf(\"%%Y \", walltimestamp);\n");
	if (prof && prof->tag)
		body_lines(out, prof->tag, prof, probe);
	else
		dw_add(out, "\tprintf(\"%%d.%%d %%s[%%d]: \",\n"
			    "\t    curpsinfo->pr_euid, curpsinfo->pr_gid, execname, pid);\n");
	if (s->flow)
		dw_add(out, "\tprintf(\"%%s%%s:%%s:%%s:%%s \",\n"
			    "\t    probename == \"entry\" || probename == \"start\" ? \"-> \" :\n"
			    "\t    probename == \"return\" || probename == \"done\" ? \"<- \" : \" | \",\n"
			    "\t    probeprov, probemod, probefunc, probename);\n");
	if (s->details.n) {
		for (int i = 0; i < s->details.n; i++) {
			if (i)
				dw_add(out, "\tprintf(\" \");\n");
			/* FreeBSD's rule: the code gets its final semicolon */
			struct dw_buf code = {0};
			dw_add(&code, "%s", s->details.v[i]);
			while (code.len && isspace((unsigned char)code.s[code.len - 1]))
				code.s[--code.len] = 0;
			if (code.len && code.s[code.len - 1] != ';' && code.s[code.len - 1] != '}')
				dw_add(&code, ";");
			body_lines(out, code.s ? code.s : "", prof, probe);
			free(code.s);
		}
	} else if (prof && prof->details) {
		body_lines(out, prof->details, prof, probe);
	} else {
		dw_add(out, "\tprintf(\"%%s\", curpsinfo->pr_psargs);\n");
	}
	dw_add(out, "\tprintf(\"\\n\");\n");
	if (pstree) {
		dw_add(out, "\tthis->dw_p1 = curthread->real_parent;\n"
			    "\tthis->dw_p2 = this->dw_p1->real_parent;\n"
			    "\tthis->dw_p3 = this->dw_p2->real_parent;\n");
		tree_line(out, 3, "this->dw_p3");
		tree_line(out, 2, "this->dw_p2");
		tree_line(out, 1, "this->dw_p1");
		tree_line(out, 0, NULL);
	}
	dw_add(out, "}\n");
}
