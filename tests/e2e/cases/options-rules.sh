# shellcheck shell=bash
# The options as DTrace reads them (dt_options.c): a compile-time flag
# takes no value and a #pragma sets it for its own program only; the
# preprocessor's options may not come from a #pragma; a switch set to a
# number is set, even to 0; DTRACE_OPT_* in the environment sets options
# before the command line; -xversion and #pragma D option version compile
# for an older D, which lacks what came later (strtok is D 1.1, ucaller
# 1.2), tell cpp its number (__SUNW_D_VERSION) and cannot be raised again.
cd "$E2E_TMP" || exit 1
"$DTRACE" -xzdefs=1 -n 'BEGIN { exit(0) }' 2>&1; echo "exit $?"
printf '#pragma D option cppargs=-DX\nBEGIN { exit(0) }\n' >ctx.d
"$DTRACE" -s ctx.d 2>&1 | sed 's|[^ ]*/ctx.d|ctx.d|'
# zdefs from a #pragma in the first program does not carry to the second
printf '#pragma D option zdefs\nBEGIN, nosuch:::probe { exit(0) }\n' >z1.d
"$DTRACE" -q -s z1.d -n 'nosuch:::other { exit(0) }' 2>&1 | sed 's|[^ ]*/z1.d|z1.d|'
"$DTRACE" -xquiet=0 -n 'BEGIN { trace("quiet=0 is set"); exit(0) }'
DTRACE_OPT_QUIET=yes DTRACE_OPT_STRSIZE=5 "$DTRACE" -n 'BEGIN { trace("from the environment"); exit(0) }'
echo
DTRACE_OPT_QUIET=yes "$DTRACE" -xquiet=no -n 'BEGIN { exit(0) }' 2>/dev/null | head -1
"$DTRACE" -C -xversion=1.6.3 -qn 'BEGIN { printf("%x\n", __SUNW_D_VERSION); exit(0) }'
"$DTRACE" -C -qn 'BEGIN { printf("%x\n", __SUNW_D_VERSION); exit(0) }'
"$DTRACE" -xversion=1.0 -qn 'BEGIN { trace(strtok("a b", " ")); exit(0) }' 2>&1
"$DTRACE" -xversion=1.1 -qn 'BEGIN { trace(strtok("a b", " ")); exit(0) }' 2>&1; echo
"$DTRACE" -xversion=1.1 -qn 'BEGIN { trace(ucaller); exit(0) }' 2>&1
printf '#pragma D option version=1.0\n#pragma D option version=1.1\nBEGIN { exit(0) }\n' >v.d
"$DTRACE" -s v.d 2>&1 | sed 's|[^ ]*/v.d|v.d|'
for v in 1.x 1.7 1; do "$DTRACE" -xversion=$v -qn 'BEGIN { exit(0) }' 2>&1; echo "exit $?"; done
"$DTRACE" -V
# -G, -h, -l and -V are modes, one at a time, each occurrence counted
for m in "-l -V" "-l -l"; do
	# shellcheck disable=SC2086
	"$DTRACE" $m 2>&1; echo "exit $?"
done
# #pragma D binding ties a library inline to its version (io.d's fds is
# D 1.1): a program that reduces the version after the library loaded
# loses it, as DTrace's dt_reduce deletes it; -xversion, set before the
# library loads, keeps it
printf '#pragma D option version=1.0\nBEGIN { trace(fds[0].fi_fs); exit(0) }\n' >b.d
"$DTRACE" -qs b.d 2>&1 | sed 's|[^ ]*/b.d|b.d|'
"$DTRACE" -xversion=1.0 -qn 'BEGIN { trace(fds[0].fi_fs); exit(0) }'; echo
# A translator bound by #pragma D binding "v" translator goes the same
# way: io.d's from a struct file is D 1.1, and so is one the program
# defines before it reduces the version (dt_reduce deletes translators)
printf '#pragma D option version=1.0\nBEGIN { trace(xlate<fileinfo_t>((struct file *)0).fi_name); exit(0) }\n' >x.d
"$DTRACE" -qs x.d 2>&1 | sed 's|[^ ]*/x.d|x.d|'
printf 'struct in { int a; };\nstruct out { int b; };\n#pragma D binding "1.1" translator\ntranslator struct out < struct in *p > { b = p->a; };\n' >u.d
printf '#pragma D option version=1.0\nBEGIN { trace(xlate<struct out>((struct in *)0).b); exit(0) }\n' >>u.d
"$DTRACE" -qs u.d 2>&1 | sed 's|[^ ]*/u.d|u.d|'
sed -i 's/^#pragma D option version=1.0$//' u.d
"$DTRACE" -e -qs u.d 2>&1; echo "exit $?"
