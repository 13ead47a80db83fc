# shellcheck shell=bash
# The Python binding's ten-line example, bindings/python/examples/syscount.py
# as shipped: system calls counted by process for a second through
# libdtrace, the top ten printed.  A workload of ours (dd under a name of
# its own, two system calls a byte) runs meanwhile: it must be among them
# with a plausible count (at least 100 in the second), and every line must
# be "name count".
root=$(cd ../../.. && pwd)
cp "$(command -v dd)" "$E2E_TMP/pysyscall-load"
timeout 15 "$E2E_TMP/pysyscall-load" if=/dev/zero of=/dev/null bs=1 2>/dev/null &
load=$!
PYTHONPATH=$root/bindings/python LD_LIBRARY_PATH=$(dirname "$DTRACE") \
	python3 "$root/bindings/python/examples/syscount.py" >"$E2E_TMP/out"
echo "syscount exit status $?"
kill "$load" 2>/dev/null
wait "$load" 2>/dev/null
n=$(awk '$1 == "pysyscall-load" { print $2 }' "$E2E_TMP/out")
if [[ -n $n && $n -ge 100 ]]; then
	echo "the workload is there with a plausible count"
else
	echo "workload count '${n}' in:"
	cat "$E2E_TMP/out"
fi
lines=$(wc -l <"$E2E_TMP/out")
good=$(grep -cE '^.*[^ ] +[0-9]+$' "$E2E_TMP/out")
if [[ $lines -ge 2 && $lines -le 10 && $lines -eq $good ]]; then
	echo "2 to 10 lines, each a name and a count"
else
	echo "$lines lines, $good of them a name and a count"
fi
