/*
 * options.c - DTrace's options: -x name=value, #pragma D option, the
 * setopt() action and the DTRACE_OPT_* environment all come here.
 *
 * The options are DTrace's three tables (Oracle's dt_options.c), each row
 * a name, the handler that reads its value, and the member of struct
 * dt_options it sets:
 *
 *   compile-time   what the compiler reads: a flag for the unit being
 *                  compiled (a #pragma sets it for that unit only, as
 *                  DTrace's pcb_cflags), the preprocessor's arguments, the
 *                  version of D;
 *   run-time       buffer sizes and limits: fixed once tracing is active
 *                  (EDT_ACTIVE);
 *   dynamic        what the consumer reads as it goes (quiet, switchrate,
 *                  the aggregation sort options): setopt() may change them
 *                  while tracing.
 *
 * Each handler keeps its DTrace rule: a compile-time flag takes no value;
 * a run-time switch takes yes/no, enable(d)/disable(d), true/false,
 * on/off, set/unset (any case), "" (unset) or a non-negative number (set,
 * even 0); a size takes k, m, g or t; a rate ns..day or hz, a bare number
 * being nanoseconds; the preprocessor's and the paths' options may not be
 * set from within a D program (EDT_BADOPTCTX).  Options that exist for
 * DTrace's own build or debugging (dofstashpath, ctfpath, strip, ...)
 * check their value as DTrace does and change nothing here: the row says
 * why.  After the three tables, the options illumos has that Oracle's
 * tables lack, and our own (oformat, faultsrc).
 */
#include "dt_impl.h"

#include <ctype.h>
#include <limits.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <unistd.h>

#include "../common/attr.h"
#include "../common/version.h"

struct dt_option;
typedef int opt_set_f(struct dtrace_hdl *h, const char *arg, const struct dt_option *op);

/* The member a row sets: none, an int, a uint32_t or a uint64_t. */
enum opt_field { OF_NONE, OF_INT, OF_U32, OF_U64 };

struct dt_option {
	const char *name;
	opt_set_f *set;
	enum opt_field kind;
	size_t off;		/* in struct dt_options */
	int64_t arg;		/* the handler's: a flag's value, ... */
	const char *words;	/* opt_word: the values it takes, "a|b|c" */
};

#define FIELD(kind, member) kind, offsetof(struct dt_options, member)
#define NOFIELD OF_NONE, 0

static void opt_store(struct dtrace_hdl *h, const struct dt_option *op, int64_t v)
{
	char *p = (char *)&h->o + op->off;

	switch (op->kind) {
	case OF_INT: *(int *)p = (int)v; break;
	case OF_U32: *(uint32_t *)p = (uint32_t)v; break;
	case OF_U64: *(uint64_t *)p = (uint64_t)v; break;
	case OF_NONE: break;
	}
}

static int64_t opt_load(const struct dtrace_hdl *h, const struct dt_option *op)
{
	const char *p = (const char *)&h->o + op->off;

	switch (op->kind) {
	case OF_INT: return *(const int *)p;
	case OF_U32: return *(const uint32_t *)p;
	case OF_U64: return (int64_t)*(const uint64_t *)p;
	case OF_NONE: break;
	}
	return DTRACEOPT_UNSET;
}

static int badval(struct dtrace_hdl *h)
{
	return dt_set_errno(h, EDT_BADOPTVAL);
}

/* What only a command line (or the library's caller) may set, not a
 * #pragma: DTrace's handlers that refuse when a compile is under way. */
static int in_program(struct dtrace_hdl *h)
{
	return h->opt_in_program ? dt_set_errno(h, EDT_BADOPTCTX) : 0;
}

/* ---- value syntax ------------------------------------------------------- */

