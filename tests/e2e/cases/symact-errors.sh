# shellcheck shell=bash
# The symbol actions' argument checks, by DTrace's prototypes
# (_symaddr(uintptr_t), _usymaddr(uintptr_t)), and what printf's %a and
# %A take: %A a plain address only with a -c/-p process to name
# (pfcheck_uaddr), a ufunc() key but not a func() one; %a a func() key
# but not a ufunc() one; %d neither.
for prog in \
	'BEGIN { func(); }' \
	'BEGIN { ufunc(1, 2); }' \
	'BEGIN { sym("x"); }' \
	'BEGIN { umod(curthread); }' \
	'BEGIN { printf("%A\n", 1); }' \
	'BEGIN { @[func(0)] = count(); printa("%d %@d\n", @); }' \
	'BEGIN { @[ufunc(0)] = count(); printa("%a %@d\n", @); }' \
	'BEGIN { @[mod(0)] = count(); printa("%A %@d\n", @); }' \
	'BEGIN { @[usym(0)] = count(); @[sym(0)] = count(); }'
do
	"$DTRACE" -xerrtags -qn "$prog"
	echo "exit status $?"
done
