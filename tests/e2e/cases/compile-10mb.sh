# shellcheck shell=bash
# A 10 MB script compiles (compile only, -e): 2,000 clauses, each tracing
# a 2,000-character string (kept to strsize, 256), after a 3,000-character
# comment; and a 10 MB script that is one unterminated comment.
cd "$E2E_TMP" || exit 1
python3 -c "
import sys
w = sys.stdout.write
for i in range(2000):
	w('/* ' + 'c' * 3000 + ' */\n')
	w('BEGIN { trace(\"%d' % i + 'a' * 2000 + '\"); }\n')" >big.d
echo "$(($(stat -c %s big.d) / 1000000)) MB"	# 10^6 bytes
"$DTRACE" -e -s big.d
echo "exit status $?"
python3 -c "import sys; sys.stdout.write('BEGIN { exit(0); }\n/*' + ' lorem ipsum\n' * 800000)" >comment.d
echo "$(($(stat -c %s comment.d) / 1000000)) MB"
"$DTRACE" -e -s comment.d
echo "exit status $?"
