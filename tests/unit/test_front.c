/*
 * test_front.c - unit tests of the D front end (lexer, parser and semantic
 * checks) through the library API, the way dtrace(1) drives it: each case is
 * compiled on a handle of its own with -xerrtags, and the error message,
 * as dtrace(1) prints it, is compared byte for byte with the text DTrace
 * prints ("dtrace: failed to compile script t.d:
 * [D_SYNTAX] line 3: syntax error near "}"").  Valid programs must compile
 * silently.  The expected texts come from the conformance suite's err.*.r
 * files and from DTrace's own lexer/parser where no .r file covers a case.
 *
 * Cases marked KNOWN_BUG are current divergences from DTrace: they are run
 * and reported as "skipped" without counting as failures (set
 * DT_TEST_KNOWN_BUGS=1 to count them as failures).  One that starts passing
 * is reported so its marker can be removed.
 */
#define _GNU_SOURCE

#include <dtrace.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "unit.h"


static int passed, failed, skipped, known_strict;

struct result {
	int status;		/* 0 compiled, 1 compile error, other: crash */
	char err[8192];		/* what the library printed on stderr */
};

/*
 * Compile src on a handle of its own, with -xerrtags if errtags, and write
 * what dtrace(1) would print.  is_file: a -s script named "t.d"; otherwise
 * a -n probe specifier named by its own text.  args: macro arguments $1..
 * (NULL-terminated), or NULL.
 */
static void compile_child(const char *src, int is_file, int errtags, const char *const *args, struct result *r)
{
	char *argv[64] = { is_file ? "t.d" : "dtrace" };
	int argc = 1, e;
	dtrace_hdl_t *h = dtrace_open(DTRACE_VERSION, 0, &e);
	dtrace_prog_t *pg;

	memset(r, 0, sizeof(*r));
	while (args && args[argc - 1] && argc < 63) {
		argv[argc] = (char *)args[argc - 1];
		argc++;
	}
	if (errtags)
		dtrace_setopt(h, "errtags", NULL);
	if (is_file) {
		FILE *in = fmemopen((void *)src, strlen(src), "r");
		pg = dtrace_program_fcompile(h, in, 0, argc, argv);
		fclose(in);
	} else {
		pg = dtrace_program_strcompile(h, src, DTRACE_PROBESPEC_NAME, 0, argc, argv);
	}
	if (!pg) {
		r->status = 1;
		snprintf(r->err, sizeof(r->err), "dtrace: %s %s: %s\n",
			 is_file ? "failed to compile script" : "invalid probe specifier", is_file ? "t.d" : src,
			 dtrace_errmsg(h, dtrace_errno(h)));
	}
	dtrace_close(h);
}

/*
 * One case: want == NULL means "compiles without a word"; otherwise the
 * compile must fail printing exactly want.
 */
static void check_tags(int line, int kbug, const char *src, int is_file, int errtags, const char *const *args,
		       const char *want)
{
	struct result r;
	int ok;

	compile_child(src, is_file, errtags, args, &r);
	if (want)
		ok = r.status == 1 && strcmp(r.err, want) == 0;
	else
		ok = r.status == 0 && r.err[0] == 0;

	if (ok) {
		passed++;
		if (kbug)
			fprintf(stderr, "NOTE line %d: KNOWN_BUG case now passes; remove its marker\n", line);
		return;
	}
	if (kbug && !known_strict) {
		skipped++;
		fprintf(stderr, "SKIP line %d: KNOWN_BUG\n", line);
		fprintf(stderr, "  got:  ");
		show(r.err);
		fprintf(stderr, "  want: ");
		show(want ? want : "(compiles)");
		return;
	}
	failed++;
	fprintf(stderr, "FAIL line %d%s: exit status %d\n  source: ", line, kbug ? " (KNOWN_BUG)" : "", r.status);
	show(src);
	fprintf(stderr, "  got:  ");
	show(r.err);
	fprintf(stderr, "  want: ");
	show(want ? want : "(compiles)");
}

/* Compile with -xerrtags. */
static void check(int line, int kbug, const char *src, int is_file, const char *const *args, const char *want)
{
	check_tags(line, kbug, src, is_file, 1, args, want);
}

#define PFX "dtrace: failed to compile script t.d: "

/* A script t.d that must fail with the message (after the file prefix). */
#define ERR(src, msg)		check(__LINE__, 0, src, 1, NULL, PFX msg "\n")
#define KNOWN_BUG_ERR(src, msg)	check(__LINE__, 1, src, 1, NULL, PFX msg "\n")
/* The same without -xerrtags. */
#define ERR_NOTAGS(src, msg)	check_tags(__LINE__, 0, src, 1, 0, NULL, PFX msg "\n")
/* A script t.d that must compile. */
#define OK(src)			check(__LINE__, 0, src, 1, NULL, NULL)
#define KNOWN_BUG_OK(src)	check(__LINE__, 1, src, 1, NULL, NULL)

static void syntax_errors(void)
{
	/* lexer/err.D_SYNTAX.brace1 */
	ERR("BEGIN\n{\n\ttrace(epid);\n}\n}\n",
	    "[D_SYNTAX] line 5: syntax error near \"}\"");
	/* lexer/err.D_SYNTAX.brace2: the line of the end of input */
	ERR("BEGIN\n{\n\ttrace(epid);\n",
	    "[D_SYNTAX] line 4: syntax error near end of input");
	ERR("BEGIN\n{\n\ttrace(epid);",
	    "[D_SYNTAX] line 3: syntax error near end of input");
	/* lexer/err.D_SYNTAX.brack1, brack2 */
	ERR("BEGIN\n{\n\ttrace(args[0]]);\n}\n",
	    "[D_SYNTAX] line 3: extra ] in input stream");
	ERR("BEGIN\n{\n\targs[0\n}\n",
	    "[D_SYNTAX] line 4: syntax error near \"}\"");
	/* lexer/err.D_SYNTAX.paren1, paren2, paren3 (whose line is the one
	 * where the lexer finds the "{" after the closing "/") */
	ERR("BEGIN\n{\n\ttrace(epid));\n}\n",
	    "[D_SYNTAX] line 3: extra ) in input stream");
	ERR("BEGIN\n{\n\trand(\n}\n",
	    "[D_SYNTAX] line 4: syntax error near \"}\"");
	ERR("BEGIN\n/rand(/\n{\n\ttrace(epid);\n}\n",
	    "[D_SYNTAX] line 3: closing ) expected in predicate before /");
	/* dt_lex.l <S0>"/": a "/" before the end, ';', '{' or '/' ends a
	 * predicate (anywhere: then ( or [ still open is the error there),
	 * any other is a division, in a predicate too */
	OK("int x;\nBEGIN\n/x / 2 == 0/\n{\n}\n");
	OK("int x;\nBEGIN\n/x/2/\n{\n}\n");
	ERR("BEGIN\n{\n\tx = (1 /; y = 3;\n}\n",
	    "[D_SYNTAX] line 3: closing ) expected in predicate before /");
	ERR("BEGIN\n{\n\tx = a[1 /\n\n;\n}\n",
	    "[D_SYNTAX] line 5: closing ] expected in predicate before /");
	ERR("int x;\nBEGIN\n/x/2\n{\n}\n",
	    "[D_SYNTAX] line 4: syntax error near \"{\"");
	ERR("BEGIN\n/x[1/]/\n{\n}\n",
	    "[D_SYNTAX] line 2: syntax error near \"]\"");
	ERR("BEGIN\n{\n\tx = 4 / ;\n}\n",
	    "[D_SYNTAX] line 3: syntax error near \"/\"");
	/* the text of a "/" read up to its next character: the rest of the
	 * line (flex leaves it unterminated); the line read ahead to */
	ERR("BEGIN\n{\n\tx = 1 * /2; y = 3;\n}\n",
	    "[D_SYNTAX] line 3: syntax error near \"/2; y = 3;\"");
	ERR("BEGIN\n{\n\tx = 1 * /;\n}\n",
	    "[D_SYNTAX] line 3: syntax error near \"/;\"");
	ERR("BEGIN\n{\n\tx = 1 * /\n2;\n}\n",
	    "[D_SYNTAX] line 4: syntax error near \"/\"");
	ERR("BEGIN\n{\n\tx = 1 /  \n",
	    "[D_SYNTAX] line 4: syntax error near end of input");
	/* read ahead to the end (after "/" or a word it does not know), the
	 * lexer pushes back a NUL, which is its own error next */
	ERR("BEGIN\n/x/ \n",
	    "[D_SYNTAX] line 3: syntax error near end-of-input");
	ERR("int x   \n\n",
	    "[D_SYNTAX] line 3: syntax error near end-of-input");
	ERR("BEGIN\n{\n\tx = pid",
	    "[D_SYNTAX] line 3: syntax error near end of input");
	/* dt_lex.l counts braces over the whole text: a "}" with none open
	 * is the lexer's error; the outer level has "/" but no "/=" */
	ERR("struct s { int a; } };\n",
	    "[D_SYNTAX] line 1: extra } in input stream");
	ERR("BEGIN\n{\n}\n}\n",
	    "[D_SYNTAX] line 4: syntax error near \"}\"");
	ERR("BEGIN /= 2/\n{\n}\n",
	    "[D_SYNTAX] line 1: syntax error near \"=\"");
	/* dt_grammar.y assigns to a unary_expression: a binary, conditional
	 * or cast one before the operator is a syntax error, parenthesized
	 * it is an lvalue question (dt_cook_op2) */
	ERR("BEGIN { x + 1 = 2; }\n", "[D_SYNTAX] line 1: syntax error near \"=\"");
	ERR("BEGIN { (int)x += 1; }\n", "[D_SYNTAX] line 1: syntax error near \"+=\"");
	ERR("BEGIN { x ? y : z = 1; }\n", "[D_SYNTAX] line 1: syntax error near \"=\"");
	ERR("BEGIN { x = y + 1 = 2; }\n", "[D_SYNTAX] line 1: syntax error near \"=\"");
	ERR("int x;\nBEGIN { (x + 1) = 2; }\n",
	    "[D_OP_LVAL] line 2: operator = requires modifiable lvalue as an operand");
	ERR("int x;\nBEGIN { -x = 1; }\n",
	    "[D_OP_LVAL] line 2: operator = requires modifiable lvalue as an operand");
	/* arithmetic/err.D_SYNTAX.addmin, muladd */
	ERR("BEGIN\n{\n\ti = 0;\n\ti+-;\n}\n",
	    "[D_SYNTAX] line 4: syntax error near \";\"");
	ERR("BEGIN\n{\n\ti = 1;\n\ti *+= i;\n}\n",
	    "[D_SYNTAX] line 4: syntax error near \"+=\"");
	/* assocs/err.D_SYNTAX.errassign */
	ERR("BEGIN\n{\n\tx[10]=[0, 1, 2];\n}\n",
	    "[D_SYNTAX] line 3: syntax error near \"[\"");
	/* probes/err.D_SYNTAX.assign: no initializers in declarations */
	ERR("int i = 0;\n\nBEGIN\n{\n}\n",
	    "[D_SYNTAX] line 1: syntax error near \"=\"");
	ERR("BEGIN\n{\n\tx = (1;\n}\n",
	    "[D_SYNTAX] line 3: syntax error near \";\"");
	ERR("BEGIN\n{\n\tx = 1 ? 2;\n}\n",
	    "[D_SYNTAX] line 3: syntax error near \";\"");
	ERR("BEGIN\n{\n\ttrace(1) trace(2);\n}\n",
	    "[D_SYNTAX] line 3: syntax error near \"trace\"");
	/* "1u" is one token, "2" the next */
	ERR("BEGIN\n{\n\tx = 1u2;\n}\n",
	    "[D_SYNTAX] line 3: syntax error near \"2\"");
	/* characters that start no token */
	ERR("BEGIN\n{\n\tx = 1 # 2;\n}\n",
	    "[D_SYNTAX] line 3: syntax error near \"#\"");
	ERR("BEGIN\n{\n\tx = 1 \\ 2;\n}\n",
	    "[D_SYNTAX] line 3: syntax error near \"\\\"");
	/* line numbers count the lines of comments and of earlier clauses */
	ERR("/* a\n * b\n */\nBEGIN\n{\n\tx = ;\n}\n",
	    "[D_SYNTAX] line 6: syntax error near \";\"");
	ERR("BEGIN\n{\n\tx = 1;\n}\n\nEND\n{\n\ty = x +;\n}\n",
	    "[D_SYNTAX] line 8: syntax error near \";\"");
	/* probes/err.D_SYNTAX.probespec, rbraces: -s needs / or { after a description */
	ERR("profile-1:int i\n{\n\texit(0);\n}\n",
	    "[D_SYNTAX] line 1: expected predicate and/or actions following probe description");
	ERR("BEGIN\n\texit(0);\n}\n",
	    "[D_SYNTAX] line 1: expected predicate and/or actions following probe description");
	/* dt_grammar.y: a predicate takes actions, in a file or from -n */
	ERR("BEGIN\n/1/;\nEND\n{\n}\n",
	    "[D_SYNTAX] line 2: expected actions { } following probe description and predicate");
	check(__LINE__, 0, "BEGIN /1/", 0, NULL,
	      "dtrace: invalid probe specifier BEGIN /1/: [D_SYNTAX] expected actions { } following probe description and predicate\n");
	/* -n: the message names the probe specifier, and no line (a string
	 * has none: yyvwarn passes line 0), but the region being cooked */
	check(__LINE__, 0, "BEGIN { x = ; }", 0, NULL,
	      "dtrace: invalid probe specifier BEGIN { x = ; }: [D_SYNTAX] syntax error near \";\"\n");
	check(__LINE__, 0, "BEGIN { x = \"a\" * 2; }", 0, NULL,
	      "dtrace: invalid probe specifier BEGIN { x = \"a\" * 2; }: [D_OP_ARITH] in action list: operator * requires operands of arithmetic type\n");
	check(__LINE__, 0, "BEGIN /1 * \"a\"/ { x = y; }", 0, NULL,
	      "dtrace: invalid probe specifier BEGIN /1 * \"a\"/ { x = y; }: [D_OP_ARITH] in predicate: operator * requires operands of arithmetic type\n");
	/* ... and a lone description is a clause with the default action */
	check(__LINE__, 0, "BEGIN", 0, NULL, NULL);

	/* the message names the whole token, "@" included */
	ERR("BEGIN\n{\n\tx = 1 @ 2;\n}\n",
	    "[D_SYNTAX] line 3: syntax error near \"@\"");
	ERR("BEGIN\n{\n\tx = 1 @a 2;\n}\n",
	    "[D_SYNTAX] line 3: syntax error near \"@a\"");
	/* DTrace's integer pattern needs a digit after 0x: "0" then "x" */
	ERR("BEGIN\n{\n\tx = 0x;\n}\n",
	    "[D_SYNTAX] line 3: syntax error near \"x\"");
	/* DTrace's integer suffix is [uU]?[lL]?[lL]?: "10LU" is "10L" then "U",
	 * a word its lexer classifies by reading ahead, which leaves the rest
	 * of the line in the quoted text (lex_near_text) */
	ERR("BEGIN\n{\n\tn = 10LU;\n}\n",
	    "[D_SYNTAX] line 3: syntax error near \"U;\"");
	ERR("BEGIN\n{\n\tx y; z\n}\n",
	    "[D_SYNTAX] line 3: syntax error near \"y; z\"");
	ERR("BEGIN\n{\n\tx  \n y;\n}\n",
	    "[D_SYNTAX] line 4: syntax error near \"y;\"");
	/* a word it knows (a variable seen before) is not read past */
	ERR("BEGIN\n{\n\ty = 1; x y;\n}\n",
	    "[D_SYNTAX] line 3: syntax error near \"y\"");
	/* DTrace's lexer has its own message for floating point */
	ERR("BEGIN\n{\n\tx = 1.5;\n}\n",
	    "[D_SYNTAX] line 3: floating-point constants are not permitted");
	/* flex takes the longer of RGX_FP and RGX_INT: an exponent, a leading
	 * '.' or an f suffix make a floating-point constant, "1L" an integer */
	ERR("BEGIN\n{\n\tx = 1e3;\n}\n", "[D_SYNTAX] line 3: floating-point constants are not permitted");
	ERR("BEGIN\n{\n\tx = .5;\n}\n", "[D_SYNTAX] line 3: floating-point constants are not permitted");
	ERR("BEGIN\n{\n\tx = 2f;\n}\n", "[D_SYNTAX] line 3: floating-point constants are not permitted");
	OK("BEGIN\n{\n\tx = 2L + 0x1e3;\n}\n");
	/* a nested comment opener is an error in DTrace */
	ERR("/* a /* b */\nBEGIN\n{\n}\n",
	    "[D_SYNTAX] line 1: /* encountered inside a comment");
}

