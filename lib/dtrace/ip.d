/*
 * ip.d - the ip provider's stable types (pktinfo_t, csinfo_t, ipinfo_t,
 * ifinfo_t, ipv4info_t, ipv6info_t) and their translators from the Linux
 * sk_buff, sock, IP headers and net_device; the tcp and udp providers
 * take their first three arguments from here too.
 *
 * The ip, tcp and udp providers (src/providers/ip.c, tcp.c, udp.c) see
 * packets at the device layer: net:net_dev_queue for a packet leaving
 * (its IP header at skb->head + skb->network_header) and
 * net:netif_receive_skb for one arriving (its IP header at skb->data).
 * __net_iph below repeats that for the translators that need a packet's
 * header where their input is a socket (tcp.d, udp.d).
 *
 * Every member has a Linux meaning or is documented as 0.  Addresses are
 * strings made by inet_ntoa()/inet_ntoa6(); ports are in host order.
 */

#pragma D depends_on library net.d
#pragma D depends_on provider ip
#pragma D depends_on provider tcp
#pragma D depends_on provider udp

inline int IPPROTO_IP = 0;
inline int IPPROTO_ICMP = 1;
inline int IPPROTO_IGMP = 2;
inline int IPPROTO_IPIP = 4;
inline int IPPROTO_TCP = 6;
inline int IPPROTO_EGP = 8;
inline int IPPROTO_PUP = 12;
inline int IPPROTO_UDP = 17;
inline int IPPROTO_IDP = 22;
inline int IPPROTO_TP = 29;
inline int IPPROTO_DCCP = 33;
inline int IPPROTO_IPV6 = 41;
inline int IPPROTO_ROUTING = 43;
inline int IPPROTO_FRAGMENT = 44;
inline int IPPROTO_RSVP = 46;
inline int IPPROTO_GRE = 47;
inline int IPPROTO_ESP = 50;
inline int IPPROTO_AH = 51;
inline int IPPROTO_ICMPV6 = 58;
inline int IPPROTO_NONE = 59;
inline int IPPROTO_DSTOPTS = 60;
inline int IPPROTO_OSPF = 89;
inline int IPPROTO_MTP = 92;
inline int IPPROTO_BEETPH = 94;
inline int IPPROTO_ENCAP = 98;
inline int IPPROTO_PIM = 103;
inline int IPPROTO_COMP = 108;
inline int IPPROTO_SCTP = 132;
inline int IPPROTO_MH = 135;
inline int IPPROTO_UDPLITE = 136;
inline int IPPROTO_RAW = 255;
inline int IPPROTO_HOPOPTS = 0;
inline int IPPROTO_MAX = 256;

/* the network stack a device is in: its network namespace (struct net *) */
typedef uint64_t netstackid_t;

/* a packet's IP header, version 4 or 6 by its first nibble (a struct of
 * its own so that ipinfo_t has a translator for it) */
typedef struct __void_ip void_ip_t;

/* a packet: pkt_addr is its sk_buff */
typedef struct pktinfo {
	uintptr_t pkt_addr;		/* the struct sk_buff, or 0 */
} pktinfo_t;

/* a connection's state */
typedef struct csinfo {
	uintptr_t cs_addr;		/* the struct sock, or 0 */
	uint64_t cs_cid;		/* the connection's id: its struct sock,
					   unique while it lives (as FreeBSD's
					   is its inpcb; SO_COOKIE is 0 until
					   something asks for it) */
} csinfo_t;

/* IP, version 4 or 6 */
typedef struct ipinfo {
	uint8_t ip_ver;			/* 4 or 6 */
	uint32_t ip_plength;		/* payload length (after the IP header) */
	string ip_saddr;		/* source address */
	string ip_daddr;		/* destination address */
} ipinfo_t;

/* the interface */
typedef struct ifinfo {
	string if_name;			/* "lo", "eth0" */
	int8_t if_local;		/* 1 where the packet has no device */
	netstackid_t if_ipstack;	/* its network namespace (struct net *) */
	uintptr_t if_addr;		/* the struct net_device */
} ifinfo_t;

