/*
 * lex.c - the D lexer: C tokens plus probe descriptions, macro variables,
 * aggregation names and control lines (#pragma, cpp line markers).
 *
 * Errors are DTrace's: D_CHR_NL, D_CHR_NULL, D_INT_DIGIT, D_INT_OFLOW,
 * D_STR_NL, unterminated comments and control lines.
 */
#include "lex.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../common/pool.h"
#include "../common/util.h"
#include "error.h"

static const struct {
	const char *s;
	enum tok k;
} keywords[] = {
	{"auto", T_AUTO}, {"break", T_BREAK}, {"case", T_CASE},
	{"char", T_CHAR_KW}, {"const", T_CONST}, {"continue", T_CONTINUE},
	{"counter", T_COUNTER}, {"default", T_DEFAULT}, {"do", T_DO},
	{"double", T_DOUBLE}, {"else", T_ELSE}, {"enum", T_ENUM},
	{"extern", T_EXTERN}, {"float", T_FLOAT}, {"for", T_FOR},
	{"goto", T_GOTO}, {"if", T_IF}, {"import", T_IMPORT},
	{"inline", T_INLINE}, {"int", T_INT_KW}, {"long", T_LONG},
	{"offsetof", T_OFFSETOF}, {"probe", T_PROBE}, {"provider", T_PROVIDER},
	{"register", T_REGISTER}, {"restrict", T_RESTRICT},
	{"return", T_RETURN}, {"self", T_SELF}, {"short", T_SHORT},
	{"signed", T_SIGNED}, {"sizeof", T_SIZEOF}, {"static", T_STATIC},
	{"string", T_STRING_KW}, {"stringof", T_STRINGOF}, {"struct", T_STRUCT},
	{"switch", T_SWITCH}, {"this", T_THIS}, {"translator", T_TRANSLATOR},
	{"typedef", T_TYPEDEF}, {"union", T_UNION}, {"unsigned", T_UNSIGNED},
	{"userland", T_USERLAND}, {"void", T_VOID}, {"volatile", T_VOLATILE},
	{"while", T_WHILE}, {"xlate", T_XLATE},
};

static const char *const punct[T_NTOKENS] = {
	[T_EOF] = "end of input", [T_LPAREN] = "(", [T_RPAREN] = ")",
	[T_LBRACK] = "[", [T_RBRACK] = "]", [T_LBRACE] = "{", [T_RBRACE] = "}",
	[T_COMMA] = ",", [T_SEMI] = ";", [T_COLON] = ":", [T_QUESTION] = "?",
	[T_DOT] = ".", [T_ARROW] = "->", [T_ELLIPSIS] = "...", [T_PLUS] = "+",
	[T_MINUS] = "-", [T_STAR] = "*", [T_SLASH] = "/", [T_PERCENT] = "%",
	[T_AMP] = "&", [T_BOR] = "|", [T_XOR] = "^", [T_TILDE] = "~",
	[T_BANG] = "!", [T_LT] = "<", [T_GT] = ">", [T_LE] = "<=", [T_GE] = ">=",
	[T_EQ] = "==", [T_NE] = "!=", [T_LAND] = "&&", [T_LOR] = "||",
	[T_LXOR] = "^^", [T_SHL] = "<<", [T_SHR] = ">>", [T_INC] = "++",
	[T_DEC] = "--", [T_ASSIGN] = "=", [T_ADD_EQ] = "+=", [T_SUB_EQ] = "-=",
	[T_MUL_EQ] = "*=", [T_DIV_EQ] = "/=", [T_MOD_EQ] = "%=",
	[T_AND_EQ] = "&=", [T_OR_EQ] = "|=", [T_XOR_EQ] = "^=",
	[T_SHL_EQ] = "<<=", [T_SHR_EQ] = ">>=",
};

const char *tok_str(enum tok k)
{
	size_t i;

	if (k < T_NTOKENS && punct[k])
		return punct[k];
	for (i = 0; i < ARRAY_SIZE(keywords); i++)
		if (keywords[i].k == k)
			return keywords[i].s;
	return "?";
}

