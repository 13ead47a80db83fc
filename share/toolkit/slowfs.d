#!/usr/sbin/dtrace -s
/*
 * slowfs.d - file system operations slower than a threshold.
 *
 * Usage:   slowfs.d [ms]             (as root; default 10 ms; Ctrl-C ends)
 * Example: slowfs.d 1 -c 'sync'
 *
 *   TIME(us)          PID COMM             OP       BYTES  LAT(ms) FILE
 *   1764201234567    4242 dd               write    65536       12 /tmp/out
 *
 * read, write, pread64, pwrite64, open, openat (system call entry to
 * return) that took at least the threshold: BYTES is the result (bytes
 * transferred, or the descriptor for an open), FILE the path opened, or
 * for a read or write the path its descriptor was opened with while this
 * ran ("fd N" for one opened before).
 */
#pragma D option quiet
#pragma D option defaultargs
#pragma D option switchrate=10hz

inline int MIN_MS = $1 ? $1 : 10;	/* none (or 0): 10 ms */

string paths[int, int];	/* what each (pid, fd) was opened as */

BEGIN
{
	printf("Tracing file system operations slower than %d ms\n", MIN_MS);
	printf("%-16s %7s %-16s %-8s %8s %8s %s\n", "TIME(us)", "PID", "COMM", "OP", "BYTES", "LAT(ms)", "FILE");
}

syscall::read:entry, syscall::write:entry,
syscall::pread64:entry, syscall::pwrite64:entry
{
	self->ts = timestamp;
	self->file = paths[pid, (int)arg0] != "" ? paths[pid, (int)arg0] : strjoin("fd ", lltostr(arg0));
}

/* the path is read at the return: at the entry its page may not be in yet */
syscall::open:entry
{
	self->ts = timestamp;
	self->path = arg0;
}

syscall::openat:entry
{
	self->ts = timestamp;
	self->path = arg1;
}

syscall::open:return, syscall::openat:return
/self->ts/
{
	self->file = copyinstr(self->path);
	self->path = 0;
}

syscall::read:return, syscall::write:return,
syscall::pread64:return, syscall::pwrite64:return,
syscall::open:return, syscall::openat:return
/self->ts && timestamp - self->ts >= MIN_MS * 1000000/
{
	printf("%-16d %7d %-16s %-8s %8d %8d %s\n", walltimestamp / 1000, pid, execname, probefunc,
	    (int64_t)arg1, (timestamp - self->ts) / 1000000, self->file);
}

syscall::open:return, syscall::openat:return
/self->ts && (int)arg1 >= 0/
{
	paths[pid, (int)arg1] = self->file;
}

syscall::read:return, syscall::write:return,
syscall::pread64:return, syscall::pwrite64:return,
syscall::open:return, syscall::openat:return
{
	self->ts = 0;
	self->file = 0;
}
