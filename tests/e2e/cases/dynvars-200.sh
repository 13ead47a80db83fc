# shellcheck shell=bash
# All dynamic variables share one pool (one BPF map), so a program may have
# as many as it likes: a generated clause stores into 100 associative
# arrays (even ones keyed by an integer, odd ones by a string, so that keys
# of every size share the pool's padded key) and 100 thread-locals, reads
# each back, and a second clause reads them again after the first deleted
# two of each (storing 0).  With one map per variable this did not load
# (a BPF program may use at most 64 maps).
cd "$E2E_TMP" || exit 1
{
	echo '#pragma D option quiet'
	echo 'BEGIN {'
	for ((i = 0; i < 100; i++)); do
		if ((i % 2)); then k="\"k$i\""; else k=$i; fi
		printf '\ta%d[%s] = %d;\n\tself->t%d = %d;\n' "$i" "$k" $((1000 + i)) "$i" $((2000 + i))
	done
	for ((i = 0; i < 100; i++)); do
		if ((i % 2)); then k="\"k$i\""; else k=$i; fi
		printf '\tprintf("%%d %%d %%d\\n", %d, a%d[%s], self->t%d);\n' "$i" "$i" "$k" "$i"
	done
	printf '\ta7["k7"] = 0; a50[50] = 0; self->t0 = 0; self->t99 = 0;\n}\n'
	echo 'BEGIN {'
	for i in 0 7 50 51 98 99; do
		if ((i % 2)); then k="\"k$i\""; else k=$i; fi
		printf '\tprintf("again %d %%d %%d\\n", a%d[%s], self->t%d);\n' "$i" "$i" "$k" "$i"
	done
	printf '\texit(0);\n}\n'
} >many.d
"$DTRACE" -s many.d
echo "exit status $?"