void lex_init(struct dt_lexer *lx, const char *src, struct dt_errstate *es, struct dt_pool *pool)
{
	memset(lx, 0, sizeof(*lx));
	lx->src = lx->p = src;
	lx->end = src + strlen(src);
	lx->es = es;
	lx->pool = pool;
	lx->line = 1;
	/* A "#!" interpreter line is not D. */
	if (src[0] == '#' && src[1] == '!') {
		while (*lx->p && *lx->p != '\n')
			lx->p++;
	}
}

static int is_pspec_first(int c)
{
	return isalpha(c) || strchr("-$:_.?*\\[]!", c) != NULL;
}

static int is_pspec_char(int c)
{
	return isalnum(c) || strchr("-$:_.`?*\\[]!", c) != NULL;
}

/* A control line: #pragma, a cpp line marker, or an invalid directive. */
static void control_line(struct dt_lexer *lx)
{
	const char *start = lx->p + 1;
	int line = lx->line;
	struct strbuf sb;
	const char *q;

	sb_init(&sb);
	for (q = start;; q++) {
		if (q >= lx->end) {
			sb_free(&sb);
			dt_error(lx->es, line, "D_SYNTAX", "end-of-file encountered before end of control line");
		}
		if (*q == '\\' && q[1] == '\n') {
			q++;
			lx->line++;
			continue;
		}
		if (*q == '\n')
			break;
		sb_putc(&sb, *q);
	}
	lx->p = q + 1;
	lx->line++;

	/* the line and its tokens live in the pool: a #pragma may unwind
	 * (an error) */
	char *text = pool_strdup(lx->pool, sb.s);
	sb_free(&sb);
	/* a "#!" line (an interpreter line) is discarded wherever it is */
	if (text[0] == '!') {
		pool_release(lx->pool, text);
		return;
	}
	/* its tokens, read as DTrace's lexer reads them (state S3) */
	struct ctl_tok toks[64];
	int n = 0;
	q = text;
	for (;;) {
		while (*q == ' ' || *q == '\t' || *q == '\f' || *q == '\v' || *q == '\r')
			q++;
		if (!*q || n == (int)ARRAY_SIZE(toks))
			break;
		struct ctl_tok *t = &toks[n++];
		const char *s = q;
		if (*q == '"') {
			for (s = ++q; *q && *q != '"'; q++)
				if (*q == '\\' && q[1])
					q++;
			if (!*q)
				dt_error(lx->es, line, "D_STR_NL", "newline encountered in string literal");
			t->kind = CT_STRING;
			t->text = pool_strndup(lx->pool, s, (size_t)(q - s));
			q++;
			continue;
		}
		while (*q && !strchr(" \t\f\v\r\"", *q))
			q++;
		t->text = pool_strndup(lx->pool, s, (size_t)(q - s));
		t->kind = CT_IDENT;
		/* an integer: digits (or 0x and hex digits), then u and l's */
		const char *d = t->text;
		if (isdigit((unsigned char)*d)) {
			char *end;
			errno = 0;
			t->ival = strtoull(d, &end, 0);
			if (*end == 0 || strspn(end, "uUlL") == strlen(end)) {
				if (errno == ERANGE)
					dt_error(lx->es, line, "D_INT_OFLOW", "constant %s results in integer overflow", t->text);
				t->kind = CT_INT;
			}
		}
	}
	if (n && lx->control) {
		int next = lx->control(lx->arg, line, toks, n);
		if (next >= 0)
			lx->line = next;
	}
	for (int i = 0; i < n; i++)
		pool_release(lx->pool, toks[i].text);	/* the parser keeps copies of what it keeps */
	pool_release(lx->pool, text);
}

static void skip_space(struct dt_lexer *lx)
{
	for (;;) {
		const char *p = lx->p;
		if (*p == '\n') {
			lx->line++;
			lx->p++;
			/* control lines start at the beginning of a line */
			const char *q = lx->p;
			while (*q == ' ' || *q == '\t')
				q++;
			if (*q == '#') {
				lx->p = q;
				control_line(lx);
				lx->line--;	/* control_line consumed its newline */
				lx->p--;
			}
		} else if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\f' || *p == '\v') {
			lx->p++;
		} else if (p[0] == '/' && p[1] == '*') {
			int line = lx->line;
			p += 2;
			while (p < lx->end && !(p[0] == '*' && p[1] == '/')) {
				if (*p == '\n')
					lx->line++;
				if (p[0] == '/' && p[1] == '*')
					dt_error(lx->es, lx->line, "D_SYNTAX", "/* encountered inside a comment");
				p++;
			}
			if (p >= lx->end) {
				lx->p = p;
				(void)line;
				dt_error(lx->es, lx->line, "D_SYNTAX", "end-of-file encountered before matching */");
			}
			lx->p = p + 2;
		} else if (p == lx->src && *p == '#') {
			control_line(lx);
			lx->line--;
			lx->p--;
		} else {
			return;
		}
	}
}

