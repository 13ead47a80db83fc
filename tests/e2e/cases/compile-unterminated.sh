# shellcheck shell=bash
# Unterminated strings, comments, character constants, control lines,
# predicates and clauses are DTrace's errors, each with its line.  A string
# or character constant cut by a newline is D_STR_NL / D_CHR_NL (at the
# next line); cut by the end of the input, DTrace's lexer has no rule for
# it and its quote is a syntax error.
cd "$E2E_TMP" || exit 1
t() {	# t NAME TEXT: TEXT as a script (no newline added)
	printf '%s' "$2" >"$1.d"
	"$DTRACE" -e -s "$1.d"
	echo "$1: exit status $?"
}
t string 'BEGIN { trace("abc); }
'
t string-eof 'BEGIN { trace("abc'
t char-eof "BEGIN { trace('a"
t comment 'BEGIN { exit(0); }
/* no end'
t comment-nested 'BEGIN { /* a /* b */ }'
t char "BEGIN { trace('a); }"
t control '#pragma D option quiet'
t control-backslash '#pragma D option \'
t predicate 'BEGIN /1'
t clause 'BEGIN {'
t clause-expr 'BEGIN { x = (1 + '
