/*
 * kinst.c - the kinst provider: kinst:MODULE:FUNCTION:OFFSET, a probe at any
 * instruction of a kernel function, OFFSET in decimal bytes from the
 * function's start as FreeBSD's kinst names it (kinst::vfs_read:0); MODULE
 * is "vmlinux" or the function's module, as for fbt.
 *
 * Probes exist only for a function named in full (a description whose
 * function is a glob makes none, so `dtrace -l -P kinst` lists nothing, as
 * on FreeBSD): `dtrace -l -n kinst::vfs_read:` lists every instruction
 * offset of vfs_read.  The offsets come from decoding the function's
 * machine code (common/x86_insn.c), read from the running kernel through
 * /proc/kcore (an ELF core image of kernel memory: its PT_LOAD headers map
 * kernel addresses to file offsets; root only), from the function's
 * kallsyms address to the next symbol's.  Decoding the live text, not
 * vmlinux on disk, sees what runs: alternatives and static calls patched,
 * modules where they were loaded.  A named offset that is not the start of
 * an instruction is refused with a message saying so.
 *
 * Each probe is one perf kprobe at the address (BPF cookie = probe id),
 * whose context is the registers there: arg0..arg5 are the argument
 * registers of the x86-64 calling convention, meaningful at offset 0 only.
 */
#include "provider.h"

#include <ctype.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../common/kallsyms.h"
#include "../common/util.h"
#include "../common/x86_insn.h"
#include "kprobe.h"

/* the longest function decoded: more than any kernel function's text */
#define KINST_MAX_TEXT (256 * 1024)

/* One decoded function: its probes' arg is the index of its kernel address. */
struct kinst_state {
	uint64_t *addrs;	/* each probe's kernel address, by arg */
	size_t naddrs;
	char why[256];		/* the last description's refusal, or "" */
};

extern const struct dt_provider dt_provider_kinst;

static void kinst_state_fini(void *arg)
{
	free(((struct kinst_state *)arg)->addrs);
}

static struct kinst_state *state(struct dt_probes *tab)
{
	return probes_pvstate(tab, &dt_provider_kinst, sizeof(struct kinst_state), kinst_state_fini);
}

/* Where func is (first of its name, as the kernel's own lookup takes) and
 * where the next symbol starts. */
struct findsym {
	const char *func;
	uint64_t addr, end;
	char mod[128];
	int found;
};

static int find_func(void *arg, uint64_t addr, char type, const char *name, const char *mod)
{
	struct findsym *f = arg;

	if (!f->found && (type == 't' || type == 'T') && strcmp(name, f->func) == 0) {
		f->found = 1;
		f->addr = addr;
		snprintf(f->mod, sizeof(f->mod), "%s", mod);
	}
	return 0;
}

static int find_end(void *arg, uint64_t addr, char type, const char *name, const char *mod)
{
	struct findsym *f = arg;

	(void)type;
	(void)name;
	(void)mod;
	if (addr > f->addr && addr < f->end)
		f->end = addr;
	return 0;
}

/* len bytes of kernel memory at addr, from /proc/kcore: 0 or -errno. */
static int read_kcore(uint64_t addr, uint8_t *buf, size_t len)
{
	int fd = open("/proc/kcore", O_RDONLY | O_CLOEXEC), err = -ENOENT;
	Elf64_Ehdr eh;

	if (fd < 0)
		return -errno;
	if (pread(fd, &eh, sizeof(eh), 0) != (ssize_t)sizeof(eh) || memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 ||
	    eh.e_ident[EI_CLASS] != ELFCLASS64) {
		close(fd);
		return -EINVAL;
	}
	for (int i = 0; i < eh.e_phnum; i++) {
		Elf64_Phdr ph;
		if (pread(fd, &ph, sizeof(ph), (off_t)(eh.e_phoff + (uint64_t)i * eh.e_phentsize)) != (ssize_t)sizeof(ph))
			break;
		if (ph.p_type != PT_LOAD || addr < ph.p_vaddr || addr + len > ph.p_vaddr + ph.p_filesz)
			continue;
		err = pread(fd, buf, len, (off_t)(ph.p_offset + (addr - ph.p_vaddr))) == (ssize_t)len ? 0 : -EIO;
		break;
	}
	close(fd);
	return err;
}

