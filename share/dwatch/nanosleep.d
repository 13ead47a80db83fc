/*
 * nanosleep - the time a process asks to sleep: nanosleep(2) and
 * clock_nanosleep(2) (relative sleeps; an absolute one shows the clock
 * time it sleeps until, marked "until").
 *
 *   2026 Nov 24 01:50:00 0.0 sleep[4242]: 1.500000000 seconds
 */

/*@ probe */
syscall::nanosleep:entry, syscall::clock_nanosleep:entry

/*@ clauses */
this int64_t sec;
this int64_t nsec;
this int absolute;

$PROBE
{
	/* clock_nanosleep(clock, flags, request, remain); TIMER_ABSTIME is 1 */
	this->absolute = probefunc == "clock_nanosleep" && (arg1 & 1);
	this->ts = (struct __kernel_timespec *)copyin(probefunc == "nanosleep" ? arg0 : arg2,
	    sizeof(struct __kernel_timespec));
	/* the values, not the copy: it lasts this clause only */
	this->sec = this->ts->tv_sec;
	this->nsec = this->ts->tv_nsec;
}

/*@ details */
printf("%s%d.%09d seconds", this->absolute ? "until " : "", this->sec, this->nsec);
