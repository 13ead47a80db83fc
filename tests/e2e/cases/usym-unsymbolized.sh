# shellcheck shell=bash
# An address in a stripped object that no symbol covers is written as
# DTrace writes it (dtrace_uaddr2str, dt_print_ustack): the object and the
# address itself, alike by %A, usym(), uaddr() and ustack().  The address
# is checked to be the sampled pc, in the target's own (PIE) mapping.
# execname: before its exec the target is dtrace's child, whose pc is in
# dtrace's own mapping (a busy machine's CI run sampled it there once).
out=$E2E_TMP/out
"$DTRACE" -o "$out" -qn '
profile-997 /pid == $target && execname == "yes" && uregs[R_PC] < 0x7f0000000000/ {
	printf("pc 0x%x\n%A\n", uregs[R_PC], uregs[R_PC]);
	usym(uregs[R_PC]); printf("\n");
	uaddr(uregs[R_PC]); printf("\n");
	ustack(1);
	exit(0);
}' -c /usr/bin/yes >/dev/null
echo "exit $?"
pc=$(sed -n 's/^pc //p' "$out")
n=$(grep -c "^ *yes\`$pc *\$" "$out")
echo "lines naming yes\`pc: $n"
