/* The loopback traffic of the net case (net PORT): a TCP connection on
 * 127.0.0.1:PORT carrying 3000 bytes, closed by the client and then the
 * server; a 42-byte UDP datagram from PORT+2 to PORT+1; a connection to
 * PORT+3, where nothing listens. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static struct sockaddr_in at(int port)
{
	struct sockaddr_in a;

	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_port = htons((unsigned short)port);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	return a;
}

int main(int argc, char **argv)
{
	int port = argc > 1 ? atoi(argv[1]) : 7777, one = 1, got = 0, n;
	struct sockaddr_in a = at(port), u1 = at(port + 1), u2 = at(port + 2), r = at(port + 3);
	char buf[4096];
	int s = socket(AF_INET, SOCK_STREAM, 0), c = socket(AF_INET, SOCK_STREAM, 0), x;
	int ur = socket(AF_INET, SOCK_DGRAM, 0), us = socket(AF_INET, SOCK_DGRAM, 0);
	int rc = socket(AF_INET, SOCK_STREAM, 0);

	setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(s, (void *)&a, sizeof(a)) || listen(s, 1) || connect(c, (void *)&a, sizeof(a)))
		return 1;
	x = accept(s, NULL, NULL);
	memset(buf, 'x', sizeof(buf));
	if (write(c, buf, 3000) != 3000)
		return 1;
	while (got < 3000 && (n = (int)read(x, buf, sizeof(buf))) > 0)
		got += n;
	close(c);
	if (read(x, buf, sizeof(buf)) != 0)	/* the client's FIN: CLOSE_WAIT */
		return 1;
	close(x);
	close(s);
	if (bind(ur, (void *)&u1, sizeof(u1)) || bind(us, (void *)&u2, sizeof(u2)))
		return 1;
	sendto(us, buf, 42, 0, (void *)&u1, sizeof(u1));
	recv(ur, buf, sizeof(buf), 0);
	return connect(rc, (void *)&r, sizeof(r)) == 0;
}
