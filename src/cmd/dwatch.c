/*
 * dwatch.c - the dwatch(1) command, FreeBSD's dwatch on Linux: watch the
 * processes that trigger a probe or a profile's probes, one line each
 * ("2026 Nov 24 01:38:38 0.0 ls[8787]: ls -la /").  It owns the command
 * line, turning a bare name into a probe, listing probes (-l) and profiles
 * (-Q), and running the program: compiled and run with libdtrace
 * (<dtrace.h> only, as dtrace(1) and plockstat(1)), each event's text then
 * filtered (-g -p -u -z -r), counted (-N), written (-o) and handed to a
 * command (-O) here, as FreeBSD's awk post-processor does.  The D program
 * and the profiles are dwatch_script.c's.
 *
 * Only the signal handler's flag is at file scope.
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <grp.h>
#include <pwd.h>
#include <regex.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <dtrace.h>

#include "dwatch.h"

#define DW_VERSION "1.0"

/* SIGINT / SIGTERM: stop (the handler can reach nothing else). */
static volatile sig_atomic_t dw_intr;

static void dw_on_signal(int sig)
{
	(void)sig;
	dw_intr = 1;
}

/* A compiled field filter: -g, -p, -u match a whole number, -z a part. */
struct dw_filter {
	const char *text;	/* as given, for messages */
	regex_t re;
	int set;
};

struct dwatch {
	struct dw_settings set;
	dtrace_hdl_t *dtp;
	int list, list_profiles, oneline, debug, compile_only, verbose, quiet;
	int destructive;
	struct dw_list xopts;	/* -x opt[=val] */
	const char *profile;	/* -X */
	const char *output;	/* -o */
	const char *output_cmd;	/* -O */
	const char *filter_text; /* -r */
	const char *group, *user; /* -g, -u as given */
	unsigned long count;	/* -N: 0 for no limit */
	double timeout;		/* -T, seconds; 0 for none */
	struct dw_filter gid, uid, pid, exec, filter;
	regex_t head_re, tree_re;	/* an event's first line, -R's lines */
	FILE *out;
	struct dw_buf event;	/* the text of the event being read */
	unsigned long matches;	/* events shown */
};

static void usage_text(FILE *f)
{
	fprintf(f,
		"Usage: %s [-1defFmnPqRvVw] [-E code] [-g group] [-j container]\n"
		"\t      [-k name] [-N count] [-o file] [-O cmd] [-p pid]\n"
		"\t      [-r regex] [-t test] [-T time] [-u user] [-x opt[=val]]\n"
		"\t      [-X profile] [-z regex] probe[,...]\n"
		"       %s -l [-fmnPq] [-r regex] [probe ...]\n"
		"       %s -Q [-1q] [-r regex]\n"
		"\n", DW_NAME, DW_NAME, DW_NAME);
#define OPT(o, text) fprintf(f, "\t%-10s %s\n", o, text)
	OPT("-1", "Print one line per profile with -Q (disables `-R').");
	OPT("-d", "Debug. Print the D program on stdout instead of running it.");
	OPT("-e", "Exit after compiling the program, before enabling probes.");
	OPT("-E code", "D code for the event details. If `-', read from stdin.");
	OPT("-f", "A bare probe name is a function name.");
	OPT("-F", "Show the probe, with -> at entry and <- at return.");
	OPT("-g group", "Group filter. Only show processes of group name/gid.");
	OPT("-j name", "Container filter: a container name, a cgroup path or id;");
	OPT("", "0 for processes in no container.");
	OPT("-k name", "Only show processes named name (name*, *name, *name*).");
	OPT("-l", "List available probes on standard output and exit.");
	OPT("-m", "A bare probe name is a module name.");
	OPT("-n", "A bare probe name is a probe name.");
	OPT("-N count", "Exit after count matching entries (0 for no limit).");
	OPT("-o file", "Set output file. If `-', standard output.");
	OPT("-O cmd", "Run the sh(1) command cmd for each event ($TAG, $DETAILS).");
	OPT("-p pid", "Process id filter. Only show processes with matching pid.");
	OPT("-P", "A bare probe name is a provider name.");
	OPT("-q", "Quiet. Hide informational messages and all dtrace errors.");
	OPT("-Q", "List available profiles and exit.");
	OPT("-r regex", "Filter. Only show events matching the regular expression.");
	OPT("-R", "Show parent, grandparent, and ancestor of process.");
	OPT("-t test", "Test clause (predicate) to limit events (Default none).");
	OPT("-T time", "Timeout. Format is `#[smhd]' or simply `#' for seconds.");
	OPT("-u user", "User filter. Only show processes of user name/uid.");
	OPT("-v", "Verbose. Show all errors from dtrace.");
	OPT("-V", "Report dwatch version on standard output and exit.");
	OPT("-w", "Permit destructive actions.");
	OPT("-x opt", "Set a DTrace option (as dtrace -x opt[=val]).");
	OPT("-X profile", "Load profile name (DWATCH_PROFILES_PATH).");
	OPT("-z regex", "Only show processes whose name matches regex.");
#undef OPT
}

