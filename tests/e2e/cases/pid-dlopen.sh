# shellcheck shell=bash
# A library the process dlopen()s after tracing starts: named in full (no
# glob) in a description, it is looked up as the dynamic linker will (the
# program's RUNPATH, then the LD_LIBRARY_PATH it was started with) and its
# probes fire once it is loaded: a uprobe names a file, not an address.
# The -c child is stopped at its exec, long before its dlopen().
cat >"$E2E_TMP/plug.c" <<'C'
int plug_fn(int x) { return x * 7; }
C
cat >"$E2E_TMP/main.c" <<'C'
#include <dlfcn.h>
#include <stdio.h>
int main(void)
{
	void *h = dlopen("libplug.so", RTLD_NOW);
	int (*fn)(int) = h ? (int (*)(int))dlsym(h, "plug_fn") : NULL;

	if (!fn) {
		printf("dlopen: %s\n", dlerror());
		return 1;
	}
	printf("plug_fn(6) = %d\n", fn(6));
	return 0;
}
C
mkdir "$E2E_TMP/here" "$E2E_TMP/elsewhere"
# beside the program, found through its RUNPATH ($ORIGIN)
cc -shared -fPIC -Wl,-soname,libplug.so.1 -o "$E2E_TMP/here/libplug.so" "$E2E_TMP/plug.c" || exit 1
cc -o "$E2E_TMP/here/prog" "$E2E_TMP/main.c" -Wl,-rpath,'$ORIGIN' || exit 1
# in a directory of LD_LIBRARY_PATH
cc -shared -fPIC -o "$E2E_TMP/elsewhere/libplug.so" "$E2E_TMP/plug.c" || exit 1
cc -o "$E2E_TMP/prog2" "$E2E_TMP/main.c" || exit 1

script='
pid$target:libplug.so:plug_fn:entry { printf("%s`%s(%d)\n", probemod, probefunc, arg0); }
pid$target:libplug:plug_fn:return { printf("%s`%s returns %d\n", probemod, probefunc, arg1); }'
echo "RUNPATH:"
"$DTRACE" -q -o "$E2E_TMP/out1" -c "$E2E_TMP/here/prog" -n "$script"
echo "dtrace exit status $?"
cat "$E2E_TMP/out1"
echo "LD_LIBRARY_PATH:"
LD_LIBRARY_PATH=$E2E_TMP/elsewhere "$DTRACE" -q -o "$E2E_TMP/out2" -c "$E2E_TMP/prog2" -n "$script"
echo "dtrace exit status $?"
cat "$E2E_TMP/out2"
# a glob names only what the process has or needs: not a later dlopen()
echo "glob:"
"$DTRACE" -q -c "$E2E_TMP/here/prog" -n 'pid$target:libplug*:plug_fn:entry { trace(arg0); }' 2>&1 |
	sed 's/pid[0-9][0-9]*/pidN/g'
echo "dtrace exit status ${PIPESTATUS[0]}"
