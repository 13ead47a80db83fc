# shellcheck shell=bash
# lockstat -C over a workload that contends a kernel lock: four processes
# appending to one file wait for its inode's rw_semaphore (i_rwsem), so the
# "R/W writer blocked" table is printed with illumos's title line, legend
# and bars, a row for that lock (its address in hex: Linux names no heap
# lock) whose Caller is the file system's write_iter function (the frame
# above down_write, not the lock code).  Counts, times and addresses vary:
# they are blanked; the other tables (scheduler spinlocks...) are left out.
LOCKSTAT=$(dirname "$DTRACE")/lockstat
cc -O2 -o "$E2E_TMP/append" ../lib/contend_append.c || exit 1
"$LOCKSTAT" -C "$E2E_TMP/append" "$E2E_TMP/file" >"$E2E_TMP/out" 2>"$E2E_TMP/err"
echo "lockstat exit status $?"
# drops are reported, and legitimate; nothing else may be on stderr
grep -v 'aggregation drop\|ran out of data records' "$E2E_TMP/err"
awk '/^$/ { next }
     /^[A-Z][^:]*: [0-9]+ events in / { t = $0; sub(/:.*/, "", t); if (t == "R/W writer blocked") print; next }
     t == "R/W writer blocked" && (/^Count / || /^---/ || /write_iter\+/)' "$E2E_TMP/out" |
	sed -E -e 's/: [0-9]+ events in [0-9.]+ seconds \([0-9]+ events\/sec\)/: N events in T seconds (R events\/sec)/' \
	    -e 's/^ *[1-9][0-9]* +[0-9]+% +[0-9]+% 1\.00 +[1-9][0-9]* 0x[0-9a-f]+ +vmlinux`[a-z_0-9]*write_iter\+0x[0-9a-f]+ *$/    N   N%   N% 1.00        N 0xLOCK                 vmlinux`FS_write_iter+0x.../' |
	uniq
