# shellcheck shell=bash
# dtrace -h: a provider definition with two probes becomes a header whose
# MYAPP_REQUEST_START(...) and MYAPP_REQUEST_START_ENABLED() make
# sys/sdt.h-compatible probe sites.  A program built with it by a plain cc
# (two files including it, no <sys/sdt.h>, no link step) runs, and its
# notes are what the USDT provider reads: one .note.stapsdt per site with
# the provider, the probe name as written, an argument spec whose sizes are
# the definition's types (negative: signed) and the address of the probe's
# semaphore (one per probe, shared by the files); and one .note.dtrace per
# probe and file: provider, probe and the argument types as written.
cd "$E2E_TMP" || exit 1
cat >myapp.d <<'D'
/* the application's provider */
provider myapp {
	probe request__start(int, char *);
	probe request__done(uint64_t id, const char *status, short code);
};

#pragma D attributes Evolving/Evolving/Common provider myapp provider
#pragma D attributes Private/Private/Unknown provider myapp module
D
"$DTRACE" -h -s myapp.d
echo "dtrace -h exit status $?"
sed -n '1,14p' myapp.h
grep -E '^#define	MYAPP_' myapp.h

cat >main.c <<'C'
#include <stdio.h>
#include "myapp.h"

int done(int n);

int main(int argc, char **argv)
{
	(void)argv;
	for (int i = 0; i < 3; i++) {
		MYAPP_REQUEST_START(i + argc, "request");
		if (MYAPP_REQUEST_START_ENABLED())
			printf("traced\n");
	}
	printf("sum %d\n", done(40));
	return 0;
}
C
cat >done.c <<'C'
#include "myapp.h"

int done(int n)
{
	MYAPP_REQUEST_DONE(n, "ok", -1);
	return n + 2;
}
C
cc -Wall -Wextra -Werror -O2 -o app main.c done.c || echo "cc failed"
./app
echo "app exit status $?"

# the stapsdt notes (once per site: how many sites a loop makes is the
# compiler's choice): provider, name, argument sizes (where each operand is
# is the compiler's choice too: shown as OP once it is one of %reg, $imm or
# off(%reg)), and the semaphore each names
sem_start=$(nm app | awk '$3 == "myapp_request__start_semaphore" { print $1 }')
sem_done=$(nm app | awk '$3 == "myapp_request__done_semaphore" { print $1 }')
readelf -n app | awk -v s1="$sem_start" -v s2="$sem_done" '
	/^  stapsdt/ { owner = 1 }
	owner && /Provider:/ { prov = $2 }
	owner && /Name:/ { name = $2 }
	owner && /Semaphore:/ {
		sem = $NF; sub(/^0x0*/, "", sem)
		want = name == "request__start" ? s1 : s2; sub(/^0*/, "", want)
		semok = sem == want && sem != "" ? "its semaphore" : "semaphore " sem " is not " want
	}
	owner && /Arguments:/ {
		args = ""
		for (i = 2; i <= NF; i++) {
			split($i, a, "@")
			ok = a[2] ~ /^(%[a-z0-9]+|\$-?[0-9]+|-?[0-9]*\(%[a-z0-9]+\))$/
			args = args " " a[1] "@" (ok ? "OP" : a[2])
		}
		print prov, name, args, semok
		owner = 0
	}' | sort -u
readelf -S app | awk '$2 == ".probes" { print ".probes", $3 }'

# the .note.dtrace notes, each as provider|probe|type|type...
readelf -n app | perl -ne 'if (/description data: (.*)/) {
	print join("|", split(/\0/, pack("H*", join("", split(" ", $1))))), "\n" }' | sort | uniq -c
