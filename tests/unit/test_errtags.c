/*
 * test_errtags.c - one D program of our own for each compile-time error
 * tag we raise (docs/ERRTAGS.md is the table of every DTrace tag: the
 * rule, where we raise it, and why the others are never raised): each is
 * compiled as a script (-s t.d) on a handle of its own with -xerrtags and
 * must fail with exactly the tag, line and DTrace's message.  The table
 * in docs/ERRTAGS.md is checked against this one: every tag it says is
 * proved here has a case, and every case's tag is in it.
 */
#define _GNU_SOURCE

#include <dtrace.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "unit.h"

struct errtag_case {
	const char *tag;
	const char *arg;	/* a macro argument ($1), or NULL; "SELF": this process's id */
	const char *src;
	const char *want;	/* "[TAG] line N: message" */
};

static const struct errtag_case cases[] = {
	{ "D_ACT_SPEC", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tspeculate(1);\n"
	  "\tchill(1);\n"
	  "}\n",
	  "[D_ACT_SPEC] line 4: destructive actions may not follow speculate( )" },
	{ "D_ADDROF_BITFIELD", NULL,
	  "struct s { int a : 3; } *p;\n"
	  "BEGIN\n"
	  "{\n"
	  "\ttrace(&p->a);\n"
	  "}\n",
	  "[D_ADDROF_BITFIELD] line 4: cannot take address of bit-field" },
	{ "D_ADDROF_LVAL", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\ttrace(&(1 + 2));\n"
	  "}\n",
	  "[D_ADDROF_LVAL] line 3: unacceptable operand for unary & operator" },
	{ "D_ADDROF_VAR", NULL,
	  "int x;\n"
	  "BEGIN\n"
	  "{\n"
	  "\ttrace(&x);\n"
	  "}\n",
	  "[D_ADDROF_VAR] line 4: cannot take address of dynamic variable" },
	{ "D_ADDROF_VAR", NULL,
	  "inline int y = pid;\n"
	  "BEGIN\n"
	  "{\n"
	  "\ttrace(&y);\n"
	  "}\n",
	  "[D_ADDROF_VAR] line 4: cannot take address of dynamic variable" },
	{ "D_AGG_COMM", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tcommit(1);\n"
	  "\t@a = count();\n"
	  "}\n",
	  "[D_AGG_COMM] line 4: aggregating actions may not follow commit( )" },
	{ "D_AGG_FUNC", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@a = 1;\n"
	  "}\n",
	  "[D_AGG_FUNC] line 3: @a must be assigned the result of an aggregating function" },
	{ "D_AGG_MDIM", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@a[1][2] = count();\n"
	  "}\n",
	  "[D_AGG_MDIM] line 3: improper attempt to reference @a as a multi-dimensional array" },
	{ "D_AGG_NULL", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@a = count();\n"
	  "\t@a;\n"
	  "}\n",
	  "[D_AGG_NULL] line 4: expression has null effect: @a" },
	{ "D_AGG_REDEF", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@a = count();\n"
	  "\t@a = sum(1);\n"
	  "}\n",
	  "[D_AGG_REDEF] line 4: aggregation redefined: @a\n\t current: @a = sum( )\n\tprevious: @a = count( ) : line 3" },
	{ "D_AGG_SCALAR", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@a = sum(\"x\");\n"
	  "}\n",
	  "[D_AGG_SCALAR] line 3: sum( ) argument #1 must be of scalar type" },
	{ "D_AGG_SPEC", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tspeculate(1);\n"
	  "\t@a = count();\n"
	  "}\n",
	  "[D_AGG_SPEC] line 4: aggregating actions may not follow speculate( )" },
	{ "D_ALLOCA_INCOMPAT", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tp = (char *)alloca(8);\n"
	  "\tq = (char *)8;\n"
	  "\tp = 0;\n"
	  "\tr = timestamp ? p : q;\n"
	  "}\n",
	  "[D_ALLOCA_INCOMPAT] line 6: ternary conditional with alloca and non-alloca branches cannot be assigned to a variable" },
	{ "D_ALLOCA_INCOMPAT", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tp = (char *)alloca(8);\n"
	  "\tp = (char *)8;\n"
	  "}\n",
	  "[D_ALLOCA_INCOMPAT] line 1: p: cannot reuse the same identifier for both alloca and non-alloca allocations" },
	{ "D_ALLOCA_SIZE", NULL,
	  "#pragma D option scratchsize=64\n"
	  "BEGIN\n"
	  "{\n"
	  "\tp = alloca(65);\n"
	  "}\n",
	  "[D_ALLOCA_SIZE] line 4: alloca(65) size larger than scratchsize 64" },
	{ "D_ARGS_IDX", NULL,
	  "syscall::read:entry\n"
	  "{\n"
	  "\ttrace(args[7]);\n"
	  "}\n",
	  "[D_ARGS_IDX] line 3: index 7 is out of range for syscall::read:entry args[ ]" },
	/* a declaration's constant is cooked outside any clause (dt_decl.c) */
	{ "D_ARGS_NONE", NULL,
	  "int a[args[0]];\n",
	  "[D_ARGS_NONE] line 1: args[ ] may not be referenced outside of a probe clause" },
	{ "D_ARGS_MULTI", NULL,
	  "syscall:::entry\n"
	  "{\n"
	  "\ttrace(args[0]);\n"
	  "}\n",
	  "[D_ARGS_MULTI] line 3: args[ ] may not be referenced because probe description syscall:::entry matches an unstable set of probes" },
	{ "D_ARR_BADREF", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tx = 1;\n"
	  "\ty = x[1, 2];\n"
	  "}\n",
	  "[D_ARR_BADREF] line 4: cannot access scalar x as an associative array" },
	{ "D_ARR_BOUNDS", NULL,
	  "int a[4];\n"
	  "BEGIN\n"
	  "{\n"
	  "\ttrace(a[4]);\n"
	  "}\n",
	  "[D_ARR_BOUNDS] line 4: index outside array bounds: 4, max is 4" },
	{ "D_ARR_LOCAL", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tthis->x[1] = 2;\n"
	  "}\n",
	  "[D_ARR_LOCAL] line 3: local variables may not be used as associative arrays: x" },
	{ "D_CAST_INVAL", NULL,
	  "struct s { int a; } v;\n"
	  "BEGIN\n"
	  "{\n"
	  "\ttrace((int)v);\n"
	  "}\n",
	  "[D_CAST_INVAL] line 4: invalid cast expression: \"struct s\" to \"int\"" },
	/* an action's value only as a statement or an aggregation key */
	{ "D_CG_DYN", NULL,
	  "struct in { int a; };\n"
	  "struct out { int b; };\n"
	  "translator struct out < struct in *p > { b = p->a; };\n"
	  "BEGIN\n"
	  "{\n"
	  "\txlate < struct out * > ((struct in *)0);\n"
	  "}\n",
	  "[D_CG_DYN] line 6: expression cannot evaluate to result of dynamic type" },
	{ "D_CG_EXPR", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\ttrace(func(0));\n"
	  "}\n",
	  "[D_CG_EXPR] line 3: tracing function func( ) may not be called from a D expression (D program context required)" },
	/* an aggregating function's value is an aggregation's only, also
	 * as a statement or cast to void (stored in a variable, its type
	 * <DYN> is D_OP_INCOMPAT first) */
	{ "D_CG_EXPR", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t(void)count();\n"
	  "}\n",
	  "[D_CG_EXPR] line 3: aggregating function count( ) may not be called from a D expression (D program context required)" },
	{ "D_CG_EXPR", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tquantize(1);\n"
	  "}\n",
	  "[D_CG_EXPR] line 3: aggregating function quantize( ) may not be called from a D expression (D program context required)" },
	/* %k takes stack()'s value (dt_node_is_stack), which is then an
	 * action called in an expression */
	{ "D_CG_EXPR", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tprintf(\"%k\", stack());\n"
	  "}\n",
	  "[D_CG_EXPR] line 3: tracing function stack( ) may not be called from a D expression (D program context required)" },
	{ "D_CHR_NL", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tx = 'a\n"
	  "';\n"
	  "}\n",
	  "[D_CHR_NL] line 4: newline encountered in character constant" },
	{ "D_CHR_NULL", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tx = '';\n"
	  "}\n",
	  "[D_CHR_NULL] line 3: empty character constant" },
	{ "D_CHR_OFLOW", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tx = 'abcdefghi';\n"
	  "}\n",
	  "[D_CHR_OFLOW] line 3: character constant is too long" },
	{ "D_CLEAR_AGGARG", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tclear(1);\n"
	  "}\n",
	  "[D_CLEAR_AGGARG] line 3: clear( ) argument #1 is incompatible with prototype:\n\tprototype: aggregation\n\t argument: int" },
	{ "D_CLEAR_AGGBAD", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tclear(@nosuch[1]);\n"
	  "}\n",
	  "[D_CLEAR_AGGBAD] line 3: undefined aggregation: @nosuch" },
	{ "D_COMM_DREC", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\ttrace(1);\n"
	  "\tcommit(1);\n"
	  "}\n",
	  "[D_COMM_DREC] line 4: commit( ) may not follow data-recording action(s)" },
	{ "D_DECL_ARRBIG", NULL,
	  "int a[5000000000];\n",
	  "[D_DECL_ARRBIG] line 1: array dimension too big" },
	{ "D_DECL_ARRNULL", NULL,
	  "int a[];\n",
	  "[D_DECL_ARRNULL] line 1: array declaration requires array dimension or tuple signature: a" },
	{ "D_DECL_ARRSUB", NULL,
	  "int a[-1];\n",
	  "[D_DECL_ARRSUB] line 1: positive integral constant expression or tuple signature expected as array declaration subscript" },
	{ "D_DECL_BADCLASS", NULL,
	  "static int x;\n",
	  "[D_DECL_BADCLASS] line 1: specified storage class not appropriate in D" },
	{ "D_DECL_BFCONST", NULL,
	  "struct s {\n"
	  "\tint a : 0;\n"
	  "};\n",
	  "[D_DECL_BFCONST] line 2: positive integral constant expression expected as bit-field size" },
	{ "D_DECL_BFSIZE", NULL,
	  "struct s {\n"
	  "\tchar a : 9;\n"
	  "};\n",
	  "[D_DECL_BFSIZE] line 2: bit-field too big for type: a" },
	{ "D_DECL_BFTYPE", NULL,
	  "struct s {\n"
	  "\tdouble a : 3;\n"
	  "};\n",
	  "[D_DECL_BFTYPE] line 2: invalid type for bit-field: a" },
	{ "D_DECL_CHARATTR", NULL,
	  "long char c;\n",
	  "[D_DECL_CHARATTR] line 1: invalid type declaration: short and long may not be used with char type" },
	{ "D_DECL_CLASS", NULL,
	  "extern static int x;\n",
	  "[D_DECL_CLASS] line 1: only one storage class allowed in a declaration" },
	{ "D_DECL_COMBO", NULL,
	  "int char x;\n",
	  "[D_DECL_COMBO] line 1: invalid type combination" },
	{ "D_DECL_DYNOBJ", NULL,
	  "int a[4][int];\n",
	  "[D_DECL_DYNOBJ] line 1: cannot declare array of associative arrays" },
	{ "D_DECL_DYNOBJ", NULL,
	  "struct s {\n"
	  "\tint a[int];\n"
	  "};\n",
	  "[D_DECL_DYNOBJ] line 2: cannot have dynamic member: a" },
	{ "D_DECL_ENCONST", NULL,
	  "enum e { A = timestamp };\n",
	  "[D_DECL_ENCONST] line 1: enumerator 'A' must be assigned to an integral constant expression" },
	{ "D_DECL_ENOFLOW", NULL,
	  "enum e { A = 0x80000000 };\n",
	  "[D_DECL_ENOFLOW] line 1: enumerator 'A' value overflows INT_MAX (2147483647)" },
	/* "T T x": T declared (and refused), then x (no D_DECL_IDENT) */
	{ "D_DECL_IDRED", NULL,
	  "typedef int T;\n"
	  "T T x;\n",
	  "[D_DECL_IDRED] line 2: typedef identifier redeclared: T" },
	{ "D_DECL_IDRED", NULL,
	  "typedef int t1;\n"
	  "typedef char t1;\n",
	  "[D_DECL_IDRED] line 2: typedef redeclared: t1" },
	{ "D_DECL_IDRED", NULL,
	  "enum e { pid };\n",
	  "[D_DECL_IDRED] line 1: identifier redeclared: pid" },
	{ "D_DECL_INCOMPLETE", NULL,
	  "struct s {\n"
	  "\tstruct nosuchtag x;\n"
	  "};\n",
	  "[D_DECL_INCOMPLETE] line 2: incomplete struct/union/enum struct nosuchtag: x" },
	{ "D_DECL_LOCASSC", NULL,
	  "this int a[int];\n",
	  "[D_DECL_LOCASSC] line 1: associative arrays may not be declared as local variables: a" },
	{ "D_DECL_LONGINT", NULL,
	  "long struct s { int a; } x;\n",
	  "[D_DECL_LONGINT] line 1: invalid type declaration: long and long long may only be used with integer or floating-point type" },
	{ "D_DECL_PARMCLASS", NULL,
	  "int f(extern int);\n",
	  "[D_DECL_PARMCLASS] line 1: inappropriate storage class for function or associative array parameter" },
	{ "D_DECL_PROTO_FORM", NULL,
	  "int a[int x, int x];\n",
	  "[D_DECL_PROTO_FORM] line 1: parameter is already declared in array prototype: x, parameter #2" },
	{ "D_DECL_PROTO_NAME", NULL,
	  "int f(void v);\n",
	  "[D_DECL_PROTO_NAME] line 1: void parameter may not have a name: v" },
	{ "D_DECL_PROTO_TYPE", NULL,
	  "int a[void];\n",
	  "[D_DECL_PROTO_TYPE] line 1: array prototype may not use parameter of type void: (anonymous), parameter #1" },
	{ "D_DECL_PROTO_TYPE", NULL,
	  "int f(int b[int]);\n",
	  "[D_DECL_PROTO_TYPE] line 1: function prototype may not use parameter of type dynamic variable: b, parameter #1" },
	{ "D_DECL_PROTO_VARARGS", NULL,
	  "int a[int, ...];\n",
	  "[D_DECL_PROTO_VARARGS] line 1: array prototype may not use a variable-length argument list" },
	{ "D_DECL_PROTO_VOID", NULL,
	  "int f(int, void);\n",
	  "[D_DECL_PROTO_VOID] line 1: void must be sole parameter" },
	{ "D_DECL_SCOPE", NULL,
	  "int vmlinux`x;\n",
	  "[D_DECL_SCOPE] line 1: D scoping operator may not be used in a declaration name (vmlinux`x)" },
	{ "D_DECL_SIGNINT", NULL,
	  "unsigned float f;\n",
	  "[D_DECL_SIGNINT] line 1: invalid type declaration: signed and unsigned may only be used with integer type" },
	{ "D_DECL_TYPERED", NULL,
	  "struct s { int a; };\n"
	  "struct s { int b; };\n",
	  "[D_DECL_TYPERED] line 2: type redeclared: struct s" },
	{ "D_DECL_USELESS", NULL,
	  "int;\n",
	  "[D_DECL_USELESS] line 1: useless declaration" },
	{ "D_DECL_VOIDATTR", NULL,
	  "unsigned void *p;\n",
	  "[D_DECL_VOIDATTR] line 1: invalid type declaration: attributes may not be used with void type" },
	{ "D_DECL_VOIDOBJ", NULL,
	  "void a[4];\n",
	  "[D_DECL_VOIDOBJ] line 1: cannot declare array of void" },
	{ "D_DECL_VOIDOBJ", NULL,
	  "struct s {\n"
	  "\tint f();\n"
	  "};\n",
	  "[D_DECL_VOIDOBJ] line 2: cannot have void member: f" },
	{ "D_DEREF_FUNC", NULL,
	  "int (*fp)(int);\n"
	  "BEGIN\n"
	  "{\n"
	  "\ttrace(*fp);\n"
	  "}\n",
	  "[D_DEREF_FUNC] line 4: cannot dereference pointer to function" },
	{ "D_DEREF_NONPTR", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tx = 1;\n"
	  "\ttrace(*x);\n"
	  "}\n",
	  "[D_DEREF_NONPTR] line 4: cannot dereference non-pointer type" },
	{ "D_DEREF_VOID", NULL,
	  "void *p;\n"
	  "BEGIN\n"
	  "{\n"
	  "\ttrace(*p);\n"
	  "}\n",
	  "[D_DEREF_VOID] line 4: cannot dereference pointer to void" },
	{ "D_DIV_ZERO", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tx = 1 / 0;\n"
	  "}\n",
	  "[D_DIV_ZERO] line 3: expression contains division by zero" },
	{ "D_DREC_COMM", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tcommit(1);\n"
	  "\ttrace(1);\n"
	  "}\n",
	  "[D_DREC_COMM] line 4: data-recording actions may not follow commit( )" },
	{ "D_EMPTY", NULL,
	  "/* nothing */\n",
	  "[D_EMPTY] line 2: empty D program translation unit" },
	{ "D_EXIT_SPEC", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tspeculate(1);\n"
	  "\texit(0);\n"
	  "}\n",
	  "[D_EXIT_SPEC] line 4: exit( ) may not follow speculate( )" },
	{ "D_FREOPEN_INVALID", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tfreopen(\".\");\n"
	  "}\n",
	  "[D_FREOPEN_INVALID] line 3: freopen( ) argument #1 cannot be \".\"" },
	{ "D_FUNC_IDENT", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tself->f(1);\n"
	  "}\n",
	  "[D_FUNC_IDENT] line 3: function designator is not of function type" },
	{ "D_FUNC_IDKIND", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\ttrace(pid(1));\n"
	  "}\n",
	  "[D_FUNC_IDKIND] line 3: scalar 'pid' may not be referenced as a function" },
	{ "D_FUNC_UNDEF", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tnosuchfunc(1);\n"
	  "}\n",
	  "[D_FUNC_UNDEF] line 3: undefined function name: nosuchfunc" },
	{ "D_IDENT_AMBIG", NULL,
	  "int MODULE_STATE_LIVE;\n"
	  "BEGIN\n"
	  "{\n"
	  "\ttrace((enum module_state)0 == MODULE_STATE_LIVE);\n"
	  "}\n",
	  "[D_IDENT_AMBIG] line 4: ambiguous use of operator ==: MODULE_STATE_LIVE is both a enum module_state enum tag and a global scalar" },
	{ "D_IDENT_BADREF", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tx[1] = 1;\n"
	  "\ty = x;\n"
	  "}\n",
	  "[D_IDENT_BADREF] line 4: associative array 'x' may not be referenced as scalar" },
	{ "D_IDENT_UNDEF", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\ttrace(nosuchvar);\n"
	  "}\n",
	  "[D_IDENT_UNDEF] line 3: failed to resolve nosuchvar: Unknown variable name" },
	{ "D_INT_DIGIT", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tx = 019;\n"
	  "}\n",
	  "[D_INT_DIGIT] line 3: constant 019 contains invalid digit 9" },
	{ "D_INT_OFLOW", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tx = 0x1ffffffffffffffff;\n"
	  "}\n",
	  "[D_INT_OFLOW] line 3: constant 0x1ffffffffffffffff results in integer overflow" },
	{ "D_KEY_TYPE", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@a[@b] = count();\n"
	  "}\n",
	  "[D_KEY_TYPE] line 3: aggregation expression may not be used as aggregation index: key #1" },
	{ "D_LLQUANT_FACTORTYPE", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@ = llquantize(1, timestamp, 0, 2, 10);\n"
	  "}\n",
	  "[D_LLQUANT_FACTORTYPE] line 3: llquantize( ) argument #1 must be an integer constant" },
	{ "D_LLQUANT_FACTORVAL", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@ = llquantize(1, 1, 0, 2, 10);\n"
	  "}\n",
	  "[D_LLQUANT_FACTORVAL] line 3: llquantize( ) argument #1 must be an unsigned 16-bit quantity greater than or equal to 2" },
	{ "D_LLQUANT_HMAGTYPE", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@ = llquantize(1, 10, 0, timestamp, 10);\n"
	  "}\n",
	  "[D_LLQUANT_HMAGTYPE] line 3: llquantize( ) argument #3 must be an integer constant" },
	{ "D_LLQUANT_HMAGVAL", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@ = llquantize(1, 10, 0, 70000, 10);\n"
	  "}\n",
	  "[D_LLQUANT_HMAGVAL] line 3: llquantize( ) argument #3 must be an unsigned 16-bit quantity" },
	{ "D_LLQUANT_LMAGTYPE", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@ = llquantize(1, 10, timestamp, 2, 10);\n"
	  "}\n",
	  "[D_LLQUANT_LMAGTYPE] line 3: llquantize( ) argument #2 must be an integer constant" },
	{ "D_LLQUANT_LMAGVAL", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@ = llquantize(1, 10, 70000, 2, 10);\n"
	  "}\n",
	  "[D_LLQUANT_LMAGVAL] line 3: llquantize( ) argument #2 must be an unsigned 16-bit quantity" },
	{ "D_LLQUANT_MATCHFACTOR", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@ = llquantize(1, 10, 0, 2, 10);\n"
	  "\t@ = llquantize(1, 9, 0, 2, 9);\n"
	  "}\n",
	  "[D_LLQUANT_MATCHFACTOR] line 4: llquantize() factor (argument #1) doesn't match previous declaration: expected 10, found 9" },
	{ "D_LLQUANT_MATCHHMAG", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@ = llquantize(1, 10, 0, 2, 10);\n"
	  "\t@ = llquantize(1, 10, 0, 3, 10);\n"
	  "}\n",
	  "[D_LLQUANT_MATCHHMAG] line 4: llquantize() hmag (argument #3) doesn't match previous declaration: expected 2, found 3" },
	{ "D_LLQUANT_MATCHLMAG", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@ = llquantize(1, 10, 0, 2, 10);\n"
	  "\t@ = llquantize(1, 10, 1, 2, 10);\n"
	  "}\n",
	  "[D_LLQUANT_MATCHLMAG] line 4: llquantize() lmag (argument #2) doesn't match previous declaration: expected 0, found 1" },
	{ "D_LLQUANT_MATCHSTEPS", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@ = llquantize(1, 10, 0, 2, 10);\n"
	  "\t@ = llquantize(1, 10, 0, 2, 20);\n"
	  "}\n",
	  "[D_LLQUANT_MATCHSTEPS] line 4: llquantize() steps (argument #4) doesn't match previous declaration: expected 10, found 20" },
	{ "D_LLQUANT_STEPTYPE", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@ = llquantize(1, 10, 0, 2, timestamp);\n"
	  "}\n",
	  "[D_LLQUANT_STEPTYPE] line 3: llquantize( ) argument #4 must be a non-zero positive integer constant" },
	{ "D_LLQUANT_STEPVAL", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@ = llquantize(1, 10, 0, 2, 70000);\n"
	  "}\n",
	  "[D_LLQUANT_STEPVAL] line 3: llquantize( ) argument #4 must be an unsigned 16-bit quantity" },
	{ "D_LQUANT_BASETYPE", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@ = lquantize(1, timestamp, 10, 1);\n"
	  "}\n",
	  "[D_LQUANT_BASETYPE] line 3: lquantize( ) argument #1 must be an integer constant" },
	{ "D_LQUANT_BASEVAL", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@ = lquantize(1, 0x100000000, 0x100000010, 1);\n"
	  "}\n",
	  "[D_LQUANT_BASEVAL] line 3: lquantize( ) argument #1 must be a 32-bit quantity" },
	{ "D_LQUANT_LIMTYPE", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@ = lquantize(1, 0, timestamp, 1);\n"
	  "}\n",
	  "[D_LQUANT_LIMTYPE] line 3: lquantize( ) argument #2 must be an integer constant" },
	{ "D_LQUANT_LIMVAL", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@ = lquantize(1, 0, 0x100000000, 1);\n"
	  "}\n",
	  "[D_LQUANT_LIMVAL] line 3: lquantize( ) argument #2 must be a 32-bit quantity" },
	{ "D_LQUANT_MATCHBASE", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@ = lquantize(1, 0, 10, 1);\n"
	  "\t@ = lquantize(1, 1, 10, 1);\n"
	  "}\n",
	  "[D_LQUANT_MATCHBASE] line 4: lquantize( ) base (argument #1) doesn't match previous declaration: expected 0, found 1" },
	{ "D_LQUANT_MATCHLIM", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@ = lquantize(1, 0, 10, 1);\n"
	  "\t@ = lquantize(1, 0, 11, 1);\n"
	  "}\n",
	  "[D_LQUANT_MATCHLIM] line 4: lquantize( ) limit (argument #2) doesn't match previous declaration: expected 10, found 11" },
	{ "D_LQUANT_MATCHSTEP", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@ = lquantize(1, 0, 10, 1);\n"
	  "\t@ = lquantize(1, 0, 10, 2);\n"
	  "}\n",
	  "[D_LQUANT_MATCHSTEP] line 4: lquantize( ) step (argument #3) doesn't match previous declaration: expected 1, found 2" },
	{ "D_LQUANT_MISMATCH", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@ = lquantize(1, 10, 0, 1);\n"
	  "}\n",
	  "[D_LQUANT_MISMATCH] line 3: lquantize( ) base (argument #1) must be less than limit (argument #2)" },
	{ "D_LQUANT_STEPLARGE", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@ = lquantize(1, 0, 10, 20);\n"
	  "}\n",
	  "[D_LQUANT_STEPLARGE] line 3: lquantize( ) step (argument #3) too large: must have at least one quantization level" },
	{ "D_LQUANT_STEPSMALL", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@ = lquantize(1, 0, 100000000, 1);\n"
	  "}\n",
	  "[D_LQUANT_STEPSMALL] line 3: lquantize( ) step (argument #3) too small: number of quantization levels must be a 16-bit quantity" },
	{ "D_LQUANT_STEPTYPE", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@ = lquantize(1, 0, 10, timestamp);\n"
	  "}\n",
	  "[D_LQUANT_STEPTYPE] line 3: lquantize( ) argument #3 must be a non-zero positive integer constant" },
	{ "D_LQUANT_STEPVAL", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@ = lquantize(1, 0, 10, 0x10000);\n"
	  "}\n",
	  "[D_LQUANT_STEPVAL] line 3: lquantize( ) argument #3 must be a 16-bit quantity" },
	{ "D_MACRO_UNDEF", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\ttrace($9);\n"
	  "}\n",
	  "[D_MACRO_UNDEF] line 3: macro argument $9 is not defined" },
	{ "D_MACRO_UNUSED", "extra",
	  "BEGIN\n"
	  "{\n"
	  "\texit(0);\n"
	  "}\n",
	  "[D_MACRO_UNUSED] line 5: extraneous argument 'extra' ($1 is not referenced)" },
	{ "D_NORMALIZE_AGGARG", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tnormalize(1, 2);\n"
	  "}\n",
	  "[D_NORMALIZE_AGGARG] line 3: normalize( ) argument #1 is incompatible with prototype:\n\tprototype: aggregation\n\t argument: int" },
	{ "D_NORMALIZE_AGGBAD", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tnormalize(@nosuch[1], 2);\n"
	  "}\n",
	  "[D_NORMALIZE_AGGBAD] line 3: undefined aggregation: @nosuch" },
	{ "D_OFFSETOF_BITFIELD", NULL,
	  "struct s { int a : 3; };\n"
	  "BEGIN\n"
	  "{\n"
	  "\ttrace(offsetof(struct s, a));\n"
	  "}\n",
	  "[D_OFFSETOF_BITFIELD] line 4: cannot take offset of a bit-field: a" },
	{ "D_OFFSETOF_TYPE", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\ttrace(offsetof(int, a));\n"
	  "}\n",
	  "[D_OFFSETOF_TYPE] line 3: offsetof operand must be a struct or union type" },
	{ "D_OP_ACT", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tx = timestamp ? trace(1) : trace(2);\n"
	  "}\n",
	  "[D_OP_ACT] line 3: action cannot be used in a conditional context" },
	{ "D_OP_ARITH", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tx = \"a\" * 2;\n"
	  "}\n",
	  "[D_OP_ARITH] line 3: operator * requires operands of arithmetic type" },
	{ "D_OP_ARRFUN", NULL,
	  "int a[4];\n"
	  "BEGIN\n"
	  "{\n"
	  "\ta = 1;\n"
	  "}\n",
	  "[D_OP_ARRFUN] line 4: operator = may not be applied to operand of type \"int [4]\"" },
	{ "D_OP_DYN", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@a = count();\n"
	  "\tx = (1, @a);\n"
	  "}\n",
	  "[D_OP_DYN] line 4: operator , operands cannot be of dynamic type" },
	{ "D_OP_DYN", NULL,
	  "struct in { int a; };\n"
	  "struct out { int b; };\n"
	  "translator struct out < struct in *p > { b = p->a; };\n"
	  "BEGIN\n"
	  "{\n"
	  "\tx = timestamp ? xlate < struct out * > ((struct in *)0) : 0;\n"
	  "}\n",
	  "[D_OP_DYN] line 6: operator ?: operands cannot be of dynamic type" },
	{ "D_OP_INCOMPAT", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tx = 1;\n"
	  "\tx = \"s\";\n"
	  "}\n",
	  "[D_OP_INCOMPAT] line 4: operands have incompatible types: \"int\" = \"string\"" },
	/* pointers must reference compatible types, or one be void, or an
	 * integer operand be the constant 0 (dt_node_is_ptrcompat) */
	/* print() records what its pointer (or string) references: an
	 * integer references nothing */
	{ "D_PROTO_ARG", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tprint(1);\n"
	  "}\n",
	  "[D_PROTO_ARG] line 3: print( ) argument #1 is incompatible with prototype:\n\tprototype: void *\n\t argument: int" },
	/* ... and a pointer to a type without a size references nothing to
	 * print either (dt_cg_act_print) */
	{ "D_PRINT_SIZE", NULL,
	  "struct opaque;\n"
	  "BEGIN\n"
	  "{\n"
	  "\tprint((struct opaque *)0);\n"
	  "}\n",
	  "[D_PRINT_SIZE] line 4: print( ) argument #1 reference has type 'struct opaque' with size 0; cannot print( ) it." },
	{ "D_OP_INCOMPAT", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tx = timestamp ? (int *)0 : (char *)0;\n"
	  "}\n",
	  "[D_OP_INCOMPAT] line 3: operator ?: operands must have compatible types" },
	{ "D_OP_INCOMPAT", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\ttrace(curthread == arg0);\n"
	  "}\n",
	  "[D_OP_INCOMPAT] line 3: operands have incompatible types: \"struct task_struct *\" == \"int64_t\"" },
	{ "D_OP_INCOMPAT", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\ttrace((int *)arg0 - (char *)arg1);\n"
	  "}\n",
	  "[D_OP_INCOMPAT] line 3: operands have incompatible types: \"int *\" - \"char *\"" },
	{ "D_OP_INCOMPAT", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tp = (int *)0;\n"
	  "\tp = (char *)0;\n"
	  "}\n",
	  "[D_OP_INCOMPAT] line 4: operands have incompatible types: \"int *\" = \"char *\"" },
	{ "D_OP_INCOMPLETE", NULL,
	  "struct nosuchtag *p;\n"
	  "BEGIN\n"
	  "{\n"
	  "\ttrace(p->a);\n"
	  "}\n",
	  "[D_OP_INCOMPLETE] line 4: operator -> cannot be applied to a forward declaration: no struct nosuchtag definition is available" },
	{ "D_OP_INT", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tx = \"a\" & 1;\n"
	  "}\n",
	  "[D_OP_INT] line 3: operator & requires operands of integral type" },
	{ "D_OP_LVAL", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t1 = 2;\n"
	  "}\n",
	  "[D_OP_LVAL] line 3: operator = requires modifiable lvalue as an operand" },
	{ "D_OP_PTR", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tx = 1;\n"
	  "\ttrace(x->a);\n"
	  "}\n",
	  "[D_OP_PTR] line 4: operator -> must be applied to a pointer" },
	{ "D_OP_SCALAR", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tx = !\"a\";\n"
	  "}\n",
	  "[D_OP_SCALAR] line 3: operator ! requires an operand of scalar type" },
	{ "D_OP_SOU", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tx = 1;\n"
	  "\ttrace(x.a);\n"
	  "}\n",
	  "[D_OP_SOU] line 4: operator . cannot be applied to type \"int\"; must be applied to a struct or union" },
	{ "D_OP_VFPTR", NULL,
	  "void *p;\n"
	  "BEGIN\n"
	  "{\n"
	  "\tp += 1;\n"
	  "}\n",
	  "[D_OP_VFPTR] line 4: operator += requires left-hand scalar operand of known size" },
	{ "D_OP_WRITE", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tpid = 1;\n"
	  "}\n",
	  "[D_OP_WRITE] line 3: operator = can only be applied to a writable variable" },
	{ "D_PDESC_INVAL", NULL,
	  "a:b:c:d:e\n"
	  "{\n"
	  "}\n",
	  "[D_PDESC_INVAL] line 1: invalid probe description \"a:b:c:d:e\": Overspecified probe description" },
	{ "D_PDESC_INVAL", NULL,
	  "99999999999\n"
	  "{\n"
	  "}\n",
	  "[D_PDESC_INVAL] line 1: identifier 99999999999 exceeds maximum probe id" },
	{ "D_PDESC_INVAL", NULL,
	  "4000000000\n"
	  "{\n"
	  "}\n",
	  "[D_PDESC_INVAL] line 1: invalid probe identifier 4000000000: Unknown probe identifier" },
	{ "D_PDESC_ZERO", NULL,
	  "nosuchprovider:::\n"
	  "{\n"
	  "}\n",
	  "[D_PDESC_ZERO] line 1: probe description nosuchprovider::: does not match any probes" },
	{ "D_PRAGCTL_INVAL", NULL,
	  "#nosuchdirective\n",
	  "[D_PRAGCTL_INVAL] line 1: invalid control directive: #nosuchdirective" },
	{ "D_PRAGERR", NULL,
	  "#pragma D error \"stop\" here\n",
	  "[D_PRAGERR] line 1: #error: stop here " },
	{ "D_PRAGMA_DEPEND", NULL,
	  "#pragma D depends_on provider nosuchprovider\n",
	  "[D_PRAGMA_DEPEND] line 1: program requires provider nosuchprovider" },
	{ "D_PRAGMA_INVAL", NULL,
	  "#pragma D nosuchpragma\n",
	  "[D_PRAGMA_INVAL] line 1: invalid D pragma: nosuchpragma" },
	{ "D_PRAGMA_MALFORM", NULL,
	  "#pragma D option a=1 b=2\n",
	  "[D_PRAGMA_MALFORM] line 1: superfluous arguments specified for #pragma option" },
	{ "D_PRAGMA_OPTSET", NULL,
	  "#pragma D option nosuchoption\n",
	  "[D_PRAGMA_OPTSET] line 1: failed to set option 'nosuchoption': Invalid option name" },
	{ "D_PRAGMA_SCOPE", NULL,
	  "#pragma D attributes Evolving pid\n",
	  "[D_PRAGMA_SCOPE] line 1: #pragma attributes cannot modify entity defined outside program scope" },
	{ "D_PRAGMA_UNUSED", NULL,
	  "#pragma D binding \"1.0\" nosuchident\n",
	  "[D_PRAGMA_UNUSED] line 1: unused #pragma binding" },
	{ "D_PRED_SCALAR", NULL,
	  "struct s { int a; } v;\n"
	  "BEGIN\n"
	  "/v/\n"
	  "{\n"
	  "}\n",
	  "[D_PRED_SCALAR] line 3: predicate result must be of scalar type" },
	{ "D_PRINTA_AGGARG", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tprinta(1);\n"
	  "}\n",
	  "[D_PRINTA_AGGARG] line 3: printa( ) argument #1 is incompatible with prototype:\n\tprototype: aggregation\n\t argument: int" },
	{ "D_PRINTA_AGGBAD", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tprinta(@nosuch[1]);\n"
	  "}\n",
	  "[D_PRINTA_AGGBAD] line 3: undefined aggregation: @nosuch" },
	/* dt_printa_validate raises these at yylineno, the clause's line
	 * here (no printf-like action with a format before) */
	{ "D_PRINTA_AGGKEY", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@a[1] = count();\n"
	  "\t@b[1, 2] = count();\n"
	  "\tprinta(@a, @b);\n"
	  "}\n",
	  "[D_PRINTA_AGGKEY] line 1: printa( ): @a and @b do not have matching key signatures: @a has 1 key, @b has 2 keys" },
	{ "D_PRINTA_AGGPROTO", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@a[1] = count();\n"
	  "\t@b[\"x\"] = count();\n"
	  "\tprinta(@a, @b);\n"
	  "}\n",
	  "[D_PRINTA_AGGPROTO] line 1: printa( ): @b[ ] key #1 is incompatible with @a:\n        a key #1: int\n        b key #1: string" },
	{ "D_PRINTA_PROTO", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tprinta(\"%d\");\n"
	  "}\n",
	  "[D_PRINTA_PROTO] line 3: printa( ) prototype mismatch: 1 args passed, 2 expected" },
	{ "D_PRINTF_AGG_CONV", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tprintf(\"%@d\", 1);\n"
	  "}\n",
	  "[D_PRINTF_AGG_CONV] line 3: %@ conversion requires an aggregation and is not for use with printf( )" },
	{ "D_PRINTF_ARG_EXTRA", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tprintf(\"%d\", 1, 2);\n"
	  "}\n",
	  "[D_PRINTF_ARG_EXTRA] line 3: printf( ) prototype mismatch: only 1 arguments required by this format string" },
	{ "D_PRINTF_ARG_FMT", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tx = \"%d\";\n"
	  "\tprintf(x, 1);\n"
	  "}\n",
	  "[D_PRINTF_ARG_FMT] line 4: printf( ) argument #1 is incompatible with prototype:\n\tprototype: string constant\n\t argument: string" },
	{ "D_PRINTF_ARG_PROTO", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@ = count();\n"
	  "\tprinta(\"%d %@d\", @);\n"
	  "}\n",
	  "[D_PRINTF_ARG_PROTO] line 4: printa( ) prototype mismatch: conversion #1 (%d) is missing a corresponding value argument" },
	{ "D_PRINTF_ARG_TYPE", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tprintf(\"%s\", 1);\n"
	  "}\n",
	  "[D_PRINTF_ARG_TYPE] line 3: printf( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: %s\n\t prototype: char [] or string (or use stringof)\n\t  argument: int" },
	/* %A of a plain address needs a -c/-p process (pfcheck_uaddr) */
	{ "D_PRINTF_ARG_TYPE", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tprintf(\"%A\", 1);\n"
	  "}\n",
	  "[D_PRINTF_ARG_TYPE] line 3: printf( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: %A\n\t prototype: pointer or integer (with -p/-c) or _usymaddr (without -p/-c)\n\t  argument: int" },
	/* a func() key is DTrace's _symaddr: %a takes it, %d does not */
	{ "D_PRINTF_ARG_TYPE", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@[func(0)] = count();\n"
	  "\tprinta(\"%d %@d\", @);\n"
	  "}\n",
	  "[D_PRINTF_ARG_TYPE] line 4: printa( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: %d\n\t prototype: char, short, int, long, or long long\n\t  argument: _symaddr" },
	{ "D_PRINTF_DYN_PROTO", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tprintf(\"%*d\");\n"
	  "}\n",
	  "[D_PRINTF_DYN_PROTO] line 3: printf( ) prototype mismatch: conversion #1 (%d) is missing a corresponding \"*\" argument" },
	{ "D_PRINTF_DYN_TYPE", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tprintf(\"%*d\", \"a\", 1);\n"
	  "}\n",
	  "[D_PRINTF_DYN_TYPE] line 3: printf( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: % * d\n\t prototype: int\n\t  argument: string" },
	{ "D_PRINTF_FMT_EMPTY", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tprintf(\"\");\n"
	  "}\n",
	  "[D_PRINTF_FMT_EMPTY] line 3: printf( ) format string is empty" },
	{ "D_PROTO_ARG", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\ttrace(strlen(1));\n"
	  "}\n",
	  "[D_PROTO_ARG] line 3: strlen( ) argument #1 is incompatible with prototype:\n\tprototype: char *\n\t argument: int" },
	{ "D_PROTO_LEN", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\ttrace(strlen());\n"
	  "}\n",
	  "[D_PROTO_LEN] line 3: strlen( ) prototype mismatch: 0 args passed, 1 expected" },
	/* the symbol actions: _symaddr(uintptr_t), _usymaddr(uintptr_t) */
	{ "D_PROTO_ARG", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tufunc(\"main\");\n"
	  "}\n",
	  "[D_PROTO_ARG] line 3: ufunc( ) argument #1 is incompatible with prototype:\n\tprototype: uintptr_t\n\t argument: string" },
	{ "D_PROTO_LEN", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tmod();\n"
	  "}\n",
	  "[D_PROTO_LEN] line 3: mod( ) prototype mismatch: 0 args passed, 1 expected" },
	{ "D_PROV_BADNAME", NULL,
	  "provider p { probe a`b(); };\n",
	  "[D_PROV_BADNAME] line 1: probe name may not contain scoping operator: ::a`b" },
	{ "D_PROV_INCOMPAT", NULL,
	  "provider p { probe a(int); };\n"
	  "provider p { probe a(char *); };\n",
	  "[D_PROV_INCOMPAT] line 2: probe p:::a output prototype argument #1 mismatch:\n\t current: char *\n\tprevious: int" },
	{ "D_PROV_PRARGLEN", NULL,
	  "provider p { probe a(int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int,"
	  " int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int,"
	  " int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int,"
	  " int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int,"
	  " int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int,"
	  " int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int,"
	  " int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int,"
	  " int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int,"
	  " int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int); };\n",
	  "[D_PROV_PRARGLEN] line 1: probe ::a input prototype exceeds 255 parameters: 256 params used" },
	{ "D_PROV_PRDUP", NULL,
	  "provider p { probe a(); probe a(); };\n",
	  "[D_PROV_PRDUP] line 1: probe redeclared: p:::a" },
	{ "D_PROV_PRXLATOR", NULL,
	  "provider p { probe a(int x) : (struct task_struct *x); };\n",
	  "[D_PROV_PRXLATOR] line 1: translator for p:::a output argument #1 from int to struct task_struct * is not defined" },
	{ "D_SIZEOF_BITFIELD", NULL,
	  "struct s { int a : 3; } v;\n"
	  "BEGIN\n"
	  "{\n"
	  "\ttrace(sizeof (v.a));\n"
	  "}\n",
	  "[D_SIZEOF_BITFIELD] line 4: cannot apply sizeof to a bit-field" },
	{ "D_SIZEOF_TYPE", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\ttrace(sizeof (void));\n"
	  "}\n",
	  "[D_SIZEOF_TYPE] line 3: cannot apply sizeof to an operand of unknown size" },
	{ "D_SPEC_COMM", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tcommit(1);\n"
	  "\tspeculate(1);\n"
	  "}\n",
	  "[D_SPEC_COMM] line 4: speculate( ) may not follow commit( )" },
	{ "D_SPEC_DREC", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\ttrace(1);\n"
	  "\tspeculate(1);\n"
	  "}\n",
	  "[D_SPEC_DREC] line 4: speculate( ) may not follow data-recording action(s)" },
	{ "D_SPEC_SPEC", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tspeculate(1);\n"
	  "\tspeculate(1);\n"
	  "}\n",
	  "[D_SPEC_SPEC] line 4: speculate( ) may not follow speculate( )" },
	{ "D_STACK_SIZE", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tstack(-1);\n"
	  "}\n",
	  "[D_STACK_SIZE] line 3: stack( ) argument #1 must be a non-zero positive integer constant" },
	{ "D_STRINGOF_TYPE", NULL,
	  "struct s { int a; } v;\n"
	  "BEGIN\n"
	  "{\n"
	  "\ttrace(stringof(v));\n"
	  "}\n",
	  "[D_STRINGOF_TYPE] line 4: cannot apply stringof to a value of type struct s" },
	{ "D_STR_NL", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tx = \"a\n"
	  "b\";\n"
	  "}\n",
	  "[D_STR_NL] line 4: newline encountered in string literal" },
	{ "D_SYNTAX", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tx = ;\n"
	  "}\n",
	  "[D_SYNTAX] line 3: syntax error near \";\"" },
	{ "D_TRACEMEM_ADDR", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\ttracemem(\"a\", 1);\n"
	  "}\n",
	  "[D_TRACEMEM_ADDR] line 3: tracemem( ) argument #1 is incompatible with prototype:\n\tprototype: pointer or integer\n\t argument: string" },
	{ "D_TRACEMEM_SIZE", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\ttracemem(0, timestamp);\n"
	  "}\n",
	  "[D_TRACEMEM_SIZE] line 3: tracemem( ) argument #2 must be a non-zero positive integral constant expression" },
	{ "D_TRACE_DYN", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@a = count();\n"
	  "\ttrace(@a);\n"
	  "}\n",
	  "[D_TRACE_DYN] line 4: trace( ) may not be applied to a dynamic expression" },
	{ "D_TRACE_DYN", NULL,
	  "struct in { int a; };\n"
	  "struct out { int b; };\n"
	  "translator struct out < struct in *p > { b = p->a; };\n"
	  "BEGIN\n"
	  "{\n"
	  "\ttrace(xlate < struct out > ((struct in *)0));\n"
	  "}\n",
	  "[D_TRACE_DYN] line 6: trace( ) may not be applied to a dynamic expression" },
	{ "D_TRACE_VOID", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\ttrace((void)1);\n"
	  "}\n",
	  "[D_TRACE_VOID] line 3: trace( ) may not be applied to a void expression" },
	{ "D_TRUNC_AGGARG", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\ttrunc(1);\n"
	  "}\n",
	  "[D_TRUNC_AGGARG] line 3: trunc( ) argument #1 is incompatible with prototype:\n\tprototype: aggregation\n\t argument: int" },
	{ "D_TRUNC_AGGBAD", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\ttrunc(@nosuch[1]);\n"
	  "}\n",
	  "[D_TRUNC_AGGBAD] line 3: undefined aggregation: @nosuch" },
	{ "D_TYPE_MEMBER", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\ttrace(curthread->nosuchmember);\n"
	  "}\n",
	  "[D_TYPE_MEMBER] line 3: nosuchmember is not a member of struct task_struct" },
	{ "D_UNKNOWN", NULL,
	  "long short x;\n",
	  "[D_UNKNOWN] line 1: failed to resolve type short long : Unknown type name" },
	{ "D_USTACK_FRAMES", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tustack(-1);\n"
	  "}\n",
	  "[D_USTACK_FRAMES] line 3: ustack( ) argument #1 must be a non-zero positive integer constant" },
	{ "D_USTACK_STRSIZE", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tustack(1, -1);\n"
	  "}\n",
	  "[D_USTACK_STRSIZE] line 3: ustack( ) argument #2 must be a positive integer constant" },
	{ "D_VAR_UNDEF", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\tself->x += 1;\n"
	  "}\n",
	  "[D_VAR_UNDEF] line 3: self->x has not yet been declared or assigned" },
	{ "D_XLATE_INCOMPAT", NULL,
	  "struct in { int a; };\n"
	  "struct out { int b; };\n"
	  "translator struct out < struct in *p > { b = \"s\"; };\n"
	  "BEGIN\n"
	  "{\n"
	  "}\n",
	  "[D_XLATE_INCOMPAT] line 3: translator member b definition uses incompatible types: \"int\" = \"string\"" },
	{ "D_XLATE_MEMB", NULL,
	  "struct in { int a; };\n"
	  "struct out { int b; };\n"
	  "translator struct out < struct in *p > { c = 1; };\n"
	  "BEGIN\n"
	  "{\n"
	  "}\n",
	  "[D_XLATE_MEMB] line 3: translator member c is not a member of struct out" },
	{ "D_XLATE_NOCONV", NULL,
	  "struct in { int a; };\n"
	  "struct out { int b; int c; };\n"
	  "translator struct out < struct in *p > { b = 1; };\n"
	  "struct in *x;\n"
	  "BEGIN\n"
	  "{\n"
	  "\ttrace(xlate < struct out > (x).c);\n"
	  "}\n",
	  "[D_XLATE_NOCONV] line 7: translator does not define conversion for member: c" },
	{ "D_XLATE_NONE", NULL,
	  "struct in { int a; };\n"
	  "struct out { int b; };\n"
	  "BEGIN\n"
	  "{\n"
	  "\ttrace(xlate < struct out > (1).b);\n"
	  "}\n",
	  "[D_XLATE_NONE] line 5: cannot translate from \"int\" to \"struct out\"" },
	{ "D_XLATE_REDECL", NULL,
	  "struct in { int a; };\n"
	  "struct out { int b; };\n"
	  "translator struct out < struct in *p > { b = 1; };\n"
	  "translator struct out < struct in *p > { b = 2; };\n"
	  "BEGIN\n"
	  "{\n"
	  "}\n",
	  "[D_XLATE_REDECL] line 4: translator from struct in * to struct out has already been declared" },
	{ "D_XLATE_SOU", NULL,
	  "translator int < int x > { a = 1; };\n"
	  "BEGIN\n"
	  "{\n"
	  "}\n",
	  "[D_XLATE_SOU] line 1: translator output type must be a struct or union" },
	{ "D_PROTO_LEN", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@a[1] = count();\n"
	  "\t@a[1, 2] = count();\n"
	  "}\n",
	  "[D_PROTO_LEN] line 4: @a[ ] prototype mismatch: 2 keys passed, 1 expected" },
	{ "D_PROTO_ARG", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\t@a[1] = count();\n"
	  "\t@a[\"x\"] = count();\n"
	  "}\n",
	  "[D_PROTO_ARG] line 4: @a[ ] key #1 is incompatible with prototype:\n\tprototype: int\n\t      key: string" },
	{ "D_MACRO_OFLOW", "99999999999999999999",
	  "BEGIN\n"
	  "{\n"
	  "\ttrace($1);\n"
	  "}\n",
	  "[D_MACRO_OFLOW] line 3: macro argument $1 constant 99999999999999999999 results in integer overflow" },
	/* a provider name ending in a digit may name a process: the digits
	 * after its last other character must be a pid above 0 (DTrace's
	 * dt_pid_get_pid) */
	{ "D_PROC_BADPID", NULL,
	  "foo0:::entry\n"
	  "{\n"
	  "}\n",
	  "[D_PROC_BADPID] line 1: 'foo0' does not contain a valid pid" },
	{ "D_PROC_GRAB", NULL,
	  "pid2147483646:::entry\n"
	  "{\n"
	  "}\n",
	  "[D_PROC_GRAB] line 1: failed to grab process 2147483646" },
	{ "D_PROC_NAME", "SELF",
	  "pid$1:a.out:main:bogus\n"
	  "{\n"
	  "}\n",
	  "[D_PROC_NAME] line 1: 'bogus' is an invalid probe name" },
	{ "D_PROC_FUNC", "SELF",
	  "pid$1:libc.so.6:nosuchfunction:entry\n"
	  "{\n"
	  "}\n",
	  "[D_PROC_FUNC] line 1: failed to lookup 'nosuchfunction' in module 'libc.so.6'" },
	{ "D_PROC_OFF", "SELF",
	  "pid$1:libc.so.6:malloc:fffff\n"
	  "{\n"
	  "}\n",
	  "[D_PROC_OFF] line 1: offset 0xfffff outside of function 'malloc'" },
	{ "D_REGS_IDX", NULL,
	  "BEGIN\n"
	  "{\n"
	  "\ttrace(uregs[-1]);\n"
	  "}\n",
	  "[D_REGS_IDX] line 3: index -1 is out of range for array uregs" },
	{ "D_DECL_IDRED", NULL,
	  "int x[int];\n"
	  "int x[char *];\n",
	  "[D_DECL_IDRED] line 2: identifier redeclared: x\n\t current: associative array, key #1 of type char *\n\tprevious: associative array, key #1 of type int" },
	{ "D_DECL_IDRED", NULL,
	  "self int x;\n"
	  "self char x;\n",
	  "[D_DECL_IDRED] line 2: identifier redeclared: x\n\t current: scalar char\n\tprevious: scalar int" },
	{ "D_DECL_INCOMPLETE", NULL,
	  "struct nosuchtag y;\n",
	  "[D_DECL_INCOMPLETE] line 1: incomplete struct/union/enum struct nosuchtag: y" },
	{ "D_XLATE_SOU", NULL,
	  "struct in { int a; };\n"
	  "translator struct nosuchout < struct in *p > { b = 1; };\n"
	  "BEGIN\n"
	  "{\n"
	  "}\n",
	  "[D_XLATE_SOU] line 2: incomplete struct/union/enum struct nosuchout" },
	{ "D_ATTR_MIN", NULL,
	  "#pragma D option amin=Evolving\n"
	  "BEGIN\n"
	  "{\n"
	  "\texit(0);\n"
	  "}\n",
	  "[D_ATTR_MIN] line 5: attributes for clause (Unstable/Unstable/Common) are less than predefined minimum" },
};

static int passed, failed;

/* Compile src as the script t.d; the error message, or "" if it compiled. */
static void compile(const struct errtag_case *c, char *out, size_t len)
{
	char self[32];
	char *argv[] = { "t.d", (char *)c->arg, NULL };
	int argc = c->arg ? 2 : 1, e;
	dtrace_hdl_t *h = dtrace_open(DTRACE_VERSION, 0, &e);
	FILE *in;

	out[0] = 0;
	if (c->arg && strcmp(c->arg, "SELF") == 0) {
		snprintf(self, sizeof(self), "%d", (int)getpid());
		argv[1] = self;
	}
	if (!h) {
		snprintf(out, len, "dtrace_open failed: %d", e);
		return;
	}
	dtrace_setopt(h, "errtags", NULL);
	in = fmemopen((void *)c->src, strlen(c->src), "r");
	if (!dtrace_program_fcompile(h, in, 0, argc, argv))
		snprintf(out, len, "%s", dtrace_errmsg(h, dtrace_errno(h)));
	fclose(in);
	dtrace_close(h);
}

/* Has docs/ERRTAGS.md a row for tag? */
static int table_has(const char *tag)
{
	FILE *f = fopen("docs/ERRTAGS.md", "r");
	char line[2048], t[64];
	int found = 0;

	while (f && !found && fgets(line, sizeof(line), f))
		found = sscanf(line, "| %63[A-Z0-9_] |", t) == 1 && strcmp(t, tag) == 0;
	if (f)
		fclose(f);
	return found;
}

/* docs/ERRTAGS.md: its rows "| D_TAG | rule | where | proof |" */
static void check_table(void)
{
	FILE *f = fopen("docs/ERRTAGS.md", "r");
	char line[2048];
	int rows = 0;

	if (!f) {
		failed++;
		fprintf(stderr, "FAIL: docs/ERRTAGS.md not found (run from the top of the tree)\n");
		return;
	}
	while (fgets(line, sizeof(line), f)) {
		char tag[64];
		if (sscanf(line, "| %63[A-Z0-9_] |", tag) != 1 || strncmp(tag, "D_", 2) != 0)
			continue;
		rows++;
		int tested = strstr(line, "test_errtags") != NULL, have = 0;
		for (int i = 0; i < N(cases); i++)
			have |= strcmp(cases[i].tag, tag) == 0;
		if (tested != have) {
			failed++;
			fprintf(stderr, "FAIL: docs/ERRTAGS.md: %s %s\n", tag,
				tested ? "is said to be proved by test_errtags, which has no case for it"
				       : "has a case here but the table does not say so");
		} else {
			passed++;
		}
	}
	fclose(f);
	for (int i = 0; i < N(cases); i++)
		if (!table_has(cases[i].tag)) {
			failed++;
			fprintf(stderr, "FAIL: %s has a case but no row in docs/ERRTAGS.md\n", cases[i].tag);
		}
	/* dt_errtags.h of DTrace for Linux defines 212 tags */
	if (rows < 212) {
		failed++;
		fprintf(stderr, "FAIL: docs/ERRTAGS.md has %d tags, DTrace defines 212\n", rows);
	}
}

int main(void)
{
	char got[8192];

	for (int i = 0; i < N(cases); i++) {
		const struct errtag_case *c = &cases[i];
		compile(c, got, sizeof(got));
		if (strcmp(got, c->want) == 0 && strncmp(c->want + 1, c->tag, strlen(c->tag)) == 0) {
			passed++;
			continue;
		}
		failed++;
		fprintf(stderr, "FAIL %s:\n  source: ", c->tag);
		show(c->src);
		fprintf(stderr, "  want:   ");
		show(c->want);
		fprintf(stderr, "  got:    ");
		show(got);
	}
	check_table();
	printf("errtags: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
