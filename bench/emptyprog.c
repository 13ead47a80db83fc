/* emptyprog.c - the floor: an almost empty BPF program (r0 = 0; exit) on a
 * raw tracepoint (argv[1], default raw_syscalls' sys_enter), held until a
 * signal. */
#include <linux/bpf.h>
#include <stdio.h>
#include <unistd.h>

#include <bpf/bpf.h>

int main(int argc, char **argv)
{
	const char *tp = argc > 1 ? argv[1] : "sys_enter";
	struct bpf_insn insns[] = {
		{.code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 0, .imm = 0},
		{.code = BPF_JMP | BPF_EXIT},
	};
	int fd = bpf_prog_load(BPF_PROG_TYPE_RAW_TRACEPOINT, "empty", "GPL", insns, 2, NULL);
	if (fd < 0 || bpf_raw_tracepoint_open(tp, fd) < 0) {
		perror("emptyprog");
		return 1;
	}
	printf("attached\n");
	fflush(stdout);
	pause();
	return 0;
}
