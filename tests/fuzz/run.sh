#!/usr/bin/env bash
# Run the fuzz targets built by `make fuzz` (see tests/fuzz/README).
#
# Usage: tests/fuzz/run.sh BUILD SECONDS TIMEOUT TARGET...
#   BUILD    where fuzz_TARGET was built (build/fuzz); the corpora, logs and
#            any crash-*, leak-*, timeout-* input are kept there
#   SECONDS  how long each target fuzzes
#   TIMEOUT  seconds one input may take before it counts as a hang
#   FUZZ_SEED (environment) libFuzzer's seed: CI gives one so that what it
#            runs is a prefix of what a longer run with the same seed and a
#            fresh corpus runs on this machine (reproducible before a push);
#            unset, every run explores anew
#
# For each target: seed BUILD/corpus-TARGET from the project's own scripts
# (tests/fuzz/seed.sh), replay every input in tests/fuzz/regress/TARGET/,
# then fuzz for SECONDS with the corpus and the regression inputs.  Exit
# status 1 when anything failed; the last lines of the log say what.
set -euo pipefail

if [[ $# -lt 4 ]]; then
	echo "usage: $0 BUILD SECONDS TIMEOUT TARGET..." >&2
	exit 2
fi
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=$(cd "$1" && pwd)
seconds=$2
timeout=$3
shift 3

# ASan's leak check is on (libFuzzer runs it after an input that allocated
# more than it freed); every report is fatal.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# The parser and the passes after it recurse once per level of nesting, to
# DTrace's 10,000 (bison's stack): that fits the usual 8 MB stack in a
# normal build (e2e compile-nesting, compile-struct-nesting), but ASan's
# redzones make every frame several times bigger, so the targets get room
# for what ASan adds, not for what the compiler needs.
ulimit -s 65536 2>/dev/null || ulimit -s unlimited 2>/dev/null || true
common=(-timeout="$timeout" -rss_limit_mb=4096 -malloc_limit_mb=4096 -print_final_stats=1
	-artifact_prefix="$build/")
[[ -n ${FUZZ_SEED:-} ]] && common+=(-seed="$FUZZ_SEED")
status=0

for t in "$@"; do
	bin=$build/fuzz_$t
	corpus=$build/corpus-$t
	regress=$top/tests/fuzz/regress/$t
	log=$build/fuzz_$t.log
	mkdir -p "$corpus" "$regress" "$build/cwd-$t"
	"$top/tests/fuzz/seed.sh" "$t" "$corpus"
	# a fuzzed option or action may make a file in its working directory
	# (ctypes=, dtypes=, freopen): the target runs where such files are
	# thrown away with the build, never in the source tree
	cd "$build/cwd-$t"

	inputs=("$regress"/*)
	if [[ -e ${inputs[0]} ]]; then
		echo "== fuzz_$t: replaying ${#inputs[@]} regression inputs"
		# a timeout that three more runs in one process do not repeat
		# is a first run paying for a cold cache (as below), not a hang
		if ! "$bin" "${common[@]}" "${inputs[@]}" >"$log.replay" 2>&1 &&
		   { ! grep -q 'ERROR: libFuzzer: timeout' "$log.replay" ||
		     ! "$bin" "${common[@]}" -runs=3 "${inputs[@]}" >"$log.replay.retry" 2>&1 ||
		     ! echo "== fuzz_$t: a regression input timed out on its first run only (a cold cache, not a hang)"; }; then
			tail -n 60 "$log.replay"
			echo "== fuzz_$t: a regression input fails (log: $log.replay)"
			status=1
			continue
		fi
	fi

	echo "== fuzz_$t: fuzzing for $seconds s (corpus $corpus, log $log)"
	# a timeout that the input does not repeat (three more runs in one
	# process) was the machine stalling (a shared machine) or a first run
	# paying for what later runs find cached (a provider glob has USDT
	# read the objects of every process), not a hang: it is said, kept as
	# stall-*, and fuzzing goes on for the time left
	start=$SECONDS runs=0 failed=0
	: >"$log"
	while left=$((seconds - (SECONDS - start))); ((left > 0)); do
		if "$bin" "${common[@]}" -max_total_time=$left "$corpus" "$regress" >"$log.part" 2>&1; then
			ok=1
		else
			ok=0
		fi
		cat "$log.part" >>"$log"
		n=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log.part")
		runs=$((runs + ${n:-0}))
		((ok)) && break
		input=$(sed -n 's/.*Test unit written to //p' "$log.part" | tail -n 1)
		if [[ $input == */timeout-* ]] && "$bin" "${common[@]}" -runs=3 "$input" >"$log.retry" 2>&1; then
			mv -f "$input" "${input/timeout-/stall-}"
			echo "== fuzz_$t: a timeout did not repeat (a stall or a cold first run, not a hang): ${input/timeout-/stall-}"
			continue
		fi
		tail -n 60 "$log.part"
		echo "== fuzz_$t: FAILED (the input is in $build; keep it in tests/fuzz/regress/$t once fixed)"
		failed=1
		break
	done
	rm -f "$log.part" "$log.retry"
	if ((failed)); then
		status=1
		continue
	fi
	echo "== fuzz_$t: clean, $runs inputs run"
done
exit $status