/* A number of bytes with k, m, g or t (any case): DTrace's dt_optval_parse. */
static int parse_size(const char *arg, int64_t *val)
{
	size_t len = strlen(arg);
	uint64_t mul = 1;
	char *end;

	/* "name=" is 0: dt_optval_parse reads the byte before the value
	 * (the '\0' that ended the name), no suffix, and strtoull takes ""
	 * as 0 */
	if (len == 0) {
		*val = 0;
		return 0;
	}
	switch (arg[len - 1]) {
	case 't': case 'T': mul <<= 10; /* FALLTHROUGH */
	case 'g': case 'G': mul <<= 10; /* FALLTHROUGH */
	case 'm': case 'M': mul <<= 10; /* FALLTHROUGH */
	case 'k': case 'K': mul <<= 10; break;
	default: break;
	}
	errno = 0;
	long long neg = strtoll(arg, NULL, 0);
	errno = 0;
	unsigned long long n = strtoull(arg, &end, 0);
	if ((mul > 1 && end != &arg[len - 1]) || (mul == 1 && *end) || neg < 0 || errno ||
	    (n && mul > UINT64_MAX / n) || n * mul > INT64_MAX)
		return -1;
	*val = (int64_t)(n * mul);
	return 0;
}

/* A run-time switch or count (DTrace's dt_opt_runtime): DTRACEOPT_UNSET,
 * or the number (none given: 0, which is set). */
static int parse_runtime(const char *arg, int64_t *val)
{
	static const char *const couples[][2] = {
		{"yes", "no"}, {"enable", "disable"}, {"enabled", "disabled"},
		{"true", "false"}, {"on", "off"}, {"set", "unset"},
	};
	char *end;

	*val = 0;
	if (!arg)
		return 0;
	if (!*arg) {
		*val = DTRACEOPT_UNSET;
		return 0;
	}
	for (size_t i = 0; i < ARRAY_SIZE(couples); i++) {
		if (strcasecmp(couples[i][0], arg) == 0) {
			*val = 1;
			return 0;
		}
		if (strcasecmp(couples[i][1], arg) == 0) {
			*val = DTRACEOPT_UNSET;
			return 0;
		}
	}
	errno = 0;
	long long neg = strtoll(arg, NULL, 0);
	errno = 0;
	unsigned long long n = strtoull(arg, &end, 0);
	if (*end || errno || neg < 0 || n > INT64_MAX)
		return -1;
	*val = (int64_t)n;
	return 0;
}

/* A time as nanoseconds: a number with ns, us, ms, s, m, h, d (or their
 * long names) or hz (per second), any case; DTrace's dt_opt_rate. */
static int parse_rate(const char *arg, int64_t *val)
{
	static const struct {
		const char *name;
		uint64_t mul;	/* 0: hz */
	} suffix[] = {
		{"ns", 1}, {"nsec", 1}, {"us", 1000}, {"usec", 1000},
		{"ms", 1000000}, {"msec", 1000000}, {"s", 1000000000ULL}, {"sec", 1000000000ULL},
		{"m", 60000000000ULL}, {"min", 60000000000ULL},
		{"h", 3600000000000ULL}, {"hour", 3600000000000ULL},
		{"d", 86400000000000ULL}, {"day", 86400000000000ULL}, {"hz", 0},
	};
	uint64_t mul = 1;
	int found = 0;
	char *end;

	*val = 0;
	if (!arg)
		return 0;
	errno = 0;
	long long neg = strtoll(arg, NULL, 0);
	errno = 0;
	unsigned long long n = strtoull(arg, &end, 0);
	for (size_t i = 0; i < ARRAY_SIZE(suffix) && !found; i++)
		if (strcasecmp(suffix[i].name, end) == 0) {
			mul = suffix[i].mul;
			found = 1;
		}
	if ((!found && *end) || neg < 0)
		return -1;
	if (mul == 0)
		*val = n ? (int64_t)(1000000000ULL / n) : 0;
	else if (n && mul > UINT64_MAX / n)
		return -1;
	else
		*val = (int64_t)(n * mul);
	return 0;
}

/* ---- handlers ----------------------------------------------------------- */

/* A compile-time flag: no value; arg is what it sets (kdefs, udefs clear). */
static int opt_cflag(struct dtrace_hdl *h, const char *arg, const struct dt_option *op)
{
	if (arg)
		return badval(h);
	opt_store(h, op, op->arg);
	return 0;
}

/* A flag of the aggregations (DTrace's dt_opt_agg): no value, and it stays
 * set for the handle, however it was set (not a compile flag of one unit,
 * which dt_opt_restore_cflags puts back). */
