# shellcheck shell=bash
# The options that change what a line says or which events count:
# -E (two pieces of D for the details, the first without its semicolon),
# -t (a predicate), -F (the probe, <- at a return), -R (the ancestry: the
# case's shell is the parent), -O (a command per event, with $TAG and
# $DETAILS), -o (the lines to a file), -z and -u/-g/-p (regular
# expressions on the name, the ids, the pid).
. ../lib/dwatch.sh
cp /bin/true "$E2E_TMP/dwtrue"
run() { "$E2E_TMP/dwtrue" one two; }
show() {
	sed -E -e "$DW_DATE_SED" -e 's/<[0-9]{4} [A-Z][a-z]{2} [ 0-9][0-9] [0-9:]{8} /<DATE /' \
		-e 's/\[[0-9]+\]/[PID]/' -e 's/= [0-9]{5,} /= PID /' \
		-e "s|$E2E_TMP|TMP|g" "$@"
}

echo "== -E -E -t"
dw_start -q -N 1 -k dwtrue -t 'errno == 0' -t 'pid > 1' \
	-E 'printf("%s<%s>", execname, probefunc)' -E 'printf("%d", errno);' execve
dw_until never run
dw_stop
show "$E2E_TMP/dw.out"

echo "== -F"
dw_start -q -N 1 -k dwtrue -F execve
dw_until never run
dw_stop
show "$E2E_TMP/dw.out"

echo "== -R"
dw_start -q -N 1 -k dwtrue -R execve
dw_until never run
dw_stop
# the event, then its parent (this shell) and itself
show "$E2E_TMP/dw.out" | sed -n '1p;4,5p'

echo "== -O"
dw_start -q -N 1 -k dwtrue -O 'echo "tag <$TAG> details <$DETAILS>"' execve
dw_until never run
dw_stop
show "$E2E_TMP/dw.out"

echo "== -o"
dw_start -q -N 1 -k dwtrue -o "$E2E_TMP/file" execve
dw_until never run
dw_stop
show "$E2E_TMP/dw.out" "$E2E_TMP/file"

echo "== -z -u -g -p"
dw_start -q -N 1 -z '^dw.r' -u root -g '0|1' -p '[1-9][0-9]*' execve
dw_until never run
dw_stop
show "$E2E_TMP/dw.out"

echo "== -u and -p that match nothing"
dw_start -q -T 2 -k dwtrue -u 4242 execve
dw_until never run
dw_stop
show "$E2E_TMP/dw.out"
dw_start -q -T 2 -k dwtrue -p 1 execve
dw_until never run
dw_stop
show "$E2E_TMP/dw.out"
