# shellcheck shell=bash
# lockstat -I sleep 1: kernel profiling through the profile provider
# (profile-97 on each CPU).  The "Profiling interrupt" table: its title,
# the legend with the CPU as the "lock" and no time column (Linux gives no
# interrupt lateness), the bars, and rows naming a CPU and the interrupted
# kernel function, module`function (vmlinux, a module, or bpf for a BPF
# program's when another tracer runs) or
# "(user mode)".  Counts vary: blanked; rows are
# reduced to their shape and counted once.
LOCKSTAT=$(dirname "$DTRACE")/lockstat
"$LOCKSTAT" -I sleep 1 >"$E2E_TMP/out" 2>"$E2E_TMP/err"
echo "lockstat exit status $?"
cat "$E2E_TMP/err"
sed -E -e 's/: [0-9]+ events in [0-9.]+ seconds \([0-9]+ events\/sec\)/: N events in T seconds (R events\/sec)/' \
    -e 's/^ *[1-9][0-9]* +[0-9]+% +[0-9]+% 1\.00 +cpu\[[0-9]+\] +([A-Za-z_0-9]+`[A-Za-z_0-9.]+(\+0x[0-9a-f]+)?|\(user mode\)) *$/ROW/' \
    "$E2E_TMP/out" | uniq
# and -i sets the rate: 10 Hz for a second is far fewer events than 97
"$LOCKSTAT" -I -i 10 sleep 1 | awk '/^Profiling interrupt: / { print ($3 > 0 && $3 <= 40) ? "-i 10: a few events" : "-i 10: " $3 " events" }'
