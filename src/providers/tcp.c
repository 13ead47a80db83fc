/*
 * tcp.c - the tcp provider: TCP segments sent and received, connections
 * requested, established and refused, and state changes, as DTrace
 * documents them, made of tracepoints.  args[] are DTrace's: pktinfo_t *,
 * csinfo_t *, ipinfo_t *, tcpsinfo_t *, tcpinfo_t * (and tcplsinfo_t *,
 * the previous state, at state-change), translated by the D library
 * (lib/dtrace/tcp.d, ip.d).
 *
 * How Linux events become DTrace's:
 *   send                 net:net_dev_queue of a TCP segment (net.h); the
 *                        connection is the packet's socket where it is a
 *                        connection's (not a request or time-wait socket,
 *                        nor the kernel's reply socket for resets)
 *   receive              net:netif_receive_skb of a TCP segment, before
 *                        TCP has found its connection: args[3] has the
 *                        addresses and ports from the headers, the rest 0
 *   state-change         sock:inet_sock_set_state of a TCP socket
 *                        (arg1 the old state, arg2 the new)
 *   connect-request      ... from CLOSE to SYN_SENT (connect())
 *   connect-established  ... from SYN_SENT to ESTABLISHED
 *   accept-established   ... from SYN_RECV to ESTABLISHED (the new
 *                        connection's socket, as the handshake's ACK
 *                        arrives)
 *   connect-refused      tcp:tcp_receive_reset of a socket in SYN_SENT
 *   accept-refused       tcp:tcp_send_reset without a socket for a SYN
 *                        (no listener): the tracepoint fires without a
 *                        socket from Linux 6.10; earlier kernels list the
 *                        probe but never fire it
 * The probes made of a socket's event have no packet: args[0] is NULL,
 * and args[2] and args[4] come from the socket (ip.d and tcp.d read it as
 * the probe's arg0), with the direction of the segment the event is about
 * (connect-request's SYN is sent, the others' segment received).  The D
 * library's translators name these tracepoints (probefunc) where they need
 * the packet or the new state: a kprobe alternative would need rows there
 * too, and every kernel from 4.16 has the tracepoints.
 */
#include "stable.h"

#include <stddef.h>

#include "net.h"

#define SKB NET_SKB0
#define SK "((struct sock *)arg0)"
/* a connection's socket, not a request, time-wait or unbound one */
#define CONN(sk) "(" sk " != NULL && " sk "->sk_protocol == 6 && " sk "->__sk_common.skc_num != 0 && " \
	sk "->__sk_common.skc_state != 6 && " sk "->__sk_common.skc_state != 12)"

/* a segment: skb, its socket, its headers, the connection */
#define SEG_ARGS(skb, sk, iph, th, conn) \
	{"struct sk_buff *", "pktinfo_t *", skb}, \
	{"struct sock *", "csinfo_t *", sk}, \
	{"void_ip_t *", "ipinfo_t *", "(void_ip_t *)" iph}, \
	{"struct tcp_sock *", "tcpsinfo_t *", "(struct tcp_sock *)(" conn ")"}, \
	{"struct tcphdr *", "tcpinfo_t *", "(struct tcphdr *)" th}
/* a socket's event: no packet */
#define SOCK_ARGS SEG_ARGS("(struct sk_buff *)0", SK, "0", "0", SK)

#define IS_TCP SK "->sk_protocol == 6"
#define TRANSITION(from, to) IS_TCP " && arg1 == " #from " && arg2 == " #to

/* tcp_send_reset (sk, skb[, reason]) */
#define RST_SKB NET_SKB(1)
#define RST_FLAGS "*((uint8_t *)" NET_L4_OUT(RST_SKB) " + 13)"

static const struct stable_probe tcp_probes[] = {
	{"send", STABLE_RAWTP, "net:net_dev_queue", NET_OUT_PROTO(6), 0,
	 {SEG_ARGS(SKB, SKB "->sk", NET_IPH_OUT(SKB), NET_L4_OUT(SKB),
		   CONN(SKB "->sk") " ? " SKB "->sk : 0")}},
	{"receive", STABLE_RAWTP, "net:netif_receive_skb", NET_IN_PROTO(6), 0,
	 {SEG_ARGS(SKB, "(struct sock *)0", NET_IPH_IN, NET_L4_IN, "0")}},
	{"state-change", STABLE_RAWTP, "sock:inet_sock_set_state", IS_TCP, 0,
	 {SOCK_ARGS, {"int32_t", "tcplsinfo_t *", "(int32_t)arg1"}}},
	{"connect-request", STABLE_RAWTP, "sock:inet_sock_set_state", TRANSITION(7, 2), 0, {SOCK_ARGS}},
	{"connect-established", STABLE_RAWTP, "sock:inet_sock_set_state", TRANSITION(2, 1), 0, {SOCK_ARGS}},
	{"accept-established", STABLE_RAWTP, "sock:inet_sock_set_state", TRANSITION(3, 1), 0, {SOCK_ARGS}},
	{"connect-refused", STABLE_RAWTP, "tcp:tcp_receive_reset", SK "->__sk_common.skc_state == 2", 0, {SOCK_ARGS}},
	{"accept-refused", STABLE_RAWTP, "tcp:tcp_send_reset",
	 "arg0 == 0 && arg1 != 0 && (" RST_FLAGS " & 0x12) == 0x02", 0,
	 {SEG_ARGS(RST_SKB, "(struct sock *)0", NET_IPH_OUT(RST_SKB), NET_L4_OUT(RST_SKB), "0")}},
};

const struct stable_provider stable_tcp = {
	.name = "tcp",
	.probes = tcp_probes,
	.nprobes = sizeof(tcp_probes) / sizeof(tcp_probes[0]),
};
