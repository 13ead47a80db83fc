# shellcheck shell=bash
# The string subroutines without the kernel's string kfuncs (what kernels
# before 6.17 have): DTRACE_KERNEL_LACKS=string-kfuncs makes dtrace use its
# own BPF functions (codegen/strfn.c) on this kernel too.  Their output must
# be what the kfuncs give: the edge cases at the default strsize, and
# strings as long as strsize at 1024 and 4096 (4096 is the most the
# functions support).
# strings as long as strsize, and matches at their ends
cat >"$E2E_TMP/long.d" <<'EOF'
/* Strings as long as strsize, and matches at their ends (strings-nokfuncs.sh). */
BEGIN
{
	a = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
	b = strjoin(a, a); b = strjoin(b, b); b = strjoin(b, b); b = strjoin(b, b);
	b = strjoin(b, "XYZ");
	printf("%d %d %d %d %d\n", strlen(b), index(b, "XYZ"), rindex(b, "f0"), index(b, "fX"), index(b, "f0", 200));
	printf("%s|", strstr(b, "XY") == NULL ? "null" : strstr(b, "XY"));
	printf("%s|", strrchr(b, 'Z') == NULL ? "null" : strrchr(b, 'Z'));
	printf("%s\n", strchr(b, 'Y') == NULL ? "null" : strchr(b, 'Y'));
	printf("%d\n", strlen(strtok(b, "X")));
}
BEGIN { exit(0); }
EOF
for lacks in "" string-kfuncs; do
	echo "== DTRACE_KERNEL_LACKS=$lacks"
	DTRACE_KERNEL_LACKS=$lacks "$DTRACE" -qs strings-nokfuncs.d
	for size in 1024 4096; do
		DTRACE_KERNEL_LACKS=$lacks "$DTRACE" -x strsize=$size -qs "$E2E_TMP/long.d"
	done
done
echo "== strsize 5000"
DTRACE_KERNEL_LACKS=string-kfuncs "$DTRACE" -x strsize=5000 -qn 'BEGIN { trace(strchr("abc", 98)); exit(0); }'
echo "exit status $?"
