# shellcheck shell=bash
# -x oformat=json,pretty: trace(), printf() and stack() in a probe's "output",
# strings escaped (a quote, a newline, a byte that is not UTF-8), the probe's
# timestamp when it fired (the clause's timestamp); a fault is an ERROR
# pseudo-probe in the document and nothing on stderr.
"$DTRACE" -x oformat=json,pretty -qn '
BEGIN { trace(*(int *)0); }
syscall::brk:entry /pid == $target/ {
	trace(7); trace("q\"n\n\xff"); printf("%s-%d\n", "x", 3); stack(); trace(timestamp); exit(0);
}' -c /bin/true >"$E2E_TMP/out" 2>"$E2E_TMP/err"
echo "dtrace exit status $?"
cat "$E2E_TMP/err"
python3 - "$E2E_TMP/out" <<'PY'
import json, sys
text = open(sys.argv[1]).read()
doc = json.loads(text)
print("pretty:", text.startswith('{\n  "dtrace": {\n    "probes": [\n'))
probes = doc["dtrace"]["probes"]
err = [p for p in probes if p["name"] == "ERROR"]
print("ERROR:", len(err), err[0]["module"], err[0]["fault"], err[0]["address"], err[0]["probe"]["name"])
brk = [p for p in probes if p["provider"] == "syscall"]
p = brk[0]
print("probe:", p["provider"], p["module"], p["function"], p["name"], p["cpu"] >= 0)
print("timestamp is the clause's timestamp:", p["timestamp"] == p["output"][4]["value"])
out = p["output"]
print("value:", json.dumps(out[0]))
print("string:", json.dumps(out[1]))
print("message:", json.dumps(out[2]))
frames = out[3]["stack-frames"]
f = frames[0]
print("stack:", len(frames) > 0, sorted(f), f["symbol"] == "%s`%s+%s" % (f["module"], f["name"], f["offset"]))
PY
