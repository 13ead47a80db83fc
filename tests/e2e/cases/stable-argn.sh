# shellcheck shell=bash
# A script's arg0..argN at a stable provider's probe are the provider's
# arguments (args[] before translation), not those of the mechanism under
# it: at lockstat:::rw-block (the lock:contention_end tracepoint, whose own
# arg1 is a return code) arg1 is the time blocked, args[1].  Four
# processes appending to one file contend for its inode's rw_semaphore.
cc -O2 -o "$E2E_TMP/append" ../lib/contend_append.c || exit 1
cat >"$E2E_TMP/argn.d" <<'D'
#pragma D option quiet
lockstat:::rw-block
{
	@fired = count();
	@mismatch = sum(arg0 != (int64_t)args[0] || arg1 != args[1] || arg2 != args[2]);
	@timed = sum(arg1 > 0);
}
END
{
	printa("fired %@d\n", @fired);
	printa("mismatch %@d\n", @mismatch);
	printa("timed %@d\n", @timed);
}
D
"$DTRACE" -s "$E2E_TMP/argn.d" -c "$E2E_TMP/append $E2E_TMP/file" >"$E2E_TMP/out" 2>"$E2E_TMP/err"
echo "dtrace exit status $?"
grep -v 'aggregation drop' "$E2E_TMP/err"
# the counts vary: a fired probe, no argument that differs, each one timed
awk '$1 == "fired" { f = $2 } $1 == "mismatch" { print } $1 == "timed" { t = $2 }
     END { print (f > 0 ? "fired" : "not fired"), (t == f ? "all timed" : "untimed " f - t) }' "$E2E_TMP/out"