static void lexer_errors(void)
{
	/* lexer/err.D_CHR_NL.char, D_STR_NL.string: the line after the newline */
	ERR("BEGIN\n{\n\th = '\n\t\t';\n\texit(0);\n}\n",
	    "[D_CHR_NL] line 4: newline encountered in character constant");
	/* lexer/err.D_CHR_NULL.char */
	ERR("BEGIN\n{\n\th = '';\n\texit(0);\n}\n",
	    "[D_CHR_NULL] line 3: empty character constant");
	ERR("BEGIN\n{\n\th = \"hello\n\n\t\tthere\";\n\texit(0);\n}\n",
	    "[D_STR_NL] line 4: newline encountered in string literal");
	/* lexer/err.D_INT_DIGIT.InvalidDigit */
	ERR("BEGIN\n{\n\t0128;\n}\n",
	    "[D_INT_DIGIT] line 3: constant 0128 contains invalid digit 8");
	ERR("BEGIN\n{\n\tx = 09;\n}\n",
	    "[D_INT_DIGIT] line 3: constant 09 contains invalid digit 9");
	/* lexer/err.D_INT_OFLOW.BigInt */
	ERR("BEGIN\n{\n\t0x12345678123456781;\n}\n",
	    "[D_INT_OFLOW] line 3: constant 0x12345678123456781 results in integer overflow");
	ERR("BEGIN\n{\n\tx = 18446744073709551616;\n}\n",
	    "[D_INT_OFLOW] line 3: constant 18446744073709551616 results in integer overflow");
	/* a decimal constant without u is int, long or long long only
	 * (dt_node_int); hex and octal ones may be unsigned */
	OK("BEGIN\n{\n\tx = 18446744073709551615u;\n\ty = 0xffffffffffffffff;\n\tz = 01777777777777777777777;\n}\n");
	ERR("BEGIN\n{\n\tx = 18446744073709551615;\n}\n",
	    "[D_INT_OFLOW] line 3: integer constant 0xffffffffffffffff cannot be represented in any built-in integral type");
	ERR("BEGIN\n{\n\tx = sizeof (int) - \"a\";\n}\n",
	    "[D_OP_INCOMPAT] line 3: operands have incompatible types: \"size_t\" - \"string\"");
	ERR("BEGIN\n{\n\tx = (curthread - curthread) - \"a\";\n}\n",
	    "[D_OP_INCOMPAT] line 3: operands have incompatible types: \"ptrdiff_t\" - \"string\"");
	ERR("BEGIN\n{\n\tx = offsetof(struct task_struct, pid) - \"a\";\n}\n",
	    "[D_OP_INCOMPAT] line 3: operands have incompatible types: \"int\" - \"string\"");
	/* lexer/err.eof-in-comment (the line is the one after the last
	 * newline), err.eof-in-pragma: run without -xerrtags, like those */
	ERR_NOTAGS("\n/* This comment no end\n",
		   "line 3: end-of-file encountered before matching */");
	ERR_NOTAGS("inline int foo = 0;\n#pragma",
		   "line 2: end-of-file encountered before end of control line");
	/* options/err.no-errtags */
	ERR_NOTAGS("\n\n", "line 3: empty D program translation unit");
	ERR_NOTAGS("BEGIN\n{\n\tx = ;\n}\n", "line 3: syntax error near \";\"");
	/* pragma/err.D_PRAGERR: DTrace keeps a space after the text */
	ERR("\n#pragma D error \"this is an error message\"\n\nBEGIN\n{\n\texit(0);\n}\n",
	    "[D_PRAGERR] line 2: #error: this is an error message ");

	/* types/err.D_CHR_OFLOW.charconst: the tag is D_CHR_OFLOW */
	ERR("BEGIN\n{\n\tchar_bad = 'abc\\fefghi';\n}\n",
	    "[D_CHR_OFLOW] line 3: character constant is too long");
	/*
	 * DTrace reports these two lexer errors through yyerror(),
	 * which tags every message D_SYNTAX; with -xerrtags the tag is printed
	 * (the conformance tests of these run without -xerrtags, so they do
	 * not show it).
	 */
	ERR("\n/* This comment no end\n",
	    "[D_SYNTAX] line 3: end-of-file encountered before matching */");
	ERR("inline int foo = 0;\n#pragma",
	    "[D_SYNTAX] line 2: end-of-file encountered before end of control line");
	/* an empty program: xyerror(D_EMPTY, ...) in dt_compile() */
	ERR("\n\n",
	    "[D_EMPTY] line 3: empty D program translation unit");
	ERR("/* nothing */\n#pragma D option quiet\n",
	    "[D_EMPTY] line 3: empty D program translation unit");
}

