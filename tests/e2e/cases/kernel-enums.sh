# shellcheck shell=bash
# The kernel's enums (BTF) are enum types: sizeof, print() showing the
# enumerator's name, and DTrace's comparison rule (dt_cook_op2): a name on
# the right of a value of enum type is that enum's tag.  The tags are not
# identifiers anywhere else.  clock_nanosleep() sets the task's
# restart_block.nanosleep.type to TT_NATIVE when given a buffer for the
# time left, as sleep(1) does.
cd "$E2E_TMP" || exit 1
"$DTRACE" -q -c 'sleep 0.1' -n '
BEGIN
{
	printf("sizeof %d\n", sizeof (enum timespec_type));
	x = (enum module_state)2;
	printf("going %d live %d gt %d le %d\n", x == MODULE_STATE_GOING,
	    x == MODULE_STATE_LIVE, x > MODULE_STATE_COMING, x <= MODULE_STATE_LIVE);
}

syscall::clock_nanosleep:return
/pid == $target/
{
	t = curthread->restart_block.nanosleep.type;
	printf("native %d compat %d value %d\n", t == TT_NATIVE, t != TT_COMPAT, t);
	print(&curthread->restart_block.nanosleep.type);
	exit(0);
}' 2>&1 | sed -E 's/^0x[0-9a-f]+ =/ADDR =/'
"$DTRACE" -e -n 'BEGIN { trace(TT_NATIVE); }'
"$DTRACE" -e -n 'BEGIN { trace(TT_NATIVE == (enum timespec_type)1); }'
"$DTRACE" -e -n 'int TT_NATIVE; BEGIN { trace((enum timespec_type)1 == TT_NATIVE); }'
