# shellcheck shell=bash
# Provider definitions with errors: dtrace -h reports them as DTrace does
# (its tags, with -x errtags, and its words; probes are named as DTrace
# names them, "::" and each "__" a '-'), exits 1 and writes no header.  A
# provider may be declared again with the same interface; a probe with an
# output prototype needs its arguments to be translatable.
cd "$E2E_TMP" || exit 1
n=0
try() {
	n=$((n + 1))
	printf '%s\n' "$1" >"p$n.d"
	echo "== $1"
	"$DTRACE" -x errtags -h -s "p$n.d" 2>&1
	echo "exit status $?$([[ -e p$n.h ]] && echo ", p$n.h written")"
}
try 'provider app1 { probe a(); };'
try 'provider app { probe ab(int); probe a__b(); };'
try 'provider app { probe do__it(int); probe do__it(int); };'
try 'provider app { probe a(int, ...); };'
try 'provider app { probe a(void, int); };'
try 'provider app { probe a(int x, char *x); };'
try 'provider app { probe a(int x) : (int y); };'
try 'provider app { probe a(int x) : (int); };'
try 'provider app { probe a(int x) : (struct in6_addr *x); };'
try 'provider app { probe a(int x, char *s) : (char *s, long x, string s); };'
try 'provider app { probe a(int); probe b(); };
provider app { probe a(int); };'
try 'provider app { probe a(int); };
provider app { probe a(int); probe b(); };'
try 'provider app { probe a(int); };
provider app { probe a(int, int); };'
try 'provider app { probe a(int); };
provider app { probe a(char *); };'
try 'provider app { probe a(int); };
provider app { probe a(int x) : (long x); };'
try 'provider app { probe a(int); };
#pragma D attributes Evolving/Evolving/Common provider app bogus'
try 'provider app { probe a(struct in6_addr); };'
try 'static provider app { probe a(); };'