static void sema_errors(void)
{
	static const char *const one_arg[] = {"42", NULL};

	/* clauses/err.D_IDENT_UNDEF.body, pred */
	ERR("BEGIN\n{\n\ttrace(x);\n}\n",
	    "[D_IDENT_UNDEF] line 3: failed to resolve x: Unknown variable name");
	ERR("BEGIN\n/x/\n{\n}\n",
	    "[D_IDENT_UNDEF] line 2: failed to resolve x: Unknown variable name");
	/* clauses/err.D_IDENT_UNDEF.arrtup */
	ERR("BEGIN\n/1/\n{\n\ta[x]++;\n}\n",
	    "[D_IDENT_UNDEF] line 4: failed to resolve x: Unknown variable name");
	/* assocs/err.D_OP_INCOMPAT.this and the same for globals */
	ERR("#pragma D option quiet\nthis int x;\n\nBEGIN\n{\n\tthis->x = \"dummy\";\n\texit(0);\n}\n",
	    "[D_OP_INCOMPAT] line 6: operands have incompatible types: \"int\" = \"string\"");
	ERR("BEGIN\n{\n\tx = 1;\n\tx = \"abc\";\n}\n",
	    "[D_OP_INCOMPAT] line 4: operands have incompatible types: \"int\" = \"string\"");
	ERR("BEGIN\n{\n\tx = \"abc\" == 1;\n}\n",
	    "[D_OP_INCOMPAT] line 3: operands have incompatible types: \"string\" == \"int\"");
	ERR("BEGIN\n{\n\tx = timestamp ? \"a\" : 2;\n}\n",
	    "[D_OP_INCOMPAT] line 3: operator ?: operands must have compatible types");
	/* scripting/err.D_OP_WRITE.usepidmacro */
	ERR("#!/usr/sbin/dtrace -qs\n\nBEGIN\n{\n\tpid = 1;\n\texit(0);\n}\n",
	    "[D_OP_WRITE] line 5: operator = can only be applied to a writable variable");
	ERR("BEGIN\n{\n\tx = 1 += 2;\n}\n",
	    "[D_OP_LVAL] line 3: operator += requires modifiable lvalue as an operand");
	/* arithmetic/err.D_DIV_ZERO.divby0, divby0_1, divby0_2 */
	ERR("BEGIN\n{\n\tc = 123/0;\n\texit(0);\n}\n",
	    "[D_DIV_ZERO] line 3: expression contains division by zero");
	ERR("BEGIN\n{\n\tc = 123/(7-7);\n}\n",
	    "[D_DIV_ZERO] line 3: expression contains division by zero");
	ERR("BEGIN\n{\n\tc = 123/((7-7) * 999);\n}\n",
	    "[D_DIV_ZERO] line 3: expression contains division by zero");
	ERR("BEGIN\n{\n\tc = 123 % 0;\n}\n",
	    "[D_DIV_ZERO] line 3: expression contains division by zero");
	ERR("BEGIN\n{\n\tx = 5;\n\tx /= 0;\n}\n",
	    "[D_DIV_ZERO] line 4: expression contains division by zero");
	ERR("BEGIN\n{\n\tx = 5;\n\tx %= 0;\n}\n",
	    "[D_DIV_ZERO] line 4: expression contains division by zero");
	/* a constant zero divisor is an error whatever the dividend */
	ERR("BEGIN\n{\n\tx = 5;\n\ty = x / 0;\n}\n",
	    "[D_DIV_ZERO] line 4: expression contains division by zero");
	/* D_PROTO_LEN: actions and subroutines */
	ERR("BEGIN\n{\n\tprintf();\n}\n",
	    "[D_PROTO_LEN] line 3: printf( ) prototype mismatch: 0 args passed, at least 1 expected");
	ERR("BEGIN\n{\n\ttrace();\n}\n",
	    "[D_PROTO_LEN] line 3: trace( ) prototype mismatch: 0 args passed, 1 expected");
	ERR("BEGIN\n{\n\ttrace(1, 2);\n}\n",
	    "[D_PROTO_LEN] line 3: trace( ) prototype mismatch: 2 args passed, 1 expected");
	ERR("BEGIN\n{\n\tsubstr();\n}\n",
	    "[D_PROTO_LEN] line 3: substr( ) prototype mismatch: 0 args passed, at least 2 expected");
	ERR("BEGIN\n{\n\tsubstr(\"a\", 1, 2, 3);\n}\n",
	    "[D_PROTO_LEN] line 3: substr( ) prototype mismatch: 4 args passed, at most 3 expected");
	/* assocs/err.D_PROTO_LEN.toomany */
	ERR("BEGIN\n{\n\tx[123, 456] = timestamp;\n}\n\nEND\n{\n\tx[123, 456, 789] = timestamp;\n}\n",
	    "[D_PROTO_LEN] line 8: x[ ] prototype mismatch: 3 keys passed, 2 expected");
	/* begin/err.D_PDESC_ZERO.begin, options/err.D_PDESC_ZERO.no-Z-or-zdefs */
	ERR("BEGIN::read:entry\n{\n}\n",
	    "[D_PDESC_ZERO] line 1: probe description BEGIN::read:entry does not match any probes");
	ERR("\n:fake:oracle:probe\n{\n}\n",
	    "[D_PDESC_ZERO] line 2: probe description :fake:oracle:probe does not match any probes");
	/* scripting/err.D_MACRO_UNDEF.invalidargs */
	ERR("BEGIN\n{\n\ttrace($1);\n}\n",
	    "[D_MACRO_UNDEF] line 3: macro argument $1 is not defined");
	check(__LINE__, 0, "BEGIN\n{\n\ttrace($1 + 1);\n}\n", 1, one_arg, NULL);
	/* a provider of digits alone names no process (dt_pid_get_pid) */
	check(__LINE__, 0, "$1:::entry\n{\n}\n", 1, one_arg,
	      PFX "[D_PROC_BADPROV] line 1: '42' is not a valid provider\n");
	/* arrays/err.D_DECL_ARRSUB.bad */
	ERR("\nint a[-7];\n\nBEGIN\n{\n\texit(0);\n}\n",
	    "[D_DECL_ARRSUB] line 2: positive integral constant expression or tuple signature expected as array declaration subscript");
	/* arrays/err.D_ARR_BOUNDS.declared */
	ERR("int a[5];\n\nBEGIN\n{\n\ttrace(a[5]);\n\texit(0);\n}\n",
	    "[D_ARR_BOUNDS] line 5: index outside array bounds: 5, max is 5");
	OK("int a[5];\n\nBEGIN\n{\n\ttrace(a[4]);\n\texit(0);\n}\n");
	/* grammar/err.D_ADDROF_LVAL */
	ERR("BEGIN\n{\n\ttrace(&1);\n}\n",
	    "[D_ADDROF_LVAL] line 3: unacceptable operand for unary & operator");
	/* types/err.D_OP_ARITH.badoperand, D_OP_INT.badbitop, badshift */
	ERR("BEGIN\n{\n\tp = 123 + -trace(0);\n\texit(1);\n}\n",
	    "[D_OP_ARITH] line 3: operator - requires an operand of arithmetic type");
	ERR("#pragma D option quiet\n\nBEGIN\n/\"char\" & \"foo\"/\n{\n\texit(1);\n}\n",
	    "[D_OP_INT] line 5: operator & requires operands of integral type");
	ERR("BEGIN\n{\n\tx = \"char\" << 2;\n}\n",
	    "[D_OP_INT] line 3: operator << requires operands of integral type");
	ERR("BEGIN\n{\n\tx = ~\"abc\";\n}\n",
	    "[D_OP_INT] line 3: operator ~ requires an operand of integral type");
	ERR("BEGIN\n{\n\tx = \"a\" * 2;\n}\n",
	    "[D_OP_ARITH] line 3: operator * requires operands of arithmetic type");
	/* types/err.D_OP_SCALAR.badincop */
	ERR("BEGIN\n{\n\ta = \"boo\";\n\tc = a++;\n\texit(1);\n}\n",
	    "[D_OP_SCALAR] line 4: operator ++ requires operand of scalar type");
	/* #pragma D error on a later line */
	ERR("#pragma D option quiet\n#pragma D error \"stop\"\n",
	    "[D_PRAGERR] line 2: #error: stop ");
	/* strings act as pointers for + (DTrace's dt_cook_op2) */
	OK("BEGIN\n{\n\tx = \"abc\" + 1;\n}\n");
	/* #pragma D binding "v" translator is for the next translator
	 * (DTrace's dt_xlator_create); with none after it, it is unused */
	OK("struct in { int a; };\nstruct out { int b; };\n#pragma D binding \"1.1\" translator\n"
	   "translator struct out < struct in *P > { b = P->a; };\nBEGIN\n{\n}\n");
	ERR("struct in { int a; };\nstruct out { int b; };\n"
	    "translator struct out < struct in *P > { b = P->a; };\n#pragma D binding \"1.1\" translator\nBEGIN\n{\n}\n",
	    "[D_PRAGMA_UNUSED] line 4: unused #pragma binding");
	/* a member of a translation by an inline with parameters */
	OK("struct in { int a; };\nstruct out { int b; };\n"
	   "translator struct out < struct in *P > { b = P->a + 1; };\n"
	   "inline struct out tr[struct in *p] = xlate <struct out> (p);\n"
	   "BEGIN\n{\n\ttrace(tr[(struct in *)alloca(4)].b);\n}\n");
	ERR("struct in { int a; };\nstruct out { int b; };\n"
	    "translator struct out < struct in *P > { b = P->a + 1; };\n"
	    "inline struct out tr[struct in *p] = xlate <struct out> (p);\n"
	    "BEGIN\n{\n\ttrace(tr[(struct in *)alloca(4)].c);\n}\n",
	    "[D_XLATE_NOCONV] line 7: translator does not define conversion for member: c");

	/* types/err.D_OP_INCOMPAT.badassign */
	ERR("#pragma D option quiet\n\nBEGIN\n{\n\ta = 3;\n\ta += \"foobar\";\n\texit(1);\n}\n",
	    "[D_OP_INCOMPAT] line 6: operands have incompatible types: \"int\" += \"string\"");
	/* types/err.D_OP_SCALAR.badlogop: strings are not scalars */
	ERR("#pragma D option quiet\n\nBEGIN\n/\"char\" && \"foo\"/\n{\n\texit(1);\n}\n",
	    "[D_OP_SCALAR] line 5: operator && requires operands of scalar type");
	/* types/err.D_OP_SCALAR.badcond */
	ERR("#pragma D option quiet\n\nBEGIN\n{\n\ta = \"boo\";\n\tc = \"boo\" ? \"should\": \"fail\";\n\texit(1);\n}\n",
	    "[D_OP_SCALAR] line 6: operator ?: expression must be of scalar type");
	/* "!" needs a scalar too (dt_cook_op1, DT_TOK_LNEG) */
	ERR("BEGIN\n{\n\tx = !\"a\";\n}\n",
	    "[D_OP_SCALAR] line 3: operator ! requires an operand of scalar type");
	/* types/err.D_OP_ACT.badcond */
	ERR("#pragma D option quiet\n\nBEGIN\n{\n\ti = 1;\n\tx = i == 0 ? trace(0): trace(1);\n\texit(1);\n}\n",
	    "[D_OP_ACT] line 6: action cannot be used in a conditional context");
	/* sizeof/err.D_IDENT_UNDEF.UnknownSymbol: ` makes a symbol */
	ERR("#pragma D option quiet\n\nBEGIN\n{\n\tprintf(\"sizeof(`): %d\\n\", sizeof(`));\n\texit(0);\n}\n",
	    "[D_IDENT_UNDEF] line 5: failed to resolve `: Unknown symbol name");
	/*
	 * DTrace cooks clauses in program order, so a global is unknown in a
	 * clause before the first one that assigns it.
	 */
	ERR("BEGIN\n{\n\ttrace(g);\n}\n\nBEGIN\n{\n\tg = 1;\n}\n",
	    "[D_IDENT_UNDEF] line 3: failed to resolve g: Unknown variable name");
	/*
	 * variables/tvar/err.D_OP_INCOMPAT.default_int: a declaration without
	 * a type ("self x;") declares an int.
	 */
	ERR("self x;\n\nBEGIN\n{\n\tself->x = execname;\n\texit(0);\n}\n",
	    "[D_OP_INCOMPAT] line 5: operands have incompatible types: \"int\" = \"string\"");
	/* printa() joins aggregations on their keys: the counts must match first */
	ERR("BEGIN\n{\n\t@x[1, 2] = sum(1);\n\t@y[3] = count();\n\tprinta(@x, @y);\n}\n",
	    "[D_PRINTA_AGGKEY] line 1: printa( ): @x and @y do not have matching key signatures: @x has 2 keys, @y has 1 key");
	ERR("BEGIN\n{\n\t@x[1] = sum(1);\n\t@y[\"a\"] = count();\n\tprinta(@x, @y);\n}\n",
	    "[D_PRINTA_AGGPROTO] line 1: printa( ): @y[ ] key #1 is incompatible with @x:\n        x key #1: int\n        y key #1: string");
	/* an action used as a value is void: its own format is never checked */
	ERR("BEGIN\n{\n\tprintf(\"%s\\n\", trace(\"\"));\n}\n",
	    "[D_PRINTF_ARG_TYPE] line 3: printf( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: %s\n\t prototype: char [] or string (or use stringof)\n\t  argument: void");
	/* a compound assignment or a read needs the variable to exist */
	ERR("BEGIN\n{\n\tn *= 2;\n}\n",
	    "[D_VAR_UNDEF] line 3: n has not yet been declared or assigned");
	ERR("BEGIN\n{\n\tthis->n |= 1;\n}\n",
	    "[D_VAR_UNDEF] line 3: this->n has not yet been declared or assigned");
	ERR("syscall::read:return\n/self->ts/\n{\n}\nsyscall::read:entry\n{\n\tself->ts = timestamp;\n}\n",
	    "[D_VAR_UNDEF] line 2: self->ts has not yet been declared or assigned");
	OK("BEGIN\n{\n\tn = 1;\n\tn *= 2;\n\tself->m++;\n\tself->m += n;\n}\n");
	/* reading an array element creates the array (dt_cook_op2's [),
	 * then finds it unassigned (dt_cook_var) */
	ERR("BEGIN\n{\n\tx = a[1];\n}\n",
	    "[D_VAR_UNDEF] line 3: a has not yet been declared or assigned");
	ERR("BEGIN\n{\n\tx = self->a[1];\n}\n",
	    "[D_VAR_UNDEF] line 3: self->a has not yet been declared or assigned");
	/* . on a translated pointer: the member first, then the type */
	ERR("struct in { int a; };\nstruct out { int b; };\ntranslator struct out < struct in *p > { b = p->a; };\n"
	    "BEGIN\n{\n\tx = xlate<struct out *>((struct in *)0).b;\n}\n",
	    "[D_OP_SOU] line 6: operator . cannot be applied to type \"struct out *\"; must be applied to a struct or union");
	ERR("struct in { int a; };\nstruct out { int b; };\ntranslator struct out < struct in *p > { b = p->a; };\n"
	    "BEGIN\n{\n\tx = xlate<struct out *>((struct in *)0).zz;\n}\n",
	    "[D_XLATE_NOCONV] line 6: translator does not define conversion for member: zz");
	/* a bare name of a function or of args is no scalar (dt_xcook_ident) */
	ERR("BEGIN\n{\n\tx = strlen;\n}\n", "[D_IDENT_BADREF] line 3: function 'strlen' may not be referenced as scalar");
	ERR("BEGIN\n{\n\ttrace = 1;\n}\n", "[D_IDENT_BADREF] line 3: tracing function 'trace' may not be referenced as scalar");
	ERR("BEGIN\n{\n\tx = count;\n}\n", "[D_IDENT_BADREF] line 3: aggregating function 'count' may not be referenced as scalar");
	ERR("BEGIN\n{\n\tx = args;\n}\n", "[D_IDENT_BADREF] line 3: associative array 'args' may not be referenced as scalar");
	OK("syscall::read:entry\n{\n\tx = args[0];\n\ty = uregs[0];\n}\n");
	/* stringof takes an array of any type, a pointer to DTrace */
	OK("int a[4];\nBEGIN\n{\n\tx = stringof(a);\n}\n");
	/* a member's size may not be 0: an array of no elements neither */
	ERR("struct s {\n\tint n;\n\tint a[];\n};\n", "[D_DECL_VOIDOBJ] line 3: cannot have void member: a");
	/* an enum only named is a forward tag, as a struct is (dt_decl_type) */
	ERR("enum nosuch_e v;\n", "[D_DECL_INCOMPLETE] line 1: incomplete struct/union/enum enum nosuch_e: v");
	ERR("struct s2 {\n\tenum nosuch_e m;\n};\n", "[D_DECL_INCOMPLETE] line 2: incomplete struct/union/enum enum nosuch_e: m");
	ERR("inline enum nosuch_e i = 1;\n", "[D_DECL_INCOMPLETE] line 1: incomplete struct/union/enum enum nosuch_e: i");
	OK("enum nosuch_e { A };\nenum nosuch_e v;\nBEGIN\n{\n\tv = A;\n}\n");
	/* the parser folds ?: of a constant condition to the branch taken
	 * (dt_node_op3): the other is never checked */
	OK("BEGIN\n{\n\tx = 1 ? \"a\" : 2;\n\ty = 0 ? nosuch : 3;\n\tz = (1 > 0 ? 2 : 3) ? 4 : nosuch;\n}\n");
	ERR("BEGIN\n{\n\tx = 1 ? nosuch : 3;\n}\n", "[D_IDENT_UNDEF] line 3: failed to resolve nosuch: Unknown variable name");
	/* / and % by 0 and a literal no type holds are the parser's errors
	 * (dt_node_op2, dt_node_int): before any clause is cooked */
	ERR("BEGIN\n{\n\tx = y;\n}\nBEGIN\n{\n\tz = 1 / (2 - 2);\n}\n", "[D_DIV_ZERO] line 7: expression contains division by zero");
	ERR("BEGIN\n{\n\tx = y;\n\tz %= 0;\n}\n", "[D_DIV_ZERO] line 4: expression contains division by zero");
	ERR("BEGIN\n{\n\tx = y;\n\tz = 9223372036854775808;\n}\n",
	    "[D_INT_OFLOW] line 4: integer constant 0x8000000000000000 cannot be represented in any built-in integral type");
	/* offsetof and sizeof a type are the parser's (dt_node_offsetof,
	 * dt_node_op1): a forward tag is no struct to offsetof */
	ERR("BEGIN\n{\n\tx = offsetof(struct nosuch_s, a);\n}\n", "[D_OFFSETOF_TYPE] line 3: offsetof operand must be a struct or union type");
	ERR("BEGIN\n{\n\tx = y;\n\tz = sizeof(struct nosuch_s);\n}\n", "[D_SIZEOF_TYPE] line 4: cannot apply sizeof to an operand of unknown size");
	/* = cooks its left side (x[k]'s keys with it) before its right */
	ERR("BEGIN\n{\n\ta[z] = y;\n}\n", "[D_IDENT_UNDEF] line 3: failed to resolve z: Unknown variable name");
	ERR("BEGIN\n{\n\tself->a[z] = y;\n}\n", "[D_IDENT_UNDEF] line 3: failed to resolve z: Unknown variable name");
	/* dt_cook_clause cooks the statements before the predicate, and the
	 * predicate first only when a statement names what is undefined */
	ERR("BEGIN\n/\"a\"/\n{\n\tx = -\"b\";\n}\n", "[D_OP_ARITH] line 4: operator - requires an operand of arithmetic type");
	ERR("BEGIN\n/x/\n{\n\ty = -\"a\";\n}\n", "[D_OP_ARITH] line 4: operator - requires an operand of arithmetic type");
	ERR("BEGIN\n/y/\n{\n\ttrace(z);\n}\n", "[D_IDENT_UNDEF] line 2: failed to resolve y: Unknown variable name");
	ERR("BEGIN\n/\"a\"/\n{\n\ttrace(z);\n}\n", "[D_PRED_SCALAR] line 2: predicate result must be of scalar type");
	ERR("BEGIN\n/1/\n{\n\ttrace(z);\n}\n", "[D_IDENT_UNDEF] line 4: failed to resolve z: Unknown variable name");
	ERR("BEGIN\n/@a/\n{\n\t@a = count();\n}\n", "[D_PRED_SCALAR] line 2: predicate result must be of scalar type");
	/* E1[E2, E3] of what is no associative array: *(E1 + E2) checked,
	 * then refused naming E1 as dt_node_name does */
	ERR("BEGIN\n{\n\ty = curthread[1, 2];\n}\n", "[D_ARR_BADREF] line 3: cannot access scalar curthread as an associative array");
	ERR("BEGIN\n{\n\ty = \"abc\"[1, 2];\n}\n", "[D_ARR_BADREF] line 3: cannot access string constant \"abc\" as an associative array");
	ERR("BEGIN\n{\n\ty = \"abc\"[\"x\", 2];\n}\n", "[D_OP_INCOMPAT] line 3: operands have incompatible types: \"string\" + \"string\"");
	/* a scoped name is a kernel symbol, never a variable made by [ or = */
	ERR("BEGIN\n{\n\t`nosuch_sym[1] = 2;\n}\n", "[D_IDENT_UNDEF] line 3: failed to resolve `nosuch_sym: Unknown symbol name");
	ERR("BEGIN\n{\n\tx = `nosuch_sym[1];\n}\n", "[D_IDENT_UNDEF] line 3: failed to resolve `nosuch_sym: Unknown symbol name");
	/* an inline with parameters is cooked where it is defined
	 * (dt_node_inline), each parameter a value of its type */
	ERR("inline int f[int x, int y] = x + z;\n", "[D_IDENT_UNDEF] line 1: failed to resolve z: Unknown variable name");
	ERR("inline string f[int x] = x;\n", "[D_OP_INCOMPAT] line 1: inline f definition uses incompatible types: \"string\" = \"int\"");
	ERR("inline int f[int x] = f[x];\n", "[D_VAR_UNDEF] line 1: f has not yet been declared or assigned");
	OK("inline int f[int x, string s] = x + strlen(s);\nBEGIN\n{\n\ttrace(f[1, \"a\"]);\n}\n");
	/* an extern declared again is compared as the D module's symbol */
	ERR("extern int x;\nextern char x;\n", "[D_DECL_IDRED] line 2: identifier redeclared: D`x\n\t current: char\n\tprevious: int");
	/* operator , refuses an action on either side (dt_cook_op2) */
	ERR("BEGIN\n{\n\tx = (1, trace(1));\n}\n", "[D_OP_ACT] line 3: operator , operands cannot be actions");
	ERR("BEGIN\n{\n\ttrace(1), exit(0);\n}\n", "[D_OP_ACT] line 3: operator , operands cannot be actions");
	OK("BEGIN\n{\n\tx = (1, strlen(\"a\"));\n}\n");
	/* a string is char[n] to dt_node_is_scalar: no predicate */
	ERR("BEGIN\n/execname/\n{\n}\n",
	    "[D_PRED_SCALAR] line 2: predicate result must be of scalar type");
	OK("BEGIN\n/(char *)0 || execname == \"x\"/\n{\n}\n");
	/* a unary operator cooks its operand without a reference (dt_cook_op1):
	 * a new self->, this-> or array element is an int64_t */
	OK("BEGIN\n{\n\tx = -self->y + ~this->z + !a[1] + sizeof(self->w);\n}\n");
	ERR("BEGIN\n{\n\tx = &self->y;\n}\n",
	    "[D_ADDROF_VAR] line 3: cannot take address of dynamic variable");
	ERR("BEGIN\n{\n\tx = &a[\"k\"];\n}\n",
	    "[D_ADDROF_VAR] line 3: cannot take address of dynamic variable");
	ERR("BEGIN\n{\n\tx = *self->p;\n}\n",
	    "[D_DEREF_NONPTR] line 3: cannot dereference non-pointer type");
	ERR("BEGIN\n{\n\tx = -z;\n}\n",
	    "[D_IDENT_UNDEF] line 3: failed to resolve z: Unknown variable name");
	/* an aggregation as an operand is <DYN> (void), once it exists */
	ERR("BEGIN\n{\n\tx = -@a;\n}\n",
	    "[D_IDENT_UNDEF] line 3: failed to resolve @a: Unknown variable name");
	ERR("BEGIN\n{\n\tx = 1 + @a;\n}\n",
	    "[D_IDENT_UNDEF] line 3: failed to resolve @a: Unknown variable name");
	ERR("BEGIN\n{\n\t@a = count();\n\tx = -@a;\n}\n",
	    "[D_OP_ARITH] line 4: operator - requires an operand of arithmetic type");
	ERR("BEGIN\n{\n\t@a = count();\n\tx = ~@a;\n}\n",
	    "[D_OP_INT] line 4: operator ~ requires an operand of integral type");
	ERR("BEGIN\n{\n\t@a = count();\n\tx = !@a;\n}\n",
	    "[D_OP_SCALAR] line 4: operator ! requires an operand of scalar type");
	ERR("BEGIN\n{\n\t@a = count();\n\tx = *@a;\n}\n",
	    "[D_DEREF_NONPTR] line 4: cannot dereference non-pointer type");
	ERR("BEGIN\n{\n\t@a = count();\n\tx = &@a;\n}\n",
	    "[D_ADDROF_VAR] line 4: cannot take address of dynamic variable");
	ERR("BEGIN\n{\n\t@a = count();\n\tx = sizeof(@a);\n}\n",
	    "[D_SIZEOF_TYPE] line 4: cannot apply sizeof to an operand of unknown size");
	ERR("BEGIN\n{\n\t@a = count();\n\tx = stringof(@a);\n}\n",
	    "[D_STRINGOF_TYPE] line 4: cannot apply stringof to a value of type aggregation");
	ERR("BEGIN\n{\n\t@a = count();\n\tx = @a.b;\n}\n",
	    "[D_OP_SOU] line 4: operator . cannot be applied to type \"void\"; must be applied to a struct or union");
	ERR("BEGIN\n{\n\t@a = count();\n\tx = @a->b;\n}\n",
	    "[D_OP_PTR] line 4: operator -> must be applied to a pointer");
	ERR("BEGIN\n{\n\t@a = count();\n\tx = (int)@a;\n}\n",
	    "[D_CAST_INVAL] line 4: invalid cast expression: \"aggregation\" to \"int\"");
	ERR("BEGIN\n{\n\t@a = count();\n\tx = @a;\n}\n",
	    "[D_OP_INCOMPAT] line 4: operands have incompatible types: \"scalar\" = \"aggregation\"");
	ERR("BEGIN\n{\n\t@a = count();\n\tx = 1;\n\tx = @a;\n}\n",
	    "[D_OP_INCOMPAT] line 5: operands have incompatible types: \"int\" = \"aggregation\"");
	ERR("BEGIN\n{\n\t@a = count();\n\tx[@a] = 1;\n}\n",
	    "[D_KEY_TYPE] line 4: aggregation expression may not be used as associative array index: key #1");
	ERR("BEGIN\n{\n\t@b = sum(@nosuch);\n}\n", "[D_IDENT_UNDEF] line 3: failed to resolve @nosuch: Unknown variable name");
	ERR("BEGIN\n{\n\t@a = count();\n\t@b = sum(@a);\n}\n", "[D_AGG_SCALAR] line 4: sum( ) argument #1 must be of scalar type");
	ERR("BEGIN\n{\n\t@a = count();\n\tx = @a & y;\n}\n",
	    "[D_IDENT_UNDEF] line 4: failed to resolve y: Unknown variable name");
	/* sizeof needs a known size */
	ERR("BEGIN\n{\n\ttrace(sizeof(exit(0)));\n}\n",
	    "[D_SIZEOF_TYPE] line 3: cannot apply sizeof to an operand of unknown size");
	ERR("struct fwd;\nBEGIN\n{\n\ttrace(sizeof(struct fwd));\n}\n",
	    "[D_SIZEOF_TYPE] line 4: cannot apply sizeof to an operand of unknown size");
	/* additive operators: no arithmetic on pointers to void or functions */
	ERR("BEGIN\n{\n\tp = (void *)curthread;\n\tq = p - 8;\n}\n",
	    "[D_OP_INCOMPAT] line 4: operands have incompatible types: \"void *\" - \"int\"");
	ERR("BEGIN\n{\n\tx = \"a\" + \"b\";\n}\n",
	    "[D_OP_INCOMPAT] line 3: operands have incompatible types: \"string\" + \"string\"");
	OK("BEGIN\n{\n\tp = (char *)curthread;\n\tq = p - 8;\n\tr = 8 + p;\n\ts = q - p;\n}\n");
	/* enumerators share one name space; clause-locals cannot be arrays */
	ERR("enum a { ONE, TWO };\nenum b { THREE, TWO };\n",
	    "[D_DECL_IDRED] line 2: identifier redeclared: TWO");
	/* one enum's own duplicate is CTF's refusal (dt_decl_enumerator) */
	ERR("enum a { ONE, ONE };\n",
	    "[D_UNKNOWN] line 1: failed to define enumerator 'ONE': Duplicate member or variable name.");
	/* an enum without a tag defines its enumerators all the same; only
	 * an assigned value is range-checked (dt_decl_enumerator) */
	OK("typedef enum { R, G } col_t;\nBEGIN { x = G; }\n");
	OK("enum { X, Y };\nstruct s { enum { P, Q } x; };\nBEGIN { x = Y + Q; }\n");
	OK("enum e { A = 2147483647, B };\nBEGIN { x = B; }\n");
	ERR("enum e { A = 2147483648 };\n",
	    "[D_DECL_ENOFLOW] line 1: enumerator 'A' value overflows INT_MAX (2147483647)");
	/* a typedef of DTrace's D container may not be declared again, even
	 * as the same type; a kernel one may (dt_node_decl looks in the D
	 * container only) */
	ERR("typedef int foo_t;\ntypedef int foo_t;\n", "[D_DECL_IDRED] line 2: typedef redeclared: foo_t");
	ERR("typedef int pid_t;\n", "[D_DECL_IDRED] line 1: typedef redeclared: pid_t");
	OK("typedef unsigned int u32;\nu32 x;\ntypedef int uid_t;\nBEGIN\n{\n}\n");
	/* a declaration adds no node to the program (dt_node_decl returns
	 * none): declarations alone are empty; a translator is a node */
	ERR("int x;\nstruct s { int a; };\n", "[D_EMPTY] line 3: empty D program translation unit");
	OK("struct in { int a; };\nstruct out { int b; };\ntranslator struct out < struct in *p > { b = p->a; };\n");
	/* in a clause a word followed by what only an identifier can be is
	 * one before any type is looked up, and stays one (dt_lex.l's
	 * id_or_type): a typedef's name becomes a global variable */
	OK("BEGIN { pid_t = 1; pid_t++; x = pid_t; u32[1] = 2; uint64_t--; }\n");
	OK("BEGIN { x = (pid_t)1; y = sizeof (u32); }\n");
	ERR("BEGIN { pid_t = 1; x = (pid_t)1; }\n", "[D_SYNTAX] line 1: syntax error near \"1\"");
	OK("typedef int foo_t;\nfoo_t x;\nBEGIN { foo_t = 1; }\n");
	/* a declaration's constant is cooked (dt_decl.c: dt_node_cook), so an
	 * undefined identifier in it is D_IDENT_UNDEF, an enumerator only from
	 * its own enum's earlier ones */
	ERR("int a[X];\n", "[D_IDENT_UNDEF] line 1: failed to resolve X: Unknown variable name");
	ERR("enum e { A = B, B };\n", "[D_IDENT_UNDEF] line 1: failed to resolve B: Unknown variable name");
	ERR("struct s { int a : X + 1; };\n", "[D_IDENT_UNDEF] line 1: failed to resolve X: Unknown variable name");
	ERR("int x;\nint a[x];\n",
	    "[D_DECL_ARRSUB] line 2: positive integral constant expression or tuple signature expected as array declaration subscript");
	ERR("int a[(int)\"a\"];\n", "[D_CAST_INVAL] line 1: invalid cast expression: \"string\" to \"int\"");
	OK("inline int I = 3;\nint a[I * 2];\nenum e { A = sizeof (int), B = A + I };\n");
	/* dt_cook_op2's additive rules: a constant past a C array's end is
	 * D_ARR_BOUNDS on + and - as on [] (the array on the left only); a
	 * string is a char array, so its difference with one is ptrdiff_t;
	 * += takes a compatible pointer */
	ERR("int a[5];\nBEGIN { x = a + 5; }\n", "[D_ARR_BOUNDS] line 2: index outside array bounds: 5, max is 5");
	ERR("int a[5];\nBEGIN { x = a - 7; }\n", "[D_ARR_BOUNDS] line 2: index outside array bounds: 7, max is 5");
	/* an aggregating function's value is <DYN> (dt_idcook_func), named
	 * by its kind; a void one is compatible with nothing, a variable
	 * that takes its type first too (dt_cook_op2) */
	ERR("BEGIN { x = count(); }\n",
	    "[D_OP_INCOMPAT] line 1: operands have incompatible types: \"scalar\" = \"aggregating function\"");
	ERR("BEGIN { a[1] = sum(1); }\n",
	    "[D_OP_INCOMPAT] line 1: operands have incompatible types: \"associative array\" = \"aggregating function\"");
	ERR("BEGIN { x = 1 + count(); }\n",
	    "[D_OP_INCOMPAT] line 1: operands have incompatible types: \"int\" + \"aggregating function\"");
	ERR("BEGIN { trace(count()); }\n", "[D_TRACE_DYN] line 1: trace( ) may not be applied to a dynamic expression");
	ERR("BEGIN { x = (count(), 1); }\n", "[D_OP_DYN] line 1: operator , operands cannot be of dynamic type");
	ERR("BEGIN { a[count()] = 1; }\n",
	    "[D_KEY_TYPE] line 1: aggregating function expression may not be used as associative array index: key #1");
	ERR("inline int x = count();\nBEGIN { }\n",
	    "[D_OP_INCOMPAT] line 1: inline x definition uses incompatible types: \"int\" = \"aggregating function\"");
	ERR("BEGIN { count(); }\n",
	    "[D_CG_EXPR] line 1: aggregating function count( ) may not be called from a D expression (D program context required)");
	ERR("BEGIN { x = printf(\"a\"); }\n", "[D_OP_INCOMPAT] line 1: operands have incompatible types: \"void\" = \"void\"");
	ERR("BEGIN { this->x = (void)0; }\n", "[D_OP_INCOMPAT] line 1: operands have incompatible types: \"void\" = \"void\"");
	ERR("int x;\nBEGIN { x = exit(0); }\n", "[D_OP_INCOMPAT] line 2: operands have incompatible types: \"int\" = \"void\"");
	ERR("BEGIN { x = stack(); }\n",
	    "[D_CG_EXPR] line 1: tracing function stack( ) may not be called from a D expression (D program context required)");
	/* the sum keeps the array's type (no decay): no variable takes it,
	 * an int * does (dt_cook_op2) */
	OK("int a[5];\nint b[1];\nint *p;\nBEGIN { p = a + 4; p = 5 + a; p = b + 3; trace(*(a + 1)); }\n");
	ERR("int a[5];\nBEGIN { x = a + 4; }\n",
	    "[D_OP_ARRFUN] line 2: operator = may not be applied to operand of type \"int [5]\"");
	ERR("int a[5];\nBEGIN { this->x = 1 + a; }\n",
	    "[D_OP_ARRFUN] line 2: operator = may not be applied to operand of type \"int [5]\"");
	ERR("BEGIN { x = \"a\" - \"b\"; }\n", "[D_UNKNOWN] line 1: expression is not yet supported by this implementation");
	ERR("int *p;\nBEGIN { x = p - \"a\"; }\n", "[D_OP_INCOMPAT] line 2: operands have incompatible types: \"int *\" - \"string\"");
	OK("int *p, *q;\nvoid *v;\nBEGIN { p += q; p -= v; }\n");
	/* bcopy() and copyinto() write only alloca() space, checked when the
	 * code is made (dt_cg_subr_bcopy_impl); & of an element or member of
	 * it points there (the taint dt_cook_op1/op2 carry) */
	ERR("BEGIN\n{\n\tbcopy(\"a\", (char *)curthread, 1);\n}\n",
	    "[D_PROTO_ARG] line 3: bcopy( ) argument #2 is incompatible with prototype:\n"
	    "\tprototype: alloca pointer\n\t argument: non-alloca pointer");
	ERR("BEGIN { copyinto(0, 8, (char *)curthread); }\n",
	    "[D_PROTO_ARG] line 1: copyinto( ) argument #3 is incompatible with prototype:\n"
	    "\tprototype: alloca pointer\n\t argument: non-alloca pointer");
	OK("struct s { int a; char b[4]; };\nBEGIN { s = (char *)alloca(16); p = (struct s *)alloca(8);\n"
	   "bcopy(\"a\", &s[14], 1); bcopy(\"a\", &p->b[1], 1); bcopy(\"a\", &(*p).a, 1); bcopy(\"a\", &*s, 1); }\n");
	ERR("int *p;\nlong *q;\nBEGIN { p += q; }\n", "[D_OP_INCOMPAT] line 3: operands have incompatible types: \"int *\" += \"long *\"");
	/* member operators name the type resolved; other messages the
	 * typedef (a struct's too) */
	ERR("typedef int myint_t;\nmyint_t x;\nBEGIN { x.y }\n",
	    "[D_OP_SOU] line 3: operator . cannot be applied to type \"int\"; must be applied to a struct or union");
	ERR("BEGIN { \"abc\".y }\n",
	    "[D_OP_SOU] line 1: operator . cannot be applied to type \"char [256]\"; must be applied to a struct or union");
	ERR("typedef struct foo { int a; } foo_t;\nfoo_t x;\nBEGIN { x.b }\n",
	    "[D_TYPE_MEMBER] line 3: b is not a member of struct foo");
	ERR("typedef struct foo { int a; } foo_t;\nfoo_t x;\nBEGIN { x + 1 }\n",
	    "[D_OP_INCOMPAT] line 3: operands have incompatible types: \"foo_t\" + \"int\"");
	/* strings, char pointers and char arrays compare and assign as
	 * strings; other pointers compare with a string only when void */
	OK("char *cp;\nBEGIN { cp = curthread->comm; }\n");
	/* a kernel integer is named as the kernel's BTF names it, as DTrace's
	 * CTF of the kernel does */
	ERR("BEGIN { x = curthread->se.avg.load_avg.y; }\n",
	    "[D_OP_SOU] line 1: operator . cannot be applied to type \"long unsigned int\"; must be applied to a struct or union");
	/* and its qualifiers kept, as libctf names them */
	ERR("BEGIN { x = curthread->cred + \"a\"; }\n",
	    "[D_OP_INCOMPAT] line 1: operands have incompatible types: \"const struct cred *\" + \"string\"");
	OK("BEGIN { x = \"a\" == (void *)0; y = \"a\" != 0; z = curthread->comm == \"a\"; }\n");
	ERR("BEGIN { x = \"a\" == curthread; }\n",
	    "[D_OP_INCOMPAT] line 1: operands have incompatible types: \"string\" == \"struct task_struct *\"");
	ERR("BEGIN { x = curthread->comm == (int *)0; }\n",
	    "[D_OP_INCOMPAT] line 1: operands have incompatible types: \"char [16]\" == \"int *\"");
	/* arrays of one type compare (their addresses, dt_cook_op2's
	 * ctf_type_compat), and so do arrays dt_node_is_ptrcompat accepts */
	OK("int a[4]; int b[4];\nBEGIN { x = a == b; y = curthread->comm != curthread->comm; }\n");
	ERR("int a[4]; long b[4];\nBEGIN { x = a == b; }\n",
	    "[D_OP_INCOMPAT] line 2: operands have incompatible types: \"int [4]\" == \"long [4]\"");
	/* void keys, and auto, as dt_idcook_assc and dt_decl_class refuse them */
	ERR("BEGIN { a[(void)1] = 1; }\n",
	    "[D_KEY_TYPE] line 1: void expression may not be used as associative array index: key #1");
	ERR("auto int x;\n", "[D_DECL_BADCLASS] line 1: specified storage class not appropriate in D");
	/* an inline of an integer constant is that constant (no lvalue);
	 * another inline is a variable that may not be written
	 * (dt_node_ident, dt_cook_op2) */
	ERR("inline int ii = 3;\nBEGIN { ii += 1; }\n",
	    "[D_OP_LVAL] line 2: operator += requires modifiable lvalue as an operand");
	ERR("enum e { A };\nBEGIN { A += 1; }\n",
	    "[D_OP_LVAL] line 2: operator += requires modifiable lvalue as an operand");
	ERR("inline int ii = pid;\nBEGIN { ii = 1; }\n",
	    "[D_OP_WRITE] line 2: operator = can only be applied to a writable variable");
	ERR("inline int ii = pid;\nBEGIN { ii++; }\n",
	    "[D_OP_WRITE] line 2: operator ++ can only be applied to a writable variable");
	/* only a D variable and memory reached from one is writable
	 * (DT_NF_WRITABLE: dt_node_var, dt_cook_op1 DEREF, dt_cook_op2 PTR/DOT) */
	ERR("BEGIN { *(char *)8 = 1; }\n",
	    "[D_OP_WRITE] line 1: operator = can only be applied to a writable variable");
	ERR("BEGIN { (*(int *)arg0)++; }\n",
	    "[D_OP_WRITE] line 1: operator ++ can only be applied to a writable variable");
	ERR("BEGIN { curthread->pid += 1; }\n",
	    "[D_OP_WRITE] line 1: operator += can only be applied to a writable variable");
	/* args[i] and uregs[i] are variables (DT_NF_LVALUE, dt_xcook_ident)
	 * that may not be written (no DT_IDFLG_WRITE) nor addressed */
	ERR("syscall::read:entry { args[0] = 1; }\n",
	    "[D_OP_WRITE] line 1: operator = can only be applied to a writable variable");
	ERR("syscall::read:entry {\n--args[2]; }\n",
	    "[D_OP_WRITE] line 2: operator -- can only be applied to a writable variable");
	ERR("BEGIN { uregs[0] = 1; }\n",
	    "[D_OP_WRITE] line 1: operator = can only be applied to a writable variable");
	ERR("BEGIN { uregs[R_PC]++; }\n",
	    "[D_OP_WRITE] line 1: operator ++ can only be applied to a writable variable");
	/* an array member is no lvalue (dt_cook_op2 DT_TOK_PTR/DOT) */
	ERR("struct s { int a[2]; struct { int c[2]; } in; };\nBEGIN { p = (struct s *)alloca(16); print(&p->a); }\n",
	    "[D_ADDROF_LVAL] line 2: unacceptable operand for unary & operator");
	ERR("struct s { int a[2]; struct { int c[2]; } in; };\nBEGIN { p = (struct s *)alloca(16); print(&p->in.c); }\n",
	    "[D_ADDROF_LVAL] line 2: unacceptable operand for unary & operator");
	ERR("BEGIN { trace(&curthread->comm); }\n",
	    "[D_ADDROF_LVAL] line 1: unacceptable operand for unary & operator");
	OK("struct s { int a[2]; struct { int c[2]; } in; };\nBEGIN { p = (struct s *)alloca(16); print(&p->in); print(&p->a[1]); print(&p->in.c[0]); }\n");
	/* uregs[i] is a uint64_t by that name (dt_idcook_regs) */
	ERR("BEGIN { printf(\"%s\", uregs[0]); }\n",
	    "[D_PRINTF_ARG_TYPE] line 1: printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
	    "\tconversion: %s\n\t prototype: char [] or string (or use stringof)\n\t  argument: uint64_t");
	ERR("syscall::read:entry { trace(&args[1]); }\n",
	    "[D_ADDROF_VAR] line 1: cannot take address of dynamic variable");
	ERR("BEGIN { trace(&uregs[0]); }\n",
	    "[D_ADDROF_VAR] line 1: cannot take address of dynamic variable");
	OK("BEGIN { x = (int *)alloca(8); *x = 1; x[1] = 2; *(x + 1) = 3; }\n");
	OK("BEGIN { this->t = curthread; this->t->pid = 1; }\n");
	OK("struct s { int a; }; self struct s v; BEGIN { self->v.a = 1; }\n");
	ERR("inline string s = \"abc\";\nBEGIN { s += 1; }\n",
	    "[D_OP_INCOMPAT] line 2: operands have incompatible types: \"string\" += \"int\"");
	ERR("inline int ii = 3;\nBEGIN { x = &ii; }\n",
	    "[D_ADDROF_LVAL] line 2: unacceptable operand for unary & operator");
	/* E1[E2] of a scalar variable already typed is *(E1 + E2); several
	 * keys on what is no variable name its operator (dt_node_op2) */
	ERR("BEGIN { x = 1; y = x[1]; }\n", "[D_DEREF_NONPTR] line 1: cannot dereference non-pointer type");
	ERR("BEGIN { this->x = 1; y = this->x[1]; }\n", "[D_DEREF_NONPTR] line 1: cannot dereference non-pointer type");
	ERR("BEGIN { y = curthread->comm[1, 2]; }\n",
	    "[D_ARR_BADREF] line 1: cannot access operator -> as an associative array");
	/* type names as libctf's ctf_type_name writes them */
	ERR("char **a;\nBEGIN { a - \"a\" }\n",
	    "[D_OP_INCOMPAT] line 2: operands have incompatible types: \"char **\" - \"string\"");
	ERR("int *a[3];\nBEGIN { a - \"a\" }\n",
	    "[D_OP_INCOMPAT] line 2: operands have incompatible types: \"int *[3]\" - \"string\"");
	ERR("int (*a)[3];\nBEGIN { a - \"a\" }\n",
	    "[D_OP_INCOMPAT] line 2: operands have incompatible types: \"int (*)[3]\" - \"string\"");
	ERR("int (*fp)(int);\nBEGIN { fp - \"a\" }\n",
	    "[D_OP_INCOMPAT] line 2: operands have incompatible types: \"function pointer\" - \"string\"");
	ERR("this string s[int, int];\n",
	    "[D_DECL_LOCASSC] line 1: associative arrays may not be declared as local variables: s");
	/* operator type errors in a predicate are reported at the line after it */
	ERR("BEGIN\n/1 +\n\"x\" * 2/\n{\n}\n",
	    "[D_OP_ARITH] line 4: operator * requires operands of arithmetic type");
	ERR("typedef long vlong;\ntypedef int vlong;\n",
	    "[D_DECL_IDRED] line 2: typedef redeclared: vlong");
	ERR("BEGIN\n{\n\tx = 1;\n\ty = *x;\n}\n",
	    "[D_DEREF_NONPTR] line 4: cannot dereference non-pointer type");
	ERR("BEGIN\n{\n\ttrace(curthread.pid);\n}\n",
	    "[D_OP_SOU] line 3: operator . cannot be applied to type \"struct task_struct *\"; must be applied to a struct or union");
	ERR("unsigned void *p;\n",
	    "[D_DECL_VOIDATTR] line 1: invalid type declaration: attributes may not be used with void type");
	ERR("long int `k;\n",
	    "[D_DECL_SCOPE] line 1: D scoping operator may not be used in a declaration name (`k)");
	/* dt_decl_spec: a scoped type name only as the first specifier */
	ERR("const struct vmlinux`task_struct *p;\n",
	    "[D_DECL_SCOPE] line 1: D scoping operator may not be used in a type name");
	ERR("const D`int x;\n",
	    "[D_DECL_SCOPE] line 1: D scoping operator may not be used in a type name");
	/* dt_type_lookup: object`type names the type in that object */
	OK("struct vmlinux`task_struct *p;\nBEGIN\n{\n\ttrace((vmlinux`pid_t)1 + sizeof(C`int) + sizeof(D`int8_t) + sizeof(D`string));\n}\n");
	ERR("BEGIN\n{\n\ttrace(sizeof(C`int8_t));\n}\n",
	    "[D_IDENT_UNDEF] line 3: failed to resolve C`int8_t: Unknown symbol name");
	ERR("BEGIN\n{\n\tx = sizeof(unsigned long short int);\n}\n",
	    "[D_UNKNOWN] line 3: failed to resolve type unsigned short long : Unknown type name");
	/* dt_decl_type looks up the name the specifiers spell */
	ERR("signed unsigned x;\n", "[D_UNKNOWN] line 1: failed to resolve type signed unsigned : Unknown type name");
	ERR("long long long x;\n", "[D_UNKNOWN] line 1: failed to resolve type long long long : Unknown type name");
	OK("short short int a;\nsigned long long int b;\nunsigned c;\nsigned d;\nBEGIN\n{\n\ttrace(sizeof(a) + sizeof(b) + sizeof(c) + sizeof(d));\n}\n");
	/* ctf_add_member: one member of a name */
	ERR("struct s {\n\tint a;\n\tlong a;\n};\n",
	    "[D_UNKNOWN] line 3: failed to define member 'a': Duplicate member or variable name.");
	/* a type's name after a type specifier is the declarator's: the
	 * declaration is refused before what follows is read */
	ERR("typedef int T;\nint T x;\n", "[D_DECL_IDRED] line 2: typedef identifier redeclared: T");
	/* dt_cook_op2's cast rules: a string is no scalar, a scalar casts to a string */
	ERR("BEGIN\n{\n\ttrace((int)\"abc\");\n}\n", "[D_CAST_INVAL] line 3: invalid cast expression: \"string\" to \"int\"");
	ERR("BEGIN\n{\n\ttrace((char *)\"abc\");\n}\n", "[D_CAST_INVAL] line 3: invalid cast expression: \"string\" to \"char *\"");
	ERR("struct s { int a; };\nBEGIN\n{\n\ttrace((struct s)1);\n}\n", "[D_CAST_INVAL] line 4: invalid cast expression: \"int\" to \"struct s\"");
	OK("BEGIN\n{\n\ttrace((string)arg0);\n\ttrace((char *)curthread->comm);\n\t(void)\"abc\";\n}\n");
	/* enumerators, inlines, functions and variables share the global names */
	ERR("enum e { A, B };\nint B;\n",
	    "[D_DECL_IDRED] line 2: identifier redeclared: B\n\t current: scalar int\n\tprevious: enumerator enum e");
	ERR("inline int A = 1;\nenum e { A };\n", "[D_DECL_IDRED] line 2: identifier redeclared: A");
	ERR("enum e { trace };\n", "[D_DECL_IDRED] line 1: identifier redeclared: trace");
	ERR("enum e { A };\ninline int A = 1;\n",
	    "[D_DECL_IDRED] line 2: identifier redefined: A\n\t current: inline definition\n\tprevious: enumerator inline");
	ERR("int count;\n", "[D_DECL_IDRED] line 1: built-in identifier redeclared: count");
	ERR("inline string x = \"a\";\nint x;\n",
	    "[D_DECL_IDRED] line 2: identifier redeclared: x\n\t current: scalar int\n\tprevious: scalar string");
	OK("inline int x = 1;\nint x;\nBEGIN\n{\n\ttrace(x);\n}\n");
	/* tracemem() takes a pointer or an integer, and an array is a pointer */
	OK("BEGIN\n{\n\ttracemem(curthread->comm, 16);\n}\n");
	ERR("BEGIN\n{\n\ttracemem(\"abc\", 4);\n}\n",
	    "[D_TRACEMEM_ADDR] line 3: tracemem( ) argument #1 is incompatible with prototype:\n\tprototype: pointer or integer\n\t argument: string");
	/* dt_node_inline: an inline's name is new, its value fits its type */
	ERR("inline int x = 1;\ninline int x = 2;\n",
	    "[D_DECL_IDRED] line 2: identifier redefined: x\n\t current: inline definition\n\tprevious: scalar inline");
	ERR("int x;\ninline int x = 2;\n",
	    "[D_DECL_IDRED] line 2: identifier redefined: x\n\t current: inline definition\n\tprevious: scalar ");
	ERR("inline int trace = 2;\n",
	    "[D_DECL_IDRED] line 1: identifier redefined: trace\n\t current: inline definition\n\tprevious: tracing function ");
	ERR("inline int x = \"abc\";\n",
	    "[D_OP_INCOMPAT] line 1: inline x definition uses incompatible types: \"int\" = \"string\"");
	ERR("inline string f[int a] = a;\nBEGIN\n{\n\ttrace(f[1]);\n}\n",
	    "[D_OP_INCOMPAT] line 1: inline f definition uses incompatible types: \"string\" = \"int\"");
	ERR("struct in { int a; };\nstruct out { int b; };\ntranslator struct out < struct in *p > { b = p->a; };\n"
	    "inline int p = xlate<struct out *>((struct in *)0);\n",
	    "[D_OP_INCOMPAT] line 4: inline p definition uses incompatible types: \"int\" = \"struct out\"");
	OK("struct in { int a; };\nstruct out { int b; };\ntranslator struct out < struct in *p > { b = p->a; };\n"
	   "inline char *s = \"abc\";\ninline struct out p = xlate<struct out *>((struct in *)0);\nBEGIN\n{\n\ttrace(s);\n}\n");
	ERR("struct empty {\n};\n", "[D_SYNTAX] line 2: syntax error near \"}\"");
	ERR("enum none {\n};\n", "[D_SYNTAX] line 2: syntax error near \"}\"");
	/* compound additive assignment: a scalar of known size on the left */
	ERR("BEGIN\n{\n\tv = (void *)0;\n\tv += 1;\n}\n",
	    "[D_OP_VFPTR] line 4: operator += requires left-hand scalar operand of known size");
	ERR("BEGIN\n{\n\tn = 1;\n\tn -= curthread;\n}\n",
	    "[D_OP_VFPTR] line 4: operator -= requires left-hand scalar operand of known size");
	ERR("BEGIN\n{\n\tn = 1;\n\tn *= curthread;\n}\n",
	    "[D_OP_ARITH] line 4: operator *= requires operands of arithmetic type");
	OK("BEGIN\n{\n\tp = (char *)curthread;\n\tp += 8;\n\tp -= 4;\n}\n");
	/* ++ and --: a scalar, of known size, then a writable lvalue
	 * (dt_cook_op1's order) */
	ERR("BEGIN\n{\n\tv = (void *)0;\n\tv++;\n}\n",
	    "[D_OP_VFPTR] line 4: operator ++ requires an operand of known size");
	ERR("BEGIN\n{\n\t--curthread->comm;\n}\n",
	    "[D_OP_SCALAR] line 3: operator -- requires operand of scalar type");
	/* =: the operands' types before the lvalue (dt_cook_op2's
	 * asgn_common); a char array is no string to assign */
	ERR("BEGIN\n{\n\tcurthread = \"a\";\n}\n",
	    "[D_OP_INCOMPAT] line 3: operands have incompatible types: \"struct task_struct *\" = \"string\"");
	ERR("BEGIN\n{\n\tpid += \"a\";\n}\n",
	    "[D_OP_INCOMPAT] line 3: operands have incompatible types: \"pid_t\" += \"string\"");
	ERR("struct s { char n[8]; };\nBEGIN\n{\n\tthis->p = (struct s *)alloca(8);\n\tthis->p->n = \"ab\";\n}\n",
	    "[D_OP_ARRFUN] line 5: operator = may not be applied to operand of type \"char [8]\"");
	/* the left side is cooked before the right (dt_cook_op2) */
	ERR("BEGIN\n{\n\tcurthread->nosuch = undefined_var;\n}\n",
	    "[D_TYPE_MEMBER] line 3: nosuch is not a member of struct task_struct");
	ERR("BEGIN\n{\n\tthis->x = 1;\n\tthis->x->a = undefined_var;\n}\n",
	    "[D_OP_PTR] line 4: operator -> must be applied to a pointer");
	/* a typedef's name is the type's name in messages */
	ERR("typedef int foo_t;\nfoo_t x;\nBEGIN\n{\n\tx = \"a\";\n}\n",
	    "[D_OP_INCOMPAT] line 5: operands have incompatible types: \"foo_t\" = \"string\"");
	ERR("BEGIN\n{\n\tx = timestamp;\n\tx = curthread;\n}\n",
	    "[D_OP_INCOMPAT] line 4: operands have incompatible types: \"uint64_t\" = \"struct task_struct *\"");
	OK("typedef int foo_t;\nfoo_t *p;\nint *q;\nBEGIN\n{\n\tp = q;\n\tq = p;\n\tx = (foo_t)1 + 2;\n}\n");
	ERR("BEGIN\n{\n\tx = stringof(exit(0));\n}\n",
	    "[D_STRINGOF_TYPE] line 3: cannot apply stringof to a value of type void");
	ERR("a:b:c:d:e\n{\n}\n",
	    "[D_PDESC_INVAL] line 1: invalid probe description \"a:b:c:d:e\": Overspecified probe description");
}

