# shellcheck shell=bash
# Helpers for the e2e cases that prove dtrace leaves nothing behind
# (cleanup-*.sh): they run dtrace under lib/bpfrec.c, which records every
# BPF program, map and link and every perf event that this one dtrace
# process creates (so other dtrace processes running on the machine at the
# same time are not counted), and after it is gone says which are left.
# A case sources this file from tests/e2e/cases/.

lib=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# Build the recorder into $E2E_TMP.
cc -O2 -Wall -o "$E2E_TMP/bpfrec" "$lib/bpfrec.c" -lbpf || exit 1

# recorded NAME COMMAND...: runs COMMAND (in the foreground) under the
# recorder; its pid goes to $E2E_TMP/NAME.pid, the recorder's report to
# $E2E_TMP/NAME.rep.  The status is COMMAND's (128 + N: killed by signal N).
recorded() {
	local name=$1; shift
	rm -f "$E2E_TMP/$name.pid" "$E2E_TMP/$name.rep"
	"$E2E_TMP/bpfrec" "$E2E_TMP/$name.pid" "$E2E_TMP/$name.rep" "$@"
}

# pid_of NAME: the pid of the command recorded as NAME, once it is known.
pid_of() {
	local _
	for _ in $(seq 150); do
		[[ -s $E2E_TMP/$1.pid ]] && break
		sleep 0.1
	done
	cat "$E2E_TMP/$1.pid"
}

# wait_for FILE TEXT: until FILE has a line TEXT (dtrace's BEGIN says it is
# tracing), at most 15 s.
wait_for() {
	local _
	for _ in $(seq 150); do
		grep -qx -- "$2" "$1" 2>/dev/null && return 0
		sleep 0.1
	done
	echo "never saw \"$2\" in $1"
	return 1
}

# leftover NAME: what the recorder saw NAME create and what is left of it,
# and any kprobe, uprobe or dynamic event in tracefs that names its pid
# (libbpf's legacy attach names its events libbpf_PID_...; dtrace makes none).
leftover() {
	local name=$1 pid rep=$E2E_TMP/$1.rep t ev
	pid=$(cat "$E2E_TMP/$name.pid" 2>/dev/null)
	if [[ ! -s $rep ]]; then
		echo "$name: no report"
		return
	fi
	if grep -q '^created: 0 programs' "$rep"; then
		echo "$name: created no BPF program"
	else
		echo "$name: created BPF programs"
	fi
	echo "$name: $(grep '^left:' "$rep")"
	for t in /sys/kernel/tracing /sys/kernel/debug/tracing; do
		[[ -d $t ]] || continue
		for ev in kprobe_events uprobe_events dynamic_events; do
			[[ -r $t/$ev ]] || continue
			if grep -q "_${pid}_" "$t/$ev"; then
				echo "$name: $ev still names pid $pid"
			fi
		done
		break
	done
}
