/*
 * sema_call.c - calls of the built-in functions (subroutines, actions and
 * aggregating functions): the table of functions, the check of a call's
 * arguments against the function's prototype, and the printf-style format
 * checks.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>
#include <dtrace.h>

#include "../common/printf_format.h"
#include "../common/version.h"
#include "sema_int.h"

/* ---- the built-in functions ---------------------------------------------- */

/*
 * One row a function, by enum builtin_fn: its name, its kind, and its
 * prototype as DTrace declares it (dt_open.c's _dtrace_globals, whose
 * spelling the rows keep; strtoll, toupper, tolower and lltostr's radix
 * come from illumos, which has them).  A prototype reads like a C one:
 * "@" is a parameter of any type, "..." any number of further arguments of
 * any type, "[type]" an optional parameter (none may follow it but other
 * optional ones), "()" no parameters, and "vmlinux`" names a kernel type.
 * The result "stack" is the call's own (stack(), ustack()), and an
 * aggregating function has none.  The version is DTrace's: a program
 * compiled for an older D (-xversion) does not have the function.  Calls
 * are checked against the prototype
 * generically (check_proto below); what DTrace checks beyond it, in its
 * code generator, is in sema_cg_call and in aggsema.c's agg_cg_*, which
 * sema_cg.c calls once the clause is cooked.
 */
struct fn_def {
	const char *name;
	enum fn_kind kind;
	const char *proto;
	uint32_t vers;		/* the D version that has it (0: 1.0) */
};

