# shellcheck shell=bash
# Tracing every libc function of a live process, then dtrace is interrupted
# (SIGINT) or killed (SIGKILL): the process's libc text must be the file's
# again, byte for byte, the moment dtrace is gone (a uprobe is an int3
# written into the process's copy of the page).  While traced it differs,
# which shows the comparison can see a probe.
textdiff() {	# bytes of PID's executable libc mappings that differ from the file
	python3 - "$1" <<'PY'
import sys
pid, diff, seen = sys.argv[1], 0, 0
for line in open(f"/proc/{pid}/maps"):
    f = line.split()
    if len(f) < 6 or f[1][2] != "x" or "/libc.so" not in f[5]:
        continue
    lo, hi = (int(x, 16) for x in f[0].split("-"))
    with open(f"/proc/{pid}/mem", "rb") as m, open(f[5], "rb") as obj:
        m.seek(lo)
        obj.seek(int(f[2], 16))
        mem, fil = m.read(hi - lo), obj.read(hi - lo)
    diff += sum(a != b for a, b in zip(mem, fil))
    seen += 1
print(diff if seen else "no libc text")
PY
}
for sig in INT KILL; do
	sleep 60 &
	victim=$!
	"$DTRACE" -q -n "pid$victim:libc.so.6::entry { @ = count(); }" >/dev/null 2>"$E2E_TMP/err" &
	tracer=$!
	attached=no
	for _ in $(seq 100); do
		d=$(textdiff "$victim")
		if [[ $d != 0 && $d != "no libc text" ]]; then
			attached=yes
			break
		fi
		sleep 0.1
	done
	echo "$sig: probes seen in the process's text: $attached"
	kill -"$sig" "$tracer"
	wait "$tracer" 2>/dev/null
	echo "$sig: bytes still different after dtrace is gone: $(textdiff "$victim")"
	kill -0 "$victim" && echo "$sig: the process lives on"
	kill "$victim"
	wait "$victim" 2>/dev/null
	cat "$E2E_TMP/err"
done
