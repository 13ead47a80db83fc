# shellcheck shell=bash
# Integers beyond 64 bits are DTrace's D_INT_OFLOW, in any base, and in a
# macro argument D_MACRO_OFLOW; the largest 64-bit values are constants in
# hex and octal, and D_INT_OFLOW in decimal, which is int, long or long
# long only (dt_node_int).
# An array dimension beyond UINT_MAX is D_DECL_ARRBIG wherever an array is
# declared (and so is an array of 4 GB or more, whose size no type holds).
cd "$E2E_TMP" || exit 1
for c in 18446744073709551615 18446744073709551616 0xffffffffffffffff 0x10000000000000000 \
	01777777777777777777777 02000000000000000000000 123456789012345678901234567890123456789 \
	0x123456789abcdef0123456789abcdef; do
	"$DTRACE" -q -n "BEGIN { printf(\"%x\\n\", $c); exit(0); }"
	echo "$c: exit status $?"
done
"$DTRACE" -q -n 'BEGIN { printf("%d\n", $1); exit(0); }' 99999999999999999999
echo "macro argument: exit status $?"
for d in 'int x[4294967296];' 'struct s { int a[4294967296]; };' 'typedef int t[4294967296];' \
	'int y[2][4294967296];' 'int z[1073741824];'; do
	"$DTRACE" -e -n "$d BEGIN { exit(0); }"
	echo "$d: exit status $?"
done
"$DTRACE" -q -n 'BEGIN { trace(sizeof(int [1073741823])); exit(0); }'
echo " 1073741823 ints: exit status $?"
