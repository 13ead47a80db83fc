/*
 * udp - UDP datagrams from the udp provider: local and remote address and
 * port, the way it goes and its size.
 *
 *   2026 Nov 24 01:50:00 udp: 127.0.0.1:41234 -> 127.0.0.1:53 12 bytes
 *
 * Datagrams are seen at the device, outside the process they are for: the
 * tag is the profile's name and the process filters do not apply.
 */

/*@ probe */
udp:::send, udp:::receive

/*@ probe udp-send */
udp:::send

/*@ probe udp-receive */
udp:::receive

/*@ clauses */
this string local;
this string remote;
this uint16_t lport;
this uint16_t rport;

udp:::send
{
	this->local = args[2]->ip_saddr;
	this->remote = args[2]->ip_daddr;
	this->lport = args[4]->udp_sport;
	this->rport = args[4]->udp_dport;
}

udp:::receive
{
	this->local = args[2]->ip_daddr;
	this->remote = args[2]->ip_saddr;
	this->lport = args[4]->udp_dport;
	this->rport = args[4]->udp_sport;
}

/*@ tag */
printf("%s: ", "$PROFILE");

/*@ details */
printf("%s:%u %s %s:%u %u byte%s", this->local, this->lport,
    probename == "send" ? "->" : "<-", this->remote, this->rport,
    args[4]->udp_length - 8, args[4]->udp_length == 9 ? "" : "s");

/*@ ignores */
k z g p u R
