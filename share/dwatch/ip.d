/*
 * ip - IPv4 and IPv6 packets from the ip provider: the device, the
 * addresses, the protocol and the payload's size.
 *
 *   2026 Nov 24 01:50:00 ip: lo 127.0.0.1 -> 127.0.0.1 TCP 5 bytes
 *
 * The local address comes first: -> a packet sent, <- one received.  Packets are seen at the device,
 * outside the process they are for: the tag is the profile's name and the
 * process filters do not apply.
 */

/*@ probe */
ip:::send, ip:::receive

/*@ probe ip-send */
ip:::send

/*@ probe ip-receive */
ip:::receive

/*@ tag */
printf("%s: ", "$PROFILE");

/*@ details */
printf("%s %s %s %s %s %u byte%s", args[3]->if_name,
    probename == "send" ? args[2]->ip_saddr : args[2]->ip_daddr,
    probename == "send" ? "->" : "<-",
    probename == "send" ? args[2]->ip_daddr : args[2]->ip_saddr,
    args[2]->ip_ver == 4 ? args[4]->ipv4_protostr : args[5]->ipv6_nextstr,
    args[2]->ip_plength, args[2]->ip_plength == 1 ? "" : "s");

/*@ ignores */
k z g p u R
