/*
 * udp.c - the udp provider: UDP datagrams sent and received, as DTrace
 * documents them, made of the device layer's tracepoints (net.h).  args[]
 * are DTrace's: pktinfo_t *, csinfo_t *, ipinfo_t *, udpsinfo_t *,
 * udpinfo_t *, translated by the D library (lib/dtrace/udp.d, ip.d).
 *
 * How Linux events become DTrace's:
 *   send     net:net_dev_queue of a UDP datagram (each IP fragment of a
 *            large one is a packet: the first has the UDP header)
 *   receive  net:netif_receive_skb of a UDP datagram, before UDP has
 *            found its socket: args[1] and args[3]'s udps_addr are NULL
 * udpsinfo_t's addresses and ports come from the datagram's headers
 * (udp.d), as DTrace's Linux port has them.
 */
#include "stable.h"

#include <stddef.h>

#include "net.h"

#define SKB NET_SKB0

#define UDP_ARGS(sk, iph, uh) \
	{{"struct sk_buff *", "pktinfo_t *", SKB}, \
	 {"struct sock *", "csinfo_t *", sk}, \
	 {"void_ip_t *", "ipinfo_t *", "(void_ip_t *)" iph}, \
	 {"struct udp_sock *", "udpsinfo_t *", "(struct udp_sock *)" sk}, \
	 {"struct udphdr *", "udpinfo_t *", "(struct udphdr *)" uh}}

static const struct stable_probe udp_probes[] = {
	{"send", STABLE_RAWTP, "net:net_dev_queue", NET_OUT_PROTO(17), 0,
	 UDP_ARGS(SKB "->sk", NET_IPH_OUT(SKB), NET_L4_OUT(SKB))},
	{"receive", STABLE_RAWTP, "net:netif_receive_skb", NET_IN_PROTO(17), 0,
	 UDP_ARGS("(struct sock *)0", NET_IPH_IN, NET_L4_IN)},
};

const struct stable_provider stable_udp = {
	.name = "udp",
	.probes = udp_probes,
	.nprobes = sizeof(udp_probes) / sizeof(udp_probes[0]),
};
