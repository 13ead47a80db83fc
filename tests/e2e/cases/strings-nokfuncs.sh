# shellcheck shell=bash
# The string subroutines without the kernel's string kfuncs (what kernels
# before 6.17 have): DTRACE_KERNEL_LACKS=string-kfuncs makes dtrace use its
# own BPF functions (codegen/strfn.c) on this kernel too.  Their output must
# be what the kfuncs give: the edge cases at the default strsize, and
# strings as long as strsize at 1024 and 4096 (4096 is the most the
# functions support).
for lacks in "" string-kfuncs; do
	echo "== DTRACE_KERNEL_LACKS=$lacks"
	DTRACE_KERNEL_LACKS=$lacks "$DTRACE" -qs strings-nokfuncs.d
	for size in 1024 4096; do
		DTRACE_KERNEL_LACKS=$lacks "$DTRACE" -x strsize=$size -qs strings-nokfuncs-long.d
	done
done
echo "== strsize 5000"
DTRACE_KERNEL_LACKS=string-kfuncs "$DTRACE" -x strsize=5000 -qn 'BEGIN { trace(strchr("abc", 98)); exit(0); }'
echo "exit status $?"
