/* An argument not given is an error in a probe description, even with
 * defaultargs (DTrace's "Undefined macro variable in probe description"). */
#pragma D option defaultargs

dtrace:::$1,
syscall::$2:entry
{
	exit(0);
}
