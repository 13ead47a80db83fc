# shellcheck shell=bash
# inet_ntoa(), inet_ntoa6() and inet_ntop() of addresses in kernel memory:
# members of the struct sock (from the kernel's BTF) of a TCP connection as
# it enters SYN_SENT (rawtp:sock::inet_sock_set_state, args[2] == 2), in the
# process dtrace starts.  The connections go to port 9 of loopback
# addresses, where nothing listens: an IPv4 socket (whose skc_v6_daddr the
# kernel sets to the IPv4-mapped address), an IPv6 one to ::1, and an IPv6
# one to an IPv4-mapped address.
cat >"$E2E_TMP/s.d" <<'D'
#pragma D option quiet
rawtp:sock::inet_sock_set_state
/pid == $target && args[2] == 2/
{
	printf("%d %s %s %s %s\n", args[0]->__sk_common.skc_family,
	    inet_ntoa(&args[0]->__sk_common.skc_daddr),
	    inet_ntop(AF_INET, &args[0]->__sk_common.skc_daddr),
	    inet_ntoa6(&args[0]->__sk_common.skc_v6_daddr),
	    inet_ntop(AF_INET6, &args[0]->__sk_common.skc_v6_daddr));
}
D
for h in 127.1.2.3 ::1 ::ffff:127.4.5.6; do
	printf 'exec 3<>/dev/tcp/%s/9\n' "$h" >"$E2E_TMP/conn.sh"
	"$DTRACE" -s "$E2E_TMP/s.d" -c "bash $E2E_TMP/conn.sh" 2>/dev/null
	echo "exit $?"
done