static const struct fn_def fndefs[F_NFUNCS] = {
	/* actions */
	[F_TRACE] = {"trace", FK_ACTION, "void(@)"},
	[F_PRINTF] = {"printf", FK_ACTION, "void(string, ...)"},
	[F_EXIT] = {"exit", FK_ACTION, "void(int)"},
	[F_PRINTA] = {"printa", FK_ACTION, "void(@, ...)"},
	[F_TRACEMEM] = {"tracemem", FK_ACTION, "void(@, size_t, [size_t])"},
	[F_STACK] = {"stack", FK_ACTION, "stack([uint32_t])"},
	[F_USTACK] = {"ustack", FK_ACTION, "stack([uint32_t], [uint32_t])"},
	[F_CLEAR] = {"clear", FK_ACTION, "void(@)"},
	[F_TRUNC] = {"trunc", FK_ACTION, "void(@, [int64_t])"},
	[F_NORMALIZE] = {"normalize", FK_ACTION, "void(@, uint64_t)"},
	[F_DENORMALIZE] = {"denormalize", FK_ACTION, "void(@)"},
	[F_SPECULATE] = {"speculate", FK_ACTION, "void(int)"},
	[F_COMMIT] = {"commit", FK_ACTION, "void(int)"},
	[F_DISCARD] = {"discard", FK_ACTION, "void(int)"},
	[F_RAISE] = {"raise", FK_ACTION, "void(int)"},
	[F_SYSTEM] = {"system", FK_ACTION, "void(@, ...)"},
	[F_STOP] = {"stop", FK_ACTION, "void()"},
	[F_BREAKPOINT] = {"breakpoint", FK_ACTION, "void()"},
	[F_PANIC] = {"panic", FK_ACTION, "void()"},
	[F_CHILL] = {"chill", FK_ACTION, "void(int)"},
	[F_FREOPEN] = {"freopen", FK_ACTION, "void(@, ...)", DT_VERS_1_1},
	[F_FTRUNCATE] = {"ftruncate", FK_ACTION, "void()"},
	[F_SETOPT] = {"setopt", FK_ACTION, "void(const char *, [const char *])", DT_VERS_1_2},
	[F_PRINT] = {"print", FK_ACTION, "void(void *)", DT_VERS_2_0},
	/* DTrace declares these two as subroutines; they are destructive
	 * statements here */
	[F_COPYOUT] = {"copyout", FK_ACTION, "void(void *, uintptr_t, size_t)"},
	[F_COPYOUTSTR] = {"copyoutstr", FK_ACTION, "void(char *, uintptr_t, size_t)"},
	/* subroutines */
	[F_STRLEN] = {"strlen", FK_SUBR, "size_t(const char *)"},
	[F_STRJOIN] = {"strjoin", FK_SUBR, "string(const char *, const char *)"},
	[F_SUBSTR] = {"substr", FK_SUBR, "string(const char *, int, [int])", DT_VERS_1_1},
	[F_STRCHR] = {"strchr", FK_SUBR, "string(const char *, char)", DT_VERS_1_1},
	[F_STRRCHR] = {"strrchr", FK_SUBR, "string(const char *, char)", DT_VERS_1_1},
	[F_STRSTR] = {"strstr", FK_SUBR, "string(const char *, const char *)", DT_VERS_1_1},
	[F_INDEX] = {"index", FK_SUBR, "int(const char *, const char *, [int])", DT_VERS_1_1},
	[F_RINDEX] = {"rindex", FK_SUBR, "int(const char *, const char *, [int])", DT_VERS_1_1},
	[F_TOUPPER] = {"toupper", FK_SUBR, "string(const char *)"},
	[F_TOLOWER] = {"tolower", FK_SUBR, "string(const char *)"},
	[F_LLTOSTR] = {"lltostr", FK_SUBR, "string(int64_t, [int])"},
	[F_STRTOLL] = {"strtoll", FK_SUBR, "int64_t(const char *, [int])"},
	[F_RAND] = {"rand", FK_SUBR, "int()"},
	[F_PROGENYOF] = {"progenyof", FK_SUBR, "int(pid_t)"},
	[F_COPYIN] = {"copyin", FK_SUBR, "void *(uintptr_t, size_t)"},
	[F_COPYINSTR] = {"copyinstr", FK_SUBR, "string(uintptr_t, [size_t])"},
	[F_COPYINTO] = {"copyinto", FK_SUBR, "void(uintptr_t, size_t, void *)"},
	[F_SPECULATION] = {"speculation", FK_SUBR, "int()"},
	[F_BASENAME] = {"basename", FK_SUBR, "string(const char *)"},
	[F_DIRNAME] = {"dirname", FK_SUBR, "string(const char *)"},
	[F_ALLOCA] = {"alloca", FK_SUBR, "void *(size_t)"},
	[F_BCOPY] = {"bcopy", FK_SUBR, "void(void *, void *, size_t)"},
	[F_HTONS] = {"htons", FK_SUBR, "uint16_t(uint16_t)", DT_VERS_1_3},
	[F_HTONL] = {"htonl", FK_SUBR, "uint32_t(uint32_t)", DT_VERS_1_3},
	[F_HTONLL] = {"htonll", FK_SUBR, "uint64_t(uint64_t)", DT_VERS_1_3},
	[F_NTOHS] = {"ntohs", FK_SUBR, "uint16_t(uint16_t)", DT_VERS_1_3},
	[F_NTOHL] = {"ntohl", FK_SUBR, "uint32_t(uint32_t)", DT_VERS_1_3},
	[F_NTOHLL] = {"ntohll", FK_SUBR, "uint64_t(uint64_t)", DT_VERS_1_3},
	[F_MUTEX_OWNED] = {"mutex_owned", FK_SUBR, "int(vmlinux`struct mutex *)"},
	[F_MUTEX_OWNER] = {"mutex_owner", FK_SUBR, "vmlinux`struct task_struct *(vmlinux`struct mutex *)"},
	[F_MUTEX_TYPE_ADAPTIVE] = {"mutex_type_adaptive", FK_SUBR, "int(vmlinux`struct mutex *)"},
	[F_MUTEX_TYPE_SPIN] = {"mutex_type_spin", FK_SUBR, "int(vmlinux`struct mutex *)"},
	[F_RW_READ_HELD] = {"rw_read_held", FK_SUBR, "int(vmlinux`rwlock_t *)"},
	[F_RW_WRITE_HELD] = {"rw_write_held", FK_SUBR, "int(vmlinux`rwlock_t *)"},
	[F_RW_ISWRITER] = {"rw_iswriter", FK_SUBR, "int(vmlinux`rwlock_t *)"},
	[F_GETMAJOR] = {"getmajor", FK_SUBR, "vmlinux`dev_t(vmlinux`dev_t)"},
	[F_GETMINOR] = {"getminor", FK_SUBR, "vmlinux`dev_t(vmlinux`dev_t)"},
	[F_STRTOK] = {"strtok", FK_SUBR, "string(const char *, const char *)", DT_VERS_1_1},
	[F_INET_NTOA] = {"inet_ntoa", FK_SUBR, "string(ipaddr_t *)", DT_VERS_1_5},
	[F_MSGSIZE] = {"msgsize", FK_SUBR, "size_t(mblk_t *)"},
	[F_MSGDSIZE] = {"msgdsize", FK_SUBR, "size_t(mblk_t *)"},
	/* the D library's own (lib/dtrace/procfs.d): not DTrace's */
	[F_PSARGS] = {"__psargs", FK_SUBR, "string(uintptr_t, uintptr_t)"},
	/* aggregating functions */
	[F_COUNT] = {"count", FK_AGG, "void()"},
	[F_SUM] = {"sum", FK_AGG, "void(@)"},
	[F_AVG] = {"avg", FK_AGG, "void(@)"},
	[F_MIN] = {"min", FK_AGG, "void(@)"},
	[F_MAX] = {"max", FK_AGG, "void(@)"},
	[F_STDDEV] = {"stddev", FK_AGG, "void(@)", DT_VERS_1_6},
	[F_QUANTIZE] = {"quantize", FK_AGG, "void(@, ...)"},
	[F_LQUANTIZE] = {"lquantize", FK_AGG, "void(@, int32_t, int32_t, ...)"},
	[F_LLQUANTIZE] = {"llquantize", FK_AGG, "void(@, int32_t, int32_t, int32_t, int32_t, ...)", DT_VERS_1_6_4},
	/* appended since */
	[F_INET_NTOA6] = {"inet_ntoa6", FK_SUBR, "string(struct in6_addr *, [int])", DT_VERS_1_5},
	[F_INET_NTOP] = {"inet_ntop", FK_SUBR, "string(int, void *)", DT_VERS_1_5},
	[F_LINK_NTOP] = {"link_ntop", FK_SUBR, "string(int, void *)", DT_VERS_1_5},
	[F_CLEANPATH] = {"cleanpath", FK_SUBR, "string(const char *)"},
	[F_D_PATH] = {"d_path", FK_SUBR, "string(struct path *)"},
	[F_DDI_PATHNAME] = {"ddi_pathname", FK_SUBR, "string(void *, int64_t)"},
	[F_PCAP] = {"pcap", FK_ACTION, "void(void *, int)", DT_VERS_1_6_4},
	/* the symbol actions: their value is DTrace's _symaddr (kernel) or
	 * _usymaddr (user: the process is recorded with the address), a
	 * result only a statement or an aggregation key may take */
	[F_SYM] = {"sym", FK_ACTION, "_symaddr(uintptr_t)", DT_VERS_1_2},
	[F_FUNC] = {"func", FK_ACTION, "_symaddr(uintptr_t)", DT_VERS_1_2},
	[F_MOD] = {"mod", FK_ACTION, "_symaddr(uintptr_t)", DT_VERS_1_2},
	[F_USYM] = {"usym", FK_ACTION, "_usymaddr(uintptr_t)", DT_VERS_1_2},
	[F_UFUNC] = {"ufunc", FK_ACTION, "_usymaddr(uintptr_t)", DT_VERS_1_2},
	[F_UMOD] = {"umod", FK_ACTION, "_usymaddr(uintptr_t)", DT_VERS_1_2},
	/* a Java VM's stack: with no helper to name its frames here, the
	 * user stack it is, as deep as DTrace's jstackframes default */
	[F_JSTACK] = {"jstack", FK_ACTION, "stack([uint32_t], [uint32_t])"},
	[F_UADDR] = {"uaddr", FK_ACTION, "_usymaddr(uintptr_t)", DT_VERS_1_2},
};

