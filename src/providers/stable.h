/*
 * stable.h - the stable providers (proc, sched, io, ip, tcp, udp, lockstat):
 * probes named by what the system does, each made of a kernel mechanism
 * (a raw tracepoint, a kprobe or a kretprobe on a kernel function) and D:
 * a condition that says when a firing of the mechanism is this probe's,
 * and each argument as a D expression over the mechanism's arguments
 * (arg0, arg1, ...), with its native type and, as in DTrace, the stable
 * type a translator of the D library (lib/dtrace, .d files) makes of it.
 *
 * A provider is a table of rows in a file of its own (proc.c, sched.c,
 * ...) and one line in stable.c's list; stable.c owns the mechanisms:
 * which rows this kernel can offer, attaching, and the BPF context of each
 * mechanism.  The compiler puts the D in each clause that matches the
 * probe (consumer/compile.c: the condition before the clause's predicate,
 * the argument where args[i] is used).
 */
#ifndef DT_STABLE_H
#define DT_STABLE_H

#define STABLE_MAXARGS 6

enum stable_how {
	STABLE_RAWTP,		/* raw tracepoint: target is "group:name", or
				   "name" for a tracepoint tracefs does not
				   show (sched_exit_tp) */
	STABLE_SYSCALL,		/* a system call's trace event,
				   "syscalls:sys_enter_execve" (or sys_exit_):
				   arg0.. are its arguments (its return value) */
	STABLE_KPROBE,		/* kprobe on a kernel function's entry */
	STABLE_KRETPROBE,	/* kretprobe: arg0 is the return value */
	STABLE_CONTENTION,	/* a lock contention ending (contention.c): target
				   "lock:contention_end"; arg0 the lock, arg1 the
				   result (0: acquired), arg2 the LCB_F_* flags of
				   its contention_begin events, arg3 the time spent
				   spinning and arg4 blocked (ns) */
};

struct stable_arg {
	const char *native;	/* the D type of expr: "struct task_struct *" */
	const char *xlate;	/* the type args[i] has, translated from native
				   by the D library ("psinfo_t *"); NULL: native */
	const char *expr;	/* D over the mechanism's arg0.. */
};

struct stable_probe {
	const char *name;	/* "exec-success" */
	enum stable_how how;
	/* the tracepoint ("sched:sched_process_exec") or kernel function;
	 * "f1|f2": the first of these this kernel has (renamed functions,
	 * compiler suffixes such as .isra.0 are found too).  The rows of one
	 * name are one probe, its function field empty as in DTrace, made of
	 * each of them this kernel offers (its sites, of one mechanism). */
	const char *target;
	const char *pred;	/* D: this firing is the probe's; NULL: always */
	/* Used only where no row of the same name without it is (the same
	 * event by another mechanism, on kernels without the first). */
	int fallback;
	struct stable_arg args[STABLE_MAXARGS];
};
/* (the args follow fallback: a row without it reads {name, how, target,
 * pred, 0, {args}}) */

/* A probe a provider cannot offer on some kernels, and why: what a
 * description naming it and matching nothing reports (stable_unavailable). */
struct stable_absent {
	const char *names;	/* a glob of the probe names: "*-acquire" */
	const char *why;	/* "lockstat:::*-acquire needs ..." */
};

struct stable_provider {
	const char *name;		/* "proc" */
	const struct stable_probe *probes;
	int nprobes;
	const struct stable_absent *absent;	/* may be NULL */
	int nabsent;
};

extern const struct stable_provider stable_proc;
extern const struct stable_provider stable_io;
extern const struct stable_provider stable_sched;
extern const struct stable_provider stable_lockstat;
extern const struct stable_provider stable_ip, stable_tcp, stable_udp;

/* For a mechanism in a file of its own (contention.c): stable.c's
 * provide, args, serves and why-absent, for its table pv. */
struct dt_provider;
struct dt_probes;
struct dt_probe;
struct dt_pdesc;
void stable_provide(const struct dt_provider *pv, struct dt_probes *tab, const struct dt_pdesc *pd);
void stable_args(struct dt_probe *p);
/* A probe's sites: how many, and where site i attaches (its tracepoint,
 * event or function). */
int stable_nsites(const struct dt_probe *p);
const char *stable_site(const struct dt_probe *p, int i);
/* For a mechanism's program: the gen_prologue of a cookie holding the
 * probe id and, above it, the site; r0 = the site that fired. */
struct cg;
void stable_prologue(struct cg *g, int out);
void stable_gen_site(struct cg *g);
int stable_serves(const char *prov);
const char *stable_unavailable(struct dt_probes *tab);

#endif
