# The loopback datagram of the pcap-* e2e cases (python3 pcap-send.py
# PORT): "hello-pcap-0123456789" (21 bytes) to 127.0.0.1:PORT from
# 127.0.0.1:PORT+1, received before the script ends.
import socket, sys
port = int(sys.argv[1])
r = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
r.bind(("127.0.0.1", port))
u = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
u.bind(("127.0.0.1", port + 1))
u.sendto(b"hello-pcap-0123456789", ("127.0.0.1", port))
r.recv(100)
