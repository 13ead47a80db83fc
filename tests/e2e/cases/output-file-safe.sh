# shellcheck shell=bash
# Files dtrace writes (-o, -h) are opened safely in a shared directory
# (world-writable with the sticky bit, like /tmp): a symbolic link or a
# file planted there by another user is refused, not followed or appended
# to; dtrace's own link is followed, and outside such directories a link
# is followed as DTrace follows it.  (DTrace itself opens -o with
# fopen(path, "a") and follows any link.)
shared=$E2E_TMP/shared
mkdir "$shared" && chmod 1777 "$shared"
echo secret >"$E2E_TMP/victim"

ln -s "$E2E_TMP/victim" "$shared/planted" && chown -h nobody "$shared/planted"
"$DTRACE" -q -o "$shared/planted" -n 'BEGIN { printf("hello\n"); exit(0); }'
echo "planted link: exit status $?, victim: $(cat "$E2E_TMP/victim")"

echo theirs >"$shared/theirs" && chown nobody "$shared/theirs"
"$DTRACE" -q -o "$shared/theirs" -n 'BEGIN { printf("hello\n"); exit(0); }'
echo "planted file: exit status $?, it has: $(cat "$shared/theirs")"

"$DTRACE" -h -s /dev/stdin -o "$shared/planted" <<<'provider p { probe q(); };'
echo "-h to the planted link: exit status $?, victim: $(cat "$E2E_TMP/victim")"

ln -s "$E2E_TMP/mine" "$shared/mylink"
"$DTRACE" -q -o "$shared/mylink" -n 'BEGIN { printf("hello\n"); exit(0); }'
echo "own link: exit status $?, its target has: $(cat "$E2E_TMP/mine")"

ln -s "$E2E_TMP/elsewhere" "$E2E_TMP/link"
"$DTRACE" -q -o "$E2E_TMP/link" -n 'BEGIN { printf("hello\n"); exit(0); }'
echo "link outside a shared directory: exit status $?, its target has: $(cat "$E2E_TMP/elsewhere")"

# freopen() (destructive, -w) opens its file the same way: the planted link
# is not followed (the failure is reported, output stays on stdout), its
# own link is
"$DTRACE" -qw -n 'BEGIN { freopen("'"$shared/planted"'"); printf("to the link\n"); freopen(""); printf("back\n"); exit(0); }' 2>&1
echo "freopen to the planted link: exit status $?, victim: $(cat "$E2E_TMP/victim")"
"$DTRACE" -qw -n 'BEGIN { freopen("'"$shared/mylink"'"); printf("freopened\n"); freopen(""); exit(0); }'
echo "freopen to its own link: exit status $?, its target has: $(tr '\n' ' ' <"$E2E_TMP/mine")"
