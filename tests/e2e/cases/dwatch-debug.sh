# shellcheck shell=bash
# dwatch -d: the D program it would run, on stdout, and nothing run.  A
# bare system call's name is its entry (execve's return, in the new
# program); then the program with every option that shapes it.
. ../lib/dwatch.sh
"$DWATCH" -d execve
echo "status $?"
"$DWATCH" -d -R -F -k 'ls*' -k '*sh' -k '*ond*' -k cat -t 'pid > 1' -j 0 \
	-E 'printf("%d", arg0)' -E 'printf("x");' openat
echo "status $?"
