# shellcheck shell=bash
# No cap on the aggregations of one printa() or the arguments of one
# printf(): 70 of each (64 were kept, the rest dropped or printed at exit),
# and more -n options than 256 (the rest were ignored).
{
	echo 'BEGIN {'
	for i in $(seq 0 69); do echo "@a$i[1] = sum($i);"; done
	printf 'printa("%%d'; for i in $(seq 0 69); do printf ' %%@d'; done
	printf '\\n"'; for i in $(seq 0 69); do printf ', @a%d' "$i"; done; echo ');'
	printf 'printf("'; for i in $(seq 0 69); do printf '%%d '; done
	printf '\\n"'; for i in $(seq 0 69); do printf ', %d' "$((i * 2))"; done; echo ');'
	echo 'exit(0); }'
} >"$E2E_TMP/many.d"
"$DTRACE" -qs "$E2E_TMP/many.d"
echo "exit $?"
args=()
for i in $(seq 1 300); do args+=(-n "BEGIN { x$i = $i; }"); done
"$DTRACE" -q "${args[@]}" -n 'BEGIN { printf("%d %d\n", x1, x300); exit(0); }'
echo "exit $?"
