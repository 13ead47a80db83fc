# shellcheck shell=bash
# func(), sym() and mod() of kernel addresses, as DTrace prints them: the
# addresses of two functions of /proc/kallsyms (schedule and vfs_read),
# given as macro arguments, and addresses inside them.  func() and sym()
# show module`function without the offset, mod() the module; each is
# printed "  %-50s" (quiet or not); as aggregation keys every address of
# one function is one key (func), of one module one key (mod); printa's
# %a of such a key prints what the key shows.  An address in no symbol
# prints as 0x....
sched=$(awk '$3 == "schedule" && NF == 3 { print $1; exit }' /proc/kallsyms)
vread=$(awk '$3 == "vfs_read" && NF == 3 { print $1; exit }' /proc/kallsyms)
[[ -n $sched && -n $vread ]] || { echo "no schedule/vfs_read in /proc/kallsyms"; exit 1; }
"$DTRACE" -q -n '
BEGIN
{
	func($1); printf("|\n");
	sym($1 + 4); printf("|\n");
	mod($2 + 8); printf("|\n");
	func(8); printf("|\n");
	printf("%a %a\n", $1 + 4, $2);
	@f[func($1)] = count();
	@f[func($1 + 4)] = count();
	@f[func($1 + 12)] = count();
	@f[func($2 + 1)] = count();
	@m[mod($1)] = count();
	@m[mod($2)] = count();
	@s[sym($1 + 4), 7] = sum(3);
	exit(0);
}
END
{
	printa("func %a: %@d\n", @f);
	printa("mod %a: %@d\n", @m);
	printa(@s);
}' "0x$sched" "0x$vread"
echo "dtrace exit status $?"
"$DTRACE" -n 'BEGIN { func($1 + 16); exit(0); }' "0x$sched" 2>/dev/null
