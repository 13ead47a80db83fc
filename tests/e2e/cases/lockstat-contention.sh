# shellcheck shell=bash
# lockstat's contention probes fire on contention this test makes: six
# copies of dd (named lockhammer, to tell them from the rest of the machine)
# write 64 KB blocks at once into one pipe (the pipe's mutex: the waiters
# spin on its running owner, or sleep) and then into one tmpfs file (the
# inode's rw_semaphore, taken as the writer: rw-block).  The times are the
# nanoseconds spun or blocked, never 0; args[2] of rw-block is RW_WRITER.
# Whether the writers overlap depends on the machine's load: the workload
# runs again (at most 5 times) until both kinds of contention were seen.
cp /bin/dd "$E2E_TMP/lockhammer"
cat >"$E2E_TMP/work.sh" <<WORK
#!/bin/bash
( for i in 1 2 3 4 5 6; do "$E2E_TMP/lockhammer" if=/dev/zero bs=64k count=1000 status=none & done; wait ) | cat >/dev/null
for i in 1 2 3 4 5 6; do "$E2E_TMP/lockhammer" if=/dev/zero of=/dev/shm/lockhammer.\$\$ bs=64k count=1000 conv=notrunc status=none & done; wait
rm -f /dev/shm/lockhammer.\$\$
WORK
chmod +x "$E2E_TMP/work.sh"
for attempt in 1 2 3 4 5; do
	"$DTRACE" -q -c "$E2E_TMP/work.sh" -n '
	lockstat:::adaptive-spin, lockstat:::adaptive-block /execname == "lockhammer" && args[0] != NULL/ { mutex = 1; }
	lockstat:::adaptive-spin, lockstat:::adaptive-block /execname == "lockhammer" && args[1] == 0/ { zero = 1; }
	lockstat:::rw-block /execname == "lockhammer" && args[2] == RW_WRITER/ { writer = 1; }
	lockstat:::rw-block /execname == "lockhammer" && args[1] == 0/ { zero = 1; }
	END
	{
		printf("a mutex contended: %d\n", mutex);
		printf("an rwsem contended by a writer: %d\n", writer);
		printf("a time of 0: %d\n", zero);
	}' >"$E2E_TMP/out"
	status=$?
	grep -q 'a mutex contended: 1' "$E2E_TMP/out" && grep -q 'by a writer: 1' "$E2E_TMP/out" && break
done
cat "$E2E_TMP/out"
echo "status $status"
