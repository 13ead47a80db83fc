# shellcheck shell=bash
# A known number of system calls: dd copies 1000 one-byte blocks, so it makes
# exactly 1000 write(1, ...) calls; entry and return probes both see them all.
"$DTRACE" -q -n '
syscall::write:entry /pid == $target && arg0 == 1/ { n++; }
syscall::write:return /pid == $target && arg0 == 1/ { ok++; }
END { printf("write entries %d, returns of 1 byte %d\n", n, ok); }' \
	-c "dd if=/dev/zero of=/dev/null bs=1 count=1000 status=none" >"$E2E_TMP/out"
echo "dtrace exit status $?"
cat "$E2E_TMP/out"
