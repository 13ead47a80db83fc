/*
 * udp.d - the udp provider's stable types (udpinfo_t, udpsinfo_t) and
 * their translators from the Linux UDP header and socket.  How each probe
 * is made: src/providers/udp.c.
 */

#pragma D depends_on library ip.d
#pragma D depends_on provider udp

/* a UDP header */
typedef struct udpinfo {
	uint16_t udp_sport;		/* source port */
	uint16_t udp_dport;		/* destination port */
	uint16_t udp_length;		/* length, header and data */
	uint16_t udp_checksum;		/* checksum */
	struct udphdr *udp_hdr;		/* the header */
} udpinfo_t;

/* a UDP endpoint */
typedef struct udpsinfo {
	uintptr_t udps_addr;		/* the struct udp_sock, or 0 */
	uint16_t udps_lport;		/* local port */
	uint16_t udps_rport;		/* remote port */
	string udps_laddr;		/* local address */
	string udps_raddr;		/* remote address */
} udpsinfo_t;

translator udpinfo_t < struct udphdr *U > {
	udp_sport = U != NULL ? ntohs(U->source) : 0;
	udp_dport = U != NULL ? ntohs(U->dest) : 0;
	udp_length = U != NULL ? ntohs(U->len) : 0;
	udp_checksum = U != NULL ? ntohs(U->check) : 0;
	udp_hdr = U;
};

/* The datagram's ends, from its headers (a datagram received at the
 * device has no socket yet; an unconnected socket has no remote end):
 * local is the source of a datagram sent, the destination of one
 * received. */
inline uintptr_t __udp_uh = __ip_l4[__net_iph];
translator udpsinfo_t < struct udp_sock *S > {
	udps_addr = (uintptr_t)S;
	udps_lport = __udp_uh == 0 ? 0 : probename == "send" ?
	    ntohs(((struct udphdr *)__udp_uh)->source) : ntohs(((struct udphdr *)__udp_uh)->dest);
	udps_rport = __udp_uh == 0 ? 0 : probename == "send" ?
	    ntohs(((struct udphdr *)__udp_uh)->dest) : ntohs(((struct udphdr *)__udp_uh)->source);
	udps_laddr = __ip_fam[__net_iph] == AF_INET ?
	    inet_ntoa((ipaddr_t *)(probename == "send" ? __ip_sptr[__net_iph] : __ip_dptr[__net_iph])) :
	    __ip_fam[__net_iph] == AF_INET6 ?
	    inet_ntoa6((in6_addr_t *)(probename == "send" ? __ip_sptr[__net_iph] : __ip_dptr[__net_iph])) :
	    "<unknown>";
	udps_raddr = __ip_fam[__net_iph] == AF_INET ?
	    inet_ntoa((ipaddr_t *)(probename == "send" ? __ip_dptr[__net_iph] : __ip_sptr[__net_iph])) :
	    __ip_fam[__net_iph] == AF_INET6 ?
	    inet_ntoa6((in6_addr_t *)(probename == "send" ? __ip_dptr[__net_iph] : __ip_sptr[__net_iph])) :
	    "<unknown>";
};
