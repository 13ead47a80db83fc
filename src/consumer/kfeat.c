/*
 * kfeat.c - what the running kernel offers a BPF program, asked of the
 * kernel itself: for each program type a handle uses, whether the string
 * kfuncs (6.17) are callable and whether bpf_get_attach_cookie() is (raw
 * tracepoints 6.10, perf events and kprobes 5.15), and whether the
 * instructions of 6.6 (signed division, long jumps) load, whether it may
 * use a hash map that allocates its elements as they are used (perf_event
 * programs may not before 6.1), and whether fentry programs load at all
 * (fbt's choice, kfeat_fentry_works).  The answer is a set of
 * KF_* bits (codegen/cg.h) that the code generator chooses its code by;
 * docs/KERNELS.md says what each older kernel loses.
 *
 * Each feature is probed by loading a program of the type that would use
 * it, a few instructions long, that uses it (the ISA v4 of 6.6: a signed
 * division): a kfunc present in the BTF but
 * not registered for the type, or a helper the type lacks, fails to load.
 * Results are kept on the handle, one word per program type.  A tracing
 * program (fentry) loads only against a function: the probes of that type
 * are fentry programs on FENTRY_TARGET.
 *
 * DTRACE_KERNEL_LACKS (a comma-separated list of feature names, or "all")
 * hides features the kernel has, to test the fallbacks on a new kernel:
 *   string-kfuncs   the 6.17 string kfuncs (strlen, strchr, strstr, ...)
 *   cookie          bpf_get_attach_cookie() in every program type
 *   cpuv4           the instructions of 6.6 (signed division, gotol)
 *   hash-noprealloc hash maps not preallocated (the dynamic variables'
 *                   pool and the aggregations' map always are)
 *   fentry          fentry/fexit programs (fbt uses kprobes instead)
 *   uprobe-multi    uprobe_multi links (pid and USDT then use one perf
 *                   uprobe event per site)
 *   write-user      bpf_probe_write_user(), which a locked-down kernel
 *                   refuses (copyout() and copyoutstr() then do not compile)
 */
#define _GNU_SOURCE	/* memfd_create */
#include "dt_impl.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "../bpf/insn.h"
#include "../front/types.h"
#include "../providers/provider.h"

/* The kfuncs the string subroutines call (codegen/strfn.c). */
static const char *const str_kfuncs[] = {"bpf_strnlen", "bpf_strchr", "bpf_strrchr", "bpf_strstr",
					  "bpf_strnstr", "bpf_strspn", "bpf_strcspn", NULL};

static const struct {
	const char *name;
	unsigned int bits;
} feature_names[] = {
	{"string-kfuncs", KF_STR_KFUNCS},
	{"cookie", KF_COOKIE},
	{"cpuv4", KF_CPUV4},
	{"hash-noprealloc", KF_HASH_NOPREALLOC},
	{"fentry", KF_FENTRY},
	{"uprobe-multi", KF_UPROBE_MULTI},
	{"write-user", KF_WRITE_USER},
	{"all", ~0u},
};

/* The features DTRACE_KERNEL_LACKS hides. */
static unsigned int hidden(void)
{
	const char *env = getenv("DTRACE_KERNEL_LACKS");
	unsigned int bits = 0;

	if (!env)
		return 0;
	for (const char *s = env; *s;) {
		size_t n = strcspn(s, ", ");
		for (size_t i = 0; i < sizeof(feature_names) / sizeof(feature_names[0]); i++)
			if (strlen(feature_names[i].name) == n && strncmp(s, feature_names[i].name, n) == 0)
				bits |= feature_names[i].bits;
		s += n;
		s += strspn(s, ", ");
	}
	return bits;
}

/* A function every kernel has, in its BTF, that ftrace can trace and
 * that the kernel does not refuse fentry on: a fentry probe's target. */
#define FENTRY_TARGET "vfs_read"

/* 1: a program of this type with these instructions loads; 0: it does not;
 * -1: we may not load programs at all (not privileged), so cannot tell. */
