#!/usr/bin/env bash
# Seed a fuzz corpus from the project's own test scripts.
#
# Usage: tests/fuzz/seed.sh TARGET CORPUS
#   compile  every tests/e2e/cases/*.d, as it is
#   format   the printf/printa format strings of those scripts and the
#            options they set (#pragma D option, -x in NAME.args), one a file
# The regression inputs (tests/fuzz/regress/TARGET) are given to the fuzzer
# as a corpus of their own.  Files are named by their content, so seeding
# again adds only what is new.
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
t=$1
corpus=$2
cases=$top/tests/e2e/cases

put() {		# the text on stdin becomes CORPUS/seed-<sha1>
	local tmp sum
	tmp=$(mktemp "$corpus/.seed.XXXXXX")
	cat >"$tmp"
	sum=$(sha1sum <"$tmp" | cut -c1-16)
	mv -f "$tmp" "$corpus/seed-$sum"
}

case $t in
compile)
	for f in "$cases"/*.d; do
		put <"$f"
	done
	;;
format)
	# "..." after printf( or printa(, with the escapes as written
	grep -ohE '(printf|printa)[[:space:]]*\("([^"\\]|\\.)*"' "$cases"/*.d |
		sed -E 's/^[a-z]+[[:space:]]*\("//; s/"$//' | sort -u |
		while IFS= read -r fmt; do
			printf '%b' "$fmt" | put
		done
	{
		sed -n 's/^#pragma D option \(.*\)$/\1/p' "$cases"/*.d
		grep -ohE -- '-x *[a-z]+(=[^ ]*)?' "$cases"/*.args | sed -E 's/^-x *//'
	} | sort -u | while IFS= read -r opt; do
		printf '%s' "$opt" | put
	done
	;;
*)
	echo "$0: no such fuzz target: $t" >&2
	exit 2
	;;
esac