/* Valid programs: every one must compile without a message. */
static void valid_programs(void)
{
	/* all the C operators, with precedence and associativity */
	OK("BEGIN\n{\n"
	   "\ta = 1; b = 2; c = 3;\n"
	   "\tx = a + b * c - (a << 2) / b % c;\n"
	   "\tx = a | b & c ^ ~a;\n"
	   "\tx = a < b && b <= c || a > c ^^ b >= a;\n"
	   "\tx = a == b ? b != c : -a;\n"
	   "\tx = +a - -b + !a;\n"
	   "\tx = a ? b ? 1 : 2 : 3;\n"
	   "\tx += 1; x -= 1; x *= 2; x /= 2; x %= 7;\n"
	   "\tx <<= 1; x >>= 1; x &= 0xff; x |= 0x100; x ^= 3;\n"
	   "\tx++; x--; ++x; --x;\n"
	   "\ta = b = c = x;\n"
	   "\tx = (a, b);\n"
	   "}\n");
	/* casts and sizeof */
	OK("BEGIN\n{\n\tx = 300;\n"
	   "\ty = (char)x + (unsigned char)x + (signed char)x + (short)x + (unsigned short)x;\n"
	   "\ty = (int)x + (unsigned int)x + (unsigned)x + (long)x + (unsigned long)x;\n"
	   "\ty = (long long)x + (unsigned long long)x + (int8_t)x + (uint64_t)x + (uintptr_t)x;\n"
	   "\tz = sizeof(int) + sizeof (x) + sizeof x + sizeof(uint16_t) + sizeof(char *) + sizeof(\"abc\");\n"
	   "\tp = (int *)0;\n"
	   "}\n");
	/* string literals with every escape */
	OK("BEGIN\n{\n"
	   "\ts = \"tab\\tnl\\nquote\\\"bs\\\\oct\\101\\0hex\\x41bell\\a\\b\\f\\r\\v\\?\\'\";\n"
	   "\tt = strjoin(s, \"\");\n"
	   "\tn = strlen(t) + strlen(substr(t, 1)) + strlen(substr(t, 1, 2));\n"
	   "\tb = s == t || s < t || s > \"\";\n"
	   "}\n");
	/* integer literals in every base and with every suffix */
	OK("BEGIN\n{\n"
	   "\tn = 0 + 00 + 07 + 0777 + 0x0 + 0XfF + 0xDeadBeef + 123456789012;\n"
	   "\tn = 10u + 10U + 10l + 10L + 10ul + 10UL + 10uL + 10ll + 10LL + 10Ll + 10ULL + 10ull;\n"
	   "\tn = 0x10ull + 017L + 0xffffffffu + 0x7fffffffffffffffLL;\n"
	   "}\n");
	/* character constants */
	OK("BEGIN\n{\n"
	   "\tc = 'a' + '\\n' + '\\0' + '\\'' + '\\\\' + '\\x7f' + '\\177' + '\"' + 'ab' + 'abcdefgh';\n"
	   "}\n");
	/* self->, this->, associative arrays, declarations, inlines */
	OK("#pragma D option quiet\n"
	   "int g;\nself int tv;\nthis int lv;\ninline int FOUR = 4;\nint arr[5];\n"
	   "uint64_t big[string, int];\n"
	   "BEGIN\n/g == 0/\n{\n"
	   "\tself->tv = 1; self->other = \"str\";\n"
	   "\tthis->lv = 2; this->tmp = this->lv + self->tv;\n"
	   "\tassoc[1] = 2; assoc[2] = assoc[1] + 1;\n"
	   "\tmulti[\"k\", 1, self->tv] = \"v\";\n"
	   "\tbig[\"x\", 3] = 7;\n"
	   "\tarr[FOUR] = 1;\n"
	   "\tself->tv++; assoc[1]--; ++this->lv;\n"
	   "\ttrace(self->tv); trace(this->tmp); trace(multi[\"k\", 1, 1]);\n"
	   "}\n");
	/* if/else with blocks, and a last statement without ";" */
	OK("BEGIN\n{\n\tx = 5;\n"
	   "\tif (x > 3) {\n\t\tg = 1;\n\t} else if (x < 0) {\n\t\tg = 2;\n\t} else {\n\t\tg = 3;\n\t}\n"
	   "\tif (g) { trace(g); }\n"
	   "\tif (g == 1) {\n\t}\n"
	   "\texit(0)\n}\n");
	/* clauses: several descriptions, empty bodies, predicates only */
	OK("BEGIN,\nEND\n{\n}\n\nBEGIN\n/1/\n{\n\t;\n}\n\ndtrace:::BEGIN\n{\n}\n");
	OK("#!/usr/sbin/dtrace -s\n#pragma D option quiet\n#pragma D option strsize=512\n\nBEGIN { exit(0); }\n");

	/*
	 * if/else whose then-part is a single statement, not a block (DTrace's
	 * grammar: statement_or_block DT_KEY_ELSE statement_or_block).
	 */
	OK("BEGIN\n{\n\tx = 1;\n\tif (x) trace(1); else trace(2);\n}\n");
	OK("BEGIN\n{\n\tx = 1;\n\tif (x == 0) trace(1); else if (x == 1) trace(2); else trace(3);\n}\n");
	OK("BEGIN\n{\n\tx = 1;\n\tif (x) {\n\t\tif (x > 5) trace(1); else trace(2);\n\t}\n}\n");
}

