/*
 * sema.h - semantic analysis ("cooking", in DTrace's words): resolves names,
 * computes types, folds constants and reports DTrace's type errors.  It is
 * run by dt_cc_compile() (cc.h); this header has what the rest of the
 * library may use: the built-in variables and functions.
 */
#ifndef DT_SEMA_H
#define DT_SEMA_H

#include "ast.h"

/* Built-in variables. */
enum builtin_var {
	BV_NONE, BV_ARG0, BV_ARG1, BV_ARG2, BV_ARG3, BV_ARG4, BV_ARG5, BV_ARG6,
	BV_ARG7, BV_ARG8, BV_ARG9, BV_ARGS, BV_PID, BV_PPID, BV_TID, BV_UID,
	BV_GID, BV_EXECNAME, BV_CPU, BV_TIMESTAMP, BV_VTIMESTAMP,
	BV_WALLTIMESTAMP, BV_PROBEPROV, BV_PROBEMOD, BV_PROBEFUNC,
	BV_PROBENAME, BV_EPID, BV_ID, BV_ERRNO, BV_CURTHREAD, BV_STACKDEPTH,
	BV_USTACKDEPTH, BV_CALLER, BV_UCALLER, BV_CURCPU, BV_UREGS,
	BV_CURPSINFO, BV_CURLWPSINFO, BV_EXECARGS, BV_IPL, BV_CGROUP, BV_UID_PROJ,
	BV_ARGPTR, BV_NBUILTIN
};

/*
 * Built-in functions: actions, subroutines and aggregating functions.  Each
 * has one row in sema_call.c's table (its name, kind and DTrace prototype),
 * and codegen's tables are indexed by the same values.  Adding one: a value
 * here, its row there, and its code generator (codegen/subr.c, action.c).
 */
enum builtin_fn {
	F_NONE,
	/* actions */
	F_TRACE, F_PRINTF, F_EXIT, F_PRINTA, F_TRACEMEM, F_STACK, F_USTACK,
	F_CLEAR, F_TRUNC, F_NORMALIZE, F_DENORMALIZE, F_SPECULATE, F_COMMIT,
	F_DISCARD, F_RAISE, F_SYSTEM, F_STOP, F_BREAKPOINT, F_PANIC, F_CHILL,
	F_FREOPEN, F_FTRUNCATE, F_SETOPT, F_PRINT, F_COPYOUT, F_COPYOUTSTR,
	/* subroutines */
	F_STRLEN, F_STRJOIN, F_SUBSTR, F_STRCHR, F_STRRCHR, F_STRSTR, F_INDEX,
	F_RINDEX, F_TOUPPER, F_TOLOWER, F_LLTOSTR, F_STRTOLL, F_RAND,
	F_PROGENYOF, F_COPYIN, F_COPYINSTR, F_COPYINTO, F_SPECULATION,
	F_BASENAME, F_DIRNAME, F_ALLOCA, F_BCOPY, F_HTONS, F_HTONL, F_HTONLL,
	F_NTOHS, F_NTOHL, F_NTOHLL, F_MUTEX_OWNED, F_MUTEX_OWNER,
	F_MUTEX_TYPE_ADAPTIVE, F_MUTEX_TYPE_SPIN, F_RW_READ_HELD,
	F_RW_WRITE_HELD, F_RW_ISWRITER, F_GETMAJOR, F_GETMINOR, F_STRTOK,
	F_INET_NTOA, F_MSGSIZE, F_MSGDSIZE,
	F_PSARGS,	/* __psargs: the D library's pr_psargs (procfs.d) */
	/* aggregating functions */
	F_COUNT, F_SUM, F_AVG, F_MIN, F_MAX, F_STDDEV, F_QUANTIZE, F_LQUANTIZE,
	F_LLQUANTIZE,
	/* appended since: subroutines */
	F_INET_NTOA6, F_INET_NTOP, F_LINK_NTOP, F_CLEANPATH, F_D_PATH,
	F_DDI_PATHNAME, F_PCAP,
	/* appended since: the symbol actions (their value is an address to
	 * show as a symbol; sema_fn_symact) */
	F_SYM, F_FUNC, F_MOD, F_USYM, F_UFUNC, F_UMOD, F_UADDR,
	/* appended since: jstack() (cooked into the ustack() it is here) */
	F_JSTACK,
	F_NFUNCS
};

/* What a built-in function is (DTrace's DT_IDENT_FUNC, _ACTFUNC, _AGGFUNC). */
enum fn_kind { FK_SUBR, FK_ACTION, FK_AGG };

/* strtok()'s saved position: a hidden clause-local string of this name,
 * which code generation finds to reset at each firing */
#define SEMA_STRTOK_VAR "%strtok"

struct dt_cc;

/* The probe called name ("request-start") as the definitions of a provider
 * finally declare it (first: the provider's first definition; sema_prov.c),
 * NULL if they do not. */
struct dt_probedef *sema_provider_probe(const struct dt_prog *P, const struct dt_provdef *first, const char *name);

/* Integer constant expressions, for the parser (array dimensions, bit-field
 * widths, enumerator values): cooked in the context cc, outside any clause,
 * as DTrace's dt_decl.c cooks them (an undefined identifier is
 * D_IDENT_UNDEF, an operator's error its own).  sema_const returns 0 when
 * n cooks to no constant, for the caller's own message. */
int sema_const(struct dt_cc *cc, struct node *n, int64_t *v);

/* The declared type of the built-in variable name ("cpuinfo_t *"), NULL
 * for none or for curthread (the kernel's task_struct *). */
const char *sema_builtin_var_decl(const char *name);

/* The built-in functions, by enum builtin_fn: read-only, context-free.
 * sema_fn_lookup gives the function of a name, F_NONE if none. */
/* the built-in function of that name in the program's D version, or F_NONE */
int sema_fn_lookup(const struct dt_cc *cc, const char *name);
const char *sema_fn_name(int fn);
int sema_fn_is_action(int fn);
int sema_fn_is_agg(int fn);
/* The record kind of a symbol action (func, sym, mod, ufunc, usym, umod,
 * uaddr): DTRACEACT_SYM, _MOD, _USYM, _UMOD or _UADDR; 0 for any other. */
int sema_fn_symact(int fn);

#endif
