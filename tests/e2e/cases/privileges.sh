# shellcheck shell=bash
# Privilege, as a real unprivileged user (nobody) running copies of dtrace
# with file capabilities (setcap):
#   - with none, dtrace refuses at once and says what it needs (the -c
#     command is not even started); dtrace -h needs nothing;
#   - CAP_BPF + CAP_PERFMON trace: system calls, tick and profile probes,
#     pid probes in its own -c command and in another user's process;
#   - sdt probes also need tracefs, which only root may read: with
#     CAP_DAC_READ_SEARCH they work.
# docs/PRIVILEGES.md has the whole matrix.
if ! command -v setcap >/dev/null; then
	echo "setcap is missing (libcap2-bin: scripts/install-deps.sh)"
	exit 1
fi
dir=$(mktemp -d /tmp/dtrace-priv.XXXXXX)
trap 'rm -rf "$dir"' EXIT
chmod 755 "$dir"
cp "$DTRACE" "$dir/dtrace-none"
cp "$DTRACE" "$dir/dtrace-trace" && setcap cap_bpf,cap_perfmon+ep "$dir/dtrace-trace"
cp "$DTRACE" "$dir/dtrace-tracefs" && setcap cap_bpf,cap_perfmon,cap_dac_read_search+ep "$dir/dtrace-tracefs"
cat >"$dir/calls.c" <<'C'
#include <stdlib.h>
#include <unistd.h>
__attribute__((noinline)) int twice(int x) { return 2 * x; }
int main(int argc, char **argv)
{
	int s = 0;
	for (int i = atoi(argv[1]); i > 0; i--)
		s += twice(getppid() != 0);
	return s == 0;
}
C
cc -O1 -o "$dir/calls" "$dir/calls.c" || exit 1
chmod 755 "$dir/calls"
as_nobody() { setpriv --reuid nobody --regid nogroup --clear-groups "$@"; }

as_nobody "$dir/dtrace-none" -q -n 'BEGIN { exit(0); }' -c "touch $dir/started"
echo "no capability: exit status $?"
[[ -e $dir/started ]] && echo "no capability: the -c command was started"
echo 'provider p { probe q(int); };' >"$dir/p.d"
(cd "$dir" && chmod 1777 . && as_nobody "$dir/dtrace-none" -h -s p.d -o "$dir/p.h")
st=$?
grep -q P_Q "$dir/p.h" && echo "no capability, dtrace -h: exit status $st, header written"

as_nobody "$dir/dtrace-trace" -q -n 'syscall::getppid:entry /pid == $target/ { n++; }
	pid$target:a.out:twice:entry { t++; }
	END { printf("%d calls, %d twice\n", n, t); }' -c "$dir/calls 1000"
echo "CAP_BPF+CAP_PERFMON: exit status $?"
as_nobody "$dir/dtrace-trace" -q -n 'profile-997 { p = 1; }
	tick-10ms /++i == 5/ { printf("%s\n", p ? "profile and tick fired" : "tick fired"); exit(0); }'
echo "CAP_BPF+CAP_PERFMON, profile: exit status $?"
bash -c 'while :; do sleep 0.01; done' &
loop=$!
as_nobody "$dir/dtrace-trace" -q -n "pid$loop:libc.so.6:wait4:entry { printf(\"root's process seen\n\"); exit(0); }"
echo "CAP_BPF+CAP_PERFMON, pid probe in root's process: exit status $?"
kill "$loop"
wait "$loop" 2>/dev/null

as_nobody "$dir/dtrace-trace" -q -n 'sdt:sched::sched_switch { exit(0); }' 2>&1 | sed 's/^dtrace: invalid probe specifier .*}: /dtrace: /'
echo "CAP_BPF+CAP_PERFMON, sdt: exit status ${PIPESTATUS[0]}"
as_nobody "$dir/dtrace-tracefs" -q -n 'sdt:sched::sched_switch { printf("switch\n"); exit(0); }'
echo "CAP_BPF+CAP_PERFMON+CAP_DAC_READ_SEARCH, sdt: exit status $?"
