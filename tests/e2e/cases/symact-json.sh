# shellcheck shell=bash
# -x oformat=json: func() and ufunc() records and keys as objects of the
# text DTrace prints ("symbol"), the action, the address as recorded and
# a user address's process; func() and umod() keys as such objects in an
# aggregation's "keys".
sched=$(awk '$3 == "schedule" && NF == 3 { print $1; exit }' /proc/kallsyms)
cd "$E2E_TMP" || exit 1
cat >prog.c <<'C'
__attribute__((noinline)) int work(int x) { return x + 1; }
int main(void) { return work(1) == 42; }
C
cc -O0 -o prog prog.c || exit 1
"$DTRACE" -x oformat=json -qn '
pid$target:prog:work:entry
{
	func($1 + 4);
	ufunc(uregs[R_PC] + 1);
	@[func($1 + 8), umod(uregs[R_PC])] = count();
}' -c ./prog "0x$sched" >out 2>err
echo "dtrace exit status $?"
cat err
python3 - out "$sched" <<'PY'
import json, sys
doc = json.loads(open(sys.argv[1]).read())
sched = int(sys.argv[2], 16)
probes = doc["dtrace"]["probes"]
p = [p for p in probes if p["function"] == "work"][0]
k, u = p["output"]
print("func:", k["symbol"], k["action"], int(k["address"], 16) - sched, "pid" in k)
print("ufunc:", u["symbol"], u["action"], u["pid"] > 0)
agg = [p for p in probes if p["name"] == "AGGREGATIONS"][0]["output"][0]
e = agg["aggregation-data"][0]
print("keys:", [(x["symbol"], x["action"]) for x in e["keys"]], "count:", e["count"])
print("key address is the function's:", int(e["keys"][0]["address"], 16) == sched)
PY