static int escape_char(struct dt_lexer *lx, const char **pp)
{
	const char *p = *pp;
	int c = *p++;

	switch (c) {
	case 'n': c = '\n'; break;
	case 't': c = '\t'; break;
	case 'r': c = '\r'; break;
	case 'a': c = '\a'; break;
	case 'b': c = '\b'; break;
	case 'f': c = '\f'; break;
	case 'v': c = '\v'; break;
	case '\\': case '"': break;
	case 'x': {
		/* every hex digit that follows, kept as a char (DTrace's
		 * stresc2chr): "\x4142" is the one character 0x42 */
		unsigned v = 0;
		while (isxdigit((unsigned char)*p)) {
			v = v * 16 + (unsigned)(isdigit((unsigned char)*p) ? *p - '0' : (tolower((unsigned char)*p) - 'a' + 10));
			p++;
		}
		c = (int)(v & 0xff);
		break;
	}
	case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
		int v = c - '0', n = 1;
		while (*p >= '0' && *p <= '7' && n < 3) {
			v = v * 8 + (*p++ - '0');
			n++;
		}
		c = v & 0xff;
		break;
	}
	case '\n':
		lx->line++;
		break;
	default:
		/* not an escape DTrace knows (\?, \', \c...): the backslash
		 * stands for itself and the character is read again */
		*pp = p - 1;
		return '\\';
	}
	*pp = p;
	return c;
}

int lex_unescape(char *s)
{
	struct dt_lexer lx = {0};	/* escape_char counts lines in it: unused */
	const char *p = s;
	char *q = s;

	while (*p) {
		if (*p == '\\' && p[1]) {
			p++;
			*q++ = (char)escape_char(&lx, &p);
		} else {
			*q++ = *p++;
		}
	}
	*q = 0;
	return (int)(q - s);
}

/*
 * How much of s DTrace's lexer reads as a floating-point constant (dt_lex.l
 * RGX_FP: digits, an optional '.', digits, or '.' and digits; then an
 * exponent with digits; then one of fFlL), and how much as an integer
 * (RGX_INT: digits or 0x and hex digits, then [uU]?[lL]?[lL]?).  Flex takes
 * the longer; a tie is the integer, whose rule comes first.
 */
static size_t rgx_fp_len(const char *s)
{
	const char *p = s;

	if (isdigit((unsigned char)*p)) {
		while (isdigit((unsigned char)*p))
			p++;
		if (*p == '.')
			p++;
		while (isdigit((unsigned char)*p))
			p++;
	} else if (*p == '.' && isdigit((unsigned char)p[1])) {
		for (p++; isdigit((unsigned char)*p); p++)
			;
	} else {
		return 0;
	}
	if (*p == 'e' || *p == 'E') {
		const char *q = p + 1;
		if (*q == '+' || *q == '-')
			q++;
		if (isdigit((unsigned char)*q)) {
			while (isdigit((unsigned char)*q))
				q++;
			p = q;
		}
	}
	if (*p && strchr("fFlL", *p))
		p++;
	return (size_t)(p - s);
}

static size_t rgx_int_len(const char *s)
{
	const char *p = s;

	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && isxdigit((unsigned char)p[2]))
		for (p += 2; isxdigit((unsigned char)*p); p++)
			;
	else
		while (isdigit((unsigned char)*p))
			p++;
	if (*p == 'u' || *p == 'U')
		p++;
	for (int i = 0; i < 2 && (*p == 'l' || *p == 'L'); i++)
		p++;
	return (size_t)(p - s);
}

