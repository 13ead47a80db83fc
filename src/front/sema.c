/*
 * sema.c - cooking the parse tree: every identifier becomes a variable, a
 * constant or a function; every expression gets its D type; integer
 * constant expressions are folded; misuse gets DTrace's error and tag.
 *
 * Variables that a program creates by assigning to them are declared by a
 * pre-pass over the whole program first, as DTrace's parser does, so a
 * predicate may read a variable that only a later action assigns.
 */
#include "sema.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../consumer/format.h"
#include "aggsema.h"
#include "parse.h"
#include "error.h"

static const struct dt_sema_opts *opts;
static struct dt_prog *P;
static int macro_used[64];
static int cur_clause;
struct dt_type *(*sema_args_type)(struct dt_clause *c, int i, int line);
static int sema_pass;
static int created_mark;	/* prepass marks variables created */

/* ---- built-in variables ------------------------------------------------ */

static const struct bvar {
	const char *name;
	int id;
	struct dt_type *type;	/* NULL: computed (pointers) */
} bvars[] = {
	{"arg0", BV_ARG0, &ty_llong}, {"arg1", BV_ARG1, &ty_llong},
	{"arg2", BV_ARG2, &ty_llong}, {"arg3", BV_ARG3, &ty_llong},
	{"arg4", BV_ARG4, &ty_llong}, {"arg5", BV_ARG5, &ty_llong},
	{"arg6", BV_ARG6, &ty_llong}, {"arg7", BV_ARG7, &ty_llong},
	{"arg8", BV_ARG8, &ty_llong}, {"arg9", BV_ARG9, &ty_llong},
	{"args", BV_ARGS, &ty_llong},
	{"pid", BV_PID, &ty_int}, {"ppid", BV_PPID, &ty_int},
	{"tid", BV_TID, &ty_int}, {"uid", BV_UID, &ty_uint},
	{"gid", BV_GID, &ty_uint}, {"execname", BV_EXECNAME, &ty_string},
	{"cpu", BV_CPU, &ty_int}, {"timestamp", BV_TIMESTAMP, &ty_ullong},
	{"vtimestamp", BV_VTIMESTAMP, &ty_ullong},
	{"walltimestamp", BV_WALLTIMESTAMP, &ty_llong},
	{"probeprov", BV_PROBEPROV, &ty_string},
	{"probemod", BV_PROBEMOD, &ty_string},
	{"probefunc", BV_PROBEFUNC, &ty_string},
	{"probename", BV_PROBENAME, &ty_string},
	{"epid", BV_EPID, &ty_uint}, {"id", BV_ID, &ty_uint},
	{"errno", BV_ERRNO, &ty_int}, {"curthread", BV_CURTHREAD, NULL},
	{"stackdepth", BV_STACKDEPTH, &ty_uint},
	{"ustackdepth", BV_USTACKDEPTH, &ty_uint},
	{"caller", BV_CALLER, &ty_ulong}, {"ucaller", BV_UCALLER, &ty_ulong},
	{"ipl", BV_IPL, &ty_uint},
	{"curpsinfo", BV_CURPSINFO, NULL},
	{"curlwpsinfo", BV_CURLWPSINFO, NULL},
};

/*
 * The psinfo_t and lwpsinfo_t translators for curpsinfo and curlwpsinfo:
 * each member is a D expression over the current task.  A member with no
 * expression has no conversion on Linux (D_XLATE_NOCONV), as in DTrace.
 */
static const struct xlate_member {
	int bv;
	const char *member;
	const char *expr;	/* NULL: no conversion */
} xlate_members[] = {
	{BV_CURPSINFO, "pr_pid", "curthread->tgid"},
	{BV_CURPSINFO, "pr_ppid", "curthread->real_parent->tgid"},
	{BV_CURPSINFO, "pr_uid", "curthread->cred->uid.val"},
	{BV_CURPSINFO, "pr_euid", "curthread->cred->euid.val"},
	{BV_CURPSINFO, "pr_gid", "curthread->cred->gid.val"},
	{BV_CURPSINFO, "pr_egid", "curthread->cred->egid.val"},
	{BV_CURPSINFO, "pr_nlwp", "curthread->signal->nr_threads"},
	{BV_CURPSINFO, "pr_addr", "(uintptr_t)curthread"},
	{BV_CURPSINFO, "pr_fname", "curthread->comm"},
	/* on Linux the arguments live in user memory; this is the command name */
	{BV_CURPSINFO, "pr_psargs", "curthread->comm"},
	{BV_CURPSINFO, "pr_start", "curthread->start_time"},
	{BV_CURPSINFO, "pr_size", NULL},
	{BV_CURPSINFO, "pr_rssize", NULL},
	{BV_CURPSINFO, "pr_pgid", NULL},
	{BV_CURPSINFO, "pr_sid", NULL},
	{BV_CURLWPSINFO, "pr_lwpid", "curthread->pid"},
	{BV_CURLWPSINFO, "pr_flag", "curthread->flags"},
	{BV_CURLWPSINFO, "pr_pri", "curthread->prio"},
	{BV_CURLWPSINFO, "pr_state", "curthread->__state"},
	{BV_CURLWPSINFO, "pr_name", "curthread->comm"},
	{BV_CURLWPSINFO, "pr_addr", "(uintptr_t)curthread"},
	{BV_CURLWPSINFO, "pr_onpro", "cpu"},
	{BV_CURLWPSINFO, "pr_start", "curthread->start_time"},
	{BV_CURLWPSINFO, "pr_nice", NULL},
	{BV_CURLWPSINFO, "pr_cpu", NULL},
	{BV_CURLWPSINFO, "pr_wchan", NULL},
};

static struct dt_var *builtin_var(const char *name)
{
	static struct dt_var *made[ARRAY_SIZE(bvars)];

	for (size_t i = 0; i < ARRAY_SIZE(bvars); i++) {
		if (strcmp(bvars[i].name, name) != 0)
			continue;
		if (!made[i]) {
			struct dt_var *v = xcalloc(1, sizeof(*v));
			v->name = (char *)bvars[i].name;
			v->scope = VS_BUILTIN;
			v->builtin = bvars[i].id;
			v->type = bvars[i].type;
			if (!v->type && bvars[i].id == BV_CURPSINFO)
				v->type = type_ptr(type_tag(TY_STRUCT, "psinfo"));
			else if (!v->type && bvars[i].id == BV_CURLWPSINFO)
				v->type = type_ptr(type_tag(TY_STRUCT, "lwpsinfo"));
			else if (!v->type)
				v->type = type_ptr(type_tag(TY_STRUCT, "task_struct"));
			made[i] = v;
		}
		return made[i];
	}
	return NULL;
}

/* ---- built-in functions -------------------------------------------------- */

static const struct bfn {
	const char *name;
	int fn;
	int minargs, maxargs;	/* maxargs -1: variadic */
	int action;
	int agg;
} bfns[] = {
	{"trace", F_TRACE, 1, 1, 1, 0}, {"printf", F_PRINTF, 1, -1, 1, 0},
	{"exit", F_EXIT, 1, 1, 1, 0}, {"printa", F_PRINTA, 1, -1, 1, 0},
	{"tracemem", F_TRACEMEM, 2, 3, 1, 0}, {"stack", F_STACK, 0, 1, 1, 0},
	{"ustack", F_USTACK, 0, 2, 1, 0}, {"clear", F_CLEAR, 1, 1, 1, 0},
	{"trunc", F_TRUNC, 1, 2, 1, 0}, {"normalize", F_NORMALIZE, 2, 2, 1, 0},
	{"denormalize", F_DENORMALIZE, 1, 1, 1, 0},
	{"speculate", F_SPECULATE, 1, 1, 1, 0}, {"commit", F_COMMIT, 1, 1, 1, 0},
	{"discard", F_DISCARD, 1, 1, 1, 0}, {"raise", F_RAISE, 1, 1, 1, 0},
	{"system", F_SYSTEM, 1, -1, 1, 0}, {"stop", F_STOP, 0, 0, 1, 0},
	{"breakpoint", F_BREAKPOINT, 0, 0, 1, 0}, {"panic", F_PANIC, 0, 0, 1, 0},
	{"chill", F_CHILL, 1, 1, 1, 0}, {"freopen", F_FREOPEN, 1, -1, 1, 0},
	{"ftruncate", F_FTRUNCATE, 0, 0, 1, 0}, {"setopt", F_SETOPT, 1, 2, 1, 0},
	{"print", F_PRINT, 1, 1, 1, 0},
	{"copyout", F_COPYOUT, 3, 3, 1, 0}, {"copyoutstr", F_COPYOUTSTR, 3, 3, 1, 0},
	{"strlen", F_STRLEN, 1, 1, 0, 0}, {"strjoin", F_STRJOIN, 2, 2, 0, 0},
	{"substr", F_SUBSTR, 2, 3, 0, 0}, {"strchr", F_STRCHR, 2, 2, 0, 0},
	{"strrchr", F_STRRCHR, 2, 2, 0, 0}, {"strstr", F_STRSTR, 2, 2, 0, 0},
	{"index", F_INDEX, 2, 3, 0, 0}, {"rindex", F_RINDEX, 2, 3, 0, 0},
	{"toupper", F_TOUPPER, 1, 1, 0, 0}, {"tolower", F_TOLOWER, 1, 1, 0, 0},
	{"lltostr", F_LLTOSTR, 1, 2, 0, 0}, {"strtoll", F_STRTOLL, 1, 2, 0, 0},
	{"rand", F_RAND, 0, 0, 0, 0}, {"progenyof", F_PROGENYOF, 1, 1, 0, 0},
	{"copyin", F_COPYIN, 2, 2, 0, 0}, {"copyinstr", F_COPYINSTR, 1, 2, 0, 0},
	{"copyinto", F_COPYINTO, 3, 3, 0, 0},
	{"speculation", F_SPECULATION, 0, 0, 0, 0},
	{"basename", F_BASENAME, 1, 1, 0, 0}, {"dirname", F_DIRNAME, 1, 1, 0, 0},
	{"alloca", F_ALLOCA, 1, 1, 0, 0}, {"bcopy", F_BCOPY, 3, 3, 0, 0},
	{"htons", F_HTONS, 1, 1, 0, 0}, {"htonl", F_HTONL, 1, 1, 0, 0},
	{"htonll", F_HTONLL, 1, 1, 0, 0}, {"ntohs", F_NTOHS, 1, 1, 0, 0},
	{"ntohl", F_NTOHL, 1, 1, 0, 0}, {"ntohll", F_NTOHLL, 1, 1, 0, 0},
	{"strtok", F_STRTOK, 2, 2, 0, 0}, {"inet_ntoa", F_INET_NTOA, 1, 1, 0, 0},
	{"getmajor", F_GETMAJOR, 1, 1, 0, 0}, {"getminor", F_GETMINOR, 1, 1, 0, 0},
	{"mutex_owned", F_MUTEX_OWNED, 1, 1, 0, 0}, {"mutex_owner", F_MUTEX_OWNED, 1, 1, 0, 0},
	{"mutex_type_adaptive", F_MUTEX_OWNED, 1, 1, 0, 0},
	{"mutex_type_spin", F_MUTEX_OWNED, 1, 1, 0, 0},
	{"count", F_COUNT, 0, 0, 0, 1}, {"sum", F_SUM, 1, 1, 0, 1},
	{"avg", F_AVG, 1, 1, 0, 1}, {"min", F_MIN, 1, 1, 0, 1},
	{"max", F_MAX, 1, 1, 0, 1}, {"stddev", F_STDDEV, 1, 1, 0, 1},
	{"quantize", F_QUANTIZE, 1, 2, 0, 1},
	{"lquantize", F_LQUANTIZE, 3, 5, 0, 1},
	{"llquantize", F_LLQUANTIZE, 5, 6, 0, 1},
};

