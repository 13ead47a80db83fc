/*
 * dtrace.c - the dtrace(1) command: DTrace's options, then compile, run
 * and print, as a consumer of <dtrace.h> and nothing else of the library.
 *
 * Like DTrace's own command, it compiles every -n/-P/-m/-f/-s program,
 * executes each (printing what it matched), starts tracing, and loops on
 * dtrace_sleep() and dtrace_work() (cmdloop.c): its probe callback prints the CPU, ID
 * and FUNCTION:NAME columns, its record callback reads exit()'s status and
 * ends each probe's line.  Everything the library formats reaches it through
 * the buffered handler, so it knows how the output ends.  Under -x oformat
 * (json, folded) the library makes the whole output: no columns, and under
 * json errors and drops are in the document rather than on stderr.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include <dtrace.h>

#include "cmdloop.h"
#include "../common/safe_open.h"

/* The command's state: the signal handler needs it at file scope. */
static struct {
	dtrace_hdl_t *dtp;
	FILE *out;
	int quiet;
	int testing;		/* _DTRACE_TESTING: no CPU and ID columns */
	int heading;		/* the column heading was printed */
	int status;		/* exit()'s status */
	int pslive;		/* processes still running */
	int structured;		/* -x oformat other than text: no columns */
	int json;		/* -x oformat=json: drops and errors go in it */
	int faultsrc;		/* name a fault's D statement (errhandler) */
	volatile sig_atomic_t intr;
	int intr_newline;	/* the newline a first signal gets is out */
} g;

static void on_signal(int sig)
{
	(void)sig;
	g.intr++;
	if (g.intr > 2)
		_exit(1);
}

/* dtrace(1)'s options, DTrace's (DTRACE_OPTSTR) */
static const char OPTSTR[] = "+3:6:aAb:c:CD:ef:FGhHi:I:lL:m:n:o:p:P:qs:SU:vVwx:X:Z";

/* The letters that each set one library option (-b bufsize, ...): the
 * option, and whether the letter's argument is its value. */
static const struct letter_option {
	int letter;
	const char *option;
	int takes_arg;
} letter_options[] = {
	{'b', "bufsize", 1}, {'D', "define", 1}, {'U', "undef", 1}, {'I', "incdir", 1},
	{'L', "libdir", 1}, {'H', "cpphdrs", 0}, {'X', "stdc", 1},
};

static const struct letter_option *letter_option(int c)
{
	for (size_t i = 0; i < sizeof(letter_options) / sizeof(letter_options[0]); i++)
		if (letter_options[i].letter == c)
			return &letter_options[i];
	return NULL;
}

/* DTrace's usage text */
static int usage(FILE *fp)
{
	static const char predact[] = "[[ predicate ] action ]";

	fprintf(fp, "Usage: dtrace [-32|-64] [-CeFGhHlqSvVwZ] [-b bufsz] [-c cmd] [-D name[=def]]\n"
		"\t[-I path] [-L path] [-o output] [-p pid] [-s script] [-U name]\n"
		"\t[-x opt[=val]] [-X a|c|s|t]\n\n"
		"\t[-P provider %s]\n"
		"\t[-m [ provider: ] module %s]\n"
		"\t[-f [[ provider: ] module: ] func %s]\n"
		"\t[-n [[[ provider: ] module: ] func: ] name %s]\n"
		"\t[-i probe-id %s] [ args ... ]\n\n",
		predact, predact, predact, predact, predact);
	fprintf(fp, "\tpredicate -> '/' D-expression '/'\n"
		"\t   action -> '{' D-statements '}'\n\n"
		"\t-32 generate 32-bit D programs and ELF files\n"
		"\t-64 generate 64-bit D programs and ELF files\n\n"
		"\t-b  set trace buffer size\n"
		"\t-c  run specified command and exit upon its completion\n"
		"\t-C  run cpp(1) preprocessor on script files\n"
		"\t-D  define symbol when invoking preprocessor\n"
		"\t-e  exit after compiling request but prior to enabling probes\n"
		"\t-f  enable or list probes matching the specified function name\n"
		"\t-F  coalesce trace output by function\n"
		"\t-G  generate an ELF file containing embedded dtrace program\n"
		"\t-h  generate a header file with definitions for static probes\n"
		"\t-H  print included files when invoking preprocessor\n"
		"\t-i  enable or list probes matching the specified probe id\n"
		"\t-I  add include directory to preprocessor search path\n"
		"\t-l  list probes matching specified criteria\n"
		"\t-L  add library directory to library search path\n"
		"\t-m  enable or list probes matching the specified module name\n"
		"\t-n  enable or list probes matching the specified probe name\n"
		"\t-o  set output file\n"
		"\t-p  grab specified process-ID and cache its symbol tables\n"
		"\t-P  enable or list probes matching the specified provider name\n"
		"\t-q  set quiet mode (only output explicitly traced data)\n"
		"\t-s  enable or list probes according to the specified D script\n"
		"\t-S  print D compiler intermediate code\n"
		"\t-U  undefine symbol when invoking preprocessor\n"
		"\t-v  set verbose mode (report stability attributes, arguments)\n"
		"\t-V  report DTrace API version\n"
		"\t-w  permit destructive actions\n"
		"\t-x  enable or modify compiler and tracing options\n"
		"\t-X  specify ISO C conformance settings for preprocessor\n"
		"\t-Z  permit probe descriptions that match zero probes\n");
	return 2;
}

