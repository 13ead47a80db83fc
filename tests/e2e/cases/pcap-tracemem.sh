# shellcheck shell=bash
# pcap() with no freopen() file and no tshark to run (PATH has none): the
# bytes are shown as tracemem() shows them (DTrace's dt_print_pcap falls
# back to dt_print_rawbytes), all of them, then with -xpcapsize=40 the
# first 40.  The datagram is pcap-send.py's; the bytes that change from
# run to run (IP id and checksum, the ports from $$ and the UDP checksum)
# are masked.  A NULL skb shows nothing.
port=$((20000 + $$ % 20000))
mkdir -p "$E2E_TMP/bin"
ln -s "$(python3 -c 'import sys; print(sys.executable)')" "$E2E_TMP/bin/python3"
mask() {
	python3 -c '
import sys
vary = {0: (4, 5, 10, 11), 0x10: (4, 5, 6, 7, 10, 11)}
for line in sys.stdin:
    head = line.split(":")[0].strip()
    try:
        row = int(head, 16)
    except ValueError:
        row = -1
    if row in vary:
        l = list(line)
        for j in vary[row]:
            l[11 + 3 * j + 1:11 + 3 * j + 3] = "XX"
            l[61 + j] = "?"
        line = "".join(l)
    sys.stdout.write(line)'
}
for opt in -xpcapsize=1514 -xpcapsize=40; do
	PATH=$E2E_TMP/bin "$DTRACE" -q "$opt" -s /dev/stdin -c "python3 pcap-send.py $port" "$port" <<'D' | mask
rawtp:net::netif_receive_skb
/((uint8_t *)args[0]->data)[9] == IPPROTO_UDP &&
 ntohs(*(uint16_t *)((uintptr_t)args[0]->data + 22)) == $1/
{
	printf("packet");
	pcap(args[0], PCAP_IP);
	pcap((struct sk_buff *)NULL, PCAP_IP);
	printf("end\n");
}
D
	echo "exit ${PIPESTATUS[0]}"
done
