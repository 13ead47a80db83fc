#!/usr/bin/env bash
# End-to-end tests: run dtrace on the live kernel (as root) and compare its
# exact stdout, stderr and exit status with what DTrace prints.
#
# Usage: tests/e2e/run.sh DTRACE [-v] [CASE...]
#   DTRACE  the dtrace binary (make e2e passes build/dtrace)
#   -v      also show the diff of known failures
#   CASE    run only these cases (names as below); default: all of them
#
# A case is a group of files in tests/e2e/cases/ sharing a NAME.  Adding a
# case means adding files there; nothing in this script needs to change.
#
#   NAME.d     a D script; the case runs    dtrace ARGS -s NAME.d ARGV
#   NAME.args  ARGS, extra dtrace arguments (shell words: quotes work, may
#              span lines).  With no NAME.d the case runs just  dtrace ARGS
#   NAME.argv  ARGV, the words after the script (macro arguments $1 ...)
#   NAME.sh    a bash script that is the case instead (for -c, -o, signals,
#              listings...): it finds the binary in $DTRACE, a fresh scratch
#              directory in $E2E_TMP and may use the other NAME.* files; its
#              stdout, stderr and exit status are what is compared
#   NAME.out   expected stdout   (no file: stdout must be empty)
#   NAME.err   expected stderr   (no file: stderr must be empty)
#   NAME.rc    expected exit status (no file: 0)
#   NAME.sed   sed -E script applied to the actual stdout and stderr before
#              comparing (to blank out probe IDs, pids, addresses...)
#
# Every case runs in tests/e2e/cases/ (so dtrace names a script NAME.d), with
# stdin from /dev/null, _DTRACE_TESTING unset (the CPU and ID columns are
# printed, as for a user), under `timeout 20`.  Before comparing, the actual
# output is normalised:
#   - "at BPF pc 123" becomes "at BPF pc NNN";
#   - in default-output probe lines ("  1      1     :BEGIN ...") the CPU
#     column becomes "  C" (so expected files read "  C      1 ...").
#
# A case listed in KNOWN_FAILURES below is run but reported as "skip" and
# not counted: its files state what DTrace does, the binary does not yet.
# The last line is "N passed, M failed, K skipped"; the exit status is 1 if
# any case failed.

# Cases whose expectation is DTrace's behaviour that dtrace does not have
# yet.  Take a case off this list when it passes (the run says so).
KNOWN_FAILURES=(
)

set -u
unset _DTRACE_TESTING

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cases=$here/cases

if [[ $# -lt 1 ]]; then
	echo "usage: $0 DTRACE [-v] [CASE...]" >&2
	exit 2
fi
DTRACE=$1; shift
case $DTRACE in /*) ;; *) DTRACE=$PWD/$DTRACE ;; esac
if [[ ! -x $DTRACE ]]; then
	echo "$0: $DTRACE: not an executable" >&2
	exit 2
fi
verbose=0
if [[ ${1:-} == -v ]]; then verbose=1; shift; fi
if [[ $(id -u) != 0 ]]; then
	echo "$0: the end-to-end tests load BPF programs: run them as root" >&2
	exit 2
fi
export DTRACE

work=$(mktemp -d /tmp/dtrace-e2e.XXXXXX)
trap 'rm -rf "$work"' EXIT

# All case names, or those asked for.
if [[ $# -gt 0 ]]; then
	names=("$@")
else
	mapfile -t names < <(cd "$cases" && ls -- *.d *.sh *.args 2>/dev/null |
		sed -E 's/\.(d|sh|args)$//' | sort -u)
fi

is_known() {
	local k
	for k in "${KNOWN_FAILURES[@]}"; do
		[[ $k == "$1" ]] && return 0
	done
	return 1
}

# normalise FILE [SEDFILE]: the rewriting described above, in place.
normalise() {
	local f=$1 sedf=${2:-}
	sed -E -i \
	    -e 's/at BPF pc [0-9]+/at BPF pc NNN/g' \
	    -e 's/^( {2}[0-9]| [0-9]{2}|[0-9]{3})( [ 0-9]{5}[0-9] +[^ ]*:[^ ]+( |$))/  C\2/' "$f"
	if [[ -n $sedf ]]; then
		sed -E -i -f "$sedf" "$f"
	fi
}

# run_case NAME: runs it, leaves a report in $work/NAME/report; returns 0 if
# the output is as expected.
run_case() {
	local name=$1 dir=$work/$1 base=$cases/$1
	local -a cmd args argv
	mkdir -p "$dir/tmp"
	if [[ -f $base.sh ]]; then
		cmd=(bash "$base.sh")
	elif [[ -f $base.d || -f $base.args ]]; then
		args=() argv=()
		if [[ -f $base.args ]]; then
			eval "args=( $(<"$base.args") )" || return 1
		fi
		if [[ -f $base.argv ]]; then
			eval "argv=( $(<"$base.argv") )" || return 1
		fi
		cmd=("$DTRACE" "${args[@]}")
		if [[ -f $base.d ]]; then
			cmd+=(-s "$name.d")
		fi
		cmd+=("${argv[@]}")
	else
		echo "no such case (need $name.d, $name.args or $name.sh)" >"$dir/report"
		return 1
	fi

	local rc
	# (the outer 2>/dev/null keeps bash's own crash report out: the report
	# below says "killed by SIG...")
	{ (cd "$cases" && E2E_TMP=$dir/tmp exec timeout -k 5 20 "${cmd[@]}") \
	    </dev/null >"$dir/stdout" 2>"$dir/stderr"; } 2>/dev/null
	rc=$?

	local sedf=
	[[ -f $base.sed ]] && sedf=$base.sed
	normalise "$dir/stdout" "$sedf"
	normalise "$dir/stderr" "$sedf"

	local want_rc=0 ok=0
	[[ -f $base.rc ]] && want_rc=$(tr -d ' \n' <"$base.rc")
	: >"$dir/report"
	if [[ $rc == 124 || $rc == 137 ]]; then
		echo "timed out (exit status $rc)" >>"$dir/report"
	elif (( rc > 128 && rc < 160 )); then
		echo "killed by SIG$(kill -l $((rc - 128)))" >>"$dir/report"
	fi
	if [[ $rc != "$want_rc" ]]; then
		echo "exit status $rc, expected $want_rc" >>"$dir/report"
		ok=1
	fi
	local stream exp act
	for stream in out err; do
		exp=/dev/null
		[[ -f $base.$stream ]] && exp=$base.$stream
		act=$dir/std$stream
		if ! diff -u --label "expected std$stream" --label "actual std$stream" \
		    "$exp" "$act" >>"$dir/report"; then
			ok=1
		fi
	done
	return $ok
}

passed=0 failed=0 skipped=0
for name in "${names[@]}"; do
	if run_case "$name"; then
		if is_known "$name"; then
			echo "skip $name (known failure, but it passes now: take it off KNOWN_FAILURES)"
			skipped=$((skipped + 1))
		else
			echo "ok $name"
			passed=$((passed + 1))
		fi
	elif is_known "$name"; then
		echo "skip $name (known failure)"
		[[ $verbose == 1 ]] && sed 's/^/    /' "$work/$name/report"
		skipped=$((skipped + 1))
	else
		echo "FAIL $name"
		sed 's/^/    /' "$work/$name/report"
		failed=$((failed + 1))
	fi
done

echo "$passed passed, $failed failed, $skipped skipped"
[[ $failed == 0 ]]