static int opt_agg(struct dtrace_hdl *h, const char *arg, const struct dt_option *op)
{
	if (arg)
		return badval(h);
	opt_store(h, op, op->arg);
	return 0;
}

/* A flag DTrace sets whatever the value (droptags, lazyload, linknommap). */
static int opt_anyval(struct dtrace_hdl *h, const char *arg, const struct dt_option *op)
{
	(void)arg;
	opt_store(h, op, 1);
	return 0;
}

/* A run-time switch: on, or off when unset. */
static int opt_switch(struct dtrace_hdl *h, const char *arg, const struct dt_option *op)
{
	int64_t v;

	if (parse_runtime(arg, &v) < 0)
		return badval(h);
	opt_store(h, op, v != DTRACEOPT_UNSET);
	return 0;
}

/* A run-time count: the number, or the handle's default when unset. */
static int opt_count(struct dtrace_hdl *h, const char *arg, const struct dt_option *op)
{
	int64_t v;

	if (parse_runtime(arg, &v) < 0)
		return badval(h);
	if (v == DTRACEOPT_UNSET) {
		if (op->kind != OF_NONE)
			memcpy((char *)&h->o + op->off, (const char *)&h->odefaults + op->off,
			       op->kind == OF_U64 ? 8 : 4);
		return 0;
	}
	if ((op->kind == OF_INT && v > INT32_MAX) || (op->kind == OF_U32 && v > UINT32_MAX))
		return badval(h);
	opt_store(h, op, v);
	return 0;
}

/* A size: none given is 0 (an enabling then too big for it fails). */
static int opt_size(struct dtrace_hdl *h, const char *arg, const struct dt_option *op)
{
	int64_t v = 0;

	if (arg && parse_size(arg, &v) < 0)
		return badval(h);
	opt_store(h, op, v);
	return 0;
}

static int opt_rate(struct dtrace_hdl *h, const char *arg, const struct dt_option *op)
{
	int64_t v;

	if (parse_rate(arg, &v) < 0)
		return badval(h);
	opt_store(h, op, v);
	return 0;
}

/* strsize: at least the 2 bytes of DTrace's null-string marker
 * (sizeof (DT_NULL_STRING)), at most UINT_MAX (EOVERFLOW beyond, as
 * dt_opt_strsize says), and at most what our string buffers are laid
 * out for. */
static int opt_strsize(struct dtrace_hdl *h, const char *arg, const struct dt_option *op)
{
	int64_t v = 0;

	if (arg && parse_size(arg, &v) < 0)
		return badval(h);
	if (v < 2)
		return badval(h);
	if ((uint64_t)v > UINT_MAX)
		return dt_set_errno(h, EOVERFLOW);
	if (v > 65536)
		return badval(h);
	opt_store(h, op, v);
	return 0;
}

/* printsize, pcapsize: out of range is the default; rounded up to 8. */
static int opt_boundsize(struct dtrace_hdl *h, const char *arg, const struct dt_option *op)
{
	int64_t v = op->arg;

	if (arg) {
		if (parse_size(arg, &v) < 0)
			return badval(h);
		if (v <= 0 || v > (op->arg == DT_PCAP_DEFSIZE ? 65535 : 65536))
			v = op->arg;
	}
	opt_store(h, op, (v + 7) & ~7);
	return 0;
}

/* scratchsize: DTrace keeps 8 bytes more (NULL) and rounds up to 8. */
static int opt_scratchsize(struct dtrace_hdl *h, const char *arg, const struct dt_option *op)
{
	int64_t v = 0;

	if (arg && parse_size(arg, &v) < 0)
		return badval(h);
	if (v > UINT32_MAX - 16)
		return badval(h);
	opt_store(h, op, v > 0 ? (v + 8 + 7) / 8 * 8 : 0);
	return 0;
}

/* lockmem: "unlimited" or a size (a bad size is ignored, as DTrace's).
 * BPF maps are charged to the memory cgroup on the kernels we run on, not
 * to RLIMIT_MEMLOCK, so the value is not applied. */
