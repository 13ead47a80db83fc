#!/usr/sbin/dtrace -s
/*
 * tcpconnect.d - TCP connections made (active opens), as they are set up.
 *
 * Usage:   tcpconnect.d              (as root; Ctrl-C ends it)
 * Example: tcpconnect.d -c 'curl -s http://127.0.0.1:8080/'
 *
 *     PID COMM             IP SADDR            SPORT DADDR            DPORT
 *    4242 curl              4 127.0.0.1        40312 127.0.0.1         8080
 *
 * tcp:::connect-established: the local and remote address and port once
 * the handshake completed (PID and COMM are the thread on CPU then,
 * usually the connecting process); refused connections are shown by
 * tcp:::connect-refused as REFUSED.  Retransmits: this provider has no
 * probe for them (Linux's tcp:tcp_retransmit_skb tracepoint is reachable
 * as sdt:tcp::tcp_retransmit_skb).
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	printf("%7s %-16s %2s %-16s %5s %-16s %5s\n", "PID", "COMM", "IP", "SADDR", "SPORT", "DADDR", "DPORT");
}

tcp:::connect-established
{
	printf("%7d %-16s %2d %-16s %5d %-16s %5d\n", pid, execname, args[2]->ip_ver,
	    args[3]->tcps_laddr, args[3]->tcps_lport, args[3]->tcps_raddr, args[3]->tcps_rport);
}

tcp:::connect-refused
{
	printf("%7d %-16s %2d %-16s %5d %-16s %5d REFUSED\n", pid, execname, args[2]->ip_ver,
	    args[3]->tcps_laddr, args[3]->tcps_lport, args[3]->tcps_raddr, args[3]->tcps_rport);
}
