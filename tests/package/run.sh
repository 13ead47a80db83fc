#!/bin/sh
# The Debian packages as a user gets them: lintian on what `make deb` built
# (no error tags), then dtrace, libdtrace1, libdtrace-dev and python3-dtrace
# installed with dpkg on this machine, used, and purged:
#   - /usr/sbin/dtrace runs `BEGIN { exit(0); }` and a program that needs
#     the D library (curpsinfo), which it finds where libdtrace1 put it;
#   - every file `make install` installs is in one of the packages;
#   - tests/api/consumer.c builds with the installed pkg-config file and
#     runs with the installed libdtrace.so.1;
#   - Debian's python3 imports the installed dtrace module and runs the
#     shipped example, which lists the processes making system calls.
# Packages already installed are left alone: the test refuses to run.
#
# Usage: tests/package/run.sh DEBDIR   (make check-package; as root)
# Exit status 0 if everything worked, 1 otherwise.
set -u
cd "$(dirname "$0")/../.."
debdir=${1:?usage: $0 DEBDIR}
pkgs="dtrace libdtrace1 libdtrace-dev python3-dtrace"
ma=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
fail=0
bad() { echo "package: FAIL: $*" >&2; fail=1; }

for p in $pkgs; do
	if dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
		echo "package: $p is installed already; not touching it" >&2
		exit 1
	fi
done

# the version the Makefile builds is the packages' version
mkver=$(sed -n 's/^VERSION = //p' Makefile)
debver=$(dpkg-parsechangelog -l debian/changelog -S Version)
[ "$mkver" = "$debver" ] || bad "Makefile VERSION $mkver, debian/changelog $debver"

tmp=$(mktemp -d)
cleanup() {
	# shellcheck disable=SC2086
	dpkg --purge $pkgs >/dev/null 2>&1
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

# lintian: error tags fail, the rest is shown (docs: README of debian/)
changes=$(ls "$debdir"/*.changes 2>/dev/null | head -n 1)
if command -v lintian >/dev/null && [ -n "$changes" ]; then
	lintian "$changes" >"$tmp/lintian" 2>&1
	grep -E '^[WI]:' "$tmp/lintian" | sed 's/^/package: lintian: /'
	grep -q '^E:' "$tmp/lintian" && bad "lintian errors:" && grep '^E:' "$tmp/lintian" >&2
else
	echo "package: lintian or the .changes file missing: not linted"
fi

debs=""
for p in $pkgs; do
	d=$(ls "$debdir/${p}_"*.deb 2>/dev/null | head -n 1)
	[ -n "$d" ] || { bad "no $p package in $debdir"; exit 1; }
	debs="$debs $d"
done
# shellcheck disable=SC2086
if ! dpkg -i $debs >"$tmp/dpkg" 2>&1; then
	cat "$tmp/dpkg" >&2
	bad "dpkg -i failed"
	exit 1
fi
echo "package: installed$debs"

# dtrace from /usr/sbin, the D library from libdtrace1's directory
out=$(/usr/sbin/dtrace -n 'BEGIN { exit(0); }' 2>"$tmp/err")
grep -q "^dtrace: description 'BEGIN ' matched 1 probe$" "$tmp/err" || bad "dtrace -n 'BEGIN { exit(0); }': $(cat "$tmp/err")"
echo "$out" | grep -q ':BEGIN *$' || bad "dtrace -n 'BEGIN { exit(0); }' printed: $out"
out=$(/usr/sbin/dtrace -qn 'BEGIN { printf("%s\n", curpsinfo->pr_fname); exit(0); }' 2>&1)
[ "$out" = "dtrace" ] || bad "curpsinfo (the D library) gave: $out"
dpkg -S "/usr/lib/$ma/dtrace/procfs.d" 2>/dev/null | grep -q '^libdtrace1:' || bad "the D library is not libdtrace1's"

# every file make install installs is packaged
make -s install DESTDIR="$tmp/root" PREFIX=/usr BINDIR=/usr/sbin LIBDIR="/usr/lib/$ma" BUILD="$tmp/build" >/dev/null 2>&1 ||
	bad "make install into a scratch root failed"
(cd "$tmp/root" && find . ! -type d | sed 's/^\.//') | sort >"$tmp/installed"
# shellcheck disable=SC2086
dpkg -L $pkgs | sort -u >"$tmp/packaged"
comm -23 "$tmp/installed" "$tmp/packaged" | sed 's/\.[0-9]$/&.gz/' |
	while read -r f; do grep -qx "$f" "$tmp/packaged" || echo "$f"; done >"$tmp/missing"
[ -s "$tmp/missing" ] && bad "make install installs files no package has: $(cat "$tmp/missing")"

# a C consumer through the installed pkg-config file and shared library
# shellcheck disable=SC2046
if cc -std=gnu11 -Wall -Wextra -Werror -o "$tmp/consumer" tests/api/consumer.c $(pkg-config --cflags --libs libdtrace); then
	timeout 60 "$tmp/consumer" >"$tmp/cout" 2>&1 || bad "the consumer failed: $(cat "$tmp/cout")"
	grep -qx "matched 2 probes" "$tmp/cout" || bad "the consumer printed: $(cat "$tmp/cout")"
	ldd "$tmp/consumer" | grep -qE "libdtrace.so.1 => (/usr)?/lib/$ma/libdtrace.so.1" || bad "the consumer does not use the installed libdtrace.so.1"
else
	bad "tests/api/consumer.c does not build with pkg-config libdtrace"
fi

# Python: Debian's python3, the module from dist-packages, the example
where=$(cd / && env -u PYTHONPATH -u LD_LIBRARY_PATH /usr/bin/python3 -c 'import dtrace; print(dtrace.__file__)' 2>&1)
[ "$where" = "/usr/lib/python3/dist-packages/dtrace/__init__.py" ] || bad "import dtrace: $where"
ex=/usr/share/doc/python3-dtrace/examples/syscount.py
(cd / && env -u PYTHONPATH -u LD_LIBRARY_PATH timeout 60 /usr/bin/python3 "$ex") >"$tmp/pyout" 2>&1 ||
	bad "$ex failed: $(cat "$tmp/pyout")"
grep -qE '^(python3|dtrace)[^ ]* +[0-9]+$' "$tmp/pyout" || bad "$ex did not see itself: $(cat "$tmp/pyout")"

cleanup
trap - EXIT INT TERM
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" && bad "$p still installed after the purge"
done
[ -e /usr/sbin/dtrace ] && bad "/usr/sbin/dtrace left after the purge"
[ "$fail" -eq 0 ] && echo "package: passed"
exit "$fail"
