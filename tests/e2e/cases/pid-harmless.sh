# shellcheck shell=bash
# pid probes never change what the traced program does: its output is the
# same untraced, with every function's entry and return probed, and with
# every instruction of one function probed.  The program prints its argc
# and argv (a uretprobe at _start overwrote argc), where each function
# returns to (a uretprobe makes that the kernel's trampoline), results of
# recursion, tail calls, callbacks from libc and a longjmp out of probed
# functions.
cat >"$E2E_TMP/h.c" <<'C'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static jmp_buf env;

/* the function (or else the object) a return address is in */
__attribute__((noinline, noclone)) static const char *caller(void *ra)
{
	Dl_info info;

	if (!dladdr(ra, &info))
		return "an unknown place";
	if (info.dli_sname)
		return info.dli_sname;
	return strrchr(info.dli_fname, '/') ? strrchr(info.dli_fname, '/') + 1 : info.dli_fname;
}

__attribute__((noinline, noclone)) long fib(long n)
{
	printf("fib(%ld) returns to %s\n", n, n == 6 ? caller(__builtin_return_address(0)) : "-");
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

__attribute__((noinline, noclone)) long leaf(long x)
{
	__asm__ volatile("");
	return x * 3;
}

__attribute__((noinline, noclone)) long tail(long x)
{
	if (x > 100)
		return leaf(x);		/* a jmp at -O2 */
	return x + 1;
}

__attribute__((noinline, noclone)) int cmp(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

__attribute__((noinline, noclone)) void deep(int n)
{
	if (n == 0)
		longjmp(env, 42);
	deep(n - 1);
	printf("not reached\n");
}

int main(int argc, char **argv)
{
	int v[] = { 5, 3, 9, 1, 7 };

	printf("argc %d\n", argc);
	for (int i = 0; i < argc; i++)
		printf("argv[%d] %s\n", i, i == 0 ? "(the program)" : argv[i]);
	printf("main returns to %s\n", caller(__builtin_return_address(0)));
	printf("fib %ld\n", fib(6));
	printf("tail %ld %ld\n", tail(5), tail(200));
	qsort(v, 5, sizeof(v[0]), cmp);
	printf("sorted %d %d %d %d %d\n", v[0], v[1], v[2], v[3], v[4]);
	int r = setjmp(env);
	if (r == 0)
		deep(5);
	printf("longjmp %d\n", r);
	return 0;
}
C
cc -O2 -rdynamic -o "$E2E_TMP/h" "$E2E_TMP/h.c" || exit 1
cmd="$E2E_TMP/h one two three"

$cmd >"$E2E_TMP/plain"
echo "exit status $?"
cat "$E2E_TMP/plain"

"$DTRACE" -q -o "$E2E_TMP/counts" -c "$cmd" -n '
pid$target:a.out::entry, pid$target:a.out::return { @[probefunc, probename] = count(); }' >"$E2E_TMP/probed"
echo "with a.out's entry and return probes: dtrace exit status $?"
diff "$E2E_TMP/plain" "$E2E_TMP/probed" && echo "the same output"
sort "$E2E_TMP/counts" | awk 'NF == 3 { print $1, $2, $3 }'

"$DTRACE" -q -o "$E2E_TMP/insns" -c "$cmd" -n '
pid$target:a.out:fib: { @n[probename == "entry" || probename == "return" ? probename : "instruction"] = count(); }
pid$target:a.out:fib: { @p[probename] = count(); }
END { printa("fib %s %@d\n", @n); printf("instruction probes: "); printa("%@d ", @p); printf("\n"); }' \
	>"$E2E_TMP/probed"
echo "with every instruction of fib probed: dtrace exit status $?"
diff "$E2E_TMP/plain" "$E2E_TMP/probed" && echo "the same output"
grep -v '^instruction probes' "$E2E_TMP/insns" | grep .
# one probe per instruction of fib (and entry, return) counted
n=$(grep '^instruction probes' "$E2E_TMP/insns" | wc -w)
((n > 10)) && echo "more than 8 different instruction probes fired" || echo "only $((n - 2)) instruction probes fired"

# C++ exceptions thrown through probed functions: the unwinder reads each
# frame's return address (a uretprobe's trampoline there ends in
# std::terminate).
cat >"$E2E_TMP/ex.cc" <<'C'
#include <cstdio>
#include <stdexcept>

__attribute__((noinline)) int thrower(int x)
{
	if (x > 2)
		throw std::runtime_error("big");
	return x;
}

__attribute__((noinline)) int middle(int x)
{
	return thrower(x) + 1;
}

int main()
{
	int s = 0;

	for (int i = 0; i < 5; i++) {
		try {
			s += middle(i);
		} catch (const std::exception &e) {
			std::printf("caught %s at %d\n", e.what(), i);
		}
	}
	std::printf("s=%d\n", s);
	return 0;
}
C
c++ -O1 -o "$E2E_TMP/ex" "$E2E_TMP/ex.cc" || exit 1
"$E2E_TMP/ex" >"$E2E_TMP/explain"
echo "C++: exit status $?"
cat "$E2E_TMP/explain"
"$DTRACE" -q -o "$E2E_TMP/excounts" -c "$E2E_TMP/ex" -n '
pid$target:a.out::entry, pid$target:a.out::return { @[probefunc, probename] = count(); }' >"$E2E_TMP/exprobed"
echo "with a.out's entry and return probes: dtrace exit status $?"
diff "$E2E_TMP/explain" "$E2E_TMP/exprobed" && echo "the same output"
grep -E '_Z6middlei|_Z7throweri' "$E2E_TMP/excounts" | sort | awk '{ print $1, $2, $3 }'
