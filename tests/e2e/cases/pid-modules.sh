# shellcheck shell=bash
# A pid probe's module is the object's soname (its file name when it has
# none; the executable's file name), and a description may name it as
# DTrace users do: "a.out" or the file name for the executable; for a
# library its soname, file name, or either up to a "." (libc, libc.so).
# Every form names the same probe (one probe id), and a function's other
# symbol (__libc_malloc for malloc) names the function's probe too.
cat >"$E2E_TMP/libmod.c" <<'C'
int mod_fn(int x) { return x + 1; }
C
cat >"$E2E_TMP/m.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
int mod_fn(int);
__attribute__((noinline)) int work(int x) { return x * 2; }
int main(void)
{
	free(malloc(64));
	printf("%d %d\n", work(20), mod_fn(41));
	return getpid() > 0 ? 0 : 1;
}
C
cc -shared -fPIC -Wl,-soname,libmod.so.1 -o "$E2E_TMP/libmod-1.0.so" "$E2E_TMP/libmod.c" || exit 1
ln -s libmod-1.0.so "$E2E_TMP/libmod.so.1"
cc -o "$E2E_TMP/prog" "$E2E_TMP/m.c" "$E2E_TMP/libmod-1.0.so" -Wl,-rpath,"$E2E_TMP" || exit 1

"$DTRACE" -q -o "$E2E_TMP/out" -c "$E2E_TMP/prog" -n '
pid$target:a.out:work:entry { printf("a.out: %s`%s %d\n", probemod, probefunc, id); }
pid$target:prog:work:entry { printf("prog: %s`%s %d\n", probemod, probefunc, id); }
pid$target:libmod.so.1:mod_fn:entry { printf("libmod.so.1: %s`%s %d\n", probemod, probefunc, id); }
pid$target:libmod-1.0.so:mod_fn:entry { printf("libmod-1.0.so: %s`%s %d\n", probemod, probefunc, id); }
pid$target:libmod:mod_fn:entry { printf("libmod: %s`%s %d\n", probemod, probefunc, id); }
pid$target:libmod-1:mod_fn:entry { printf("libmod-1: %s`%s %d\n", probemod, probefunc, id); }
pid$target:libmod*:mod_fn:entry { printf("libmod*: %s`%s %d\n", probemod, probefunc, id); }
pid$target:libc:getpid:entry { printf("libc: %s`%s %d\n", probemod, probefunc, id); }
pid$target:libc.so:getpid:entry { printf("libc.so: %s`%s %d\n", probemod, probefunc, id); }
pid$target:libc.so.6:getpid:entry { printf("libc.so.6: %s`%s %d\n", probemod, probefunc, id); }
pid$target:libc.so.6:__libc_malloc:entry /arg0 == 64/ { printf("__libc_malloc: %s`%s %d\n", probemod, probefunc, id); }
pid$target:libc.so.6:malloc:entry /arg0 == 64/ { printf("malloc: %s`%s %d\n", probemod, probefunc, id); }'
echo "dtrace exit status $?"
# the lines with the probe ids made relative: the forms of one probe
# print the same number
awk 'NF { if (!($NF in id)) id[$NF] = ++n; $NF = "probe " id[$NF]; print }' "$E2E_TMP/out"
