# shellcheck shell=bash
# d_path() of a working directory is what pwd says: dtrace's own (BEGIN
# runs in dtrace), and that of a -c command started in another directory
# (env -C), seen by a probe in it.  The directories' names have a space
# and are on the root file system under /tmp; / itself is "/".
d="$E2E_TMP/a dir/sub"
mkdir -p "$d" "$E2E_TMP/other"
cd "$d" || exit 1
echo "pwd: $(pwd | sed "s|^$E2E_TMP|TMP|")"
"$DTRACE" -qn 'BEGIN { printf("BEGIN: %s\n", d_path(&curthread->fs->pwd)); exit(0); }' | sed "s|$E2E_TMP|TMP|"
"$DTRACE" -qn 'syscall::exit_group:entry /pid == $target/ { printf("-c: %s\n", d_path(&curthread->fs->pwd)); }' \
	-c "env -C $E2E_TMP/other true" | sed "s|$E2E_TMP|TMP|"
cd / && "$DTRACE" -qn 'BEGIN { printf("root: %s %s\n", d_path(&curthread->fs->pwd), d_path(&curthread->fs->root)); exit(0); }'
# cwd and root, the D library's inlines of them (procfs.d, as DTrace's)
cd "$d" && "$DTRACE" -qn 'BEGIN { printf("cwd: %s, root: %s\n", cwd, root); exit(0); }' | sed "s|$E2E_TMP|TMP|"
