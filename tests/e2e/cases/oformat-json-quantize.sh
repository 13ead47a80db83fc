# shellcheck shell=bash
# -x oformat=json: a quantize() aggregation as its buckets (the rows DTrace
# prints: value and count), an lquantize() with its out-of-range rows.
"$DTRACE" -x oformat=json -qn 'BEGIN {
	@q = quantize(5); @q = quantize(100); @q = quantize(100);
	@l = lquantize(-1, 0, 10, 5); @l = lquantize(7, 0, 10, 5);
	exit(0);
}' >"$E2E_TMP/out" 2>"$E2E_TMP/err"
echo "dtrace exit status $?"
cat "$E2E_TMP/err"
python3 - "$E2E_TMP/out" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
aggs = {o["aggregation-name"]: o["aggregation-data"]
        for p in doc["dtrace"]["probes"] for o in p.get("output", []) if "aggregation-name" in o}
for name in sorted(aggs):
    for e in aggs[name]:
        print(name, "keys", e["keys"])
        for b in e["buckets"]:
            print(" ", json.dumps(b))
PY
