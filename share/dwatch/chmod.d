/*
 * chmod - the mode and path of chmod(2), fchmodat(2) and fchmodat2(2)
 * (fchmod(2) names no path: its file descriptor is shown).  The path is
 * read at the call's return (the kernel has read it, so it is in memory).
 *
 *   2026 Nov 24 01:50:00 0.0 chmod[4242]: 0755 /tmp/script
 */

/*@ probe */
syscall::chmod:return, syscall::fchmodat:return, syscall::fchmodat2:return,
syscall::fchmod:return

/*@ clauses */
syscall::chmod:entry
{
	self->dwatch_path = arg0;
	self->dwatch_mode = arg1;
}

syscall::fchmodat:entry, syscall::fchmodat2:entry
{
	self->dwatch_path = arg1;
	self->dwatch_mode = arg2;
}

syscall::fchmod:entry
{
	self->dwatch_fd = arg0;
	self->dwatch_mode = arg1;
}

$PROBE
{
	this->path = self->dwatch_path ? copyinstr(self->dwatch_path) :
	    strjoin("fd ", lltostr(self->dwatch_fd));
	this->mode = self->dwatch_mode;
	self->dwatch_path = 0;
	self->dwatch_fd = 0;
	self->dwatch_mode = 0;
}

/*@ details */
printf("%04o %s", this->mode, this->path);
