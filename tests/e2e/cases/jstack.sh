# shellcheck shell=bash
# jstack() is accepted with ustack()'s prototype and checks; with no Java
# VM helper to name JIT frames, it records the user stack as ustack()
# does (the same frames at the same probe), also as an aggregation key.
out=$E2E_TMP/out
"$DTRACE" -o "$out" -qn '
profile-97 /pid == $target/ { ustack(); printf("--\n"); jstack(); @[jstack(3)] = count(); exit(0); }
END { printf("==\n"); printa(@); }' -c /usr/bin/yes >/dev/null
echo "exit $?"
u=$(sed -n '1,/^--$/p' "$out" | grep -v '^--$' | grep .)
j=$(sed -n '/^--$/,/^==$/p' "$out" | grep -v '^--$\|^==$' | grep .)
[[ -n $u && $u == "$j" ]] && echo "jstack() == ustack(): yes" || echo "jstack() == ustack(): no"
sed -n '/^==$/,$p' "$out" | grep -c 'yes`'
"$DTRACE" -qn 'BEGIN { jstack(0); }' 2>&1
"$DTRACE" -qn 'BEGIN { jstack(1, -1); }' 2>&1
echo "exit $?"
