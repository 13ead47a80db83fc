/*
 * options.c - DTrace's options (-x name=value and #pragma D option): their
 * names, value syntax (sizes with k/m/g/t, times with ns..day or hz) and
 * where each may be set.
 */
#include "dt_impl.h"

#include <ctype.h>
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../common/attr.h"

enum opt_kind { O_BOOL, O_SIZE, O_TIME, O_INT, O_STR, O_IGNORED };

/* Parse "4m", "512k", "100": bytes, or -1. */
static int64_t parse_size(const char *v)
{
	char *end;
	unsigned long long n;

	if (!v || !isdigit((unsigned char)*v))
		return -1;
	n = strtoull(v, &end, 0);
	switch (tolower((unsigned char)*end)) {
	case 0: return (int64_t)n;
	case 'k': n <<= 10; break;
	case 'm': n <<= 20; break;
	case 'g': n <<= 30; break;
	case 't': n <<= 40; break;
	default: return -1;
	}
	return end[1] ? -1 : (int64_t)n;
}

/* Parse "10ms", "100hz", "1s", "5": nanoseconds (bare numbers are Hz), or -1. */
static int64_t parse_time(const char *v)
{
	static const struct {
		const char *u;
		uint64_t ns;
	} units[] = {
		{"ns", 1}, {"nsec", 1}, {"us", 1000}, {"usec", 1000}, {"ms", 1000000},
		{"msec", 1000000}, {"s", 1000000000ULL}, {"sec", 1000000000ULL},
		{"m", 60000000000ULL}, {"min", 60000000000ULL},
		{"h", 3600000000000ULL}, {"hour", 3600000000000ULL},
		{"d", 86400000000000ULL}, {"day", 86400000000000ULL},
	};
	char *end;
	unsigned long long n;

	if (!v || !isdigit((unsigned char)*v))
		return -1;
	n = strtoull(v, &end, 10);
	if (*end == 0 || strcmp(end, "hz") == 0)
		return n ? (int64_t)(1000000000ULL / n) : -1;
	for (size_t i = 0; i < ARRAY_SIZE(units); i++)
		if (strcmp(end, units[i].u) == 0)
			return (int64_t)(n * units[i].ns);
	return -1;
}

/*
 * A run-time switch's value as DTrace reads it (dt_opt_runtime): none
 * sets it, "" unsets it, yes/no, enable(d)/disable(d), true/false,
 * on/off and set/unset say which; a non-negative number sets it.
 * Returns 1, 0, or -1 for a value it does not take.
 */
static int switch_value(const char *v)
{
	static const char *const couples[][2] = {
		{"yes", "no"}, {"enable", "disable"}, {"enabled", "disabled"},
		{"true", "false"}, {"on", "off"}, {"set", "unset"},
	};
	char *end;

	if (!v)
		return 1;
	if (!*v)
		return 0;
	for (size_t i = 0; i < ARRAY_SIZE(couples); i++) {
		if (strcasecmp(couples[i][0], v) == 0)
			return 1;
		if (strcasecmp(couples[i][1], v) == 0)
			return 0;
	}
	errno = 0;
	if (*v == '-' || (strtoull(v, &end, 0), *end) || errno)
		return -1;
	return 1;	/* DTrace stores the number: even 0 leaves it set */
}

/* The switches DTrace reads with dt_opt_runtime. */
static int is_runtime_switch(const char *name)
{
	static const char *const names[] = {
		"quiet", "q", "destructive", "w", "flowindent", "rawbytes", "aggsortkey",
		"aggsortrev", "grabanon", "noresolve", "quietresize", "stackindent", "bpflog",
	};
	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if (strcmp(names[i], name) == 0)
			return 1;
	return 0;
}

/*
 * DTrace's run-time options that are not dynamic: once tracing is active
 * they cannot change (dtrace_setopt: "Operation illegal when tracing is
 * active").
 */
