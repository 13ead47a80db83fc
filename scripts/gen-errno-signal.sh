#!/bin/sh
# gen-errno-signal.sh - writes lib/dtrace/errno.d and lib/dtrace/signal.d:
# the errno values (EPERM ...) and signal numbers (SIGHUP ...) as D inlines,
# with the values of this machine's C library headers (Linux x86-64), as
# DTrace's D library defines them.  An alias (EWOULDBLOCK, SIGIOT) gets its
# target's value.  SIGRTMIN and SIGRTMAX are left out: the C library's are
# functions of the running process, not constants.
# Usage: scripts/gen-errno-signal.sh [libdir]   (default lib/dtrace)
set -e
dir=${1:-lib/dtrace}
gen() {	# header, name pattern, skip pattern
	printf '#include <%s>\n' "$1" | ${CC:-cc} -dM -E - |
	awk -v pat="$2" -v skip="$3" '
		$1 == "#define" && $2 ~ pat && (skip == "" || $2 !~ skip) { v[$2] = $3; order[n++] = $2 }
		END {
			for (i = 0; i < n; i++) {
				k = order[i]; x = v[k]
				while (x in v) x = v[x]
				if (x ~ /^[0-9]+$/) print x, k
			}
		}' | sort -n -k1,1 -k2,2 | awk '{ printf("inline int %s = %s;\n", $2, $1) }'
}
{
	cat <<'HDR'
/*
 * errno.d - the error numbers (errno values) as D constants: EPERM, ENOENT,
 * ... with Linux's values on x86-64, as DTrace's D library defines them
 * (syscall::open:return /errno == ENOENT/).  Made by
 * scripts/gen-errno-signal.sh from the C library's <errno.h>; loaded only
 * for a program that names one of them.
 */

HDR
	gen errno.h '^E[A-Z0-9]+$' ''
} >"$dir/errno.d"
{
	cat <<'HDR'
/*
 * signal.d - the signal numbers as D constants: SIGHUP, SIGINT, ... SIGKILL
 * with Linux's values on x86-64, as DTrace's D library defines them
 * (proc:::signal-send /args[2] == SIGKILL/).  Made by
 * scripts/gen-errno-signal.sh from the C library's <signal.h>; SIGRTMIN and
 * SIGRTMAX are not constants there and are left out.  Loaded only for a
 * program that names one of them.
 */

HDR
	gen signal.h '^SIG[A-Z0-9]+$' '^SIG(STKSZ|RTMIN|RTMAX)$'
} >"$dir/signal.d"
