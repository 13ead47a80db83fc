#!/usr/bin/env python3
"""
binding.py - the Python binding (bindings/python) end to end, on the live
kernel: records through the callback, aggregations as dicts, errors as
exceptions with DTrace's messages, faults to the error handler.  Run by
tests/e2e/cases/python-binding.sh with PYTHONPATH at the binding and
LD_LIBRARY_PATH at the build tree; prints one line per check, which the
case compares with what it expects.
"""
import sys

import dtrace

PROG = r'''
BEGIN { printf("hello %s %d\n", "py", 41 + 1); trace(123); trace(-7); trace("str"); }
BEGIN { @c["kk", 1] = count(); @c["kk", 1] = count(); @s = sum(40); @s = sum(2);
        @q = quantize(1); @q = quantize(5); @q = quantize(6); @l = lquantize(-1, 0, 10, 5);
        @l = lquantize(7, 0, 10, 5); @a = avg(4); @a = avg(8); }
tick-10ms /++i == 3/ { trace(i); exit(3); }
END { printf("end %d\n", i); }
'''


def records():
    got = []
    with dtrace.DTrace(bufsize="1m") as d:
        info = d.program(PROG)
        print("matched", info.matches, "aggregates", info.aggregates)
        d.go()
        status = d.consume(got.append)
        print("exit status", status)
        for r in got:
            print("record %s %s %r" % (r.probe, type(r.cpu).__name__, r.values))
        print("begin text %r" % got[0].text)
        print("probe id", got[0].probe.id > 0, "timestamp", got[0].timestamp > 0)
        aggs = d.aggregations()
        for name in sorted(aggs):
            print("agg %r %r" % (name, aggs[name]))


def errors():
    with dtrace.DTrace() as d:
        try:
            d.compile("BEGIN { x = ; }")
            print("bad D compiled")
        except dtrace.DTraceError as e:
            print("compile error:", e, e.errno == 1001)
        try:
            d.compile("nosuchprovider:::nosuchprobe { }")
            print("no probe compiled")
        except dtrace.DTraceError as e:
            print("compile error:", e)
        try:
            d.setopt("nosuchoption", "1")
        except dtrace.DTraceError as e:
            print("option error:", e)

    faults = []
    with dtrace.DTrace(on_error=faults.append) as d:
        d.program("BEGIN { trace(*(int *)8); } BEGIN { exit(0); }")
        d.go()
        d.consume()
        for f in faults:
            print("fault:", f.fault, f.message)

    # an exception raised in the callback comes out of consume()
    with dtrace.DTrace() as d:
        d.program("tick-10ms { trace(1); }")
        d.go()

        def boom(record):
            raise ValueError("from the callback")
        try:
            d.consume(boom)
            print("callback exception lost")
        except ValueError as e:
            print("callback exception:", e)


def main():
    records()
    errors()
    return 0


if __name__ == "__main__":
    sys.exit(main())
