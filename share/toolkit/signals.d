#!/usr/sbin/dtrace -s
/*
 * signals.d - signals sent, by whom to whom.
 *
 * Usage:   signals.d                 (as root; Ctrl-C prints the counts)
 * Example: signals.d -c ./killer.sh   (killer.sh: sleep 5 & kill -TERM $!)
 *
 *   FROM(PID)              TO(PID)                SIGNAL  COUNT
 *   sh(4242)               sleep(4243)                15      1
 *
 * Each proc:::signal-send: the sender (the thread on CPU), the receiving
 * process and the signal number (15 is SIGTERM); a line as it happens and
 * the counts at the end.
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	printf("%-22s %-22s %6s\n", "FROM(PID)", "TO(PID)", "SIGNAL");
}

proc:::signal-send
{
	this->from = strjoin(execname, strjoin("(", strjoin(lltostr(pid), ")")));
	this->to = strjoin(args[1]->pr_fname, strjoin("(", strjoin(lltostr(args[1]->pr_pid), ")")));
	printf("%-22s %-22s %6d\n", this->from, this->to, args[2]);
	@sigs[this->from, this->to, args[2]] = count();
}

END
{
	printf("\n%-22s %-22s %6s %6s\n", "FROM(PID)", "TO(PID)", "SIGNAL", "COUNT");
	printa("%-22s %-22s %6d %@6d\n", @sigs);
}
