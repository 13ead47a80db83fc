# fbt: a module's functions, typed from the module's BTF (split on vmlinux's):
# a vmlinux type, and the module's own typedef and struct by their names.
# The module is ext4's (a module on Debian, built in on Ubuntu: vmlinux).
m=$($DTRACE -l -n fbt::ext4_file_read_iter:entry | awk 'NR == 2 { print $3 }')
$DTRACE -lvn fbt:$m:ext4_file_read_iter:entry | grep 'args\['
$DTRACE -lvn fbt:$m:ext4_get_group_desc:entry | grep 'args\['
$DTRACE -lvn fbt:$m:ext4_get_group_desc:return | grep 'args\['
$DTRACE -l -n fbt::ext4_file_read_iter:entry | awk 'NR > 1 { print $2, $3, $4, $5 }'
