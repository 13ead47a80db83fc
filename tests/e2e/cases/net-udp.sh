# shellcheck shell=bash
# udp:::send and udp:::receive of a 42-byte datagram the test sends on
# loopback from port P+2 to port P+1, IPv4 and IPv6: addresses and length
# (udpinfo_t counts its 8-byte header), both ends from args[3]
# (udpsinfo_t: local is the source of a datagram sent, the destination of
# one received); ip:::receive of it with its destination, interface and
# protocol (ipv4info_t or ipv6info_t), and if_local 0: it has a device
# (lo), as in DTrace, whose if_local is 1 only without one.
port=$((20000 + $$ % 20000))
for fam in 4 6; do
	"$DTRACE" -q -s /dev/stdin -c "python3 net-workload.py $fam $port" "$port" <<'D'
udp:::send, udp:::receive
/args[4]->udp_dport == $1 + 1/
{
	printf("udp:::%s %s -> %s length %d (P+%d -> P+%d) ip_plength %d; local %s P+%d remote %s P+%d\n",
	    probename, args[2]->ip_saddr, args[2]->ip_daddr, args[4]->udp_length,
	    args[4]->udp_sport - $1, args[4]->udp_dport - $1, args[2]->ip_plength,
	    args[3]->udps_laddr, args[3]->udps_lport - $1, args[3]->udps_raddr, args[3]->udps_rport - $1);
}
ip:::receive
/args[2]->ip_ver == 4 && args[4]->ipv4_protocol == IPPROTO_UDP &&
 ntohs(((struct udphdr *)((uintptr_t)args[4]->ipv4_hdr + args[4]->ipv4_ihl))->dest) == $1 + 1/
{
	printf("ip:::receive to %s on %s (local %d) %s ttl %d length %d\n", args[2]->ip_daddr,
	    args[3]->if_name, args[3]->if_local, args[4]->ipv4_protostr, args[4]->ipv4_ttl, args[4]->ipv4_length);
}
ip:::receive
/args[2]->ip_ver == 6 && args[5]->ipv6_nexthdr == IPPROTO_UDP &&
 ntohs(((struct udphdr *)((uintptr_t)args[5]->ipv6_hdr + 40))->dest) == $1 + 1/
{
	printf("ip:::receive to %s on %s (local %d) %s hlim %d plen %d\n", args[2]->ip_daddr,
	    args[3]->if_name, args[3]->if_local, args[5]->ipv6_nextstr, args[5]->ipv6_hlim, args[5]->ipv6_plen);
}
D
	echo "exit $?"
done