static int opt_lockmem(struct dtrace_hdl *h, const char *arg, const struct dt_option *op)
{
	int64_t v;

	(void)op;
	if (in_program(h))
		return -1;
	if (!arg)
		return badval(h);
	if (strcmp(arg, "unlimited") != 0)
		(void)parse_size(arg, &v);
	return 0;
}

/* One of the words a row lists in its argument ("a|b|c"), exactly. */
static int one_of(const char *arg, const char *words, int icase)
{
	size_t n = arg ? strlen(arg) : 0;

	for (const char *w = words; arg && *w;) {
		size_t len = strcspn(w, "|");
		if (len == n && (icase ? strncasecmp(w, arg, n) : strncmp(w, arg, n)) == 0)
			return 1;
		w += len + (w[len] == '|');
	}
	return 0;
}

/* bufpolicy, bufresize, evaltime, late, linkmode, linktype: one of the
 * row's words (any case where arg is 1); our ring buffer has one policy,
 * so the choice is checked, not applied. */
static int opt_word(struct dtrace_hdl *h, const char *arg, const struct dt_option *op)
{
	if (!one_of(arg, op->words, (int)op->arg))
		return badval(h);
	return 0;
}

/* core: libdtrace dumps core when the program exits (DTrace's debugging
 * aid; at most once however often it is set).  Only the command line or
 * the library's caller may ask: a D program's #pragma may not make the
 * process that compiles it abort (DTrace allows it). */
static void dump_core(void)
{
	static const char msg[] = "libdtrace DEBUG: [ forcing coredump ]\n";
	struct rlimit lim = {RLIM_INFINITY, RLIM_INFINITY};

	(void)!write(STDERR_FILENO, msg, sizeof(msg) - 1);
	signal(SIGABRT, SIG_DFL);
	setrlimit(RLIMIT_CORE, &lim);
	abort();
}

static int opt_core(struct dtrace_hdl *h, const char *arg, const struct dt_option *op)
{
	(void)op;
	if (arg)
		return badval(h);
	if (in_program(h))
		return -1;
	if (!h->core_at_exit && atexit(dump_core) != 0)
		return dt_set_errno(h, errno);
	h->core_at_exit = 1;
	return 0;
}

static int opt_amin(struct dtrace_hdl *h, const char *arg, const struct dt_option *op)
{
	(void)op;
	if (!arg || dt_attr_parse(arg, &h->o.amin) < 0)
		return badval(h);
	h->o.amin_set = 1;
	return 0;
}

/* -D, -U, -I: an option for the preprocessor. */
static int opt_cppopt(struct dtrace_hdl *h, const char *arg, const struct dt_option *op)
{
	if (!arg)
		return badval(h);
	if (in_program(h))
		return -1;
	pv_push(&h->cpp_args, xasprintf("-%c%s", (int)op->arg, arg));
	return 0;
}

/* cppargs: options for the preprocessor, split at white space. */
static int opt_cppargs(struct dtrace_hdl *h, const char *arg, const struct dt_option *op)
{
	char *dup, *save = NULL;

	(void)op;
	if (!arg)
		return badval(h);
	if (in_program(h))
		return -1;
	dup = xstrdup(arg);
	for (char *p = strtok_r(dup, "\f\n\r\t\v ", &save); p; p = strtok_r(NULL, "\f\n\r\t\v ", &save))
		pv_push(&h->cpp_args, xstrdup(p));
	free(dup);
	return 0;
}

/* cpphdrs (-H): the preprocessor lists the files it includes. */
static int opt_cpphdrs(struct dtrace_hdl *h, const char *arg, const struct dt_option *op)
{
	(void)op;
	if (arg)
		return badval(h);
	if (in_program(h))
		return -1;
	pv_push(&h->cpp_args, xstrdup("-H"));
	return 0;
}

static int opt_cpppath(struct dtrace_hdl *h, const char *arg, const struct dt_option *op)
{
	(void)op;
	if (!arg)
		return badval(h);
	if (in_program(h))
		return -1;
	free(h->o.cpp_path);
	h->o.cpp_path = xstrdup(arg);
	return 0;
}

