# shellcheck shell=bash
# pid instruction probes: work:0 fires at each call, as the entry does, and
# an offset that dtrace -l lists (the loop's multiply, found in objdump's
# listing) fires once per iteration, with the registers as they are there
# (%rdi still holds n: arg0).
cat >"$E2E_TMP/w.c" <<'C'
#include <stdio.h>
#include <unistd.h>

__attribute__((noinline)) int work(int n)
{
	int s = 0;

	for (int i = 0; i < n; i++)
		s += i * i;
	return s;
}

int main(int argc, char **argv)
{
	char c;

	(void)argv;
	if (argc > 1) {		/* held on a pipe to be listed */
		puts("ready");
		fflush(stdout);
		if (read(0, &c, 1) < 0)
			return 2;
	}
	printf("%d %d\n", work(3), work(4));
	return 0;
}
C
cc -O0 -o "$E2E_TMP/w" "$E2E_TMP/w.c" || exit 1

# the offset of work's imul, as objdump shows it
read -r start size < <(nm -S "$E2E_TMP/w" | awk '$4 == "work" { print $1, $2 }')
addr=$(objdump -d --no-show-raw-insn --start-address=$((16#$start)) --stop-address=$((16#$start + 16#$size)) \
	"$E2E_TMP/w" | sed -n 's/^ *\([0-9a-f]*\):\timul.*/\1/p' | head -1)
off=$(printf '%x' $((16#$addr - 16#$start)))

# dtrace -l lists it for a process running the program
mkfifo "$E2E_TMP/go" "$E2E_TMP/ready"
"$E2E_TMP/w" hold <"$E2E_TMP/go" >"$E2E_TMP/ready" &
pid=$!
exec 3>"$E2E_TMP/go" 4<"$E2E_TMP/ready"
read -r line <&4
"$DTRACE" -l -n "pid$pid:a.out:work:$off" | awk -v off="$off" 'NR > 1 && $5 == off { print "listed:", $4, "imul" }'
exec 3>&-
wait $pid

"$DTRACE" -q -n "
pid\$target:a.out:work:0 { printf(\"work:0 n=%d\\n\", arg0); }
pid\$target:a.out:work:$off { printf(\"work:imul n=%d\\n\", arg0); }
pid\$target:a.out:work:$off { @ = count(); }
END { printa(\"work:imul fired %@d times\\n\", @); }" -c "$E2E_TMP/w" -o "$E2E_TMP/out"
echo "dtrace exit status $?"
cat "$E2E_TMP/out"