int sema_fn_lookup(const struct dt_cc *cc, const char *name)
{
	for (int fn = F_NONE + 1; fn < F_NFUNCS; fn++)
		if (fndefs[fn].name && strcmp(fndefs[fn].name, name) == 0)
			return fndefs[fn].vers <= dt_cc_vmax(cc) ? fn : F_NONE;
	return F_NONE;
}

static const struct fn_def *fn_def(int fn)
{
	return fn > F_NONE && fn < F_NFUNCS && fndefs[fn].name ? &fndefs[fn] : NULL;
}

const char *sema_fn_name(int fn)
{
	const struct fn_def *f = fn_def(fn);
	return f ? f->name : "?";
}

int sema_fn_is_action(int fn)
{
	const struct fn_def *f = fn_def(fn);
	return f && f->kind == FK_ACTION;
}

int sema_fn_is_agg(int fn)
{
	const struct fn_def *f = fn_def(fn);
	return f && f->kind == FK_AGG;
}

/* DTrace's dt_cg.c: func and sym are one action (DT_ACT_SYM), as are
 * ufunc and usym (DT_ACT_USYM). */
int sema_fn_symact(int fn)
{
	switch (fn) {
	case F_SYM: case F_FUNC: return DTRACEACT_SYM;
	case F_MOD: return DTRACEACT_MOD;
	case F_USYM: case F_UFUNC: return DTRACEACT_USYM;
	case F_UMOD: return DTRACEACT_UMOD;
	case F_UADDR: return DTRACEACT_UADDR;
	default: return 0;
	}
}

/* ---- prototypes ------------------------------------------------------------ */

/* A parameter: its type (NULL for "@" and "...": any) and its type's name
 * as DTrace shows it in messages ("const char *", "size_t"). */
struct sema_param {
	struct dt_type *type;
	char *name;
};

/* A parsed prototype (DTrace's dt_idsig_t). */
struct sema_proto {
	struct dt_type *ret;	/* NULL: "stack", or an aggregating function */
	int argc;		/* parameters, "..." included */
	int varargs;		/* index of "...", or -1 */
	int optargs;		/* index of the first optional one, or -1 */
	struct sema_param *args;
};

/* A kernel typedef (vmlinux`dev_t) as the kernel's BTF has it, or NULL. */
static struct dt_type *kernel_typedef(const char *name)
{
	struct btf *b = types_vmlinux_btf();
	int id = b ? btf__find_by_name_kind(b, name, BTF_KIND_TYPEDEF) : -1;

	return id > 0 ? btf_type_by_id(id) : NULL;
}

/*
 * The type a prototype spells (s, n bytes: "const char *", "size_t",
 * "vmlinux`struct mutex *"), or NULL if it names no known type; *name gets
 * its name for messages, module scope left out as DTrace's type names do.
 * Types come from the built-in ones and the kernel's, never from a D
 * program's declarations, so a parsed prototype holds for any program.
 */
static struct dt_type *proto_type(const char *s, size_t n, char **name)
{
	char *buf = xasprintf("%.*s", (int)n, s), *p = buf, *e, *tick;
	int nptr = 0, is_const = 0, kernel = 0;
	struct dt_type *t = NULL;

	while (*p == ' ')
		p++;
	e = p + strlen(p);
	for (; e > p && (e[-1] == ' ' || e[-1] == '*'); e--)
		nptr += e[-1] == '*';
	*e = '\0';
	if (strncmp(p, "const ", 6) == 0)
		is_const = 1, p += 6;
	if ((tick = strchr(p, '`')))
		kernel = 1, p = tick + 1;
	if (kernel && strncmp(p, "struct ", 7) != 0 && strncmp(p, "union ", 6) != 0)
		t = kernel_typedef(p);
	if (!t && strncmp(p, "struct ", 7) == 0)
		t = type_tag(TY_STRUCT, p + 7);
	else if (!t && strncmp(p, "union ", 6) == 0)
		t = type_tag(TY_UNION, p + 6);
	else if (!t)
		t = type_lookup(p);
	for (int i = 0; t && i < nptr; i++)
		t = type_ptr(t);
	/* DTrace looks a pointer up by the type it points at, qualifiers
	 * resolved away (libctf's pointer table), so "const char *" is
	 * shown as "char *" */
	*name = xasprintf("%s%s%s%.*s", is_const && !nptr ? "const " : "", p, nptr ? " " : "", nptr, "****");
	free(buf);
	return t;
}

/* Free a prototype. */
static void proto_free(struct sema_proto *p)
{
	for (int i = 0; i < p->argc; i++)
		free(p->args[i].name);
	free(p->args);
	free(p);
}