/* A path DTrace's build or probe discovery uses (ldpath, ctfpath,
 * modpath, procfspath): checked as DTrace does, not used here (we link
 * with no ld, take types from BTF, read /proc). */
static int opt_path(struct dtrace_hdl *h, const char *arg, const struct dt_option *op)
{
	(void)op;
	if (!arg)
		return badval(h);
	return in_program(h);
}

/* A value DTrace keeps without looking at it (dofstashpath, sysslice). */
static int opt_anystr(struct dtrace_hdl *h, const char *arg, const struct dt_option *op)
{
	(void)op;
	return arg ? 0 : badval(h);
}

/* ctypes, dtypes: DTrace writes the C or D types of the compiled programs
 * as CTF into the file; it is created here, and left empty: our types
 * are BTF's and the compiler's, with no CTF writer.  Not from a D
 * program's #pragma (DTrace allows it): a script names no file to make. */
static int opt_typefile(struct dtrace_hdl *h, const char *arg, const struct dt_option *op)
{
	int fd;

	(void)op;
	if (!arg)
		return badval(h);
	if (in_program(h))
		return -1;
	if ((fd = open(arg, O_CREAT | O_WRONLY | O_CLOEXEC, 0666)) < 0)
		return dt_set_errno(h, errno);
	close(fd);
	return 0;
}

static int opt_libdir(struct dtrace_hdl *h, const char *arg, const struct dt_option *op)
{
	(void)op;
	if (!arg)
		return badval(h);
	return dt_dlib_add_dir(h, arg);
}

/* syslibdir: the system's D library directory instead of ours. */
static int opt_syslibdir(struct dtrace_hdl *h, const char *arg, const struct dt_option *op)
{
	(void)op;
	if (!arg)
		return badval(h);
	return dt_dlib_set_sysdir(h, arg);
}

/* stdc (-X): ISO C (a, c, t: -std=c99) or K&R (s: -traditional-cpp). */
static int opt_stdc(struct dtrace_hdl *h, const char *arg, const struct dt_option *op)
{
	(void)op;
	if (!arg)
		return badval(h);
	if (in_program(h))
		return -1;
	if (!one_of(arg, "a|c|t|s", 0))
		return badval(h);
	h->o.cpp_traditional = arg[0] == 's';
	return 0;
}

/* A number DTrace requires to be at least arg: disasm, pgmax and useruid
 * (0), tree and tregs (1); our compiler has no use for them. */
static int opt_atleast(struct dtrace_hdl *h, const char *arg, const struct dt_option *op)
{
	if (!arg || atoi(arg) < op->arg)
		return badval(h);
	return 0;
}

/* iregs: DTrace's code generator needs all 8 of its integer registers. */
static int opt_iregs(struct dtrace_hdl *h, const char *arg, const struct dt_option *op)
{
	int n;

	(void)op;
	if (!arg || (n = atoi(arg)) <= 0 || n > 8)
		return badval(h);
	if (n < 8)
		return dt_set_errno(h, EDT_NOREG);
	return 0;
}

static int opt_debugassert(struct dtrace_hdl *h, const char *arg, const struct dt_option *op)
{
	(void)op;
	return arg && strcmp(arg, "mutexes") == 0 ? 0 : badval(h);
}

/* preallocate: a size of memory DTrace allocates and frees at once. */
static int opt_preallocate(struct dtrace_hdl *h, const char *arg, const struct dt_option *op)
{
	int64_t v;

	(void)op;
	return arg && parse_size(arg, &v) == 0 ? 0 : badval(h);
}

/* version: the D version programs are compiled for (dt_version.c). */
static int opt_version(struct dtrace_hdl *h, const char *arg, const struct dt_option *op)
{
	uint32_t v;

	(void)op;
	if (!arg)
		return badval(h);
	if (dt_version_parse(arg, &v) < 0)
		return dt_set_errno(h, EDT_VERSINVAL);
	if (!dt_version_defined(v))
		return dt_set_errno(h, EDT_VERSUNDEF);
	if (v > h->vmax)
		return dt_set_errno(h, EDT_VERSREDUCED);
	h->vmax = v;
	return 0;
}

