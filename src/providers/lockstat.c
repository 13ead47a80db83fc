/*
 * lockstat.c - the lockstat provider: kernel locks that threads wait for
 * and release, as DTrace documents them, made of Linux's lock contention
 * tracepoints and of lock functions (see stable.h for how a row reads).
 * DTrace's lock kinds on Linux: adaptive = struct mutex (it spins while the
 * owner runs, else sleeps), spin = spinlock_t, rw = struct rw_semaphore
 * (readers/writer, sleeps) and rwlock_t (readers/writer, spins).
 *
 * How Linux events become DTrace's:
 *   adaptive-block  lock:contention_end of a mutex (LCB_F_MUTEX) that was
 *                   acquired (result 0) after sleeping: args[1] the time
 *                   asleep (ns), from its contention_begin events
 *                   (contention.c: the segments without LCB_F_SPIN)
 *   adaptive-spin   the same for a mutex that spun on its owner (segments
 *                   with LCB_F_MUTEX|LCB_F_SPIN): args[1] the time spinning.
 *                   A thread that spun and slept fires both, as in DTrace
 *   spin-spin       contention_end of a spinlock (LCB_F_SPIN alone: the
 *                   queued spinlock's slow path): args[1] the time spinning
 *   rw-spin         contention_end of an rwlock_t (LCB_F_SPIN with
 *                   LCB_F_READ or LCB_F_WRITE: the queued rwlock's slow
 *                   path), as Oracle's DTrace names it: args[1] the time
 *                   spinning, args[2] RW_WRITER (0) or RW_READER (1)
 *   rw-block        contention_end of a rw_semaphore (LCB_F_READ or
 *                   LCB_F_WRITE alone) acquired: args[1] the time asleep,
 *                   args[2] RW_WRITER or RW_READER
 *   adaptive-release  mutex_unlock() entered (a kprobe: the lock is
 *                   released within this call)
 *   rw-release      up_read() / up_write() entered: args[1] RW_READER /
 *                   RW_WRITER
 *   spin-release    _raw_spin_unlock(), _irq, _irqrestore, _bh entered
 *                   (where the kernel has them as functions: a kernel that
 *                   inlines spin_unlock has none, and no spin-release)
 *
 * Not offered (a description naming only these says why, struct
 * stable_absent): *-acquire, which DTrace fires once the lock is held: a
 * kretprobe there does not know the lock (the function's argument at its
 * entry), and a kprobe at the entry fires before it is held; the *-block
 * and *-spin probes are the acquisitions that waited.  The contentions of
 * a percpu_rw_semaphore (LCB_F_PERCPU), an rt_mutex (LCB_F_RT) and a
 * semaphore (no flag) have no DTrace kind and fire no probe.  The lock
 * tracepoints are Linux 5.19's; the release probes need kprobes.
 */
#include "stable.h"

#include <stddef.h>

/* include/trace/events/lock.h's contention_begin flags (5.19 to 6.18) */
#define F_SPIN "0x1"
#define F_READ "0x2"
#define F_WRITE "0x4"
#define F_RT "0x8"
#define F_PERCPU "0x10"
#define F_MUTEX "0x20"
#define F_RWKIND "(" F_READ "|" F_WRITE ")"
/* a contention's flags (arg2) with bits other than READ/WRITE */
#define KIND(a) "(arg2 & (" F_SPIN "|" F_RT "|" F_PERCPU "|" F_MUTEX ")) == " a
#define ACQUIRED "(int)arg1 == 0"
/* RW_WRITER (0) or RW_READER (1), lockstat.d */
#define RW_KIND "(int)((arg2 & " F_WRITE ") ? 0 : 1)"
#define CONTENTION "lock:contention_end"

