# shellcheck shell=bash
# freopen(fmt, ...) sends the output that follows to a file (appended to),
# formatted as printf() does, and freopen("") back to where it went, the
# aggregations printed at the end included; "." is refused as DTrace
# refuses it.  ftruncate() empties the output file so far.
cd "$E2E_TMP" || exit 1
echo "old" >f1.out
"$DTRACE" -w -q -n '
BEGIN { printf("one\n"); freopen("f%d.out", 1); printf("two\n"); @a = count(); }
BEGIN { freopen("f2.out"); printf("three\n"); freopen(""); printf("four\n"); }
BEGIN { freopen("f2.out"); exit(0); }
END { printa("agg %@d\n", @a); }'
echo "exit $?"
echo "f1:"; cat f1.out
echo "f2:"; cat f2.out
"$DTRACE" -o t.out -q -n 'BEGIN { printf("gone\n"); ftruncate(); printf("kept\n"); exit(0); }'
echo "ftruncate:"; cat t.out
"$DTRACE" -q -n 'BEGIN { freopen("."); }'
echo "exit $?"
