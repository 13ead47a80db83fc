/*
 * io.c - the io provider: block device I/O as DTrace documents it (a
 * request starting at the device, completing, and a thread waiting for
 * one), made of the kernel's block-layer tracepoints (see stable.h for how
 * a row reads).  args[] are DTrace's bufinfo_t *, devinfo_t * and
 * fileinfo_t *, translated from the struct request by the D library
 * (lib/dtrace/io.d).
 *
 * How Linux events become DTrace's:
 *   start       block_rq_issue: a request is handed to the device driver
 *               (blk_mq_start_request).  One per request, however many
 *               bios were merged into it, as illumos fires one start per
 *               buf sent to the driver; a request the driver requeues is
 *               issued, and so started, again.
 *   done        block_rq_complete: the device has finished the request
 *               (blk_update_request).  One per request; a driver that
 *               completes a request in parts fires one per part.
 *               block_bio_queue / block_bio_complete (Oracle's choice for
 *               start) count bios, which are many to a request and never
 *               pair with a request's completion, so they are not used.
 *   wait-start  entry of submit_bio_wait(bio): a thread submits a bio and
 *               sleeps until it completes, as biowait() is on illumos (a
 *               thread waiting in io_schedule() names no I/O, so it is not
 *               used).  No tracepoint marks it: a kprobe, so wait-start
 *               and wait-done are absent on kernels without kprobes (this
 *               development machine's 6.18).  args[] are the bio's,
 *               through io.d's translators from struct bio *.
 *   wait-done   submit_bio_wait's return (a kretprobe).  A kretprobe sees
 *               only the return value, not the bio, and the engine keeps
 *               no per-thread state between probes: wait-done has no
 *               args[] here (DTrace gives it the buf's).
 */
#include "stable.h"

#include <stddef.h>

#define RQ "((struct request *)arg0)"
#define BIO "((struct bio *)arg0)"

static const struct stable_probe io_probes[] = {
	{"start", STABLE_RAWTP, "block:block_rq_issue", NULL, 0,
	 {{"struct request *", "bufinfo_t *", RQ}, {"struct request *", "devinfo_t *", RQ},
	  {"struct request *", "fileinfo_t *", RQ}}},
	{"done", STABLE_RAWTP, "block:block_rq_complete", NULL, 0,
	 {{"struct request *", "bufinfo_t *", RQ}, {"struct request *", "devinfo_t *", RQ},
	  {"struct request *", "fileinfo_t *", RQ}}},
	{"wait-start", STABLE_KPROBE, "submit_bio_wait", NULL, 0,
	 {{"struct bio *", "bufinfo_t *", BIO}, {"struct bio *", "devinfo_t *", BIO},
	  {"struct bio *", "fileinfo_t *", BIO}}},
	{"wait-done", STABLE_KRETPROBE, "submit_bio_wait", NULL, 0, {{NULL}}},
};

const struct stable_provider stable_io = {
	.name = "io",
	.probes = io_probes,
	.nprobes = sizeof(io_probes) / sizeof(io_probes[0]),
};
