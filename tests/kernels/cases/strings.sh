# The string subroutines, which use the 6.17 string kfuncs where the kernel
# has them and other code where it does not.
$DTRACE -qs $CASES/strings.d
