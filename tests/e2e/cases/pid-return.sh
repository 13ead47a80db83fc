# shellcheck shell=bash
# pid return probes are uprobes on a function's return instructions: each
# ret, and each jump out of the function (a tail call), as illumos's pid
# provider places them.  arg0 is the offset of the instruction in the
# function and arg1 the return value (%rax; at a tail call, whatever %rax
# holds before the callee runs).  Checked against objdump: every arg0 is a
# ret or a jump out of work, and every one of those objdump shows fires.
# Entry probes: arg0..arg5 in registers, arg6 and arg7 from the stack.
cat >"$E2E_TMP/r.c" <<'C'
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline, noclone)) long leaf(long x)
{
	__asm__ volatile("");
	return x * 3;
}

/* three ways out at -O2: two rets and a tail call (jmp leaf) */
__attribute__((noinline, noclone)) long work(long x)
{
	if (x < 0)
		return -1;
	if (x > 100)
		return leaf(x);
	return x + 1;
}

__attribute__((noinline, noclone)) long eight(long a, long b, long c, long d, long e, long f, long g, long h)
{
	return a + b + c + d + e + f + g + h;
}

int main(int argc, char **argv)
{
	long r = 0;

	for (int i = 1; i < argc; i++)
		r += work(atol(argv[i]));
	r += eight(1, 2, 3, 4, 5, 6, 7, 8);
	printf("%ld\n", r);
	return 0;
}
C
cc -O2 -o "$E2E_TMP/r" "$E2E_TMP/r.c" || exit 1

# objdump's instructions of work, within its symbol's size: "offset text"
read -r start size < <(nm -S "$E2E_TMP/r" | awk '$4 == "work" { print $1, $2 }')
objdump -d --no-show-raw-insn --start-address=$((16#$start)) --stop-address=$((16#$start + 16#$size)) \
	"$E2E_TMP/r" | sed -n 's/^ *\([0-9a-f]*\):\t/\1 /p' | while read -r addr insn; do
		printf '%x %s\n' $((16#$addr - 16#$start)) "$insn"
	done >"$E2E_TMP/work.dis"
# the return sites: ret, and jumps whose target is not in work
awk '$2 == "ret" || ($2 ~ /^j/ && $NF !~ /^<work[+>]/) { print $1 }' "$E2E_TMP/work.dis" | sort >"$E2E_TMP/sites"

"$DTRACE" -q -o "$E2E_TMP/trace" -n '
pid$target:a.out:work:entry { printf("work(%d)\n", arg0); }
pid$target:a.out:work:return { printf("work return %x %d\n", arg0, arg1); }
pid$target:a.out:leaf:return { printf("leaf returns %d\n", arg1); }
pid$target:a.out:eight:entry {
	printf("eight(%d, %d, %d, %d, %d, %d, %d, %d)\n", arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7);
}
pid$target:a.out:eight:return { printf("eight returns %d\n", arg1); }' -c "$E2E_TMP/r -5 5 200"
echo "dtrace exit status $?"

# each return as what objdump says is there
while read -r line; do
	read -r what kind site val <<<"$line"
	if [[ $what != work || $kind != return ]]; then
		echo "$line"
		continue
	fi
	insn=$(awk -v o="$site" '$1 == o { $1 = ""; print }' "$E2E_TMP/work.dis")
	case $insn in
	" ret"*) echo "work returns $val by ret" ;;
	" j"*"<leaf>") echo "work returns by a tail call to leaf" ;;
	*) echo "work return at +0x$site, where objdump shows:$insn" ;;
	esac
	echo "$site" >>"$E2E_TMP/seen"
done <"$E2E_TMP/trace"
sort -u "$E2E_TMP/seen" | diff - "$E2E_TMP/sites" >/dev/null &&
	echo "every return site objdump shows in work fired" ||
	echo "return sites fired: $(sort -u "$E2E_TMP/seen" | xargs), objdump's: $(xargs <"$E2E_TMP/sites")"

# A function GCC split: its unlikely path is in checked.cold, reached by a
# jump and returning from there.  The jump is not a return; the ret in
# checked.cold is one of checked's (arg0 the offset from checked: negative
# when the part lies before it).
cat >"$E2E_TMP/cold.c" <<'C'
#include <stdio.h>
#include <stdlib.h>

__attribute__((cold, noinline)) void complain(long x)
{
	fprintf(stderr, "bad %ld\n", x);
}

__attribute__((noinline, noclone)) long checked(long x)
{
	if (__builtin_expect(x < 0, 0)) {
		complain(x);
		return -2;
	}
	return x * 2;
}

int main(int argc, char **argv)
{
	long r = 0;

	for (int i = 1; i < argc; i++)
		r += checked(atol(argv[i]));
	printf("%ld\n", r);
	return 0;
}
C
cc -O2 -o "$E2E_TMP/cold" "$E2E_TMP/cold.c" || exit 1
nm "$E2E_TMP/cold" | grep -q ' checked\.cold$' && echo "checked has a .cold part"
start=$(nm "$E2E_TMP/cold" | awk '$3 == "checked" { print $1 }')
"$DTRACE" -q -o "$E2E_TMP/coldtrace" -n '
pid$target:a.out:checked:entry { printf("checked(%d)\n", arg0); }
pid$target:a.out:checked:return { printf("return %d %d\n", arg0, arg1); }' -c "$E2E_TMP/cold 3 -4 5" 2>/dev/null
echo "dtrace exit status $?"
while read -r what off val; do
	if [[ $what != return ]]; then
		echo "$what"
		continue
	fi
	addr=$(printf '%x' $((16#$start + off)))
	# the function objdump shows that address in, and the instruction
	where=$(objdump -d --no-show-raw-insn "$E2E_TMP/cold" | awk -v a="$addr" '
		/^[0-9a-f]+ <.*>:$/ { f = $2 }
		$1 == a ":" { sub(/^[^\t]*\t/, ""); print f, $0; exit }')
	echo "checked returns $val at $where"
done <"$E2E_TMP/coldtrace"
