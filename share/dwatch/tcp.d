/*
 * tcp - TCP connections: local and remote address and port, the way the
 * segment or the event goes, and bytes sent or received (the tcp provider,
 * docs/PROVIDERS.md).
 *
 *   2026 Nov 24 01:50:00 tcp: 127.0.0.1:41234 -? 127.0.0.1:8080
 *
 * -> a segment sent, <- one received (or a connection accepted), -? a
 * connection asked for, -X a connect refused, X- a SYN refused; at
 * state-change the states left and entered.  Packets are seen at the
 * device, outside the process they are for: the tag is the profile's name
 * and the process filters do not apply.
 */

/*@ probe */
tcp:::accept-established, tcp:::accept-refused, tcp:::connect-established,
tcp:::connect-refused, tcp:::connect-request, tcp:::receive, tcp:::send,
tcp:::state-change

/*@ probe tcp-accept */
tcp:::accept-established, tcp:::accept-refused

/*@ probe tcp-connect */
tcp:::connect-established, tcp:::connect-refused, tcp:::connect-request

/*@ probe tcp-established */
tcp:::accept-established, tcp:::connect-established

/*@ probe tcp-init */
tcp:::accept-established, tcp:::accept-refused, tcp:::connect-established,
tcp:::connect-refused, tcp:::connect-request

/*@ probe tcp-io */
tcp:::send, tcp:::receive

/*@ probe tcp-refused */
tcp:::accept-refused, tcp:::connect-refused

/*@ probe tcp-status */
tcp:::accept-established, tcp:::accept-refused, tcp:::connect-established,
tcp:::connect-refused, tcp:::connect-request, tcp:::state-change

/*@ probe tcp-state-change */
tcp:::state-change

/*@ clauses */
this string flow;
this string details;

$PROBE
{
	this->details = "";
	this->flow =
	    probename == "accept-established" ? "<-" :
	    probename == "accept-refused" ? "X-" :
	    probename == "connect-refused" ? "-X" :
	    probename == "connect-request" ? "-?" :
	    probename == "receive" ? "<-" : "->";
}

tcp:::state-change
{
	this->flow = strjoin(tcp_state_string[args[5]->tcps_state],
	    strjoin(" -> ", tcp_state_string[args[3]->tcps_state]));
}

tcp:::send, tcp:::receive
{
	this->length = args[2]->ip_plength - args[4]->tcp_offset;
	this->details = strjoin(strjoin(" ", lltostr(this->length)),
	    this->length == 1 ? " byte" : " bytes");
}

/*@ tag */
printf("%s: ", "$PROFILE");

/*@ details */
printf("%s:%u %s %s:%u%s", args[3]->tcps_laddr, args[3]->tcps_lport, this->flow,
    args[3]->tcps_raddr, args[3]->tcps_rport, this->details);

/*@ ignores */
k z g p u R
