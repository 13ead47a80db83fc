# shellcheck shell=bash
# toolkit tcpconnect.d and tcpaccept.d: a loopback connection the test
# makes (python3, port chosen by the kernel) shows once in each.
cat >"$E2E_TMP/tcp.py" <<'PY'
import socket
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(1)
c = socket.create_connection(s.getsockname()); a, _ = s.accept(); c.close(); a.close(); s.close()
PY
"$DTRACE" -c "python3 $E2E_TMP/tcp.py" -s ../../../share/toolkit/tcpconnect.d | grep -E 'PID|python3' |
	sed -E 's/^ +[0-9]+ python3 +4 127\.0\.0\.1 +[0-9]+ 127\.0\.0\.1 +[0-9]+$/PID python3 4 127.0.0.1 PORT 127.0.0.1 PORT/'
"$DTRACE" -c "python3 $E2E_TMP/tcp.py" -s ../../../share/toolkit/tcpaccept.d | grep -E 'LADDR|127\.0\.0\.1 +[0-9]+ 127\.0\.0\.1' |
	sed -E 's/^ 4 127\.0\.0\.1 +[0-9]+ 127\.0\.0\.1 +[0-9]+$/4 127.0.0.1 PORT 127.0.0.1 PORT/'