static const struct bfn *find_fn(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(bfns); i++)
		if (strcmp(bfns[i].name, name) == 0)
			return &bfns[i];
	return NULL;
}

static const struct bfn *fn_by_id(int fn)
{
	for (size_t i = 0; i < ARRAY_SIZE(bfns); i++)
		if (bfns[i].fn == fn)
			return &bfns[i];
	return NULL;
}

const char *sema_fn_name(int fn)
{
	const struct bfn *f = fn_by_id(fn);
	return f ? f->name : "?";
}

int sema_fn_is_action(int fn)
{
	const struct bfn *f = fn_by_id(fn);
	return f && f->action;
}

int sema_fn_is_agg(int fn)
{
	const struct bfn *f = fn_by_id(fn);
	return f && f->agg;
}

/* ---- constants ------------------------------------------------------------ */

static const struct {
	const char *name;
	int64_t value;
} int_consts[] = {
	{"DTRACEFLT_UNKNOWN", 0}, {"DTRACEFLT_BADADDR", 1},
	{"DTRACEFLT_BADALIGN", 2}, {"DTRACEFLT_ILLOP", 3},
	{"DTRACEFLT_DIVZERO", 4}, {"DTRACEFLT_NOSCRATCH", 5},
	{"DTRACEFLT_KPRIV", 6}, {"DTRACEFLT_UPRIV", 7},
	{"DTRACEFLT_TUPOFLOW", 8}, {"DTRACEFLT_BADSTACK", 9},
	{"DTRACEFLT_BADSIZE", 10}, {"DTRACEFLT_BADINDEX", 11},
	{"DTRACEFLT_LIBRARY", 1000},
	{"R_SP", 7}, {"R_PC", 16}, {"R_FP", 4}, {"R_SS", 20}, {"R_R0", 10},
};

int sema_try_const(struct node *n, int64_t *v);

static uint64_t trunc_to(uint64_t v, const struct dt_type *t)
{
	if (!t || t->kind == TY_PTR || t->size >= 8 || t->size == 0)
		return v;
	if (t->is_bool)
		return v != 0;
	uint64_t mask = (1ULL << (t->size * 8)) - 1;
	v &= mask;
	if (t->is_signed && (v >> (t->size * 8 - 1)) & 1)
		v |= ~mask;
	return v;
}

static void set_const(struct node *n, uint64_t v)
{
	n->is_const = 1;
	n->cval = (int64_t)trunc_to(v, n->type);
}

/* ---- helpers ---------------------------------------------------------------- */

#define find_var dt_var_find

static struct ptrvec *scope_vars(int scope)
{
	return scope == VS_THREAD ? &P->tlocals : scope == VS_CLAUSE ? &P->clocals : &P->globals;
}

static struct dt_var *new_var(int scope, const char *name, int line)
{
	struct ptrvec *vars = scope_vars(scope);
	struct dt_var *v = xcalloc(1, sizeof(*v));

	v->name = xstrdup(name);
	v->scope = scope;
	v->id = vars->n;
	v->writable = 1;
	v->line = line;
	pv_push(vars, v);
	return v;
}

static struct dt_inline *find_inline(const char *name)
{
	for (int i = 0; i < P->inlines.n; i++) {
		struct dt_inline *in = P->inlines.v[i];
		if (strcmp(in->name, name) == 0)
			return in;
	}
	return NULL;
}

static int find_enum_const(const char *name, int64_t *v);

static int is_known_name(const char *name)
{
	int64_t v;

	if (builtin_var(name) || find_inline(name) || find_enum_const(name, &v))
		return 1;
	for (size_t i = 0; i < ARRAY_SIZE(int_consts); i++)
		if (strcmp(int_consts[i].name, name) == 0)
			return 1;
	return strcmp(name, "NULL") == 0;
}

/* ---- the pre-pass: variables a program creates by assignment ------------------ */

static void declare_lvalue(struct node *l)
{
	if (l->kind == N_IDENT) {
		if (l->var_scope == 0 && is_known_name(l->sval))
			return;
		struct dt_var *v = find_var(scope_vars(l->var_scope), l->sval);
		if (!v)
			v = new_var(l->var_scope, l->sval, l->line);
		if (created_mark)
			v->created = 1;
	} else if (l->kind == N_INDEX && l->kids[0]->kind == N_IDENT) {
		struct node *a = l->kids[0];
		if (a->var_scope == VS_CLAUSE)
			return;
		if (a->var_scope == 0 && is_known_name(a->sval))
			return;
		struct dt_var *v = find_var(scope_vars(a->var_scope), a->sval);
		if (!v) {
			v = new_var(a->var_scope, a->sval, a->line);
			v->is_assoc = 1;
			v->nkeys = -1;
		}
		if (created_mark)
			v->created = 1;
	}
}

static void prepass(struct node *n)
{
	if (!n)
		return;
	if (n->kind == N_ASSIGN || n->kind == N_PREINC || n->kind == N_PREDEC ||
	    n->kind == N_POSTINC || n->kind == N_POSTDEC)
		declare_lvalue(n->kids[0]);
	for (int i = 0; i < 3; i++)
		prepass(n->kids[i]);
	for (int i = 0; i < n->args.n; i++)
		prepass(n->args.v[i]);
}

/* ---- cooking -------------------------------------------------------------------- */

static void cook(struct node *n);

static _Noreturn void incompat(struct node *n, const char *op, struct dt_type *a, struct dt_type *b)
{
	dt_error(n->line, "D_OP_INCOMPAT", "operands have incompatible types: \"%s\" %s \"%s\"",
		 type_name(a), op, type_name(b));
}

static const char *opname(int op)
{
	return tok_str((enum tok)op);
}

static int is_null_const(struct node *n)
{
	return n->is_const && n->cval == 0 && (type_is_integral(n->type) ||
	       (n->type->kind == TY_PTR && n->type->ref->kind == TY_VOID));
}

/* May a value of type b (node rhs) be stored in something of type a? */
static int assignable(struct dt_type *a, struct node *rhs)
{
	struct dt_type *b = rhs->type;

	if (type_is_integral(a) && type_is_integral(b))
		return 1;
	if (a->kind == TY_STRING && (type_is_string(b) || is_null_const(rhs)))
		return 1;
	if (a->kind == TY_PTR && (b->kind == TY_PTR || is_null_const(rhs)))
		return 1;
	if (a->kind == TY_PTR && b->kind == TY_ARRAY)
		return 1;
	if (a->kind == TY_PTR && b->kind == TY_STRING)
		return 1;
	return type_compatible(a, b);
}

static void check_lvalue(struct node *n, struct node *l, const char *op)
{
	if (!l->is_lvalue)
		dt_error(n->line, "D_OP_LVAL", "operator %s requires modifiable lvalue as an operand", op);
	if (l->kind == N_VAR && !l->var->writable)
		dt_error(n->line, "D_OP_WRITE", "operator %s can only be applied to a writable variable", op);
}

static int find_enum_const(const char *name, int64_t *v)
{
	/* enumerators of declared enums are kept with the enum types */
	return types_find_enumerator(name, v);
}

/* A translator member being cooked binds its parameter to the input. */
static const char *xlate_param;
static struct node *xlate_input;
/* An inline with arguments binds its parameters to the argument nodes. */
#define MAX_BIND 32
static const char *bind_name[MAX_BIND];
static struct node *bind_node[MAX_BIND];
static int nbind;