static int is_static_runtime(const char *name)
{
	static const char *const names[] = {
		"aggsize", "bpflog", "bpflogsize", "bufsize", "b", "bufpolicy", "bufresize",
		"cleanrate", "cpu", "destructive", "w", "dynvarsize", "grabanon",
		"jstackframes", "jstackstrsize", "lockmem", "maxframes", "nspec",
		"pcapsize", "scratchsize", "specsize", "stackframes", "statusrate",
		"strsize", "ustackframes", "noresolve",
	};
	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if (strcmp(names[i], name) == 0)
			return 1;
	return 0;
}

int dt_opt_set(struct dtrace_hdl *h, const char *name, const char *value)
{
	struct dt_options *o = &h->o;
	int64_t v;

#define INVAL() return dt_set_errno(h, EDT_BADOPTVAL)
	if (h->active && is_static_runtime(name))
		return dt_set_errno(h, EDT_ACTIVE);
	/* a boolean option set to one of DTrace's negative words (any case),
	 * to "" or to "0" is unset */
	static const char *const negative[] = { "no", "disable", "disabled", "false", "off", "unset", "", "0" };
	int on = 1;
	for (size_t i = 0; value && i < ARRAY_SIZE(negative); i++)
		if (strcasecmp(value, negative[i]) == 0)
			on = 0;
	if (is_runtime_switch(name) && (on = switch_value(value)) < 0)
		INVAL();
	if (strcmp(name, "define") == 0 || strcmp(name, "undef") == 0 || strcmp(name, "incdir") == 0) {
		/* -D, -U and -I: options for the preprocessor */
		if (!value || !*value)
			INVAL();
		pv_push(&h->cpp_args, xasprintf("-%c%s", name[0] == 'd' ? 'D' : name[0] == 'u' ? 'U' : 'I', value));
	} else if (strcmp(name, "libdir") == 0) {
		/* -L dir: a D library directory (dlib.c) */
		if (!value || !*value)
			INVAL();
		return dt_dlib_add_dir(h, value);
	} else if (strcmp(name, "nolibs") == 0) {
		o->nolibs = on;
	} else if (strcmp(name, "quiet") == 0 || strcmp(name, "q") == 0) {
		o->quiet = on;
	} else if (strcmp(name, "destructive") == 0 || strcmp(name, "w") == 0) {
		o->destructive = on;
	} else if (strcmp(name, "errtags") == 0) {
		o->errtags = on;
	} else if (strcmp(name, "droptags") == 0) {
		o->droptags = on;
	} else if (strcmp(name, "rawbytes") == 0) {
		o->rawbytes = on;
	} else if (strcmp(name, "flowindent") == 0) {
		o->flowindent = on;
	} else if (strcmp(name, "faultsrc") == 0) {
		o->faultsrc = on;
	} else if (strcmp(name, "defaultargs") == 0) {
		o->defaultargs = on;
	} else if (strcmp(name, "argref") == 0) {
		o->argref = on;
	} else if (strcmp(name, "zdefs") == 0) {
		o->zdefs = on;
	} else if (strcmp(name, "empty") == 0) {
		o->empty = on;
	} else if (strcmp(name, "verbose") == 0) {
		o->verbose = on;
	} else if (strcmp(name, "strsize") == 0) {
		if ((v = parse_size(value)) <= 0 || v > 65536)
			INVAL();
		o->strsize = (uint32_t)v;
	} else if (strcmp(name, "printsize") == 0) {
		/* DTrace's dt_opt_printsize: out of 1..65536 is the default,
		 * rounded up to 8 */
		v = parse_size(value);
		if (v <= 0 || v > 65536)
			v = 8192;
		o->printsize = (uint32_t)((v + 7) & ~7);
	} else if (strcmp(name, "pcapsize") == 0) {
		/* DTrace's dt_opt_pcapsize: a size, out of 1..65535 the
		 * default, rounded up to 8 (the default set alone is not) */
		if ((v = parse_size(value)) < 0)
			INVAL();
		if (v <= 0 || v > 65535)
			v = DT_PCAP_DEFSIZE;
		o->pcapsize = (uint32_t)((v + 7) & ~7);
	} else if (strcmp(name, "bufsize") == 0 || strcmp(name, "b") == 0) {
		if ((v = parse_size(value)) <= 0)
			INVAL();
		o->bufsize = (uint64_t)v;
	} else if (strcmp(name, "dynvarsize") == 0) {
		if ((v = parse_size(value)) <= 0)
			INVAL();
		o->dynvarsize = (uint64_t)v;
	} else if (strcmp(name, "aggsize") == 0) {
		if ((v = parse_size(value)) <= 0)
			INVAL();
		o->aggsize = (uint64_t)v;
	} else if (strcmp(name, "aggsortkey") == 0) {
		o->aggsortkey = on;
	} else if (strcmp(name, "aggsortrev") == 0) {
		o->aggsortrev = on;
	} else if (strcmp(name, "aggpack") == 0) {
		o->aggpack = on;
	} else if (strcmp(name, "aggzoom") == 0) {
		o->aggzoom = on;
	} else if (strcmp(name, "aggsortkeypos") == 0 || strcmp(name, "aggsortpos") == 0) {
		if (!value || *value < '0' || *value > '9')
			INVAL();
		if (name[7] == 'k')
			o->aggsortkeypos = atoi(value);
		else
			o->aggsortpos = atoi(value);
	} else if (strcmp(name, "amin") == 0) {
		/* the least stability a clause may have (D_ATTR_MIN) */
		if (!value || dt_attr_parse(value, &o->amin) < 0)
			INVAL();
		o->amin_set = 1;
	} else if (strcmp(name, "scratchsize") == 0) {
		/* DTrace keeps 8 bytes for NULL and rounds up to 8 */
		if ((v = parse_size(value)) < 0 || v > UINT32_MAX - 16)
			INVAL();
		if (v > 0)
			o->scratchsize = (uint32_t)((v + 8 + 7) / 8 * 8);
	} else if (strcmp(name, "nspec") == 0) {
		if ((v = parse_size(value)) < 0 || v > 1000000)
			INVAL();
		/* at most DT_NSPEC_MAX speculation buffers are kept in BPF */
		o->nspec = (uint32_t)(v > DT_NSPEC_MAX ? DT_NSPEC_MAX : v);
	} else if (strcmp(name, "specsize") == 0) {
		if ((v = parse_size(value)) < 0)
			INVAL();
		o->specsize = (uint64_t)v;
	} else if (strcmp(name, "maxframes") == 0 || strcmp(name, "stackframes") == 0 ||
		   strcmp(name, "ustackframes") == 0 || strcmp(name, "jstackframes") == 0) {
		/* the depths stack(), ustack() and jstack() take without an
		 * argument, and the most any may take (dt_cg_stack_arg): 0
		 * too, which records no frame */
		if ((v = parse_size(value)) < 0 || v > UINT32_MAX)
			INVAL();
		if (name[0] == 'm')
			o->maxframes = (uint32_t)v;
		else if (name[0] == 's')
			o->stackframes = (uint32_t)v;
		else if (name[0] == 'u')
			o->ustackframes = (uint32_t)v;
		else
			o->jstackframes = (uint32_t)v;
	} else if (strcmp(name, "jstackstrsize") == 0 ||
		   strcmp(name, "printsize") == 0 || strcmp(name, "bpflogsize") == 0 ||
		   strcmp(name, "lockmem") == 0) {
		if (parse_size(value) < 0)
			INVAL();
	} else if (strcmp(name, "switchrate") == 0 || strcmp(name, "aggrate") == 0 ||
		   strcmp(name, "cleanrate") == 0 || strcmp(name, "statusrate") == 0) {
		if ((v = parse_time(value)) <= 0)
			INVAL();
		if (name[0] == 's' && name[1] == 'w')
			o->switchrate_ns = (uint64_t)v;
		else if (name[0] == 'a')
			o->aggrate_ns = (uint64_t)v;
		else if (name[1] == 't')
			o->statusrate_ns = (uint64_t)v;
	} else if (strcmp(name, "oformat") == 0) {
		/* text, json, json,pretty (json-pretty), folded: before tracing */
		int fmt, pretty = 0;
		if (!value)
			INVAL();
		if (strcmp(value, "text") == 0)
			fmt = DT_OFMT_TEXT;
		else if (strcmp(value, "json") == 0)
			fmt = DT_OFMT_JSON;
		else if (strcmp(value, "json,pretty") == 0 || strcmp(value, "json-pretty") == 0)
			fmt = DT_OFMT_JSON, pretty = 1;
		else if (strcmp(value, "folded") == 0)
			fmt = DT_OFMT_FOLDED;
		else
			INVAL();
		if (h->active)
			return dt_set_errno(h, EDT_ACTIVE);
		o->oformat = fmt;
		o->oformat_pretty = pretty;
		dt_out_free(&h->out);
		dt_out_init(&h->out, (enum dt_oformat)fmt, pretty);
	} else if (strcmp(name, "cpu") == 0) {
		if (!value || !isdigit((unsigned char)*value))
			INVAL();
		o->cpu = atoi(value);
	} else if (strcmp(name, "bufpolicy") == 0) {
		if (!value || (strcmp(value, "fill") && strcmp(value, "switch") && strcmp(value, "ring")))
			INVAL();
	} else if (strcmp(name, "bufresize") == 0) {
		if (!value || (strcmp(value, "auto") && strcmp(value, "manual")))
			INVAL();
	} else if (strcmp(name, "stdc") == 0) {
		/* -X: the preprocessor's C: ISO C (a, c, t: -std=c99, the
		 * default) or K&R (s: -traditional-cpp), as DTrace's dt_opt_stdc */
		if (!value || strlen(value) != 1 || !strchr("acst", value[0]))
			INVAL();
		o->cpp_traditional = value[0] == 's';
	} else if (strcmp(name, "cpphdrs") == 0) {
		/* -H: the preprocessor lists the files it includes (cpp -H) */
		if (value)
			INVAL();
		pv_push(&h->cpp_args, xstrdup("-H"));
	} else if (strcmp(name, "version") == 0) {
		if (!value || (strncmp(value, "1.", 2) && strncmp(value, "2.0", 3)))
			return dt_set_errmsg(h, EDT_BADOPTVAL, "Requested version is not supported by compiler");
	} else if (strcmp(name, "iregs") == 0) {
		if (!value || atoi(value) < 1 || atoi(value) > 8)
			INVAL();
	} else if (strcmp(name, "aggsortkey") == 0 || strcmp(name, "aggsortrev") == 0 ||
		   strcmp(name, "aggsortkeypos") == 0 || strcmp(name, "aggsortpos") == 0 ||
		   strcmp(name, "aggpack") == 0 || strcmp(name, "aggzoom") == 0 ||
		   strcmp(name, "aggpercpu") == 0 || strcmp(name, "agghist") == 0 ||
		   strcmp(name, "stackindent") == 0 || strcmp(name, "temporal") == 0 ||
		   strcmp(name, "grabanon") == 0 || strcmp(name, "lazyload") == 0 ||
		   strcmp(name, "pspec") == 0 ||
		   strcmp(name, "noresolve") == 0 || strcmp(name, "linkmode") == 0 ||
		   strcmp(name, "linktype") == 0 || strcmp(name, "evaltime") == 0 ||
		   strcmp(name, "disasm") == 0 || strcmp(name, "cpp") == 0 ||
		   strcmp(name, "cpppath") == 0 ||
		   strcmp(name, "ctypes") == 0 || strcmp(name, "dtypes") == 0 ||
		   strcmp(name, "debug") == 0 || strcmp(name, "modpath") == 0 ||
		   strcmp(name, "syslibs") == 0 ||
		   strcmp(name, "tree") == 0 || strcmp(name, "procfs") == 0 ||
		   strcmp(name, "rawbytes") == 0 || strcmp(name, "preallocate") == 0 ||
		   strcmp(name, "useruid") == 0 || strcmp(name, "maxframes") == 0 ||
		   strcmp(name, "ldpath") == 0 || strcmp(name, "pgmax") == 0 ||
		   strcmp(name, "quietresize") == 0 || strcmp(name, "bpflog") == 0) {
		/* accepted; not all change behaviour yet */
	} else {
		return dt_set_errno(h, EDT_BADOPTNAME);
	}
	return 0;
}

