# shellcheck shell=bash
# More profiles against workloads of this case: -X kill (this shell's kill
# builtin, selected with -p by its exact pid), -X udp (a datagram over
# loopback to port 47124, selected with -r: its send and its receive),
# -X nanosleep (a copy of sleep(1)), -X chmod (a copy of chmod(1)).
. ../lib/dwatch.sh
show() {
	sed -E -e "$DW_DATE_SED" -e 's/\[[0-9]+\]/[PID]/' -e "s/pid $$/pid SELF/" \
		-e 's/127\.0\.0\.1:47124\b/KEEP/g' -e 's/127\.0\.0\.1:[0-9]+/127.0.0.1:CPORT/g' \
		-e 's/KEEP/127.0.0.1:47124/g' -e "s|$E2E_TMP|TMP|g" "$E2E_TMP/dw.out"
}

dw_start -q -N 1 -X kill -p "$$"
dw_until never kill -0 $$
dw_stop
show

cat >"$E2E_TMP/udp.py" <<'PY'
import socket
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
s.bind(("127.0.0.1", 47124))
c = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
c.sendto(b"hello!", ("127.0.0.1", 47124))
assert s.recv(16) == b"hello!"
PY
dw_start -q -N 2 -X udp -r ':47124( |$)'
dw_until never python3 "$E2E_TMP/udp.py"
dw_stop
# sorted: tracing may have begun between one run's send and its receive
show | LC_ALL=C sort

cp /bin/sleep "$E2E_TMP/dwsleep"
dw_start -q -N 1 -X nanosleep -k dwsleep
dw_until never "$E2E_TMP/dwsleep" 0.25
dw_stop
show

cp /bin/chmod "$E2E_TMP/dwchmod"
touch "$E2E_TMP/file"
dw_start -q -N 1 -X chmod -k dwchmod
dw_until never "$E2E_TMP/dwchmod" 750 "$E2E_TMP/file"
dw_stop
show