void sema_protos_free(struct dt_cc *cc)
{
	for (int fn = 0; fn < F_NFUNCS; fn++) {
		if (cc->protos[fn])
			proto_free(cc->protos[fn]);
		cc->protos[fn] = NULL;
	}
}

/*
 * Fn's prototype, parsed on its first call (as DTrace's dt_idcook_func
 * does) and kept by the context; a type in it that is unknown here (a
 * kernel without it) is DTrace's D_UNKNOWN, and the next call tries again.
 */
static const struct sema_proto *fn_proto(struct dt_cc *cc, int fn, int line)
{
	const struct fn_def *f = &fndefs[fn];
	const char *open = strchr(f->proto, '('), *close = strrchr(f->proto, ')');
	const char *p, *q;
	struct sema_proto *pr;
	char msg[256], *name;

	if (cc->protos[fn])
		return cc->protos[fn];
	pr = xcalloc(1, sizeof(*pr));
	pr->varargs = pr->optargs = -1;
	for (p = open + 1; *p == ' '; p++)
		;
	if (p < close) {
		pr->argc = 1;
		for (q = p; q < close; q++)
			pr->argc += *q == ',';
	}
	pr->args = xcalloc((size_t)(pr->argc ? pr->argc : 1), sizeof(*pr->args));

	msg[0] = '\0';
	/* "stack", "_symaddr" and "_usymaddr" results are the call's own
	 * types (sema_cook_call) */
	if (strncmp(f->proto, "stack(", 6) != 0 && f->proto[0] != '_' && f->kind != FK_AGG) {
		pr->ret = proto_type(f->proto, (size_t)(open - f->proto), &name);
		if (!pr->ret)
			snprintf(msg, sizeof(msg), "failed to resolve type of %s (%s): Unknown type name", f->name, name);
		free(name);
	}
	for (int i = 0; i < pr->argc && !msg[0]; i++, p = q + 1) {
		while (*p == ' ')
			p++;
		for (q = p; q < close && *q != ','; q++)
			;
		if ((q - p == 1 && *p == '@') || (q - p == 3 && strncmp(p, "...", 3) == 0)) {
			if (*p == '.')
				pr->varargs = i;
			pr->args[i].name = xstrdup(*p == '@' ? "@" : "...");
			continue;
		}
		if (*p == '[') {
			if (pr->optargs < 0)
				pr->optargs = i;
			pr->args[i].type = proto_type(p + 1, (size_t)(q - p - 2), &pr->args[i].name);
		} else {
			pr->args[i].type = proto_type(p, (size_t)(q - p), &pr->args[i].name);
		}
		if (!pr->args[i].type)
			snprintf(msg, sizeof(msg), "failed to resolve type of %s arg#%d (%s): Unknown type name",
				 f->name, i + 1, pr->args[i].name);
	}
	if (msg[0]) {
		proto_free(pr);
		dt_error(cc->errs, line, "D_UNKNOWN", "%s", msg);
	}
	cc->protos[fn] = pr;
	return pr;
}

/* ---- DTrace's argument compatibility (dt_node_is_argcompat) ---------------- */


/* Are the types two pointers point at the same (ctf_type_compat's test)? */
static int ref_compat(const struct dt_type *a, const struct dt_type *b)
{
	a = type_base(a);
	b = type_base(b);
	if (a == b)
		return 1;
	if (a->kind != b->kind)
		return 0;
	switch (a->kind) {
	case TY_INT:
		return a->size == b->size && a->is_signed == b->is_signed && a->is_bool == b->is_bool;
	case TY_PTR:
	case TY_ARRAY:
		return ref_compat(a->ref, b->ref);
	case TY_STRUCT:
	case TY_UNION:
	case TY_ENUM:
		return a->name && b->name && strcmp(a->name, b->name) == 0;
	default:
		return 1;
	}
}

/* May argument a be passed for a parameter of type pt? */
static int arg_compat(const struct dt_type *pt, const struct node *a)
{
	const struct dt_type *t = a->type, *pref, *tref;

	if (sema_is_dynamic(a))
		return 0;	/* only "@" takes it */
	if (type_is_integral(pt) && type_is_integral(t))
		return 1;
	if (sema_is_strcompat(pt) && sema_is_strcompat(t))
		return 1;
	/* pointers: to the same type, or either to void; an integer only
	 * as the constant 0 (dt_node_is_ptrcompat) */
	if (pt->kind != TY_PTR && pt->kind != TY_ARRAY)
		return 0;
	if (type_is_integral(t))
		return a->is_const && a->cval == 0;
	if (t->kind != TY_PTR && t->kind != TY_ARRAY && t->kind != TY_STRING)
		return 0;
	pref = pt->ref;
	tref = t->kind == TY_STRING ? &ty_char : t->ref;
	return pref->kind == TY_VOID || tref->kind == TY_VOID || ref_compat(pref, tref);
}

/*
 * Check call n of f against its prototype (DTrace's dt_idcook_sign): the
 * count of arguments (D_PROTO_LEN), then each argument a parameter types
 * (D_PROTO_ARG); "@" and "..." take anything.
 */
