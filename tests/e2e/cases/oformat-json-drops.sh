# shellcheck shell=bash
# -x oformat=json: drops are DROP pseudo-probes in the document (FreeBSD's
# shape: count, total, kind, msg), not "dtrace: ..." lines on stderr.  As in
# agg-drops, 300 keys in the smallest aggsize: entries plus drops make 300.
d=$E2E_TMP/drops.d
{
	echo '#pragma D option quiet'
	echo '#pragma D option aggsize=4096'
	echo 'BEGIN'
	echo '{'
	for i in $(seq 1 300); do
		echo "	@[$i] = count();"
	done
	echo '	exit(0);'
	echo '}'
} >"$d"
taskset -c 0 "$DTRACE" -x oformat=json -s "$d" >"$E2E_TMP/out" 2>"$E2E_TMP/err"
echo "dtrace exit status $?"
cat "$E2E_TMP/err"
python3 - "$E2E_TMP/out" <<'PY'
import json, sys
probes = json.load(open(sys.argv[1]))["dtrace"]["probes"]
drops = [p for p in probes if p["name"] == "DROP"]
entries = sum(len(o["aggregation-data"]) for p in probes if p["name"] == "AGGREGATIONS" for o in p["output"])
print("drops reported:", len(drops) > 0)
print("drop fields:", sorted(drops[0]))
print("entries + drops:", entries + sum(d["count"] for d in drops))
PY
