/*
 * slow-syscall - system calls that took DWATCH_SLOW_MS milliseconds or
 * more (default 100): the call and its time, shown at its return.  The
 * slow variant watches the file system's calls only (read, write, open,
 * fsync, stat, ...), as FreeBSD's slow profile does.
 *
 *   2026 Nov 24 01:50:00 0.0 sleep[4242]: clock_nanosleep 1000.081 ms
 */

/*@ probe */
syscall:::return

/*@ probe slow */
syscall::read:return, syscall::write:return, syscall::pread64:return,
syscall::pwrite64:return, syscall::readv:return, syscall::writev:return,
syscall::open:return, syscall::openat:return, syscall::close:return,
syscall::fsync:return, syscall::fdatasync:return, syscall::sync:return,
syscall::newstat:return, syscall::newfstatat:return, syscall::statx:return,
syscall::getdents64:return, syscall::rename:return, syscall::renameat2:return,
syscall::unlink:return, syscall::unlinkat:return, syscall::mkdir:return,
syscall::mkdirat:return

/*@ clauses */
this uint64_t elapsed;

syscall:::entry
{
	self->dwatch_start = timestamp;
}

$PROBE
{
	this->elapsed = self->dwatch_start ? timestamp - self->dwatch_start : 0;
	self->dwatch_start = 0;
}

/*@ test */
this->elapsed > 0 && this->elapsed >= (uint64_t)${DWATCH_SLOW_MS:-100} * 1000000

/*@ details */
printf("%s %d.%03d ms", probefunc, this->elapsed / 1000000,
    (this->elapsed % 1000000) / 1000);
