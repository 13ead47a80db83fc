"""
dtrace - DTrace for Linux from Python: a binding over libdtrace.so.1
(DTrace's consumer API, <dtrace.h>) through ctypes.

    import dtrace
    with dtrace.DTrace() as d:
        d.program('syscall:::entry { @[execname] = count(); } tick-1s { exit(0); }')
        d.go()
        d.consume(print)                      # each Record, until exit()
        print(d.aggregations()[""])           # {("bash",): 12, ...}

See README.md beside this package and examples/syscount.py.
"""
from ._handle import (DTrace, DTraceError, Drop, Fault, Item, Probe, Program,  # noqa: F401
                      ProgramInfo, Record)
from ._lib import (C_ARGREF, C_CPP, C_DEFARG, C_EMPTY, C_ETAGS, C_NOLIBS,  # noqa: F401
                   C_PSPEC, C_ZDEFS)

__version__ = "1.0.0"
