# shellcheck shell=bash
# aggsize is shared by all the aggregations of a program, as DTrace shares
# it: they live in one map of aggsize / (key + value) entries.  Here every
# entry takes 24 bytes (the key: the aggregation's id and one integer key,
# 16 bytes; the value: a count, 8), so aggsize=4096 holds 170 entries.  A
# BEGIN clause makes 100 keys in @a and then 100 in @b: 200 do not fit,
# @a keeps its 100, @b the 70 made first, and the 30 others are reported
# as "dtrace: 30 aggregation drops on CPU 0".  The same 100 keys of @b
# alone fit: no drops.  dtrace runs pinned to CPU 0 (BEGIN runs on the CPU
# dtrace runs on).
program() {
	echo '#pragma D option quiet'
	echo '#pragma D option aggsize=4096'
	echo 'BEGIN'
	echo '{'
	for agg in "$@"; do
		for i in $(seq 1 100); do
			echo "	@${agg}[$i] = count();"
		done
	done
	echo '	exit(0);'
	echo '}'
	echo 'END'
	echo '{'
	for agg in "$@"; do
		printf '\tprinta("%s %%d %%@d\\n", @%s);\n' "$agg" "$agg"
	done
	echo '}'
}
for aggs in "a b" "b"; do
	# shellcheck disable=SC2086  # one word per aggregation
	program $aggs >"$E2E_TMP/p.d"
	taskset -c 0 "$DTRACE" -s "$E2E_TMP/p.d" >"$E2E_TMP/out" 2>"$E2E_TMP/err"
	echo "${aggs// / and }: dtrace exit status $?"
	for agg in $aggs; do
		echo "@$agg: $(grep -c "^$agg [0-9]* 1$" "$E2E_TMP/out") entries of 1," \
		     "keys $(awk -v a="$agg" '$1 == a { print $2 }' "$E2E_TMP/out" | sort -n | sed -n '1p;$p' | paste -sd-)"
	done
	cat "$E2E_TMP/err" >&2
done