static const struct stable_probe lockstat_probes[] = {
	{"adaptive-block", STABLE_CONTENTION, CONTENTION, "(arg2 & " F_MUTEX ") != 0 && arg4 != 0 && " ACQUIRED, 0,
	 {{"struct mutex *", NULL, "(struct mutex *)arg0"}, {"uint64_t", NULL, "arg4"}}},
	{"adaptive-spin", STABLE_CONTENTION, CONTENTION, "(arg2 & " F_MUTEX ") != 0 && arg3 != 0 && " ACQUIRED, 0,
	 {{"struct mutex *", NULL, "(struct mutex *)arg0"}, {"uint64_t", NULL, "arg3"}}},
	{"spin-spin", STABLE_CONTENTION, CONTENTION, KIND(F_SPIN) " && (arg2 & " F_RWKIND ") == 0", 0,
	 {{"spinlock_t *", NULL, "(spinlock_t *)arg0"}, {"uint64_t", NULL, "arg3"}}},
	{"rw-spin", STABLE_CONTENTION, CONTENTION, KIND(F_SPIN) " && (arg2 & " F_RWKIND ") != 0", 0,
	 {{"rwlock_t *", NULL, "(rwlock_t *)arg0"}, {"uint64_t", NULL, "arg3"}, {"int", NULL, RW_KIND}}},
	{"rw-block", STABLE_CONTENTION, CONTENTION, KIND("0") " && (arg2 & " F_RWKIND ") != 0 && " ACQUIRED, 0,
	 {{"struct rw_semaphore *", NULL, "(struct rw_semaphore *)arg0"}, {"uint64_t", NULL, "arg4"},
	  {"int", NULL, RW_KIND}}},
	{"adaptive-release", STABLE_KPROBE, "mutex_unlock", NULL, 0,
	 {{"struct mutex *", NULL, "(struct mutex *)arg0"}}},
	{"rw-release", STABLE_KPROBE, "up_read", NULL, 0,
	 {{"struct rw_semaphore *", NULL, "(struct rw_semaphore *)arg0"}, {"int", NULL, "1"}}},
	{"rw-release", STABLE_KPROBE, "up_write", NULL, 0,
	 {{"struct rw_semaphore *", NULL, "(struct rw_semaphore *)arg0"}, {"int", NULL, "0"}}},
	{"spin-release", STABLE_KPROBE, "_raw_spin_unlock", NULL, 0, {{"spinlock_t *", NULL, "(spinlock_t *)arg0"}}},
	{"spin-release", STABLE_KPROBE, "_raw_spin_unlock_irq", NULL, 0,
	 {{"spinlock_t *", NULL, "(spinlock_t *)arg0"}}},
	{"spin-release", STABLE_KPROBE, "_raw_spin_unlock_irqrestore", NULL, 0,
	 {{"spinlock_t *", NULL, "(spinlock_t *)arg0"}}},
	{"spin-release", STABLE_KPROBE, "_raw_spin_unlock_bh", NULL, 0,
	 {{"spinlock_t *", NULL, "(spinlock_t *)arg0"}}},
};

static const struct stable_absent lockstat_absent[] = {
	{"*-acquire", "lockstat:::*-acquire probes are not offered: DTrace fires them once the lock is held, and "
		      "nothing here knows the lock then (lockstat:::*-block and *-spin are the acquisitions that "
		      "waited)"},
	{"*-release", "lockstat:::*-release probes need kprobes on the kernel's unlock functions (mutex_unlock, "
		      "up_read, _raw_spin_unlock...), which this kernel does not offer"},
	{"*-block", "lockstat:::*-block probes need the lock:contention_begin and lock:contention_end "
		    "tracepoints (Linux 5.19), which this kernel does not have"},
	{"*-spin", "lockstat:::*-spin probes need the lock:contention_begin and lock:contention_end "
		   "tracepoints (Linux 5.19), which this kernel does not have"},
};

const struct stable_provider stable_lockstat = {
	.name = "lockstat",
	.probes = lockstat_probes,
	.nprobes = sizeof(lockstat_probes) / sizeof(lockstat_probes[0]),
	.absent = lockstat_absent,
	.nabsent = sizeof(lockstat_absent) / sizeof(lockstat_absent[0]),
};
