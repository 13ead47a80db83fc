# shellcheck shell=bash
# copyout() and copyoutstr() (destructive, -w) write into the traced
# process's memory: at write(2)'s entry they overwrite the buffer echo is
# about to write, which then prints the new bytes.  A kernel in lockdown
# (the kernel says so at boot) refuses bpf_probe_write_user(): dtrace then
# refuses the script with a message saying why, which is what is checked
# there.  DTRACE_KERNEL_LACKS=write-user makes that refusal happen on any
# kernel.  Without -w both are refused as destructive.
script='syscall::write:entry /pid == $target/ {
	copyoutstr("HELLO", arg1, 5);
	this->b = (char *)alloca(3);
	this->b[0] = 0x57; this->b[1] = 0x4f; this->b[2] = 0x52;
	copyout(this->b, arg1 + 6, 3);
}'
out=$("$DTRACE" -w -q -n "$script" -c "/bin/echo hello world" 2>&1)
if dmesg 2>/dev/null | grep -q "Kernel is locked down"; then
	want="dtrace: invalid probe specifier $script: copyoutstr( ) is not available: this kernel does not let BPF programs write user memory (bpf_probe_write_user; kernel lockdown refuses it)"
else
	want="HELLO WORld"
fi
if [[ $out == "$want" ]]; then
	echo "copyout: as the kernel allows"
else
	echo "copyout: unexpected: $out"
fi
DTRACE_KERNEL_LACKS=write-user "$DTRACE" -w -q -n 'BEGIN { copyout("abc", 8, 3); }'
echo "exit $?"
"$DTRACE" -q -n 'BEGIN { copyoutstr("abc", 8, 3); }'
echo "exit $?"