static void cook_ident(struct node *n)
{
	struct dt_var *v;
	int64_t ev;

	if (xlate_param && n->var_scope == 0 && strcmp(n->sval, xlate_param) == 0) {
		*n = *xlate_input;	/* already cooked; shared, not copied */
		return;
	}
	for (int i = nbind - 1; i >= 0 && n->var_scope == 0; i--)
		if (strcmp(n->sval, bind_name[i]) == 0) {
			*n = *bind_node[i];
			return;
		}

	if (n->var_scope == VS_THREAD || n->var_scope == VS_CLAUSE) {
		v = find_var(scope_vars(n->var_scope), n->sval);
		if (!v || (sema_pass == 0 && !v->declared && !v->created))
			dt_error(n->line, "D_VAR_UNDEF", "%s%s has not yet been declared or assigned",
				 n->var_scope == VS_THREAD ? "self->" : "this->", n->sval);
	} else {
		struct dt_inline *in = find_inline(n->sval);
		if (in) {
			if (in->cooking)
				dt_error(n->line, "D_IDENT_UNDEF", "failed to resolve %s: Unknown variable name", n->sval);
			if (in->nparams)
				dt_error(n->line, "D_ARR_BADREF", "inline %s must be used with its arguments", n->sval);
			in->cooking = 1;
			cook(in->expr);
			in->cooking = 0;
			if (in->type->kind == TY_STRUCT || in->type->kind == TY_UNION) {
				*n = *in->expr;	/* a struct-valued inline is its expression */
				return;
			}
			n->kind = N_CAST;
			n->cast_type = in->type;
			n->kids[0] = in->expr;
			cook(n);
			return;
		}
		if (strcmp(n->sval, "NULL") == 0) {
			/* as in DTrace on Linux, NULL is the int constant 0 (sizeof 4) */
			n->kind = N_INT;
			n->ival = 0;
			n->type = &ty_int;
			set_const(n, 0);
			return;
		}
		for (size_t i = 0; i < ARRAY_SIZE(int_consts); i++)
			if (strcmp(int_consts[i].name, n->sval) == 0) {
				n->kind = N_INT;
				n->ival = (uint64_t)int_consts[i].value;
				n->type = &ty_int;
				set_const(n, n->ival);
				return;
			}
		if (find_enum_const(n->sval, &ev)) {
			n->kind = N_INT;
			n->ival = (uint64_t)ev;
			n->type = &ty_int;
			set_const(n, n->ival);
			return;
		}
		v = builtin_var(n->sval);
		if (!v)
			v = find_var(&P->globals, n->sval);
		if (!v || (sema_pass == 0 && v->scope != VS_BUILTIN && !v->declared && !v->created))
			dt_error(n->line, "D_IDENT_UNDEF", "failed to resolve %s: Unknown %s name", n->sval,
				 strchr(n->sval, '`') ? "symbol" : "variable");
	}
	n->kind = N_VAR;
	n->var = v;
}

static void cook_var(struct node *n)
{
	struct dt_var *v = n->var;

	if (v->is_assoc && !n->args.n)
		dt_error(n->line, "D_ARR_BADREF", "%s is an associative array and must be indexed", v->name);
	n->type = v->type ? v->type : &ty_int;
	n->is_lvalue = v->scope != VS_BUILTIN || v->writable;
	if (v->scope == VS_BUILTIN)
		n->is_lvalue = 1;	/* so "pid = 1" reports D_OP_WRITE */
}

static void cook_int(struct node *n)
{
	if (n->op == -1) {	/* character constant: an int, as in C (long when
				   more than four characters make it up) */
		n->type = n->sval && strlen(n->sval) > 6 && n->ival > 0xffffffffULL ? &ty_long : &ty_int;
		set_const(n, n->ival);
		return;
	}
	int u = n->op & 1, l = (n->op >> 1) & 3, dec = (n->op & 8) != 0;
	static struct dt_type *cands[] = {&ty_int, &ty_uint, &ty_long, &ty_ulong, &ty_llong, &ty_ullong};
	uint64_t v = n->ival;
	struct dt_type *t = NULL;
	for (int i = 0; i < 6; i++) {
		struct dt_type *c = cands[i];
		if (u && c->is_signed)
			continue;
		if (l == 1 && c->size < 8)
			continue;
		if (l == 2 && i < 4)
			continue;
		if (dec && !u && !c->is_signed)
			continue;
		uint64_t lim = c->size == 4 ? (c->is_signed ? 0x7fffffffULL : 0xffffffffULL)
					    : (c->is_signed ? 0x7fffffffffffffffULL : ~0ULL);
		if (v <= lim) {
			t = c;
			break;
		}
	}
	if (!t)
		t = &ty_ullong;
	n->type = t;
	set_const(n, v);
}

/* Index into a variable: associative array, scalar array, or assoc via self-> */
static void cook_index(struct node *n)
{
	struct node *a = n->kids[0];

	if (a->kind == N_IDENT && a->var_scope == 0) {
		struct dt_inline *in = find_inline(a->sval);
		if (in && in->nparams) {
			if (in->nparams != n->args.n)
				dt_error(n->line, "D_PROTO_LEN", "%s[ ] prototype mismatch: %d arg%s passed, %d expected",
					 in->name, n->args.n, n->args.n == 1 ? "" : "s", in->nparams);
			if (nbind + in->nparams > MAX_BIND || in->cooking)
				dt_error(n->line, "D_IDENT_UNDEF", "failed to resolve %s: Unknown variable name", in->name);
			int base = nbind;
			for (int i = 0; i < n->args.n; i++) {
				cook(n->args.v[i]);
				bind_name[nbind] = in->params[i];
				bind_node[nbind] = n->args.v[i];
				nbind++;
			}
			struct node *e = dt_parse_expr_string(in->text, in->line);
			in->cooking = 1;
			cook(e);
			in->cooking = 0;
			nbind = base;
			struct node *c = node_new(N_CAST, n->line);
			c->cast_type = in->type;
			c->kids[0] = e;
			cook(c);
			*n = *c;
			return;
		}
	}

	if (a->kind == N_AGG)
		dt_error(n->line, "D_AGG_MDIM", "multi-dimensional indexing of aggregation @%s is not permitted", a->sval);

	if (a->kind == N_IDENT && a->var_scope == VS_CLAUSE) {
		struct dt_var *lv = find_var(&P->clocals, a->sval);
		/* this->s[i] indexes a string, array or pointer; anything else
		 * would make this-> an associative array, which D forbids */
		if (!lv || !lv->type || (!type_is_string(lv->type) && lv->type->kind != TY_PTR &&
					 lv->type->kind != TY_ARRAY) || n->args.n != 1)
			dt_error(n->line, "D_ARR_LOCAL", "local variables may not be used as associative arrays: this->%s", a->sval);
	}
	if (a->kind == N_IDENT && (a->var_scope == VS_THREAD ||
				   (a->var_scope == 0 && !is_known_name(a->sval)))) {
		struct dt_var *v = find_var(scope_vars(a->var_scope), a->sval);
		if (!v || (sema_pass == 0 && !v->declared && !v->created))
			dt_error(a->line, "D_IDENT_UNDEF", "failed to resolve %s: Unknown variable name", a->sval);
		if (!v->is_assoc && !v->is_array && v->type &&
		    (type_is_string(v->type) || v->type->kind == TY_PTR || v->type->kind == TY_ARRAY) &&
		    n->args.n == 1)
			goto index_value;	/* s[i] of a string or pointer variable */
		for (int i = 0; i < n->args.n; i++)
			cook(n->args.v[i]);
		if (v->is_array && !v->is_assoc) {
			/* scalar array a[i] */
			if (n->args.n != 1)
				dt_error(n->line, "D_ARR_BADREF", "cannot access scalar %s as an associative array", v->name);
			struct node *ix = n->args.v[0];
			if (!type_is_integral(ix->type))
				dt_error(n->line, "D_ARR_BADIDX", "array subscript must be an integer");
			if (ix->is_const && (ix->cval < 0 || (uint64_t)ix->cval >= v->type->nelems))
				dt_error(n->line, "D_ARR_BOUNDS", "index outside array bounds: %lld, max is %u",
					 (long long)ix->cval, v->type->nelems);
			a->kind = N_VAR;
			a->var = v;
			a->type = v->type;
			n->type = v->type->ref;
			n->is_lvalue = 1;
			n->op = 1;	/* scalar array element */
			return;
		}
		if (!v->is_assoc) {
			if (v->type)
				dt_error(n->line, "D_ARR_BADREF", "cannot access scalar %s as an associative array", v->name);
			v->is_assoc = 1;
			v->nkeys = -1;
		}
		if (v->nkeys < 0) {
			v->nkeys = n->args.n;
			v->keys = xcalloc((size_t)n->args.n, sizeof(struct dt_type *));
			for (int i = 0; i < n->args.n; i++) {
				struct node *k = n->args.v[i];
				v->keys[i] = type_is_string(k->type) ? &ty_string : k->type;
			}
		} else if (v->nkeys != n->args.n) {
			dt_error(n->line, "D_PROTO_LEN", "%s[ ] prototype mismatch: %d key%s passed, %d expected",
				 v->name, n->args.n, n->args.n == 1 ? "" : "s", v->nkeys);
		} else {
			for (int i = 0; i < n->args.n; i++) {
				struct node *k = n->args.v[i];
				if (!type_compatible(v->keys[i], k->type) &&
				    !(v->keys[i]->kind == TY_STRING && type_is_string(k->type)))
					dt_error(n->line, "D_PROTO_ARG",
						 "%s[ ] key #%d is incompatible with prototype:\n\tprototype: %s\n\t      key: %s",
						 v->name, i + 1, type_name(v->keys[i]), type_name(k->type));
			}
		}
		if (n->args.n > 10)
			dt_error(0, NULL, "Insufficient tuple registers to generate code");
		a->kind = N_VAR;
		a->var = v;
		n->kind = N_VAR;
		n->var = v;
		n->kids[0] = NULL;
		n->type = v->type ? v->type : &ty_int;
		n->is_lvalue = 1;
		return;
	}
index_value:
	cook(a);
	for (int i = 0; i < n->args.n; i++)
		cook(n->args.v[i]);
	if (n->args.n != 1)
		dt_error(n->line, "D_SYNTAX", "invalid array reference");
	struct node *ix = n->args.v[0];
	if (a->kind == N_VAR && a->var->scope == VS_BUILTIN && a->var->builtin == BV_ARGS) {
		/* args[i]: typed from the probes the clause matches */
		if (!ix->is_const || !type_is_integral(ix->type))
			dt_error(n->line, "D_ARGS_IDX", "index for args[ ] must be an integer constant");
		n->type = sema_args_type ? sema_args_type(P->clauses.v[cur_clause], (int)ix->cval, n->line)
					 : &ty_llong;
		n->is_lvalue = 0;
		return;
	}
	if (a->type->kind == TY_ARRAY) {
		if (ix->is_const && (ix->cval < 0 || (uint64_t)ix->cval >= a->type->nelems))
			dt_error(n->line, "D_ARR_BOUNDS", "index outside array bounds: %lld, max is %u",
				 (long long)ix->cval, a->type->nelems);
		n->type = a->type->ref;
	} else if (a->type->kind == TY_PTR) {
		n->type = a->type->ref;
	} else if (a->type->kind == TY_STRING) {
		n->type = &ty_char;
	} else {
		dt_error(n->line, "D_OP_ARRPTR", "operator [ ] may not be applied to operand of type \"%s\"", type_name(a->type));
	}
	n->is_lvalue = a->type->kind != TY_STRING;
}

