# shellcheck shell=bash
# print() of kernel structs from the BTF: the destination address of a TCP
# socket connecting to ::1 (a struct in6_addr, typedef names of its arrays
# kept; a __u8 array stops at its first zero byte as DTrace's does), and
# errors: a pointer to void has no size to print, an integer is no pointer.
cat >"$E2E_TMP/p.d" <<'D'
#pragma D option quiet
rawtp:sock::inet_sock_set_state
/pid == $target && args[2] == 2/
{
	print(&args[0]->__sk_common.skc_v6_daddr);
}
D
printf 'exec 3<>/dev/tcp/::1/9\n' >"$E2E_TMP/conn.sh"
"$DTRACE" -s "$E2E_TMP/p.d" -c "bash $E2E_TMP/conn.sh" 2>/dev/null | sed -E 's/^0x[0-9a-f]+ = \*/ADDR = */'
"$DTRACE" -q -n 'BEGIN { print((void *)0); }'
"$DTRACE" -q -n 'BEGIN { print(1); }'
echo "exit $?"
