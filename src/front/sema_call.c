/*
 * sema_call.c - calls of the built-in functions (subroutines, actions and
 * aggregating functions): the table of functions, the check of a call's
 * arguments against the function's prototype, and the printf-style format
 * checks.
 */
#include <stdlib.h>
#include <string.h>

#include "../common/printf_format.h"
#include "sema_int.h"

/* ---- built-in functions -------------------------------------------------- */

static const struct sema_fn bfns[] = {
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

const struct sema_fn *sema_find_fn(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(bfns); i++)
		if (strcmp(bfns[i].name, name) == 0)
			return &bfns[i];
	return NULL;
}

static const struct sema_fn *fn_by_id(int fn)
{
	for (size_t i = 0; i < ARRAY_SIZE(bfns); i++)
		if (bfns[i].fn == fn)
			return &bfns[i];
	return NULL;
}

const char *sema_fn_name(int fn)
{
	const struct sema_fn *f = fn_by_id(fn);
	return f ? f->name : "?";
}

int sema_fn_is_action(int fn)
{
	const struct sema_fn *f = fn_by_id(fn);
	return f && f->action;
}

int sema_fn_is_agg(int fn)
{
	const struct sema_fn *f = fn_by_id(fn);
	return f && f->agg;
}


static void check_printf(struct dt_cc *cc, struct node *n, const char *fname, int first)
{
	struct node *f = n->args.v[first];
	const char *tag;
	char msg[1024];
	struct dtf_format *fmt;
	int na = n->args.n - first - 1;
	struct dtf_argtype *at;

	if (f->kind != N_STR)
		dt_error(cc->errs, n->line, "D_PROTO_ARG", "%s( ) argument #%d is incompatible with prototype:\n\tprototype: string\n\t argument: %s",
			 fname, first + 1, type_name(f->type));
	if (cc->call_arg_depth > 0)
		return;
	fmt = dtf_parse(f->sval, &tag, msg, sizeof(msg));
	if (!fmt)
		dt_error(cc->errs, n->line, tag, "%s", msg);
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
		dt_error(cc->errs, n->line, tag, "%s", msg);
	free(at);
	n->aux = fmt;
}

