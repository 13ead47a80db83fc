# shellcheck shell=bash
# Trace events in groups that DTrace processes make ("dt_PID_NAME", where
# a DTrace's BEGIN and END uprobes live, and "dt_pid") are not sdt or rawtp
# probes, as DTrace's sdt and rawtp populate() skip them: a probe named
# BEGIN in such a group does not join dtrace:::BEGIN.
tfs=/sys/kernel/tracing
[[ -d $tfs/events ]] || tfs=/sys/kernel/debug/tracing
off=0x1000
grp=dt_$$_e2etest
echo "p:$grp/BEGIN /bin/true:$off" >>"$tfs/uprobe_events" || exit 1
"$DTRACE" -l -n BEGIN
"$DTRACE" -l -n "sdt:$grp::" 2>&1 | sed "s/$grp/GROUP/"
"$DTRACE" -l -n "rawtp:$grp::" 2>&1 | sed "s/$grp/GROUP/"
echo "-:$grp/BEGIN" >>"$tfs/uprobe_events"
