/*
 * sema_int.h - inside the front end: the compiler context's fields (struct
 * dt_cc, see cc.h) and what the parts of semantic analysis share:
 *   sema.c        the driver: cooks a compile unit, clause by clause
 *   sema_expr.c   expressions: identifiers, operators, constants, macros
 *   macro.c       macro arguments and variables ($1, $$1, $pid...)
 *   sema_call.c   calls: the built-in functions and their prototypes
 *   sema_decl.c   declarations: variables (built-in, declared, implicit)
 *                 and inlines
 *   sema_xlate.c  translators
 *   sema_prov.c   provider definitions
 *   aggsema.c     aggregations
 */
#ifndef DT_SEMA_INT_H
#define DT_SEMA_INT_H

#include "aggsema.h"
#include "cc.h"
#include "error.h"
#include "parse.h"
#include "sema.h"
#include "types.h"
#include "../common/pool.h"

#define DT_CC_MAX_BIND 32	/* inline parameters bound at once */
/* the most frames a stack(), ustack() or jstack() records, whatever
 * maxframes says: the user stack's walk (codegen/ustack.c) takes 8
 * conditional jumps a frame, and the verifier follows at most 8192 on a
 * path (1024 frames are refused) */
#define SEMA_FRAMES_MAX 512
/* DTrace's tuple registers (DIF_DTR_NREGS): dt_cg_arglist refuses a key
 * past slot 8, i.e. a tuple of more than DT_CC_TUPREGS + 1 keys
 * (EDT_NOTUPREG, "Insufficient tuple registers to generate code") */
#define DT_CC_TUPREGS 8
#define DT_CC_NBVARS 64		/* at least the built-in variables' count */
#define DT_CC_MAX_INLINE_DEPTH 12000	/* cooking levels under an inline */
#define DT_CC_MAX_INLINE_COOKS 1000000	/* nodes cooked under inlines, per unit */

struct dt_cc {
	/* what compiled programs are made of (nodes, token text, variables,
	 * D types, descriptions): freed with the context (pool.h) */
	struct dt_pool pool;
	struct dt_errstate es;		/* the error of the last failed unit */
	struct dt_errstate *errs;	/* where errors unwind to (&es) */
	/* DTrace's yylineno as it generates a statement's code, for the
	 * errors it raises at no node (sema_cg.c's spec_state.line) */
	int cg_line;
	struct dt_typetab *types;	/* typedefs and tags programs declared */
	struct dt_cc_opts opts;
	dt_cc_args_type_fn args_type;	/* args[i]'s type; NULL: int64_t */
	dt_cc_clause_cond_fn clause_cond;	/* a clause's probes' condition */
	void *clause_cond_arg;
	dt_cc_clause_match_fn clause_match;	/* a clause's descriptions matched */
	void *clause_match_arg;
	dt_cc_native_arg_fn native_arg;	/* a user's argN at a stable probe */
	void *native_arg_arg;
	void *args_arg;
	struct dt_var *bvars[DT_CC_NBVARS];	/* built-in variables, made on use */

	/* the unit being cooked */
	struct dt_prog *P;
	int cur_clause;		/* index in P->clauses */
	int sema_pass;		/* 0: types of implicit variables are being
				   fixed in program order; 1: all are known */
	int created_mark;	/* the pre-pass marks variables created */
	int index_base;		/* cooking the E1 of E1[...]: a built-in
				   associative array (args) may be named */
	/* a translator member being cooked binds its parameter to the input */
	const char *xlate_param;
	struct node *xlate_input;
	/* an inline with arguments binds its parameters to the argument nodes */
	const char *bind_name[DT_CC_MAX_BIND];
	struct node *bind_node[DT_CC_MAX_BIND];
	int nbind;
	/* cooking under inline expansions (sema_cook): an inline's body is
	 * cooked again where it is used, so a chain of inlines deepens the
	 * recursion and a fan-out of them multiplies the work; both bounded */
	int cook_depth, inline_depth;
	long inline_cooks;
	unsigned char *macro_used;	/* [i]: the unit referenced $i (macro.c) */
	int nmacro_used;
	/* the built-in functions' prototypes, parsed from sema_call.c's
	 * table when a function is first called (NULL: not yet) */
	struct sema_proto *protos[F_NFUNCS];
};

/* sema_expr.c */
void sema_cook(struct dt_cc *cc, struct node *n);
void sema_set_const(struct node *n, uint64_t v);
int sema_is_known_name(struct dt_cc *cc, const char *name);
int sema_find_enum_const(struct dt_cc *cc, const char *name, int64_t *v);
/* "scalar", "associative array", "inline", "enumerator", or NULL */
const char *sema_ident_kind(struct dt_cc *cc, const char *name);
int sema_is_null_const(struct node *n);
/* Is t a string, or one of C's (a char pointer or array)?  DTrace's
 * dt_node_is_strcompat: such values compare and assign as strings. */
