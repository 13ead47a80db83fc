# shellcheck shell=bash
# On profile probes in the kernel, caller and the interrupted pc (arg0)
# print symbolized with printf("%a") and printa("%a"): module`function+0x
# offset (or module`function at its first byte), each a function of
# /proc/kallsyms, never a bare 0x... address.  A dd copying /dev/zero keeps
# a CPU in the kernel.
"$DTRACE" -q -o "$E2E_TMP/out" -c 'dd if=/dev/zero of=/dev/null bs=64k count=200000' -n '
profile-997 /arg0 && caller/ { printf("pc %a\ncaller %a\n", arg0, caller); @[caller] = count(); n++; }
profile-997 /n >= 20/ { exit(0); }
END { printa("key %a %@d\n", @); }' 2>/dev/null
echo "dtrace exit status $?"
awk 'NF { print $1 }' "$E2E_TMP/out" | sort -u
awk '{ sub(/^0x[0-9a-f]+$/, "UNSYMBOLIZED", $2); print $2 }' "$E2E_TMP/out" | grep -c UNSYMBOLIZED
bad=0
while read -r what sym _; do
	[[ -z $what ]] && continue
	[[ $sym =~ ^([a-z0-9_]+)\`([A-Za-z0-9_.$]+)(\+0x[0-9a-f]+)?$ ]] || { echo "not symbolized: $what $sym"; bad=1; continue; }
	fn=${BASH_REMATCH[2]}
	# a BPF program (another case's, running at the same time) is a
	# kernel symbol only while it is loaded
	[[ $fn == bpf_prog_* ]] || grep -q " $fn\( \|$\)" /proc/kallsyms || { echo "no such kernel function: $fn"; bad=1; }
done <"$E2E_TMP/out"
echo "every address names a kernel function: $((1 - bad))"
