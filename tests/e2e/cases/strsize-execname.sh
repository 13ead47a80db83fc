# shellcheck shell=bash
# execname is the task's 16-byte comm cut to strsize, as a value and as an
# aggregation key: below 16 the program was refused by the verifier (the
# comm was copied whole into a smaller buffer).
for size in 2 4 15 16 17; do
	"$DTRACE" -x strsize=$size -qn 'BEGIN { printf("[%s]\n", execname); @[execname] = count(); exit(0); }' 2>&1
	echo "strsize $size: status $?"
done
