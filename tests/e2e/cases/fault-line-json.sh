# shellcheck shell=bash
# -x oformat=json: each ERROR pseudo-probe carries the faulting D statement's
# line and text beside DTrace's message (which keeps its own wording), with
# or without -x faultsrc (that option is for the text output).
"$DTRACE" -q -x oformat=json -c 'python3 -c "import os; os.getpid()"' -s fault-line.d >"$E2E_TMP/out" 2>"$E2E_TMP/err"
echo "dtrace exit status $?"
cat "$E2E_TMP/err"
python3 - "$E2E_TMP/out" <<'PY'
import json, re, sys
probes = json.load(open(sys.argv[1]))["dtrace"]["probes"]
for p in probes:
    if p["name"] == "ERROR":
        msg = re.sub(r"pc \d+", "pc NNN", re.sub(r"probe ID \d+ \(syscall", "probe ID PID (syscall", p["msg"]))
        print(p["line"], p["statement"], "|", p["pc"] > 0, "|", msg.rstrip())
PY
