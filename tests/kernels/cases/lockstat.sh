# lockstat provider on a stock kernel: the contention probes (lock
# tracepoints, 5.19 and later) and the release probes (kprobes on the unlock
# functions the kernel has: Ubuntu's 5.15 inlines _raw_spin_unlock) are
# listed, and fire for four dd writing at once into one pipe (its mutex)
# and into one tmpfs file (its inode's rw_semaphore, as the writer).
$DTRACE -l -P lockstat | awk 'NR > 1 { print $4 }' | sort
cat > work.sh <<'WORK'
#!/bin/busybox sh
( for i in 1 2 3 4; do dd if=/dev/zero bs=65536 count=300 2>/dev/null & done; wait ) | cat >/dev/null
for i in 1 2 3 4; do dd if=/dev/zero of=/dev/shm/lockstat.f bs=65536 count=300 conv=notrunc 2>/dev/null & done; wait
rm -f /dev/shm/lockstat.f
WORK
chmod +x work.sh
mkdir -p /dev/shm
# the release probes (kprobes)
$DTRACE -q -c ./work.sh -n '
lockstat:::adaptive-release /execname == "dd" && args[0] != NULL/ { mrel = 1; }
lockstat:::rw-release /execname == "dd" && args[1] == RW_WRITER/ { rwrel = 1; }
lockstat:::spin-release /execname == "dd"/ { srel = 1; }
END {
	printf("a dd mutex release: %d\n", mrel);
	printf("a dd rwsem release as the writer: %d\n", rwrel);
	printf("a dd spinlock release: %d\n", srel);
}' 2>&1
# the contention probes (lock tracepoints, 5.19 and later; before, the
# description says why it matches nothing)
$DTRACE -q -c ./work.sh -n '
lockstat:::adaptive-spin, lockstat:::adaptive-block /execname == "dd" && args[1] > 0/ { mutex = 1; }
lockstat:::rw-block /execname == "dd" && args[2] == RW_WRITER && args[1] > 0/ { rwsem = 1; }
END {
	printf("a dd mutex contention, time > 0: %d\n", mutex);
	printf("a dd rwsem contention as the writer, time > 0: %d\n", rwsem);
}' 2>&1 | sed -n '/^a dd/p; s/^.*: \(lockstat:::\*-spin probes\)/\1/p'