static void lex_number(struct dt_lexer *lx, struct token *t)
{
	const char *p = lx->p, *start = p;
	int base = 10;
	uint64_t v;
	char *end;
	char digits[128];

	if (!lx->pspec_mode && rgx_fp_len(p) > rgx_int_len(p))
		dt_error(lx->es, lx->line, "D_SYNTAX", "floating-point constants are not permitted");

	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && isxdigit((unsigned char)p[2])) {
		base = 16;
		p += 2;
		while (isxdigit((unsigned char)*p))
			p++;
	} else if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		p++;		/* "0x" alone: the 0, then x is an identifier */
		base = 8;
	} else if (p[0] == '0') {
		base = 8;
		while (isdigit((unsigned char)*p))
			p++;
		for (const char *q = start; q < p; q++)
			if (*q == '8' || *q == '9')
				dt_error(lx->es, lx->line, "D_INT_DIGIT", "constant %.*s contains invalid digit %c",
					 (int)(p - start), start, *q);
	} else {
		while (isdigit((unsigned char)*p))
			p++;
	}
	if ((size_t)(p - start) >= sizeof(digits))
		dt_error(lx->es, lx->line, "D_INT_OFLOW", "constant %.*s results in integer overflow", (int)(p - start), start);
	memcpy(digits, start, (size_t)(p - start));
	digits[p - start] = 0;
	errno = 0;
	v = strtoull(digits, &end, base);
	if (errno == ERANGE)
		dt_error(lx->es, lx->line, "D_INT_OFLOW", "constant %s results in integer overflow", digits);
	if (*p == '.' && isdigit((unsigned char)p[1]))
		dt_error(lx->es, lx->line, "D_SYNTAX", "floating-point constants are not permitted");
	t->int_suffix_u = 0;
	t->int_suffix_l = 0;
	for (;;) {
		/* suffixes are u, l, ul, ll, ull (u before l, as in D) */
		if ((*p == 'u' || *p == 'U') && !t->int_suffix_u && !t->int_suffix_l) {
			t->int_suffix_u = 1;
			p++;
		} else if ((*p == 'l' || *p == 'L') && t->int_suffix_l < 2) {
			t->int_suffix_l++;
			p++;
		} else {
			break;
		}
	}
	t->kind = T_INT;
	t->ival = v;
	t->int_base = base;
	t->text = pool_strndup(lx->pool, start, (size_t)(p - start));
	lx->p = p;
}

static void lex_char(struct dt_lexer *lx, struct token *t)
{
	const char *p = lx->p + 1;
	uint64_t v = 0;
	int n = 0;

	for (;;) {
		/* DTrace's lexer has no rule for a constant that the input
		 * ends in (without a newline): the quote is a syntax error */
		if (p >= lx->end)
			dt_error(lx->es, lx->line, "D_SYNTAX", "syntax error near \"'\"");
		if (*p == '\n')
			dt_error(lx->es, lx->line + 1, "D_CHR_NL", "newline encountered in character constant");
		if (*p == '\'')
			break;
		if (p[0] == '\\' && p[1] == '\'') {
			/* \' keeps its backslash in D (0x5c27), but does not end it */
			v = (v << 16) | 0x5c27;
			n += 2;
			p += 2;
			continue;
		}
		int c = *p == '\\' ? (p++, escape_char(lx, &p)) : (unsigned char)*p++;
		v = (v << 8) | (unsigned char)c;
		n++;
	}
	if (n == 0)
		dt_error(lx->es, lx->line, "D_CHR_NULL", "empty character constant");
	if (n > 8)
		dt_error(lx->es, lx->line, "D_CHR_OFLOW", "character constant is too long");
	t->kind = T_CHAR;
	t->ival = n == 1 ? (uint64_t)(int64_t)(signed char)v : v;
	t->text = pool_strndup(lx->pool, lx->p, (size_t)(p + 1 - lx->p));
	lx->p = p + 1;
}

