# shellcheck shell=bash
# The Python binding (bindings/python) over the build tree's libdtrace.so.1:
# tests/python/binding.py compiles and runs D through it and prints what
# came back -- each firing's probe and traced values through the callback,
# exit()'s status, END's output, the aggregations as dicts (string and
# integer keys, sum, count, avg, quantize and lquantize buckets), DTrace's
# messages as DTraceError for bad D, an unknown probe and an unknown
# option, a fault through the error handler, and an exception raised in
# the callback coming out of consume().
root=$(cd ../../.. && pwd)
PYTHONPATH=$root/bindings/python LD_LIBRARY_PATH=$(dirname "$DTRACE") \
	python3 "$root/tests/python/binding.py"
echo "exit status $?"
