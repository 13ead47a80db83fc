/*
 * tcp.d - the tcp provider's stable types (tcpinfo_t, tcpsinfo_t,
 * tcplsinfo_t), their translators from the Linux TCP header and
 * tcp_sock, the TCP_STATE_* values and tcp_state_string[].
 *
 * TCP states are Linux's numbers (as DTrace on Linux has them), with
 * Linux's request socket state (TCP_NEW_SYN_RECV, 12) shown as
 * TCP_STATE_SYN_RECEIVED.  How each probe is made, and so which members
 * are known where: src/providers/tcp.c.
 */

#pragma D depends_on library ip.d
#pragma D depends_on provider tcp

inline int TH_FIN = 0x01;
inline int TH_SYN = 0x02;
inline int TH_RST = 0x04;
inline int TH_PSH = 0x08;
inline int TH_ACK = 0x10;
inline int TH_URG = 0x20;
inline int TH_ECE = 0x40;
inline int TH_CWR = 0x80;

inline int TCP_STATE_IDLE = 0x00;
inline int TCP_STATE_ESTABLISHED = 0x01;
inline int TCP_STATE_SYN_SENT = 0x02;
inline int TCP_STATE_SYN_RECEIVED = 0x03;
inline int TCP_STATE_FIN_WAIT_1 = 0x04;
inline int TCP_STATE_FIN_WAIT_2 = 0x05;
inline int TCP_STATE_TIME_WAIT = 0x06;
inline int TCP_STATE_CLOSED = 0x07;
inline int TCP_STATE_CLOSE_WAIT = 0x08;
inline int TCP_STATE_LAST_ACK = 0x09;
inline int TCP_STATE_LISTEN = 0x0a;
inline int TCP_STATE_CLOSING = 0x0b;

inline int TCP_MIN_HEADER_LENGTH = 20;

/* a TCP state's name, as DTrace prints it */
inline string tcp_state_string[int32_t state] =
	state == TCP_STATE_CLOSED ? "state-closed" :
	state == TCP_STATE_IDLE ? "state-idle" :
	state == TCP_STATE_LISTEN ? "state-listen" :
	state == TCP_STATE_SYN_SENT ? "state-syn-sent" :
	state == TCP_STATE_SYN_RECEIVED ? "state-syn-received" :
	state == TCP_STATE_ESTABLISHED ? "state-established" :
	state == TCP_STATE_CLOSE_WAIT ? "state-close-wait" :
	state == TCP_STATE_FIN_WAIT_1 ? "state-fin-wait-1" :
	state == TCP_STATE_CLOSING ? "state-closing" :
	state == TCP_STATE_LAST_ACK ? "state-last-ack" :
	state == TCP_STATE_FIN_WAIT_2 ? "state-fin-wait-2" :
	state == TCP_STATE_TIME_WAIT ? "state-time-wait" :
	"<unknown>";

/* a TCP header */
typedef struct tcpinfo {
	uint16_t tcp_sport;		/* source port */
	uint16_t tcp_dport;		/* destination port */
	uint32_t tcp_seq;		/* sequence number */
	uint32_t tcp_ack;		/* acknowledgment number */
	uint8_t tcp_offset;		/* data offset, bytes */
	uint8_t tcp_flags;		/* TH_* */
	uint16_t tcp_window;		/* window */
	uint16_t tcp_checksum;		/* checksum */
	uint16_t tcp_urgent;		/* urgent pointer */
	uintptr_t tcp_hdr;		/* the header, or 0 */
} tcpinfo_t;

