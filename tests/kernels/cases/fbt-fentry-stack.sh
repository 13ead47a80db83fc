# fbt by fentry/fexit (DTRACE_FBT_ATTACH=fentry): stack() starts at the
# probed function, not in the BPF program or its trampoline, and goes on
# through its callers (ksys_read, or __x64_sys_read where ksys_read is
# inlined); at fexit too, unlike a kretprobe, whose stack starts in the
# caller (fbt.c says why).
export DTRACE_FBT_ATTACH=fentry
for n in entry return; do
	$DTRACE -qn "fbt::vfs_read:$n /execname == \"dd\"/ { stack(); exit(0); }" \
		-c 'dd if=/proc/version of=/dev/null bs=64 count=1' 2>/dev/null |
		awk -v n=$n 'NF { sub(/^[ \t]+/, ""); sub(/\+0x[0-9a-f]+$/, ""); k++ }
		     k == 1 { print n ": " $0 }
		     k > 1 && k < 5 && /^vmlinux`(ksys_read|__x64_sys_read)$/ { print "ok: called from read(2)"; exit }'
done
