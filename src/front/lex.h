/*
 * lex.h - tokens of the D language and the lexer that produces them.
 *
 * D's lexer is context sensitive, like DTrace's: at the outer level of a
 * program a run of probe-description characters (syscall::open*:entry,
 * tick-1sec) is one token, while inside a clause the same text is an
 * expression.  The parser tells the lexer which mode it wants.
 */
#ifndef DT_LEX_H
#define DT_LEX_H

#include <stdint.h>

enum tok {
	T_EOF = 0,
	T_IDENT, T_TNAME, T_INT, T_STRING, T_CHAR, T_PSPEC,
	T_MACRO,	/* $1, $pid, $target, ... (text keeps the name, without '$') */
	T_MACRO_STR,	/* $$1 ... */
	T_AGG,		/* @name or @ (text keeps the name, "" for @) */
	/* punctuation */
	T_LPAREN, T_RPAREN, T_LBRACK, T_RBRACK, T_LBRACE, T_RBRACE,
	T_COMMA, T_SEMI, T_COLON, T_QUESTION, T_DOT, T_ARROW, T_ELLIPSIS,
	/* operators */
	T_PLUS, T_MINUS, T_STAR, T_SLASH, T_PERCENT, T_AMP, T_BOR, T_XOR,
	T_TILDE, T_BANG, T_LT, T_GT, T_LE, T_GE, T_EQ, T_NE, T_LAND, T_LOR,
	T_LXOR, T_SHL, T_SHR, T_INC, T_DEC,
	T_ASSIGN, T_ADD_EQ, T_SUB_EQ, T_MUL_EQ, T_DIV_EQ, T_MOD_EQ,
	T_AND_EQ, T_OR_EQ, T_XOR_EQ, T_SHL_EQ, T_SHR_EQ,
	/* keywords */
	T_AUTO, T_BREAK, T_CASE, T_CHAR_KW, T_CONST, T_CONTINUE, T_COUNTER,
	T_DEFAULT, T_DO, T_DOUBLE, T_ELSE, T_ENUM, T_EXTERN, T_FLOAT, T_FOR,
	T_GOTO, T_IF, T_IMPORT, T_INLINE, T_INT_KW, T_LONG, T_OFFSETOF,
	T_PROBE, T_PROVIDER, T_REGISTER, T_RESTRICT, T_RETURN, T_SELF,
	T_SHORT, T_SIGNED, T_SIZEOF, T_STATIC, T_STRING_KW, T_STRINGOF,
	T_STRUCT, T_SWITCH, T_THIS, T_TRANSLATOR, T_TYPEDEF, T_UNION,
	T_UNSIGNED, T_USERLAND, T_VOID, T_VOLATILE, T_WHILE, T_XLATE,
	T_NTOKENS
};

struct token {
	enum tok kind;
	int line;
	/* DTrace's yylineno once its lexer has read this token: the line,
	 * but for a '/' in an expression that of the next non-blank
	 * character its look-ahead reached (slash_ahead: division or the
	 * predicate's end).  Nodes the parser builds with this token as lookahead are
	 * at this line (see parse.c's theory comment). */
	int eline;
	char *text;		/* identifier / literal text as written */
	const char *pos;	/* where it starts in the source */
	uint64_t ival;		/* T_INT, T_CHAR value */
	int int_suffix_u, int_suffix_l; /* T_INT suffixes: u, and count of l */
	int int_base;		/* T_INT: 8, 10 or 16 */
	int peeked;		/* T_IDENT/T_TNAME/T_SLASH that DTrace's lexer
				   reads past to classify (see lex_near_text) */
	int epred;		/* T_SLASH in an expression: a predicate's end,
				   no division (see slash_ahead) */
	int at_end;		/* T_SLASH: only blanks follow it */
	char *sval;		/* T_STRING: decoded contents */
	int slen;
};

struct dt_errstate;
struct dt_pool;

/* A token of a control line, as DTrace's lexer reads one there: a string,
 * an integer, or any other run of non-blank characters (an "identifier"). */
enum ctl_kind { CT_IDENT, CT_INT, CT_STRING };
struct ctl_tok {
	enum ctl_kind kind;
	char *text;		/* as written; a string's contents */
	uint64_t ival;		/* CT_INT */
};

struct dt_lexer {
	const char *src, *p;
	const char *end;	/* the text's end: a NUL byte before it is a
				   byte of the text (a file may hold one) */
	int line;
	int parens, bracks, braces; /* nesting depth, for "extra ) in input" */
	int pspec_mode;		/* outer level: read probe descriptions */
	int member_next;	/* after . or ->: a word is a member name,
				   even a keyword's (live.counter), as in D */
	int sou_next;		/* after struct, union, enum: a tag */
	int from_file;		/* the text is a script's (-s), not -n's */
	int nul_next;		/* DTrace's lexer read ahead to the end and
				   pushed back a NUL: its next token is the
				   error "near end-of-input" (dt_lex.l <S0>.) */
	/* type-name test, so 'uint64_t x;' is a declaration, not a probe
	 * (called with p just past the word, for a peek at what follows):
	 * LEX_TNAME when the word is a type name, with LEX_PEEKED when
	 * DTrace's lexer would read ahead to decide (the word is no
	 * identifier it knows) */
	int (*is_type_name)(void *arg, const char *name);
	/* a control line's tokens (after the '#'), for the parser: returns
	 * the number of the line after it when the line sets it (# N "file",
	 * #line N), else -1; NULL: control lines are ignored */
	int (*control)(void *arg, int line, struct ctl_tok *toks, int ntoks);
	void *arg;		/* for is_type_name and control */
	struct dt_errstate *es;	/* where lexical errors unwind to */
	struct dt_pool *pool;	/* where token text lives (the context's) */
};

enum { LEX_TNAME = 1, LEX_PEEKED = 2 };

/* The text DTrace's "syntax error near" quotes for token t (see lex.c). */
const char *lex_near_text(struct dt_lexer *lx, const struct token *t);

void lex_init(struct dt_lexer *lx, const char *src, struct dt_errstate *es, struct dt_pool *pool);
/* Read the next token; lexical errors are reported through dt_error(). */
void lex_next(struct dt_lexer *lx, struct token *t);
/* Decode a string's C escapes (\n, \x41, \101...) in place, as a string
 * literal's are; returns the length, which may count NULs. */
int lex_unescape(char *s);
/* Text of a token kind for "syntax error near" messages. */
const char *tok_str(enum tok k);

#endif
