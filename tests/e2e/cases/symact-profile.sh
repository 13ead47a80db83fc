# shellcheck shell=bash
# func(caller) and func(arg0) in the kernel, ufunc(arg1) in user space, as
# aggregation keys on profile probes.  A dd copying /dev/zero keeps a CPU
# in the kernel; a program spinning in spin() keeps one in user space.
# Every kernel key is module`function of /proc/kallsyms without offset,
# each printed once (the samples of one function are one key); the user
# keys are objects' functions, spin() among them, each printed once.
cd "$E2E_TMP" || exit 1
cat >spin.c <<'C'
__attribute__((noinline)) unsigned long spin(unsigned long n)
{
	volatile unsigned long x = 0;
	for (unsigned long i = 0; i < n; i++)
		x += i;
	return x;
}
int main(void) { return spin(4000000000UL) == 42; }
C
cc -O0 -o spin spin.c || exit 1
./spin &
spinner=$!
"$DTRACE" -q -o out -c 'dd if=/dev/zero of=/dev/null bs=64k count=200000' -n '
profile-997 /arg0 && caller/ { @c[func(caller)] = count(); @p[func(arg0)] = count(); k++; }
profile-997 /pid == $1 && arg1/ { @u[ufunc(arg1)] = count(); u++; }
profile-997 /k >= 20 && u >= 20/ { exit(0); }
END { printa("caller %a %@d\n", @c); printa("pc %a %@d\n", @p); printa("user %A %@d\n", @u); }' "$spinner" 2>/dev/null
echo "dtrace exit status $?"
kill $spinner
wait $spinner 2>/dev/null
awk 'NF { print $1 }' out | sort -u
echo "keys printed twice: $(awk 'NF { print $1, $2 }' out | sort | uniq -d | wc -l)"
bad=0
while read -r what sym _; do
	[[ -z $what ]] && continue
	if [[ $what == user ]]; then
		[[ $sym =~ ^[A-Za-z0-9_.+-]+\`[A-Za-z0-9_.@$]+$ ]] || { echo "not a user function: $sym"; bad=1; }
		continue
	fi
	[[ $sym =~ ^([a-z0-9_]+)\`([A-Za-z0-9_.$]+)$ ]] || { echo "not module\`function: $what $sym"; bad=1; continue; }
	# a sample in a BPF program (ours, running at the probe) names it as
	# kallsyms did then: it is gone from kallsyms once dtrace has exited
	[[ ${BASH_REMATCH[1]} == bpf && ${BASH_REMATCH[2]} =~ ^bpf_prog_[0-9a-f]+_ ]] && continue
	grep -q " ${BASH_REMATCH[2]}\( \|$\)" /proc/kallsyms || { echo "no such kernel function: $sym"; bad=1; }
done <out
echo "every key names a function: $((1 - bad))"
echo "spin sampled: $(grep -c '^user spin`spin ' out)"
