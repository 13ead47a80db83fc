# shellcheck shell=bash
# An aggregation keyed by ustack() of a short-lived -c child, printed at
# END after the child has exited: the frames still have their names (the
# child's mappings are read while it lives), and the two call paths to
# leaf() are two keys (stack keys compare by every frame).
cat >"$E2E_TMP/t.c" <<'C'
__attribute__((noinline)) int leaf(int x) { return x * 2 + 1; }
__attribute__((noinline)) int one(int x) { return leaf(x) + 1; }
__attribute__((noinline)) int two(int x) { return leaf(x) + 2; }
int main(void)
{
	int s = 0;
	for (int i = 0; i < 2; i++)
		s += one(i);
	for (int i = 0; i < 3; i++)
		s += two(i);
	return s == 0;
}
C
cc -O0 -fno-omit-frame-pointer -o "$E2E_TMP/t" "$E2E_TMP/t.c" || exit 1
"$DTRACE" -q -n 'pid$target:a.out:leaf:entry { @[ustack(3)] = count(); }' -c "$E2E_TMP/t"
echo "dtrace exit status $?"
