/*
 * net.h - the D the network providers (ip.c, tcp.c, udp.c) share: where a
 * packet and its headers are at the two device-layer tracepoints they are
 * made of.  net:net_dev_queue (skb) fires as a packet is queued to a
 * device, in the sending thread for a local socket (loopback too); its IP
 * header is at skb->head + skb->network_header and its transport header at
 * skb->head + skb->transport_header.  net:netif_receive_skb (skb) fires as
 * a device hands a packet to the stack, before IP looks at it: the IP
 * header is at skb->data (the network header offset is not set yet on
 * every driver) and the next header after IP's (IPv6 extension headers are
 * not walked).  lib/dtrace/ip.d's __net_iph says the same for the
 * translators.
 */
#ifndef DT_NET_H
#define DT_NET_H

#define NET_SKB(n) "((struct sk_buff *)arg" #n ")"
#define NET_SKB0 NET_SKB(0)

/* the IP header of a packet sent (queued) and of one received */
#define NET_IPH_OUT(skb) "((uintptr_t)(" skb "->head + " skb "->network_header))"
#define NET_IPH_IN "((uintptr_t)" NET_SKB0 "->data)"
/* the header after it: sent, where the stack put it; received, after the
 * IPv4 header's length or the IPv6 header */
#define NET_L4_OUT(skb) "((uintptr_t)(" skb "->head + " skb "->transport_header))"
#define NET_L4_IN "(" NET_IPH_IN " + (" NET_SKB0 "->protocol == htons(0x0800) ? " \
	"(*(uint8_t *)" NET_IPH_IN " & 0xf) << 2 : 40))"

/* an IPv4 or IPv6 packet, by its link-layer protocol (ETH_P_IP, ETH_P_IPV6) */
#define NET_IS4(skb) "(" skb "->protocol == htons(0x0800))"
#define NET_IS6(skb) "(" skb "->protocol == htons(0x86dd))"
#define NET_ISIP(skb) "(" NET_IS4(skb) " || " NET_IS6(skb) ")"
/* the transport protocol of an IP packet whose header is at iph (IPv4's
 * protocol, IPv6's next header) */
#define NET_PROTO(skb, iph) "(" NET_IS4(skb) " ? ((struct iphdr *)" iph ")->protocol : " \
	"((struct ipv6hdr *)" iph ")->nexthdr)"

/* the conditions of a tcp or udp packet probe */
#define NET_OUT_PROTO(p) NET_ISIP(NET_SKB0) " && " NET_PROTO(NET_SKB0, NET_IPH_OUT(NET_SKB0)) " == " #p
#define NET_IN_PROTO(p) NET_ISIP(NET_SKB0) " && " NET_PROTO(NET_SKB0, NET_IPH_IN) " == " #p

#endif
