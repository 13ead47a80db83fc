# shellcheck shell=bash
# d_path() at strsize 16 to 65536 (the most dtrace allows): the program
# must load at every size, and the path be whole where it fits and cut to
# its first strsize bytes where it does not, as any D string.  The path is
# a working directory 20 components and some 350 bytes long, and a file
# in it open on descriptor 3 (fds[3]).  Then the same without the kernel's
# string kfuncs (d_path's BPF function beside strfn.c's, fi_dirname uses
# those), and a directory 300 components deep: the walk stops after its
# 256 steps and gives the path of the last 256 components.
deep=$E2E_TMP
for i in $(seq 1 20); do deep=$deep/component-$i-abcd; done
mkdir -p "$deep" && touch "$deep/file"
cd "$deep" || exit 1
# whole, cut to the size, or wrong
judge() {
	local what=$1 got=$2 want=$3 size=$4
	if [[ $got == "$want" ]]; then echo " $what: whole"
	elif [[ $got == "${want:0:size}" ]]; then echo " $what: cut to $size"
	else echo " $what: WRONG [$got], want [$want]"; fi
}
run() {
	local size=$1 out
	out=$("$DTRACE" -x strsize="$size" -qn 'BEGIN {
		printf("%s\n%s\n%s\n%s\n", d_path(&curthread->fs->pwd), fds[3].fi_pathname, fds[3].fi_name,
		    fds[3].fi_dirname);
		exit(0); }' 3<"$deep/file" 2>&1)
	echo "strsize $size: exit $?"
	mapfile -t l <<<"$out"
	judge pwd "${l[0]}" "$deep" "$size"
	judge fds[3].fi_pathname "${l[1]}" "$deep/file" "$size"
	judge fds[3].fi_name "${l[2]}" file "$size"
	# dirname() of the path as cut
	if [[ ${l[3]} == "$deep" ]]; then echo " fds[3].fi_dirname: whole"
	elif [[ ${l[3]} == "$(dirname "${deep:0:size}")" ]]; then echo " fds[3].fi_dirname: of the cut path"
	else echo " fds[3].fi_dirname: WRONG [${l[3]}]"; fi
}
for size in 16 64 256 1024 4096 65536; do
	run $size
done
echo "== without the string kfuncs"
for size in 256 4096; do
	DTRACE_KERNEL_LACKS=string-kfuncs run $size
done
echo "== 300 components"
d=$E2E_TMP
for i in $(seq 1 300); do d=$d/x; done
mkdir -p "$d" && cd "$d" || exit 1
"$DTRACE" -x strsize=1024 -qn 'BEGIN { printf("%s\n", d_path(&curthread->fs->pwd)); exit(0); }' >"$E2E_TMP/out"
echo "exit $?"
want=$(printf '/x%.0s' $(seq 1 256))
[[ $(cat "$E2E_TMP/out") == "$want" ]] && echo "the last 256 components" || cat "$E2E_TMP/out"
