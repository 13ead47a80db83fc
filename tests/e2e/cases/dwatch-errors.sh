# shellcheck shell=bash
# What dwatch says when it cannot: a profile no directory has, an unknown
# option, an option without its argument, a count or a time that is not
# one, no probe at all (the usage's first line), a name that matches no
# probe, D that does not compile (-e: compile only; the status says whether
# it did), a DWATCH_PROFILES_PATH without the profile.
. ../lib/dwatch.sh
first() {
	"$DWATCH" "$@" 2>"$E2E_TMP/err"
	echo "status $?"
	head -1 "$E2E_TMP/err"
}
"$DWATCH" -X no-such-profile; echo "status $?"
first -Z execve
first -N
first -N x execve
first -T 5x execve
first
"$DWATCH" -e no-such-probe-name; echo "status $?"
"$DWATCH" -e -t 'pid >' execve; echo "status $?"
"$DWATCH" -q -e -E 'printf("%d", args[9])' -X kill; echo "status $?"
"$DWATCH" -e -R -F -k 'ls*' -j 0 -t 'pid > 1' openat; echo "status $?"
"$DWATCH" -q -e -X tcp; echo "status $?"
DWATCH_PROFILES_PATH=$E2E_TMP "$DWATCH" -X tcp; echo "status $?"
