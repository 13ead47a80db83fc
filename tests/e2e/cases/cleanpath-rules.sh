# shellcheck shell=bash
# cleanpath() against a model of its rules (src/codegen/strfn.c: Oracle's
# DTrace for Linux), written here as a list of components, not as the BPF
# code's single pass over the bytes: every path of up to 6 bytes of "/",
# "." and "a"; then at each kind of strsize up to the largest dtrace
# allows, with and without the kernel's string kfuncs, paths as long as
# strsize and longer (which are cut to strsize first, as Oracle reads
# them).  The program must load at every size, and each result be the
# model's.
model() {
	python3 -c '
import sys
def clean(s):
    if len(s) <= 1:
        return s
    root = s[0] == "/"
    out = []
    for c in s.split("/"):
        if c in ("", "."):
            continue
        if c == "..":
            if out and out[-1] != "..":
                out.pop()
            elif not root:
                out.append(c)
            continue
        out.append(c)
    p = "/".join(out)
    return "/" + p if root else (p or ".")
n = int(sys.argv[1])
for line in sys.stdin:
    print("[%s]" % clean(line.rstrip("\n")[:n]))
' "$1"
}

# every path of up to 6 bytes of "/", "." and "a"
python3 -c '
import itertools
for n in range(7):
    for t in itertools.product("/.a", repeat=n):
        print("".join(t))' >"$E2E_TMP/all"
{
	echo "#pragma D option quiet"
	echo "BEGIN {"
	while IFS= read -r p; do printf '\tprintf("[%%s]\\n", cleanpath("%s"));\n' "$p"; done <"$E2E_TMP/all"
	echo "exit(0); }"
} >"$E2E_TMP/all.d"
"$DTRACE" -s "$E2E_TMP/all.d" >"$E2E_TMP/all.out" 2>&1
echo "all paths: exit $?"
# (the model's lines, then the newline dtrace ends its output with)
{ model 256 <"$E2E_TMP/all"; echo; } | diff - "$E2E_TMP/all.out" >/dev/null &&
	echo "$(wc -l <"$E2E_TMP/all") paths as the rules give"

# paths of strsize + 9 bytes, which D cuts to strsize (as Oracle reads
# them): pieces that the rules take apart, repeated
pieces=('/usr/./lib/../bin//ls/./..//x/y/z/../../w/../../..' 'a/..' '../' '/a/b/../..' 'ab/.//')
for size in 2 7 8 16 64 256 1024 4096 8192 65536; do
	for p in "${pieces[@]}"; do
		python3 -c "import sys; print((sys.argv[1] * ($size // len(sys.argv[1]) + 2))[:$size + 9])" "$p"
	done >"$E2E_TMP/in"
	{
		echo "#pragma D option quiet"
		echo "#pragma D option strsize=$size"
		echo "BEGIN {"
		while IFS= read -r p; do printf '\ts = "%s";\n\tprintf("[%%s]\\n", cleanpath(s));\n' "$p"; done <"$E2E_TMP/in"
		echo "exit(0); }"
	} >"$E2E_TMP/s.d"
	for lacks in "" string-kfuncs; do
		DTRACE_KERNEL_LACKS=$lacks "$DTRACE" -s "$E2E_TMP/s.d" >"$E2E_TMP/s.out" 2>&1
		rc=$?
		if { model "$size" <"$E2E_TMP/in"; echo; } | cmp -s - "$E2E_TMP/s.out"; then
			echo "strsize $size${lacks:+ without $lacks}: exit $rc, as the rules give"
		else
			echo "strsize $size${lacks:+ without $lacks}: exit $rc, not as the rules give:"
			head -c 1000 "$E2E_TMP/s.out"
		fi
	done
done