/*
 * Calls checked against the built-in functions' prototypes (DTrace's
 * dt_idcook_sign in dt_ident.c: D_PROTO_LEN on the count of arguments,
 * D_PROTO_ARG on each one's type by dt_node_is_argcompat in dt_parser.c).
 * A prototype's parameter type is named as DTrace names it: pointers with
 * their qualifiers resolved away ("char *" for "const char *"), typedefs by
 * their names, kernel types without their module.
 */
static void prototype_errors(void)
{
	/* count: exact, "at least" (optional and variadic), "at most" */
	ERR("BEGIN\n{\n\trand(1);\n}\n",
	    "[D_PROTO_LEN] line 3: rand( ) prototype mismatch: 1 arg passed, 0 expected");
	ERR("BEGIN\n{\n\tstrjoin(\"a\");\n}\n",
	    "[D_PROTO_LEN] line 3: strjoin( ) prototype mismatch: 1 arg passed, 2 expected");
	ERR("BEGIN\n{\n\tcopyinstr();\n}\n",
	    "[D_PROTO_LEN] line 3: copyinstr( ) prototype mismatch: 0 args passed, at least 1 expected");
	ERR("BEGIN\n{\n\tlltostr(1, 10, 3);\n}\n",
	    "[D_PROTO_LEN] line 3: lltostr( ) prototype mismatch: 3 args passed, at most 2 expected");
	ERR("BEGIN\n{\n\t@a = lquantize(1, 0);\n}\n",
	    "[D_PROTO_LEN] line 3: lquantize( ) prototype mismatch: 2 args passed, at least 3 expected");
	ERR("BEGIN\n{\n\tstop(1);\n}\n",
	    "[D_PROTO_LEN] line 3: stop( ) prototype mismatch: 1 arg passed, 0 expected");
	/* types: strings (char pointers and arrays too), integers, pointers */
	ERR("BEGIN\n{\n\tstrlen(1);\n}\n",
	    "[D_PROTO_ARG] line 3: strlen( ) argument #1 is incompatible with prototype:\n\tprototype: char *\n\t argument: int");
	ERR("BEGIN\n{\n\tx = strjoin(\"a\", timestamp);\n}\n",
	    "[D_PROTO_ARG] line 3: strjoin( ) argument #2 is incompatible with prototype:\n\tprototype: char *\n\t argument: uint64_t");
	ERR("BEGIN\n{\n\tx = strchr(\"abc\", \"b\");\n}\n",
	    "[D_PROTO_ARG] line 3: strchr( ) argument #2 is incompatible with prototype:\n\tprototype: char\n\t argument: string");
	ERR("BEGIN\n{\n\tx = substr(\"abc\", 1, \"2\");\n}\n",
	    "[D_PROTO_ARG] line 3: substr( ) argument #3 is incompatible with prototype:\n\tprototype: int\n\t argument: string");
	ERR("BEGIN\n{\n\tx = alloca(\"16\");\n}\n",
	    "[D_PROTO_ARG] line 3: alloca( ) argument #1 is incompatible with prototype:\n\tprototype: size_t\n\t argument: string");
	ERR("BEGIN\n{\n\tx = htons(\"a\");\n}\n",
	    "[D_PROTO_ARG] line 3: htons( ) argument #1 is incompatible with prototype:\n\tprototype: uint16_t\n\t argument: string");
	ERR("BEGIN\n{\n\tx = lltostr(\"1\");\n}\n",
	    "[D_PROTO_ARG] line 3: lltostr( ) argument #1 is incompatible with prototype:\n\tprototype: int64_t\n\t argument: string");
	/* a pointer is no integer (uintptr_t), an integer no pointer but 0 */
	ERR("BEGIN\n{\n\tx = copyinstr(curthread);\n}\n",
	    "[D_PROTO_ARG] line 3: copyinstr( ) argument #1 is incompatible with prototype:\n\tprototype: uintptr_t\n\t argument: struct task_struct *");
	ERR("BEGIN\n{\n\tbcopy(1, alloca(8), 8);\n}\n",
	    "[D_PROTO_ARG] line 3: bcopy( ) argument #1 is incompatible with prototype:\n\tprototype: void *\n\t argument: int");
	ERR("BEGIN\n{\n\tx = mutex_owned(curthread);\n}\n",
	    "[D_PROTO_ARG] line 3: mutex_owned( ) argument #1 is incompatible with prototype:\n\tprototype: struct mutex *\n\t argument: struct task_struct *");
	/* an aggregation is typed by no prototype but "@" */
	ERR("BEGIN\n{\n\t@a = count();\n\tnormalize(@a, @a);\n}\n",
	    "[D_PROTO_ARG] line 4: normalize( ) argument #2 is incompatible with prototype:\n\tprototype: uint64_t\n\t argument: aggregation");
	ERR("BEGIN\n{\n\t@a = count();\n\ttrunc(@a, \"5\");\n}\n",
	    "[D_PROTO_ARG] line 4: trunc( ) argument #2 is incompatible with prototype:\n\tprototype: int64_t\n\t argument: string");
	ERR("BEGIN\n{\n\tspeculate(\"a\");\n}\n",
	    "[D_PROTO_ARG] line 3: speculate( ) argument #1 is incompatible with prototype:\n\tprototype: int\n\t argument: string");
	/* an aggregating function's optional increment (dt_cg_agg_opt_incr) */
	ERR("BEGIN\n{\n\t@a = quantize(1, \"x\");\n}\n",
	    "[D_PROTO_ARG] line 3: quantize( ) increment value (argument #2) must be of scalar type");
	ERR("BEGIN\n{\n\t@a = lquantize(1, 0, 10, 1, \"x\");\n}\n",
	    "[D_PROTO_ARG] line 3: lquantize( ) increment value (argument #5) must be of scalar type");
	ERR("BEGIN\n{\n\t@a = quantize(1, 2, 3);\n}\n",
	    "[D_PROTO_LEN] line 3: quantize( ) prototype mismatch: 3 args passed, at most 2 expected");
	/* lquantize() and llquantize() count their parameters from the value
	 * (dt_cg_agg_lquantize, dt_cg_agg_llquantize: base is argument #1) */
	ERR("BEGIN\n{\n\t@a = sum(\"a\");\n}\n",
	    "[D_AGG_SCALAR] line 3: sum( ) argument #1 must be of scalar type");
	ERR("BEGIN\n{\n\tx = 1;\n\t@a = lquantize(1, x, 10);\n}\n",
	    "[D_LQUANT_BASETYPE] line 4: lquantize( ) argument #1 must be an integer constant");
	ERR("BEGIN\n{\n\t@a = lquantize(1, 10, 0);\n}\n",
	    "[D_LQUANT_MISMATCH] line 3: lquantize( ) base (argument #1) must be less than limit (argument #2)");
	ERR("BEGIN\n{\n\t@a = llquantize(1, 10, 0, 2, 4);\n}\n",
	    "[D_LLQUANT_STEPVAL] line 3: llquantize() argument #4 (steps) must evenly divide argument #1 (factor) when steps<factor");
	ERR("BEGIN\n{\n\t@a = llquantize(1, 10, 0, 2, 30);\n}\n",
	    "[D_LLQUANT_STEPVAL] line 3: llquantize() argument #4 (steps) must evenly divide the square of argument #1 (factor) when steps>factor and lmag==0");
	ERR("BEGIN\n{\n\t@a = llquantize(1, 10, 0, 2, 10);\n\t@a = llquantize(1, 10, 1, 2, 10);\n}\n",
	    "[D_LLQUANT_MATCHLMAG] line 4: llquantize() lmag (argument #2) doesn't match previous declaration: expected 0, found 1");
	/* the same levels are the same limit */
	OK("BEGIN\n{\n\t@a = lquantize(1, 0, 10, 3);\n\t@a = lquantize(2, 0, 11, 3);\n}\n");
	OK("BEGIN\n{\n\t@a = llquantize(1, 10, 0, 2, 20);\n}\n");
	/* printf's format: a string by its prototype, then a constant one */
	ERR("BEGIN\n{\n\tx = \"%d\";\n\tprintf(x, 1);\n}\n",
	    "[D_PRINTF_ARG_FMT] line 4: printf( ) argument #1 is incompatible with prototype:\n\tprototype: string constant\n\t argument: string");
	/* what the prototypes allow */
	OK("BEGIN\n{\n\tx = strlen(curthread->comm);\n\ty = strjoin(probename, \"x\");\n}\n");
	OK("BEGIN\n{\n\tx = strchr(\"abc\", 'b');\n\ty = index(\"abc\", \"b\", 1);\n}\n");
	OK("BEGIN\n{\n\tx = copyinstr(arg0);\n\ty = copyinstr(arg0, 8);\n}\n");
	OK("BEGIN\n{\n\tx = (char *)alloca(8);\n\tbcopy(curthread->comm, x, 8);\n}\n");
	OK("BEGIN\n{\n\tx = strlen(NULL);\n\ty = progenyof(pid);\n}\n");
}