static int all_digits(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!isdigit((unsigned char)*s))
			return 0;
	return 1;
}

static void kinst_provide(struct dt_probes *tab, const struct dt_pdesc *pd)
{
	struct kinst_state *st = state(tab);
	struct findsym f = { .func = pd ? pd->func : NULL, .end = UINT64_MAX };
	uint8_t *text;
	uint32_t *offs;
	int n, err;

	st->why[0] = 0;
	if (kprobe_pmu_type() < 0) {
		snprintf(st->why, sizeof(st->why), "kinst: this kernel offers no kprobes");
		return;
	}
	if (!pd || !*pd->func || dt_is_glob(pd->func))
		return;
	if (kallsyms_each(find_func, &f) < 0 || !f.found) {
		snprintf(st->why, sizeof(st->why), "kinst: no kernel function %s", pd->func);
		return;
	}
	if (*pd->mod && !dt_glob_match(pd->mod, f.mod))
		return;
	kallsyms_each(find_end, &f);
	if (f.end == UINT64_MAX || f.end - f.addr > KINST_MAX_TEXT)
		f.end = f.addr + KINST_MAX_TEXT;
	text = xmalloc(f.end - f.addr);
	if ((err = read_kcore(f.addr, text, f.end - f.addr)) < 0) {
		snprintf(st->why, sizeof(st->why), "kinst: cannot read %s's text from /proc/kcore: %s", pd->func,
			 strerror(-err));
		free(text);
		return;
	}
	/* functions are padded with int3 up to the next one's alignment */
	size_t len = f.end - f.addr;
	while (len > 1 && text[len - 1] == 0xcc)
		len--;
	offs = xcalloc(len, sizeof(uint32_t));
	n = 0;
	for (size_t off = 0; off < len;) {
		int l = x86_insn_len(text + off, len - off);
		if (l <= 0)
			break;		/* the boundaries before it are still sound */
		offs[n++] = (uint32_t)off;
		off += (size_t)l;
	}
	if (*pd->name && all_digits(pd->name)) {
		unsigned long off = strtoul(pd->name, NULL, 10);
		int ok = 0;
		for (int i = 0; i < n && !ok; i++)
			ok = offs[i] == off;
		if (!ok)
			snprintf(st->why, sizeof(st->why), "kinst: %s+%lu is not the start of an instruction", pd->func,
				 off);
	}
	for (int i = 0; i < n; i++) {
		char name[16];
		snprintf(name, sizeof(name), "%u", offs[i]);
		if (*pd->name && !dt_glob_match(pd->name, name))
			continue;
		if (probe_lookup(tab, "kinst", f.mod, pd->func, name))
			continue;
		st->addrs = xrealloc(st->addrs, (st->naddrs + 1) * sizeof(uint64_t));
		st->addrs[st->naddrs] = f.addr + offs[i];
		probe_create(tab, &dt_provider_kinst, f.mod, pd->func, name, st->naddrs++);
	}
	free(offs);
	free(text);
}

static const char *kinst_unavailable(struct dt_probes *tab)
{
	struct kinst_state *st = state(tab);

	return st->why[0] ? st->why : NULL;
}

static int kinst_attach(struct dt_probe *p, int prog_fd)
{
	return probe_hold_fd(p, kprobe_perf_attach(prog_fd, NULL, 0, state(p->tab)->addrs[p->arg], 0, p->id));
}

const struct dt_provider dt_provider_kinst = {
	.on_demand = 1,
	.name = "kinst",
	.prog_name = "dt_kinst",
	.cg = {
		.gen_prologue = cg_prologue_cookie,
		.gen_arg = kprobe_gen_arg,
	},
	.prog_type = BPF_PROG_TYPE_KPROBE,
	.provide = kinst_provide,
	.attach = kinst_attach,
	.detach = probe_close_fds,
	.unavailable = kinst_unavailable,
};