static void check_proto(struct dt_cc *cc, struct node *n, const struct fn_def *f, const struct sema_proto *p)
{
	int argc = n->args.n, mismatch, limit, cmp = 0;

	if (p->varargs >= 0) {
		mismatch = argc < p->varargs;
		limit = p->varargs;
		cmp = 1;
	} else if (p->optargs >= 0) {
		if (argc < p->optargs)
			mismatch = 1, cmp = 1, limit = p->optargs;
		else if (argc > p->argc)
			mismatch = 1, cmp = -1, limit = p->argc;
		else
			mismatch = 0, limit = argc;
	} else {
		mismatch = argc != p->argc;
		limit = p->argc;
	}
	if (mismatch)
		dt_error(cc->errs, n->line, "D_PROTO_LEN", "%s( ) prototype mismatch: %d arg%s passed, %s%d expected",
			 f->name, argc, argc == 1 ? "" : "s", cmp > 0 ? "at least " : cmp < 0 ? "at most " : "", limit);
	for (int i = 0; i < limit; i++) {
		struct node *a = n->args.v[i];
		if (p->args[i].type && !arg_compat(p->args[i].type, a))
			dt_error(cc->errs, n->line, "D_PROTO_ARG", "%s( ) argument #%d is incompatible with prototype:\n\tprototype: %s\n\t argument: %s",
				 f->name, i + 1, p->args[i].name, sema_node_type_name(a));
	}
}

/* A value's type as the format checks see it (printf_format.h); %A takes
 * an integer or pointer only when a -c/-p process is there to name
 * ($target: DTrace's pfcheck_uaddr). */
static void fmt_argtype(struct dt_cc *cc, struct dtf_argtype *at, const struct dt_type *t, const struct node *a)
{
	at->uaddr_ok = cc->opts.target != 0;
	at->name = type_name(t);
	/* the resolved type's name and whether a typedef on the way is
	 * [u]int64_t: what %lx and %llx check (pfcheck_xlong, _xlonglong) */
	const struct dt_type *b = t;
	for (;;) {
		const char *bn = type_name(b);
		if (bn && (strcmp(bn, "int64_t") == 0 || strcmp(bn, "uint64_t") == 0))
			at->int64_alias = 1;
		if (!b->alias_of)
			break;
		b = b->alias_of;
	}
	at->base = type_name(b);
	at->size = (int)t->size;
	at->is_signed = t->is_signed;
	if (a && sema_is_dynamic(a))	/* no conversion takes it */
		at->kind = DTF_T_AGG, at->name = sema_node_type_name(a);
	else if (t->symact)
		at->kind = t->nelems > 1 ? DTF_T_USYMADDR : DTF_T_SYMADDR;
	else if (t->is_stack)	/* stack()'s, ustack()'s own (dt_node_is_stack) */
		at->kind = DTF_T_STACK;
	else if (type_is_integral(t))
		at->kind = DTF_T_INT;
	else if (t->kind == TY_PTR)
		at->kind = DTF_T_PTR;
	else if (t->kind == TY_STRING)
		at->kind = DTF_T_STRING;
	else if (type_is_string(t))
		at->kind = DTF_T_CHARARR;
	else if (t->kind == TY_VOID)
		at->kind = DTF_T_VOID;
	else if (t->kind == TY_FLOAT)
		at->kind = DTF_T_FLOAT;
	else
		at->kind = DTF_T_OTHER;
}

/*
 * printa(format, @a, ...): the format's conversions take @a's keys in
 * order, and %@ its value (DTrace's dt_printf_validate on the
 * aggregation's key signature): a uint64_t for count(), else an int64_t.
 */
static void check_printa_keys(struct dt_cc *cc, struct node *n, const struct dtf_format *fmt, const struct dt_aggvar *ag)
{
	static const struct dtf_argtype u64 = { DTF_T_INT, 8, 0, "uint64_t" }, s64 = { DTF_T_INT, 8, 1, "int64_t" };
	int nk = ag->nkeys > 0 ? ag->nkeys : 0;
	struct dtf_argtype *at = pool_calloc(&cc->pool, (size_t)(nk ? nk : 1), sizeof(*at));
	const char *tag;
	char msg[1024];

	for (int i = 0; i < nk; i++)
		fmt_argtype(cc, &at[i], ag->keys[i], NULL);
	if (dtf_check_agg(fmt, "printa", at, nk, ag->fn == F_COUNT ? &u64 : &s64, &tag, msg, sizeof(msg)) < 0)
		dt_error(cc->errs, n->line, tag, "%s", msg);
	pool_release(&cc->pool, at);
}

static void free_format(void *fmt)
{
	dtf_free(fmt);
}

/* printa()'s format, parsed (out of line: its message buffer stays off
 * the stack of the recursion through nested calls). */
static __attribute__((noinline)) struct dtf_format *printa_format(struct dt_cc *cc, struct node *n, struct node *f)
{
	const char *tag;
	char msg[1024];
	struct dtf_format *fmt = dtf_parse(f->sval, &tag, msg, sizeof(msg));

	if (!fmt)
		dt_error(cc->errs, n->line, tag, "%s", msg);
	pool_own(&cc->pool, free_format, fmt);
	return fmt;
}

static void check_printf(struct dt_cc *cc, struct node *n, const char *fname, int first)
{
	struct node *f = n->args.v[first];
	const char *tag;
	char msg[1024];
	struct dtf_format *fmt;
	int na = n->args.n - first - 1;
	struct dtf_argtype *at;

	/* DTrace's dt_cg_act_printf: the format must be a string constant */
	if (f->kind != N_STR)
		dt_error(cc->errs, n->line, "D_PRINTF_ARG_FMT", "%s( ) argument #%d is incompatible with prototype:\n\tprototype: string constant\n\t argument: %s",
			 fname, first + 1, sema_node_type_name(f));
	fmt = dtf_parse(f->sval, &tag, msg, sizeof(msg));
	if (!fmt)
		dt_error(cc->errs, n->line, tag, "%s", msg);
	/* the format goes with the program (the consumer renders with it) */
	pool_own(&cc->pool, free_format, fmt);
	at = pool_calloc(&cc->pool, (size_t)(na > 0 ? na : 1), sizeof(*at));
	for (int i = 0; i < na; i++) {
		struct node *a = n->args.v[first + 1 + i];
		fmt_argtype(cc, &at[i], a->type, a);
	}
	if (dtf_check(fmt, fname, at, na, &tag, msg, sizeof(msg)) < 0)
		dt_error(cc->errs, n->line, tag, "%s", msg);
	pool_release(&cc->pool, at);
	n->aux = fmt;
}

