# shellcheck shell=bash
# toolkit tcpconnect.d and tcpaccept.d: a loopback connection the test
# makes (python3, port chosen by the kernel) shows once in each.  Only the
# test's own process is kept (it writes its pid): other cases running at
# the same time make connections too.
cat >"$E2E_TMP/tcp.py" <<'PY'
import os, socket, sys
open(sys.argv[1], "w").write("%d\n" % os.getpid())
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(1)
c = socket.create_connection(s.getsockname()); a, _ = s.accept(); c.close(); a.close(); s.close()
PY
"$DTRACE" -c "python3 $E2E_TMP/tcp.py $E2E_TMP/pid1" -s ../../../share/toolkit/tcpconnect.d >"$E2E_TMP/c.out"
grep -E "PID|^ +$(cat "$E2E_TMP/pid1") " "$E2E_TMP/c.out" |
	sed -E 's/^ +[0-9]+ python3 +4 127\.0\.0\.1 +[0-9]+ 127\.0\.0\.1 +[0-9]+$/PID python3 4 127.0.0.1 PORT 127.0.0.1 PORT/'
"$DTRACE" -c "python3 $E2E_TMP/tcp.py $E2E_TMP/pid2" -s ../../../share/toolkit/tcpaccept.d | grep -E 'LADDR|127\.0\.0\.1 +[0-9]+ 127\.0\.0\.1' |
	sed -E 's/^ 4 127\.0\.0\.1 +[0-9]+ 127\.0\.0\.1 +[0-9]+$/4 127.0.0.1 PORT 127.0.0.1 PORT/'
