# shellcheck shell=bash
# printa()'s %k prints a stack key as DTrace's pfprint_stack: on lines of
# its own, each frame through the conversion (as %s), indented by the width
# when left-aligned and not at all otherwise; stack() frames are indented
# by the stackindent option (DTrace's 14 when unset), which -x, #pragma and
# setopt() set.  Kernel offsets vary with the build: +0x... is dropped.
echo 'import os; os.getppid()' >"$E2E_TMP/ppid.py"
"$DTRACE" -qn '
syscall::getppid:entry
/pid == $target && !done/
{
	done = 1;
	@[stack(2)] = count();
	stack(1);
	setopt("stackindent", "3");
	stack(1);
}
END
{
	printa("[%k] %@d\n", @);
	printa("[%-4k] %@d\n", @);
	printa("[%40k] %@d\n", @);
}' -x stackindent=1 -c "python3 $E2E_TMP/ppid.py" | sed -E 's/\+0x[0-9a-f]+//'
