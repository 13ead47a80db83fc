# shellcheck shell=bash
# Integers beyond 64 bits are DTrace's D_INT_OFLOW, in any base, and in a
# macro argument D_MACRO_OFLOW; the largest 64-bit values are constants.
cd "$E2E_TMP" || exit 1
for c in 18446744073709551615 18446744073709551616 0xffffffffffffffff 0x10000000000000000 \
	01777777777777777777777 02000000000000000000000 123456789012345678901234567890123456789 \
	0x123456789abcdef0123456789abcdef; do
	"$DTRACE" -q -n "BEGIN { printf(\"%x\\n\", $c); exit(0); }"
	echo "$c: exit status $?"
done
"$DTRACE" -q -n 'BEGIN { printf("%d\n", $1); exit(0); }' 99999999999999999999
echo "macro argument: exit status $?"