/* The value of an option as DTrace reports it: DTRACEOPT_UNSET for a
 * boolean that is off, sizes in bytes, times in nanoseconds. */
int dt_opt_get(struct dtrace_hdl *h, const char *name, dtrace_optval_t *val)
{
	const struct dt_options *o = &h->o;
	static const struct {
		const char *name;
		size_t off;
	} flags[] = {
#define FLAG(n) { #n, offsetof(struct dt_options, n) }
		FLAG(quiet), FLAG(destructive), FLAG(errtags), FLAG(droptags), FLAG(rawbytes),
		FLAG(flowindent), FLAG(defaultargs), FLAG(argref), FLAG(zdefs), FLAG(empty),
		FLAG(verbose), FLAG(aggsortkey), FLAG(aggsortrev), FLAG(aggpack), FLAG(aggzoom),
		FLAG(faultsrc),
#undef FLAG
	};

	for (size_t i = 0; i < ARRAY_SIZE(flags); i++)
		if (strcmp(name, flags[i].name) == 0) {
			int on = *(const int *)((const char *)o + flags[i].off);
			*val = on ? 0 : DTRACEOPT_UNSET;
			return 0;
		}
	if (strcmp(name, "strsize") == 0)
		*val = o->strsize;
	else if (strcmp(name, "printsize") == 0)
		*val = o->printsize;
	else if (strcmp(name, "pcapsize") == 0)
		*val = o->pcapsize;
	else if (strcmp(name, "bufsize") == 0)
		*val = (dtrace_optval_t)o->bufsize;
	else if (strcmp(name, "dynvarsize") == 0)
		*val = (dtrace_optval_t)o->dynvarsize;
	else if (strcmp(name, "aggsize") == 0)
		*val = (dtrace_optval_t)o->aggsize;
	else if (strcmp(name, "nspec") == 0)
		*val = o->nspec ? o->nspec : 1;
	else if (strcmp(name, "scratchsize") == 0)
		*val = o->scratchsize;
	else if (strcmp(name, "specsize") == 0)
		*val = (dtrace_optval_t)o->specsize;
	else if (strcmp(name, "switchrate") == 0)
		*val = (dtrace_optval_t)o->switchrate_ns;
	else if (strcmp(name, "aggrate") == 0)
		*val = o->aggrate_ns ? (dtrace_optval_t)o->aggrate_ns : DTRACEOPT_UNSET;
	else if (strcmp(name, "cpu") == 0)
		*val = o->cpu < 0 ? DTRACEOPT_UNSET : o->cpu;
	else if (strcmp(name, "aggsortkeypos") == 0)
		*val = o->aggsortkeypos;
	else if (strcmp(name, "aggsortpos") == 0)
		*val = o->aggsortpos;
	else if (strcmp(name, "oformat") == 0)
		*val = o->oformat == DT_OFMT_JSON ? DTRACE_OFORMAT_JSON :
		       o->oformat == DT_OFMT_FOLDED ? DTRACE_OFORMAT_FOLDED : DTRACE_OFORMAT_TEXT;
	else
		return dt_set_errno(h, EDT_BADOPTNAME);
	return 0;
}

/* Options a D program may not set with #pragma. */
int dt_option_cmdline_only(const char *name)
{
	static const char *const only[] = {
		"modpath", "libdir", "syslibs", "cpppath", "cpphdrs", "ctypes",
		"dtypes", "debug", "ldpath", "tree", "linkmode", "linktype",
		"evaltime", "cpp", "procfs", "version", "stdc", "errtags",
	};
	for (size_t i = 0; i < ARRAY_SIZE(only); i++)
		if (strcmp(name, only[i]) == 0)
			return 1;
	return 0;
}