int sema_is_strcompat(const struct dt_type *t);
/* May a value (node rhs) be stored in something of type a? */
int sema_assignable(struct dt_type *a, struct node *rhs);
const char *sema_opname(int op);
/*
 * D's dynamic type <DYN> (DTrace's dt_node_is_dynamic): an aggregation
 * (N_AGG) or translated data, a cooked xlate<T>(e) (N_XLATE: "translated
 * data" when T is a struct or union, "pointer to translated data" when T
 * is a pointer to one).  Only what knows its inside consumes it (@a = f(),
 * printa(), ->, ., unary *, a struct assignment); every other operator or
 * argument refuses it, and none reaches code generation.
 */
int sema_is_dynamic(const struct node *n);
/* A cooked node's type as DTrace's messages name it (dt_node_type_name):
 * its identifier kind when dynamic, else its type's name. */
const char *sema_node_type_name(const struct node *n);

/* macro.c */
void macro_unit_start(struct dt_cc *cc);
/* $N or $$N (name "N") in an expression: the node its text stands for. */
struct node *macro_arg_node(struct dt_cc *cc, const char *name, int dbl, int line);
/* $pid, $target...: 0 and its value, or -1 when there is no such variable. */
int macro_var_value(struct dt_cc *cc, const char *name, long *v);
/* Replace the macros in a probe description's fields (D_PDESC_INVAL). */
void macro_expand_pdesc(struct dt_cc *cc, struct dt_pdesc *pd);
/* D_MACRO_UNUSED at the end of a unit; line: where DTrace reports it. */
void macro_check_unused(struct dt_cc *cc, int line);

/* sema_call.c */
void sema_cook_call(struct dt_cc *cc, struct node *n);
void sema_cg_call(struct dt_cc *cc, struct node *n);
void sema_cg_clause(struct dt_cc *cc, struct dt_clause *c);
/* The prototypes the context parsed (on first use), freed with it. */
void sema_protos_free(struct dt_cc *cc);

/* sema_decl.c */
struct dt_var *sema_builtin_var(struct dt_cc *cc, const char *name);
struct ptrvec *sema_scope_vars(struct dt_cc *cc, int scope);
struct dt_var *sema_new_var(struct dt_cc *cc, int scope, const char *name, int line);
/* An aggregation used as a value: D_IDENT_UNDEF unless it exists or is
 * indexed (dt_cook_ident); what refuses it as <DYN> is the caller's. */
void sema_agg_operand(struct dt_cc *cc, const struct node *g);
/* Whether DTrace's parser folds n to an integer constant (then cooked:
 * its value is n->cval). */
int sema_parse_time_constant(struct dt_cc *cc, struct node *n);
int sema_fold_lines(struct dt_cc *cc, struct node *n);
struct dt_inline *sema_find_inline(struct dt_cc *cc, const char *name);
/* Whether something bound to D version vers and defined when the program's
 * version was vmax_at_def is still there: a version reduced below both
 * since removed it (DTrace's dt_reduce). */
int sema_version_has(const struct dt_cc *cc, uint32_t vers, uint32_t vmax_at_def);
void sema_prepass(struct dt_cc *cc, struct node *n);
void sema_check_inlines(struct dt_cc *cc, int first);
/* The file errors name from here on (a definition's, NULL: none): DTrace
 * checks definitions as it parses them, with the file of their line
 * marker current (pcb_filetag); we check them after the parse. */
void sema_set_file(struct dt_cc *cc, const char *file);
/* dt_cook_inline: an inline's value (its body, cooked) suits its declared
 * type, or D_OP_INCOMPAT "inline x definition uses incompatible types" */
void sema_check_inline_value(struct dt_cc *cc, const struct dt_inline *in, struct node *value);

/* sema_xlate.c */
void sema_cook_xlate_member(struct dt_cc *cc, struct node *n, struct node *x);
/* xlate<T>(e) as an operand: e cooked and T's translator found, the node
 * left an N_XLATE of dynamic type (D_XLATE_NONE when there is none). */
void sema_cook_xlate(struct dt_cc *cc, struct node *n);
/* n: l = r, r translated data of l's type; n becomes the stores of
 * the translator's members into l. */
void sema_lower_xlate_assign(struct dt_cc *cc, struct node *n, struct node *l, struct node *r);
void sema_check_xlators(struct dt_cc *cc, int first);

/* sema_prov.c: the provider definitions from index first on */
void sema_cook_provdefs(struct dt_cc *cc, int first);

/* sema.c */
void sema_unit(struct dt_cc *cc, struct dt_prog *prog, int first_clause, int first_inline, int first_xlator,
	       int first_provdef);

#endif