static int opt_oformat(struct dtrace_hdl *h, const char *arg, const struct dt_option *op)
{
	int fmt, pretty = 0;

	(void)op;
	if (!arg)
		return badval(h);
	if (strcmp(arg, "text") == 0)
		fmt = DT_OFMT_TEXT;
	else if (strcmp(arg, "json") == 0)
		fmt = DT_OFMT_JSON;
	else if (strcmp(arg, "json,pretty") == 0 || strcmp(arg, "json-pretty") == 0)
		fmt = DT_OFMT_JSON, pretty = 1;
	else if (strcmp(arg, "folded") == 0)
		fmt = DT_OFMT_FOLDED;
	else
		return badval(h);
	h->o.oformat = fmt;
	h->o.oformat_pretty = pretty;
	dt_out_free(&h->out);
	dt_out_init(&h->out, (enum dt_oformat)fmt, pretty);
	return 0;
}

/* ---- the tables --------------------------------------------------------- */

/* Compile-time options. */
static const struct dt_option ct_options[] = {
	/* each CPU's value after an aggregation's (dt_print_aggs) */
	{"aggpercpu", opt_agg, FIELD(OF_INT, aggpercpu), 1},
	{"amin", opt_amin, NOFIELD, 0},
	{"argref", opt_cflag, FIELD(OF_INT, argref), 1},
	{"core", opt_core, NOFIELD, 0},
	{"cpp", opt_cflag, FIELD(OF_INT, cpp), 1},
	{"cppargs", opt_cppargs, NOFIELD, 0},
	{"cpphdrs", opt_cpphdrs, NOFIELD, 0},
	{"cpppath", opt_cpppath, NOFIELD, 0},
	{"ctypes", opt_typefile, NOFIELD, 0},
	{"ctfpath", opt_path, NOFIELD, 0},
	{"defaultargs", opt_cflag, FIELD(OF_INT, defaultargs), 1},
	/* DTrace's debugging output of its own workings */
	{"debug", opt_cflag, NOFIELD, 1},
	{"debugassert", opt_debugassert, NOFIELD, 0},
	{"define", opt_cppopt, NOFIELD, 'D'},
	{"disasm", opt_atleast, NOFIELD, 0},
	{"dofstashpath", opt_anystr, NOFIELD, 0},
	{"droptags", opt_anyval, FIELD(OF_INT, droptags), 1},
	{"dtypes", opt_typefile, NOFIELD, 0},
	{"empty", opt_cflag, FIELD(OF_INT, empty), 1},
	{"errtags", opt_cflag, FIELD(OF_INT, errtags), 1},
	{"evaltime", opt_word, NOFIELD, 0, "exec|preinit|postinit|main"},
	{"incdir", opt_cppopt, NOFIELD, 'I'},
	{"iregs", opt_iregs, NOFIELD, 0},
	/* kernel and user symbols a program names but no object defines:
	 * our programs reference none, so there is nothing to refuse */
	{"kdefs", opt_cflag, NOFIELD, 0},
	{"knodefs", opt_cflag, NOFIELD, 1},
	{"late", opt_word, NOFIELD, 0, "dynamic|static"},
	{"lazyload", opt_anyval, NOFIELD, 1},
	{"ldpath", opt_path, NOFIELD, 0},
	{"libdir", opt_libdir, NOFIELD, 0},
	{"linkmode", opt_word, NOFIELD, 0, "kernel|dynamic|static"},
	{"linktype", opt_word, NOFIELD, 1, "elf|dof"},
	{"linknommap", opt_anyval, NOFIELD, 1},
	{"modpath", opt_path, NOFIELD, 0},
	{"nolibs", opt_cflag, FIELD(OF_INT, nolibs), 1},
	{"pgmax", opt_atleast, NOFIELD, 0},
	{"preallocate", opt_preallocate, NOFIELD, 0},
	{"procfspath", opt_path, NOFIELD, 0},
	/* a description's last word names the field -P/-m/-f say; for -n
	 * the compiler reads the descriptions as DTrace does either way */
	{"pspec", opt_cflag, NOFIELD, 1},
	{"stdc", opt_stdc, NOFIELD, 0},
	{"strip", opt_cflag, NOFIELD, 1},
	{"syslibdir", opt_syslibdir, NOFIELD, 0},
	{"sysslice", opt_anystr, NOFIELD, 0},
	{"tree", opt_atleast, NOFIELD, 1},
	{"tregs", opt_atleast, NOFIELD, 1},
	{"udefs", opt_cflag, NOFIELD, 0},
	{"undef", opt_cppopt, NOFIELD, 'U'},
	{"unodefs", opt_cflag, NOFIELD, 1},
	{"useruid", opt_atleast, NOFIELD, 0},
	{"verbose", opt_cflag, FIELD(OF_INT, verbose), 1},
	{"version", opt_version, NOFIELD, 0},
	{"zdefs", opt_cflag, FIELD(OF_INT, zdefs), 1},
	{NULL, NULL, NOFIELD, 0, NULL},
};

