#!/usr/bin/env python3
"""Count system calls by process for a second and print the top ten."""
import dtrace

with dtrace.DTrace() as d:
    d.program("syscall:::entry { @[execname] = count(); } tick-1s { exit(0); }")
    d.go()
    d.consume()
    counts = d.aggregations().get("", {})
    for (name,), n in sorted(counts.items(), key=lambda kv: -kv[1])[:10]:
        print("%-24s %8d" % (name, n))
