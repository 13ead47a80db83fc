/*
 * ast.h - the parsed form of a D program: clauses, declarations, statements
 * and expressions, and the variables they name.
 */
#ifndef DT_AST_H
#define DT_AST_H

#include <stdint.h>

#include <dtrace.h>	/* dtrace_attribute_t */

#include "../common/util.h"
#include "lex.h"
#include "types.h"

enum node_kind {
	N_INT,		/* integer constant: ival */
	N_STR,		/* string literal: sval */
	N_IDENT,	/* bare identifier, resolved by sema into N_VAR */
	N_VAR,		/* variable reference: var (args[] for assoc keys) */
	N_AGG,		/* @name[keys]: aggregation reference */
	N_MACRO,	/* $1 $pid ... resolved by sema */
	N_UNARY,	/* op: T_MINUS T_PLUS T_BANG T_TILDE T_STAR (deref) T_AMP */
	N_BINARY,	/* op: arithmetic, comparison, logical */
	N_TERNARY,	/* kids[0] ? kids[1] : kids[2] */
	N_ASSIGN,	/* op: T_ASSIGN, T_ADD_EQ, ...; kids[0] = lvalue */
	N_PREINC, N_PREDEC, N_POSTINC, N_POSTDEC,
	N_CALL,		/* name(args) : functions and actions */
	N_INDEX,	/* kids[0][args] : array / pointer / string index */
	N_MEMBER,	/* kids[0].name or kids[0]->name (op = T_DOT/T_ARROW) */
	N_CAST,		/* (type) kids[0] */
	N_SIZEOF,	/* sizeof(type) or sizeof expr */
	N_OFFSETOF,	/* offsetof(type, member) */
	N_STRINGOF,	/* stringof expr */
	N_XLATE,	/* xlate<type>(expr) */
	/* statements */
	N_EXPR_STMT,	/* kids[0]; sval: its source text (run-time fault messages) */
	N_IF,		/* kids[0] cond, kids[1] then-block, kids[2] else-block;
			   sval: "if (cond)" as written */
	N_BLOCK,	/* args: statements */
};

enum var_scope { VS_GLOBAL, VS_THREAD, VS_CLAUSE, VS_BUILTIN };

struct dt_var {
	char *name;
	enum var_scope scope;
	struct dt_type *type;	/* NULL until first assignment fixes it */
	int is_assoc;		/* associative array */
	struct dt_type **keys;	/* key types of an associative array */
	int nkeys;
	int declared;		/* explicitly declared */
	int created;		/* an assignment to it has been cooked */
	int is_array;		/* declared scalar array int a[5] */
	int is_extern;		/* extern: a kernel symbol, no storage of ours */
	int id;			/* index among variables of its scope */
	int builtin;		/* enum builtin id for VS_BUILTIN */
	int writable;		/* built-ins: 0 */
	int line;		/* where it was declared or first used */
	/* code generation */
	uint32_t offset;	/* VS_GLOBAL / VS_CLAUSE: offset in its area */
	int map_index;		/* assoc / thread-local: its id in the pool of
				 * dynamic variables (codegen/layout.c) */
	int used_in_clause;	/* last clause that assigned (this-> checks) */
	/* DTrace's DT_IDFLG_ALLOCA / DT_IDFLG_NONALLOCA: what it was given */
	unsigned holds_alloca : 1, holds_nonalloca : 1;
};

