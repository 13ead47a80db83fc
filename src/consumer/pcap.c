/*
 * pcap.c - where the packets pcap() took go, as DTrace's consumer sends
 * them (dt_print_pcap, dt_pcap.c): to the file freopen() last named, in
 * the pcap file format; else, when tshark can be run, through a pipe to
 * it, whose lines are printed "pcap \t<line>"; else the caller shows the
 * bytes as tracemem() does.
 *
 * The pcap file format ("libpcap format", as wireshark and tcpdump read
 * it) is written here, without libpcap: a global header (magic
 * 0xa1b2c3d4 in our byte order: microsecond times; version 2.4; time
 * zone and accuracy 0; the longest packet kept, pcapsize; the link type)
 * and per packet a record header (seconds and microseconds since the
 * epoch, bytes kept, bytes the packet had) and its bytes.  As libpcap's
 * pcap_dump_open() does, a file is started afresh (truncated) the first
 * time a packet goes to it, then each packet of the handle is added; a
 * packet whose link type is not the file's is dropped, as DTrace drops it.
 *
 * pcap()'s protocol is a DLT_* value (pcap.d's PCAP_*); the file says the
 * LINKTYPE_* that libpcap's dlt_to_linktype() gives it, the same number
 * but for the DLT_* values that differ between systems.
 */
#define _GNU_SOURCE	/* pipe2 */
#include "dt_impl.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "../common/safe_open.h"

#define PCAP_MAGIC	0xa1b2c3d4u	/* microsecond time stamps */
#define PCAP_VMAJOR	2
#define PCAP_VMINOR	4

/* One destination of packets: a file freopen() named, or tshark's pipe
 * (name ""). */
struct dt_pcap_dest {
	char *name;
	FILE *fp;
	int64_t linktype;	/* of its global header; -1: not started */
};

struct dt_pcap {
	char *freopen_name;	/* freopen()'s file; NULL: none, or restored */
	struct dt_pcap_dest *dests;
	int ndests;
	/* tshark: 0 not tried yet, 1 running, -1 cannot be run */
	int tshark;
	pid_t pid;
	int to_fd;		/* its standard input (our end) */
	int from_fd;		/* its standard output (our end) */
	FILE *out;		/* where its lines are printed */
	pthread_t printer;
};

static struct dt_pcap *pcap_of(struct dtrace_hdl *h)
{
	if (!h->pcap)
		h->pcap = xcalloc(1, sizeof(*h->pcap));
	return h->pcap;
}

/*
 * libpcap's dlt_to_linktype() on Linux: the LINKTYPE_* a DLT_* value has
 * in a file, or -1 when it has none.  0..10 (NULL, EN10MB, ..., FDDI) and
 * 99 (SYMANTEC_FIREWALL) are the same; the ones that differ between
 * systems have numbers of their own; from 104 (DLT_MATCHING_MIN) on they
 * are the same, but for PFSYNC and PKTAP, which Linux numbers as the file
 * format does.
 */
static int64_t dt_pcap_linktype(uint64_t dlt)
{
	static const struct { uint32_t dlt, linktype; } differ[] = {
		{ 11, 100 },	/* ATM_RFC1483 */
		{ 12, 101 },	/* RAW: pcap.d's PCAP_IP */
		{ 15, 102 },	/* SLIP_BSDOS */
		{ 16, 103 },	/* PPP_BSDOS */
		{ 19, 106 },	/* ATM_CLIP */
		{ 50, 50 },	/* PPP_SERIAL: LINKTYPE_PPP_HDLC */
		{ 51, 51 },	/* PPP_ETHER */
		{ 99, 99 },	/* SYMANTEC_FIREWALL */
	};

	if (dlt <= 10 || (dlt >= 104 && dlt <= 0xffff))
		return (int64_t)dlt;
	for (size_t i = 0; i < ARRAY_SIZE(differ); i++)
		if (differ[i].dlt == dlt)
			return differ[i].linktype;
	return -1;
}

void dt_pcap_freopen(struct dtrace_hdl *h, const char *name)
{
	struct dt_pcap *pc = pcap_of(h);

	free(pc->freopen_name);
	pc->freopen_name = name && *name ? xstrdup(name) : NULL;
}

/* tshark's lines, as they come, each "pcap \t" first (DTrace's
 * dt_pcap_print); stdio keeps them whole among the consumer's output. */
static void *tshark_printer(void *arg)
{
	struct dt_pcap *pc = arg;
	FILE *in = fdopen(pc->from_fd, "r");
	char *line = NULL;
	size_t cap = 0;

	if (!in) {
		close(pc->from_fd);
		return NULL;
	}
	while (getline(&line, &cap, in) >= 0) {
		flockfile(pc->out);
		fprintf(pc->out, "pcap \t%s", line);
		fflush(pc->out);
		funlockfile(pc->out);
	}
	free(line);
	fclose(in);
	return NULL;
}

