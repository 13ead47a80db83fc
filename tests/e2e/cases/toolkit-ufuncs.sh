# shellcheck shell=bash
# toolkit ufuncs.d: a program calling f() 7 times: main once, f 7 times.
printf 'int f(int x) { return x * 2; }\nint main(void) { int s = 0; for (int i = 0; i < 7; i++) s += f(i); return s == 0; }\n' >"$E2E_TMP/u.c"
cc -O0 -o "$E2E_TMP/ufprog" "$E2E_TMP/u.c" || exit 1
"$DTRACE" -c "$E2E_TMP/ufprog" -s ../../../share/toolkit/ufuncs.d | grep -E '^FUNCTION|`(main|f) '
