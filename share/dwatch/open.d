/*
 * open - the path a process opens: open(2), openat(2), openat2(2), creat(2)
 *
 *   2026 Nov 24 01:50:00 0.0 cat[4242]: /etc/hostname
 *
 * The path is read when the call returns (the kernel has read it, so the
 * page holding it is in memory; at the entry a string not yet paged in
 * cannot be read by a probe).  The openat variant watches openat(2) alone.
 */

/*@ probe */
syscall::open:return, syscall::openat:return, syscall::openat2:return,
syscall::creat:return

/*@ probe openat */
syscall::openat:return

/*@ clauses */
this string path;

syscall::open:entry, syscall::creat:entry
{
	self->dwatch_path = arg0;
}

syscall::openat:entry, syscall::openat2:entry
{
	self->dwatch_path = arg1;
}

$PROBE
/self->dwatch_path/
{
	this->path = copyinstr(self->dwatch_path);
	self->dwatch_path = 0;
}

/*@ test */
this->path != ""

/*@ details */
printf("%s", this->path);