/*
 * Provider definitions (dtrace -h's input): DTrace's checks and the lines it
 * reports them on (a probe's: its ';'; a provider's: the ';' after its '}').
 */
/*
 * Translated data (xlate<T>(e), an inline or a stable args[i] that is
 * one) is of D's dynamic type: ->, ., unary * and a struct assignment
 * consume it; every other context refuses it as DTrace does, naming it
 * "translated data" or "pointer to translated data".
 */
#define XL_DECLS "struct in { int a; };\nstruct out { int b; char s[8]; long c[2]; };\n" \
		 "translator struct out < struct in *P > { b = P->a + 1; s = \"xy\"; };\n"
#define XL_CLAUSE(stmt) XL_DECLS "BEGIN\n{\n\tthis->p = (struct in *)alloca(4);\n\t" stmt "\n}\n"
#define XL_PTR "xlate<struct out *>(this->p)"
#define XL_SOU "xlate<struct out>(this->p)"

static void translated_data(void)
{
	/* comparison with NULL (the int 0), arithmetic, logic */
	ERR(XL_CLAUSE("trace(" XL_PTR " == NULL);"),
	    "[D_OP_INCOMPAT] line 7: operands have incompatible types: \"pointer to translated data\" == \"int\"");
	ERR(XL_CLAUSE("trace(NULL != " XL_PTR ");"),
	    "[D_OP_INCOMPAT] line 7: operands have incompatible types: \"int\" != \"pointer to translated data\"");
	ERR(XL_CLAUSE("trace(" XL_PTR " + 1);"),
	    "[D_OP_INCOMPAT] line 7: operands have incompatible types: \"pointer to translated data\" + \"int\"");
	ERR(XL_CLAUSE("trace(" XL_PTR "[0]);"),
	    "[D_OP_INCOMPAT] line 7: operands have incompatible types: \"pointer to translated data\" + \"int\"");
	ERR(XL_CLAUSE("trace(2 * " XL_SOU ");"), "[D_OP_ARITH] line 7: operator * requires operands of arithmetic type");
	ERR(XL_CLAUSE("trace(" XL_PTR " & 1);"), "[D_OP_INT] line 7: operator & requires operands of integral type");
	ERR(XL_CLAUSE("trace(" XL_PTR " && 1);"), "[D_OP_SCALAR] line 7: operator && requires operands of scalar type");
	ERR(XL_CLAUSE("trace((1, " XL_PTR "));"), "[D_OP_DYN] line 7: operator , operands cannot be of dynamic type");
	ERR(XL_CLAUSE("trace(-" XL_PTR ");"), "[D_OP_ARITH] line 7: operator - requires an operand of arithmetic type");
	ERR(XL_CLAUSE("trace(!" XL_PTR ");"), "[D_OP_SCALAR] line 7: operator ! requires an operand of scalar type");
	ERR(XL_CLAUSE("trace(&" XL_SOU ");"), "[D_ADDROF_VAR] line 7: cannot take address of dynamic object");
	ERR(XL_CLAUSE("trace(*" XL_SOU ");"), "[D_DEREF_NONPTR] line 7: cannot dereference non-pointer type");
	ERR(XL_CLAUSE(XL_PTR "++;"), "[D_OP_SCALAR] line 7: operator ++ requires operand of scalar type");
	/* ?: takes it neither as condition nor as operand */
	ERR(XL_CLAUSE("x = timestamp ? 2 : " XL_SOU ";"), "[D_OP_DYN] line 7: operator ?: operands cannot be of dynamic type");
	ERR(XL_CLAUSE("x = " XL_PTR " ? 1 : 2;"), "[D_OP_SCALAR] line 7: operator ?: expression must be of scalar type");
	/* trace(), a bare statement, function arguments, printf conversions */
	ERR(XL_CLAUSE("trace(" XL_PTR ");"), "[D_TRACE_DYN] line 7: trace( ) may not be applied to a dynamic expression");
	ERR(XL_CLAUSE(XL_PTR ";"), "[D_CG_DYN] line 7: expression cannot evaluate to result of dynamic type");
	ERR(XL_CLAUSE("trace(strlen(" XL_PTR "));"),
	    "[D_PROTO_ARG] line 7: strlen( ) argument #1 is incompatible with prototype:\n\tprototype: char *\n\t argument: pointer to translated data");
	ERR(XL_CLAUSE("printf(\"%d\", *" XL_PTR ");"),
	    "[D_PRINTF_ARG_TYPE] line 7: printf( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: %d\n"
	    "\t prototype: char, short, int, long, or long long\n\t  argument: translated data");
	ERR(XL_CLAUSE("trace(stringof(" XL_PTR "));"),
	    "[D_STRINGOF_TYPE] line 7: cannot apply stringof to a value of type pointer to translated data");
	ERR(XL_CLAUSE("trace((long)" XL_PTR ");"),
	    "[D_CAST_INVAL] line 7: invalid cast expression: \"pointer to translated data\" to \"long\"");
	/* keys */
	ERR(XL_CLAUSE("@[" XL_PTR "] = count();"),
	    "[D_KEY_TYPE] line 7: pointer to translated data expression may not be used as aggregation index: key #1");
	/* printa()'s format is checked against the aggregation as the
	 * statement's code is generated, before later statements' formats
	 * are parsed (dt_cg_act_printa) */
	ERR("BEGIN\n{\n\t@s = sum(1);\n\tprinta(\"%@c\", @s);\n\tprinta(\"%@hhd\", @s);\n}\n",
	    "[D_PRINTF_ARG_TYPE] line 4: printa( ) aggregating action is incompatible with conversion #1 prototype:\n"
	    "\tconversion: %c\n\t prototype: char, short, or int\n\t  argument: int64_t");
	/* ten keys need a tenth tuple register (dt_cg_arglist) */
	ERR("BEGIN\n{\n\t@a[1, 2, 3, 4, 5, 6, 7, 8, 9, 10] = count();\n}\n",
	    "Insufficient tuple registers to generate code");
	OK("BEGIN\n{\n\t@a[1, 2, 3, 4, 5, 6, 7, 8, \"x\"] = count();\n}\n");
	/* ... and so do ten keys of an associative array */
	ERR("BEGIN\n{\n\ta[1, 2, 3, 4, 5, 6, 7, 8, 9, 10] = 0;\n}\n",
	    "Insufficient tuple registers to generate code");
	OK("BEGIN\n{\n\ta[1, 2, 3, 4, 5, 6, 7, 8, 9] = 0;\n}\n");
	/* an aggregating function's call is named by its kind */
	ERR("BEGIN\n{\n\t@a[1, sum(1)] = count();\n}\n",
	    "[D_KEY_TYPE] line 3: aggregating function expression may not be used as aggregation index: key #2");
	ERR(XL_CLAUSE("a[" XL_SOU "] = 1;"),
	    "[D_KEY_TYPE] line 7: translated data expression may not be used as associative array index: key #1");
	/* assignment: an untyped variable is named by its kind */
	ERR(XL_CLAUSE("x = " XL_PTR ";"),
	    "[D_OP_INCOMPAT] line 7: operands have incompatible types: \"scalar\" = \"pointer to translated data\"");
	ERR(XL_CLAUSE("a[1] = " XL_PTR ";"),
	    "[D_OP_INCOMPAT] line 7: operands have incompatible types: \"associative array\" = \"pointer to translated data\"");
	ERR(XL_CLAUSE("x = 1; x = " XL_SOU ";"),
	    "[D_OP_INCOMPAT] line 7: operands have incompatible types: \"int\" = \"translated data\"");
	/* no translator to or from translated data */
	ERR(XL_CLAUSE("trace(xlate<struct out>(" XL_SOU ").b);"),
	    "[D_XLATE_NONE] line 7: cannot translate from \"translated data\" to \"struct out\"");
	ERR(XL_CLAUSE("trace(xlate<struct out *>(1));"),
	    "[D_XLATE_NONE] line 7: cannot translate from \"int\" to \"struct out *\"");
	/* a pointer translates only from a pointer to a compatible type or a
	 * void pointer (dt_xlator_lookup's dt_node_is_argcompat) */
	ERR(XL_CLAUSE("trace(xlate<struct out>((struct out *)0).b);"),
	    "[D_XLATE_NONE] line 7: cannot translate from \"struct out *\" to \"struct out\"");
	OK(XL_CLAUSE("trace(xlate<struct out>((void *)0).b);"));
	/* an inline that is a translation is translated data too */
	ERR(XL_DECLS "inline struct out *tp = xlate<struct out *>((struct in *)0);\nBEGIN\n{\n\ttrace(tp == NULL);\n}\n",
	    "[D_OP_INCOMPAT] line 7: operands have incompatible types: \"pointer to translated data\" == \"int\"");

	/* what consumes it */
	OK(XL_CLAUSE("trace(" XL_PTR "->b + (*" XL_PTR ").b + " XL_SOU ".b);"));
	OK(XL_CLAUSE("trace(sizeof(" XL_SOU ") + sizeof(" XL_PTR "));"));
	OK(XL_CLAUSE("(void)" XL_SOU ";"));
	OK(XL_CLAUSE("s = " XL_SOU "; self->s = *" XL_PTR "; this->s = s; trace(s.b + self->s.b + this->s.b);"));
	OK(XL_DECLS "struct out o;\nBEGIN\n{\n\to = xlate<struct out>((struct in *)alloca(4));\n\ttrace(o.s);\n}\n");
	OK(XL_DECLS "inline struct out *tp = xlate<struct out *>((struct in *)0);\nBEGIN\n{\n\ts = *tp;\n}\n");
}

