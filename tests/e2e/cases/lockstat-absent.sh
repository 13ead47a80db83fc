# shellcheck shell=bash
# A description naming only lockstat probes this kernel cannot offer says
# why: the *-acquire probes everywhere; the *-release probes where the
# kernel has no kprobes (where it has them, spin-release is listed).
"$DTRACE" -n 'lockstat:::adaptive-acquire { trace(args[0]); }'
echo "status $?"
if [[ -e /sys/bus/event_source/devices/kprobe ]]; then
	"$DTRACE" -l -n lockstat:::spin-release | grep -q '_raw_spin_unlock spin-release$'
	echo "spin-release as this kernel allows: $([[ $? == 0 ]] && echo yes || echo no)"
else
	"$DTRACE" -n 'lockstat:::spin-release { trace(arg0); }' 2>&1 |
		grep -qx "dtrace: invalid probe specifier lockstat:::spin-release { trace(arg0); }: lockstat:::\*-release probes need kprobes on the kernel's unlock functions (mutex_unlock, up_read, _raw_spin_unlock...), which this kernel does not offer"
	echo "spin-release as this kernel allows: $([[ $? == 0 ]] && echo yes || echo no)"
fi
