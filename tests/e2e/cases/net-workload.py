# The loopback traffic of the net-* e2e cases (python3 net-workload.py
# FAMILY PORT): on PORT, a TCP connection that carries 3000 bytes and
# closes from the client's end, each side waiting for the other so that
# every state change happens before the script ends; on PORT+1 a UDP
# datagram of 42 bytes from PORT+2; a connection to PORT+3, where nothing
# listens (refused).
import socket, sys
fam = socket.AF_INET6 if sys.argv[1] == "6" else socket.AF_INET
host = "::1" if fam == socket.AF_INET6 else "127.0.0.1"
port = int(sys.argv[2])
s = socket.socket(fam)
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind((host, port))
s.listen()
c = socket.create_connection((host, port))
a, _ = s.accept()
c.sendall(b"x" * 3000)
got = 0
while got < 3000:
    got += len(a.recv(4096))
c.close()
assert a.recv(10) == b""	# the client's FIN is in: CLOSE_WAIT
a.close()
s.close()
r = socket.socket(fam, socket.SOCK_DGRAM)
r.bind((host, port + 1))
u = socket.socket(fam, socket.SOCK_DGRAM)
u.bind((host, port + 2))
u.sendto(b"d" * 42, (host, port + 1))
r.recv(100)
try:
    socket.create_connection((host, port + 3))
except ConnectionRefusedError:
    pass