/* a TCP connection */
typedef struct tcpsinfo {
	uintptr_t tcps_addr;		/* the struct tcp_sock, or 0 */
	int tcps_local;			/* 1 if both ends are one address */
	uint16_t tcps_lport;		/* local port */
	uint16_t tcps_rport;		/* remote port */
	string tcps_laddr;		/* local address */
	string tcps_raddr;		/* remote address */
	int32_t tcps_state;		/* TCP_STATE_*; TCP_STATE_IDLE where the
					   probe has no connection (receive) */
	uint32_t tcps_iss;		/* initial sequence number sent */
	uint32_t tcps_suna;		/* oldest unacknowledged (snd_una) */
	uint32_t tcps_snxt;		/* next to send (snd_nxt) */
	uint32_t tcps_rnxt;		/* next expected (rcv_nxt) */
	uint32_t tcps_swnd;		/* send window */
	int32_t tcps_snd_ws;		/* send window scale */
	uint32_t tcps_rwnd;		/* receive window */
	int32_t tcps_rcv_ws;		/* receive window scale */
	uint32_t tcps_cwnd;		/* congestion window, segments */
	uint32_t tcps_cwnd_ssthresh;	/* slow start threshold */
	uint32_t tcps_sack_snxt;	/* next to send when SACKs are outstanding */
	uint32_t tcps_rto;		/* retransmit timeout, jiffies (icsk_rto) */
	uint32_t tcps_mss;		/* segment size (mss_cache) */
	int tcps_retransmit;		/* 1 at tcp:::send of a retransmission */
	uint32_t tcps_rtt;		/* smoothed round trip time, us */
	uint32_t tcps_rtt_sd;		/* its mean deviation, us */
	uint32_t tcps_irs;		/* initial sequence number received */
} tcpsinfo_t;

/* the state a connection leaves, at tcp:::state-change */
typedef struct tcplsinfo {
	int32_t tcps_state;		/* TCP_STATE_* */
} tcplsinfo_t;

/* Linux's state as DTrace's (a request socket is SYN_RECEIVED) */
inline int32_t __tcp_state[int32_t s] = s == 12 ? TCP_STATE_SYN_RECEIVED : s;

/* the TCP header of the probe's packet (see ip.d's __net_iph), or 0 */
inline uintptr_t __tcp_th = __ip_l4[__net_iph];

translator tcpinfo_t < struct tcphdr *T > {
	/* without the packet (connect-request, ...), the ports of the
	 * probe's socket, its arg0 (ip.d's ipinfo_t from void_ip_t *) */
	tcp_sport = T != NULL ? ntohs(T->source) : arg0 == 0 ? 0 : __net_outbound ?
	    ((struct sock *)arg0)->__sk_common.skc_num : ntohs(((struct sock *)arg0)->__sk_common.skc_dport);
	tcp_dport = T != NULL ? ntohs(T->dest) : arg0 == 0 ? 0 : __net_outbound ?
	    ntohs(((struct sock *)arg0)->__sk_common.skc_dport) : ((struct sock *)arg0)->__sk_common.skc_num;
	tcp_seq = T != NULL ? ntohl(T->seq) : 0;
	tcp_ack = T != NULL ? ntohl(T->ack_seq) : 0;
	tcp_offset = T != NULL ? (*((uint8_t *)T + 12) & 0xf0) >> 2 : 0;
	tcp_flags = T != NULL ? *((uint8_t *)T + 13) : 0;
	tcp_window = T != NULL ? ntohs(T->window) : 0;
	tcp_checksum = T != NULL ? ntohs(T->check) : 0;
	tcp_urgent = T != NULL ? ntohs(T->urg_ptr) : 0;
	tcp_hdr = (uintptr_t)T;
};

/*
 * From the connection's tcp_sock.  Where the probe has no socket (a
 * segment received at the device, before TCP has looked its socket up; a
 * reset sent for a port nothing listens on), the addresses and ports come
 * from the packet's headers and the rest is 0.  At the probes made of
 * sock:inet_sock_set_state the socket's state is still the old one: the
 * new one is the tracepoint's arg2.
 */
/* the connection's family and where its addresses are: the socket's, or
 * the packet's headers' (the local address is the source of a packet
 * sent) */
inline int __tcps_fam[struct tcp_sock *T] = T != NULL ? __sk_fam[(struct sock *)T] : __ip_fam[__net_iph];
inline uintptr_t __tcps_lptr[struct tcp_sock *T] = T != NULL ? __sk_lptr[(struct sock *)T] :
	__net_outbound ? __ip_sptr[__net_iph] : __ip_dptr[__net_iph];
inline uintptr_t __tcps_rptr[struct tcp_sock *T] = T != NULL ? __sk_rptr[(struct sock *)T] :
	__net_outbound ? __ip_dptr[__net_iph] : __ip_sptr[__net_iph];
