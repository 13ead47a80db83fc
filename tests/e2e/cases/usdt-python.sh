# shellcheck shell=bash
# Debian's /usr/bin/python3 (python3.11) and its USDT probes, which are
# guarded by semaphores: function-entry's arguments are the file, the
# function and the line.  Python 3.11 reaches its function-entry probe only
# on its tracing path, and sends every instruction there while its line
# probe's semaphore is raised (OR_DTRACE_LINE in its ceval.c): so with
# function-entry alone no function of the script is seen, with line
# enabled too every call is.
[[ -x /usr/bin/python3 ]] || { echo "no /usr/bin/python3"; exit 1; }
cat >"$E2E_TMP/hello.py" <<'PY'
def square(x):
    return x * x

def hello():
    return sum(map(square, range(10)))

for _ in range(3):
    hello()
PY
for extra in '' 'python$target:::line {}'; do
	echo "== function-entry${extra:+ and line}"
	"$DTRACE" -q -n "$extra"'
	python$target:::function-entry /copyinstr(arg0) == $$1/ {
		@[probeprov == strjoin("python", lltostr(pid)) ? "pythonPID" : probeprov, probemod,
		  copyinstr(arg1), arg2] = count();
	}' -c "/usr/bin/python3 $E2E_TMP/hello.py" "$E2E_TMP/hello.py"
	echo "dtrace exit status $?"
done