/* Depth of call argument lists being cooked: an action used as an argument
 * is void, which its caller reports; DTrace never checks its format. */
static int call_arg_depth;

static void check_printf(struct node *n, const char *fname, int first)
{
	struct node *f = n->args.v[first];
	const char *tag;
	char msg[1024];
	struct dtf_format *fmt;
	int na = n->args.n - first - 1;
	struct dtf_argtype *at;

	if (f->kind != N_STR)
		dt_error(n->line, "D_PROTO_ARG", "%s( ) argument #%d is incompatible with prototype:\n\tprototype: string\n\t argument: %s",
			 fname, first + 1, type_name(f->type));
	if (call_arg_depth > 0)
		return;
	fmt = dtf_parse(f->sval, &tag, msg, sizeof(msg));
	if (!fmt)
		dt_error(n->line, tag, "%s", msg);
	at = xcalloc((size_t)(na > 0 ? na : 1), sizeof(*at));
	for (int i = 0; i < na; i++) {
		struct node *a = n->args.v[first + 1 + i];
		struct dt_type *t = a->type;
		at[i].name = type_name(t);
		at[i].size = (int)t->size;
		at[i].is_signed = t->is_signed;
		if (a->kind == N_AGG)
			at[i].kind = DTF_T_AGG, at[i].name = "aggregation";
		else if (type_is_integral(t))
			at[i].kind = DTF_T_INT;
		else if (t->kind == TY_PTR)
			at[i].kind = DTF_T_PTR;
		else if (t->kind == TY_STRING)
			at[i].kind = DTF_T_STRING;
		else if (type_is_string(t))
			at[i].kind = DTF_T_CHARARR;
		else if (t->kind == TY_VOID)
			at[i].kind = DTF_T_VOID;
		else if (t->kind == TY_FLOAT)
			at[i].kind = DTF_T_FLOAT;
		else
			at[i].kind = DTF_T_OTHER;
	}
	if (dtf_check(fmt, fname, at, na, &tag, msg, sizeof(msg)) < 0)
		dt_error(n->line, tag, "%s", msg);
	free(at);
	n->aux = fmt;
}

