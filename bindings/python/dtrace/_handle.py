"""
_handle.py - the DTrace consumer handle: open, options, compile and enable
D programs, go, consume records through a Python callback, walk the
aggregations into dicts, stop and close; libdtrace's errors raised as
DTraceError with DTrace's message.

Output the library formats (printf, trace, stacks, printa, print) comes
back through libdtrace's buffered handler, right after the record callback
for the record it belongs to, so each record carries its text; nothing is
written to a file by the library.
"""
import ctypes
import sys
import time

from . import _decode, _lib


class DTraceError(Exception):
    """A libdtrace call failed: message is DTrace's, errno its error number."""

    def __init__(self, message, errno=0):
        super().__init__(message)
        self.message = message
        self.errno = errno


class Probe:
    """The probe a record came from."""
    __slots__ = ("id", "provider", "module", "function", "name")

    def __init__(self, pd):
        self.id = pd.dtpd_id
        self.provider = pd.dtpd_provider.decode()
        self.module = pd.dtpd_mod.decode()
        self.function = pd.dtpd_func.decode()
        self.name = pd.dtpd_name.decode()

    def __str__(self):
        return "%s:%s:%s:%s" % (self.provider, self.module, self.function, self.name)

    def __repr__(self):
        return "Probe(%d, %r)" % (self.id, str(self))


class Item:
    """One action's record: action ("trace", "printf", "exit", "stack",
    ...), value (the traced int/str/bytes, printf's text, exit's status,
    None for actions with no data of their own) and text, what DTrace
    printed for it."""
    __slots__ = ("action", "value", "text")

    def __init__(self, action, value, text=""):
        self.action = action
        self.value = value
        self.text = text

    def __repr__(self):
        return "Item(%r, %r)" % (self.action, self.value)


# the actions whose records are data a program traced
_DATA_ACTIONS = ("trace", "printf", "print", "printa", "tracemem", "stack", "ustack")
# the actions whose value is the text the library made of them
_TEXT_ACTIONS = ("printf", "print", "printa", "stack", "ustack", "system")


class Record:
    """One firing of a clause: probe, cpu, timestamp (ns since boot), items
    (every action's Item), values (the data actions' values, in order) and
    text (all the firing printed)."""
    __slots__ = ("probe", "cpu", "timestamp", "items")

    def __init__(self, probe, cpu, timestamp):
        self.probe = probe
        self.cpu = cpu
        self.timestamp = timestamp
        self.items = []

    @property
    def values(self):
        return [i.value for i in self.items if i.action in _DATA_ACTIONS]

    @property
    def text(self):
        return "".join(i.text for i in self.items)

    def __repr__(self):
        return "Record(%s, cpu=%d, %r)" % (self.probe, self.cpu, self.values)


class Fault:
    """A run-time error of a probe (dtrace_errdata_t): message is DTrace's."""
    __slots__ = ("probe", "cpu", "fault", "addr", "message", "line", "statement")

    def __init__(self, e):
        self.probe = Probe(e.dteda_pdesc.contents) if e.dteda_pdesc else None
        self.cpu = e.dteda_cpu
        self.fault = e.dteda_fault
        self.addr = e.dteda_addr
        self.message = (e.dteda_msg or b"").decode(errors="replace").rstrip("\n")
        self.line = e.dteda_line
        self.statement = e.dteda_stmt.decode(errors="replace") if e.dteda_stmt else None

    def __str__(self):
        return self.message


class Drop:
    """Drops reported by the library (dtrace_dropdata_t)."""
    __slots__ = ("cpu", "kind", "drops", "total", "message")

    def __init__(self, d):
        self.cpu = d.dtdda_cpu
        self.kind = d.dtdda_kind
        self.drops = d.dtdda_drops
        self.total = d.dtdda_total
        self.message = (d.dtdda_msg or b"").decode(errors="replace").rstrip("\n")

    def __str__(self):
        return self.message


class ProgramInfo:
    """What dtrace_program_exec() reports of an enabled program."""
    __slots__ = ("matches", "aggregates", "recgens", "speculations")

    def __init__(self, pi):
        self.matches = pi.dpi_matches
        self.aggregates = pi.dpi_aggregates
        self.recgens = pi.dpi_recgens
        self.speculations = pi.dpi_speculations


