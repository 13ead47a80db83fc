# shellcheck shell=bash
# `container` names the container a thread runs in from its cgroup (v2), as
# engines name their cgroups (lib/dtrace/container.d): the test makes real
# cgroups named as Docker (both drivers) and systemd-nspawn name theirs, in
# a cgroup2 hierarchy it mounts, moves a shell through them, and reads
# `container`, `zonename` and `cgroup` at each getppid() of that shell.
root=$E2E_TMP/cg2
mkdir -p "$root"
mount -t cgroup2 none "$root" || { echo "cannot mount cgroup2"; exit 1; }
id=0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef
mkdir -p "$root/docker-$id.scope" "$root/machine.slice/machine-web1.scope" "$root/docker/$id"
s=$E2E_TMP/run.sh
cat >"$s" <<EOS
#!/bin/sh
echo \$\$ > $root/docker-$id.scope/cgroup.procs; perl -e getppid
echo \$\$ > $root/machine.slice/machine-web1.scope/cgroup.procs; perl -e getppid
echo \$\$ > $root/docker/$id/cgroup.procs; perl -e getppid
echo \$\$ > $root/cgroup.procs; perl -e getppid
EOS
chmod +x "$s"
"$DTRACE" -qn 'syscall::getppid:entry /progenyof($target) && execname == "perl"/ {
	printf("[%s] [%s] %s\n", container, zonename, cgroup == last ? "same cgroup" : "new cgroup");
	last = cgroup; }' -c "$s"
rmdir "$root/docker/$id" "$root/docker" "$root/machine.slice/machine-web1.scope" "$root/machine.slice" \
	"$root/docker-$id.scope"
umount "$root"
