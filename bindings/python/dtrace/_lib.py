"""
_lib.py - libdtrace.so.1 through ctypes: the structures, constants and
function prototypes of <dtrace.h> that the binding uses, and nothing else.

The layouts mirror include/dtrace.h (DTRACE_VERSION 3); a change there is
a change here.  The library is found as the dynamic linker finds it
(LD_LIBRARY_PATH, the system's directories) or at the path in the
environment variable DTRACE_LIBRARY.
"""
import ctypes
import os

DTRACE_VERSION = 3

DTRACE_PROVNAMELEN = 64
DTRACE_MODNAMELEN = 64
DTRACE_FUNCNAMELEN = 192
DTRACE_NAMELEN = 64

DTRACE_PROBESPEC_NAME = 3

# compile flags (DTRACE_C_*)
C_DIFV = 0x0001
C_EMPTY = 0x0002
C_ZDEFS = 0x0004
C_CPP = 0x0010
C_PSPEC = 0x0080
C_ETAGS = 0x0100
C_ARGREF = 0x0200
C_DEFARG = 0x0800
C_NOLIBS = 0x1000

# action kinds (DTRACEACT_*, DTRACEAGG_*)
ACT_NAMES = {
    0: "none", 1: "trace", 2: "exit", 3: "printf", 4: "printa", 5: "libact",
    6: "tracemem", 7: "tracemem", 8: "print",
    0x0101: "ustack",
    0x0201: "stop", 0x0202: "raise", 0x0203: "system", 0x0204: "freopen",
    0x0401: "stack",
    0x0501: "breakpoint", 0x0502: "panic", 0x0503: "chill",
    0x0601: "speculate", 0x0602: "commit", 0x0603: "discard",
}
ACT_DIFEXPR = 1
ACT_EXIT = 2
ACT_TRACEMEM = 6
ACT_USTACK = 0x0101
ACT_STACK = 0x0401
AGG_COUNT = 0x0701
AGG_MIN = 0x0702
AGG_MAX = 0x0703
AGG_AVG = 0x0704
AGG_SUM = 0x0705
AGG_STDDEV = 0x0706
AGG_QUANTIZE = 0x0707
AGG_LQUANTIZE = 0x0708
AGG_LLQUANTIZE = 0x0709

# dtrd_uarg of trace() records and aggregation keys (DTRACE_RECTYPE_*)
RECTYPE_MASK = 0xFF
RECTYPE_INT = 1
RECTYPE_STRING = 2
RECTYPE_RAW = 3
RECTYPE_SIGNED = 0x100

QUANTIZE_NBUCKETS = 127
QUANTIZE_ZEROBUCKET = 63

CONSUME_ERROR = -1
CONSUME_THIS = 0
CONSUME_NEXT = 1
CONSUME_ABORT = 2

WORKSTATUS_ERROR = -1
WORKSTATUS_OKAY = 0
WORKSTATUS_DONE = 1

HANDLE_ABORT = -1
HANDLE_OK = 0

AGGWALK_NEXT = 0
AGGWALK_ABORT = 1

EDT_DIRABORT = 1010


class ProbeDesc(ctypes.Structure):
    _fields_ = [
        ("dtpd_id", ctypes.c_uint32),
        ("dtpd_provider", ctypes.c_char * DTRACE_PROVNAMELEN),
        ("dtpd_mod", ctypes.c_char * DTRACE_MODNAMELEN),
        ("dtpd_func", ctypes.c_char * DTRACE_FUNCNAMELEN),
        ("dtpd_name", ctypes.c_char * DTRACE_NAMELEN),
    ]


class Attribute(ctypes.Structure):
    _fields_ = [("dtat_name", ctypes.c_uint8), ("dtat_data", ctypes.c_uint8),
                ("dtat_class", ctypes.c_uint8)]


class RecDesc(ctypes.Structure):
    _fields_ = [
        ("dtrd_action", ctypes.c_uint16),
        ("dtrd_size", ctypes.c_uint32),
        ("dtrd_offset", ctypes.c_uint32),
        ("dtrd_alignment", ctypes.c_uint16),
        ("dtrd_format", ctypes.c_uint16),
        ("dtrd_arg", ctypes.c_uint64),
        ("dtrd_uarg", ctypes.c_uint64),
    ]


