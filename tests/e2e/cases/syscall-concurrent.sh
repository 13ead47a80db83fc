# shellcheck shell=bash
# Several dtrace processes trace the same system calls at once, each with its
# own programs, maps and raw tracepoint links: neither disturbs the other,
# and nothing stays attached after they exit.
run() {
	"$DTRACE" -q -n 'syscall::write:entry /pid == $target && arg0 == 1/ { n++; }
		END { printf("%d\n", n); }' -c "dd if=/dev/zero of=/dev/null bs=1 count=$1 status=none"
}
run 3000 >"$E2E_TMP/a" &
a=$!
run 2000 >"$E2E_TMP/b" &
b=$!
wait $a; echo "first exit status $?"
wait $b; echo "second exit status $?"
echo "first saw $(cat "$E2E_TMP/a") writes, second saw $(cat "$E2E_TMP/b")"
# raw tracepoint links on sys_enter still held by a dtrace process this test
# started (other dtrace processes on the machine are not ours to judge)
left=0
for p in /proc/[0-9]*/fd/*; do
	[ "$(readlink "$p" 2>/dev/null)" = anon_inode:bpf_link ] || continue
	pid=${p#/proc/}; pid=${pid%%/*}
	[ "$(cat /proc/"$pid"/comm 2>/dev/null)" = dtrace ] || continue
	ppid=$(awk '/^PPid:/ { print $2 }' /proc/"$pid"/status 2>/dev/null)
	[ "$ppid" = "$$" ] || [ "$ppid" = "$a" ] || [ "$ppid" = "$b" ] || continue
	grep -q 'tp_name:.sys_enter' "${p/\/fd\//\/fdinfo\/}" 2>/dev/null && left=$((left + 1))
done
echo "dtrace links left: $left"
