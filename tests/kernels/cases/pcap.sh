# pcap() on the UDP datagram net.c sends (42 bytes, 127.0.0.1:7798 to
# :7797), taken where it is received (skb->data: its IP header): to
# freopen()'s file in the pcap file format (magic, link type 101 for
# PCAP_IP, one record of 70 bytes), then, with no file and no tshark,
# shown as tracemem() shows bytes, cut at pcapsize=40 (the first row,
# with the IP id and checksum, left out).
ip link set lo up
D='rawtp:net::netif_receive_skb
/((uint8_t *)args[0]->data)[9] == IPPROTO_UDP && ntohs(*(uint16_t *)((uintptr_t)args[0]->data + 22)) == 7797/
{ pcap(args[0], PCAP_IP); }'
$DTRACE -w -q -c "$CASES/net 7796" -n 'BEGIN { freopen("p.pcap"); }' -n "$D" 2>/dev/null
echo "exit $?"
echo "size $(wc -c < p.pcap) magic $(od -An -tx4 -N4 p.pcap | tr -d ' ') snaplen $(od -An -tu4 -j16 -N4 p.pcap | tr -d ' ')" \
	"linktype $(od -An -tu4 -j20 -N4 p.pcap | tr -d ' ') caplen $(od -An -tu4 -j32 -N4 p.pcap | tr -d ' ')"
$DTRACE -q -x pcapsize=40 -c "$CASES/net 7796" -n "$D" 2>/dev/null | grep -v '^ *0:'
echo "exit $?"
