# shellcheck shell=bash
# -j, the container filter: by a cgroup's path (a cgroup v2 group this
# case makes and runs a program in: only that program's exec is shown, not
# the same program run outside it), 0 (processes in no container: a
# program of this case), a container's name that no process has (nothing
# in two seconds).
. ../lib/dwatch.sh
cp /bin/true "$E2E_TMP/dwtrue"
show() { sed -E -e "$DW_DATE_SED" -e 's/\[[0-9]+\]/[PID]/' -e "s|$E2E_TMP|TMP|g" "$E2E_TMP/dw.out"; }

# the cgroup v2 hierarchy's mount (alone, or /sys/fs/cgroup/unified beside v1)
root=$(awk '$3 == "cgroup2" && $2 ~ /^\/sys\/fs\/cgroup/ { print $2; exit }' /proc/mounts)
cg=dwatch-e2e-$$
mkdir "$root/$cg" || exit 1
inside() { bash -c 'echo $$ >"$1/cgroup.procs" && exec "$2" inside' sh "$root/$cg" "$E2E_TMP/dwtrue"; }
both() { "$E2E_TMP/dwtrue" outside; inside; }
dw_start -q -N 1 -k dwtrue -j "/$cg" execve
dw_until never both
dw_stop
show
rmdir "$root/$cg"

dw_start -q -N 1 -k dwtrue -j 0 execve
dw_until never "$E2E_TMP/dwtrue" outside
dw_stop
show

dw_start -q -T 2 -k dwtrue -j no-such-container execve
dw_until never "$E2E_TMP/dwtrue" outside
dw_stop
show
