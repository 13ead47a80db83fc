# shellcheck shell=bash
# -x oformat=json: the whole output is one JSON document (FreeBSD's oformat
# shape) holding printf()'s message and its argument, and the aggregation
# printed at exit with its key and value.
"$DTRACE" -x oformat=json -qn 'BEGIN { printf("%d", 41 + 1); @a["kk"] = count(); exit(0); }' \
	>"$E2E_TMP/out" 2>"$E2E_TMP/err"
echo "dtrace exit status $?"
cat "$E2E_TMP/err"
python3 - "$E2E_TMP/out" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
probes = doc["dtrace"]["probes"]
begin = [p for p in probes if p["name"] == "BEGIN"]
print("BEGIN probes:", len(begin))
b = begin[0]
print("BEGIN fields:", b["provider"], b["id"], b["timestamp"] > 0, b["cpu"] >= 0)
print("output:", json.dumps(b["output"]))
at_exit = [p for p in probes if p["name"] == "AGGREGATIONS"]
print("fired before the output at exit:", b["timestamp"] < at_exit[0]["timestamp"])
aggs = [o for p in at_exit for o in p["output"]]
print("aggregations:", json.dumps(aggs))
PY
