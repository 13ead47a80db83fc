# shellcheck shell=bash
# tcp:::accept-refused (the reset sent for a SYN to port P+3, where nothing
# listens: the incoming SYN's addresses, as the refusing end sees them) and
# tcp:::connect-refused (the connecting socket, in SYN_SENT, receiving that
# reset), IPv4 and IPv6.
port=$((20000 + $$ % 20000))
for fam in 4 6; do
	"$DTRACE" -q -s /dev/stdin -c "python3 net-workload.py $fam $port" "$port" <<'D'
tcp:::accept-refused
/args[4]->tcp_dport == $1 + 3/
{
	printf("%s: local %s P+%d, remote %s; SYN %s -> %s\n", probename, args[3]->tcps_laddr,
	    args[3]->tcps_lport - $1, args[3]->tcps_raddr, args[2]->ip_saddr, args[2]->ip_daddr);
}
tcp:::connect-refused
/args[3]->tcps_rport == $1 + 3/
{
	printf("%s: local %s, remote %s P+%d, %s; RST %s -> %s\n", probename, args[3]->tcps_laddr,
	    args[3]->tcps_raddr, args[3]->tcps_rport - $1, tcp_state_string[args[3]->tcps_state],
	    args[2]->ip_saddr, args[2]->ip_daddr);
}
D
	echo "exit $?"
done