/* an IPv4 header; all 0 (and "<null>") for an IPv6 packet */
typedef struct ipv4info {
	uint8_t ipv4_ver;		/* 4 */
	uint8_t ipv4_ihl;		/* header length, bytes */
	uint8_t ipv4_tos;		/* type of service */
	uint16_t ipv4_length;		/* total length */
	uint16_t ipv4_ident;		/* identification */
	uint8_t ipv4_flags;		/* flags (DF 2, MF 1) */
	uint16_t ipv4_offset;		/* fragment offset */
	uint8_t ipv4_ttl;		/* time to live */
	uint8_t ipv4_protocol;		/* next protocol (IPPROTO_*) */
	string ipv4_protostr;		/* it, as "TCP", "UDP", ... */
	uint16_t ipv4_checksum;		/* header checksum */
	ipaddr_t ipv4_src;		/* source address (network order) */
	ipaddr_t ipv4_dst;		/* destination address */
	string ipv4_saddr;		/* source address, as a string */
	string ipv4_daddr;		/* destination address, as a string */
	struct iphdr *ipv4_hdr;		/* the header */
} ipv4info_t;

/* an IPv6 header; all 0 (and "<null>") for an IPv4 packet */
typedef struct ipv6info {
	uint8_t ipv6_ver;		/* 6 */
	uint8_t ipv6_tclass;		/* traffic class */
	uint32_t ipv6_flow;		/* flow label */
	uint16_t ipv6_plen;		/* payload length */
	uint8_t ipv6_nexthdr;		/* next header (IPPROTO_*) */
	string ipv6_nextstr;		/* it, as "TCP", "UDP", ... */
	uint8_t ipv6_hlim;		/* hop limit */
	in6_addr_t *ipv6_src;		/* source address */
	in6_addr_t *ipv6_dst;		/* destination address */
	string ipv6_saddr;		/* source address, as a string */
	string ipv6_daddr;		/* destination address, as a string */
	struct ipv6hdr *ipv6_hdr;	/* the header */
} ipv6info_t;

/* a protocol number as DTrace names it */
inline string __ip_protostr[int p] =
	p == IPPROTO_TCP ? "TCP" : p == IPPROTO_UDP ? "UDP" :
	p == IPPROTO_IP ? "IP" : p == IPPROTO_ICMP ? "ICMP" :
	p == IPPROTO_IGMP ? "IGMP" : p == IPPROTO_EGP ? "EGP" :
	p == IPPROTO_IPV6 ? "IPv6" : p == IPPROTO_ROUTING ? "ROUTE" :
	p == IPPROTO_ESP ? "ESP" : p == IPPROTO_AH ? "AH" :
	p == IPPROTO_ICMPV6 ? "ICMPv6" : p == IPPROTO_OSPF ? "OSPF" :
	p == IPPROTO_SCTP ? "SCTP" : p == IPPROTO_RAW ? "RAW" :
	lltostr((uint64_t)p);

/* The IP header of the packet of the probe that fired, for translators
 * whose input is not the packet (see the opening comment): at ip, tcp and
 * udp's receive (netif_receive_skb) arg0 is the sk_buff, the header at its
 * data; at send (net_dev_queue) arg0 is the sk_buff; at tcp:::accept-
 * refused (tcp_send_reset, no socket) arg0 is 0 and arg1 the sk_buff. */
inline uintptr_t __net_skb = arg0 != 0 ? arg0 : arg1;
inline uintptr_t __net_iph = probename == "receive" ? (uintptr_t)((struct sk_buff *)arg0)->data :
	__net_skb == 0 ? 0 : (uintptr_t)(((struct sk_buff *)__net_skb)->head +
	    ((struct sk_buff *)__net_skb)->network_header);
/* the IP version of the header at h, or 0 */
inline int __ip_ver[uintptr_t h] = h != 0 ? *(uint8_t *)h >> 4 : 0;
/* the header after the IP header at h (no IPv6 extension headers) */
inline uintptr_t __ip_l4[uintptr_t h] = __ip_ver[h] == 4 ? h + ((*(uint8_t *)h & 0xf) << 2) :
	__ip_ver[h] == 6 ? h + 40 : 0;
