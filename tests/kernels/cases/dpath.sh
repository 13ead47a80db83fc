# d_path() and fds[] (lib/dtrace/io.d): the working directory, a file on
# the root file system and /proc/version (a mount crossing), at strsizes
# from 16 to 65536 (d_path's BPF function must load at each); fi_name and
# fi_dirname (a string function) at the default strsize; descriptor 1000
# (not open) gives "<none>".
mkdir -p /tmp/case/a/b && echo x > /tmp/case/f && cd /tmp/case/a/b || exit 1
for s in 16 256 4096 65536; do
	$DTRACE -x strsize=$s -qn 'BEGIN { printf("strsize %d: %s|%s|%s\n", '$s', d_path(&curthread->fs->pwd),
	    fds[3].fi_pathname, fds[4].fi_pathname); exit(0); }' 3</proc/version 4</tmp/case/f
done
$DTRACE -qn 'BEGIN { printf("%s %s|%s %s|%s %d\n", fds[3].fi_name, fds[3].fi_dirname, fds[4].fi_name,
    fds[4].fi_dirname, fds[1000].fi_pathname, fds[-1].fi_oflags); exit(0); }' 3</proc/version 4</tmp/case/f
# a pipe: the name the kernel makes up for it
echo | $DTRACE -qn 'BEGIN { printf("%s %s\n", fds[0].fi_pathname, fds[0].fi_fs); exit(0); }' | sed 's/\[[0-9]*\]/[INO]/'