static int loads(int prog_type, const struct bpf_insn *insns, size_t n)
{
	LIBBPF_OPTS(bpf_prog_load_opts, o);
	int fd;

	if (prog_type == BPF_PROG_TYPE_TRACING) {
		struct btf *b = types_vmlinux_btf();
		int id = b ? btf__find_by_name_kind(b, FENTRY_TARGET, BTF_KIND_FUNC) : -1;
		if (id <= 0)
			return 0;
		o.expected_attach_type = BPF_TRACE_FENTRY;
		o.attach_btf_id = (uint32_t)id;
	}
	fd = bpf_prog_load((enum bpf_prog_type)prog_type, "dt_probe_kf", "GPL", insns, n, &o);

	if (fd >= 0) {
		close(fd);
		return 1;
	}
	return fd == -EPERM ? -1 : 0;
}

/* KF_STR_KFUNCS, asked apart from the rest because it reads the kernel's
 * BTF (megabytes): only for a program that calls a string subroutine. */
static unsigned int probe_str_kfuncs(int prog_type)
{
	struct btf *b = types_vmlinux_btf();
	unsigned int bits = 0;
	int have_all = b != NULL, id = -1, r;

	for (int i = 0; have_all && str_kfuncs[i]; i++)
		if (btf__find_by_name_kind(b, str_kfuncs[i], BTF_KIND_FUNC) <= 0)
			have_all = 0;
	if (have_all) {
		id = btf__find_by_name_kind(b, "bpf_strnlen", BTF_KIND_FUNC);
		const struct bpf_insn kcall[] = {
			BPF_ST_MEM(BPF_DW, BPF_REG_10, -8, 0),
			BPF_MOV64_REG(BPF_REG_1, BPF_REG_10),
			BPF_ALU64_IMM(BPF_ADD, BPF_REG_1, -8),
			BPF_MOV64_IMM(BPF_REG_2, 1),
			BPF_INSN(BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_KFUNC_CALL, 0, id),
			BPF_MOV64_IMM(BPF_REG_0, 0),
			BPF_EXIT_INSN(),
		};
		r = loads(prog_type, kcall, sizeof(kcall) / sizeof(kcall[0]));
		if (r != 0)	/* unprivileged: trust the BTF (-S shows the same code) */
			bits |= KF_STR_KFUNCS;
	}
	return bits & ~hidden();
}

static unsigned int probe(int prog_type)
{
	unsigned int bits = 0;
	const struct bpf_insn cookie[] = {
		BPF_CALL_HELPER(BPF_FUNC_get_attach_cookie),
		BPF_MOV64_IMM(BPF_REG_0, 0),
		BPF_EXIT_INSN(),
	};
	if (loads(prog_type, cookie, sizeof(cookie) / sizeof(cookie[0])) != 0)
		bits |= KF_COOKIE;
	const struct bpf_insn sdiv[] = {
		BPF_MOV64_IMM(BPF_REG_0, -7),
		BPF_MOV64_IMM(BPF_REG_1, 2),
		BPF_SDIV64_REG(BPF_REG_0, BPF_REG_1),
		BPF_MOV64_IMM(BPF_REG_0, 0),
		BPF_EXIT_INSN(),
	};
	if (loads(prog_type, sdiv, sizeof(sdiv) / sizeof(sdiv[0])) != 0)
		bits |= KF_CPUV4;
	const struct bpf_insn wuser[] = {
		BPF_ST_MEM(BPF_DW, BPF_REG_10, -8, 0),
		BPF_MOV64_IMM(BPF_REG_1, 0),
		BPF_MOV64_REG(BPF_REG_2, BPF_REG_10),
		BPF_ALU64_IMM(BPF_ADD, BPF_REG_2, -8),
		BPF_MOV64_IMM(BPF_REG_3, 1),
		BPF_CALL_HELPER(BPF_FUNC_probe_write_user),
		BPF_MOV64_IMM(BPF_REG_0, 0),
		BPF_EXIT_INSN(),
	};
	if (loads(prog_type, wuser, sizeof(wuser) / sizeof(wuser[0])) == 1)
		bits |= KF_WRITE_USER;
	LIBBPF_OPTS(bpf_map_create_opts, mo, .map_flags = BPF_F_NO_PREALLOC);
	int map = bpf_map_create(BPF_MAP_TYPE_HASH, "dt_probe_kf", 4, 8, 1, &mo);
	if (map >= 0) {
		const struct bpf_insn usemap[] = {
			BPF_LD_IMM64_LO(BPF_REG_1, BPF_PSEUDO_MAP_FD, 0),
			BPF_LD_IMM64_HI(0),
			BPF_MOV64_IMM(BPF_REG_0, 0),
			BPF_EXIT_INSN(),
		};
		struct bpf_insn prog[4];
		memcpy(prog, usemap, sizeof(prog));
		prog[0].imm = map;
		if (loads(prog_type, prog, 4) != 0)
			bits |= KF_HASH_NOPREALLOC;
		close(map);
	} else if (map == -EPERM) {
		bits |= KF_HASH_NOPREALLOC;
	}
	return bits & ~hidden();
}

