/*
 * ip.c - the ip provider: IP packets sent and received, as DTrace
 * documents them, made of the device layer's tracepoints (net.h).  args[]
 * are DTrace's: pktinfo_t *, csinfo_t *, ipinfo_t *, ifinfo_t *,
 * ipv4info_t * and ipv6info_t * (the one of the other version is NULL),
 * translated by the D library (lib/dtrace/ip.d).
 *
 * How Linux events become DTrace's:
 *   send     net:net_dev_queue of an IPv4 or IPv6 packet: every packet
 *            queued to a device, loopback's too (DTrace's Linux port
 *            fires in ip_finish_output(), after netfilter's POSTROUTING;
 *            here forwarded packets are included)
 *   receive  net:netif_receive_skb of an IPv4 or IPv6 packet: every
 *            packet a device delivers, before IP's checks and netfilter
 *            (DTrace's Linux port fires in ip_local_deliver(): only those
 *            for this host)
 * On a kernel without these tracepoints the probes are kprobes on
 * ip_finish_output()/ip6_finish_output() (skb the third argument) and
 * ip_local_deliver()/ip6_input() (the first); every kernel from 4.x has
 * the tracepoints.
 */
#include "stable.h"

#include <stddef.h>

#include "net.h"

#define SKB NET_SKB0
#define IPH_OUT NET_IPH_OUT(NET_SKB0)

#define IP_ARGS(skb, iph) \
	{{"struct sk_buff *", "pktinfo_t *", skb}, \
	 {"struct sock *", "csinfo_t *", skb "->sk"}, \
	 {"void_ip_t *", "ipinfo_t *", "(void_ip_t *)" iph}, \
	 {"struct net_device *", "ifinfo_t *", skb "->dev"}, \
	 {"struct iphdr *", "ipv4info_t *", "(struct iphdr *)(" NET_IS4(skb) " ? " iph " : 0)"}, \
	 {"struct ipv6hdr *", "ipv6info_t *", "(struct ipv6hdr *)(" NET_IS6(skb) " ? " iph " : 0)"}}

static const struct stable_probe ip_probes[] = {
	{"send", STABLE_RAWTP, "net:net_dev_queue", NET_ISIP(SKB), 0, IP_ARGS(SKB, IPH_OUT)},
	{"receive", STABLE_RAWTP, "net:netif_receive_skb", NET_ISIP(SKB), 0, IP_ARGS(SKB, NET_IPH_IN)},
	/* kernels without the tracepoints */
	{"send", STABLE_KPROBE, "ip_finish_output", NULL, 1, IP_ARGS(NET_SKB(2), NET_IPH_OUT(NET_SKB(2)))},
	{"send", STABLE_KPROBE, "ip6_finish_output", NULL, 1, IP_ARGS(NET_SKB(2), NET_IPH_OUT(NET_SKB(2)))},
	{"receive", STABLE_KPROBE, "ip_local_deliver", NULL, 1, IP_ARGS(SKB, NET_IPH_OUT(SKB))},
	{"receive", STABLE_KPROBE, "ip6_input", NULL, 1, IP_ARGS(SKB, NET_IPH_OUT(SKB))},
};

const struct stable_provider stable_ip = {
	.name = "ip",
	.probes = ip_probes,
	.nprobes = sizeof(ip_probes) / sizeof(ip_probes[0]),
};
