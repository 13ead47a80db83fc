/*
 * uprobe.h - what the user-space providers (pid, USDT) share: the sites
 * their probes are hung on (a file, an offset in it, a process or every
 * process mapping the file), and hanging one program on many sites at
 * once.  See uprobe.c for how: one uprobe_multi link per file where the
 * kernel has them (6.6 and later), one perf uprobe event per site before.
 *
 * A probe of these providers owns a list of sites (a pid return probe has
 * one per return instruction; a USDT probe one per call site of the
 * macro).  The provider adds them with uprobe_site_add when it creates the
 * probe, sets its table's attach_all/attach/detach to the ones here, and
 * its load_attach_type to uprobe_load_attach_type.
 */
#ifndef DT_UPROBE_H
#define DT_UPROBE_H

#include <stdint.h>

struct dt_probe;
struct dt_probes;

struct uprobe_site {
	const char *path;	/* the object's file (kept by the table) */
	uint64_t offset;	/* file offset of the instruction */
	uint64_t ref_ctr;	/* file offset of a USDT semaphore the kernel
				 * raises while the site is attached; 0: none */
	uint64_t cookie;	/* the BPF cookie the program sees */
	int pid;		/* the one process traced; 0: every process
				 * that maps the file, now or later */
	int ret;		/* a uretprobe at a function's entry; 0: a uprobe */
};

/*
 * Add a site to probe p (created by the caller, whose p->arg must be left
 * to this module: it indexes the probe's site list).  The path is copied.
 */
void uprobe_site_add(struct dt_probe *p, const struct uprobe_site *s);
/* The sites of p, and how many (0 for a probe with none yet). */
const struct uprobe_site *uprobe_sites(struct dt_probe *p, int *n);

/* Provider callbacks: attach n probes (all their sites, grouped one link
 * per file, process and kind), one probe, and detach one probe. */
int uprobe_attach_all(struct dt_probe **ps, int n, int prog_fd);
int uprobe_attach(struct dt_probe *p, int prog_fd);
void uprobe_detach(struct dt_probe *p);

/* The expected attach type the provider's program is loaded with:
 * BPF_TRACE_UPROBE_MULTI where the kernel has uprobe_multi links (and has
 * not been told to hide them, DTRACE_KERNEL_LACKS=uprobe-multi), else 0. */
int uprobe_load_attach_type(void);
/* Whether uprobe_multi links are used. */
int uprobe_multi_works(void);

#endif