struct node {
	enum node_kind kind;
	int line;
	/* where DTrace's parser has read to as it builds the node for the
	 * whole construct (yylineno): N_CALL, the line of its ')', where it
	 * looks the name up (dt_node_func); N_EXPR_STMT, the line of the ';'
	 * or '}' after the statement (dt_node_statement), where dt_cg's
	 * errors about the statement are.  n->line stays the statement's
	 * first line (run-time fault reports name it) */
	int end_line;
	int op;			/* operator token, for unary/binary/assign */
	uint64_t ival;		/* N_INT */
	char *sval;		/* N_STR, N_IDENT name, N_CALL name, N_MEMBER name, N_AGG name */
	int slen;
	struct node *kids[3];
	struct ptrvec args;	/* call arguments, index keys, block statements */
	struct dt_type *type;	/* set by sema */
	struct dt_type *cast_type; /* N_CAST, N_SIZEOF(type), N_OFFSETOF, N_XLATE */
	struct dt_var *var;	/* N_VAR */
	int var_scope;		/* parse-time: VS_THREAD for self->, VS_CLAUSE for this-> */
	int is_lvalue;
	int is_const;		/* integer constant expression */
	int64_t cval;		/* its value when is_const */
	int is_string_lit_const;
	/* DTrace's DT_NF_ALLOCA: a pointer into alloca() space; nonassign: a
	 * ?: whose branches disagree on it (no variable may hold it) */
	unsigned is_alloca : 1, nonassign : 1;
	/* an N_IDENT the script wrote (not a D library or the compiler's own
	 * D): its arg0..arg9 are a stable probe's mapped arguments, where the
	 * library's are the mechanism's (stable.h) */
	unsigned user_text : 1;
	/* a node the compiler made, to which a script's rules do not apply:
	 * an N_CAST of an inline's value to its declared type (which the
	 * definition checked), an N_ASSIGN of a translator's member (which
	 * may fill a char array from a string, as dt_node_is_argcompat lets
	 * a translator do) */
	unsigned implicit : 1;
	/* an inline's name, standing for its value: an lvalue DTrace does
	 * not let be written (DT_NODE_VAR without DT_IDFLG_WRITE) unless the
	 * value is an integer constant, which is no lvalue at all */
	unsigned from_inline : 1;
	/* code generation */
	int fn;			/* resolved builtin function id for N_CALL */
	uint32_t tmp_off;	/* scratch slot for string / tuple temporaries */
	void *aux;		/* per-kind extra data (e.g. parsed printf format) */
};

struct dt_pdesc {
	char *prov, *mod, *func, *name;
	char *text;		/* as written */
	int line;
	/* a description that is a probe id (D's probe_specifier: an integer):
	 * the id, its fields empty until the consumer names them; 0: none */
	uint32_t probe_id;
};

struct dt_clause {
	struct ptrvec pdescs;	/* struct dt_pdesc * */
	struct node *pred;	/* NULL when absent */
	/* the condition of the probes it matches (a stable provider's
	 * probe: cc.h's dt_cc_clause_cond_fn), checked before pred; or NULL */
	struct node *cond;
	char *pred_text;	/* "/pred/" as written, and its first line */
	int pred_line;		/* (run-time fault messages) */
	struct node *body;	/* N_BLOCK, or NULL: default action */
	int line;
	int index;		/* position in dt_prog.clauses */
	int num;		/* DTrace's clause number (dt_clause_N): one per
				   probe description, so "BEGIN,END {}" is two */
	/* code generation: the record this clause emits */
	struct ptrvec recs;	/* struct dt_recdesc * */
	uint32_t rec_size;
	int has_actions;	/* body has data-recording actions or is empty */
	int speculates;		/* has speculate(): its record is sent */
	struct ptrvec probes;	/* struct dt_probe * matched */
	int on_error;		/* matches dtrace:::ERROR */
	int destructive;	/* has a destructive action (needs -w to run) */
	int end_line;		/* the line of its closing '}' */
	/* stability (-v, -xamin): of its probe descriptions (the consumer,
	 * from the probes they match) and of its statements (sema) */
	dtrace_attribute_t desc_attr, stmt_attr;
};

/*
 * A provider definition: provider NAME { probe NAME(args) [: (args)]; ... };
 * It declares the probes an application defines (USDT) with their argument
 * types: dtrace -h makes a C header of it (consumer/hdrgen.c).  A probe's
 * input ("native") prototype is what the application passes; its optional
 * output ("translated") prototype is what args[] is, each output argument
 * naming the input argument it is made from.
 */