static void cook_call(struct node *n)
{
	const struct bfn *f = find_fn(n->sval);

	call_arg_depth++;
	for (int i = 0; i < n->args.n; i++) {
		struct node *a = n->args.v[i];
		if (a->kind == N_AGG)
			a->type = &ty_llong;	/* an aggregation as an argument */
		else
			cook(a);
	}
	call_arg_depth--;
	if (!f)
		dt_error(n->line, "D_IDENT_UNDEF", "failed to resolve %s: Unknown function name", n->sval);
	n->fn = f->fn;
	if (n->args.n < f->minargs) {
		if (f->maxargs == -1 || f->maxargs > f->minargs)
			dt_error(n->line, "D_PROTO_LEN", "%s( ) prototype mismatch: %d arg%s passed, at least %d expected",
				 f->name, n->args.n, n->args.n == 1 ? "" : "s", f->minargs);
		dt_error(n->line, "D_PROTO_LEN", "%s( ) prototype mismatch: %d arg%s passed, %d expected",
			 f->name, n->args.n, n->args.n == 1 ? "" : "s", f->minargs);
	}
	if (f->maxargs >= 0 && n->args.n > f->maxargs) {
		if (f->maxargs > f->minargs)
			dt_error(n->line, "D_PROTO_LEN", "%s( ) prototype mismatch: %d args passed, at most %d expected",
				 f->name, n->args.n, f->maxargs);
		dt_error(n->line, "D_PROTO_LEN", "%s( ) prototype mismatch: %d arg%s passed, %d expected",
			 f->name, n->args.n, n->args.n == 1 ? "" : "s", f->maxargs);
	}
	struct node **a = (struct node **)n->args.v;
#define ARGTYPE_ERR(i, proto) \
	dt_error(n->line, "D_PROTO_ARG", "%s( ) argument #%d is incompatible with prototype:\n\tprototype: %s\n\t argument: %s", \
		 f->name, (i) + 1, proto, type_name(a[i]->type))
#define NEED_STR(i) do { if (!type_is_string(a[i]->type) && !is_null_const(a[i])) ARGTYPE_ERR(i, "char *"); } while (0)
#define NEED_INT(i) do { if (!type_is_integral(a[i]->type)) ARGTYPE_ERR(i, "int"); } while (0)
	switch (f->fn) {
	case F_PRINTF:
		check_printf(n, "printf", 0);
		n->type = &ty_void;
		break;
	case F_SYSTEM:
		if (!opts->destructive)
			dt_error(n->line, "D_ACT_DESTR", "system( ) is a destructive action; use -w to allow it");
		check_printf(n, "system", 0);
		n->type = &ty_void;
		break;
	case F_PRINTA: {
		int first = 0;
		if (a[0]->kind == N_STR)
			first = 1;
		if (n->args.n <= first)
			dt_error(n->line, "D_PRINTA_PROTO", "printa( ) prototype mismatch: %d args passed, %d expected",
				 n->args.n, first + 1);
		for (int i = first; i < n->args.n; i++) {
			if (a[i]->kind != N_AGG)
				dt_error(n->line, "D_PRINTA_AGGARG", "printa( ) argument #%d is incompatible with prototype:\n\tprototype: aggregation\n\t argument: %s",
					 i + 1, type_name(a[i]->type));
			if (agg_lookup(P, a[i]->sval) || sema_pass > 0)
				agg_ref(P, a[i], "printa", "D_PRINTA_AGGARG");
		}
		/* several aggregations are joined on their keys: same key types */
		for (int i = first + 1; i < n->args.n && sema_pass > 0; i++) {
			struct dt_aggvar *x = agg_lookup(P, a[first]->sval), *y = agg_lookup(P, a[i]->sval);
			if (!x || !y)
				continue;
			if (x->nkeys != y->nkeys)
				dt_error(n->line, "D_PRINTA_AGGKEY", "printa( ): @%s and @%s do not have matching key signatures: @%s has %d key%s, @%s has %d key%s",
					 x->name, y->name, x->name, x->nkeys, x->nkeys == 1 ? "" : "s",
					 y->name, y->nkeys, y->nkeys == 1 ? "" : "s");
			for (int k = 0; k < x->nkeys; k++)
				if (!type_compatible(x->keys[k], y->keys[k]))
					dt_error(n->line, "D_PRINTA_AGGPROTO", "printa( ): @%s[ ] key #%d is incompatible with @%s:\n%9s key #%d: %s\n%9s key #%d: %s",
						 y->name, k + 1, x->name, x->name, k + 1, type_name(x->keys[k]),
						 y->name, k + 1, type_name(y->keys[k]));
		}
		if (first) {
			const char *tag;
			char msg[1024];
			struct dtf_format *fmt = dtf_parse(a[0]->sval, &tag, msg, sizeof(msg));
			if (!fmt)
				dt_error(n->line, tag, "%s", msg);
			n->aux = fmt;
		}
		n->type = &ty_void;
		break;
	}
	case F_CLEAR: case F_DENORMALIZE:
		if (a[0]->kind != N_AGG || agg_lookup(P, a[0]->sval) || sema_pass > 0)
			agg_ref(P, a[0], f->name, f->fn == F_CLEAR ? "D_CLEAR_AGGARG" : "D_NORMALIZE_AGGARG");
		n->type = &ty_void;
		break;
	case F_TRUNC: case F_NORMALIZE:
		if (a[0]->kind != N_AGG || agg_lookup(P, a[0]->sval) || sema_pass > 0)
			agg_ref(P, a[0], f->name, f->fn == F_TRUNC ? "D_TRUNC_AGGARG" : "D_NORMALIZE_AGGARG");
		if (n->args.n > 1 && (a[1]->kind == N_AGG || !type_is_scalar(a[1]->type)))
			dt_error(n->line, "D_PROTO_ARG", "%s( ) argument #2 is incompatible with prototype:\n\tprototype: %s\n\t argument: %s",
				 f->name, "scalar", a[1]->kind == N_AGG ? "aggregation" : type_name(a[1]->type));
		n->type = &ty_void;
		break;
	case F_EXIT:
		NEED_INT(0);
		n->type = &ty_void;
		break;
	case F_TRACE:
		if (a[0]->type->kind == TY_VOID)
			dt_error(n->line, "D_TRACE_VOID", "trace( ) may not be applied to a void expression");
		n->type = &ty_void;
		break;
	case F_STACK:
	case F_USTACK: {
		/* an array of program counters, recorded or used as a key */
		int64_t frames = f->fn == F_STACK ? 20 : 20;
		if (n->args.n > 0) {
			if (!type_is_integral(a[0]->type))
				dt_error(n->line, "D_PROTO_ARG", "%s( ) argument #1 is incompatible with prototype:\n\tprototype: uint32_t\n\t argument: %s",
					 f->name, type_name(a[0]->type));
			if (!a[0]->is_const || a[0]->cval <= 0)
				dt_error(n->line, f->fn == F_STACK ? "D_STACK_SIZE" : "D_USTACK_FRAMES",
					 "%s( ) argument #1 must be a non-zero positive integer constant", f->name);
			frames = a[0]->cval > 127 ? 127 : a[0]->cval;
		}
		if (n->args.n > 1 && (!a[1]->is_const || !type_is_integral(a[1]->type) || a[1]->cval < 0))
			dt_error(n->line, "D_USTACK_STRSIZE", "ustack( ) argument #2 must be a positive integer constant");
		/* ustack() records the process id first, then the frames */
		struct dt_type *t = type_array(&ty_ulong, (uint32_t)(frames + (f->fn == F_USTACK)));
		t->is_stack = f->fn == F_STACK ? 1 : 2;
		t->name = xstrdup(f->fn == F_STACK ? "stack" : "ustack");
		n->type = t;
		break;
	}
	case F_TRACEMEM:
		if (!type_is_scalar(a[0]->type))
			dt_error(n->line, "D_TRACEMEM_ADDR", "tracemem( ) argument #1 is incompatible with prototype:\n\tprototype: pointer or integer\n\t argument: %s",
				 type_name(a[0]->type));
		if (!type_is_integral(a[1]->type))
			dt_error(n->line, "D_PROTO_ARG", "tracemem( ) argument #2 is incompatible with prototype:\n\tprototype: size_t\n\t argument: %s",
				 type_name(a[1]->type));
		if (!a[1]->is_const || a[1]->cval <= 0 || a[1]->cval > 65536)
			dt_error(n->line, "D_TRACEMEM_SIZE", "tracemem( ) argument #2 must be a non-zero positive integral constant expression");
		if (n->args.n > 2 && !type_is_integral(a[2]->type))
			dt_error(n->line, "D_PROTO_ARG", "tracemem( ) argument #3 is incompatible with prototype:\n\tprototype: size_t\n\t argument: %s",
				 type_name(a[2]->type));
		n->type = &ty_void;
		break;
	case F_ALLOCA:
		NEED_INT(0);
		if (a[0]->is_const && (uint64_t)a[0]->cval > 2048)
			dt_error(n->line, "D_ALLOCA_SIZE", "alloca( ) size %lld exceeds the scratch space (2048 bytes)",
				 (long long)a[0]->cval);
		n->type = type_ptr(&ty_void);
		break;
	case F_BCOPY:
		if (!type_is_scalar(a[0]->type) && !type_is_string(a[0]->type))
			ARGTYPE_ERR(0, "void *");
		if (!type_is_scalar(a[1]->type))
			ARGTYPE_ERR(1, "void *");
		NEED_INT(2);
		n->type = &ty_void;
		break;
	case F_SETOPT:
		for (int i = 0; i < n->args.n; i++)
			if (a[i]->kind != N_STR)
				dt_error(n->line, "D_PROTO_ARG", "setopt( ) argument #%d is incompatible with prototype:\n\tprototype: string constant\n\t argument: %s",
					 i + 1, type_name(a[i]->type));
		n->type = &ty_void;
		break;
	case F_SPECULATE: case F_COMMIT: case F_DISCARD:
		NEED_INT(0);
		n->type = &ty_void;
		break;
	case F_RAISE: case F_STOP: case F_PANIC: case F_BREAKPOINT: case F_CHILL:
		if (!opts->destructive)
			dt_error(n->line, "D_ACT_DESTR", "%s( ) is a destructive action; use -w to allow it", f->name);
		n->type = &ty_void;
		break;
	case F_STRLEN:
		NEED_STR(0);
		n->type = &ty_ulong;
		break;
	case F_STRJOIN:
		NEED_STR(0);
		NEED_STR(1);
		n->type = &ty_string;
		break;
	case F_SUBSTR:
		NEED_STR(0);
		NEED_INT(1);
		if (n->args.n > 2)
			NEED_INT(2);
		n->type = &ty_string;
		break;
	case F_STRCHR: case F_STRRCHR:
		NEED_STR(0);
		NEED_INT(1);
		n->type = &ty_string;
		break;
	case F_STRSTR:
		NEED_STR(0);
		NEED_STR(1);
		n->type = &ty_string;
		break;
	case F_INDEX: case F_RINDEX:
		NEED_STR(0);
		NEED_STR(1);
		n->type = &ty_int;
		break;
	case F_TOUPPER: case F_TOLOWER: case F_BASENAME: case F_DIRNAME:
		NEED_STR(0);
		n->type = &ty_string;
		break;
	case F_LLTOSTR:
		NEED_INT(0);
		n->type = &ty_string;
		break;
	case F_STRTOLL:
		NEED_STR(0);
		n->type = &ty_llong;
		break;
	case F_RAND:
		n->type = &ty_int;
		break;
	case F_PROGENYOF:
		if (!type_is_integral(a[0]->type))
			ARGTYPE_ERR(0, "pid_t");
		n->type = &ty_int;
		break;
	case F_STRTOK: {
		NEED_STR(0);
		NEED_STR(1);
		/* the saved position lives in a hidden clause-local string */
		struct dt_var *v = find_var(scope_vars(VS_CLAUSE), "%strtok");
		if (!v) {
			v = new_var(VS_CLAUSE, "%strtok", n->line);
			v->type = &ty_string;
			v->created = 1;
			v->declared = 1;
		}
		n->var = v;
		n->type = &ty_string;
		break;
	}
	case F_MUTEX_OWNED:
		if (a[0]->type->kind != TY_PTR || a[0]->type->ref->kind != TY_STRUCT ||
		    !a[0]->type->ref->name || (strcmp(a[0]->type->ref->name, "mutex") != 0 &&
						strcmp(a[0]->type->ref->name, "struct mutex") != 0))
			ARGTYPE_ERR(0, "struct mutex *");
		n->type = strcmp(f->name, "mutex_owner") == 0 ? type_ptr(type_tag(TY_STRUCT, "task_struct")) : &ty_int;
		break;
	case F_GETMAJOR: case F_GETMINOR:
		NEED_INT(0);
		n->type = &ty_uint;
		break;
	case F_COPYOUT: case F_COPYOUTSTR:
		if (f->fn == F_COPYOUTSTR)
			NEED_STR(0);
		else if (a[0]->type->kind != TY_PTR && !type_is_string(a[0]->type))
			ARGTYPE_ERR(0, "void *");
		if (!type_is_integral(a[1]->type) && a[1]->type->kind != TY_PTR)
			ARGTYPE_ERR(1, "uintptr_t");
		if (!type_is_integral(a[2]->type))
			ARGTYPE_ERR(2, "size_t");
		if (!opts->destructive)
			dt_error(n->line, "D_ACT_DESTR", "%s( ) is a destructive action; use -w to allow it", f->name);
		n->type = &ty_void;
		break;
	case F_COPYINSTR:
		if (!type_is_scalar(a[0]->type))
			ARGTYPE_ERR(0, "uintptr_t");
		if (n->args.n > 1 && !type_is_integral(a[1]->type))
			ARGTYPE_ERR(1, "size_t");
		n->type = &ty_string;
		break;
	case F_COPYIN:
		if (!type_is_scalar(a[0]->type))
			ARGTYPE_ERR(0, "uintptr_t");
		if (!type_is_integral(a[1]->type))
			ARGTYPE_ERR(1, "size_t");
		n->type = type_ptr(&ty_void);
		break;
	case F_COPYINTO:
		if (!type_is_scalar(a[0]->type))
			ARGTYPE_ERR(0, "uintptr_t");
		if (!type_is_integral(a[1]->type))
			ARGTYPE_ERR(1, "size_t");
		if (a[2]->type->kind != TY_PTR)
			ARGTYPE_ERR(2, "void *");
		n->type = &ty_void;
		break;
	case F_HTONS: case F_NTOHS:
		n->type = &ty_ushort;
		break;
	case F_HTONL: case F_NTOHL:
		n->type = &ty_uint;
		break;
	case F_HTONLL: case F_NTOHLL:
		n->type = &ty_ullong;
		break;
	case F_SPECULATION:
		n->type = &ty_int;
		break;
	default:
		n->type = f->agg ? &ty_void : &ty_void;
		break;
	}
}

/* Pointers to void or to functions have no element size to step by. */
static int is_vfptr_target(const struct dt_type *t)
{
	return t->kind == TY_VOID || t->kind == TY_FUNC;
}

