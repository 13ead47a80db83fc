# String subroutines on strings as long as a larger strsize, matches at
# their ends (the same script as the e2e case strings-nokfuncs).
$DTRACE -x strsize=2048 -qs $CASES/strings-long.d
