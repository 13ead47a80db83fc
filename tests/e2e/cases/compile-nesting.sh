# shellcheck shell=bash
# Deep nesting is bounded as DTrace bounds it, never a stack overflow: its
# parser (bison, YYMAXDEPTH 10000) reports "memory exhausted" past 10,000
# levels.  9,998 parentheses compile and run; 10,000 parentheses, 10,000
# nested if statements, 10,000 prefix operators (!), 100,000 of each, and a
# 100,000-operator chain (which DTrace's grammar reads without nesting, so
# the limit and its message are ours) are errors.  Bare braces are not D.
cd "$E2E_TMP" || exit 1
gen() {		# gen N OPEN MIDDLE CLOSE: OPEN x N, MIDDLE, CLOSE x N
	python3 -c "import sys; n = int(sys.argv[1]); sys.stdout.write(sys.argv[2] * n + sys.argv[3] + sys.argv[4] * n)" "$@"
}
{ echo -n 'BEGIN { x = '; gen 9998 '(' 1 ')'; echo '; trace(x); exit(0); }'; } >parens9998.d
"$DTRACE" -q -s parens9998.d
echo " 9,998 parentheses: exit status $?"
for n in 10000 100000; do
	{ echo -n 'BEGIN { x = '; gen $n '(' 1 ')'; echo '; }'; } >parens$n.d
	"$DTRACE" -e -s parens$n.d
	echo "$n parentheses: exit status $?"
	{ echo -n 'BEGIN { '; gen $n 'if (1) { ' 'x = 1;' ' }'; echo ' }'; } >ifs$n.d
	"$DTRACE" -e -s ifs$n.d
	echo "$n nested ifs: exit status $?"
	{ echo -n 'BEGIN { x = '; gen $n '!' 1 ''; echo '; }'; } >not$n.d
	"$DTRACE" -e -s not$n.d
	echo "$n ! operators: exit status $?"
	{ echo -n 'BEGIN '; gen $n '{' 'x = 1;' '}'; echo; } >braces$n.d
	"$DTRACE" -e -s braces$n.d
	echo "$n braces: exit status $?"
done
{ echo -n 'BEGIN { x = '; gen 100000 '1 + ' 1 ''; echo '; }'; } >sum.d
"$DTRACE" -e -s sum.d
echo "100,000 additions: exit status $?"