static void owrite(const char *s)
{
	fputs(s, g.out);
}

static void oprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void oprintf(const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	owrite(buf);
}

static int option_on(const char *name)
{
	dtrace_optval_t v;

	return dtrace_getopt(g.dtp, name, &v) == 0 && v != DTRACEOPT_UNSET;
}

static int is_quiet(void)
{
	return option_on("quiet");
}

/*
 * Before a probe's records: its CPU, ID and FUNCTION:NAME columns (not
 * under an output format other than text: the library says what fired).
 * Under flowindent (-F) the columns are CPU and FUNCTION: the function,
 * indented by the library's count with its "->"/"<-" (or "| " and the
 * probe's name for a probe that is neither entry nor return), shown even
 * when quiet, as DTrace's command does.
 */
static int chew(const dtrace_probedata_t *data, void *arg)
{
	const dtrace_probedesc_t *pd = data->dtpda_pdesc;
	const char *func = pd ? pd->dtpd_func : "", *pname = pd ? pd->dtpd_name : "?";
	char name[DTRACE_FUNCNAMELEN + DTRACE_NAMELEN + 2];
	int flow = !g.structured && option_on("flowindent");

	(void)arg;
	g.quiet = is_quiet() || g.structured;
	if (g.quiet && !flow)
		return DTRACE_CONSUME_THIS;
	if (!g.heading) {
		if (flow && g.testing)
			oprintf("%-41s\n", "FUNCTION");
		else if (flow)
			oprintf("%3s %-41s\n", "CPU", "FUNCTION");
		else if (g.testing)
			oprintf("%32s\n", "FUNCTION:NAME");
		else
			oprintf("%3s %6s %32s\n", "CPU", "ID", "FUNCTION:NAME");
		g.heading = 1;
	}
	if (flow) {
		size_t len = (size_t)data->dtpda_indent + strlen(data->dtpda_prefix) + strlen(func) + strlen(pname) + 2;
		char *fname = malloc(len);
		if (!fname)
			return DTRACE_CONSUME_ABORT;
		if (data->dtpda_flow == DTRACEFLOW_NONE)
			snprintf(fname, len, "%*s%s%s:%s", data->dtpda_indent, "", data->dtpda_prefix, func, pname);
		else
			snprintf(fname, len, "%*s%s%s", data->dtpda_indent, "", data->dtpda_prefix, func);
		if (g.testing)
			oprintf("%-41s ", fname);
		else
			oprintf("%3d %-41s ", data->dtpda_cpu, fname);
		free(fname);
		return DTRACE_CONSUME_THIS;
	}
	snprintf(name, sizeof(name), "%s:%s", func, pname);
	if (g.testing)
		oprintf("%32s ", name);
	else
		oprintf("%3d %6u %32s ", data->dtpda_cpu, pd ? pd->dtpd_id : 0, name);
	return DTRACE_CONSUME_THIS;
}

/* Each record: exit()'s status; after the last, the end of the line,
 * unless quiet is on by now (DTrace's setopthandler turns g_quiet on or
 * off as a setopt("quiet") in the clause is consumed). */
static int chewrec(const dtrace_probedata_t *data, const dtrace_recdesc_t *rec, void *arg)
{
	(void)arg;
	if (!rec) {
		g.quiet = is_quiet() || g.structured;
		if (!g.quiet)
			oprintf("\n");
		return DTRACE_CONSUME_NEXT;
	}
	if (rec->dtrd_action == DTRACEACT_EXIT) {
		int32_t status;
		memcpy(&status, data->dtpda_data, sizeof(status));
		g.status = status;
		return DTRACE_CONSUME_NEXT;
	}
	return DTRACE_CONSUME_THIS;
}

struct cmd {
	int kind;		/* 'n', 'P', 'm', 'f', 's' */
	char *arg;
	dtrace_prog_t *prog;
};

/* The programs dtrace(1) compiled, for the error handler to name a
 * faulting clause's script. */
struct cmdlist {
	const struct cmd *v;
	int n;
};

