# shellcheck shell=bash
# Is-enabled probes: the program runs its guarded probe's code only when
# its semaphore is raised (sys/sdt.h's _ENABLED()), which the kernel does
# while a uprobe with that semaphore is attached.  Enabling another probe of
# the program leaves it down; enabling the guarded one raises it; and an
# enabling that matches no site of the guarded probe raises nothing.
cc -O2 -o "$E2E_TMP/prog" usdt-prog.c || exit 1
echo "== step enabled"
"$DTRACE" -q -n 'myapp$target:::step { @ = count(); } END { printa("step fired %@d times\n", @); }' \
	-c "$E2E_TMP/prog 4"
echo "== guarded enabled"
"$DTRACE" -q -n 'myapp$target:::guarded { @ = count(); } END { printa("guarded fired %@d times\n", @); }' \
	-c "$E2E_TMP/prog 4"
echo "== guarded enabled, predicate false"
"$DTRACE" -q -n 'myapp$target:::guarded /arg0 < 0/ { @ = count(); }' -c "$E2E_TMP/prog 4"