/*
 * Not kept on a handle: fbt asks before it has one to ask with, once per
 * handle (fbt.c's state).  A kernel that loads the program may still fail
 * to attach one function (its trampoline): fbt reports that at enabling.
 */
int kfeat_fentry_works(void)
{
	const struct bpf_insn ret0[] = {
		BPF_MOV64_IMM(BPF_REG_0, 0),
		BPF_EXIT_INSN(),
	};

	return !(hidden() & KF_FENTRY) && loads(BPF_PROG_TYPE_TRACING, ret0, 2) == 1;
}

/*
 * uprobe_multi links (6.6): a kernel without them may still load a kprobe
 * program with their expected attach type (6.1 does not check it), so the
 * test is a link: on a file nobody maps (a memfd, named through /proc), so
 * that registering it puts no breakpoint anywhere.  The kernel's answer is
 * a process-wide read-only cache.
 */
int kfeat_uprobe_multi_works(void)
{
	static int works = -1;

	if (works < 0) {
		const struct bpf_insn ret0[] = { BPF_MOV64_IMM(BPF_REG_0, 0), BPF_EXIT_INSN() };
		LIBBPF_OPTS(bpf_prog_load_opts, o, .expected_attach_type = 48 /* BPF_TRACE_UPROBE_MULTI */);
		int pfd = bpf_prog_load(BPF_PROG_TYPE_KPROBE, "dt_probe_um", "GPL", ret0, 2, &o);
		int mfd = memfd_create("dt_uprobe_multi", MFD_CLOEXEC);
		char path[64];
		uint64_t off = 0;
		/* link_create's uprobe_multi: path, offsets, ref_ctr_offsets,
		 * cookies, cnt, flags, pid (the kernel's ABI, see uprobe.c) */
		struct {
			uint32_t prog_fd, target_fd, attach_type, flags;
			uint64_t path, offsets, ref_ctr_offsets, cookies;
			uint32_t cnt, multi_flags, pid, pad;
		} a;

		works = 0;
		if (pfd >= 0 && mfd >= 0 && write(mfd, "\x90\x90\x90\x90\xc3", 5) == 5) {
			snprintf(path, sizeof(path), "/proc/self/fd/%d", mfd);
			memset(&a, 0, sizeof(a));
			a.prog_fd = (uint32_t)pfd;
			a.attach_type = 48;
			a.path = (uint64_t)(uintptr_t)path;
			a.offsets = (uint64_t)(uintptr_t)&off;
			a.cnt = 1;
			int lfd = (int)syscall(__NR_bpf, BPF_LINK_CREATE, &a, sizeof(a));
			if (lfd >= 0) {
				works = 1;
				close(lfd);
			}
		}
		if (pfd >= 0)
			close(pfd);
		if (mfd >= 0)
			close(mfd);
	}
	return works && !(hidden() & KF_UPROBE_MULTI);
}

/* h->kfeat[type]: the KF_* bits found, KF_KNOWN once probed and
 * KF_STR_KNOWN once the string kfuncs have been asked about. */
#define KF_STR_KNOWN 0x40000000u

unsigned int dt_kfeat(struct dtrace_hdl *h, int prog_type, int strings)
{
	unsigned int *f;

	if (prog_type < 0 || prog_type >= DT_NPROGTYPES)
		return 0;
	f = &h->kfeat[prog_type];
	if (!(*f & KF_KNOWN))
		*f |= probe(prog_type) | KF_KNOWN;
	if (strings && !(*f & KF_STR_KNOWN))
		*f |= probe_str_kfuncs(prog_type) | KF_STR_KNOWN;
	return *f & ~(KF_KNOWN | KF_STR_KNOWN);
}
