# shellcheck shell=bash
# An off-cpu -> on-cpu latency quantize: how long the threads of `sleep 0.3`
# stay off CPU.  Its nanosleep keeps it off CPU for at least 300 ms, so one
# off-cpu -> on-cpu pair falls in a bucket of 2^28 ns (268 ms) or more
# (how much more depends on the machine's load: only the lower bound is
# asserted, with the histogram's header).
"$DTRACE" -q -n '
sched:::off-cpu /pid == $target/ { self->ts = timestamp; }
sched:::on-cpu /self->ts/ { @["off cpu (ns)"] = quantize(timestamp - self->ts); self->ts = 0; }' \
	-c 'sleep 0.3' >"$E2E_TMP/out"
echo "dtrace exit status $?"
grep -o 'off cpu (ns)' "$E2E_TMP/out"
grep -E -o '^ +value +-+ Distribution -+ count *$' "$E2E_TMP/out" | sed -E 's/ +/ /g'
awk '$1 ~ /^[0-9]+$/ && $1 >= 268435456 && $NF > 0 { n += $NF }
     END { print (n > 0 ? "a sleep of 300 ms in a bucket >= 2^28" : "no bucket >= 2^28") }' "$E2E_TMP/out"
