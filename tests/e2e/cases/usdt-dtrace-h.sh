# shellcheck shell=bash
# A program built with a `dtrace -h` header (no <sys/sdt.h>): its probes
# are USDT probes like any other, args[] typed from the provider
# definition (the header's .note.dtrace notes), its _ENABLED() macro true
# while the probe is enabled, and each argument's value right: a string, a
# 64-bit negative, an unsigned short at its top value.
cat >"$E2E_TMP/prov.d" <<'D'
provider shop {
	probe order__placed(int, char *, long long);
	probe order__shipped(unsigned short, int);
};
D
cat >"$E2E_TMP/shop.c" <<'C'
#include "prov.h"
#include <stdio.h>
int main(void)
{
	char item[16];		/* on the stack: paged in when the probe copies it */
	int shipped = 0;
	for (int i = 0; i < 3; i++) {
		snprintf(item, sizeof(item), "book%d", i);
		SHOP_ORDER_PLACED(i, item, -1000000000000LL * (i + 1));
		if (SHOP_ORDER_SHIPPED_ENABLED()) {
			shipped++;
			SHOP_ORDER_SHIPPED((unsigned short)(65535 - i), -i);
		}
	}
	printf("order-shipped enabled %d times\n", shipped);
	return 0;
}
C
"$DTRACE" -h -s "$E2E_TMP/prov.d" -o "$E2E_TMP/prov.h" || exit 1
cc -O2 -o "$E2E_TMP/shop" "$E2E_TMP/shop.c" || exit 1
"$DTRACE" -l -v -n 'shop$target:::' -c "$E2E_TMP/shop" | grep -E '^ +[0-9]|args' |
	sed -E 's/^ +[0-9]+ +shop[0-9]+ /  shopPID /'
rm -f "$E2E_TMP/out"
"$DTRACE" -q -o "$E2E_TMP/out" -n '
shop$target:::order-placed { printf("%s %d %s %d\n", probename, args[0], copyinstr((uintptr_t)args[1]), args[2]); }
shop$target:::order-shipped { printf("%s %d %d\n", probename, args[0], args[1]); }' -c "$E2E_TMP/shop"
echo "dtrace exit status $?"
cat "$E2E_TMP/out"
echo "== order-shipped not enabled"
"$DTRACE" -q -n 'shop$target:::order-placed { @ = count(); } END { printa("order-placed %@d\n", @); }' \
	-c "$E2E_TMP/shop"
