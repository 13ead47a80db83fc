# shellcheck shell=bash
# A 100,000-clause script compiles (compile only, -e: loading it would
# need a program bigger than the kernel takes): each clause on BEGIN sets
# one of 100 variables, and 100,000 clauses tracing distinct strings
# (100,000 string constants).
cd "$E2E_TMP" || exit 1
for ((i = 0; i < 100000; i++)); do
	echo "BEGIN { x$((i % 100)) = $i; }"
done >many.d
"$DTRACE" -e -s many.d
echo "exit status $?"
for ((i = 0; i < 100000; i++)); do
	echo "BEGIN { trace(\"s$i\"); }"
done >strings.d
"$DTRACE" -e -s strings.d
echo "exit status $?"