/* A destructive action marks its clause: as in DTrace, a program with one
 * compiles without -w, and dtrace_go() refuses it ("Destructive actions
 * not allowed") before anything is loaded, so that -w or a later
 * "#pragma D option destructive" still allows it. */
static void need_destructive(struct dt_cc *cc, struct node *n, const struct fn_def *f)
{
	(void)n;
	(void)f;
	if (cc->cur_clause >= 0 && cc->cur_clause < cc->P->clauses.n)
		((struct dt_clause *)cc->P->clauses.v[cc->cur_clause])->destructive = 1;
	cc->P->destructive = 1;
}

/*
 * Cook a call: its arguments, then the generic check against the
 * function's prototype, which gives the call its type; then what DTrace's
 * cooking does beyond the prototype for some functions (their types, the
 * destructive actions' mark).
 */
void sema_cook_call(struct dt_cc *cc, struct node *n)
{
	int fn = sema_fn_lookup(cc, n->sval);
	const struct fn_def *f = fn_def(fn);
	const struct sema_proto *p;

	if (!f) {
		/* DTrace looks the name up as it parses the call, at its ')'
		 * and outside any region being cooked */
		const char *kind = sema_ident_kind(cc, n->sval);
		struct dt_var *v = dt_var_find(&cc->P->globals, n->sval);
		/* the parser knows declared variables, not those a clause's
		 * cooking creates (every clause is cooked after the parse) */
		if (v && !v->is_extern && !v->declared)
			kind = NULL;
		cc->errs->region = NULL;
		if (kind)
			dt_error(cc->errs, n->end_line, "D_FUNC_IDKIND", "%s '%s' may not be referenced as a function",
				 kind, n->sval);
		dt_error(cc->errs, n->end_line, "D_FUNC_UNDEF", "undefined function name: %s", n->sval);
	}
	for (int i = 0; i < n->args.n; i++) {
		struct node *a = n->args.v[i];
		if (a->kind == N_AGG) {
			/* a function's arguments are cooked as it parses
			 * (dt_cook_aggregation, dt_idcook_func): an
			 * aggregation no statement before has assigned is
			 * undefined, printa()'s and clear()'s too */
			sema_agg_operand(cc, a);
			a->type = &ty_llong;	/* an aggregation as an argument */
		}
		else
			sema_cook(cc, a);
	}
	n->fn = fn;
	p = fn_proto(cc, fn, n->line);
	check_proto(cc, n, f, p);
	n->type = p->ret ? p->ret : &ty_void;

	struct node **a = (struct node **)n->args.v;
	switch (fn) {
	case F_SYSTEM:
		need_destructive(cc, n, f);
		break;
	case F_PRINT:
		/* what the pointer points at is recorded (DTrace's
		 * dt_cg_act_print takes the referenced type): a string's is
		 * the char [strsize] D's string type is a typedef of; an
		 * integer 0 or an array, which void * accepts, references
		 * nothing */
		if (a[0]->type->kind != TY_PTR && a[0]->type->kind != TY_STRING)
			dt_error(cc->errs, n->line, "D_PROTO_ARG", "print( ) argument #1 is incompatible with prototype:\n\tprototype: %s\n\t argument: %s",
				 "void *", sema_node_type_name(a[0]));
		break;
	case F_FREOPEN:
		/* to a path: destructive; freopen("") only restores stdout */
		if (!(a[0]->kind == N_STR && !a[0]->sval[0]))
			need_destructive(cc, n, f);
		break;
	case F_STACK:
	case F_USTACK:
	case F_JSTACK: {
		/* an array of program counters, recorded or used as a key: as
		 * many as the argument says, or the stackframes, ustackframes
		 * or jstackframes option; more than maxframes are silently
		 * maxframes (DTrace's dt_cg_stack_arg) */
		int64_t frames = fn == F_JSTACK ? cc->opts.jstackframes :
				 fn == F_USTACK ? cc->opts.ustackframes : cc->opts.stackframes;
		if (n->args.n > 0)	/* its checks are sema_cg_call's */
			frames = a[0]->cval > 0 ? a[0]->cval : 1;
		if (frames > cc->opts.maxframes)
			frames = cc->opts.maxframes;
		if (frames > SEMA_FRAMES_MAX)
			frames = SEMA_FRAMES_MAX;
		if (fn == F_JSTACK)
			n->fn = fn = F_USTACK;
		/* ustack() records the process id first, then the frames;
		 * stack() the frames and room for the glue before them */
		struct dt_type *t = type_array(&cc->pool, &ty_ulong,
					       (uint32_t)(frames + (fn == F_USTACK ? 1 : DT_KSTACK_GLUE)));
		t->is_stack = fn == F_STACK ? 1 : 2;
		t->name = pool_strdup(&cc->pool, fn == F_STACK ? "stack" : "ustack");
		n->type = t;
		break;
	}
	case F_SYM: case F_FUNC: case F_MOD:
	case F_USYM: case F_UFUNC: case F_UMOD: case F_UADDR: {
		/* the address (a user one after its process id, as DTrace
		 * records it), recorded or used as a key, shown by the
		 * consumer as the action says */
		int act = sema_fn_symact(fn), user = act == DTRACEACT_USYM || act == DTRACEACT_UMOD ||
						       act == DTRACEACT_UADDR;
		struct dt_type *t = type_array(&cc->pool, &ty_ulong, user ? 2 : 1);
		t->symact = act;
		t->name = pool_strdup(&cc->pool, user ? "_usymaddr" : "_symaddr");
		n->type = t;
		break;
	}
	case F_ALLOCA:
		n->is_alloca = 1;
		break;
	case F_SETOPT:
		/* the consumer sets the option from the record's text */
		for (int i = 0; i < n->args.n; i++)
			if (a[i]->kind != N_STR)
				dt_error(cc->errs, n->line, "D_PROTO_ARG", "setopt( ) argument #%d is incompatible with prototype:\n\tprototype: string constant\n\t argument: %s",
					 i + 1, sema_node_type_name(a[i]));
		break;
	case F_RAISE: case F_STOP: case F_PANIC: case F_BREAKPOINT: case F_CHILL:
	case F_COPYOUT: case F_COPYOUTSTR:
		need_destructive(cc, n, f);
		break;
	case F_STRTOK: {
		/* the saved position lives in a hidden clause-local string */
		struct dt_var *v = dt_var_find(sema_scope_vars(cc, VS_CLAUSE), SEMA_STRTOK_VAR);
		if (!v) {
			v = sema_new_var(cc, VS_CLAUSE, SEMA_STRTOK_VAR, n->line);
			v->type = &ty_string;
			v->created = 1;
			v->declared = 1;
		}
		n->var = v;
		break;
	}
	default:
		break;
	}
}

