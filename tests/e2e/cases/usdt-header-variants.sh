# shellcheck shell=bash
# The -h header in other builds: C++ (the probe functions take the
# definition's types, as DTrace's prototypes do); -D_DTRACE_VERSION=0 (the
# macros are empty, as in DTrace: no probe sites, no notes, arguments not
# evaluated); a shared library (its probes have their own semaphore: the
# semaphores are hidden); a header written to another directory (the include
# guard is named after the file); no optimisation (arguments in memory).
cd "$E2E_TMP" || exit 1
mkdir inc
cat >svc.d <<'D'
provider svc {
	probe call__enter(const char *, long);
};
D
"$DTRACE" -h -s svc.d -o inc/svc_probes.h
echo "dtrace -h exit status $?"
grep -E '^#(ifndef|define)	_SVC' inc/svc_probes.h

cat >app.cc <<'C'
#include <cstdio>
#include "svc_probes.h"

int main()
{
	long n = 0;
	SVC_CALL_ENTER("main", n++);
	if (!SVC_CALL_ENTER_ENABLED())
		std::printf("C++: n = %ld\n", n);
	return 0;
}
C
c++ -Wall -Wextra -Werror -O2 -Iinc -o appcc app.cc && ./appcc
readelf -n appcc | grep -A3 'Name: call__enter' | sed -n 's/.*Arguments: \([^@]*\)@[^ ]* \([^@]*\)@.*/C++: arguments \1 and \2 bytes/p'

cc -x c -D_DTRACE_VERSION=0 -Wall -Wextra -Werror -Iinc -o off - <<'C'
#include <stdio.h>
#include "svc_probes.h"
int main(void)
{
	long n = 0;
	SVC_CALL_ENTER("main", n++);
	printf("off: n = %ld, enabled %d\n", n, SVC_CALL_ENTER_ENABLED());
	return 0;
}
C
./off
echo "off: $(readelf -n off | grep -c stapsdt) stapsdt notes, $(readelf -S off | grep -c -e .probes -e .note.dtrace) probe sections"

cat >lib.c <<'C'
#include "svc_probes.h"
void lib_call(void) { SVC_CALL_ENTER("lib", 1); }
C
cc -O0 -fPIC -shared -Iinc -o libsvc.so lib.c
cat >withlib.c <<'C'
#include "svc_probes.h"
void lib_call(void);
int main(void) { SVC_CALL_ENTER("exe", 2); lib_call(); return 0; }
C
cc -O0 -Iinc -o withlib withlib.c ./libsvc.so
LD_LIBRARY_PATH=. ./withlib && echo "with the library: ran"
for f in withlib libsvc.so; do
	sem=$(readelf -n "$f" | sed -n 's/.*Semaphore: 0x0*\([0-9a-f]*\)$/\1/p')
	sym=$(nm "$f" | awk '$3 == "svc_call__enter_semaphore" { sub(/^0*/, "", $1); print $1, $2 }')
	echo "$f: the note's semaphore is its own: $([[ -n $sem && $sem == "${sym% *}" ]] && echo yes || echo "no: $sem, $sym")"
	readelf -n "$f" | sed -n 's/.*Arguments: /-O0 arguments: /p' | sed -E 's/@-?[0-9]+\(%rbp\)/@MEM/g'
done
