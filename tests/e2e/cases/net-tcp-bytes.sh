# shellcheck shell=bash
# tcp:::send and tcp:::receive: payload bytes (ip_plength less the TCP
# header) of the loopback connection the test makes, to its port and from
# it, IPv4 and IPv6: the client sends 3000 bytes and nothing comes back.
# Segments are counted by direction and flags.
port=$((20000 + $$ % 20000))
for fam in 4 6; do
	"$DTRACE" -q -s /dev/stdin -c "python3 net-workload.py $fam $port" "$port" <<'D'
tcp:::send, tcp:::receive
/args[4]->tcp_dport == $1/
{
	@bytes[probename, "to P", args[2]->ip_ver] = sum(args[2]->ip_plength - args[4]->tcp_offset);
	@syn[probename, "to P"] = sum(args[4]->tcp_flags & TH_SYN ? 1 : 0);
}
tcp:::send, tcp:::receive
/args[4]->tcp_sport == $1/
{
	@bytes[probename, "from P", args[2]->ip_ver] = sum(args[2]->ip_plength - args[4]->tcp_offset);
	@syn[probename, "from P"] = sum(args[4]->tcp_flags & TH_SYN ? 1 : 0);
}
tcp:::send
/args[4]->tcp_dport == $1 && args[3]->tcps_rport == $1 && args[4]->tcp_flags & TH_PSH/
{
	@conn["send with data: tcpsinfo", args[3]->tcps_laddr, args[3]->tcps_raddr] = count();
}
END
{
	printa("bytes %s %s IPv%d: %@d\n", @bytes);
	printa("SYN %s %s: %@d\n", @syn);
	printa("%s %s -> %s\n", @conn);
}
D
	echo "exit $?"
done