/* Run-time options: set before tracing starts. */
static const struct dt_option rt_options[] = {
	{"aggsize", opt_size, FIELD(OF_U64, aggsize), 0},
	{"bpflog", opt_switch, FIELD(OF_INT, bpflog), 0},
	{"bpflogsize", opt_size, NOFIELD, 0},
	{"bufsize", opt_size, FIELD(OF_U64, bufsize), 0},
	{"bufpolicy", opt_word, NOFIELD, 0, "ring|fill|switch"},
	{"bufresize", opt_word, NOFIELD, 0, "auto|manual"},
	{"cleanrate", opt_rate, NOFIELD, 0},
	{"cpu", opt_count, FIELD(OF_INT, cpu), 0},
	{"destructive", opt_switch, FIELD(OF_INT, destructive), 0},
	{"dynvarsize", opt_size, FIELD(OF_U64, dynvarsize), 0},
	{"grabanon", opt_switch, NOFIELD, 0},
	{"jstackframes", opt_count, FIELD(OF_U32, jstackframes), 0},
	{"jstackstrsize", opt_size, NOFIELD, 0},
	{"lockmem", opt_lockmem, NOFIELD, 0},
	{"maxframes", opt_count, FIELD(OF_U32, maxframes), 0},
	{"nspec", opt_count, FIELD(OF_U32, nspec), 0},
	{"pcapsize", opt_boundsize, FIELD(OF_U32, pcapsize), DT_PCAP_DEFSIZE},
	{"scratchsize", opt_scratchsize, FIELD(OF_U32, scratchsize), 0},
	{"specsize", opt_size, FIELD(OF_U64, specsize), 0},
	{"stackframes", opt_count, FIELD(OF_U32, stackframes), 0},
	{"statusrate", opt_rate, FIELD(OF_U64, statusrate_ns), 0},
	{"strsize", opt_strsize, FIELD(OF_U32, strsize), 0},
	{"ustackframes", opt_count, FIELD(OF_U32, ustackframes), 0},
	{"noresolve", opt_switch, NOFIELD, 0},
	{NULL, NULL, NOFIELD, 0, NULL},
};

/* Dynamic run-time options: also while tracing (setopt()). */
static const struct dt_option drt_options[] = {
	{"aggrate", opt_rate, FIELD(OF_U64, aggrate_ns), 0},
	{"aggsortkey", opt_switch, FIELD(OF_INT, aggsortkey), 0},
	{"aggsortkeypos", opt_count, FIELD(OF_INT, aggsortkeypos), 0},
	{"aggsortpos", opt_count, FIELD(OF_INT, aggsortpos), 0},
	{"aggsortrev", opt_switch, FIELD(OF_INT, aggsortrev), 0},
	{"flowindent", opt_switch, FIELD(OF_INT, flowindent), 0},
	{"quiet", opt_switch, FIELD(OF_INT, quiet), 0},
	{"quietresize", opt_switch, NOFIELD, 0},
	{"rawbytes", opt_switch, FIELD(OF_INT, rawbytes), 0},
	{"stackindent", opt_count, FIELD(OF_INT, stackindent), 0},
	{"switchrate", opt_rate, FIELD(OF_U64, switchrate_ns), 0},
	{"printsize", opt_boundsize, FIELD(OF_U32, printsize), 8192},
	/* illumos' aggregation display options */
	{"aggpack", opt_switch, FIELD(OF_INT, aggpack), 0},
	{"aggzoom", opt_switch, FIELD(OF_INT, aggzoom), 0},
	{"agghist", opt_switch, NOFIELD, 0},
	{"temporal", opt_switch, NOFIELD, 0},
	/* ours: a fault's D statement after DTrace's message */
	{"faultsrc", opt_switch, FIELD(OF_INT, faultsrc), 0},
	{NULL, NULL, NOFIELD, 0, NULL},
};