/*
 * Errors and drops on stderr, as DTrace reports them; under json the
 * library puts them in the document instead.  DTrace names a fault by its
 * offset in the program only; after its message (kept as it is, for what
 * reads it) comes the D statement that faulted: on a terminal, or anywhere
 * with -x faultsrc.
 */
static int errhandler(const dtrace_errdata_t *e, void *arg)
{
	const struct cmdlist *cl = arg;
	size_t len = strlen(e->dteda_msg);
	const char *script = NULL;

	if (g.json)
		return DTRACE_HANDLE_OK;
	fflush(g.out);
	/* the library's messages end without a newline (DTrace's) */
	if (!g.faultsrc || e->dteda_line <= 0 || !len) {
		fprintf(stderr, "dtrace: %s\n", e->dteda_msg);
		return DTRACE_HANDLE_OK;
	}
	for (int i = 0; i < cl->n; i++)
		if (cl->v[i].prog == e->dteda_prog && cl->v[i].kind == 's')
			script = cl->v[i].arg;
	fprintf(stderr, "dtrace: %s, at line %d%s%s%s%s\n", e->dteda_msg, e->dteda_line,
		script ? " of " : "", script ? script : "", e->dteda_stmt ? ": " : "",
		e->dteda_stmt ? e->dteda_stmt : "");
	return DTRACE_HANDLE_OK;
}

static int drophandler(const dtrace_dropdata_t *d, void *arg)
{
	(void)arg;
	if (g.json)
		return DTRACE_HANDLE_OK;
	fflush(g.out);
	fprintf(stderr, "dtrace: %s\n", d->dtdda_msg);
	return DTRACE_HANDLE_OK;
}

static void prochandler(struct ps_prochandle *P, const char *msg, void *arg)
{
	(void)P;
	(void)arg;
	if (!msg)
		g.pslive--;
}

