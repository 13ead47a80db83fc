#!/bin/sh
# The installed library, as a user gets it: `make install` into a scratch
# root, build tests/api/consumer.c against that tree through pkg-config
# (dtrace.h, libdtrace.so), run it (as root: it runs BPF probes) and compare
# what it prints.  Also checks that libdtrace(3)'s example is consumer.c.
#
# Usage: tests/api/run.sh      (make api; MAKE and CC are honored)
# Exit status 0 if everything matched, 1 otherwise.
set -eu
cd "$(dirname "$0")/../.."
MAKE=${MAKE:-make}
CC=${CC:-cc}
PKG_CONFIG=${PKG_CONFIG:-pkg-config}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
root=$tmp/root
fail=0

$MAKE -s install DESTDIR="$root" PREFIX=/usr >/dev/null

# the tree's own libdtrace.pc, with its paths under $root (the ALLOW_SYSTEM
# variables keep -I/usr/include and -L/usr/lib, which a pkg-config that
# filters system directories before adding the sysroot would drop)
flags=$(PKG_CONFIG_PATH="$root/usr/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$root" \
	PKG_CONFIG_ALLOW_SYSTEM_CFLAGS=1 PKG_CONFIG_ALLOW_SYSTEM_LIBS=1 \
	$PKG_CONFIG --cflags --libs libdtrace)
echo "api: $CC tests/api/consumer.c $flags"
# shellcheck disable=SC2086
$CC -std=gnu11 -Wall -Wextra -Werror -o "$tmp/consumer" tests/api/consumer.c $flags

# it must run with the shared library, found through its soname
if ! readelf -d "$tmp/consumer" | grep -q 'NEEDED.*\[libdtrace\.so\.1\]'; then
	echo "api: FAIL: consumer is not linked with libdtrace.so.1" >&2
	fail=1
fi

rc=0
LD_LIBRARY_PATH="$root/usr/lib" timeout 60 "$tmp/consumer" >"$tmp/out" 2>"$tmp/err" || rc=$?
if [ "$rc" -ne 0 ] || [ -s "$tmp/err" ]; then
	echo "api: FAIL: consumer exited with $rc; stderr:" >&2
	cat "$tmp/err" >&2
	fail=1
fi

# line 1 is the compile error's message (DTrace's wording: "syntax error
# near ..."); the rest must match exactly
if ! head -n 1 "$tmp/out" | grep -q '^compile error: .*syntax error'; then
	echo "api: FAIL: line 1 is not a syntax error message" >&2
	fail=1
fi
cat >"$tmp/expect" <<'END'
matched 2 probes
begin 42
fired 2
exit status 0
kk 1
tick 5
END
if ! tail -n +2 "$tmp/out" | diff -u "$tmp/expect" - >"$tmp/diff"; then
	echo "api: FAIL: output differs (expected -, actual +):" >&2
	cat "$tmp/diff" >&2
	fail=1
fi

# libdtrace(3)'s EXAMPLE is this program, unescaped from roff
sed -n '/^\.SH EXAMPLE/,/^\.SH/p' man/libdtrace.3 | sed -n '/^\.EX/,/^\.EE/p' | sed '1d;$d' |
	sed -e 's/^\\&//' -e 's/\\e/\\/g' >"$tmp/example.c"
if ! diff -u tests/api/consumer.c "$tmp/example.c" >"$tmp/diff"; then
	echo "api: FAIL: man/libdtrace.3's example differs from tests/api/consumer.c:" >&2
	cat "$tmp/diff" >&2
	fail=1
fi

if [ "$fail" -eq 0 ]; then
	echo "api: passed"
fi
exit "$fail"