inline string __ip_saddr[uintptr_t h] = __ip_ver[h] == 4 ? inet_ntoa(&((struct iphdr *)h)->saddr) :
	__ip_ver[h] == 6 ? inet_ntoa6(&((struct ipv6hdr *)h)->saddr) : "<unknown>";
inline string __ip_daddr[uintptr_t h] = __ip_ver[h] == 4 ? inet_ntoa(&((struct iphdr *)h)->daddr) :
	__ip_ver[h] == 6 ? inet_ntoa6(&((struct ipv6hdr *)h)->daddr) : "<unknown>";
inline uint32_t __ip_plength[uintptr_t h] =
	__ip_ver[h] == 4 ? ntohs(((struct iphdr *)h)->tot_len) - ((*(uint8_t *)h & 0xf) << 2) :
	__ip_ver[h] == 6 ? ntohs(((struct ipv6hdr *)h)->payload_len) : 0;

/*
 * Addresses as text: each member below picks the family and the address's
 * location first and formats it once (an inet_ntoa6() is a thousand BPF
 * instructions: a ternary of formatted strings would repeat it).
 */
/* a socket's family, and where its local and remote addresses are */
inline int __sk_fam[struct sock *S] = S->__sk_common.skc_family;
inline uintptr_t __sk_lptr[struct sock *S] = S->__sk_common.skc_family == AF_INET ?
	(uintptr_t)&S->__sk_common.skc_rcv_saddr : (uintptr_t)&S->__sk_common.skc_v6_rcv_saddr;
inline uintptr_t __sk_rptr[struct sock *S] = S->__sk_common.skc_family == AF_INET ?
	(uintptr_t)&S->__sk_common.skc_daddr : (uintptr_t)&S->__sk_common.skc_v6_daddr;
/* the family of the IP header at h, and where its addresses are */
inline int __ip_fam[uintptr_t h] = __ip_ver[h] == 4 ? AF_INET : __ip_ver[h] == 6 ? AF_INET6 : 0;
inline uintptr_t __ip_sptr[uintptr_t h] = __ip_ver[h] == 4 ? (uintptr_t)&((struct iphdr *)h)->saddr :
	(uintptr_t)&((struct ipv6hdr *)h)->saddr;
inline uintptr_t __ip_dptr[uintptr_t h] = __ip_ver[h] == 4 ? (uintptr_t)&((struct iphdr *)h)->daddr :
	(uintptr_t)&((struct ipv6hdr *)h)->daddr;
translator pktinfo_t < struct sk_buff *S > {
	pkt_addr = (uintptr_t)S;
};

translator csinfo_t < struct sock *S > {
	cs_addr = (uintptr_t)S;
	cs_cid = (uint64_t)S;
};

translator ipinfo_t < struct iphdr *I > {
	ip_ver = 4;
	ip_plength = __ip_plength[(uintptr_t)I];
	ip_saddr = __ip_saddr[(uintptr_t)I];
	ip_daddr = __ip_daddr[(uintptr_t)I];
};

translator ipinfo_t < struct ipv6hdr *I > {
	ip_ver = 6;
	ip_plength = __ip_plength[(uintptr_t)I];
	ip_saddr = __ip_saddr[(uintptr_t)I];
	ip_daddr = __ip_daddr[(uintptr_t)I];
};

/*
 * A tcp or udp probe without the packet (tcp:::connect-request,
 * state-change, ...) has no header: ipinfo_t then comes from the probe's
 * socket, its arg0 (see src/providers/tcp.c), whose local address is the
 * source of a packet the probe sends (tcp:::connect-request) and the
 * destination of one it receives; ip_plength is then 0.
 */
inline int __net_outbound = probename == "send" || probename == "connect-request";
inline int __void_ip_fam[void_ip_t *I] = I != NULL ? __ip_fam[(uintptr_t)I] :
	arg0 != 0 ? __sk_fam[(struct sock *)arg0] : 0;