static void cook_assign(struct node *n)
{
	struct node *l = n->kids[0], *r = n->kids[1];

	if (l->kind == N_AGG) {
		for (int i = 0; i < l->args.n; i++) {
			struct node *k = l->args.v[i];
			if (k->kind == N_AGG)
				dt_error(n->line, "D_KEY_TYPE", "aggregation key #%d is of an unsupported type: an aggregation", i + 1);
			cook(k);
		}
		if (r->kind == N_CALL && !find_fn(r->sval))
			dt_error(n->line, "D_FUNC_UNDEF", "failed to resolve %s: Unknown function name", r->sval);
		if (n->op != T_ASSIGN || r->kind != N_CALL || !find_fn(r->sval)->agg)
			dt_error(n->line, "D_AGG_FUNC", "@%s must be assigned the result of an aggregating function", l->sval);
		cook_call(r);
		agg_cook_assign(P, n, l, r);
		n->type = &ty_void;
		return;
	}
	if (n->op != T_ASSIGN && l->kind == N_IDENT) {
		/* a compound assignment reads its left side first: it must exist */
		struct dt_var *v = find_var(scope_vars(l->var_scope), l->sval);
		if (l->var_scope == 0 && !v)
			v = builtin_var(l->sval);
		if (!v || (!v->type && !v->declared && v->scope != VS_BUILTIN))
			dt_error(n->line, "D_VAR_UNDEF", "%s%s has not yet been declared or assigned",
				 l->var_scope == VS_THREAD ? "self->" : l->var_scope == VS_CLAUSE ? "this->" : "", l->sval);
	}
	cook(r);
	cook(l);
	check_lvalue(n, l, opname(n->op));
	if (l->kind == N_VAR && !l->var->type) {
		/* first assignment fixes the variable's type */
		struct dt_type *t = r->type;
		if (type_is_string(t))
			t = &ty_string;
		if (t->kind == TY_VOID)
			dt_error(n->line, "D_OP_VOID", "operator = may not be applied to void expression");
		if (n->op != T_ASSIGN)
			t = &ty_int;
		l->var->type = t;
		l->type = t;
	}
	if (n->op == T_ASSIGN) {
		if (r->type->kind == TY_VOID)
			dt_error(n->line, "D_OP_VOID", "operator = may not be applied to void expression");
		/* 0 deletes a dynamic variable, whatever its type */
		int deletes = l->kind == N_VAR && (l->var->scope == VS_THREAD || l->var->is_assoc) &&
			      is_null_const(r);
		if (!assignable(l->type, r) && !deletes)
			incompat(n, "=", l->type, r->type);
	} else if (n->op == T_ADD_EQ || n->op == T_SUB_EQ) {
		/* dt_cook_op2's rules: pointer += integer, and nothing on strings */
		struct dt_type *lt = l->type, *rt = r->type;
		if (type_is_string(lt) || type_is_string(rt))
			incompat(n, opname(n->op), lt, rt);
		if (!type_is_integral(lt) || !type_is_integral(rt)) {
			if (lt->kind != TY_PTR || is_vfptr_target(lt->ref))
				dt_error(n->line, "D_OP_VFPTR", "operator %s requires left-hand scalar operand of known size",
					 opname(n->op));
			if (!type_is_integral(rt))
				incompat(n, opname(n->op), lt, rt);
		}
	} else {
		int arith = n->op == T_MUL_EQ || n->op == T_DIV_EQ;
		if (!type_is_integral(l->type) || !type_is_integral(r->type))
			dt_error(n->line, arith ? "D_OP_ARITH" : "D_OP_INT", "operator %s requires operands of %s type",
				 opname(n->op), arith ? "arithmetic" : "integral");
		if ((n->op == T_DIV_EQ || n->op == T_MOD_EQ) && r->is_const && r->cval == 0)
			dt_error(n->line, "D_DIV_ZERO", "expression contains division by zero");
	}
	n->type = l->type;
}

static void cook_incdec(struct node *n)
{
	struct node *l = n->kids[0];
	const char *op = n->kind == N_PREINC || n->kind == N_POSTINC ? "++" : "--";

	cook(l);
	if (l->kind == N_VAR && !l->var->type) {
		/* a variable first seen in ++/-- is a 64-bit integer, as in DTrace */
		l->var->type = &ty_long;
		l->type = &ty_long;
	}
	check_lvalue(n, l, op);
	if (!type_is_scalar(l->type))
		dt_error(n->line, "D_OP_SCALAR", "operator %s requires operand of scalar type", op);
	n->type = l->type;
}

static struct dt_type *ptr_target(struct dt_type *t)
{
	return t->kind == TY_PTR || t->kind == TY_ARRAY ? t->ref : NULL;
}

static void cook_binary(struct node *n)
{
	struct node *l = n->kids[0], *r = n->kids[1];
	int op = n->op;

	if (l->kind == N_AGG || r->kind == N_AGG)
		dt_error(n->line, "D_OP_INCOMPAT", "operands have incompatible types: aggregation %s %s",
			 opname(op), l->kind == N_AGG && r->kind == N_AGG ? "aggregation" : "scalar");

	cook(l);
	cook(r);
	struct dt_type *lt = l->type, *rt = r->type;
	switch (op) {
	case T_COMMA:
		n->type = rt;
		if (r->is_const)
			set_const(n, (uint64_t)r->cval);
		return;
	case T_LAND: case T_LOR: case T_LXOR:
		if (!type_is_scalar(lt) || !type_is_scalar(rt))
			dt_error(n->line, "D_OP_SCALAR", "operator %s requires operands of scalar type", opname(op));
		n->type = &ty_int;
		if (l->is_const && r->is_const) {
			int a = l->cval != 0, b = r->cval != 0;
			set_const(n, (uint64_t)(op == T_LAND ? (a && b) : op == T_LOR ? (a || b) : (a != b)));
		}
		return;
	case T_EQ: case T_NE: case T_LT: case T_GT: case T_LE: case T_GE:
		if (type_is_string(lt) || type_is_string(rt)) {
			int ok = (type_is_string(lt) || is_null_const(l) || lt->kind == TY_PTR) &&
				 (type_is_string(rt) || is_null_const(r) || rt->kind == TY_PTR);
			if (!ok)
				incompat(n, opname(op), lt, rt);
			n->type = &ty_int;
			return;
		}
		if (!type_is_scalar(lt) || !type_is_scalar(rt))
			incompat(n, opname(op), lt, rt);
		n->type = &ty_int;
		if (l->is_const && r->is_const && type_is_integral(lt) && type_is_integral(rt)) {
			struct dt_type *ct = type_arith_result(lt, rt);
			int sg = ct->is_signed;
			int64_t a = l->cval, b = r->cval;
			uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
			if (!sg) {
				ua = trunc_to(ua, ct);
				ub = trunc_to(ub, ct);
			}
			int res;
			switch (op) {
			case T_EQ: res = ua == ub; break;
			case T_NE: res = ua != ub; break;
			case T_LT: res = sg ? a < b : ua < ub; break;
			case T_GT: res = sg ? a > b : ua > ub; break;
			case T_LE: res = sg ? a <= b : ua <= ub; break;
			default: res = sg ? a >= b : ua >= ub; break;
			}
			set_const(n, (uint64_t)res);
		}
		return;
	case T_PLUS: case T_MINUS: {
		/* C's additive rules; strings count as pointers, pointers to void or function do not */
		int lptr = lt->kind == TY_STRING || (ptr_target(lt) && !is_vfptr_target(ptr_target(lt)));
		int rptr = rt->kind == TY_STRING || (ptr_target(rt) && !is_vfptr_target(ptr_target(rt)));
		if (type_is_integral(lt) && type_is_integral(rt))
			break;
		if (lptr && type_is_integral(rt)) {
			n->type = lt->kind == TY_ARRAY ? type_ptr(lt->ref) : lt;
			return;
		}
		if (op == T_PLUS && type_is_integral(lt) && rptr) {
			n->type = rt->kind == TY_ARRAY ? type_ptr(rt->ref) : rt;
			return;
		}
		if (op == T_MINUS && ptr_target(lt) && ptr_target(rt) && lptr && rptr) {
			n->type = &ty_long;
			return;
		}
		incompat(n, opname(op), lt, rt);
	}
	default:
		if (!type_is_integral(lt) || !type_is_integral(rt)) {
			if (op == T_STAR || op == T_SLASH)
				dt_error(n->line, "D_OP_ARITH", "operator %s requires operands of arithmetic type", opname(op));
			dt_error(n->line, "D_OP_INT", "operator %s requires operands of integral type", opname(op));
		}
		break;
	}
	if (op == T_SHL || op == T_SHR)
		n->type = type_promote(lt);
	else
		n->type = type_arith_result(lt, rt);
	if ((op == T_SLASH || op == T_PERCENT) && r->is_const && r->cval == 0)
		dt_error(n->line, "D_DIV_ZERO", "expression contains division by zero");
	if (l->is_const && r->is_const) {
		struct dt_type *t = n->type;
		uint64_t a = (uint64_t)l->cval, b = (uint64_t)r->cval, v = 0;
		int sg = t->is_signed;
		switch (op) {
		case T_PLUS: v = a + b; break;
		case T_MINUS: v = a - b; break;
		case T_STAR: v = a * b; break;
		case T_SLASH: v = sg ? (uint64_t)((int64_t)a / (int64_t)b) : a / b; break;
		case T_PERCENT: v = sg ? (uint64_t)((int64_t)a % (int64_t)b) : a % b; break;
		case T_AMP: v = a & b; break;
		case T_BOR: v = a | b; break;
		case T_XOR: v = a ^ b; break;
		case T_SHL: v = a << (b & 63); break;
		case T_SHR: v = sg ? (uint64_t)((int64_t)a >> (b & 63)) : a >> (b & 63); break;
		}
		/* folded in 64 bits like the code would compute it: no
		 * truncation to the result type (1 << 63 is INT64_MIN) */
		n->is_const = 1;
		n->cval = (int64_t)v;
	}
}

static void cook_unary(struct node *n)
{
	struct node *k = n->kids[0];

	cook(k);
	switch (n->op) {
	case T_MINUS: case T_PLUS: case T_TILDE:
		if (!type_is_integral(k->type)) {
			if (n->op == T_TILDE)
				dt_error(n->line, "D_OP_INT", "operator ~ requires an operand of integral type");
			dt_error(n->line, "D_OP_ARITH", "operator %s requires an operand of arithmetic type", opname(n->op));
		}
		n->type = type_promote(k->type);
		if (k->is_const) {
			uint64_t v = (uint64_t)k->cval;
			set_const(n, n->op == T_MINUS ? (uint64_t)-(int64_t)v : n->op == T_TILDE ? ~v : v);
		}
		return;
	case T_BANG:
		if (!type_is_scalar(k->type))
			dt_error(n->line, "D_OP_SCALAR", "operator ! requires an operand of scalar type");
		n->type = &ty_int;
		if (k->is_const)
			set_const(n, k->cval == 0);
		return;
	case T_STAR:
		if (k->type->kind == TY_PTR || k->type->kind == TY_ARRAY) {
			if (k->type->ref->kind == TY_VOID)
				dt_error(n->line, "D_DEREF_VOID", "cannot dereference pointer to void");
			n->type = k->type->ref;
		} else if (k->type->kind == TY_STRING) {
			n->type = &ty_char;
		} else {
			dt_error(n->line, "D_DEREF_NONPTR", "cannot dereference non-pointer type");
		}
		n->is_lvalue = 1;
		return;
	case T_AMP:
		if (k->kind == N_VAR || (k->kind == N_MEMBER && k->op == T_DOT && k->kids[0]->kind == N_VAR))
			dt_error(n->line, "D_ADDROF_VAR", "cannot take address of dynamic variable");
		if (!k->is_lvalue)
			dt_error(n->line, "D_ADDROF_LVAL", "unacceptable operand for unary & operator");
		n->type = type_ptr(k->type);
		return;
	}
}

