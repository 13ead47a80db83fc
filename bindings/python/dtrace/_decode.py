"""
_decode.py - the data libdtrace hands a consumer, as Python values: a traced
value (an int, a str or bytes), an aggregation's key and its value (an int,
or a histogram for the quantize family).

A datum's type is the record's dtrd_uarg (DTRACE_RECTYPE_*, this
libdtrace's extension of <dtrace.h>).  Where it is 0 the datum is read as
DTrace's own consumers read one: 1, 2, 4 or 8 bytes are a signed integer;
a longer datum holding a NUL-terminated run of printable characters is a
string; anything else is bytes.
"""
import ctypes
import math
import string

from . import _lib

_PRINTABLE = set(string.printable.encode())


def _raw(base, off, size):
    return ctypes.string_at(base + off, size)


def datum(base, rec):
    """The value of one record (or aggregation key) at address base."""
    raw = _raw(base, rec.dtrd_offset, rec.dtrd_size)
    kind = rec.dtrd_uarg & _lib.RECTYPE_MASK
    if kind == _lib.RECTYPE_INT:
        return int.from_bytes(raw[:8], "little", signed=bool(rec.dtrd_uarg & _lib.RECTYPE_SIGNED))
    if kind == _lib.RECTYPE_STRING:
        return raw.split(b"\0", 1)[0].decode("utf-8", "replace")
    if kind == _lib.RECTYPE_RAW:
        return raw
    if rec.dtrd_size in (1, 2, 4, 8):
        return int.from_bytes(raw, "little", signed=True)
    nul = raw.find(b"\0")
    if nul >= 0 and all(c in _PRINTABLE for c in raw[:nul]):
        return raw[:nul].decode("utf-8", "replace")
    return raw


def _words(base, rec):
    n = rec.dtrd_size // 8
    return list((ctypes.c_int64 * n).from_address(base + rec.dtrd_offset))


def _tdiv(a, b):
    """Division truncated toward zero, as C divides."""
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _u64(v):
    return v & 0xFFFFFFFFFFFFFFFF


def quantize_bucketval(b):
    """DTRACE_QUANTIZE_BUCKETVAL: the value quantize bucket b is labelled with."""
    z = _lib.QUANTIZE_ZEROBUCKET
    if b < z:
        return -(1 << (z - 1 - b))
    if b == z:
        return 0
    return 1 << (b - z - 1)


def _stddev(v, normal):
    """sqrt(avg(x^2) - avg(x)^2), in integers as DTrace computes it (the
    library's dt_agg_stddev_of: the sum of squares is v[3]:v[2])."""
    if v[0] == 0 or normal == 0:
        return 0
    sumsq = (_u64(v[3]) << 64) | _u64(v[2])
    avgsq = sumsq // normal // _u64(v[0])
    avg = _tdiv(_tdiv(v[1], normal), v[0])
    return math.isqrt((avgsq - avg * avg) % (1 << 128))


def aggvalue(base, rec, normal):
    """An aggregation's value: an int for count, sum, min, max, avg and
    stddev (as DTrace prints them, normalized); for quantize and lquantize
    a dict of the non-empty buckets, each bucket's lowest value -> count
    (lquantize's underflow bucket is -inf); for llquantize the list of
    every bucket's count (libdtrace does not publish its geometry)."""
    kind = rec.dtrd_action
    v = _words(base, rec)
    normal = normal or 1
    if kind in (_lib.AGG_COUNT, _lib.AGG_SUM, _lib.AGG_MIN, _lib.AGG_MAX):
        return v[0] if normal == 1 else _tdiv(v[0], normal)
    if kind == _lib.AGG_AVG:
        return _tdiv(_tdiv(v[1], normal), v[0]) if v[0] else 0
    if kind == _lib.AGG_STDDEV:
        return _stddev(v, normal)
    if kind == _lib.AGG_QUANTIZE:
        return {quantize_bucketval(b): c // normal for b, c in enumerate(v) if c}
    if kind == _lib.AGG_LQUANTIZE:
        arg = rec.dtrd_arg
        step = (arg >> 32) & 0xFFFF
        base_ = ctypes.c_int32(arg & 0xFFFFFFFF).value
        out = {}
        for b, c in enumerate(v):
            if c:
                out[-math.inf if b == 0 else base_ + (b - 1) * step] = c // normal
        return out
    return [c // normal for c in v]
