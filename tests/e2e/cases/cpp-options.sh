# shellcheck shell=bash
# -H lists the files the preprocessor includes (cpp -H, DTrace's cpphdrs);
# -X chooses its C (DTrace's stdc): a, c and t are ISO C (-std=c99, the
# default), s is K&R C (-traditional-cpp), where a macro's parameter is
# replaced inside a string literal as well.
cd "$E2E_TMP" || exit 1
cat >defs.h <<'H'
#define QUOTE(x) "x"
H
cat >s.d <<'D'
#include "defs.h"
BEGIN { printf("%s\n", QUOTE(replaced)); exit(0); }
D
"$DTRACE" -q -C -I. -s s.d
"$DTRACE" -q -C -I. -Xa -s s.d
"$DTRACE" -q -C -I. -Xs -s s.d
"$DTRACE" -q -C -I. -H -s s.d 2>&1 | sed 's|[^ ]*/||'
"$DTRACE" -q -C -I. -Xq -s s.d 2>&1
echo "exit $?"
