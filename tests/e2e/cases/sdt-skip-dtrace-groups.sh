# shellcheck shell=bash
# Another DTrace process's own uprobe events, in tracefs groups
# "dt_<pid>_<name>" (Oracle DTrace's BEGIN and END), are not sdt probes
# (dt_prov_sdt.c populate() skips GROUP_FMT groups): "BEGIN" still names
# just dtrace:::BEGIN while such a group exists.
ev=/sys/kernel/tracing/uprobe_events
[[ -w $ev ]] || ev=/sys/kernel/debug/tracing/uprobe_events
grp=dt_$((4000000 + RANDOM))_dtrace
echo "p:$grp/BEGIN /bin/true:0x1000" >>"$ev" || exit 1
trap 'echo "-:$grp/BEGIN" >>"$ev"' EXIT
"$DTRACE" -ln BEGIN
"$DTRACE" -qn 'BEGIN { trace("ok"); exit(0); }'
echo