class EProbeDesc(ctypes.Structure):
    _fields_ = [
        ("dtepd_epid", ctypes.c_uint32),
        ("dtepd_probeid", ctypes.c_uint32),
        ("dtepd_uarg", ctypes.c_uint64),
        ("dtepd_size", ctypes.c_uint32),
        ("dtepd_nrecs", ctypes.c_int),
        ("dtepd_rec", RecDesc * 1),
    ]


class AggDesc(ctypes.Structure):
    _fields_ = [
        ("dtagd_name", ctypes.c_char_p),
        ("dtagd_varid", ctypes.c_int64),
        ("dtagd_flags", ctypes.c_int),
        ("dtagd_id", ctypes.c_uint32),
        ("dtagd_epid", ctypes.c_uint32),
        ("dtagd_size", ctypes.c_uint32),
        ("dtagd_nrecs", ctypes.c_int),
        ("dtagd_pad", ctypes.c_uint32),
        ("dtagd_rec", RecDesc * 1),
    ]


class ProbeData(ctypes.Structure):
    _fields_ = [
        ("dtpda_handle", ctypes.c_void_p),
        ("dtpda_edesc", ctypes.POINTER(EProbeDesc)),
        ("dtpda_pdesc", ctypes.POINTER(ProbeDesc)),
        ("dtpda_cpu", ctypes.c_int),
        ("dtpda_data", ctypes.c_void_p),
        ("dtpda_flow", ctypes.c_int),
        ("dtpda_prefix", ctypes.c_char_p),
        ("dtpda_indent", ctypes.c_int),
        ("dtpda_timestamp", ctypes.c_uint64),
    ]


class ErrData(ctypes.Structure):
    _fields_ = [
        ("dteda_handle", ctypes.c_void_p),
        ("dteda_edesc", ctypes.POINTER(EProbeDesc)),
        ("dteda_pdesc", ctypes.POINTER(ProbeDesc)),
        ("dteda_cpu", ctypes.c_int),
        ("dteda_action", ctypes.c_int),
        ("dteda_offset", ctypes.c_int),
        ("dteda_fault", ctypes.c_int),
        ("dteda_addr", ctypes.c_uint64),
        ("dteda_msg", ctypes.c_char_p),
        ("dteda_prog", ctypes.c_void_p),
        ("dteda_line", ctypes.c_int),
        ("dteda_stmt", ctypes.c_char_p),
    ]


class DropData(ctypes.Structure):
    _fields_ = [
        ("dtdda_handle", ctypes.c_void_p),
        ("dtdda_cpu", ctypes.c_int),
        ("dtdda_kind", ctypes.c_int),
        ("dtdda_drops", ctypes.c_uint64),
        ("dtdda_total", ctypes.c_uint64),
        ("dtdda_msg", ctypes.c_char_p),
    ]


class BufData(ctypes.Structure):
    _fields_ = [
        ("dtbda_handle", ctypes.c_void_p),
        ("dtbda_buffered", ctypes.c_char_p),
        ("dtbda_probe", ctypes.POINTER(ProbeData)),
        ("dtbda_recdesc", ctypes.POINTER(RecDesc)),
        ("dtbda_aggdata", ctypes.c_void_p),
        ("dtbda_flags", ctypes.c_uint32),
    ]


class AggData(ctypes.Structure):
    _fields_ = [
        ("dtada_handle", ctypes.c_void_p),
        ("dtada_desc", ctypes.POINTER(AggDesc)),
        ("dtada_edesc", ctypes.POINTER(EProbeDesc)),
        ("dtada_pdesc", ctypes.POINTER(ProbeDesc)),
        ("dtada_data", ctypes.c_void_p),
        ("dtada_normal", ctypes.c_uint64),
        ("dtada_size", ctypes.c_size_t),
        ("dtada_delta", ctypes.c_void_p),
        ("dtada_percpu", ctypes.c_void_p),
        ("dtada_percpu_delta", ctypes.c_void_p),
    ]


