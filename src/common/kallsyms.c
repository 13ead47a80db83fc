/*
 * kallsyms.c - the one reader of /proc/kallsyms: stack symbolization
 * (consumer/ksyms.c) and the kernel providers' addresses (fbt, kinst) both
 * read it through here.  Addresses read as zero without privilege
 * (kptr_restrict), so such lines are skipped rather than trusted.
 */
#include "kallsyms.h"

#include <stdio.h>
#include <string.h>

const char *const kallsyms_glue[] = {
	"bpf_prog_", "bpf_trampoline_", "bpf_dispatcher_",
	"bpf_trace_run", "__bpf_trace_", "__traceiter_",
	"perf_trace_run_bpf_submit", "bpf_overflow_handler",
	NULL
};

int kallsyms_is_glue(const char *name)
{
	for (int i = 0; kallsyms_glue[i]; i++)
		if (strncmp(name, kallsyms_glue[i], strlen(kallsyms_glue[i])) == 0)
			return 1;
	return 0;
}

int kallsyms_each(int (*fn)(void *arg, uint64_t addr, char type, const char *name, const char *mod),
		  void *arg)
{
	FILE *f = fopen("/proc/kallsyms", "re");
	char line[512];

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long addr;
		char type, name[256], mod[128] = "";
		int n = sscanf(line, "%llx %c %255s [%127[^]]]", &addr, &type, name, mod);

		if (n < 3 || addr == 0)
			continue;
		if (fn(arg, addr, type, name, n == 4 && mod[0] ? mod : "vmlinux"))
			break;
	}
	fclose(f);
	return 0;
}