inline uintptr_t __void_ip_sptr[void_ip_t *I] = I != NULL ? __ip_sptr[(uintptr_t)I] :
	__net_outbound ? __sk_lptr[(struct sock *)arg0] : __sk_rptr[(struct sock *)arg0];
inline uintptr_t __void_ip_dptr[void_ip_t *I] = I != NULL ? __ip_dptr[(uintptr_t)I] :
	__net_outbound ? __sk_rptr[(struct sock *)arg0] : __sk_lptr[(struct sock *)arg0];
translator ipinfo_t < void_ip_t *I > {
	ip_ver = __void_ip_fam[I] == AF_INET ? 4 : __void_ip_fam[I] == AF_INET6 ? 6 : 0;
	ip_plength = __ip_plength[(uintptr_t)I];
	ip_saddr = __void_ip_fam[I] == AF_INET ? inet_ntoa((ipaddr_t *)__void_ip_sptr[I]) :
	    __void_ip_fam[I] == AF_INET6 ? inet_ntoa6((in6_addr_t *)__void_ip_sptr[I]) : "<unknown>";
	ip_daddr = __void_ip_fam[I] == AF_INET ? inet_ntoa((ipaddr_t *)__void_ip_dptr[I]) :
	    __void_ip_fam[I] == AF_INET6 ? inet_ntoa6((in6_addr_t *)__void_ip_dptr[I]) : "<unknown>";
};

translator ifinfo_t < struct net_device *N > {
	if_name = N != NULL ? stringof(N->name) : "<unknown>";
	if_local = (N == NULL);	/* as DTrace: no device, delivered locally (0 on lo too) */
	if_ipstack = N != NULL ? (uint64_t)N->nd_net.net : 0;
	if_addr = (uintptr_t)N;
};

translator ipv4info_t < struct iphdr *I > {
	ipv4_ver = I != NULL ? 4 : 0;
	ipv4_ihl = I != NULL ? (*(uint8_t *)I & 0xf) << 2 : 0;
	ipv4_tos = I != NULL ? I->tos : 0;
	ipv4_length = I != NULL ? ntohs(I->tot_len) : 0;
	ipv4_ident = I != NULL ? ntohs(I->id) : 0;
	ipv4_flags = I != NULL ? ntohs(I->frag_off) >> 13 : 0;
	ipv4_offset = I != NULL ? ntohs(I->frag_off) & 0x1fff : 0;
	ipv4_ttl = I != NULL ? I->ttl : 0;
	ipv4_protocol = I != NULL ? I->protocol : 0;
	ipv4_protostr = I != NULL ? __ip_protostr[I->protocol] : "<null>";
	ipv4_checksum = I != NULL ? ntohs(I->check) : 0;
	ipv4_src = I != NULL ? I->saddr : 0;
	ipv4_dst = I != NULL ? I->daddr : 0;
	ipv4_saddr = I != NULL ? inet_ntoa(&I->saddr) : "<null>";
	ipv4_daddr = I != NULL ? inet_ntoa(&I->daddr) : "<null>";
	ipv4_hdr = I;
};

translator ipv6info_t < struct ipv6hdr *I > {
	ipv6_ver = I != NULL ? *(uint8_t *)I >> 4 : 0;
	ipv6_tclass = I != NULL ? (ntohl(*(uint32_t *)I) >> 20) & 0xff : 0;
	ipv6_flow = I != NULL ? ntohl(*(uint32_t *)I) & 0x000fffff : 0;
	ipv6_plen = I != NULL ? ntohs(I->payload_len) : 0;
	ipv6_nexthdr = I != NULL ? I->nexthdr : 0;
	ipv6_nextstr = I != NULL ? __ip_protostr[I->nexthdr] : "<null>";
	ipv6_hlim = I != NULL ? I->hop_limit : 0;
	ipv6_src = I != NULL ? &I->saddr : NULL;
	ipv6_dst = I != NULL ? &I->daddr : NULL;
	ipv6_saddr = I != NULL ? inet_ntoa6(&I->saddr) : "<null>";
	ipv6_daddr = I != NULL ? inet_ntoa6(&I->daddr) : "<null>";
	ipv6_hdr = I;
};
