# shellcheck shell=bash
# A deeply nested struct declaration: 1,000 levels compile (each struct
# holds the next and an int: 4,000 bytes, laid out as libctf does); 20,000 and
# 100,000 levels are past the parser's depth of 10,000 (DTrace's bison
# stack: "memory exhausted"), found quickly.
cd "$E2E_TMP" || exit 1
nest() {	# nest N: struct s0 { struct s1 { ... int x; } m1; int y0; } m0;
	python3 -c "
import sys
n = int(sys.argv[1])
sys.stdout.write(''.join('struct s%d { ' % i for i in range(n)) + 'int x;' +
		 ''.join(' } m%d; int y%d;' % (i, i - 1) for i in range(n - 1, 0, -1)) + ' };\n')" "$1"
}
nest 1000 >s1000.d
echo 'BEGIN { trace(sizeof(struct s0)); exit(0); }' >>s1000.d
"$DTRACE" -q -s s1000.d
echo " 1,000 levels: exit status $?"
for n in 20000 100000; do
	nest $n >s$n.d
	echo 'BEGIN { exit(0); }' >>s$n.d
	"$DTRACE" -e -s s$n.d
	echo "$n levels: exit status $?"
done
