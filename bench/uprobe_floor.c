/*
 * uprobe_floor.c - the floor for tracing every function of a library in a
 * command: what any tool must do at least.  Reads the library's function
 * symbols (libelf, as dtrace does), starts the command stopped before
 * exec, hangs one empty BPF program (r0 = 0; exit) on all the functions'
 * entries with one uprobe_multi link filtered on the child, lets it run,
 * waits for it and closes the link.
 *
 *   uprobe_floor LIBRARY COMMAND [ARG...]
 *
 * Prints "N functions" on stderr.  Needs a kernel with uprobe_multi (6.6).
 */
#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <linux/bpf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <bpf/bpf.h>

/* link_create's uprobe_multi (6.6), which libbpf 1.1 does not have */
struct uprobe_multi_attr {
	uint32_t prog_fd, target_fd, attach_type, flags;
	uint64_t path, offsets, ref_ctr_offsets, cookies;
	uint32_t cnt, multi_flags, pid, pad;
};

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* File offsets of the object's function symbols in executable segments,
 * each once (aliases share one), leaving out a function that starts with a
 * lock prefix (pthread_spin_lock): the kernel cannot probe it. */
static size_t functions(const char *path, uint64_t **out)
{
	int fd = open(path, O_RDONLY);
	Elf *e;
	size_t n = 0, cap = 0, phnum;
	uint64_t *offs = NULL;

	elf_version(EV_CURRENT);
	if (fd < 0 || !(e = elf_begin(fd, ELF_C_READ, NULL)) || elf_getphdrnum(e, &phnum) != 0)
		return 0;
	for (Elf_Scn *scn = NULL; (scn = elf_nextscn(e, scn));) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_DYNSYM)
			continue;
		Elf_Data *d = elf_getdata(scn, NULL);
		for (size_t i = 0; d && i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Sym s;
			if (!gelf_getsym(d, (int)i, &s) || GELF_ST_TYPE(s.st_info) != STT_FUNC || !s.st_value ||
			    s.st_shndx == SHN_UNDEF)
				continue;
			for (size_t k = 0; k < phnum; k++) {
				GElf_Phdr ph;
				if (gelf_getphdr(e, (int)k, &ph) && ph.p_type == PT_LOAD && (ph.p_flags & PF_X) &&
				    s.st_value >= ph.p_vaddr && s.st_value < ph.p_vaddr + ph.p_filesz) {
					if (n == cap)
						offs = realloc(offs, (cap = cap ? cap * 2 : 1024) * sizeof(*offs));
					offs[n++] = s.st_value - ph.p_vaddr + ph.p_offset;
					break;
				}
			}
		}
	}
	size_t m = 0;
	qsort(offs, n, sizeof(*offs), cmp_u64);
	for (size_t i = 0; i < n; i++) {
		uint8_t b = 0;
		if ((m && offs[i] == offs[m - 1]) || pread(fd, &b, 1, (off_t)offs[i]) != 1 || b == 0xf0)
			continue;
		offs[m++] = offs[i];
	}
	elf_end(e);
	close(fd);
	*out = offs;
	return m;
}

int main(int argc, char **argv)
{
	struct bpf_insn insns[] = {
		{.code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 0, .imm = 0},
		{.code = BPF_JMP | BPF_EXIT},
	};
	uint64_t *offs;
	size_t n;
	int go[2], status;
	pid_t pid;

	if (argc < 3) {
		fprintf(stderr, "usage: uprobe_floor LIBRARY COMMAND [ARG...]\n");
		return 2;
	}
	n = functions(argv[1], &offs);
	fprintf(stderr, "%zu functions\n", n);
	if (!n || pipe(go) < 0)
		return 1;
	if ((pid = fork()) == 0) {
		char c;
		close(go[1]);
		if (read(go[0], &c, 1) < 0)
			_exit(127);
		execvp(argv[2], argv + 2);
		_exit(127);
	}
	close(go[0]);
	LIBBPF_OPTS(bpf_prog_load_opts, po, .expected_attach_type = 48 /* BPF_TRACE_UPROBE_MULTI */);
	int pfd = bpf_prog_load(BPF_PROG_TYPE_KPROBE, "floor", "GPL", insns, 2, &po);
	struct uprobe_multi_attr a = {
		.prog_fd = (uint32_t)pfd, .attach_type = 48, .path = (uint64_t)(uintptr_t)argv[1],
		.offsets = (uint64_t)(uintptr_t)offs, .cnt = (uint32_t)n, .pid = (uint32_t)pid,
	};
	int lfd = pfd < 0 ? -1 : (int)syscall(__NR_bpf, BPF_LINK_CREATE, &a, sizeof(a));
	if (lfd < 0) {
		perror("uprobe_floor: uprobe_multi link");
		kill(pid, SIGKILL);
		return 1;
	}
	if (write(go[1], "g", 1) != 1)
		return 1;
	waitpid(pid, &status, 0);
	close(lfd);
	close(pfd);
	free(offs);
	return 0;
}
