/*
 * provider.h - probes and the providers that make them.
 *
 * A provider is a table of callbacks: provide (create the probes a
 * description names, on demand), attach (hook a loaded program to one
 * probe) and detach, and for the code generator the BPF its program needs
 * to find its probe id and arguments in its context (struct cg_ctxops,
 * codegen/emit.h).  Each table is one BPF program kind, and may serve
 * several providers' names (pid123, pid456).  Adding a provider touches
 * its own file and the table in probes.c.
 *
 * One program instance per probe: a provider whose program finds its
 * probe id in the BPF cookie (.cg.gen_prologue = cg_prologue_cookie)
 * works unchanged where the kernel gives its program type no
 * bpf_get_attach_cookie() (raw tracepoints before 6.10): there the id is a
 * constant of the program, the loader loads one instance per probe
 * (consumer/load.c), and attach gets the probe's own instance.  attach
 * must then not pass a cookie the kernel cannot take (rawtp_attach).  A
 * program the kernel binds to its target at load (fentry: the function's
 * BTF id) is always loaded this way (cg_prologue_const), and its provider's
 * load_target says what each instance is loaded against.
 */
#ifndef DT_PROVIDER_H
#define DT_PROVIDER_H

#include <stdint.h>

#include "../codegen/emit.h"
#include "../front/ast.h"

struct dt_probe;
struct dt_probes;

/* What a probe's program instance is loaded against (load_target). */
struct dt_load_target {
	uint32_t btf_id;		/* attach_btf_id: the target's BTF type */
	int btf_obj_fd;			/* attach_btf_obj_fd: its module's BTF; 0: vmlinux */
	int nargs;			/* u64 argument slots of its context (cg_ctx_nargs) */
};

struct dt_provider {
	const char *name;
	const char *prog_name;		/* its BPF program: "dt_syscall" */
	struct cg_ctxops cg;		/* how the program sees probe id and args */
	int prog_type;			/* BPF_PROG_TYPE_* */
	int attach_type;		/* expected_attach_type at load */
	/* The expected_attach_type when it depends on the running kernel
	 * (uprobe_multi links or perf uprobes); NULL: attach_type. */
	int (*load_attach_type)(void);
	/* Create, in tab, the probes that pd may match (pd NULL: all, for -l). */
	void (*provide)(struct dt_probes *tab, const struct dt_pdesc *pd);
	/* 1: its probes are made only as descriptions name them (every
	 * kernel function, every process's): see probes_provide */
	int on_demand;
	/* Attach prog_fd (the probe's program: its kind's, or its own
	 * instance) to the probe; returns 0 or -errno. */
	int (*attach)(struct dt_probe *p, int prog_fd);
	void (*detach)(struct dt_probe *p);
	/* Attach n probes of this table at once (one kernel link for all, as
	 * kprobe_multi makes); NULL: attach is called for each.  Returns 0 or
	 * -errno; on failure none of them is attached. */
	int (*attach_all)(struct dt_probe **ps, int n, int prog_fd);
	/* Why the provider made no probe for the last description it was
	 * given ("fbt: this kernel offers neither kprobes nor fentry", "kinst:
	 * vfs_read+3 is not the start of an instruction"), or NULL; the
	 * callback may be NULL. */
	const char *(*unavailable)(struct dt_probes *tab);
	/* Whether probe p of this table answers to pd, for a provider whose
	 * probes also answer to names not their own (pid: "a.out" and "libc"
	 * for a module, an alias for a function); NULL: each field's glob. */
	int (*match)(const struct dt_probe *p, const struct dt_pdesc *pd);
	/* Fill p->nargs/argtypes/argnames (args[] types), on demand; may be NULL. */
	void (*args)(struct dt_probe *p);
	/* For a program bound to its target at load (attach_btf_id): fill t
	 * for probe p's instance; returns 0 or -errno.  NULL: not bound. */
	int (*load_target)(struct dt_probe *p, struct dt_load_target *t);
	/* The map the program reads as CGM_PROV (cg_ld_map), for data of its
	 * own that the cookie alone cannot carry (USDT: each site's argument
	 * locations): made and filled when the programs load, after every
	 * clause has matched its probes.  Returns its fd (the loader closes
	 * it at unload) or -errno.  NULL: the program reads no such map. */
	int (*load_map)(struct dt_probes *tab);
	/* Whether a description's provider field (a glob) may name probes of
	 * this table, for a table that serves several providers' names (the
	 * stable providers: proc, sched, io, ...); NULL: its name. */
	int (*serves)(const char *prov);
};

struct dt_probe {
	uint32_t id;
	struct dt_probes *tab;		/* the table (handle) it belongs to */
	char *prov, *mod, *func, *name;
	const struct dt_provider *pv;
	uint64_t arg;			/* provider data: period, ... */
	int *fds;			/* attachments (links / perf fds) */
	int nfds;
	int enabled;
	int args_known;			/* args[] below filled in */
	int nargs;
	struct dt_type **argtypes;	/* D type of args[i] */
	char **argnames;		/* native type name, for -l -v */
	/* A stable provider's probe (stable.h): when a firing of its
	 * mechanism is this probe's, and args[i] as D expressions over the
	 * mechanism's arguments, of type argxnames[i] (the translated type,
	 * or the native one).  NULL for the other providers. */
	const char *pred;
	const char **argexprs;
	char **argxnames;
};