static void lex_string(struct dt_lexer *lx, struct token *t)
{
	const char *p = lx->p + 1;
	struct strbuf sb;

	sb_init(&sb);
	for (;;) {
		if (p >= lx->end) {	/* as for a character constant */
			sb_free(&sb);
			dt_error(lx->es, lx->line, "D_SYNTAX", "syntax error near \"\"\"");
		}
		if (*p == '\n') {
			sb_free(&sb);
			dt_error(lx->es, lx->line + 1, "D_STR_NL", "newline encountered in string literal");
		}
		if (*p == '"')
			break;
		if (*p == '\\') {
			p++;
			sb_putc(&sb, (char)escape_char(lx, &p));
		} else {
			sb_putc(&sb, *p++);
		}
	}
	t->kind = T_STRING;
	t->sval = pool_zalloc(lx->pool, sb.len + 1);
	memcpy(t->sval, sb.s, sb.len);
	t->slen = (int)sb.len;
	sb_free(&sb);
	t->text = pool_strndup(lx->pool, lx->p, (size_t)(p + 1 - lx->p));
	lx->p = p + 1;
}

static enum tok keyword(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(keywords); i++)
		if (strlen(keywords[i].s) == n && memcmp(keywords[i].s, s, n) == 0)
			return keywords[i].k;
	return T_IDENT;
}

/*
 * A "/" in an expression: DTrace's lexer reads ahead to the next character
 * that is no blank (dt_lex.l's <S0>"/", raw text: a comment is no blank)
 * and makes the "/" the end of a predicate before the end of the text, ';',
 * '{' or '/', else a division.  The end of a predicate with a ( or [ still
 * open is its error.  An error at the "/" has the line it read ahead to;
 * its text is none at the end of the text, else, when the character was
 * the very next, the "/" with the rest of its line (flex leaves the text
 * unterminated after pushing it back, as after id_or_type).
 */
static void slash_ahead(struct dt_lexer *lx, struct token *t)
{
	const char *q = lx->p, *end = lx->end ? lx->end : q + strlen(q);
	int line = lx->line;

	for (; q < end && *q && strchr("\f\n\r\t\v ", *q); q++)
		line += *q == '\n';
	t->eline = line;
	t->at_end = q >= end || !*q;
	t->epred = t->at_end || strchr(";{/", *q);
	t->peeked = !t->at_end && q == lx->p;
	lx->nul_next = t->at_end;
	if (t->epred && lx->parens > 0)
		dt_error(lx->es, line, "D_SYNTAX", "closing ) expected in predicate before /");
	if (t->epred && lx->bracks > 0)
		dt_error(lx->es, line, "D_SYNTAX", "closing ] expected in predicate before /");
}

