# shellcheck shell=bash
# dtrace -l lists a function's pid probes: its return, its entry and one
# probe per instruction, named by its offset in hex, at the instruction
# starts objdump shows; "entry" alone lists no instruction probes; the ELF
# entry point, which never returns, has no return probe.  The process is
# a running one (pidPID), held on a pipe while it is listed.
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

int main(void)
{
	char c;

	puts("ready");
	fflush(stdout);
	if (read(0, &c, 1) < 0)
		return 2;
	return work(3) == 5 ? 0 : 1;
}
C
cc -O0 -o "$E2E_TMP/w" "$E2E_TMP/w.c" || exit 1
mkfifo "$E2E_TMP/go" "$E2E_TMP/ready"
"$E2E_TMP/w" <"$E2E_TMP/go" >"$E2E_TMP/ready" &
pid=$!
exec 3>"$E2E_TMP/go" 4<"$E2E_TMP/ready"
read -r line <&4
echo "the program says: $line"

# objdump's instruction starts in work (within its symbol's size), in hex
read -r start size < <(nm -S "$E2E_TMP/w" | awk '$4 == "work" { print $1, $2 }')
objdump -d --no-show-raw-insn --start-address=$((16#$start)) --stop-address=$((16#$start + 16#$size)) \
	"$E2E_TMP/w" | sed -n 's/^ *\([0-9a-f]*\):\t.*/\1/p' | while read -r addr; do
		printf '%x\n' $((16#$addr - 16#$start))
	done >"$E2E_TMP/objdump"

"$DTRACE" -l -n "pid$pid:a.out:work:" >"$E2E_TMP/list"
echo "dtrace -l exit status $?"
# the columns but the id and the pid, and the instruction probes' names
head -1 "$E2E_TMP/list"
awk 'NR > 1 && ($5 == "entry" || $5 == "return") { print $3, $4, $5 }' "$E2E_TMP/list"
awk 'NR > 1 && $5 != "entry" && $5 != "return" { print $5 }' "$E2E_TMP/list" >"$E2E_TMP/offsets"
if [[ -s $E2E_TMP/offsets ]] && diff "$E2E_TMP/objdump" "$E2E_TMP/offsets"; then
	echo "work's instruction probes are objdump's $(wc -l <"$E2E_TMP/objdump") instruction starts"
fi
awk 'NR > 1 && $2 != "pid'"$pid"'" { print "wrong provider:", $0 }' "$E2E_TMP/list"

"$DTRACE" -l -n "pid$pid:a.out::entry" | awk 'NR > 1 { print $3, $4, $5 }'
"$DTRACE" -l -n "pid$pid:a.out:_start:" | awk 'NR > 1 && $5 !~ /^[0-9a-f]+$/ { print $3, $4, $5 }'

exec 3>&-
wait $pid
echo "the program's exit status $?"