/* xlate<T>(e).m or xlate<T *>(e)->m: the translator's expression for m. */
static void cook_xlate_member(struct node *n, struct node *x)
{
	struct node *in = x->kids[0];
	struct dt_type *out = x->cast_type;

	cook(in);
	if (out->kind == TY_PTR) {
		if (n->op != T_ARROW)
			dt_error(n->line, "D_OP_SOU", "operator . cannot be applied to a pointer");
		out = out->ref;
	} else if (n->op != T_DOT) {
		dt_error(n->line, "D_OP_PTR", "operator -> must be applied to a pointer");
	}
	for (int i = 0; i < P->xlators.n; i++) {
		struct dt_xlator *t = P->xlators.v[i];
		if (t->out != out)
			continue;
		if (!type_compatible(t->in, in->type) &&
		    !(type_is_integral(t->in) && type_is_integral(in->type)))
			continue;
		for (int m = 0; m < t->nmembers; m++) {
			if (strcmp(t->members[m], n->sval) != 0)
				continue;
			struct node *e = dt_parse_expr_string(t->exprs[m], t->lines[2 * m]);
			const char *sp = xlate_param;
			struct node *si = xlate_input;
			xlate_param = t->param;
			xlate_input = in;
			cook(e);
			xlate_param = sp;
			xlate_input = si;
			*n = *e;
			return;
		}
		dt_error(n->line, "D_XLATE_NOCONV", "translator does not define conversion for member: %s", n->sval);
	}
	dt_error(n->line, "D_XLATE_INCOMPAT", "translate operator cannot translate from %s to %s",
		 type_name(in->type), type_name(out));
}

static void cook_member(struct node *n)
{
	struct node *k = n->kids[0];
	struct dt_type *st;

	if (k->kind == N_IDENT && k->var_scope == 0) {
		/* a struct-valued inline that is a translation */
		struct dt_inline *in = find_inline(k->sval);
		if (in && !in->nparams && in->expr->kind == N_XLATE)
			*k = *in->expr;
	}
	if (k->kind == N_XLATE) {
		cook_xlate_member(n, k);
		return;
	}

	cook(k);
	if (k->kind == N_VAR && k->var->scope == VS_BUILTIN &&
	    (k->var->builtin == BV_CURPSINFO || k->var->builtin == BV_CURLWPSINFO)) {
		for (size_t i = 0; i < ARRAY_SIZE(xlate_members); i++) {
			const struct xlate_member *x = &xlate_members[i];
			if (x->bv != k->var->builtin || strcmp(x->member, n->sval) != 0)
				continue;
			if (!x->expr)
				dt_error(n->line, "D_XLATE_NOCONV", "translator does not define conversion for member: %s", n->sval);
			struct node *e = dt_parse_expr_string(x->expr, n->line);
			cook(e);
			*n = *e;
			return;
		}
		dt_error(n->line, "D_XLATE_NOMEMB", "translator member %s is not a member of %s", n->sval,
			 k->var->builtin == BV_CURPSINFO ? "psinfo_t" : "lwpsinfo_t");
	}
	st = k->type;
	if (n->op == T_ARROW) {
		if (st->kind != TY_PTR)
			dt_error(n->line, "D_OP_PTR", "operator -> must be applied to a pointer");
		st = st->ref;
	}
	if (st->kind != TY_STRUCT && st->kind != TY_UNION) {
		if (n->op == T_ARROW)
			dt_error(n->line, "D_OP_PTR", "operator -> must be applied to a pointer to struct or union");
		dt_error(n->line, "D_OP_SOU", "operator . cannot be applied to type \"%s\"; must be applied to a struct or union",
			 type_name(st));
	}
	if (!st->complete && !st->btf_id)
		dt_error(n->line, "D_OP_INCOMPLETE", "operator %s cannot be applied to a forward declaration: no %s definition is available",
			 opname(n->op), type_name(st));
	const struct dt_member *m = type_member(st, n->sval);
	if (!m)
		dt_error(n->line, "D_TYPE_MEMBER", "%s is not a member of %s", n->sval, type_name(st));
	n->type = m->type;
	n->aux = (void *)m;
	n->is_lvalue = 1;
}

static void cook_macro(struct node *n)
{
	const char *name = n->sval;
	char *end;
	long idx = strtol(name, &end, 10);

	if (*end == 0 && end != name) {
		if (idx >= opts->nmacro_args) {
			dt_error(n->line, "D_MACRO_UNDEF", "macro argument %s%s is not defined", n->op ? "$$" : "$", name);
		}
		if (idx < 64)
			macro_used[idx] = 1;
		const char *val = opts->macro_args[idx];
		char *e2;
		long long iv = strtoll(val, &e2, 0);
		if (!n->op && *val && *e2 == 0 && idx != 0) {
			n->kind = N_INT;
			n->ival = (uint64_t)iv;
			n->op = 8;	/* decimal-like typing */
			n->sval = (char *)val;
			cook_int(n);
			return;
		}
		n->kind = N_STR;
		n->sval = xstrdup(val);
		n->slen = (int)strlen(val);
		n->type = &ty_string;
		return;
	}
	long v;
	if (strcmp(name, "pid") == 0)
		v = getpid();
	else if (strcmp(name, "ppid") == 0)
		v = getppid();
	else if (strcmp(name, "uid") == 0)
		v = (long)getuid();
	else if (strcmp(name, "gid") == 0)
		v = (long)getgid();
	else if (strcmp(name, "pgid") == 0)
		v = getpgid(0);
	else if (strcmp(name, "sid") == 0)
		v = getsid(0);
	else if (strcmp(name, "target") == 0) {
		extern long dt_macro_target;
		v = dt_macro_target;
	} else if (strcmp(name, "projid") == 0 || strcmp(name, "taskid") == 0)
		v = 0;
	else
		dt_error(n->line, "D_MACRO_UNDEF", "macro variable $%s is not defined", name);
	n->kind = N_INT;
	n->ival = (uint64_t)v;
	n->type = &ty_int;
	set_const(n, n->ival);
}

static void cook(struct node *n)
{
	switch (n->kind) {
	case N_INT:
		if (n->type && n->type->kind == TY_PTR)
			return;		/* NULL, already cooked */
		if (n->type && n->is_const)
			return;
		cook_int(n);
		return;
	case N_STR:
		n->type = &ty_string;
		n->is_string_lit_const = 1;
		return;
	case N_IDENT:
		cook_ident(n);
		if (n->kind == N_VAR)
			cook_var(n);
		return;
	case N_VAR:
		for (int i = 0; i < n->args.n; i++)
			cook(n->args.v[i]);
		n->type = n->var->type ? n->var->type : &ty_int;
		n->is_lvalue = 1;
		return;
	case N_MACRO:
		cook_macro(n);
		return;
	case N_AGG:
		dt_error(n->line, "D_AGG_SCALAR", "aggregation @%s may not be used as a scalar", n->sval);
	case N_EXPR_STMT:
		if (n->kids[0]->kind == N_AGG) {
			struct node *g = n->kids[0];
			if (g->args.n || agg_lookup(P, g->sval))
				dt_error(n->line, "D_AGG_NULL", "expression has null effect: @%s", g->sval);
			dt_error(n->line, "D_IDENT_UNDEF", "failed to resolve @%s: Unknown variable name", g->sval);
		}
		cook(n->kids[0]);
		return;
	case N_UNARY:
		cook_unary(n);
		return;
	case N_BINARY:
		cook_binary(n);
		return;
	case N_TERNARY: {
		cook(n->kids[0]);
		cook(n->kids[1]);
		cook(n->kids[2]);
		struct dt_type *a = n->kids[1]->type, *b = n->kids[2]->type;
		if (!type_is_scalar(n->kids[0]->type))
			dt_error(n->line, "D_OP_SCALAR", "operator ?: expression must be of scalar type");
		for (int i = 1; i <= 2; i++)
			if (n->kids[i]->kind == N_CALL && sema_fn_is_action(n->kids[i]->fn))
				dt_error(n->line, "D_OP_ACT", "action cannot be used in a conditional context");
		if (type_is_integral(a) && type_is_integral(b))
			n->type = type_arith_result(a, b);
		else if (type_is_string(a) && type_is_string(b))
			n->type = &ty_string;
		else if (type_compatible(a, b))
			n->type = a;
		else if (a->kind == TY_PTR && is_null_const(n->kids[2]))
			n->type = a;
		else if (b->kind == TY_PTR && is_null_const(n->kids[1]))
			n->type = b;
		else
			dt_error(n->line, "D_OP_INCOMPAT", "operator ?: operands must have compatible types");
		if (n->kids[0]->is_const && n->kids[1]->is_const && n->kids[2]->is_const)
			set_const(n, (uint64_t)(n->kids[0]->cval ? n->kids[1]->cval : n->kids[2]->cval));
		return;
	}
	case N_ASSIGN:
		cook_assign(n);
		return;
	case N_PREINC: case N_PREDEC: case N_POSTINC: case N_POSTDEC:
		cook_incdec(n);
		return;
	case N_CALL:
		cook_call(n);
		return;
	case N_INDEX:
		cook_index(n);
		return;
	case N_MEMBER:
		cook_member(n);
		return;
	case N_CAST: {
		struct node *k = n->kids[0];
		struct dt_type *t = n->cast_type;
		cook(k);
		if (t->kind == TY_STRING && !type_is_string(k->type))
			dt_error(n->line, "D_CAST_INVAL", "invalid cast expression: \"%s\" to \"%s\"", type_name(k->type), type_name(t));
		if ((type_is_scalar(t) && !type_is_scalar(k->type) && !type_is_string(k->type)) ||
		    ((t->kind == TY_STRUCT || t->kind == TY_UNION) && t != k->type))
			dt_error(n->line, "D_CAST_INVAL", "invalid cast expression: \"%s\" to \"%s\"", type_name(k->type), type_name(t));
		n->type = t;
		if (k->is_const && type_is_scalar(t))
			set_const(n, (uint64_t)k->cval);
		return;
	}
	case N_SIZEOF: {
		uint32_t sz;
		if (n->cast_type) {
			sz = type_size(n->cast_type, opts->strsize);
			if (sz == 0 || n->cast_type->kind == TY_VOID)
				dt_error(n->line, "D_SIZEOF_TYPE", "cannot apply sizeof to an operand of unknown size");
		} else {
			cook(n->kids[0]);
			if (n->kids[0]->kind == N_MEMBER && n->kids[0]->aux &&
			    ((const struct dt_member *)n->kids[0]->aux)->bit_size)
				dt_error(n->line, "D_SIZEOF_BITFIELD", "cannot apply sizeof to a bit-field");
			sz = type_size(n->kids[0]->type, opts->strsize);
			if (n->kids[0]->kind == N_STR)	/* a literal's own size */
				sz = (uint32_t)n->kids[0]->slen + 1;
			if (sz == 0 || n->kids[0]->type->kind == TY_VOID)
				dt_error(n->line, "D_SIZEOF_TYPE", "cannot apply sizeof to an operand of unknown size");
		}
		n->type = &ty_ulong;
		set_const(n, sz);
		return;
	}
	case N_OFFSETOF: {
		const struct dt_member *m = type_member(n->cast_type, n->sval);
		if (!m)
			dt_error(n->line, "D_UNKNOWN", "%s is not a member of %s", n->sval, type_name(n->cast_type));
		if (m->bit_size)
			dt_error(n->line, "D_OFFSETOF_BITFIELD", "cannot take offset of a bit-field: %s", n->sval);
		n->type = &ty_ulong;
		set_const(n, m->offset);
		return;
	}
	case N_STRINGOF:
		cook(n->kids[0]);
		if (!type_is_scalar(n->kids[0]->type) && !type_is_string(n->kids[0]->type))
			dt_error(n->line, "D_STRINGOF_TYPE", "cannot apply stringof to a value of type %s",
				 type_name(n->kids[0]->type));
		n->type = &ty_string;
		return;
	case N_XLATE:
		dt_error(n->line, "D_XLATE_NONE", "No translator available for xlate");
	case N_IF:
		cook(n->kids[0]);
		cook(n->kids[1]);
		if (n->kids[2])
			cook(n->kids[2]);
		return;
	case N_BLOCK:
		for (int i = 0; i < n->args.n; i++)
			cook(n->args.v[i]);
		return;
	}
}