void lex_next(struct dt_lexer *lx, struct token *t)
{
	const char *p;
	int c;

	int member = lx->member_next, sou = lx->sou_next;

	memset(t, 0, sizeof(*t));
	lx->member_next = 0;
	lx->sou_next = 0;
	skip_space(lx);
	p = lx->p;
	t->line = lx->line;
	t->eline = t->line;	/* a '/' reads ahead further (slash_ahead) */
	t->pos = p;
	c = (unsigned char)*p;

	if (c == 0 && p < lx->end) {
		/* a NUL byte in the text (from a file): DTrace's lexer reads it
		 * as the end of input there, which is an error in the middle;
		 * at the outer level its message is cut at the NUL it prints */
		if (lx->pspec_mode)
			dt_error(lx->es, lx->line, "D_SYNTAX", "syntax error near \"");
		dt_error(lx->es, lx->line, "D_SYNTAX", "syntax error near end-of-input");
	}
	/* (from -n text DTrace's lexer fails an assertion reading past its
	 * end: the grammar's error stands there) */
	if (c == 0 && lx->nul_next && lx->from_file)
		dt_error(lx->es, lx->line, "D_SYNTAX", "syntax error near end-of-input");
	if (c == 0) {
		t->kind = T_EOF;
		t->text = (char *)"";
		return;
	}

	if (lx->pspec_mode && is_pspec_first(c)) {
		const char *q = p;
		while (*q && is_pspec_char((unsigned char)*q))
			q++;
		/* A keyword or type name starts a declaration instead. */
		const char *w = p;
		while (isalnum((unsigned char)*w) || *w == '_')
			w++;
		if (w == q && (isalpha(c) || c == '_')) {
			enum tok k = keyword(p, (size_t)(w - p));
			char *name = pool_strndup(lx->pool, p, (size_t)(w - p));
			if (k != T_IDENT) {
				t->kind = k;
				t->text = name;
				lx->p = w;
				lx->sou_next = k == T_STRUCT || k == T_UNION || k == T_ENUM;
				return;
			}
			lx->p = w;	/* the callback may look at what follows */
			if (lx->is_type_name && (lx->is_type_name(lx->arg, name) & LEX_TNAME)) {
				t->kind = T_TNAME;
				t->text = name;
				return;
			}
			pool_release(lx->pool, name);
		}
		t->kind = T_PSPEC;
		t->text = pool_strndup(lx->pool, p, (size_t)(q - p));
		lx->p = q;
		return;
	}

	if (lx->pspec_mode && c == '/' && p[1] == '=') {
		/* no "/=" there: a "/" (dt_lex.l's <S2>"/") */
		t->kind = T_SLASH;
		t->text = (char *)"/";
		lx->p = p + 1;
		return;
	}
	if (lx->pspec_mode && !isdigit(c) && !strchr("{/,;", c)) {
		/* DTrace's outer level (its lexer's state S2) has no other
		 * tokens: the one character is the error */
		dt_error(lx->es, lx->line, "D_SYNTAX", "syntax error near \"%c\"", c);
	}
	if (isalpha(c) || c == '_' || c == '`') {
		const char *q = p;
		while (isalnum((unsigned char)*q) || *q == '_' || *q == '`')
			q++;
		t->text = pool_strndup(lx->pool, p, (size_t)(q - p));
		lx->p = q;
		t->kind = member ? T_IDENT : keyword(p, (size_t)(q - p));
		if (t->kind == T_IDENT && !member && lx->is_type_name) {
			int r = lx->is_type_name(lx->arg, t->text);
			if (r & LEX_TNAME)
				t->kind = T_TNAME;
			t->peeked = !sou && (r & LEX_PEEKED);
			if (t->peeked) {
				const char *e = lx->end ? lx->end : q + strlen(q);
				while (q < e && *q && strchr("\f\n\r\t\v ", *q))
					q++;
				lx->nul_next = q >= e || !*q;
			}
		}
		if (t->kind == T_STRUCT || t->kind == T_UNION || t->kind == T_ENUM)
			lx->sou_next = 1;
		return;
	}
	if (isdigit(c) || (c == '.' && !lx->pspec_mode && isdigit((unsigned char)lx->p[1]))) {
		lex_number(lx, t);
		return;
	}
	if (c == '\'') {
		lex_char(lx, t);
		return;
	}
	if (c == '"') {
		lex_string(lx, t);
		return;
	}
	if (c == '$') {
		const char *q = p + 1;
		int dbl = 0;
		if (*q == '$')
			dbl = 1, q++;
		const char *s = q;
		while (isalnum((unsigned char)*q) || *q == '_')
			q++;
		if (q == s) {
			t->kind = T_EOF;	/* a lone '$' */
			t->text = pool_strdup(lx->pool, "$");
			lx->p = p + 1;
			t->kind = T_NTOKENS;	/* parser reports syntax error near "$" */
			return;
		}
		t->kind = dbl ? T_MACRO_STR : T_MACRO;
		t->text = pool_strndup(lx->pool, s, (size_t)(q - s));
		lx->p = q;
		return;
	}
	if (c == '@') {
		const char *q = p + 1;
		while (isalnum((unsigned char)*q) || *q == '_')
			q++;
		t->kind = T_AGG;
		/* DTrace's lexer names the anonymous aggregation "@_", so
		 * @ and @_ are one aggregation and messages say "@_" */
		t->sval = q == p + 1 ? pool_strdup(lx->pool, "_")
				     : pool_strndup(lx->pool, p + 1, (size_t)(q - p - 1));
		t->text = pool_strndup(lx->pool, p, (size_t)(q - p));
		lx->p = q;
		return;
	}

	/* Operators: longest match first. */
	static const struct {
		const char *s;
		enum tok k;
	} ops[] = {
		{"<<=", T_SHL_EQ}, {">>=", T_SHR_EQ}, {"...", T_ELLIPSIS},
		{"->", T_ARROW}, {"++", T_INC}, {"--", T_DEC}, {"<<", T_SHL},
		{">>", T_SHR}, {"<=", T_LE}, {">=", T_GE}, {"==", T_EQ},
		{"!=", T_NE}, {"&&", T_LAND}, {"||", T_LOR}, {"^^", T_LXOR},
		{"+=", T_ADD_EQ}, {"-=", T_SUB_EQ}, {"*=", T_MUL_EQ},
		{"/=", T_DIV_EQ}, {"%=", T_MOD_EQ}, {"&=", T_AND_EQ},
		{"|=", T_OR_EQ}, {"^=", T_XOR_EQ},
		{"(", T_LPAREN}, {")", T_RPAREN}, {"[", T_LBRACK}, {"]", T_RBRACK},
		{"{", T_LBRACE}, {"}", T_RBRACE}, {",", T_COMMA}, {";", T_SEMI},
		{":", T_COLON}, {"?", T_QUESTION}, {".", T_DOT}, {"+", T_PLUS},
		{"-", T_MINUS}, {"*", T_STAR}, {"/", T_SLASH}, {"%", T_PERCENT},
		{"&", T_AMP}, {"|", T_BOR}, {"^", T_XOR}, {"~", T_TILDE},
		{"!", T_BANG}, {"<", T_LT}, {">", T_GT}, {"=", T_ASSIGN},
	};
	for (size_t i = 0; i < ARRAY_SIZE(ops); i++) {
		size_t n = strlen(ops[i].s);
		if (strncmp(p, ops[i].s, n) == 0) {
			t->kind = ops[i].k;
			/* the table's own text: token text is never written */
			t->text = (char *)ops[i].s;
			lx->p = p + n;
			switch (t->kind) {
			case T_SLASH:
				if (!lx->pspec_mode)
					slash_ahead(lx, t);
				break;
			case T_LPAREN: lx->parens++; break;
			case T_RPAREN:
				if (lx->parens == 0)
					dt_error(lx->es, lx->line, "D_SYNTAX", "extra ) in input stream");
				lx->parens--;
				break;
			case T_DOT: case T_ARROW: lx->member_next = 1; break;
			case T_LBRACE: lx->braces++; break;
			case T_RBRACE:	/* counted over the whole text, as dt_lex.l's pcb_braces */
				if (lx->braces == 0)
					dt_error(lx->es, lx->line, "D_SYNTAX", "extra } in input stream");
				lx->braces--;
				break;
			case T_LBRACK: lx->bracks++; break;
			case T_RBRACK:
				if (lx->bracks == 0)
					dt_error(lx->es, lx->line, "D_SYNTAX", "extra ] in input stream");
				lx->bracks--;
				break;
			default: break;
			}
			return;
		}
	}
	t->text = pool_strndup(lx->pool, p, 1);
	lx->p = p + 1;
	dt_error(lx->es, lx->line, "D_SYNTAX", "syntax error near \"%s\"", t->text);
}

