# shellcheck shell=bash
# pcap(skb, PCAP_IP) with freopen()'s file: the packets go there in the
# pcap file format (DTrace's dt_pcap_dump), here the datagram
# pcap-send.py sends, taken where it is received (rawtp netif_receive_skb:
# skb->data is its IP header): a global header (magic a1b2c3d4, version
# 2.4, snapshot length pcapsize, link type 101: LINKTYPE_RAW, DLT_RAW's
# PCAP_IP), then one record of 49 bytes (20 IP + 8 UDP + 21), its time
# stamp now.  A NULL skb records nothing; a packet of another link type
# than the file's is dropped.  With -xpcapsize=40 a packet keeps 40
# bytes and the header says 40.
port=$((20000 + $$ % 20000))
for size in default 40; do
	rm -f "$E2E_TMP/x.pcap"
	opt=()
	[[ $size != default ]] && opt=(-x "pcapsize=$size")
	"$DTRACE" -w -q "${opt[@]}" -s /dev/stdin -c "python3 pcap-send.py $port" "$port" "$E2E_TMP/x.pcap" <<'D'
BEGIN { freopen($$2); }
rawtp:net::netif_receive_skb
/((uint8_t *)args[0]->data)[9] == IPPROTO_UDP &&
 ntohs(*(uint16_t *)((uintptr_t)args[0]->data + 22)) == $1/
{
	pcap(args[0], PCAP_IP);
	pcap((struct sk_buff *)NULL, PCAP_IP);
	pcap(args[0], PCAP_ETHER);
}
D
	echo "exit $?"
	python3 - "$E2E_TMP/x.pcap" <<'PY'
import struct, sys, time
b = open(sys.argv[1], "rb").read()
magic, vmaj, vmin, zone, sigfigs, snaplen, linktype = struct.unpack("=IHHiIII", b[:24])
print("magic %x version %d.%d zone %d sigfigs %d snaplen %d linktype %d" %
      (magic, vmaj, vmin, zone, sigfigs, snaplen, linktype))
off = 24
while off < len(b):
    sec, usec, incl, orig = struct.unpack("=IIII", b[off:off + 16])
    data = b[off + 16:off + 16 + incl]
    off += 16 + incl
    print("packet incl %d orig %d got %d, %s, ip version %d proto %d, payload %r" %
          (incl, orig, len(data), "now" if abs(sec - time.time()) < 600 and usec < 1000000 else "time %d.%06d" % (sec, usec),
           data[0] >> 4, data[9], data[28:]))
PY
done
