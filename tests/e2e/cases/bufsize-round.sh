# shellcheck shell=bash
# bufsize is rounded up to a power of two pages, as the kernel's ring
# buffer needs, and dtrace says so (DTrace's dt_pebs_init); a buffer under
# a page or that cannot hold the program's largest record, or an aggsize
# without room for one aggregation entry, is refused (EDT_BUFTOOSMALL).  A size already a
# power of two pages is taken as it is, silently.
for b in 100 5000 8k 4096; do
	"$DTRACE" -q -b "$b" -n 'BEGIN { printf("ran\n"); exit(0); }' 2>&1
	echo "status $?"
done
"$DTRACE" -q -b 4k -x strsize=8000 -n 'BEGIN { printf("%s\n", execname); exit(0); }' 2>&1
echo "status $?"
"$DTRACE" -q -x aggsize=8 -n 'BEGIN { @ = count(); exit(0); }' 2>&1
echo "status $?"
