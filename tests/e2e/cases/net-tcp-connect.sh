# shellcheck shell=bash
# tcp:::connect-request, connect-established and accept-established on a
# loopback connection the test makes, IPv4 and IPv6 (::1): the addresses
# and ports of args[3] (tcpsinfo_t) and of args[2]/args[4] (ipinfo_t,
# tcpinfo_t, from the socket at these probes), and args[3]->tcps_state by
# name.  Filtered by the test's port; the client's ephemeral port prints
# as "E".  connect-request's local port is 0: Linux picks it after the
# socket enters SYN_SENT.
port=$((20000 + $$ % 20000))
for fam in 4 6; do
	"$DTRACE" -q -s /dev/stdin -c "python3 net-workload.py $fam $port" "$port" <<'D' | sort
tcp:::connect-request, tcp:::connect-established, tcp:::accept-established
/args[3]->tcps_lport == $1 || args[3]->tcps_rport == $1/
{
	printf("%s %s %s:%s -> %s:%s ip %s -> %s tcp %s -> %s\n", probename,
	    tcp_state_string[args[3]->tcps_state],
	    args[3]->tcps_laddr, args[3]->tcps_lport == $1 ? "P" : args[3]->tcps_lport == 0 ? "0" : "E",
	    args[3]->tcps_raddr, args[3]->tcps_rport == $1 ? "P" : "E",
	    args[2]->ip_saddr, args[2]->ip_daddr,
	    args[4]->tcp_sport == $1 ? "P" : args[4]->tcp_sport == 0 ? "0" : "E",
	    args[4]->tcp_dport == $1 ? "P" : "E");
}
D
	echo "exit ${PIPESTATUS[0]}"
done
