# shellcheck shell=bash
# dtrace -l -P lockstat lists what this kernel offers: the contention
# probes, made of lock:contention_end (every kernel from 5.19), and the
# release probes only where the kernel has kprobes (this project's
# development machines have none); the function column is empty, as in
# DTrace.  -lv shows DTrace's argument types.
"$DTRACE" -l -P lockstat | awk 'NR > 1 && $4 !~ /-release$/ { print $4 }' | sort
n=$("$DTRACE" -l -P lockstat | awk 'NR > 1 && $4 ~ /-release$/' | wc -l)
if [[ -e /sys/bus/event_source/devices/kprobe ]]; then want=7; else want=0; fi
echo "release probes as this kernel allows: $([[ $n == "$want" ]] && echo yes || echo "no ($n, want $want)")"
"$DTRACE" -lv -n lockstat:::adaptive-block | sed -n '/Argument Types/,$p'
"$DTRACE" -lv -n lockstat:::rw-spin | sed -n '/Argument Types/,$p'
