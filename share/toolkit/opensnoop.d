#!/usr/sbin/dtrace -s
/*
 * opensnoop.d - file opens as they happen, with the result or the error.
 *
 * Usage:   opensnoop.d               (as root; Ctrl-C ends it)
 * Example: opensnoop.d -c 'cat /etc/hostname /nonexistent'
 *
 *     PID COMM             FD ERR PATH
 *    4242 cat               3   0 /etc/hostname
 *    4242 cat              -1   2 /nonexistent
 *
 * open(2), openat(2) and openat2(2): FD is the returned descriptor, -1
 * on failure with ERR the errno (2 is ENOENT); PATH as the caller passed it.
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	printf("%7s %-16s %3s %3s %s\n", "PID", "COMM", "FD", "ERR", "PATH");
}

syscall::open:entry
{
	self->path = arg0;
}

syscall::openat:entry,
syscall::openat2:entry
{
	self->path = arg1;
}

syscall::open:return,
syscall::openat:return,
syscall::openat2:return
/self->path/
{
	/* the kernel returns -errno: shown as -1 and errno, as open(2) does */
	printf("%7d %-16s %3d %3d %s\n", pid, execname, (int)arg1 < 0 ? -1 : (int)arg1,
	    (int)arg1 < 0 ? errno : 0, copyinstr(self->path));
	self->path = 0;
}