/* Whether an executable tshark is in PATH (DTrace asks `tshark -v`). */
static int tshark_present(void)
{
	const char *path = getenv("PATH");
	char buf[4096];

	if (!path || !*path)
		path = "/usr/sbin:/usr/bin:/sbin:/bin";
	while (*path) {
		size_t n = strcspn(path, ":");
		if (n > 0 && n < sizeof(buf) - 8) {
			snprintf(buf, sizeof(buf), "%.*s/tshark", (int)n, path);
			if (access(buf, X_OK) == 0)
				return 1;
		}
		path += n;
		if (*path == ':')
			path++;
	}
	return 0;
}

/*
 * Start tshark reading packets on its standard input ("-i -", "-l": a
 * line per packet as it comes), as DTrace's dt_pcap_filename does: it
 * ignores SIGINT (the consumer ends it by closing the pipe, so that no
 * packet taken after it died is shown another way), and when started by
 * root it runs as an unprivileged user (uid -3, the wireshark group if
 * there is one), with a plain environment.  A pipe closed on exec tells
 * whether it started: what the child writes there is why it did not.
 */
static int tshark_start(struct dt_pcap *pc, FILE *out)
{
	int in[2], outp[2], st[2];
	pid_t pid;

	pc->tshark = -1;
	if (!tshark_present())
		return -1;
	if (pipe2(in, O_CLOEXEC) < 0)
		return -1;
	if (pipe2(outp, O_CLOEXEC) < 0)
		goto fail_in;
	if (pipe2(st, O_CLOEXEC) < 0)
		goto fail_out;
	fflush(out);
	pid = fork();
	if (pid < 0)
		goto fail_st;
	if (pid == 0) {
		sigset_t mask;
		int null = open("/dev/null", O_WRONLY);
		const char *why = "cannot set up tshark's descriptors";

		sigemptyset(&mask);
		sigaddset(&mask, SIGINT);
		sigprocmask(SIG_BLOCK, &mask, NULL);
		signal(SIGINT, SIG_IGN);
		if (dup2(in[0], 0) < 0 || dup2(outp[1], 1) < 0 || null < 0 || dup2(null, 2) < 0)
			goto die;
		if (getuid() == 0) {
			struct group *g = getgrnam("wireshark");
			gid_t gid = g ? g->gr_gid : (gid_t)-3;
			why = "cannot drop privileges for tshark";
			if (chdir("/") < 0 || setgid(gid) < 0 || setgroups(1, &gid) < 0 ||
			    setuid((uid_t)-3) < 0)
				goto die;
		}
		clearenv();
		putenv("PATH=/usr/sbin:/usr/bin:/sbin:/bin");
		putenv("HOME=/run/initramfs");
		putenv("SHELL=/bin/sh");
		putenv("USER=nobody");
		execlp("tshark", "tshark", "-l", "-i", "-", (char *)NULL);
		why = "cannot run tshark";
die:
		if (write(st[1], why, strlen(why)) < 0)
			_exit(127);
		_exit(127);
	}
	close(in[0]);
	close(outp[1]);
	close(st[1]);
	{
		char why[256];
		ssize_t n;
		while ((n = read(st[0], why, sizeof(why))) < 0 && errno == EINTR)
			;
		close(st[0]);
		if (n > 0) {
			close(in[1]);
			close(outp[0]);
			while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
				;
			return -1;
		}
	}
	pc->pid = pid;
	pc->to_fd = in[1];
	pc->from_fd = outp[0];
	pc->out = out;
	if (pthread_create(&pc->printer, NULL, tshark_printer, pc) != 0) {
		close(pc->to_fd);
		close(pc->from_fd);
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
		return -1;
	}
	pc->tshark = 1;
	return 0;

fail_st:
	close(st[0]);
	close(st[1]);
fail_out:
	close(outp[0]);
	close(outp[1]);
fail_in:
	close(in[0]);
	close(in[1]);
	return -1;
}

/* The destination of name ("": tshark's pipe), made on first use. */
static struct dt_pcap_dest *dest_of(struct dt_pcap *pc, const char *name)
{
	struct dt_pcap_dest *d;

	for (int i = 0; i < pc->ndests; i++)
		if (strcmp(pc->dests[i].name, name) == 0)
			return &pc->dests[i];
	pc->dests = xrealloc(pc->dests, (size_t)(pc->ndests + 1) * sizeof(*pc->dests));
	d = &pc->dests[pc->ndests++];
	d->name = xstrdup(name);
	d->fp = NULL;
	d->linktype = -1;
	return d;
}

