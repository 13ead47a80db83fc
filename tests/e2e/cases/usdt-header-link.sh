# shellcheck shell=bash
# dtrace -G, for builds that link in the object DTrace makes: it writes a
# relocatable x86-64 ELF object (named after the script, or -o's path) that
# links into the program built with the -h header, and leaves the build's
# objects as they were.  An object that is not one is an error, as in
# DTrace; -h and -G want a script, and not each other.
cd "$E2E_TMP" || exit 1
cat >myapp.d <<'D'
provider myapp {
	probe tick(int);
};
D
cat >main.c <<'C'
#include <stdio.h>
#include "myapp.h"

int main(void)
{
	for (int i = 0; i < 2; i++)
		MYAPP_TICK(i);
	printf("ticked\n");
	return 0;
}
C
"$DTRACE" -h -s myapp.d && cc -c -O2 -o main.o main.c && cp main.o main.o.before
"$DTRACE" -G -s myapp.d main.o
echo "dtrace -G exit status $?"
cmp main.o main.o.before && echo "main.o unchanged"
readelf -h myapp.o | grep -E '^  (Class|Type|Machine):'
# it links in with no complaint (no executable stack asked for, ...)
cc -o app main.o myapp.o 2>&1
./app
readelf -n app | grep -q 'Name: tick' && echo "app has the tick probe"

"$DTRACE" -G -o other.o -s myapp.d main.o && readelf -h other.o | grep -E '^  Type:'

rm -f myapp.o
"$DTRACE" -G -s myapp.d main.o nosuch.o
echo "exit status $?"
"$DTRACE" -G -s myapp.d main.c
echo "exit status $?"
ar rc lib.a main.o
"$DTRACE" -G -s myapp.d lib.a
echo "exit status $?"
[[ -e myapp.o ]] && echo "myapp.o written"
"$DTRACE" -G
echo "exit status $?"
"$DTRACE" -h -G -s myapp.d
echo "exit status $?"
"$DTRACE" -h -n 'provider p { probe a(); };'
echo "exit status $?"
"$DTRACE" -h -n 'provider p { probe a(); };' -o p.h && grep -c '^#define	P_A' p.h