static int fatal(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fatal(int status, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "dtrace: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	if (g.dtp)
		dtrace_close(g.dtp);
	return status;
}

/* The output could not be written (a full disk; a closed pipe when
 * SIGPIPE was ignored): DTrace stops with an error rather than trace on
 * into nowhere.  errno says why. */
static int write_failed(void)
{
	errno = 0;
	if (fflush(g.out) == 0 && !ferror(g.out))
		return 0;
	if (errno == EINTR) {
		clearerr(g.out);
		return 0;
	}
	if (!errno)
		errno = EIO;
	return 1;
}

/* cmdloop's check: write_failed(), errno saying why */
static int output_failed(void *arg)
{
	(void)arg;
	return write_failed();
}

/* cmdloop's over: a signal came, or every -c/-p process is gone (arg: how
 * many there were) */
static int tracing_over(void *arg)
{
	int nprocs = *(const int *)arg;

	/* the first signal gets a newline, after the ^C a terminal echoes
	 * (DTrace's intr() and its loop; not in testing mode, where it
	 * would land anywhere in the output) */
	if (g.intr && !g.intr_newline) {
		g.intr_newline = 1;
		if (!g.testing && !g.structured)
			oprintf("\n");
	}
	return g.intr || (nprocs && g.pslive <= 0);
}

static const char *errmsg(void)
{
	return dtrace_errmsg(g.dtp, dtrace_errno(g.dtp));
}

/* A file dtrace writes (-o, appended to as DTrace does; -h's header,
 * truncated), opened as src/common/safe_open.c says.  NULL with *why set
 * on failure. */
static FILE *open_safely(const char *path, int truncate, const char **why)
{
	int fd = dt_open_safely(path, truncate, why);
	FILE *fp;

	if (fd < 0)
		return NULL;
	fp = fdopen(fd, truncate ? "w" : "a");
	if (!fp) {
		*why = strerror(errno);
		close(fd);
	}
	return fp;
}

/* Stability attributes as -v shows them. */
static void print_attr(dtrace_attribute_t a)
{
	oprintf("\t\tIdentifier Names: %s\n\t\tData Semantics:   %s\n\t\tDependency Class: %s\n",
		dtrace_stability_name(a.dtat_name), dtrace_stability_name(a.dtat_data), dtrace_class_name(a.dtat_class));
}

/* -v: a probe's stability and argument types (DTrace's print_probe_info) */
static void print_probe_info(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pd)
{
	dtrace_probeinfo_t pi;

	if (dtrace_probe_info(dtp, pd, &pi) == 0) {
		oprintf("\n\tProbe Description Attributes\n");
		print_attr(pi.dtp_attr);
		oprintf("\n\tArgument Attributes\n");
		print_attr(pi.dtp_arga);
		oprintf("\n\tArgument Types\n");
		if (pi.dtp_argc == 0)
			oprintf("\t\tNone\n");
		for (int i = 0; i < pi.dtp_argc; i++)
			oprintf("\t\targs[%d]: %s\n", i, pi.dtp_argtypes ? pi.dtp_argtypes[i] : "");
		oprintf("\n");
	}
}

/* -l: the probes matching each description (all of them without one). */
static int list_probe(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pd, void *arg)
{
	int *verbose = arg;

	oprintf("%5u %10s %17s %33s %s\n", pd->dtpd_id, pd->dtpd_provider, pd->dtpd_mod, pd->dtpd_func,
		pd->dtpd_name);
	if (*verbose)
		print_probe_info(dtp, pd);
	return 0;
}

/* -e -v: each description of a program and its probe's information
 * (DTrace's info_stmt) */
static int info_stmt(dtrace_hdl_t *dtp, dtrace_prog_t *pg, dtrace_stmtdesc_t *st, void *arg)
{
	const dtrace_probedesc_t *pd = &st->dtsd_ecbdesc->dted_probe;

	(void)pg;
	(void)arg;
	oprintf("\n%s:%s:%s:%s\n", pd->dtpd_provider, pd->dtpd_mod, pd->dtpd_func, pd->dtpd_name);
	print_probe_info(dtp, pd);
	return 0;
}

/* A -n/-P/-m/-f argument as messages name it: up to its first { / or ;
 * (a script by its path) */
static char *cmd_name(const struct cmd *d)
{
	char *name = strdup(d->arg);

	if (name && d->kind != 's')
		name[strcspn(name, "{/;")] = 0;
	return name;
}

static dtrace_probespec_t spec_of(int kind)
{
	switch (kind) {
	case 'P': return DTRACE_PROBESPEC_PROVIDER;
	case 'm': return DTRACE_PROBESPEC_MOD;
	case 'f': return DTRACE_PROBESPEC_FUNC;
	default: return DTRACE_PROBESPEC_NAME;
	}
}

/*
 * Compile one -n/-P/-m/-f/-s argument into d->prog; 0, or dtrace's exit
 * status after saying why (the handle is then closed).
 */
static int compile_cmd(struct cmd *d, unsigned int cflags, int nmargs, char **margs)
{
	if (d->kind == 's') {
		FILE *fp = strcmp(d->arg, "-") == 0 ? stdin : fopen(d->arg, "r");
		if (!fp)
			return fatal(1, "failed to open %s: %s", d->arg, strerror(errno));
		margs[0] = d->arg;
		d->prog = dtrace_program_fcompile(g.dtp, fp, cflags, nmargs, margs);
		margs[0] = "dtrace";
		if (fp != stdin)
			fclose(fp);
		if (!d->prog)
			return fatal(1, "failed to compile script %s: %s", d->arg, errmsg());
	} else {
		/* -P, -m, -f: the compiler reads the description's last word
		 * as the provider, module or function (spec) */
		d->prog = dtrace_program_strcompile(g.dtp, d->arg, spec_of(d->kind), cflags, nmargs, margs);
		if (!d->prog)
			return fatal(1, "invalid probe specifier %s: %s", d->arg, errmsg());
	}
	return 0;
}

/* -l: the probes of one statement's description, or why there are none
 * (DTrace's list_stmt) */
static int list_stmt(dtrace_hdl_t *dtp, dtrace_prog_t *pg, dtrace_stmtdesc_t *st, void *arg)
{
	const dtrace_probedesc_t *pd = &st->dtsd_ecbdesc->dted_probe;

	(void)pg;
	if (dtrace_probe_iter(dtp, pd, list_probe, arg) != 0) {
		fflush(g.out);
		fprintf(stderr, "dtrace: failed to match %s:%s:%s:%s: %s\n", pd->dtpd_provider, pd->dtpd_mod,
			pd->dtpd_func, pd->dtpd_name, errmsg());
	}
	return 0;
}

/* A script's name without its directory and its ".d", then suffix; NULL
 * when the name does not end in ".d". */
static char *script_file(const char *script, const char *suffix)
{
	const char *base = strrchr(script, '/') ? strrchr(script, '/') + 1 : script;
	size_t n = strlen(base);
	char *s;

	if (n < 2 || strcmp(base + n - 2, ".d") != 0)
		return NULL;
	s = malloc(n - 2 + strlen(suffix) + 1);
	memcpy(s, base, n - 2);
	strcpy(s + n - 2, suffix);
	return s;
}

static int usage_error(const char *msg)
{
	fprintf(stderr, "dtrace: %s\n", msg);
	dtrace_close(g.dtp);
	return 2;
}

/*
 * -h and -G: the header (dtrace_program_header) or the object
 * (dtrace_program_link) of the provider definitions compiled, at -o's path
 * or where DTrace puts it: the script's name with .d replaced by .h or .o,
 * in the current directory (-G: "d.out" for a description).
 */
static int generate(int mode, struct cmd *cmds, int ncmds, const char *outfile, int objc, char **objv)
{
	char *path;

	if (ncmds == 0)
		return usage_error(mode == 'h' ? "-h requires one or more scripts or enabling options"
					       : "-G requires one or more scripts or enabling options");
	if (mode == 'G') {
		/* several programs and -o: DTrace links each into an object of
		 * its own, then those into -o, removing them; here the one
		 * object they make is written at -o */
		for (int i = 0; i < ncmds; i++) {
			char *name = strdup(cmds[i].arg);
			path = outfile ? strdup(outfile) : cmds[i].kind == 's' ? script_file(name, ".o") : NULL;
			if (!path) {
				char buf[32];
				snprintf(buf, sizeof(buf), "d.out.%d", i);
				path = strdup(ncmds > 1 ? buf : "d.out");
			}
			/* DTrace names a script without its .d unless -o named the
			 * one object (it cut the name to make the object's) */
			if (!(outfile && ncmds == 1) && cmds[i].kind == 's' && strlen(name) > 2 &&
			    strcmp(name + strlen(name) - 2, ".d") == 0)
				name[strlen(name) - 2] = 0;
			if (dtrace_program_link(g.dtp, cmds[i].prog, DTRACE_D_PROBES, path, objc, objv) != 0)
				return fatal(1, "failed to link %s %s: %s", cmds[i].kind == 's' ? "script" : "description",
					     name, errmsg());
			free(name);
			free(path);
			if (outfile)
				break;
		}
	} else {
		FILE *fp;
		if (outfile)
			path = strdup(outfile);
		else if (ncmds > 1)
			return usage_error("-h requires an output file if multiple scripts are specified");
		else if (cmds[0].kind != 's' || !(path = script_file(cmds[0].arg, ".h")))
			return usage_error("-h requires an output file if no scripts are specified");
		const char *why;
		if (!(fp = open_safely(path, 1, &why)))
			return fatal(1, "failed to open header file '%s': %s", path, why);
		fprintf(fp, "/*\n * Generated by dtrace(1M).\n */\n\n");
		if (dtrace_program_header(g.dtp, fp, path) != 0 || fclose(fp) == EOF) {
			unlink(path);	/* no half a header for a build to use */
			return fatal(1, "failed to create header file %s: %s", path, errmsg());
		}
		free(path);
	}
	dtrace_close(g.dtp);
	return 0;
}

/* Split -c's command at white space, as dtrace(1) does (no shell). */
static char **make_argv(const char *cmd)
{
	char *dup = strdup(cmd), *tok, *save;
	char **v = calloc(strlen(cmd) / 2 + 2, sizeof(char *));
	int n = 0;

	for (tok = strtok_r(dup, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save))
		v[n++] = tok;
	v[n] = NULL;
	return v;
}

/* Whether the options ask for tracing or listing (which need privileges:
 * dtrace_open() refuses at once without them), not just -h, -G or -V
 * (which a build runs as anyone). */
static int traces(int argc, char **argv)
{
	int c, kernel = 1;

	opterr = 0;
	for (optind = 1; optind < argc; optind++)	/* as main() scans */
		while ((c = getopt(argc, argv, OPTSTR)) != -1)
			if (c == 'h' || c == 'G' || c == 'V')
				kernel = 0;
	opterr = 1;
	optind = 0;	/* glibc: getopt starts over */
	return kernel;
}

int main(int argc, char **argv)
{
	struct cmd *cmds;	/* one per -n, -s, -P, -m, -f, -i: at most argc */
	int ncmds = 0, list = 0, exec_only = 0, verbose = 0, err, gen = 0, version = 0;
	int modes = 0;		/* each -G, -h, -l and -V given: at most one */
	unsigned int cflags = 0;
	const char *outfile = NULL;
	/* every -c command and -p pid, in order ('c' or 'p', then the
	 * argument): at most argc / 2 */
	struct { int kind; char *arg; } *pspecs;
	int npspecs = 0;
	int c;

	if (argc <= 1)
		return usage(stderr);
	cmds = calloc((size_t)argc, sizeof(*cmds));	/* lives as long as the process */
	pspecs = calloc((size_t)argc, sizeof(*pspecs));
	if (!cmds || !pspecs)
		return fatal(1, "failed to allocate memory");
	argv[0] = "dtrace";	/* getopt's messages name dtrace, as DTrace's */
	g.out = stdout;
	g.testing = getenv("_DTRACE_TESTING") != NULL;
	g.dtp = dtrace_open(DTRACE_VERSION, traces(argc, argv) ? 0 : DTRACE_O_NODEV, &err);
	if (!g.dtp) {
		fprintf(stderr, "dtrace: failed to initialize dtrace: %s\n", dtrace_errmsg(NULL, err));
		return 1;
	}
	/* options the environment sets (DTRACE_OPT_QUIET=yes), before the
	 * command line's, as DTrace's */
	dtrace_setoptenv(g.dtp, "DTRACE_OPT_");

	/* Options and operands may come in any order (DTrace's dtrace.c scans
	 * so): getopt stops at an operand ('+'), which is kept, and the scan
	 * goes on after it, so that `dtrace -s x.d arg -c cmd` runs cmd. */
	char **operands = calloc((size_t)argc, sizeof(char *));
	int noperands = 0;
	if (!operands)
		return fatal(1, "failed to allocate memory");
	for (optind = 1; optind < argc; optind++) {
		while ((c = getopt(argc, argv, OPTSTR)) != -1) {
			const struct letter_option *lo = letter_option(c);
			if (lo) {
				const char *arg = lo->takes_arg ? optarg : NULL;
				if (dtrace_setopt(g.dtp, lo->option, arg) != 0)
					return fatal(1, "failed to set -%c%s%s: %s", c, arg ? " " : "", arg ? arg : "",
						     errmsg());
				continue;
			}
			switch (c) {
			case 'c': case 'p':
				pspecs[npspecs].kind = c;
				pspecs[npspecs++].arg = optarg;
				break;
			case 'C': cflags |= DTRACE_C_CPP; break;
			case 'e': exec_only = 1; break;
			case '3': case '6':
				/* -32, -64: the data model of the D programs; the
				 * kernel's is the only one BPF programs have */
				if (strcmp(optarg, c == '3' ? "2" : "4") != 0) {
					fprintf(stderr, "dtrace: illegal option -- %c%s\n", c, optarg);
					return usage(stderr);
				}
				if (c == '3')
					return fatal(2, "-32 is not available: D programs run in the 64-bit kernel's BPF");
				break;
			case 'a': case 'A':
				return fatal(2, "-%c is not available on Linux: DTrace's anonymous tracing keeps its state in the Solaris kernel", c);
			case 'f': case 'm': case 'n': case 'P': case 's': case 'i':
				/* -i is -n (DTrace's): a description that is a number
				 * is a probe id, what -l shows */
				cmds[ncmds].kind = c == 'i' ? 'n' : c;
				cmds[ncmds].arg = optarg;
				cmds[ncmds].prog = NULL;
				ncmds++;
				break;
			case 'F': dtrace_setopt(g.dtp, "flowindent", NULL); break;
			case 'h': case 'G':	/* a header or an object: probes may match nothing */
				gen = c;
				modes++;
				cflags |= DTRACE_C_ZDEFS;
				break;
			case 'l': list = 1; modes++; break;
			case 'o': outfile = optarg; break;
			case 'q': dtrace_setopt(g.dtp, "quiet", NULL); break;
			case 'S': cflags |= DTRACE_C_DIFV; break;
			case 'v':	/* and the library adds the verifier's log to a rejection */
				verbose = 1;
				dtrace_setopt(g.dtp, "verbose", NULL);
				break;
			case 'V': version = 1; modes++; break;
			case 'w': dtrace_setopt(g.dtp, "destructive", NULL); break;
			case 'x': {
				char *name = strdup(optarg), *eq = strchr(name, '=');
				if (eq)
					*eq++ = 0;
				if (dtrace_setopt(g.dtp, name, eq) != 0)
					return fatal(1, "failed to set -x %s: %s", name, errmsg());
				free(name);
				break;
			}
			case 'Z':
				cflags |= DTRACE_C_ZDEFS;
				dtrace_setopt(g.dtp, "zdefs", NULL);
				break;
			default:
				dtrace_close(g.dtp);
				return usage(stderr);
			}
		}
		if (optind < argc)
			operands[noperands++] = argv[optind];
	}

	/* as DTrace's first pass counts them: -l -l is two */
	if (modes > 1)
		return usage_error("only one of the [-GhlV] options can be specified at a time");
	if (version) {
		printf("dtrace: %s\n", _dtrace_version);
		dtrace_close(g.dtp);
		return 0;
	}
	if (outfile && !gen) {
		const char *why;
		g.out = open_safely(outfile, 0, &why);
		if (!g.out)
			return fatal(1, "failed to open output file '%s': %s", outfile, why);
	}

	/* processes first, every -c and -p in order, as DTrace's third pass:
	 * $target names the first in the programs (and in -l's
	 * descriptions); tracing ends when all of them are gone */
	struct ps_prochandle **procs = calloc((size_t)npspecs + 1, sizeof(*procs));
	int nprocs = 0;
	if (!procs)
		return fatal(1, "failed to allocate memory");
	for (int i = 0; i < npspecs && !gen; i++) {
		if (pspecs[i].kind == 'c') {
			char **v = make_argv(pspecs[i].arg);
			if (!v[0])
				return fatal(1, "failed to execute %s", pspecs[i].arg);
			if (!(procs[nprocs++] = dtrace_proc_create(g.dtp, v[0], v)))
				return fatal(1, "%s", errmsg());
			free(v[0]);
			free(v);
		} else {
			char *end;
			long pid;
			errno = 0;
			pid = strtol(pspecs[i].arg, &end, 10);
			if (errno || end == pspecs[i].arg || *end || pid <= 0 || pid != (pid_t)pid)
				return fatal(1, "invalid pid: %s", pspecs[i].arg);
			if (!(procs[nprocs++] = dtrace_proc_grab(g.dtp, (pid_t)pid, 0)))
				return fatal(1, "%s", errmsg());
		}
	}

	/* macro arguments: $0 is the script (or dtrace), then the operands */
	int nmargs = gen == 'G' ? 1 : 1 + noperands;	/* -G: the operands are objects */
	char **margs = calloc((size_t)nmargs + 1, sizeof(char *));
	margs[0] = "dtrace";
	for (int i = 0; i < noperands && gen != 'G'; i++)
		margs[1 + i] = operands[i];

	if (list) {
		/* as DTrace's main: every program compiled (-l implies -Z)
		 * before the header, so a bad one prints nothing else */
		for (int i = 0; i < ncmds; i++) {
			int rc = compile_cmd(&cmds[i], cflags | DTRACE_C_ZDEFS, nmargs, margs);
			if (rc != 0)
				return rc;
		}
		oprintf("%5s %10s %17s %33s %s\n", "ID", "PROVIDER", "MODULE", "FUNCTION", "NAME");
		if (ncmds == 0 && nprocs) {
			/* -l -p PID: that process's USDT probes (providers NAMEPID), not all */
			dtrace_probedesc_t pd = { .dtpd_id = 0 };
			snprintf(pd.dtpd_provider, sizeof(pd.dtpd_provider), "*%d", (int)dtrace_proc_pid(procs[0]));
			dtrace_probe_iter(g.dtp, &pd, list_probe, &verbose);
		} else if (ncmds == 0)
			dtrace_probe_iter(g.dtp, NULL, list_probe, &verbose);
		/* as DTrace's list_prog: the probes of each description */
		for (int i = 0; i < ncmds; i++)
			dtrace_stmt_iter(g.dtp, cmds[i].prog, list_stmt, &verbose);
		free(margs);
		fflush(g.out);
		dtrace_close(g.dtp);
		return 0;
	}

	for (int i = 0; i < ncmds; i++) {
		int rc = compile_cmd(&cmds[i], cflags, nmargs, margs);
		if (rc != 0)
			return rc;
	}
	free(margs);
	/* -v: each program's least stable description and statement */
	for (int i = 0; verbose && i < ncmds; i++) {
		dtrace_proginfo_t info;
		dtrace_program_info(g.dtp, cmds[i].prog, &info);
		char *name = cmd_name(&cmds[i]);
		oprintf("\nStability attributes for %s %s:\n", cmds[i].kind == 's' ? "script" : "description", name);
		free(name);
		oprintf("\n\tMinimum Probe Description Attributes\n");
		print_attr(info.dpi_descattr);
		oprintf("\n\tMinimum Statement Attributes\n");
		print_attr(info.dpi_stmtattr);
		if (exec_only)
			dtrace_stmt_iter(g.dtp, cmds[i].prog, info_stmt, NULL);
		else
			oprintf("\n");
	}
	if (gen)
		return generate(gen, cmds, ncmds, outfile, noperands, operands);

	dtrace_optval_t ofmt;
	if (dtrace_getopt(g.dtp, "oformat", &ofmt) == 0 && ofmt != DTRACE_OFORMAT_TEXT) {
		g.structured = 1;
		g.json = ofmt == DTRACE_OFORMAT_JSON;
	}
	g.quiet = is_quiet();
	int total = 0;
	for (int i = 0; i < ncmds; i++) {
		dtrace_proginfo_t info;
		if (exec_only)
			dtrace_program_info(g.dtp, cmds[i].prog, &info);
		else if (dtrace_program_exec(g.dtp, cmds[i].prog, &info) != 0)
			return fatal(1, "failed to enable '%s': %s", cmds[i].arg, errmsg());
		total += (int)info.dpi_matches;
		/* -e enables nothing: nothing matched is told (as in DTrace) */
		if (!g.quiet && !exec_only) {
			char *name = cmd_name(&cmds[i]);
			fprintf(stderr, "dtrace: %s '%s' matched %u probe%s\n",
				cmds[i].kind == 's' ? "script" : "description", name, info.dpi_matches,
				info.dpi_matches == 1 ? "" : "s");
			free(name);
		}
	}
	if (exec_only) {
		/* a -c command was created stopped at its exec, and is killed
		 * here without having run (dtrace_close releases it) */
		dtrace_close(g.dtp);
		return 0;
	}
	/* -Z: nothing matched is not an error; dtrace traces nothing until
	 * it is stopped or its -c command ends (DTrace's main) */
	if (total == 0 && !(cflags & DTRACE_C_ZDEFS))
		return fatal(1, "no probes %s", ncmds ? "matched" : "specified");

	dtrace_optval_t fsrc;
	g.faultsrc = isatty(STDERR_FILENO) ||
		     (dtrace_getopt(g.dtp, "faultsrc", &fsrc) == 0 && fsrc != DTRACEOPT_UNSET);
	struct cmdlist cl = { cmds, ncmds };
	dtrace_handle_err(g.dtp, errhandler, &cl);
	dtrace_handle_drop(g.dtp, drophandler, NULL);
	dtrace_handle_proc(g.dtp, prochandler, NULL);
	/* no buffered handler: the library writes to g.out itself, all of
	 * what it made (a NUL that printf's %c gave too), as DTrace's
	 * dtrace(1) has it unless -B */

	/* SIGINT and SIGTERM stop tracing (END runs, the status is exit()'s).
	 * DTrace leaves them alone when they were ignored at its start; here
	 * they are caught even then, since a non-interactive shell starts its
	 * background jobs with SIGINT ignored and `dtrace ... & kill -INT`
	 * must stop dtrace.  Every other signal keeps its disposition, as in
	 * DTrace: SIGHUP and SIGPIPE (the reader of the output went away) end
	 * dtrace.  Whatever ends it, the kernel detaches every probe: each is
	 * owned by a file descriptor, none is named in tracefs. */
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);

	dtrace_optval_t bufsize = DTRACEOPT_UNSET, ringsize = DTRACEOPT_UNSET;
	dtrace_getopt(g.dtp, "bufsize", &bufsize);
	if (dtrace_go(g.dtp) != 0)
		return fatal(1, "could not enable tracing: %s", errmsg());
	/* the buffer is a power of two pages: DTrace's dt_pebs_init says so
	 * when it rounds bufsize up (in its words, without "dtrace: ") */
	dtrace_getopt(g.dtp, "bufsize", &ringsize);
	if (ringsize > bufsize)
		fprintf(stderr, "bufsize increased to %lld\n", (long long)ringsize);
	/* DTrace's notice(): not under -q or a quiet pragma */
	dtrace_optval_t destructive = DTRACEOPT_UNSET;
	dtrace_getopt(g.dtp, "destructive", &destructive);
	if (destructive != DTRACEOPT_UNSET && !is_quiet() && !g.structured)
		fprintf(stderr, "dtrace: allowing destructive actions\n");
	/* tracing is on: let the processes run */
	for (int i = 0; i < nprocs; i++)
		dtrace_proc_continue(g.dtp, procs[i]);
	g.pslive = nprocs;

	struct cmdloop loop = {
		.dtp = g.dtp, .out = g.out, .probe = chew, .rec = chewrec, .arg = &nprocs,
		.over = tracing_over, .check = output_failed,
	};
	switch (cmdloop_run(&loop)) {
	case CMDLOOP_DONE:
		break;
	case CMDLOOP_STOP_FAILED:
		return fatal(1, "couldn't stop tracing: %s", errmsg());
	case CMDLOOP_WORK_FAILED:
		return fatal(1, "processing aborted: %s", errmsg());
	case CMDLOOP_CHECK_FAILED:
		return fatal(1, "failed to write to %s: %s", outfile ? outfile : "<stdout>", strerror(errno));
	}

	/* the newline DTrace's main() prints once tracing is over, before
	 * every aggregation printa() did not print (nothing follows them),
	 * then the end of the JSON document (which ends its line) */
	if (!g.structured)
		oprintf("\n");
	dtrace_aggregate_print(g.dtp, g.out, NULL);
	dtrace_oformat_end(g.dtp, g.out);
	if (write_failed())
		return fatal(1, "failed to write to %s: %s", outfile ? outfile : "<stdout>", strerror(errno));
	for (int i = 0; i < nprocs; i++)
		dtrace_proc_release(g.dtp, procs[i]);
	dtrace_close(g.dtp);
	if (g.out != stdout)
		fclose(g.out);
	return g.status;
}
