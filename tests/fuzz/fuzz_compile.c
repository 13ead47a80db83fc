/*
 * fuzz_compile.c - libFuzzer target: arbitrary bytes compiled as D through
 * the public API only (<dtrace.h>), in a fresh handle per input.
 *
 * Each input is one D program: dtrace_open, dtrace_program_strcompile,
 * dtrace_close.  The handle is opened with DTRACE_O_NODEV (no tracing, so
 * no privilege is asked for): the target runs as an ordinary user too.  Nothing is executed (no dtrace_program_exec, no
 * dtrace_go): what reaches the kernel is only what compiling reads
 * (tracefs and kallsyms for probe descriptions, BTF for types).  The
 * compile flags are fixed so that an input means the same thing in every
 * run: ZDEFS (a description that matches nothing still goes on to code
 * generation), ARGREF and two macro arguments ($1 is 1, $2 is "foo"), so
 * that scripts using $1 compile as they would from the command line.
 * strcompile takes a C string: a NUL byte ends the program (the file path,
 * dtrace_program_fcompile, is tested by e2e case nul-bytes).
 *
 * A compile error is an ordinary outcome; a crash, a sanitizer report, a
 * leak after dtrace_close or an input slower than the -timeout is a bug:
 * it is fixed in the library and the input kept in tests/fuzz/regress/.
 * Built and run by `make fuzz` (see the Makefile; tests/fuzz/README).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <dtrace.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char *const argv[] = {"dtrace", "1", "foo", NULL};
	char *text = malloc(size + 1);
	dtrace_hdl_t *dtp;
	int err;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = 0;
	dtp = dtrace_open(DTRACE_VERSION, DTRACE_O_NODEV, &err);
	if (dtp) {
		/* the result is owned by the handle; only the outcome matters */
		(void)dtrace_program_strcompile(dtp, text, DTRACE_PROBESPEC_NAME,
						DTRACE_C_ZDEFS | DTRACE_C_ARGREF, 3, argv);
		(void)dtrace_errmsg(dtp, dtrace_errno(dtp));
		dtrace_close(dtp);
	}
	free(text);
	return 0;
}
