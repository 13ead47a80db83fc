# shellcheck shell=bash
# Aggregation drops are counted and reported, never silent.  With the
# smallest aggsize (4096 bytes) a BEGIN clause makes 1000 distinct keys: the
# entries that do not fit are dropped, and dtrace says so on stderr as
# "dtrace: N aggregation drops on CPU C".  How many entries fit depends on
# the implementation's layout, so the check is that every key is accounted
# for: the entries printed plus the drops reported make 1000.  dtrace runs
# pinned to CPU 0 (BEGIN runs on the CPU dtrace runs on), so C is 0.
d=$E2E_TMP/drops.d
{
	echo '#pragma D option quiet'
	echo '#pragma D option aggsize=4096'
	echo 'BEGIN'
	echo '{'
	for i in $(seq 1 1000); do
		echo "	@[$i] = count();"
	done
	echo '	exit(0);'
	echo '}'
} >"$d"
taskset -c 0 "$DTRACE" -s "$d" >"$E2E_TMP/out" 2>"$E2E_TMP/err"
echo "dtrace exit status $?"
kept=$(grep -c '^ *[0-9][0-9]* *1$' "$E2E_TMP/out")
drops=$(sed -n 's/^dtrace: \([0-9][0-9]*\) aggregation drops on CPU 0$/\1/p' "$E2E_TMP/err")
echo "entries printed + drops reported = $((kept + ${drops:-0}))"
if [[ -n $drops && $kept -gt 0 && $drops -gt 0 ]]; then
	echo "some entries kept, some dropped"
fi
# anything else on stderr (the count normalised)
sed -E 's/^dtrace: [0-9]+ aggregation drops on CPU 0$/dtrace: N aggregation drops on CPU 0/' "$E2E_TMP/err" >&2
