/*
 * kprobe.h - what the kernel-function providers (fbt, kinst) share: the
 * ways a BPF program is hung on a kernel address, and reading a kprobe
 * context's registers (see kprobe.c).
 */
#ifndef DT_KPROBE_H
#define DT_KPROBE_H

#include <stddef.h>
#include <stdint.h>

struct cg;

/* The kprobe PMU's perf type, or -1 when the kernel has no kprobes. */
int kprobe_pmu_type(void);

/*
 * One kprobe (a kretprobe with ret) at addr, or at func+off when func is
 * not NULL, running prog_fd with the BPF cookie: returns the link's fd
 * (closing it removes the kprobe), or -errno.
 */
int kprobe_perf_attach(int prog_fd, const char *func, uint64_t off, uint64_t addr, int ret, uint64_t cookie);

/*
 * One kprobe_multi link for n function addresses (function entries or, with
 * ret, their returns), cookies[i] the cookie of addrs[i]: returns the
 * link's fd or -errno.  The program must be loaded with expected attach type
 * BPF_TRACE_KPROBE_MULTI.
 */
int kprobe_multi_attach(int prog_fd, const uint64_t *addrs, const uint64_t *cookies, uint32_t n, int ret);

/* Whether kprobe_multi links work here, tried on the traceable function
 * func (the kernel needs CONFIG_FPROBE: Debian's 6.12 has it, 6.1 not). */
int kprobe_multi_works(const char *func);

/* r0 = argument i of a kprobe context at a function's first instruction
 * (x86-64 SysV: six registers, then the caller's stack). */
void kprobe_gen_arg(struct cg *g, int i);
/* r0 = the return value in a kretprobe context. */
void kprobe_gen_retval(struct cg *g);

#endif