static void usage(const char *msg) __attribute__((noreturn));
static void usage(const char *msg)
{
	if (msg)
		fprintf(stderr, "%s: %s\n", DW_NAME, msg);
	usage_text(stderr);
	exit(1);
}

void dw_die(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "%s: ", DW_NAME);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	exit(1);
}

static void info(const struct dwatch *dw, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void info(const struct dwatch *dw, const char *fmt, ...)
{
	va_list ap;

	if (dw->quiet)
		return;
	fprintf(stderr, "INFO ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
}

static const char *dt_err(const struct dwatch *dw)
{
	return dtrace_errmsg(dw->dtp, dtrace_errno(dw->dtp));
}

static void open_dtrace(struct dwatch *dw)
{
	int err;

	dw->dtp = dtrace_open(DTRACE_VERSION, 0, &err);
	if (!dw->dtp)
		dw_die("failed to initialize dtrace: %s", dtrace_errmsg(NULL, err));
	for (int i = 0; i < dw->xopts.n; i++) {
		char *opt = dw_strdup(dw->xopts.v[i]);
		char *eq = strchr(opt, '=');
		if (eq)
			*eq++ = 0;
		if (dtrace_setopt(dw->dtp, opt, eq) != 0)
			dw_die("failed to set -x %s: %s", dw->xopts.v[i], dt_err(dw));
		free(opt);
	}
	if (dw->destructive && dtrace_setopt(dw->dtp, "destructive", NULL) != 0)
		dw_die("failed to set -w: %s", dt_err(dw));
}

/* ---- options ------------------------------------------------------------ */

static void compile_re(struct dw_filter *f, const char *text, int whole, const char *what)
{
	struct dw_buf b = {0};
	int rc;

	if (whole)
		dw_add(&b, "^(%s)$", text);
	else
		dw_add(&b, "%s", text);
	rc = regcomp(&f->re, b.s, REG_EXTENDED | REG_NOSUB);
	if (rc != 0) {
		char msg[256];
		regerror(rc, &f->re, msg, sizeof(msg));
		dw_die("%s `%s': %s", what, text, msg);
	}
	f->text = text;
	f->set = 1;
	free(b.s);
}

/*
 * -u and -g: a name is looked up, a number or a regular expression taken as
 * it is (FreeBSD's rule: only letters, digits, _ and - make a name).
 */
static void id_filter(struct dw_filter *f, const char *arg, int is_group)
{
	int word = 1, digits = 1;
	char num[32];

	for (const char *c = arg; *c; c++) {
		if (!isalnum((unsigned char)*c) && *c != '_' && *c != '-')
			word = 0;
		if (!isdigit((unsigned char)*c))
			digits = 0;
	}
	if (word && !digits) {
		if (is_group) {
			struct group *g = getgrnam(arg);
			if (!g)
				dw_die("No such group: %s", arg);
			snprintf(num, sizeof(num), "%u", (unsigned)g->gr_gid);
		} else {
			struct passwd *p = getpwnam(arg);
			if (!p)
				dw_die("No such user: %s", arg);
			snprintf(num, sizeof(num), "%u", (unsigned)p->pw_uid);
		}
		compile_re(f, dw_strdup(num), 1, is_group ? "-g" : "-u");
		return;
	}
	compile_re(f, arg, 1, is_group ? "-g" : "-u");
}

/* -T: #, #s, #m, #h, #d */
static double parse_time(const char *arg)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(arg, &end);
	if (errno || end == arg || v < 0)
		usage("-T argument must be a time: #[smhd]");
	switch (*end) {
	case 0: case 's': break;
	case 'm': v *= 60; break;
	case 'h': v *= 3600; break;
	case 'd': v *= 86400; break;
	default: usage("-T argument must be a time: #[smhd]");
	}
	if (*end && end[1])
		usage("-T argument must be a time: #[smhd]");
	return v;
}

/* -E -: the code from standard input */
static const char *read_stdin(void)
{
	struct dw_buf b = {0};
	char chunk[4096];
	size_t n;

	while ((n = fread(chunk, 1, sizeof(chunk), stdin)) > 0)
		dw_addn(&b, chunk, n);
	dw_addn(&b, "", 0);
	return b.s;
}

/* -j: a cgroup path (its id, the directory's inode) or a number is a cgroup */
static void container_filter(struct dw_settings *s, const char *arg)
{
	struct stat st;

	s->jail = arg;
	if (arg[0] == '/') {
		/* cgroup v2's root: alone, or beside v1's (a hybrid host) */
		static const char *const roots[] = { "/sys/fs/cgroup", "/sys/fs/cgroup/unified", "" };
		int found = 0;
		for (size_t i = 0; i < sizeof(roots) / sizeof(*roots) && !found; i++) {
			struct dw_buf b = {0};
			dw_add(&b, "%s%s", roots[i], arg);
			found = stat(b.s, &st) == 0 && S_ISDIR(st.st_mode);
			free(b.s);
		}
		if (!found)
			dw_die("-j %s: no such cgroup", arg);
		s->cgroup_id = (unsigned long long)st.st_ino;
		return;
	}
	if (strcmp(arg, "0") && strspn(arg, "0123456789") == strlen(arg))
		s->cgroup_id = strtoull(arg, NULL, 10);
}

/* ---- probes ------------------------------------------------------------- */

struct field_count {
	const char *name;
	unsigned long n[4];	/* matches as provider, module, function, name */
	int func_other;		/* the function has probes not entry/return */
};

static int count_fields(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pd, void *arg)
{
	struct field_count *fc = arg;
	(void)dtp;
	if (!strcmp(pd->dtpd_provider, fc->name))
		fc->n[0]++;
	if (!strcmp(pd->dtpd_mod, fc->name))
		fc->n[1]++;
	if (!strcmp(pd->dtpd_func, fc->name)) {
		fc->n[2]++;
		if (strcmp(pd->dtpd_name, "entry") && strcmp(pd->dtpd_name, "return"))
			fc->func_other = 1;
	}
	if (!strcmp(pd->dtpd_name, fc->name))
		fc->n[3]++;
	return 0;
}

static int one_probe(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pd, void *arg)
{
	(void)dtp;
	(void)pd;
	(void)arg;
	return 1;	/* one is enough */
}

static int probe_exists(dtrace_hdl_t *dtp, const char *prov, const char *mod, const char *func,
			const char *name)
{
	dtrace_probedesc_t pd = {0};
	snprintf(pd.dtpd_provider, sizeof(pd.dtpd_provider), "%s", prov);
	snprintf(pd.dtpd_mod, sizeof(pd.dtpd_mod), "%s", mod);
	snprintf(pd.dtpd_func, sizeof(pd.dtpd_func), "%s", func);
	snprintf(pd.dtpd_name, sizeof(pd.dtpd_name), "%s", name);
	return dtrace_probe_iter(dtp, &pd, one_probe, NULL) == 1;
}

/*
 * A probe argument without a colon: with -P, -m, -f or -n that field; else
 * a system call's entry when there is one (execve's and execveat's return,
 * where the new program runs), else the field it matches most probes in
 * (FreeBSD's guess), a function's entry where it has only entry and
 * return.  Unknown names are left as they are, for the compiler to say so.
 * For -l (listing) a name is looked for in every field, syscall's too, and
 * a function's every probe is listed.
 */
static void expand_one(struct dwatch *dw, const char *arg, int listing, struct dw_buf *out)
{
	int type = dw->set.probe_type;
	struct field_count fc = { arg, {0}, 0 };

	if (strchr(arg, ':')) {
		dw_add(out, "%s", arg);
		return;
	}
	switch (type) {
	case 'P': dw_add(out, "%s:::", arg); return;
	case 'm': dw_add(out, ":%s::", arg); return;
	case 'n': dw_add(out, ":::%s", arg); return;
	default: break;
	}
	if (!dw->dtp)
		open_dtrace(dw);
	if (!listing && type != 'f' && probe_exists(dw->dtp, "syscall", "", arg, "entry")) {
		if (!strcmp(arg, "execve") || !strcmp(arg, "execveat"))
			dw_add(out, "syscall::%s:return", arg);
		else
			dw_add(out, "syscall::%s:entry", arg);
		return;
	}
	dtrace_probe_iter(dw->dtp, NULL, count_fields, &fc);
	int best = type == 'f' ? 2 : -1;
	if (best < 0) {
		/* the name's field wins ties, then function, module, provider */
		static const int order[] = { 3, 2, 1, 0 };
		for (int i = 0; i < 4; i++)
			if (fc.n[order[i]] && (best < 0 || fc.n[order[i]] > fc.n[best]))
				best = order[i];
	}
	switch (best) {
	case 0: dw_add(out, "%s:::", arg); break;
	case 1: dw_add(out, ":%s::", arg); break;
	case 2: dw_add(out, "::%s:%s", arg, listing || fc.func_other || !fc.n[2] ? "" : "entry"); break;
	case 3: dw_add(out, ":::%s", arg); break;
	default: dw_add(out, "%s", arg); break;
	}
}

/* "open,openat" or "a b": each expanded, joined with ", " */
static char *expand_probes(struct dwatch *dw, const char *arg, int listing)
{
	struct dw_buf out = {0};
	char *copy = dw_strdup(arg), *save = NULL;

	for (char *w = strtok_r(copy, ", \t\n", &save); w; w = strtok_r(NULL, ", \t\n", &save)) {
		if (out.len)
			dw_add(&out, ", ");
		expand_one(dw, w, listing, &out);
	}
	free(copy);
	if (!out.s)
		usage("no probe given");
	return out.s;
}

/* ---- -l: probes ------------------------------------------------------- */

struct listing {
	struct dw_list lines;
	int column;		/* 0: whole descriptions; 1..4 a field */
};

static int list_probe(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pd, void *arg)
{
	struct listing *l = arg;
	struct dw_buf b = {0};
	(void)dtp;
	switch (l->column) {
	case 1: dw_add(&b, "%s", pd->dtpd_provider); break;
	case 2: dw_add(&b, "%s", pd->dtpd_mod); break;
	case 3: dw_add(&b, "%s", pd->dtpd_func); break;
	case 4: dw_add(&b, "%s", pd->dtpd_name); break;
	default:
		dw_add(&b, "%s:%s:%s:%s", pd->dtpd_provider, pd->dtpd_mod, pd->dtpd_func, pd->dtpd_name);
	}
	dw_push(&l->lines, b.s);
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* a probe description string (p:m:f:n, fewer fields from the right) */
static void parse_desc(const char *s, dtrace_probedesc_t *pd)
{
	const char *f[4] = { "", "", "", "" };
	char *copy = dw_strdup(s), *parts[4];
	int n = 0;

	memset(pd, 0, sizeof(*pd));
	parts[n++] = copy;
	for (char *c = copy; *c && n < 4; c++)
		if (*c == ':') {
			*c = 0;
			parts[n++] = c + 1;
		}
	for (int i = 0; i < n; i++)
		f[4 - n + i] = parts[i];
	snprintf(pd->dtpd_provider, sizeof(pd->dtpd_provider), "%s", f[0]);
	snprintf(pd->dtpd_mod, sizeof(pd->dtpd_mod), "%s", f[1]);
	snprintf(pd->dtpd_func, sizeof(pd->dtpd_func), "%s", f[2]);
	snprintf(pd->dtpd_name, sizeof(pd->dtpd_name), "%s", f[3]);
	free(copy);
}

static int list_probes(struct dwatch *dw, int argc, char **argv)
{
	static const char *const headers[] = { "PROVIDER:MODULE:FUNCTION:NAME", "PROVIDER", "MODULE",
					       "FUNCTION", "NAME" };
	struct listing l = {0};

	if (argc == 0) {
		switch (dw->set.probe_type) {
		case 'P': l.column = 1; break;
		case 'm': l.column = 2; break;
		case 'f': l.column = 3; break;
		case 'n': l.column = 4; break;
		}
	}
	open_dtrace(dw);
	if (argc == 0) {
		dtrace_probe_iter(dw->dtp, NULL, list_probe, &l);
	} else {
		for (int i = 0; i < argc; i++) {
			char *probes = expand_probes(dw, argv[i], 1);
			char *save = NULL;
			for (char *p = strtok_r(probes, ", ", &save); p; p = strtok_r(NULL, ", ", &save)) {
				dtrace_probedesc_t pd;
				parse_desc(p, &pd);
				dtrace_probe_iter(dw->dtp, &pd, list_probe, &l);
			}
			free(probes);
		}
	}
	if (!dw->quiet)
		printf("%s\n", headers[l.column]);
	if (l.lines.n)
		qsort(l.lines.v, (size_t)l.lines.n, sizeof(*l.lines.v), cmp_str);
	for (int i = 0; i < l.lines.n; i++) {
		if (i && !strcmp(l.lines.v[i], l.lines.v[i - 1]))
			continue;
		if (dw->filter.set && regexec(&dw->filter.re, l.lines.v[i], 0, NULL, 0) != 0)
			continue;
		printf("%s\n", l.lines.v[i]);
	}
	dtrace_close(dw->dtp);
	return 0;
}

/* ---- -Q: profiles ----------------------------------------------------- */

static int list_profiles(struct dwatch *dw, const struct dw_list *dirs)
{
	struct dw_list all = {0}, names = {0};
	size_t longest = 0;
	int width = 80, ncols;
	struct winsize ws;

	dw_profile_names(dirs, &all);
	for (int i = 0; i < all.n; i++) {
		if (dw->filter.set && regexec(&dw->filter.re, all.v[i], 0, NULL, 0) != 0)
			continue;
		dw_push(&names, all.v[i]);
		if (strlen(all.v[i]) > longest)
			longest = strlen(all.v[i]);
	}
	if (dw->oneline) {
		for (int i = 0; i < names.n; i++)
			printf("%s\n", names.v[i]);
		return 0;
	}
	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		width = ws.ws_col;
	/* FreeBSD's columns: a tab (8) unless -q, names 3 apart */
	size_t x = longest + (dw->quiet ? 0 : 8) + 3 + longest;
	for (ncols = 1; x < (size_t)width; ncols++)
		x += 3 + longest;
	if (!dw->quiet)
		printf("PROFILES:\n");
	for (int i = 0; i < names.n; i++) {
		int col = i % ncols;
		int last = col == ncols - 1 || i == names.n - 1;
		if (col == 0)
			printf("%s", dw->quiet ? "" : "\t");
		else
			printf("   ");
		if (last)
			printf("%s\n", names.v[i]);
		else
			printf("%-*s", (int)longest, names.v[i]);
	}
	return 0;
}

/* ---- events ------------------------------------------------------------- */

/* whole-field matches of f in a line's fields (FreeBSD's filter_field) */
static int match(const struct dw_filter *f, const char *field, size_t n)
{
	char buf[256];
	if (n >= sizeof(buf))
		n = sizeof(buf) - 1;
	memcpy(buf, field, n);
	buf[n] = 0;
	return regexec(&f->re, buf, 0, NULL, 0) == 0;
}

/*
 * One event's lines: the first "DATE uid.gid execname[pid]: details", with
 * -R the tree's " -+= pid uid.gid args".  Each of -g -u -p -z must match
 * the first line or one of the tree's (FreeBSD's rule); -r the text after
 * the date.
 */
static int event_passes(const struct dwatch *dw, const char *text)
{
	const struct dw_filter *want[4] = { &dw->uid, &dw->gid, &dw->exec, &dw->pid };
	int found[4] = { 0, 0, 0, 0 }, any = 0;

	for (int i = 0; i < 4; i++)
		any |= want[i]->set;
	if (any) {
		const char *line = text;
		int first = 1;
		while (*line) {
			const char *eol = strchr(line, '\n');
			size_t len = eol ? (size_t)(eol - line) : strlen(line);
			char *l = strndup(line, len);
			regmatch_t m[5];
			if (first && regexec(&dw->head_re, l, 5, m, 0) == 0) {
				/* fields: uid 1, gid 2, execname 3, pid 4 */
				static const int idx[4] = { 1, 2, 3, 4 };
				for (int i = 0; i < 4; i++)
					if (want[i]->set &&
					    match(want[i], l + m[idx[i]].rm_so, (size_t)(m[idx[i]].rm_eo - m[idx[i]].rm_so)))
						found[i] = 1;
			} else if (!first && regexec(&dw->tree_re, l, 5, m, 0) == 0) {
				/* fields: pid 1, uid 2, gid 3, args 4 */
				static const int idx[4] = { 2, 3, 4, 1 };
				for (int i = 0; i < 4; i++)
					if (want[i]->set &&
					    match(want[i], l + m[idx[i]].rm_so, (size_t)(m[idx[i]].rm_eo - m[idx[i]].rm_so)))
						found[i] = 1;
			}
			free(l);
			first = 0;
			line += len + (eol != NULL);
		}
		for (int i = 0; i < 4; i++)
			if (want[i]->set && !found[i])
				return 0;
	}
	if (dw->filter.set) {
		/* after the date ("2026 Nov 24 01:38:38 ") */
		const char *p = text;
		for (int sp = 0; *p && sp < 4; p++)
			if (*p == ' ' && p[1] != ' ')
				sp++;
		/* without the final newline, as FreeBSD's awk sees a block */
		char *block = dw_strdup(p);
		size_t n = strlen(block);
		if (n && block[n - 1] == '\n')
			block[n - 1] = 0;
		int miss = regexec(&dw->filter.re, block, 0, NULL, 0) != 0;
		free(block);
		if (miss)
			return 0;
	}
	return 1;
}

/* -O: sh -c cmd with TAG (to the first ": ") and DETAILS (the rest) */
static void run_cmd(const struct dwatch *dw, const char *text)
{
	const char *sep = strstr(text, ": ");
	char *tag = sep ? strndup(text, (size_t)(sep - text)) : dw_strdup("");
	char *details = dw_strdup(sep ? sep + 2 : text);
	size_t n = strlen(details);
	pid_t child;

	if (n && details[n - 1] == '\n')
		details[n - 1] = 0;
	fflush(dw->out);
	child = fork();
	if (child == 0) {
		setenv("TAG", tag, 1);
		setenv("DETAILS", details, 1);
		execl("/bin/sh", "sh", "-c", dw->output_cmd, (char *)NULL);
		_exit(127);
	}
	if (child > 0)
		while (waitpid(child, NULL, 0) < 0 && errno == EINTR)
			;
	free(tag);
	free(details);
}

static void event_done(struct dwatch *dw)
{
	const char *text = dw->event.s;

	if (!dw->event.len)
		return;
	if (!(dw->count && dw->matches >= dw->count) && event_passes(dw, text)) {
		if (!dw->output_cmd || !dw->quiet || dw->output)
			fputs(text, dw->out);
		fflush(dw->out);
		if (dw->output_cmd)
			run_cmd(dw, text);
		dw->matches++;
	}
	dw->event.len = 0;
	dw->event.s[0] = 0;
}

static int on_buffered(const dtrace_bufdata_t *bd, void *arg)
{
	struct dwatch *dw = arg;
	dw_add(&dw->event, "%s", bd->dtbda_buffered);
	return DTRACE_HANDLE_OK;
}

/* the end of a clause's records: its text is one event */
static int on_record(const dtrace_probedata_t *pd, const dtrace_recdesc_t *rec, void *arg)
{
	struct dwatch *dw = arg;
	(void)pd;
	if (rec == NULL) {
		event_done(dw);
		/* -N: the rest of the buffer is not read */
		return dw->count && dw->matches >= dw->count ? DTRACE_CONSUME_ABORT : DTRACE_CONSUME_NEXT;
	}
	if (rec->dtrd_action == DTRACEACT_EXIT)
		return DTRACE_CONSUME_NEXT;
	return DTRACE_CONSUME_THIS;
}

/*
 * Errors: faults (a string not yet paged in, a pointer a probe cannot
 * follow) are left out unless -v, as FreeBSD's dwatch leaves them out of
 * dtrace's output; -q hides every error.
 */
static int on_error(const dtrace_errdata_t *e, void *arg)
{
	struct dwatch *dw = arg;
	if (dw->quiet)
		return DTRACE_HANDLE_OK;
	if (!dw->verbose && e->dteda_fault != 0)
		return DTRACE_HANDLE_OK;
	fflush(dw->out);
	fprintf(stderr, "%s: %s\n", DW_NAME, e->dteda_msg);
	return DTRACE_HANDLE_OK;
}

static int on_drop(const dtrace_dropdata_t *d, void *arg)
{
	struct dwatch *dw = arg;
	if (dw->verbose && !dw->quiet)
		fprintf(stderr, "%s: %s\n", DW_NAME, d->dtdda_msg);
	return DTRACE_HANDLE_OK;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int run(struct dwatch *dw, const char *script)
{
	dtrace_prog_t *prog;
	dtrace_proginfo_t info;

	if (!dw->dtp)
		open_dtrace(dw);
	/* compiled as a file, as dwatch hands dtrace(1) its script: its
	 * errors then name the script's line (a string has none) */
	FILE *f = fmemopen((void *)script, strlen(script), "r");
	if (!f)
		dw_die("failed to compile script: %s", strerror(errno));
	prog = dtrace_program_fcompile(dw->dtp, f, 0, 0, NULL);
	fclose(f);
	if (!prog)
		dw_die("failed to compile script: %s", dt_err(dw));
	if (dw->compile_only) {
		dtrace_close(dw->dtp);
		return 0;
	}
	if (dtrace_program_exec(dw->dtp, prog, &info) != 0)
		dw_die("failed to enable probes: %s", dt_err(dw));
	dtrace_handle_err(dw->dtp, on_error, dw);
	dtrace_handle_drop(dw->dtp, on_drop, dw);
	dtrace_handle_buffered(dw->dtp, on_buffered, dw);

	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = dw_on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);

	if (dtrace_go(dw->dtp) != 0)
		dw_die("could not enable tracing: %s", dt_err(dw));
	double deadline = dw->timeout > 0 ? now() + dw->timeout : 0;
	int done = 0, status = 0;
	while (!done) {
		if (!dw_intr)
			dtrace_sleep(dw->dtp);
		switch (dtrace_work(dw->dtp, dw->out, NULL, on_record, dw)) {
		case DTRACE_WORKSTATUS_DONE:
			done = 1;
			break;
		case DTRACE_WORKSTATUS_OKAY:
			break;
		default:
			if (dtrace_errno(dw->dtp) != EINTR && !(dw->count && dw->matches >= dw->count)) {
				fprintf(stderr, "%s: processing aborted: %s\n", DW_NAME, dt_err(dw));
				status = 1;
				done = 1;
			}
		}
		if (dw_intr || (dw->count && dw->matches >= dw->count) || (deadline && now() >= deadline))
			done = 1;
	}
	dtrace_stop(dw->dtp);
	dtrace_close(dw->dtp);
	fflush(dw->out);
	if (ferror(dw->out))
		dw_die("failed to write to %s: %s", dw->output ? dw->output : "<stdout>", strerror(errno));
	return status;
}

/* "Setting ..." and "Filtering ..." as FreeBSD says them */
static void say_settings(const struct dwatch *dw)
{
	struct dw_buf b = {0};

	for (int i = 0; i < dw->set.tests.n; i++)
		dw_add(&b, " test: %s", dw->set.tests.v[i]);
	for (int i = 0; i < dw->set.execnames.n; i++)
		dw_add(&b, " execname: %s", dw->set.execnames.v[i]);
	if (dw->set.jail)
		dw_add(&b, " container: %s", dw->set.jail);
	if (dw->output)
		dw_add(&b, " output: %s", dw->output);
	if (dw->timeout > 0)
		dw_add(&b, " timeout: %g", dw->timeout);
	if (b.s)
		info(dw, "Setting%s", b.s);
	free(b.s);
	b = (struct dw_buf){0};
	if (dw->exec.set)
		dw_add(&b, " execregex: %s", dw->exec.text);
	if (dw->filter.set)
		dw_add(&b, " filter: %s", dw->filter.text);
	if (dw->group)
		dw_add(&b, " group: %s", dw->group);
	if (dw->output_cmd)
		dw_add(&b, " cmd: %s", dw->output_cmd);
	if (dw->pid.set)
		dw_add(&b, " pid: %s", dw->pid.text);
	if (dw->user)
		dw_add(&b, " user: %s", dw->user);
	if (dw->count)
		dw_add(&b, " count: %lu", dw->count);
	if (b.s)
		info(dw, "Filtering%s", b.s);
	free(b.s);
}

/* the options a profile cannot honor are dropped (FreeBSD unsets them) */
static void drop_ignored(struct dwatch *dw, const struct dw_profile *prof)
{
	if (!prof || !prof->ignores)
		return;
	if (strchr(prof->ignores, 'k'))
		dw->set.execnames.n = 0;
	if (strchr(prof->ignores, 'z'))
		dw->exec.set = 0;
	if (strchr(prof->ignores, 'g'))
		dw->gid.set = 0, dw->group = NULL;
	if (strchr(prof->ignores, 'p'))
		dw->pid.set = 0;
	if (strchr(prof->ignores, 'u'))
		dw->uid.set = 0, dw->user = NULL;
	if (strchr(prof->ignores, 'R'))
		dw->set.pstree = 0;
}

int main(int argc, char **argv)
{
	struct dwatch dw = {0};
	struct dw_list dirs = {0};
	struct dw_profile *prof = NULL;
	const char *exec_re = NULL, *filter_re = NULL, *pid_re = NULL;
	int c;

	dw.out = stdout;
	opterr = 0;
	while ((c = getopt(argc, argv, "1deE:fFg:hj:k:lmnN:o:O:p:PqQr:Rt:T:u:vVwx:X:z:")) != -1) {
		switch (c) {
		case '1': dw.oneline = 1; dw.set.pstree = 0; break;
		case 'd': dw.debug = 1; break;
		case 'e': dw.compile_only = 1; break;
		case 'E': dw_push(&dw.set.details, strcmp(optarg, "-") ? optarg : read_stdin()); break;
		case 'f': case 'm': case 'n': case 'P': dw.set.probe_type = c; break;
		case 'F': dw.set.flow = 1; break;
		case 'g': dw.group = optarg; break;
		case 'h': usage_text(stdout); return 0;
		case 'j': container_filter(&dw.set, optarg); break;
		case 'k': dw_push(&dw.set.execnames, optarg); break;
		case 'l': dw.list = 1; break;
		case 'N': {
			char *end;
			errno = 0;
			dw.count = strtoul(optarg, &end, 10);
			if (errno || !*optarg || *end || optarg[0] == '-')
				usage("-N argument must be a number");
			break;
		}
		case 'o': dw.output = optarg; break;
		case 'O': dw.output_cmd = optarg; break;
		case 'p': pid_re = optarg; break;
		case 'q': dw.quiet = 1; break;
		case 'Q': dw.list_profiles = 1; break;
		case 'r': filter_re = optarg; break;
		case 'R': dw.set.pstree = !dw.oneline; break;
		case 't': dw_push(&dw.set.tests, optarg); break;
		case 'T': dw.timeout = parse_time(optarg); break;
		case 'u': dw.user = optarg; break;
		case 'v': dw.verbose = 1; break;
		case 'V': printf("%s: %s\n", DW_NAME, DW_VERSION); return 0;
		case 'w': dw.destructive = 1; break;
		case 'x': dw_push(&dw.xopts, optarg); break;
		case 'X': dw.profile = optarg; break;
		case 'z': exec_re = optarg; break;
		default: {
			char msg[64];
			snprintf(msg, sizeof(msg), strchr("EgjkNoOprtTuxXz", optopt) ?
				 "option requires an argument -- '%c'" : "invalid option -- '%c'", optopt);
			usage(msg);
		}
		}
	}
	argc -= optind;
	argv += optind;

	if (filter_re)
		compile_re(&dw.filter, filter_re, 0, "-r");
	if (dw.list)
		return list_probes(&dw, argc, argv);
	dw_profile_dirs(&dirs);
	if (dw.list_profiles)
		return list_profiles(&dw, &dirs);

	if (!dw.profile && argc == 0)
		usage(NULL);
	if (argc > 1)
		usage("only one probe argument (probes are separated by commas)");
	if (exec_re)
		compile_re(&dw.exec, exec_re, 0, "-z");
	if (pid_re)
		compile_re(&dw.pid, pid_re, 1, "-p");
	if (dw.user)
		id_filter(&dw.uid, dw.user, 0);
	if (dw.group)
		id_filter(&dw.gid, dw.group, 1);
	/* the fields of a line as dw_script() prints them: "DATE uid.gid
	 * execname[pid]: " and -R's " -+= pid uid.gid args" */
	regcomp(&dw.head_re, "^[0-9]+ [A-Za-z]+ +[0-9]+ +[0-9:]+ (-?[0-9]+)\\.(-?[0-9]+) ([^[]*)\\[(-?[0-9]+)\\]: ",
		REG_EXTENDED);
	regcomp(&dw.tree_re, "^ +\\\\?-\\+= ([0-9]+) (-?[0-9]+)\\.(-?[0-9]+) (.*)$", REG_EXTENDED);

	char *probe = NULL;
	if (argc)
		probe = expand_probes(&dw, argv[0], 0);
	if (dw.profile) {
		prof = dw_profile_load(&dirs, dw.profile);
		if (!prof)
			dw_die("no module named `%s' (`%s -Q' to list profiles)", dw.profile, DW_NAME);
		if (!dw.debug)
			info(&dw, "Sourcing %s profile [found in %s]", prof->name, prof->dir);
		if (!probe) {
			/* the profile's list, one line: white space runs made one space */
			struct dw_buf b = {0};
			for (const char *p = prof->probe; *p; p++) {
				if (!isspace((unsigned char)*p))
					dw_addn(&b, p, 1);
				else if (b.len && b.s[b.len - 1] != ' ')
					dw_addn(&b, " ", 1);
			}
			while (b.len && b.s[b.len - 1] == ' ')
				b.s[--b.len] = 0;
			probe = b.s;
		}
		drop_ignored(&dw, prof);
	}

	struct dw_buf script = {0};
	dw_script(&dw.set, prof, probe, &script);
	if (dw.debug) {
		fputs(script.s, stdout);
		return 0;
	}
	if (!dw.compile_only)
		info(&dw, "Watching '%s' ...", probe);
	if (!dw.compile_only)
		say_settings(&dw);
	if (dw.output && strcmp(dw.output, "-")) {
		/* appended to, as dtrace -o does */
		dw.out = fopen(dw.output, "a");
		if (!dw.out)
			dw_die("failed to open output file '%s': %s", dw.output, strerror(errno));
	}
	int status = run(&dw, script.s);
	if (dw.out != stdout)
		fclose(dw.out);
	return status;
}