/* Ours, run-time: the output format (text, json, json,pretty, folded). */
static const struct dt_option our_rt_options[] = {
	{"oformat", opt_oformat, NOFIELD, 0},
	{NULL, NULL, NOFIELD, 0, NULL},
};

static const struct dt_option *find(const struct dt_option *t, const char *name)
{
	for (; t->name; t++)
		if (strcmp(t->name, name) == 0)
			return t;
	return NULL;
}

int dt_opt_set(struct dtrace_hdl *h, const char *name, const char *value)
{
	const struct dt_option *op;

	if ((op = find(ct_options, name)) || (op = find(drt_options, name)))
		return op->set(h, value, op);
	if ((op = find(rt_options, name)) || (op = find(our_rt_options, name))) {
		if (h->active)
			return dt_set_errno(h, EDT_ACTIVE);
		return op->set(h, value, op);
	}
	return dt_set_errno(h, EDT_BADOPTNAME);
}

/*
 * The value of a run-time or dynamic option as DTrace reports it
 * (compile-time ones have none to get): a switch that is on is 0, one
 * that is off DTRACEOPT_UNSET; sizes in bytes, times in nanoseconds.
 */
int dt_opt_get(struct dtrace_hdl *h, const char *name, dtrace_optval_t *val)
{
	const struct dt_option *op = find(rt_options, name);

	if (!op)
		op = find(drt_options, name);
	if (!op && strcmp(name, "oformat") == 0) {
		*val = h->o.oformat == DT_OFMT_JSON ? DTRACE_OFORMAT_JSON :
		       h->o.oformat == DT_OFMT_FOLDED ? DTRACE_OFORMAT_FOLDED : DTRACE_OFORMAT_TEXT;
		return 0;
	}
	if (!op)
		return dt_set_errno(h, EDT_BADOPTNAME);
	if (op->kind == OF_NONE)
		*val = DTRACEOPT_UNSET;
	else if (op->set == opt_switch)
		*val = opt_load(h, op) ? 0 : DTRACEOPT_UNSET;
	else if (op->set == opt_count && opt_load(h, op) < 0)	/* cpu: all */
		*val = DTRACEOPT_UNSET;
	else
		*val = opt_load(h, op);
	return 0;
}

/* After a compile: its flags go back to what they were before it (a
 * #pragma's flag holds for its program, as DTrace's pcb_cflags). */
void dt_opt_restore_cflags(struct dtrace_hdl *h, const struct dt_options *saved)
{
	for (const struct dt_option *op = ct_options; op->name; op++)
		if (op->set == opt_cflag && op->kind != OF_NONE)
			memcpy((char *)&h->o + op->off, (const char *)saved + op->off, sizeof(int));
}

/* DTrace's dtrace_setoptenv: every option named in the environment as
 * PREFIX + its name in capitals; a value it does not take is ignored. */
void dtrace_setoptenv(dtrace_hdl_t *h, const char *prefix)
{
	const struct dt_option *const tables[] = {ct_options, drt_options, rt_options, our_rt_options};

	if (!prefix)
		prefix = "DTRACE_OPT_";
	for (size_t t = 0; t < ARRAY_SIZE(tables); t++)
		for (const struct dt_option *op = tables[t]; op->name; op++) {
			char *var = xasprintf("%s%s", prefix, op->name);
			for (char *c = var; *c; c++)
				*c = (char)toupper((unsigned char)*c);
			const char *val = getenv(var);
			if (val)
				(void)op->set(h, val, op);
			free(var);
		}
}
