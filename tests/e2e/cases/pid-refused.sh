# shellcheck shell=bash
# What pid refuses, and says why: an offset inside an instruction or past
# the function, a name that is neither entry, return nor a hex offset, a
# function that does not exist, a return probe for the ELF entry point
# (_start never returns: it has no return instruction), an instruction the
# kernel's uprobes cannot take (a lock-prefixed one, here the first of
# bump: so bump has no entry probe either), a process that does not exist.
cat >"$E2E_TMP/w.c" <<'C'
__attribute__((noinline)) void bump(int *p)
{
	__atomic_add_fetch(p, 1, __ATOMIC_SEQ_CST);
}
int main(void)
{
	int n = 0;

	bump(&n);
	return n == 1 ? 0 : 1;
}
C
cc -O2 -o "$E2E_TMP/w" "$E2E_TMP/w.c" || exit 1
# bump's lock add, as objdump shows it
read -r start size < <(nm -S "$E2E_TMP/w" | awk '$4 == "bump" { print $1, $2 }')
addr=$(objdump -d --no-show-raw-insn --start-address=$((16#$start)) --stop-address=$((16#$start + 16#$size)) \
	"$E2E_TMP/w" | sed -n 's/^ *\([0-9a-f]*\):\tlock .*/\1/p' | head -1)
[[ -n $addr ]] && (( 16#$addr == 16#$start )) && echo "bump begins with a lock-prefixed instruction"
for d in bump:1 main:1000 main:start nosuch:entry _start:return bump:0 bump:entry; do
	"$DTRACE" -q -c "$E2E_TMP/w" -n "pid\$target:a.out:$d { exit(0); }" 2>&1 | sed 's/pid[0-9][0-9]*/pidN/g'
done
# what bump has: a return (its ret) and the instructions after the first
"$DTRACE" -q -c "$E2E_TMP/w" -n 'pid$target:a.out:bump: { @[probename] = count(); }' | awk 'NF { print "bump fired:", $1, $2 }' 
"$DTRACE" -n 'pid999999999:a.out:main:entry' 2>&1
echo "dtrace exit status $?"