class Program:
    """A compiled D program (dtrace_prog_t), valid while its handle is open."""
    __slots__ = ("_ptr", "source")

    def __init__(self, ptr, source):
        self._ptr = ptr
        self.source = source


def _default_fault(fault):
    sys.stderr.write("dtrace: %s\n" % fault.message)


def _default_drop(drop):
    sys.stderr.write("dtrace: %s\n" % drop.message)


class DTrace:
    """A libdtrace handle.

    DTrace(quiet=True, on_error=None, on_drop=None, **options): opens the
    handle and sets options (underscores in names become hyphens is not
    done: pass DTrace's names, e.g. bufsize="4m").  quiet leaves the
    default probe lines out of each record's text.  on_error(Fault) and
    on_drop(Drop) are called for run-time errors and drops; by default
    they are written to stderr as dtrace(1) writes them.  A callback that
    raises stops consumption and the exception propagates.
    """

    def __init__(self, quiet=True, on_error=None, on_drop=None, **options):
        self._lib = _lib.load()
        err = ctypes.c_int(0)
        self._h = self._lib.dtrace_open(_lib.DTRACE_VERSION, 0, ctypes.byref(err))
        if not self._h:
            raise DTraceError("cannot open dtrace library: %s" %
                              self._lib.dtrace_errmsg(None, err.value).decode(), err.value)
        self._going = False
        self._pending = None       # an exception a callback raised
        self._record = None        # the record being consumed
        self._callback = None
        self._text = []            # output with no record (aggregate_print)
        self._on_error = on_error or _default_fault
        self._on_drop = on_drop or _default_drop
        # the C callbacks live as long as the handle
        self._c_err = _lib.HANDLE_ERR_F(self._err_cb)
        self._c_drop = _lib.HANDLE_DROP_F(self._drop_cb)
        self._c_buf = _lib.HANDLE_BUFFERED_F(self._buf_cb)
        self._c_probe = _lib.CONSUME_PROBE_F(self._probe_cb)
        self._c_rec = _lib.CONSUME_REC_F(self._rec_cb)
        self._c_agg = _lib.AGGREGATE_F(self._agg_cb)
        try:
            self._check(self._lib.dtrace_handle_err(self._h, self._c_err, None))
            self._check(self._lib.dtrace_handle_drop(self._h, self._c_drop, None))
            self._check(self._lib.dtrace_handle_buffered(self._h, self._c_buf, None))
            if quiet:
                self.setopt("quiet")
            for name, value in options.items():
                self.setopt(name, value)
        except BaseException:
            self.close()
            raise

    # ---- errors ---------------------------------------------------------

    def _error(self, what=None):
        errno = self._lib.dtrace_errno(self._h)
        msg = self._lib.dtrace_errmsg(self._h, errno).decode(errors="replace")
        return DTraceError("%s: %s" % (what, msg) if what else msg, errno)

    def _check(self, rv, what=None):
        if rv == -1:
            raise self._error(what)
        return rv

    def _handle(self):
        if not self._h:
            raise DTraceError("the handle is closed")
        return self._h

    # ---- options and programs --------------------------------------------

    def setopt(self, name, value=None):
        """Set option name (dtrace -x name=value); value None for a switch."""
        v = None if value is None else str(value).encode()
        self._check(self._lib.dtrace_setopt(self._handle(), name.encode(), v),
                    "failed to set option '%s'" % name)

    def getopt(self, name):
        """An option's value, None when it is unset."""
        v = ctypes.c_int64()
        self._check(self._lib.dtrace_getopt(self._handle(), name.encode(), ctypes.byref(v)),
                    "failed to get option '%s'" % name)
        return None if v.value == -2 else v.value

    def compile(self, source, args=(), flags=0):
        """Compile D source (dtrace_program_strcompile) with macro arguments
        args ($1, $2, ...); raises DTraceError with the compiler's message."""
        argv = [b"python"] + [str(a).encode() for a in args]
        c_argv = (ctypes.c_char_p * len(argv))(*argv)
        ptr = self._lib.dtrace_program_strcompile(self._handle(), source.encode(), _lib.DTRACE_PROBESPEC_NAME,
                                                  flags, len(argv), c_argv)
        if not ptr:
            raise self._error()
        return Program(ptr, source)

    def execute(self, program):
        """Enable a compiled program (dtrace_program_exec); its ProgramInfo."""
        info = _lib.ProgInfo()
        self._check(self._lib.dtrace_program_exec(self._handle(), program._ptr, ctypes.byref(info)),
                    "could not enable tracing")
        return ProgramInfo(info)

    def program(self, source, args=(), flags=0):
        """compile() then execute(): the ProgramInfo of the enabled program."""
        return self.execute(self.compile(source, args, flags))

    # ---- running -----------------------------------------------------------

    def go(self):
        """Start tracing (BEGIN runs now)."""
        self._check(self._lib.dtrace_go(self._handle()), "could not enable tracing")
        self._going = True

    def stop(self):
        """Stop tracing (END runs; consume once more to see its output)."""
        if self._going:
            self._going = False
            self._check(self._lib.dtrace_stop(self._handle()), "could not stop tracing")

    def sleep(self):
        """Wait until there is something to consume (dtrace_sleep)."""
        self._lib.dtrace_sleep(self._handle())

    def work(self, callback=None):
        """Consume what is there (dtrace_work): callback(Record) for each
        firing.  True once tracing is done (exit() was called, or stopped)."""
        self._callback = callback
        self._pending = None
        try:
            rv = self._lib.dtrace_work(self._handle(), None, self._c_probe, self._c_rec, None)
        finally:
            self._callback = None
            self._record = None
        if self._pending is not None:
            exc, self._pending = self._pending, None
            raise exc
        if rv == _lib.WORKSTATUS_ERROR:
            raise self._error("processing aborted")
        return rv == _lib.WORKSTATUS_DONE

    def consume(self, callback=None, duration=None):
        """The consume loop: sleep and work until exit() ends tracing, or
        for duration seconds when given; then stop (running END) and consume
        what END traced.  Returns exit()'s status, or None."""
        deadline = None if duration is None else time.monotonic() + duration
        status = [None]

        def each(record):
            for item in record.items:
                if item.action == "exit":
                    status[0] = item.value
            if callback is not None:
                callback(record)

        done = False
        while not done:
            if deadline is not None and time.monotonic() >= deadline:
                break
            self.sleep()
            done = self.work(each)
        self.stop()
        self.work(each)
        return status[0]

    # ---- callbacks from libdtrace ------------------------------------------

    def _guard(self, fn, failed):
        """Run a Python callback from C: an exception is kept for work() to
        raise, and C is told to stop."""
        try:
            return fn()
        except BaseException as exc:   # KeyboardInterrupt too: re-raised later
            if self._pending is None:
                self._pending = exc
            return failed

    def _probe_cb(self, pdata, arg):
        def run():
            pd = pdata.contents
            probe = Probe(pd.dtpda_pdesc.contents) if pd.dtpda_pdesc else None
            self._record = Record(probe, pd.dtpda_cpu, pd.dtpda_timestamp)
            return _lib.CONSUME_THIS
        return self._guard(run, _lib.CONSUME_ABORT)

    def _rec_cb(self, pdata, rec, arg):
        def run():
            record = self._record
            if not rec:
                self._record = None
                if record is not None and self._callback is not None:
                    self._callback(record)
                return _lib.CONSUME_NEXT
            r = rec.contents
            action = _lib.ACT_NAMES.get(r.dtrd_action, "libact")
            value = None
            base = pdata.contents.dtpda_data
            if base and r.dtrd_size:
                # dtpda_data points at this record's data: offset 0 from it
                here = _lib.RecDesc(r.dtrd_action, r.dtrd_size, 0, 0, 0, 0, r.dtrd_uarg)
                if r.dtrd_action == _lib.ACT_DIFEXPR:
                    value = _decode.datum(base, here)
                elif r.dtrd_action == _lib.ACT_EXIT:
                    value = ctypes.c_int32.from_address(base).value
                elif r.dtrd_action == _lib.ACT_TRACEMEM:
                    value = ctypes.string_at(base, r.dtrd_size)
            if record is not None:
                record.items.append(Item(action, value))
            return _lib.CONSUME_THIS
        return self._guard(run, _lib.CONSUME_ABORT)

    def _buf_cb(self, bufdata, arg):
        def run():
            text = (bufdata.contents.dtbda_buffered or b"").decode(errors="replace")
            record = self._record
            if record is not None and record.items:
                item = record.items[-1]
                item.text += text
                if item.action in _TEXT_ACTIONS:
                    item.value = item.text
            else:
                self._text.append(text)
            return _lib.HANDLE_OK
        return self._guard(run, _lib.HANDLE_ABORT)

    def _err_cb(self, errdata, arg):
        return self._guard(lambda: self._on_error(Fault(errdata.contents)) or _lib.HANDLE_OK,
                           _lib.HANDLE_ABORT)

    def _drop_cb(self, dropdata, arg):
        return self._guard(lambda: self._on_drop(Drop(dropdata.contents)) or _lib.HANDLE_OK,
                           _lib.HANDLE_ABORT)

    # ---- aggregations --------------------------------------------------------

    def _agg_cb(self, aggdata, arg):
        def run():
            ad = aggdata.contents
            desc = ad.dtada_desc.contents
            recs = _lib.records(desc.dtagd_rec, desc.dtagd_nrecs)
            key = tuple(self._aggkey(ad.dtada_data, r) for r in recs[1:-1])
            # the anonymous @ is the aggregation DTrace names "_"
            name = (desc.dtagd_name or b"").decode()
            if name == "_":
                name = ""
            self._aggs.setdefault(name, {})[key] = _decode.aggvalue(ad.dtada_data, recs[-1], ad.dtada_normal)
            return _lib.AGGWALK_NEXT
        return self._guard(run, _lib.AGGWALK_ABORT)

    def _aggkey(self, base, rec):
        if rec.dtrd_action == _lib.ACT_STACK:
            pcs = list((ctypes.c_uint64 * (rec.dtrd_size // 8)).from_address(base + rec.dtrd_offset))
            return tuple(pc for pc in pcs if pc)
        if rec.dtrd_action == _lib.ACT_USTACK:
            words = list((ctypes.c_uint64 * (rec.dtrd_size // 8)).from_address(base + rec.dtrd_offset))
            pid, buf = int(words[0]), ctypes.create_string_buffer(512)
            frames = []
            for pc in words[1:]:
                if pc:
                    self._lib.dtrace_uaddr2str(self._h, pid, pc, buf, len(buf))
                    frames.append(buf.value.decode(errors="replace"))
            return tuple(frames)
        return _decode.datum(base, rec)

    def aggregations(self):
        """Snapshot the aggregations and walk them in DTrace's order (the
        aggsort options apply): {name: {key tuple: value}}, name "" for @.
        Kernel stack keys are tuples of addresses, user stacks of names."""
        self._check(self._lib.dtrace_aggregate_snap(self._handle()), "failed to snap aggregate")
        self._aggs, self._pending = {}, None
        try:
            rv = self._lib.dtrace_aggregate_walk_sorted(self._h, self._c_agg, None)
            if self._pending is not None:
                raise self._pending
            self._check(rv, "failed to walk aggregate")
            return self._aggs
        finally:
            self._aggs, self._pending = None, None

    def aggregate_print(self):
        """Every aggregation not printed yet, as dtrace(1) prints them at exit."""
        self._text = []
        self._check(self._lib.dtrace_aggregate_print(self._handle(), None, None), "failed to print aggregations")
        text, self._text = "".join(self._text), []
        return text

    def aggregate_clear(self):
        self._lib.dtrace_aggregate_clear(self._handle())

    # ---- closing ---------------------------------------------------------------

    def close(self):
        """Stop tracing if it runs and close the handle (probes detached)."""
        if self._h:
            h, self._h = self._h, None
            if self._going:
                self._going = False
                self._lib.dtrace_stop(h)
            self._lib.dtrace_close(h)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def __del__(self):
        if getattr(self, "_h", None):
            self.close()