static void provider_definitions(void)
{
	OK("provider app {\n\tprobe start(int, char *);\n\tprobe done__ok(uint64_t id) : (uint64_t id);\n};\n");
	OK("provider app { probe a(int); };\nprovider app { probe a(int); };\n");
	OK("provider app { };\n#pragma D attributes Evolving/Evolving/Common provider app name\n");
	ERR("provider app9 {\n\tprobe a(int);\n}\n;\n",
	    "[D_PROV_BADNAME] line 4: provider name may not end with a digit: app9");
	ERR("provider app {\n\tprobe a__b(int);\n\tprobe a__b(\n\t\tlong);\n};\n",
	    "[D_PROV_PRDUP] line 4: probe redeclared: app:::a-b");
	ERR("provider app {\n\tprobe a(int, ...);\n};\n",
	    "[D_DECL_PROTO_VARARGS] line 2: probe input prototype may not use a variable-length argument list");
	ERR("provider app {\n\tprobe a(void,\n\t\tint);\n};\n",
	    "[D_DECL_PROTO_VOID] line 3: void must be sole parameter");
	ERR("provider app { probe a(int); };\nprovider app {\n\tprobe a(long);\n};\n",
	    "[D_PROV_INCOMPAT] line 3: probe app:::a output prototype argument #1 mismatch:\n"
	    "\t current: long\n\tprevious: int");
	ERR("provider app {\n\tprobe a(int x) : (struct in6_addr *x);\n};\n",
	    "[D_PROV_PRXLATOR] line 2: translator for app:::a output argument #1 from int to struct in6_addr * "
	    "is not defined");
	ERR("provider app { probe a(); };\n#pragma D attributes Evolving/Evolving/Common provider app\n",
	    "[D_PRAGMA_MALFORM] line 2: malformed #pragma attributes <attributes> <ident>");
	ERR("provider app { probe a(); };\n#pragma D attributes Evolving/Evolving/Common provider app part\n",
	    "[D_PRAGMA_INVAL] line 2: invalid component \"app\" in attribute #pragma for provider part");
	/* a provider nobody offers: the pragma waits for an identifier of
	 * its name (dt_pragma_attributes), unused here */
	ERR("#pragma D attributes Evolving/Evolving/Common provider nosuchprov name\nBEGIN\n{\n}\n",
	    "[D_PRAGMA_UNUSED] line 1: unused #pragma attributes");
}

/* Cases from an audit of compile-time errors against the rules of
 * DTrace's own compiler (dt_grammar.y, dt_pragma.c, dt_printf.c,
 * dt_ident.c): each input of our own, each message as DTrace's code
 * would print it. */
static void audit_errors(void)
{
	/* postfix_expression: "[ ]" takes an argument_expression_list,
	 * which cannot be empty (only "( )" may be) */
	ERR("BEGIN\n{\n\ta[] = 1;\n}\n", "[D_SYNTAX] line 3: syntax error near \"]\"");
	ERR("BEGIN\n{\n\t@a[] = count();\n}\n", "[D_SYNTAX] line 3: syntax error near \"]\"");
	ERR("BEGIN\n{\n\tx = args[];\n}\n", "[D_SYNTAX] line 3: syntax error near \"]\"");
	ERR("BEGIN\n{\n\tself->a[] = 1;\n}\n", "[D_SYNTAX] line 3: syntax error near \"]\"");
	OK("BEGIN\n{\n\tx = rand();\n}\n");

	/* dt_pragma: "# N" sets the next line's number; "#line N" leaves
	 * it one past (the directive's yylineno++ after dt_pragma_line) */
	ERR("# 10\nBEGIN\n{\n\tx = y;\n}\n", "[D_IDENT_UNDEF] line 12: failed to resolve y: Unknown variable name");
	ERR("#line 10\nBEGIN\n{\n\tx = y;\n}\n", "[D_IDENT_UNDEF] line 13: failed to resolve y: Unknown variable name");
	/* dt_pragma_line: a line marker's file names later errors
	 * (dt_set_errmsg's "file", line N); "/dev/stdin" is the main
	 * input again; the file is taken before the flags after the first
	 * are checked */
	ERR("# 5 \"a.h\" 1\nBEGIN\n{\n#error no\n}\n", "[D_PRAGERR] \"a.h\", line 7: #error: no ");
	ERR("# 5 \"a.h\"\n# 7 \"/dev/stdin\" 2\nBEGIN\n{\n\tx = y;\n}\n",
	    "[D_IDENT_UNDEF] line 9: failed to resolve y: Unknown variable name");
	ERR("# 5 \"a.h\" 1 x\n", "[D_PRAGMA_MALFORM] \"a.h\", line 1: malformed #line <line> [ [\"file\"] state ]");
	ERR("# 5 \"a.h\" x\n", "[D_PRAGMA_MALFORM] line 1: malformed #line <line> [ [\"file\"] state ]");

	/* dt_compile: after the parse, unused pragmas, then the unused last
	 * macro argument, then an empty unit, then each clause */
	static const char *const extra[] = { "extra", NULL };
	check(__LINE__, 0, "BEGIN\n{\n\tx = y;\n}\n", 1, extra,
	      PFX "[D_MACRO_UNUSED] line 5: extraneous argument 'extra' ($1 is not referenced)\n");
	check(__LINE__, 0, "/* nothing */\n", 1, extra,
	      PFX "[D_MACRO_UNUSED] line 2: extraneous argument 'extra' ($1 is not referenced)\n");
	check(__LINE__, 0, "#pragma D binding \"1.0\" nosuch\nBEGIN\n{\n}\n", 1, extra,
	      PFX "[D_PRAGMA_UNUSED] line 1: unused #pragma binding\n");

	/* dt_compile_clause: each clause in turn, once per description,
	 * each matched (dt_setcontext) before the statements are cooked */
	ERR("nosuch:::probe\n{\n}\n\nBEGIN\n{\n\tx = y;\n}\n",
	    "[D_PDESC_ZERO] line 1: probe description nosuch:::probe does not match any probes");
	ERR("BEGIN\n{\n\tx = y;\n}\n\nnosuch:::probe\n{\n}\n",
	    "[D_IDENT_UNDEF] line 3: failed to resolve y: Unknown variable name");
	ERR("BEGIN,\nnosuch:::probe\n{\n\tx = y;\n}\n", "[D_IDENT_UNDEF] line 4: failed to resolve y: Unknown variable name");
	ERR("nosuch:::probe,\nBEGIN\n{\n\tx = y;\n}\n",
	    "[D_PDESC_ZERO] line 1: probe description nosuch:::probe does not match any probes");
	ERR("BEGIN,\nnosuch:::probe\n{\n}\n", "[D_PDESC_ZERO] line 2: probe description nosuch:::probe does not match any probes");

	/* dt_idcook_args: an inline or a translator is cooked where it is
	 * defined, outside any probe clause (no pcb_pdesc), even when a
	 * clause whose probe has the argument uses it */
	ERR("inline int x = args[0];\n\nsyscall::read:entry\n{\n\ttrace(x);\n}\n",
	    "[D_ARGS_NONE] line 1: args[ ] may not be referenced outside of a probe clause");
	ERR("translator struct foo { int x; } < int y > {\n\tx = args[0];\n};\n\nBEGIN\n{\n}\n",
	    "[D_ARGS_NONE] line 2: args[ ] may not be referenced outside of a probe clause");

	/* pcb_filetag when the error is raised: an inline, a translator or
	 * a provider is checked as it is parsed, in the file (cpp's header)
	 * its line marker named; a clause after the parse, in the last */
	ERR("# 1 \"h.h\" 1\ninline int z = nosuch;\n# 2 \"/dev/stdin\" 2\nBEGIN\n{\n}\n",
	    "[D_IDENT_UNDEF] \"h.h\", line 1: failed to resolve nosuch: Unknown variable name");
	ERR("# 1 \"h.h\" 1\ntranslator struct foo { int x; } < int y > { x = \"s\"; };\n# 2 \"/dev/stdin\" 2\nBEGIN\n{\n}\n",
	    "[D_XLATE_INCOMPAT] \"h.h\", line 1: translator member x definition uses incompatible types: \"int\" = \"string\"");
	ERR("# 1 \"h.h\" 1\nprovider app { probe a(int); };\nprovider app { probe a(char *); };\n# 2 \"/dev/stdin\" 2\n"
	    "BEGIN\n{\n}\n",
	    "[D_PROV_INCOMPAT] \"h.h\", line 2: probe app:::a output prototype argument #1 mismatch:\n"
	    "\t current: char *\n\tprevious: int");
	ERR("# 1 \"h.h\" 1\ninline int z = 1;\n# 2 \"/dev/stdin\" 2\nBEGIN\n{\n\tx = y;\n}\n",
	    "[D_IDENT_UNDEF] line 4: failed to resolve y: Unknown variable name");
	/* code generation too runs within dt_compile */
	ERR("# 1 \"h.d\"\nBEGIN\n{\n\t(void)printf(\"a\");\n}\n",
	    "[D_CG_EXPR] \"h.d\", line 3: tracing function printf( ) may not be called from a D expression "
	    "(D program context required)");

	/* dt_pragma_attributes/binding: an identifier of an earlier
	 * generation (a D library's inline: DTrace loads them all before the
	 * program) cannot be modified; one of this program can */
	OK("inline int z = 1;\n#pragma D binding \"1.0\" z\nBEGIN\n{\n}\n");

	/* dt_cg_act_printa: each aggregation in turn, its keys against the
	 * first's (dt_printa_validate) after the format was checked against
	 * the ones before it (dt_printf_validate) */
	ERR("BEGIN\n{\n\t@a[1] = count();\n\t@b[1, 2] = count();\n\tprinta(\"%s %@d\\n\", @a, @b);\n}\n",
	    "[D_PRINTF_ARG_TYPE] line 5: printa( ) argument #2 is incompatible with conversion #1 prototype:\n"
	    "\tconversion: %s\n\t prototype: char [] or string (or use stringof)\n\t  argument: int");
	ERR("BEGIN\n{\n\t@a[1] = count();\n\t@b[1, 2] = count();\n\tprinta(\"%d %@d\\n\", @a, @b);\n}\n",
	    "[D_PRINTA_AGGKEY] line 5: printa( ): @a and @b do not have matching key signatures: @a has 1 key, @b has 2 keys");
}