/*
 * What DTrace checks of a call as it generates its code (dt_cg_act_* for
 * an action, dt_cg_subr_* for a subroutine), once the whole clause is
 * cooked: sema_cg.c calls it in the order code is generated.
 */
void sema_cg_call(struct dt_cc *cc, struct node *n)
{
	int fn = n->fn;
	const struct fn_def *f = fn_def(fn);
	struct node **a = (struct node **)n->args.v;

	if (!f)
		return;
	switch (fn) {
	case F_PRINTF:
		check_printf(cc, n, "printf", 0);
		break;
	case F_SYSTEM:
		check_printf(cc, n, "system", 0);
		break;
	case F_PRINT:
		/* it must have a size */
		if (a[0]->type->kind == TY_PTR && type_size(a[0]->type->ref, 0) == 0)
			dt_error(cc->errs, n->line, "D_PRINT_SIZE", "print( ) argument #1 reference has type '%s' with size 0; cannot print( ) it.",
				 type_name(a[0]->type->ref));
		break;
	case F_FREOPEN:
		/* "." is DTrace's word for "back to the original output",
		 * which a script says with "" (dt_cg_act_printf) */
		if (a[0]->kind == N_STR && strcmp(a[0]->sval, ".") == 0)
			dt_error(cc->errs, n->line, "D_FREOPEN_INVALID", "freopen( ) argument #1 cannot be \".\"");
		if (a[0]->kind != N_STR || a[0]->sval[0] || n->args.n > 1)
			check_printf(cc, n, "freopen", 0);	/* "" alone: no format */
		break;
	case F_PRINTA: {
		int first = 0;
		if (a[0]->kind == N_STR)
			first = 1;
		if (n->args.n <= first)
			dt_error(cc->errs, n->line, "D_PRINTA_PROTO", "printa( ) prototype mismatch: %d args passed, %d expected",
				 n->args.n, first + 1);
		/* as dt_cg_act_printa: each aggregation in turn is checked
		 * (an aggregation, defined), its keys against the first's,
		 * then the format against its keys and function */
		struct dtf_format *fmt = NULL;
		for (int i = first; i < n->args.n; i++) {
			if (a[i]->kind != N_AGG)
				dt_error(cc->errs, n->line, "D_PRINTA_AGGARG", "printa( ) argument #%d is incompatible with prototype:\n\tprototype: aggregation\n\t argument: %s",
					 i + 1, sema_node_type_name(a[i]));
			agg_ref(cc, n->line, a[i], "printa", i + 1, "D_PRINTA_AGGARG", "D_PRINTA_AGGBAD");
			struct dt_aggvar *x = agg_lookup(cc->P, a[first]->sval), *y = agg_lookup(cc->P, a[i]->sval);
			/* several aggregations are joined on their keys: same key
			 * types (dt_printa_validate: at yylineno, which a format
			 * has set to the printa()'s line, else the line before) */
			int vline = first ? n->line : cc->cg_line;
			if (i > first && x && y) {
				if (x->nkeys != y->nkeys)
					dt_error(cc->errs, vline, "D_PRINTA_AGGKEY", "printa( ): @%s and @%s do not have matching key signatures: @%s has %d key%s, @%s has %d key%s",
						 x->name, y->name, x->name, x->nkeys, x->nkeys == 1 ? "" : "s",
						 y->name, y->nkeys, y->nkeys == 1 ? "" : "s");
				for (int k = 0; k < x->nkeys; k++)
					if (!type_compatible(x->keys[k], y->keys[k]))
						dt_error(cc->errs, vline, "D_PRINTA_AGGPROTO", "printa( ): @%s[ ] key #%d is incompatible with @%s:\n%9s key #%d: %s\n%9s key #%d: %s",
							 y->name, k + 1, x->name, x->name, k + 1, type_name(x->keys[k]),
							 y->name, k + 1, type_name(y->keys[k]));
			}
			if (first) {
				if (!fmt)
					fmt = printa_format(cc, n, a[0]);
				if (y && y->nkeys >= 0)
					check_printa_keys(cc, n, fmt, y);
			}
		}
		if (first)
			n->aux = fmt;
		break;
	}
	case F_CLEAR: case F_DENORMALIZE: case F_TRUNC: case F_NORMALIZE:
		agg_ref(cc, n->line, a[0], f->name, 1, fn == F_CLEAR ? "D_CLEAR_AGGARG" : fn == F_TRUNC ? "D_TRUNC_AGGARG" : "D_NORMALIZE_AGGARG",
				fn == F_CLEAR ? "D_CLEAR_AGGBAD" : fn == F_TRUNC ? "D_TRUNC_AGGBAD" : "D_NORMALIZE_AGGBAD");
		break;
	case F_TRACE:
		/* dt_node_is_void: a dynamic type is none */
		if (a[0]->type->kind == TY_VOID && !sema_is_dynamic(a[0]))
			dt_error(cc->errs, a[0]->line, "D_TRACE_VOID", "trace( ) may not be applied to a void expression");
		if (sema_is_dynamic(a[0]))
			dt_error(cc->errs, a[0]->line, "D_TRACE_DYN", "trace( ) may not be applied to a dynamic expression");
		break;
	case F_STACK:
	case F_USTACK:
	case F_JSTACK:
		/* DTrace's dt_cg_stack_arg */
		if (n->args.n > 0 && (!a[0]->is_const || a[0]->cval <= 0))
			dt_error(cc->errs, a[0]->line, fn == F_STACK ? "D_STACK_SIZE" : "D_USTACK_FRAMES",
				 "%s( ) argument #1 must be a non-zero positive integer constant", n->sval);
		if (n->args.n > 1 && (!a[1]->is_const || a[1]->cval < 0))
			dt_error(cc->errs, a[1]->line, "D_USTACK_STRSIZE", "ustack( ) argument #2 must be a positive integer constant");
		break;
	case F_TRACEMEM:
		/* dt_node_is_pointer: an array is one (a char array too); D's
		 * string is not */
		if (!type_is_scalar(a[0]->type) && a[0]->type->kind != TY_ARRAY)
			dt_error(cc->errs, a[0]->line, "D_TRACEMEM_ADDR", "tracemem( ) argument #1 is incompatible with prototype:\n\tprototype: pointer or integer\n\t argument: %s",
				 sema_node_type_name(a[0]));
		if (!a[1]->is_const || a[1]->cval <= 0 || a[1]->cval > 65536)
			dt_error(cc->errs, a[1]->line, "D_TRACEMEM_SIZE", "tracemem( ) argument #2 must be a non-zero positive integral constant expression");
		break;
	case F_ALLOCA:
		/* a constant size larger than the scratch space is refused
		 * (DTrace's dt_cg_subr_alloca_impl); our clause's space is
		 * ALLOCA_MAX at most, whatever scratchsize says */
		if (a[0]->is_const && cc->opts.scratchsize &&
		    (uint64_t)a[0]->cval > (uint64_t)cc->opts.scratchsize - 8)
			dt_error(cc->errs, n->line, "D_ALLOCA_SIZE", "alloca(%lu) size larger than scratchsize %lu",
				 (unsigned long)a[0]->cval, (unsigned long)cc->opts.scratchsize - 8);
		if (a[0]->is_const && (uint64_t)a[0]->cval > 2048)
			dt_error(cc->errs, n->line, "D_ALLOCA_SIZE", "alloca(%lu) size larger than scratchsize %lu",
				 (unsigned long)a[0]->cval, 2048UL);
		break;
	case F_BCOPY: case F_COPYINTO: {
		/* the destination must be scratch space from alloca() (DTrace's
		 * dt_cg_subr_bcopy_impl: DT_NF_ALLOCA) */
		struct node *d = a[fn == F_BCOPY ? 1 : 2];
		if (!d->is_alloca)
			dt_error(cc->errs, d->line, "D_PROTO_ARG", "%s( ) argument #%d is incompatible with prototype:\n\tprototype: alloca pointer\n\t argument: non-alloca pointer",
				 f->name, fn == F_BCOPY ? 2 : 3);
		break;
	}
	case F_INET_NTOA6:
		/* the second argument says whether an IPv4 address in IPv6
		 * prints with its "::" or "::ffff:" (DTrace's dt_cg_subr_inet_ntoa6) */
		if (n->args.n > 1 && !a[1]->is_const)
			dt_error(cc->errs, a[1]->line, "D_PROTO_ARG", "inet_ntoa6( ) argument #2 must be an integer constant");
		break;
	case F_DDI_PATHNAME:
		/* DTrace for Linux declares it but generates no code for it
		 * (dt_cg_call_subr): Linux has no Solaris device tree */
		dt_error(cc->errs, n->line, "D_FUNC_UNDEF", "unimplemented subroutine: %s", n->sval);
	case F_BREAKPOINT: case F_PANIC: case F_CHILL:
		/* DTrace for Linux refuses them as it generates their code
		 * (dt_cg_act_breakpoint, _panic, _chill): no BPF helper stops
		 * the kernel in a debugger, panics it or spins for a time */
		dt_error(cc->errs, n->line, "D_UNKNOWN", "%s() is not implemented (yet)", n->sval);
	default:
		break;
	}
}