void sema_cook_call(struct dt_cc *cc, struct node *n)
{
	const struct sema_fn *f = sema_find_fn(n->sval);

	cc->call_arg_depth++;
	for (int i = 0; i < n->args.n; i++) {
		struct node *a = n->args.v[i];
		if (a->kind == N_AGG)
			a->type = &ty_llong;	/* an aggregation as an argument */
		else
			sema_cook(cc, a);
	}
	cc->call_arg_depth--;
	if (!f)
		dt_error(cc->errs, n->line, "D_IDENT_UNDEF", "failed to resolve %s: Unknown function name", n->sval);
	n->fn = f->fn;
	if (n->args.n < f->minargs) {
		if (f->maxargs == -1 || f->maxargs > f->minargs)
			dt_error(cc->errs, n->line, "D_PROTO_LEN", "%s( ) prototype mismatch: %d arg%s passed, at least %d expected",
				 f->name, n->args.n, n->args.n == 1 ? "" : "s", f->minargs);
		dt_error(cc->errs, n->line, "D_PROTO_LEN", "%s( ) prototype mismatch: %d arg%s passed, %d expected",
			 f->name, n->args.n, n->args.n == 1 ? "" : "s", f->minargs);
	}
	if (f->maxargs >= 0 && n->args.n > f->maxargs) {
		if (f->maxargs > f->minargs)
			dt_error(cc->errs, n->line, "D_PROTO_LEN", "%s( ) prototype mismatch: %d args passed, at most %d expected",
				 f->name, n->args.n, f->maxargs);
		dt_error(cc->errs, n->line, "D_PROTO_LEN", "%s( ) prototype mismatch: %d arg%s passed, %d expected",
			 f->name, n->args.n, n->args.n == 1 ? "" : "s", f->maxargs);
	}
	struct node **a = (struct node **)n->args.v;
#define ARGTYPE_ERR(i, proto) \
	dt_error(cc->errs, n->line, "D_PROTO_ARG", "%s( ) argument #%d is incompatible with prototype:\n\tprototype: %s\n\t argument: %s", \
		 f->name, (i) + 1, proto, type_name(a[i]->type))
#define NEED_STR(i) do { if (!type_is_string(a[i]->type) && !sema_is_null_const(a[i])) ARGTYPE_ERR(i, "char *"); } while (0)
#define NEED_INT(i) do { if (!type_is_integral(a[i]->type)) ARGTYPE_ERR(i, "int"); } while (0)
	switch (f->fn) {
	case F_PRINTF:
		check_printf(cc, n, "printf", 0);
		n->type = &ty_void;
		break;
	case F_SYSTEM:
		if (!cc->opts.destructive)
			dt_error(cc->errs, n->line, "D_ACT_DESTR", "system( ) is a destructive action; use -w to allow it");
		check_printf(cc, n, "system", 0);
		n->type = &ty_void;
		break;
	case F_PRINTA: {
		int first = 0;
		if (a[0]->kind == N_STR)
			first = 1;
		if (n->args.n <= first)
			dt_error(cc->errs, n->line, "D_PRINTA_PROTO", "printa( ) prototype mismatch: %d args passed, %d expected",
				 n->args.n, first + 1);
		for (int i = first; i < n->args.n; i++) {
			if (a[i]->kind != N_AGG)
				dt_error(cc->errs, n->line, "D_PRINTA_AGGARG", "printa( ) argument #%d is incompatible with prototype:\n\tprototype: aggregation\n\t argument: %s",
					 i + 1, type_name(a[i]->type));
			if (agg_lookup(cc->P, a[i]->sval) || cc->sema_pass > 0)
				agg_ref(cc, a[i], "printa", "D_PRINTA_AGGARG");
		}
		/* several aggregations are joined on their keys: same key types */
		for (int i = first + 1; i < n->args.n && cc->sema_pass > 0; i++) {
			struct dt_aggvar *x = agg_lookup(cc->P, a[first]->sval), *y = agg_lookup(cc->P, a[i]->sval);
			if (!x || !y)
				continue;
			if (x->nkeys != y->nkeys)
				dt_error(cc->errs, n->line, "D_PRINTA_AGGKEY", "printa( ): @%s and @%s do not have matching key signatures: @%s has %d key%s, @%s has %d key%s",
					 x->name, y->name, x->name, x->nkeys, x->nkeys == 1 ? "" : "s",
					 y->name, y->nkeys, y->nkeys == 1 ? "" : "s");
			for (int k = 0; k < x->nkeys; k++)
				if (!type_compatible(x->keys[k], y->keys[k]))
					dt_error(cc->errs, n->line, "D_PRINTA_AGGPROTO", "printa( ): @%s[ ] key #%d is incompatible with @%s:\n%9s key #%d: %s\n%9s key #%d: %s",
						 y->name, k + 1, x->name, x->name, k + 1, type_name(x->keys[k]),
						 y->name, k + 1, type_name(y->keys[k]));
		}
		if (first) {
			const char *tag;
			char msg[1024];
			struct dtf_format *fmt = dtf_parse(a[0]->sval, &tag, msg, sizeof(msg));
			if (!fmt)
				dt_error(cc->errs, n->line, tag, "%s", msg);
			n->aux = fmt;
		}
		n->type = &ty_void;
		break;
	}
	case F_CLEAR: case F_DENORMALIZE:
		if (a[0]->kind != N_AGG || agg_lookup(cc->P, a[0]->sval) || cc->sema_pass > 0)
			agg_ref(cc, a[0], f->name, f->fn == F_CLEAR ? "D_CLEAR_AGGARG" : "D_NORMALIZE_AGGARG");
		n->type = &ty_void;
		break;
	case F_TRUNC: case F_NORMALIZE:
		if (a[0]->kind != N_AGG || agg_lookup(cc->P, a[0]->sval) || cc->sema_pass > 0)
			agg_ref(cc, a[0], f->name, f->fn == F_TRUNC ? "D_TRUNC_AGGARG" : "D_NORMALIZE_AGGARG");
		if (n->args.n > 1 && (a[1]->kind == N_AGG || !type_is_scalar(a[1]->type)))
			dt_error(cc->errs, n->line, "D_PROTO_ARG", "%s( ) argument #2 is incompatible with prototype:\n\tprototype: %s\n\t argument: %s",
				 f->name, "scalar", a[1]->kind == N_AGG ? "aggregation" : type_name(a[1]->type));
		n->type = &ty_void;
		break;
	case F_EXIT:
		NEED_INT(0);
		n->type = &ty_void;
		break;
	case F_TRACE:
		if (a[0]->type->kind == TY_VOID)
			dt_error(cc->errs, n->line, "D_TRACE_VOID", "trace( ) may not be applied to a void expression");
		n->type = &ty_void;
		break;
	case F_STACK:
	case F_USTACK: {
		/* an array of program counters, recorded or used as a key */
		int64_t frames = f->fn == F_STACK ? 20 : 20;
		if (n->args.n > 0) {
			if (!type_is_integral(a[0]->type))
				dt_error(cc->errs, n->line, "D_PROTO_ARG", "%s( ) argument #1 is incompatible with prototype:\n\tprototype: uint32_t\n\t argument: %s",
					 f->name, type_name(a[0]->type));
			if (!a[0]->is_const || a[0]->cval <= 0)
				dt_error(cc->errs, n->line, f->fn == F_STACK ? "D_STACK_SIZE" : "D_USTACK_FRAMES",
					 "%s( ) argument #1 must be a non-zero positive integer constant", f->name);
			frames = a[0]->cval > 127 ? 127 : a[0]->cval;
		}
		if (n->args.n > 1 && (!a[1]->is_const || !type_is_integral(a[1]->type) || a[1]->cval < 0))
			dt_error(cc->errs, n->line, "D_USTACK_STRSIZE", "ustack( ) argument #2 must be a positive integer constant");
		/* ustack() records the process id first, then the frames */
		struct dt_type *t = type_array(&ty_ulong, (uint32_t)(frames + (f->fn == F_USTACK)));
		t->is_stack = f->fn == F_STACK ? 1 : 2;
		t->name = xstrdup(f->fn == F_STACK ? "stack" : "ustack");
		n->type = t;
		break;
	}
	case F_TRACEMEM:
		if (!type_is_scalar(a[0]->type))
			dt_error(cc->errs, n->line, "D_TRACEMEM_ADDR", "tracemem( ) argument #1 is incompatible with prototype:\n\tprototype: pointer or integer\n\t argument: %s",
				 type_name(a[0]->type));
		if (!type_is_integral(a[1]->type))
			dt_error(cc->errs, n->line, "D_PROTO_ARG", "tracemem( ) argument #2 is incompatible with prototype:\n\tprototype: size_t\n\t argument: %s",
				 type_name(a[1]->type));
		if (!a[1]->is_const || a[1]->cval <= 0 || a[1]->cval > 65536)
			dt_error(cc->errs, n->line, "D_TRACEMEM_SIZE", "tracemem( ) argument #2 must be a non-zero positive integral constant expression");
		if (n->args.n > 2 && !type_is_integral(a[2]->type))
			dt_error(cc->errs, n->line, "D_PROTO_ARG", "tracemem( ) argument #3 is incompatible with prototype:\n\tprototype: size_t\n\t argument: %s",
				 type_name(a[2]->type));
		n->type = &ty_void;
		break;
	case F_ALLOCA:
		NEED_INT(0);
		if (a[0]->is_const && (uint64_t)a[0]->cval > 2048)
			dt_error(cc->errs, n->line, "D_ALLOCA_SIZE", "alloca( ) size %lld exceeds the scratch space (2048 bytes)",
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
				dt_error(cc->errs, n->line, "D_PROTO_ARG", "setopt( ) argument #%d is incompatible with prototype:\n\tprototype: string constant\n\t argument: %s",
					 i + 1, type_name(a[i]->type));
		n->type = &ty_void;
		break;
	case F_SPECULATE: case F_COMMIT: case F_DISCARD:
		NEED_INT(0);
		n->type = &ty_void;
		break;
	case F_RAISE: case F_STOP: case F_PANIC: case F_BREAKPOINT: case F_CHILL:
		if (!cc->opts.destructive)
			dt_error(cc->errs, n->line, "D_ACT_DESTR", "%s( ) is a destructive action; use -w to allow it", f->name);
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
		struct dt_var *v = dt_var_find(sema_scope_vars(cc, VS_CLAUSE), "%strtok");
		if (!v) {
			v = sema_new_var(cc, VS_CLAUSE, "%strtok", n->line);
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
		n->type = strcmp(f->name, "mutex_owner") == 0 ? type_ptr(type_tag_in(cc->types, TY_STRUCT, "task_struct")) : &ty_int;
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
		if (!cc->opts.destructive)
			dt_error(cc->errs, n->line, "D_ACT_DESTR", "%s( ) is a destructive action; use -w to allow it", f->name);
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

