/*
 * net.d - what the network providers (ip, tcp, udp) and application
 * protocol providers share: conninfo_t and the direction constants.
 * AF_INET, AF_INET6 and the ARPHRD_* constants that inet_ntop() and
 * link_ntop() take are built into the compiler.
 *
 * This file is part of dtrace's D library: a copy in a directory given
 * with -L replaces it.
 */

/* a connection as application protocol providers describe it */
typedef struct conninfo {
	string ci_local;		/* local host address */
	string ci_remote;		/* remote host address */
	string ci_protocol;		/* "ipv4", "ipv6", ... */
} conninfo_t;

/* which way a packet goes */
inline int NET_PROBE_OUTBOUND = 0x00;
inline int NET_PROBE_INBOUND = 0x01;
