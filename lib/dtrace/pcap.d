/*
 * pcap.d - the protocols pcap(skb, protocol) takes: the link type of the
 * packets it captures, as pcap files number them (libpcap's DLT_*
 * values: PCAP_<type> after the DLPI type DL_<type>).  Another link type
 * may be given by its DLT_* number (<pcap/dlt.h>).
 *
 * This file is part of dtrace's D library: a copy in a directory given
 * with -L replaces it.
 */

inline int PCAP_NULL = 0;	/* BSD loopback: a 4-byte family first */
#pragma D binding "1.12" PCAP_NULL
inline int PCAP_ETHER = 1;	/* Ethernet */
#pragma D binding "1.12" PCAP_ETHER
inline int PCAP_PPP = 9;	/* PPP */
#pragma D binding "1.12" PCAP_PPP
inline int PCAP_IP = 12;	/* no link header: an IPv4 or IPv6 header first (DLT_RAW) */
#pragma D binding "1.12" PCAP_IP
inline int PCAP_WIFI = 105;	/* IEEE 802.11 */
#pragma D binding "1.12" PCAP_WIFI
inline int PCAP_IPOIB = 242;	/* IP over InfiniBand */
#pragma D binding "1.12" PCAP_IPOIB
