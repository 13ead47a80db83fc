# The seeds' example in Linux form: the kernel's kmalloc entry (named
# __kmalloc or kmalloc_trace on 6.1, __kmalloc_noprof on 6.12), execname
# and size under dtrace's default header.
for f in __kmalloc_noprof __kmalloc kmalloc_trace; do
	# -l lists what matched (nothing but its header when none did)
	[ "$($DTRACE -l -n "fbt::$f:entry" 2>/dev/null | wc -l)" -gt 1 ] && break
done
$DTRACE -n "fbt::$f:entry { printf(\"%s %d\\n\", execname, arg0); }" \
	-c 'dd if=/proc/version of=/dev/null bs=64 count=1' 2>/dev/null | sed "s/$f/KMALLOC/" |
	awk 'NR == 1 { print; next }
	     /^ +[0-9]+ +[0-9]+ +KMALLOC:entry [^ ]+ [0-9]+$/ { ok++; next }
	     NF { bad++; print "unexpected: " $0 }
	     END { if (ok) print "ok: CPU ID KMALLOC:entry execname size" }'
