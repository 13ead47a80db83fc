# shellcheck shell=bash
# curcpu's cpu_chip and cpu_lgrp on every CPU a profile probe fires on are
# the CPU's physical package and NUMA node as sysfs gives them (DTrace's
# dt_conf reads the same physical_package_id).
"$DTRACE" -qn '
profile-997 { @[cpu, curcpu->cpu_chip, curcpu->cpu_lgrp] = count(); }
tick-500ms { printa("%d %d %d\n", @); exit(0); }' > "$E2E_TMP/seen" || exit 1
[ -s "$E2E_TMP/seen" ] || { echo "no CPU seen"; exit 1; }
while read -r c chip lgrp; do
	[ -n "$c" ] || continue
	want_chip=$(cat "/sys/devices/system/cpu/cpu$c/topology/physical_package_id" 2>/dev/null || echo 0)
	want_lgrp=0
	for n in /sys/devices/system/cpu/cpu"$c"/node*; do
		[ -e "$n" ] && want_lgrp=${n##*node}
	done
	[ "$chip $lgrp" = "$want_chip $want_lgrp" ] || echo "cpu $c: chip $chip lgrp $lgrp, sysfs $want_chip $want_lgrp"
done < "$E2E_TMP/seen"
echo checked
