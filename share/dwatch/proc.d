/*
 * proc - process activity from the proc provider: forks, execs, exits and
 * signals, each with what it is about.
 *
 *   2026 Nov 24 01:50:00 0.0 bash[4242]: FORK pid 4343 -- bash
 *   2026 Nov 24 01:50:00 0.0 ls[4343]: INIT ls -la /
 *   2026 Nov 24 01:50:00 0.0 ls[4343]: EXIT exited
 *
 * FORK (create), EXEC (exec: the path), FAIL (exec-failure: the errno),
 * INIT (exec-success: the new command line), EXIT (exit: how), SEND,
 * DISCARD (signal-send, signal-discard: the signal and the receiver) and
 * CLEAR (signal-clear).  Variants: proc-signal, proc-status and one per
 * probe (proc-create, proc-exec, proc-exec-success, ...).
 */

/*@ probe */
proc:::create, proc:::exec, proc:::exec-failure, proc:::exec-success,
proc:::exit, proc:::signal-clear, proc:::signal-discard, proc:::signal-send

/*@ probe proc-signal */
proc:::signal-clear, proc:::signal-discard, proc:::signal-send

/*@ probe proc-status */
proc:::create, proc:::exec, proc:::exec-failure, proc:::exec-success, proc:::exit

/*@ probe proc-create */
proc:::create

/*@ probe proc-exec */
proc:::exec

/*@ probe proc-exec-failure */
proc:::exec-failure

/*@ probe proc-exec-success */
proc:::exec-success

/*@ probe proc-exit */
proc:::exit

/*@ probe proc-signal-clear */
proc:::signal-clear

/*@ probe proc-signal-discard */
proc:::signal-discard

/*@ probe proc-signal-send */
proc:::signal-send

/*@ clauses */
this string details;

inline string dwatch_proc_alias[string name] =
	name == "create" ? "FORK" :
	name == "exec" ? "EXEC" :
	name == "exec-failure" ? "FAIL" :
	name == "exec-success" ? "INIT" :
	name == "exit" ? "EXIT" :
	name == "signal-clear" ? "CLEAR" :
	name == "signal-discard" ? "DISCARD" :
	name == "signal-send" ? "SEND" :
	name;

$PROBE
{
	this->details = "";
}

proc:::create
{
	this->details = strjoin(strjoin("pid ", lltostr(args[0]->pr_pid)),
	    strjoin(" -- ", args[0]->pr_fname));
}

proc:::exec
{
	this->details = args[0];
}

proc:::exec-failure
{
	/* args[0] is the call's return value, -errno */
	this->details = strjoin("errno ", lltostr(-args[0]));
}

proc:::exec-success
{
	this->details = curpsinfo->pr_psargs;
}

proc:::exit
{
	this->details = args[0] == CLD_EXITED ? "exited" :
	    args[0] == CLD_KILLED ? "killed" :
	    args[0] == CLD_DUMPED ? "core dumped" : "?";
}

proc:::signal-discard, proc:::signal-send
{
	this->details = strjoin(strjoin("signal ", lltostr(args[2])),
	    strjoin(strjoin(" to pid ", lltostr(args[1]->pr_pid)),
	    strjoin(" -- ", args[1]->pr_fname)));
}

proc:::signal-clear
{
	this->details = strjoin("signal ", lltostr(args[0]));
}

/*@ details */
printf("%s %s", dwatch_proc_alias[probename], this->details);