struct dt_probearg {
	struct dt_type *type;	/* resolved (typedefs stripped) */
	char *tname;		/* the type as written: "uint64_t", "char *" */
	char *name;		/* the parameter's name, NULL when anonymous */
	int line;
};

struct dt_probedef {
	char *dname;		/* as written: "request__start" */
	char *name;		/* as DTrace names the probe: "request-start"
				   (each "__" becomes "-") */
	int nargc, xargc;	/* xargc == nargc when no output prototype */
	struct dt_probearg *nargv, *xargv;	/* xargv == nargv then */
	int *mapping;		/* output argument i is input mapping[i] */
	int has_xargs;		/* an output prototype was given */
	int line;
};

struct dt_provdef {
	char *name;
	struct ptrvec probes;	/* struct dt_probedef *, in definition order */
	struct dt_provdef *first;	/* a redeclaration: the provider's first
					   definition (which has every probe);
					   NULL for a first definition */
	int line;
	const char *file;	/* the file a line marker named where it was
				   defined (its errors name it), or NULL */
};

struct dt_prog {
	struct ptrvec clauses;
	struct ptrvec provdefs;	/* struct dt_provdef *, in source order */
	struct ptrvec globals;	/* struct dt_var *, scope VS_GLOBAL */
	struct ptrvec tlocals;	/* VS_THREAD */
	struct ptrvec clocals;	/* VS_CLAUSE */
	struct ptrvec inlines;	/* struct dt_inline * */
	struct ptrvec aggs;	/* struct dt_aggvar * */
	struct ptrvec xlators;	/* struct dt_xlator * */
	int has_clauses;
	int destructive;	/* a clause calls a destructive action: -w needed to enable */
	int eof_line;
	int next_clause_num;		/* line number at end of input */
};

/* An aggregation as the program declares it by use. */
struct dt_aggvar {
	char *name;		/* "" for @ */
	int id;
	int fn;			/* F_COUNT ... F_LLQUANTIZE */
	int nkeys;		/* -1 until first use */
	struct dt_type **keys;
	int64_t lq_base, lq_limit, lq_step;
	int64_t llq_factor, llq_low, llq_high, llq_nsteps;
	int params_set;		/* the parameters above are the first
				   generated use's (DTrace's dis_auxinfo) */
	uint32_t *keywidth;	/* string keys: most bytes a value needs (with
				   its NUL), 0 when unbounded (strsize + 1) */
	int line;
};

/* translator OUT < IN param > { member = expr; ... }; */
struct dt_xlator {
	struct dt_type *out, *in;
	char *param;
	int nmembers;
	char **members;		/* member names */
	char **exprs;		/* their D expressions, as source text */
	int *lines;
	int line;
	const char *file;	/* the file a line marker named where it was
				   defined (its errors name it), or NULL */
	/* #pragma D binding "v" translator before it: the D version that
	 * has it (0: any), and the program's version when it was defined,
	 * as an inline's (dt_reduce deletes translators too) */
	uint32_t vers, vmax_at_def;
};

struct dt_inline {
	char *name;
	struct dt_type *type;
	struct node *expr;
	char *text;		/* the expression's source, for inlines with
				   parameters (re-parsed at each use) */
	int nparams;
	char **params;		/* inline int f[int x, int y] = ... */
	struct dt_type **param_types;	/* their declared types */
	int line;
	const char *file;	/* the file a line marker named where it was
				   defined (its errors name it), or NULL */
	int cooking;		/* being expanded: a use inside is recursion */
	int user_text;		/* declared by the script, not a D library */
	/* #pragma D binding: the D version that has it (0: any), and the
	 * program's version when it was defined; a version reduced below
	 * both after that hides it (DTrace's dt_reduce) */
	uint32_t vers, vmax_at_def;
};

struct dt_cc;
/* A node in the context's pool (it lives as long as the context). */
struct node *node_new(struct dt_cc *cc, enum node_kind k, int line);
/* The variable of that name in a list of struct dt_var, or NULL. */
struct dt_var *dt_var_find(struct ptrvec *vars, const char *name);

#endif
