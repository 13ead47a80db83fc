# ip, tcp and udp providers on loopback traffic the case makes (net.c):
# connect and accept with addresses, state changes by name, payload bytes,
# a UDP datagram, ip:::receive's destination, refused connections.
# accept-refused (tcp_send_reset without a socket) fires from Linux 6.10.
# Three runs: one program of all these clauses is over 32767 BPF
# instructions, more than a jump spans before Linux 6.6 (docs/PROVIDERS.md).
# The runs that print addresses pass on 6.1 and 5.15 too: the inet_ntoa6()
# formatter the translators hold keeps its positions bounded for their
# verifiers (codegen/netaddr.c work_ptr).
ip link set lo up
$DTRACE -q -c "$CASES/net 7777" -n '
tcp:::connect-request, tcp:::accept-established
/args[3]->tcps_lport == 7777 || args[3]->tcps_rport == 7777/
{ printf("%s %s -> %s:%d\n", probename, args[3]->tcps_laddr, args[3]->tcps_raddr, args[3]->tcps_rport == 7777 ? 7777 : 0); }' 2>/dev/null
echo "exit $?"
$DTRACE -q -c "$CASES/net 7777" -n '
tcp:::state-change
/args[3]->tcps_rport == 7777 && args[3]->tcps_state != TCP_STATE_CLOSED/
{ @c[tcp_state_string[args[5]->tcps_state], tcp_state_string[args[3]->tcps_state]] = count(); }
tcp:::send /args[4]->tcp_dport == 7777/ { @b["sent"] = sum(args[2]->ip_plength - args[4]->tcp_offset); }
tcp:::receive /args[4]->tcp_dport == 7777/ { @b["received"] = sum(args[2]->ip_plength - args[4]->tcp_offset); }
END { printa("client %s -> %s\n", @c); printa("%s %@d bytes\n", @b); }'
echo "exit $?"
$DTRACE -q -c "$CASES/net 7787" -n '
udp:::receive /args[4]->udp_dport == 7788/
{ printf("udp %s:%d -> %s:%d length %d\n", args[2]->ip_saddr, args[4]->udp_sport, args[2]->ip_daddr, args[4]->udp_dport, args[4]->udp_length); }
ip:::receive /args[2]->ip_ver == 4 && args[4]->ipv4_protocol == IPPROTO_UDP/
{ printf("ip receive to %s on %s\n", args[2]->ip_daddr, args[3]->if_name); }
tcp:::accept-refused /args[4]->tcp_dport == 7790/ { printf("accept-refused %s:%d\n", args[3]->tcps_laddr, args[3]->tcps_lport); }
tcp:::connect-refused /args[3]->tcps_rport == 7790/ { printf("connect-refused %s\n", tcp_state_string[args[3]->tcps_state]); }' 2>/dev/null
echo "exit $?"