int sema_try_const(struct node *n, int64_t *v)
{
	struct dt_errstate *saved = dt_errs, es;

	dt_errs = &es;
	if (setjmp(es.jb)) {
		dt_errs = saved;
		return 0;
	}
	if (n->kind == N_INT || n->kind == N_UNARY || n->kind == N_BINARY ||
	    n->kind == N_CAST || n->kind == N_SIZEOF || n->kind == N_TERNARY ||
	    (n->kind == N_IDENT && is_known_name(n->sval)))
		cook(n);
	dt_errs = saved;
	if (!n->is_const)
		return 0;
	*v = n->cval;
	return 1;
}

int64_t sema_const_value(struct node *n)
{
	int64_t v;

	if (!sema_try_const(n, &v))
		dt_error(n->line, "D_ENUM_VALUE", "enumerator value must be an integer constant expression");
	return v;
}

/*
 * DTrace's rules for speculative clauses: speculate() comes first and once,
 * no aggregation or exit() with it; commit()/discard() come before any
 * data and with no speculate(); no data after a commit.
 */
struct spec_state {
	int spec, commit, data;
};

static void check_spec(struct node *n, struct spec_state *st)
{
	if (!n)
		return;
	if (n->kind == N_BLOCK) {
		for (int i = 0; i < n->args.n; i++)
			check_spec(n->args.v[i], st);
		return;
	}
	if (n->kind == N_IF) {
		check_spec(n->kids[1], st);
		check_spec(n->kids[2], st);
		return;
	}
	if (n->kind != N_EXPR_STMT)
		return;
	struct node *e = n->kids[0];
	if (e->kind == N_ASSIGN && e->kids[0]->kind == N_AGG) {
		if (st->spec)
			dt_error(n->line, "D_AGG_SPEC", "aggregating actions may not follow speculate( )");
		if (st->commit)
			dt_error(n->line, "D_AGG_COMM", "aggregating actions may not follow commit( )");
		return;
	}
	if (e->kind != N_CALL || !find_fn(e->sval))
		return;
	switch (find_fn(e->sval)->fn) {
	case F_SPECULATE:
		if (st->spec)
			dt_error(n->line, "D_SPEC_SPEC", "speculate( ) may not follow speculate( )");
		if (st->commit)
			dt_error(n->line, "D_SPEC_COMM", "speculate( ) may not follow commit( )");
		if (st->data)
			dt_error(n->line, "D_SPEC_DREC", "speculate( ) may not follow data-recording action(s)");
		st->spec = 1;
		return;
	case F_COMMIT:
	case F_DISCARD:
		if (st->spec)
			dt_error(n->line, "D_COMM_SPEC", "%s( ) may not follow speculate( )", e->sval);
		if (st->data && find_fn(e->sval)->fn == F_COMMIT)
			dt_error(n->line, "D_COMM_DREC", "commit( ) may not follow data-recording action(s)");
		if (find_fn(e->sval)->fn == F_COMMIT)
			st->commit = 1;
		return;
	case F_EXIT:
		if (st->spec)
			dt_error(n->line, "D_EXIT_SPEC", "exit( ) may not follow speculate( )");
		/* fallthrough */
	case F_TRACE: case F_PRINTF: case F_PRINTA: case F_TRACEMEM:
	case F_STACK: case F_USTACK: case F_PRINT:
		if (st->commit)
			dt_error(n->line, "D_DREC_COMM", "data-recording actions may not follow commit( )");
		st->data = 1;
		return;
	case F_BREAKPOINT: case F_CHILL: case F_PANIC: case F_RAISE: case F_STOP:
	case F_SYSTEM: case F_COPYOUT: case F_COPYOUTSTR:
		if (st->spec)
			dt_error(n->line, "D_ACT_SPEC", "destructive actions may not follow speculate( )");
		return;
	default:
		return;
	}
}

/* Cook every translator member against a stand-in for its input. */
static void check_xlators(void)
{
	for (int i = 0; i < P->xlators.n; i++) {
		struct dt_xlator *x = P->xlators.v[i];
		struct dt_var *dv = xcalloc(1, sizeof(*dv));
		struct node *in = node_new(N_VAR, x->line);
		dv->name = x->param;
		dv->scope = VS_GLOBAL;
		dv->type = x->in;
		dv->declared = 1;
		in->var = dv;
		in->type = x->in;
		for (int m = 0; m < x->nmembers; m++) {
			struct node *e = dt_parse_expr_string(x->exprs[m], x->lines[2 * m]);
			const struct dt_member *om = type_member(x->out, x->members[m]);
			xlate_param = x->param;
			xlate_input = in;
			cook(e);
			xlate_param = NULL;
			xlate_input = NULL;
			if (om && !assignable(om->type, e))
				dt_error(x->lines[2 * m + 1], "D_XLATE_INCOMPAT",
					 "translator member %s definition uses incompatible types: \"%s\" = \"%s\"",
					 x->members[m], type_name(om->type), type_name(e->type));
		}
	}
}

void sema_program(struct dt_prog *prog, const struct dt_sema_opts *o)
{
	opts = o;
	P = prog;
	call_arg_depth = 0;	/* a failed compile may have left it raised */
	check_xlators();
	for (int i = 0; i < prog->inlines.n; i++) {
		struct dt_inline *in = prog->inlines.v[i];
		if (find_fn(in->name) || builtin_var(in->name))
			dt_error(in->line, "D_DECL_IDRED", "identifier redefined: %s\n\t current: inline definition\n\tprevious: %s ",
				 in->name, find_fn(in->name) ? "function" : "variable");
		/* an inline is checked where it is declared (recursion included) */
		if (!in->nparams && in->expr->kind != N_XLATE) {
			in->cooking = 1;
			cook(in->expr);
			in->cooking = 0;
		}
	}
	memset(macro_used, 0, sizeof(macro_used));
	for (int i = 0; i < prog->clauses.n; i++) {
		struct dt_clause *c = prog->clauses.v[i];
		prepass(c->pred);
		prepass(c->body);
	}
	/* Two passes: the first fixes the types of implicitly declared
	 * variables in program order, the second sees them all. */
	for (int pass = 0; pass < 2; pass++) {
		sema_pass = pass;
		for (int i = 0; i < prog->clauses.n; i++) {
			struct dt_clause *c = prog->clauses.v[i];
			cur_clause = i;
			if (pass == 0) {
				/* DTrace's parser creates the variables a clause
				 * assigns while it parses that clause: they exist
				 * from this clause on, not in earlier ones */
				created_mark = 1;
				prepass(c->pred);
				prepass(c->body);
				created_mark = 0;
			}
			if (c->pred) {
				cook(c->pred);
				if (!type_is_scalar(c->pred->type) && !type_is_string(c->pred->type))
					dt_error(c->pred->line, "D_PRED_SCALAR", "predicate result must be of scalar type");
			}
			if (pass == 0) {
				struct spec_state st = {0, 0, 0};
				check_spec(c->body, &st);
			}
			if (c->body)
				cook(c->body);
		}
	}
	(void)cur_clause;
}

int sema_macro_used(int i)
{
	return i < 64 && macro_used[i];
}