/*
 * DTrace's lexer classifies a word it does not know (no variable, function
 * or inline of that name) by reading past the blanks to the next character
 * and pushing all of it back (dt_lex.l id_or_type).  Flex's push-back
 * leaves the word's text unterminated, so a syntax error at that word
 * quotes the word with the rest of its line: the blanks come back as
 * spaces, and a newline among them (pushed back nearest the character)
 * ends the quote there.
 */
const char *lex_near_text(struct dt_lexer *lx, const struct token *t)
{
	const char *p, *end = lx->end ? lx->end : t->pos + strlen(t->pos);
	size_t len, blanks = 0, newlines = 0, rest = 0;
	char *s;

	if (!t->peeked || !t->pos)
		return t->text;
	len = strlen(t->text);
	for (p = t->pos + len; p < end && *p && strchr("\f\n\r\t\v ", *p); p++) {
		blanks++;
		newlines += *p == '\n';
	}
	if (newlines)
		blanks -= newlines;
	else
		while (p + rest < end && p[rest] && p[rest] != '\n')
			rest++;
	s = pool_zalloc(lx->pool, len + blanks + rest + 1);
	memcpy(s, t->text, len);
	memset(s + len, ' ', blanks);
	memcpy(s + len + blanks, p, rest);
	s[len + blanks + rest] = 0;
	return s;
}
