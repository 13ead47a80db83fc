# Subroutines whose code keeps to what older verifiers accept (network
# addresses, strtoll) and print()'s output.
$DTRACE -qs $CASES/subrs.d | sed 's/^0x[0-9a-f]* = \*/ADDR = */'