/*
 * The probe table: one per library handle, so two handles never share a
 * probe, an id or a provider's state.  Ids start at 1 (BEGIN, END, ERROR).
 */
struct dt_probes *probes_create(void);
/* Detach what is still attached and free everything. */
void probes_destroy(struct dt_probes *tab);
struct dt_probe *probe_create(struct dt_probes *tab, const struct dt_provider *pv, const char *mod,
			      const char *func, const char *name, uint64_t arg);
/* The same for a provider instance with its own name (pid123). */
struct dt_probe *probe_create_in(struct dt_probes *tab, const struct dt_provider *pv, const char *prov,
				 const char *mod, const char *func, const char *name, uint64_t arg);
struct dt_probe *probe_lookup(struct dt_probes *tab, const char *prov, const char *mod, const char *func,
			      const char *name);
struct dt_probe *probe_by_id(struct dt_probes *tab, uint32_t id);
int probe_count(struct dt_probes *tab);		/* highest id + 1 */
int probe_match(const struct dt_probe *p, const struct dt_pdesc *pd);
/* Whether a description's provider field prov names pv's probes: pv's
 * name, or for pid, "pid" and a process id. */
int provider_serves(const struct dt_provider *pv, const char *prov);
/* Whether pv is asked to provide, and why nothing matched, for
 * descriptions of provider prov: those it serves, and for pid every name
 * that may name a process. */
int provider_answers(const struct dt_provider *pv, const char *prov);
/* The stability attributes of pv's probes (stability.c): of the provider
 * name, module, function, name and arguments; Unstable for none. */
const struct dtrace_attribute *provider_pattr(const struct dt_provider *pv);
/* Make every provider create what pd may match; then matches are in the table. */
void probes_provide(struct dt_probes *tab, const struct dt_pdesc *pd);
/* Every provider table, NULL-terminated, in the order of their programs. */
const struct dt_provider *const *providers(void);
/* The index of pv in providers(), and how many there are. */
int provider_kind(const struct dt_provider *pv);
int provider_nkinds(void);
/* A probe attached by one fd (a link, a perf event): keep it in p->fds and
 * return 0, or return fd when it is an -errno.  probe_close_fds closes
 * what p holds (a detach). */
int probe_hold_fd(struct dt_probe *p, int fd);
void probe_close_fds(struct dt_probe *p);
/* probe_close_fds of the n probes of v, the fds closed concurrently (a
 * link's close waits for RCU grace periods; see probes.c) */
void probe_close_fds_all(struct dt_probe *const *v, int n);
/* r0 = argument i of a raw tracepoint's context (rawtp, the stable
 * providers' tracepoints). */
void rawtp_gen_arg(struct cg *g, int i);
/* The argument types of a probe (read lazily): returns p->nargs. */
int probe_args(struct dt_probe *p);
/*
 * A provider's private state in one table (e.g. syscall's shared raw
 * tracepoint links): size zeroed bytes made on first use, freed with the
 * table after fini (may be NULL) has released what it holds.  The key is
 * the provider's table, or the address of something else a module owns
 * (uprobe.c's state serves several providers).
 */
void *probes_pvstate(struct dt_probes *tab, const void *key, size_t size, void (*fini)(void *state));

/* syscall: the array map from syscall number (+ SYSCALL_NR_MAX at return)
 * to probe id, created with the other maps before the programs load. */
void dt_syscall_set_map(struct dt_probes *tab, int fd);

extern const struct dt_provider dt_provider_dtrace;
extern const struct dt_provider dt_provider_profile;
extern const struct dt_provider dt_provider_syscall;
extern const struct dt_provider dt_provider_syscall_return;
extern const struct dt_provider dt_provider_sdt;
extern const struct dt_provider dt_provider_rawtp;
extern const struct dt_provider dt_provider_pid_entry;
extern const struct dt_provider dt_provider_pid_return;
extern const struct dt_provider dt_provider_usdt;
extern const struct dt_provider dt_provider_fbt_kmulti;
extern const struct dt_provider dt_provider_fbt_kmulti_return;
extern const struct dt_provider dt_provider_fbt_kprobe;
extern const struct dt_provider dt_provider_fbt_kprobe_return;
extern const struct dt_provider dt_provider_fbt_fentry;
extern const struct dt_provider dt_provider_fbt_fexit;
extern const struct dt_provider dt_provider_kinst;
extern const struct dt_provider dt_provider_stable_rawtp;
extern const struct dt_provider dt_provider_stable_syscall;
extern const struct dt_provider dt_provider_stable_kprobe;
extern const struct dt_provider dt_provider_stable_kretprobe;
extern const struct dt_provider dt_provider_stable_contention;

/* consumer/kfeat.c: whether the kernel loads a fentry program (and has not
 * been told to hide it, DTRACE_KERNEL_LACKS=fentry). */
int kfeat_fentry_works(void);
/* and whether it makes uprobe_multi links (uprobe.c) */
int kfeat_uprobe_multi_works(void);

#define DTRACE_PROBE_BEGIN 1
#define DTRACE_PROBE_END 2
#define DTRACE_PROBE_ERROR 3

#endif
