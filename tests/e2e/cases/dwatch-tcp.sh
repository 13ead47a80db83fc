# shellcheck shell=bash
# dwatch -X tcp shows a loopback connection the case makes: the connect
# request, both ends established, the states each end goes through, and
# the 5 bytes sent and received.  Connections to port 47125 first, until
# dwatch shows one (its probes are attached); then the one to 47123 that
# is compared.  The client's port is the kernel's pick (CPORT); segments
# without data (ACKs, whose number may vary) are left out, and the lines
# are sorted (the two ends' events may interleave either way).
. ../lib/dwatch.sh
cat >"$E2E_TMP/conn.py" <<'PY'
import socket, sys
port = int(sys.argv[1])
s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", port))
s.listen(1)
c = socket.create_connection(("127.0.0.1", port))
a, _ = s.accept()
c.sendall(b"hello")
assert a.recv(5) == b"hello"
c.close()
assert a.recv(5) == b""
a.close()
s.close()
PY
dw_start -X tcp -r ':4712[35]( |$)'
dw_until ':47125( |$)' python3 "$E2E_TMP/conn.py" 47125 || echo "no warm-up connection seen"
python3 "$E2E_TMP/conn.py" 47123
dw_until ':47123 state-listen -> state-closed' true || echo "the connection's end not seen"
dw_stop
grep -E ':47123( |$)' "$E2E_TMP/dw.out" | grep -v ' 0 bytes$' |
	sed -E -e "$DW_DATE_SED" -e 's/127\.0\.0\.1:[1-9][0-9]*/&@/g' \
	    -e 's/127\.0\.0\.1:47123@/127.0.0.1:47123/g' -e 's/127\.0\.0\.1:[0-9]+@/127.0.0.1:CPORT/g' | sort
sed -E 's/\[found in .*\]/[found in DIR]/' "$E2E_TMP/dw.err"