class ProgInfo(ctypes.Structure):
    _fields_ = [
        ("dpi_descattr", Attribute),
        ("dpi_stmtattr", Attribute),
        ("dpi_aggregates", ctypes.c_uint),
        ("dpi_recgens", ctypes.c_uint),
        ("dpi_matches", ctypes.c_uint),
        ("dpi_speculations", ctypes.c_uint),
    ]


def records(first, n):
    """The n recdescs of an array starting at first (a RecDesc * 1 field)."""
    return ctypes.cast(ctypes.addressof(first), ctypes.POINTER(RecDesc * n)).contents


CONSUME_PROBE_F = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ProbeData), ctypes.c_void_p)
CONSUME_REC_F = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ProbeData), ctypes.POINTER(RecDesc),
                                 ctypes.c_void_p)
HANDLE_ERR_F = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ErrData), ctypes.c_void_p)
HANDLE_DROP_F = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(DropData), ctypes.c_void_p)
HANDLE_BUFFERED_F = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(BufData), ctypes.c_void_p)
AGGREGATE_F = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(AggData), ctypes.c_void_p)


def _prototypes(lib):
    h = ctypes.c_void_p
    protos = {
        "dtrace_open": (h, [ctypes.c_int, ctypes.c_int, ctypes.POINTER(ctypes.c_int)]),
        "dtrace_close": (None, [h]),
        "dtrace_errno": (ctypes.c_int, [h]),
        "dtrace_errmsg": (ctypes.c_char_p, [h, ctypes.c_int]),
        "dtrace_setopt": (ctypes.c_int, [h, ctypes.c_char_p, ctypes.c_char_p]),
        "dtrace_getopt": (ctypes.c_int, [h, ctypes.c_char_p, ctypes.POINTER(ctypes.c_int64)]),
        "dtrace_program_strcompile": (ctypes.c_void_p, [h, ctypes.c_char_p, ctypes.c_int, ctypes.c_uint,
                                                        ctypes.c_int, ctypes.POINTER(ctypes.c_char_p)]),
        "dtrace_program_exec": (ctypes.c_int, [h, ctypes.c_void_p, ctypes.POINTER(ProgInfo)]),
        "dtrace_go": (ctypes.c_int, [h]),
        "dtrace_stop": (ctypes.c_int, [h]),
        "dtrace_sleep": (None, [h]),
        "dtrace_status": (ctypes.c_int, [h]),
        "dtrace_work": (ctypes.c_int, [h, ctypes.c_void_p, CONSUME_PROBE_F, CONSUME_REC_F, ctypes.c_void_p]),
        "dtrace_handle_err": (ctypes.c_int, [h, HANDLE_ERR_F, ctypes.c_void_p]),
        "dtrace_handle_drop": (ctypes.c_int, [h, HANDLE_DROP_F, ctypes.c_void_p]),
        "dtrace_handle_buffered": (ctypes.c_int, [h, HANDLE_BUFFERED_F, ctypes.c_void_p]),
        "dtrace_aggregate_snap": (ctypes.c_int, [h]),
        "dtrace_aggregate_clear": (None, [h]),
        "dtrace_aggregate_print": (ctypes.c_int, [h, ctypes.c_void_p, ctypes.c_void_p]),
        "dtrace_aggregate_walk_sorted": (ctypes.c_int, [h, AGGREGATE_F, ctypes.c_void_p]),
        "dtrace_uaddr2str": (ctypes.c_int, [h, ctypes.c_int, ctypes.c_uint64, ctypes.c_char_p, ctypes.c_int]),
    }
    for name, (restype, argtypes) in protos.items():
        fn = getattr(lib, name)
        fn.restype = restype
        fn.argtypes = argtypes


def load():
    """libdtrace.so.1, its prototypes declared; OSError when it is not found."""
    lib = ctypes.CDLL(os.environ.get("DTRACE_LIBRARY") or "libdtrace.so.1")
    _prototypes(lib)
    return lib
