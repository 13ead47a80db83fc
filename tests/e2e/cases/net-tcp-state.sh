# shellcheck shell=bash
# tcp:::state-change on a loopback connection the test makes: the state
# left (args[5], tcplsinfo_t) and the state entered (args[3]->tcps_state)
# by name with tcp_state_string[], for the client's socket (remote port P)
# and the server's (local port P).  The workload waits at each step, so
# these changes all happen before it ends; those that follow its end
# (LAST_ACK to CLOSED, TIME_WAIT) are not printed.  Sorted: the two
# sockets' changes interleave as the CPUs run them.  The client's
# connection keeps one id (args[1]->cs_cid, not 0) from SYN_SENT on, as
# scripts that key their state by it need.
port=$((20000 + $$ % 20000))
"$DTRACE" -q -s /dev/stdin -c "python3 net-workload.py 4 $port" "$port" <<'D' | sort
tcp:::state-change
/args[3]->tcps_rport == $1 && args[3]->tcps_state != TCP_STATE_CLOSED/
{
	printf("client %s -> %s\n", tcp_state_string[args[5]->tcps_state], tcp_state_string[args[3]->tcps_state]);
}
tcp:::state-change
/args[3]->tcps_lport == $1 && args[5]->tcps_state != TCP_STATE_LAST_ACK/
{
	printf("server %s -> %s\n", tcp_state_string[args[5]->tcps_state], tcp_state_string[args[3]->tcps_state]);
}
tcp:::state-change
/args[3]->tcps_rport == $1 && args[5]->tcps_state == TCP_STATE_CLOSED/
{
	cid = args[1]->cs_cid;
}
tcp:::state-change
/args[3]->tcps_rport == $1 && args[5]->tcps_state != TCP_STATE_CLOSED && args[3]->tcps_state != TCP_STATE_CLOSED/
{
	@same[cid != 0 && args[1]->cs_cid == cid] = count();
}
END
{
	printa("client changes on its first connection id: %d %@d\n", @same);
}
D
echo "exit ${PIPESTATUS[0]}"