static void put32(unsigned char *p, uint32_t v)
{
	memcpy(p, &v, 4);
}

/* Start d's stream: open it (a file anew), write the global header. */
static int dest_start(struct dtrace_hdl *h, struct dt_pcap *pc, struct dt_pcap_dest *d, int64_t linktype,
		      const char **why)
{
	unsigned char gh[24];
	int fd;

	if (*d->name) {
		/* as freopen() opens it: no other user's link followed */
		fd = dt_open_safely(d->name, 1, why);
	} else {
		fd = fcntl(pc->to_fd, F_DUPFD_CLOEXEC, 3);
		*why = strerror(errno);
	}
	if (fd < 0)
		return -1;
	d->fp = fdopen(fd, "w");
	if (!d->fp) {
		*why = strerror(errno);
		close(fd);
		return -1;
	}
	put32(gh, PCAP_MAGIC);
	{
		uint16_t v[2] = { PCAP_VMAJOR, PCAP_VMINOR };
		memcpy(gh + 4, v, 4);
	}
	put32(gh + 8, 0);		/* time zone: UTC */
	put32(gh + 12, 0);		/* time stamps' accuracy */
	put32(gh + 16, h->o.pcapsize);	/* snapshot length */
	put32(gh + 20, (uint32_t)linktype);
	fwrite(gh, 1, sizeof(gh), d->fp);
	d->linktype = linktype;
	return 0;
}

int dt_pcap_packet(struct dtrace_hdl *h, FILE *out, uint64_t ts, uint64_t proto, const void *bytes,
		   uint32_t len, char *err, size_t errlen)
{
	struct dt_pcap *pc = pcap_of(h);
	struct dt_pcap_dest *d;
	const char *name, *why = NULL;
	int64_t linktype = dt_pcap_linktype(proto);
	uint32_t keep = len < h->o.pcapsize ? len : h->o.pcapsize;
	uint64_t wall = ts + (uint64_t)h->walloff;
	unsigned char rh[16];
	struct sigaction ign, old;

	if (pc->freopen_name) {
		name = pc->freopen_name;
	} else {
		if (pc->tshark == 0 && out)
			tshark_start(pc, out);
		if (pc->tshark != 1)
			return 0;
		name = "";
	}
	d = dest_of(pc, name);
	if (linktype < 0) {
		snprintf(err, errlen, "pcap(): protocol %llu has no pcap link type", (unsigned long long)proto);
		return -1;
	}
	if (!d->fp && dest_start(h, pc, d, linktype, &why) < 0) {
		snprintf(err, errlen, "pcap(): cannot write packets to \"%s\": %s", *name ? name : "tshark", why);
		return -1;
	}
	/* a stream has one link type: DTrace drops the others' packets */
	if (linktype != d->linktype)
		return 1;
	put32(rh, (uint32_t)(wall / 1000000000u));
	put32(rh + 4, (uint32_t)(wall % 1000000000u / 1000u));
	put32(rh + 8, keep);
	put32(rh + 12, len);
	/* tshark may have gone: its pipe must not kill the consumer */
	memset(&ign, 0, sizeof(ign));
	ign.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &ign, &old);
	fwrite(rh, 1, sizeof(rh), d->fp);
	fwrite(bytes, 1, keep, d->fp);
	/* each packet as it comes: tshark shows it, a reader of the file
	 * sees it */
	fflush(d->fp);
	sigaction(SIGPIPE, &old, NULL);
	return 1;
}

void dt_pcap_close(struct dtrace_hdl *h)
{
	struct dt_pcap *pc = h->pcap;

	if (!pc)
		return;
	for (int i = 0; i < pc->ndests; i++) {
		struct dt_pcap_dest *d = &pc->dests[i];
		if (d->fp && *d->name && fflush(d->fp) == 0) {
			/* The output stream freopen()'d to the file appends
			 * to it too: the newline dtrace(1) ends its output
			 * with (as DTrace's does) would be a truncated
			 * record to a reader of the file.  Keep the packets,
			 * nothing after the last one. */
			off_t end = ftello(d->fp);
			struct stat st;
			if (end > 0 && fstat(fileno(d->fp), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > end &&
			    ftruncate(fileno(d->fp), end) != 0) {
				/* best effort: the file keeps those bytes */
			}
		}
		if (d->fp)
			fclose(d->fp);
		free(d->name);
	}
	free(pc->dests);
	if (pc->tshark == 1) {
		/* tshark prints what it has left, and ends */
		close(pc->to_fd);
		pthread_join(pc->printer, NULL);
		while (waitpid(pc->pid, NULL, 0) < 0 && errno == EINTR)
			;
	}
	free(pc->freopen_name);
	free(pc);
	h->pcap = NULL;
}