/* the probes made of sock:inet_sock_set_state (src/providers/tcp.c) */
inline int __tcp_set_state = probeprov == "tcp" && (probename == "state-change" ||
    probename == "connect-request" || probename == "connect-established" || probename == "accept-established");
translator tcpsinfo_t < struct tcp_sock *T > {
	tcps_addr = (uintptr_t)T;
	tcps_local = __tcps_fam[T] == AF_INET ?
	    *(uint32_t *)__tcps_lptr[T] == *(uint32_t *)__tcps_rptr[T] :
	    __tcps_fam[T] == AF_INET6 ?
	    ((uint64_t *)__tcps_lptr[T])[0] == ((uint64_t *)__tcps_rptr[T])[0] &&
	    ((uint64_t *)__tcps_lptr[T])[1] == ((uint64_t *)__tcps_rptr[T])[1] : 0;
	/* the header's source port for a packet sent, its destination
	 * port for one received (each a 16-bit word of the header) */
	tcps_lport = T != NULL ? ((struct sock *)T)->__sk_common.skc_num :
	    ntohs(*(uint16_t *)(__tcp_th + (__net_outbound ? 0 : 2)));
	tcps_rport = T != NULL ? ntohs(((struct sock *)T)->__sk_common.skc_dport) :
	    ntohs(*(uint16_t *)(__tcp_th + (__net_outbound ? 2 : 0)));
	tcps_laddr = __tcps_fam[T] == AF_INET ? inet_ntoa((ipaddr_t *)__tcps_lptr[T]) :
	    __tcps_fam[T] == AF_INET6 ? inet_ntoa6((in6_addr_t *)__tcps_lptr[T]) : "<unknown>";
	tcps_raddr = __tcps_fam[T] == AF_INET ? inet_ntoa((ipaddr_t *)__tcps_rptr[T]) :
	    __tcps_fam[T] == AF_INET6 ? inet_ntoa6((in6_addr_t *)__tcps_rptr[T]) : "<unknown>";
	tcps_state = __tcp_set_state ? __tcp_state[(int32_t)arg2] :
	    T != NULL ? __tcp_state[((struct sock *)T)->__sk_common.skc_state] : TCP_STATE_IDLE;
	tcps_iss = T != NULL ? T->snd_una - (uint32_t)T->bytes_acked : 0;
	tcps_suna = T != NULL ? T->snd_una : 0;
	tcps_snxt = T != NULL ? T->snd_nxt : 0;
	tcps_rnxt = T != NULL ? T->rcv_nxt : 0;
	tcps_swnd = T != NULL ? T->snd_wnd : 0;
	tcps_snd_ws = T != NULL ? T->rx_opt.snd_wscale : 0;
	tcps_rwnd = T != NULL ? T->rcv_wnd : 0;
	tcps_rcv_ws = T != NULL ? T->rx_opt.rcv_wscale : 0;
	tcps_cwnd = T != NULL ? T->snd_cwnd : 0;
	tcps_cwnd_ssthresh = T != NULL ? T->snd_ssthresh : 0;
	tcps_sack_snxt = T == NULL ? 0 : T->sacked_out == 0 ? T->snd_una :
	    T->highest_sack == NULL ? T->snd_nxt :
	    ((struct tcp_skb_cb *)&T->highest_sack->cb[0])->seq;
	tcps_rto = T != NULL ? T->inet_conn.icsk_rto : 0;
	tcps_mss = T != NULL ? T->mss_cache : 0;
	/* a segment sent below the highest sequence number sent */
	tcps_retransmit = T != NULL && probename == "send" && __tcp_th != 0 ?
	    ntohl(((struct tcphdr *)__tcp_th)->seq) - T->snd_nxt > 0x7fffffff : 0;
	tcps_rtt = T != NULL ? T->srtt_us >> 3 : 0;
	tcps_rtt_sd = T != NULL ? T->mdev_us >> 2 : 0;
	tcps_irs = T != NULL && T->bytes_received > 0 ? T->rcv_nxt - (uint32_t)T->bytes_received : 0;
};

translator tcplsinfo_t < int32_t I > {
	tcps_state = __tcp_state[I];
};
