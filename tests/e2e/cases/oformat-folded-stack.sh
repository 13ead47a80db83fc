# shellcheck shell=bash
# -x oformat=folded: kernel stacks sampled by profile (on CPU 0 here: the
# busy child is kept there) as folded stacks, root first, one "frames count"
# line each, which flamegraph.pl and speedscope read; no probe lines.
printf 'i=0\nwhile [ $i -lt 300000 ]; do i=$((i+1)); done\n' >"$E2E_TMP/busy.sh"
"$DTRACE" -x oformat=folded -n 'profile-997 { @[stack()] = count(); } tick-1s { exit(0); }' \
	-c "taskset -c 0 sh $E2E_TMP/busy.sh" >"$E2E_TMP/out" 2>/dev/null
echo "dtrace exit status $?"
lines=$(grep -c . "$E2E_TMP/out")
bad=$(grep -cvE '^[^ ;]+(;[^ ;]+)* [0-9]+$' "$E2E_TMP/out")
if (( lines > 0 )); then echo "folded lines: some"; else echo "folded lines: none"; fi
echo "lines not folded: $bad"
grep -vE '^[^ ;]+(;[^ ;]+)* [0-9]+$' "$E2E_TMP/out" | head -5
if grep -q 'vmlinux`' "$E2E_TMP/out"; then echo "kernel frames: yes"; else echo "kernel frames: no"; fi
