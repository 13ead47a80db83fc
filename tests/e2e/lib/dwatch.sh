# shellcheck shell=bash
# Helpers for the dwatch-* cases: dwatch(1) (built beside $DTRACE) runs in
# the background while the case repeats its workload until dwatch has
# shown it, so that no case waits a guessed time for the probes to attach.
# A case sources this file from tests/e2e/cases/.

DWATCH=$(dirname "$DTRACE")/dwatch

# dw_start ARGS...: dwatch ARGS in the background, its stdout in
# $E2E_TMP/dw.out, its stderr in $E2E_TMP/dw.err, its pid in DW_PID.
dw_start() {
	# made here, not by the background job: dw_until may look at once
	: >"$E2E_TMP/dw.out"
	: >"$E2E_TMP/dw.err"
	"$DWATCH" "$@" >>"$E2E_TMP/dw.out" 2>>"$E2E_TMP/dw.err" &
	DW_PID=$!
}

# dw_until ERE COMMAND...: runs COMMAND, again every 0.2 s, until a line
# of dwatch's output matches ERE or dwatch has exited (15 s at most).
# Fails if no line matched.
dw_until() {
	local pat=$1 _
	shift
	for _ in $(seq 75); do
		"$@"
		grep -Eq -- "$pat" "$E2E_TMP/dw.out" && return 0
		kill -0 "$DW_PID" 2>/dev/null || break
		sleep 0.2
	done
	grep -Eq -- "$pat" "$E2E_TMP/dw.out"
}

# dw_stop: SIGINT to dwatch (if it still runs), then its exit status.
dw_stop() {
	kill -INT "$DW_PID" 2>/dev/null
	wait "$DW_PID"
	echo "dwatch exit status $?"
}

# The date and time dwatch begins each line with, as DATE.
DW_DATE_SED='s/^[0-9]{4} [A-Z][a-z]{2} [ 0-9][0-9] [0-9]{2}:[0-9]{2}:[0-9]{2} /DATE /'
