/*
 * kill - the signal and the process a kill(2) (tkill(2), tgkill(2)) sends
 * it to.
 *
 *   2026 Nov 24 01:50:00 0.0 bash[4242]: signal 15 to pid 4343
 */

/*@ probe */
syscall::kill:entry

/*@ probe tkill */
syscall::tkill:entry

/*@ probe tgkill */
syscall::tgkill:entry

/*@ clauses */
this int sig;
this int target;

$PROBE
{
	this->target = (int)arg0;
	this->sig = probefunc == "tgkill" ? (int)arg2 : (int)arg1;
}

/*@ details */
printf("signal %d to %s %d", this->sig, probefunc == "kill" ? "pid" : "tid",
    probefunc == "tgkill" ? (int)arg1 : this->target);
