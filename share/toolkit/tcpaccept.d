#!/usr/sbin/dtrace -s
/*
 * tcpaccept.d - TCP connections accepted (passive opens).
 *
 * Usage:   tcpaccept.d               (as root; Ctrl-C ends it)
 * Example: tcpaccept.d -c 'python3 -m http.server 8080'
 *
 *   IP LADDR            LPORT RADDR            RPORT
 *    4 127.0.0.1         8080 127.0.0.1        40312
 *
 * tcp:::accept-established, when the handshake of a connection to a
 * listening socket completes (before the server's accept(2) returns it,
 * so no PID: the thread on CPU is whoever received the last segment).
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	printf("%2s %-16s %5s %-16s %5s\n", "IP", "LADDR", "LPORT", "RADDR", "RPORT");
}

tcp:::accept-established
{
	printf("%2d %-16s %5d %-16s %5d\n", args[2]->ip_ver, args[3]->tcps_laddr, args[3]->tcps_lport,
	    args[3]->tcps_raddr, args[3]->tcps_rport);
}
