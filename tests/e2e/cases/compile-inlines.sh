# shellcheck shell=bash
# Inlines are expanded where they are used, so their chains and fan-outs
# are bounded (our limits: DTrace has none of its own): a chain of 500
# inlines (a499 = a498 + 1 ... a0 = 1) compiles and runs; a chain of
# 100,000 and a fan-out of 40 (each the one before used twice: 2^40
# nodes) are errors, found quickly.
cd "$E2E_TMP" || exit 1
chain() {	# chain N OP: inline int aI = a(I-1) OP
	python3 -c "
import sys
n = int(sys.argv[1])
sys.stdout.write('inline int a0 = 1;\n' + ''.join('inline int a%d = %s;\n' % (i, sys.argv[2].replace('P', 'a%d' % (i - 1))) for i in range(1, n)) +
		 'BEGIN { trace(a%d); exit(0); }\n' % (n - 1))" "$@"
}
chain 500 'P + 1' >chain500.d
"$DTRACE" -q -s chain500.d
echo " chain of 500: exit status $?"
chain 100000 'P + 1' >chain100000.d
"$DTRACE" -q -s chain100000.d
echo "chain of 100,000: exit status $?"
chain 40 'P + P' >fan40.d
"$DTRACE" -q -s fan40.d
echo "fan-out of 40: exit status $?"