/* The same with the source tree's D library (make unit runs from the
 * top of the tree): a library's inline is of an earlier generation. */
static void lib_pragma_scope(void)
{
	static const struct {
		const char *src, *want;
	} cases[] = {
		{ "#pragma D attributes Stable/Stable/Common curpsinfo\nBEGIN\n{\n}\n",
		  "[D_PRAGMA_SCOPE] line 1: #pragma attributes cannot modify entity defined outside program scope" },
		{ "#pragma D binding \"1.0\" EPERM\nBEGIN\n{\n}\n",
		  "[D_PRAGMA_SCOPE] line 1: #pragma binding cannot modify entity defined outside program scope" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int e;
		dtrace_hdl_t *h = dtrace_open(DTRACE_VERSION, 0, &e);
		FILE *in = fmemopen((void *)cases[i].src, strlen(cases[i].src), "r");
		dtrace_setopt(h, "libdir", "lib/dtrace");
		dtrace_setopt(h, "errtags", NULL);
		dtrace_prog_t *pg = dtrace_program_fcompile(h, in, 0, 0, NULL);
		const char *got = pg ? "(compiles)" : dtrace_errmsg(h, dtrace_errno(h));
		fclose(in);
		if (strcmp(got, cases[i].want) == 0) {
			passed++;
		} else {
			failed++;
			fprintf(stderr, "FAIL lib_pragma_scope #%zu:\n  got:  %s\n  want: %s\n", i, got, cases[i].want);
		}
		dtrace_close(h);
	}
}

/* A unit that fails leaves no provider definition behind: a later unit may
 * define the provider afresh, with other probes. */
static void provider_rollback(void)
{
	int e, ok;
	dtrace_hdl_t *h = dtrace_open(DTRACE_VERSION, 0, &e);

	ok = !dtrace_program_strcompile(h, "provider app { probe a(); }; BEGIN { x = ; }", DTRACE_PROBESPEC_NAME, 0, 0,
					NULL) &&
	     dtrace_program_strcompile(h, "provider app { probe b(int); };", DTRACE_PROBESPEC_NAME, 0, 0, NULL);
	if (ok) {
		passed++;
	} else {
		failed++;
		fprintf(stderr, "FAIL provider_rollback: %s\n", dtrace_errmsg(h, dtrace_errno(h)));
	}
	dtrace_close(h);
}

/*
 * DTrace checks a clause's actions, aggregations and subroutine calls as it
 * generates the clause's code (dt_cg), once the whole clause is cooked and
 * before the next clause is: an error cooking finds in a later statement
 * comes first, and the action-order rules go statement by statement with
 * each action's own checks (src/front/sema_cg.c).
 */
static void cg_order_errors(void)
{
	/* dt_cg_act_trace's check before the later speculate()'s rule */
	ERR("BEGIN\n{\n\ttrace((void)0);\n\tspeculate(1);\n}\n",
	    "[D_TRACE_VOID] line 3: trace( ) may not be applied to a void expression");
	/* a later statement's cook error before dt_cg_clsflags */
	ERR("BEGIN\n{\n\tspeculate(1);\n\tspeculate(1);\n\tx = 1 * \"a\";\n}\n",
	    "[D_OP_ARITH] line 5: operator * requires operands of arithmetic type");
	ERR("BEGIN\n{\n\ttracemem(1, 0);\n\tx = 1 * \"a\";\n}\n",
	    "[D_OP_ARITH] line 4: operator * requires operands of arithmetic type");
	ERR("BEGIN\n{\n\t@a = lquantize(1, 0, 10);\n\t@a = lquantize(1, 0, 20);\n\tx = 1 * \"a\";\n}\n",
	    "[D_OP_ARITH] line 5: operator * requires operands of arithmetic type");
	/* an aggregation no earlier statement assigned is unknown to the
	 * parser where it is named alone (dt_cook_ident), a later statement
	 * of the clause or a later clause notwithstanding; named with a
	 * subscript (which creates it) it is undefined to the code
	 * generator (no DT_IDFLG_MOD), whose subscript is otherwise ignored */
	ERR("BEGIN\n{\n\tclear(@a);\n}\n\nEND\n{\n\t@a = count();\n}\n",
	    "[D_IDENT_UNDEF] line 3: failed to resolve @a: Unknown variable name");
	ERR("END\n{\n\tprinta(@a);\n}\n\nBEGIN\n{\n\t@a = count();\n}\n",
	    "[D_IDENT_UNDEF] line 3: failed to resolve @a: Unknown variable name");
	ERR("BEGIN\n{\n\tclear(@a);\n\t@a = count();\n}\n",
	    "[D_IDENT_UNDEF] line 3: failed to resolve @a: Unknown variable name");
	ERR("BEGIN\n{\n\ttrunc(@a[1], 2);\n}\n\nEND\n{\n\t@a[1] = count();\n}\n",
	    "[D_TRUNC_AGGBAD] line 3: undefined aggregation: @a");
	ERR("BEGIN\n{\n\tprinta(@);\n}\n",
	    "[D_IDENT_UNDEF] line 3: failed to resolve @_: Unknown variable name");
	ERR("BEGIN\n{\n\tclear(@[1]);\n}\n",
	    "[D_CLEAR_AGGBAD] line 3: undefined aggregation: @_");
	ERR("BEGIN\n{\n\t@ = count();\n\t@_ = sum(1);\n}\n",
	    "[D_AGG_REDEF] line 4: aggregation redefined: @_\n\t current: @_ = sum( )\n\tprevious: @_ = count( ) : line 3");
	OK("BEGIN\n{\n\t@a = count();\n\tprinta(@a[1, \"x\"]);\n\tclear(@a[2]);\n}\n");
	OK("BEGIN\n{\n\t@a = count();\n}\n\nEND\n{\n\tprinta(@a);\n}\n");
	/* dt_cg_agg_opt_incr comes after the parameters' checks, the
	 * increment's type before the count of arguments */
	ERR("BEGIN\n{\n\t@a = lquantize(1, 10, 0, 1, 1, 1);\n}\n",
	    "[D_LQUANT_MISMATCH] line 3: lquantize( ) base (argument #1) must be less than limit (argument #2)");
	ERR("BEGIN\n{\n\t@a = quantize(1, \"a\", 1);\n}\n",
	    "[D_PROTO_ARG] line 3: quantize( ) increment value (argument #2) must be of scalar type");
	ERR("BEGIN\n{\n\t@a = quantize(1, 1, 1);\n}\n",
	    "[D_PROTO_LEN] line 3: quantize( ) prototype mismatch: 3 args passed, at most 2 expected");
	OK("BEGIN\n{\n\t@a = quantize(1, 1);\n\t@b = lquantize(1, 0, 10, 1, 2);\n}\n");
	/* dt_node_is_void is false for a dynamic type: trace() of one is
	 * D_TRACE_DYN */
	ERR("BEGIN\n{\n\t@a = count();\n\ttrace(@a);\n}\n",
	    "[D_TRACE_DYN] line 4: trace( ) may not be applied to a dynamic expression");
	ERR("BEGIN\n{\n\ttrace(@a);\n}\n",
	    "[D_IDENT_UNDEF] line 3: failed to resolve @a: Unknown variable name");
	/* what DTrace for Linux declares but generates no code for */
	ERR("BEGIN\n{\n\tpanic();\n}\n", "[D_UNKNOWN] line 3: panic() is not implemented (yet)");
	ERR("BEGIN\n{\n\tbreakpoint();\n}\n", "[D_UNKNOWN] line 3: breakpoint() is not implemented (yet)");
	ERR("BEGIN\n{\n\tchill(1);\n}\n", "[D_UNKNOWN] line 3: chill() is not implemented (yet)");
	ERR("BEGIN\n{\n\ts = speculation();\n\tspeculate(s);\n\tpanic();\n}\n",
	    "[D_ACT_SPEC] line 5: destructive actions may not follow speculate( )");
	/* dt_cg_store_var's D_ALLOCA_INCOMPAT has no node: its line is
	 * yylineno, the clause's probe description's or the last
	 * printf-like action's; the first store into the variable in the
	 * clause raises it, once the variable has held both */
	ERR("\n\nBEGIN,\nEND\n{\n\tp = (char *)8;\n\tprintf(\"x\");\n\tp = (char *)alloca(8);\n}\n",
	    "[D_ALLOCA_INCOMPAT] line 3: p: cannot reuse the same identifier for both alloca and non-alloca allocations");
	ERR("BEGIN\n{\n\tp = (char *)alloca(8);\n\tprintf(\"x\");\n\tp = (char *)8;\n}\n",
	    "[D_ALLOCA_INCOMPAT] line 1: p: cannot reuse the same identifier for both alloca and non-alloca allocations");
	ERR("BEGIN\n{\n\tp = (char *)alloca(8);\n}\ntick-1s\n{\n\tp = 0;\n}\nEND\n{\n\tprintf(\"x\");\n\tp = (char *)8;\n}\n",
	    "[D_ALLOCA_INCOMPAT] line 11: p: cannot reuse the same identifier for both alloca and non-alloca allocations");
	OK("BEGIN\n{\n\tp = (char *)alloca(8);\n\tp = 0;\n}\n");
	/* dt_cg_subr_bcopy_impl: a destination not from alloca() is refused
	 * as the clause's code is generated, before a later clause's check */
	ERR("BEGIN\n{\n\tbcopy(\"a\", (void *)8, 1);\n}\nBEGIN\n{\n\ttracemem(1, 0);\n}\n",
	    "[D_PROTO_ARG] line 3: bcopy( ) argument #2 is incompatible with prototype:\n\tprototype: alloca pointer\n\t argument: non-alloca pointer");
	OK("BEGIN\n{\n\td = alloca(4);\n\tbcopy(\"a\", d, 1);\n}\n");
	/* dt_cg_agg: the value's type, then the keys (a stack() key's
	 * argument), then the function's parameters */
	ERR("BEGIN\n{\n\t@a = count();\n\t@b = sum(@a);\n}\n", "[D_AGG_SCALAR] line 4: sum( ) argument #1 must be of scalar type");
	ERR("BEGIN\n{\n\t@[stack(0)] = lquantize(1, 10, 0);\n}\n",
	    "[D_STACK_SIZE] line 3: stack( ) argument #1 must be a non-zero positive integer constant");
	ERR("BEGIN\n{\n\t@[stack(0)] = lquantize(\"a\", 10, 0);\n}\n",
	    "[D_AGG_SCALAR] line 3: lquantize( ) argument #1 must be of scalar type");
	/* dt_cg_call_subr's D_CG_EXPR where the code is generated: before a later clause's errors */
	ERR("BEGIN\n{\n\ttrace(sym(1));\n}\nBEGIN\n{\n\ttracemem(1, 0);\n}\n",
	    "[D_CG_EXPR] line 3: tracing function sym( ) may not be called from a D expression (D program context required)");
	/* an aggregation with no function: nothing cooked (its keys
	 * neither), D_AGG_NULL after dt_cg_agg's action rules */
	ERR("BEGIN\n{\n\t@a = count();\n\t@a;\n\tx = 1 * \"s\";\n}\n",
	    "[D_OP_ARITH] line 5: operator * requires operands of arithmetic type");
	ERR("BEGIN\n{\n\t@a[1 * \"s\"];\n}\n", "[D_AGG_NULL] line 3: expression has null effect: @a");
	ERR("BEGIN\n{\n\t@a = count();\n}\nBEGIN\n{\n\tcommit(1);\n\t@a;\n}\n",
	    "[D_AGG_COMM] line 8: aggregating actions may not follow commit( )");
	/* an error about one argument is at that argument's line (dnerror
	 * on it), one about several at the aggregation's */
	ERR("BEGIN\n{\n\t@a = lquantize(1,\n\t    0,\n\t    10,\n\t    0);\n}\n",
	    "[D_LQUANT_STEPTYPE] line 6: lquantize( ) argument #3 must be a non-zero positive integer constant");
	ERR("BEGIN\n{\n\t@a\n\t  = lquantize(1,\n\t    10,\n\t    0);\n}\n",
	    "[D_LQUANT_MISMATCH] line 3: lquantize( ) base (argument #1) must be less than limit (argument #2)");
	ERR("BEGIN\n{\n\t@a = llquantize(1, 10,\n\t    0, 1, 7);\n}\n",
	    "[D_LLQUANT_STEPVAL] line 3: llquantize() argument #4 (steps) must evenly divide argument #1 (factor) when steps<factor");
	ERR("BEGIN\n{\n\ttrace(\n\t    (void)0);\n}\n",
	    "[D_TRACE_VOID] line 4: trace( ) may not be applied to a void expression");
	/* printa()'s and clear()'s refusals of an aggregation argument are
	 * at the action's line (dnerror on the call) */
	ERR("BEGIN\n{\n\tprinta(\"%d\",\n\t    @a[1]);\n}\n", "[D_PRINTA_AGGBAD] line 3: undefined aggregation: @a");
	/* ... but an unknown identifier is at its own line (the parser's) */
	ERR("BEGIN\n{\n\tprinta(\"%d\",\n\t    @a);\n}\n",
	    "[D_IDENT_UNDEF] line 4: failed to resolve @a: Unknown variable name");
	ERR("BEGIN\n{\n\tclear(\n\t    1);\n}\n",
	    "[D_CLEAR_AGGARG] line 3: clear( ) argument #1 is incompatible with prototype:\n\tprototype: aggregation\n\t argument: int");
	/* dt_opt_strsize: at least sizeof (DT_NULL_STRING), 2 bytes; beyond
	 * UINT_MAX, EOVERFLOW */
	ERR("#pragma D option strsize=1\nBEGIN\n{\n\texit(0);\n}\n",
	    "[D_PRAGMA_OPTSET] line 1: failed to set option 'strsize' to '1': Invalid value for specified option");
	ERR("#pragma D option strsize=5000000000\nBEGIN\n{\n\texit(0);\n}\n",
	    "[D_PRAGMA_OPTSET] line 1: failed to set option 'strsize' to '5000000000': Value too large for defined data type");
	OK("#pragma D option strsize=2\nBEGIN\n{\n\texit(0);\n}\n");
	/* "name=" is a size of 0 (dt_optval_parse of ""): strsize refuses it */
	OK("#pragma D option dynvarsize=\nBEGIN\n{\n\texit(0);\n}\n");
	ERR("#pragma D option strsize=\nBEGIN\n{\n\texit(0);\n}\n",
	    "[D_PRAGMA_OPTSET] line 1: failed to set option 'strsize' to '': Invalid value for specified option");
	ERR("BEGIN\n{\n\ttrace(ddi_pathname((void *)0, 1));\n}\n",
	    "[D_FUNC_UNDEF] line 3: unimplemented subroutine: ddi_pathname");
}

int main(void)
{
	known_strict = getenv("DT_TEST_KNOWN_BUGS") != NULL;
	signal(SIGPIPE, SIG_IGN);

	syntax_errors();
	lexer_errors();
	sema_errors();
	prototype_errors();
	valid_programs();
	translated_data();
	provider_definitions();
	provider_rollback();
	audit_errors();
	lib_pragma_scope();
	cg_order_errors();

	if (skipped)
		printf("%d skipped (KNOWN_BUG)\n", skipped);
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
