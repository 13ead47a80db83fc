# cleanpath(), which is BPF functions of ours on every kernel: the rules at
# their edges, and paths of strsize + 9 bytes (cut to strsize) at sizes up
# to the largest: the verifier must take the program at each, and the
# results (their length and end) be what the rules give (the e2e case
# cleanpath-rules compares them whole).  At strsize 8, substr(r, -12)
# starts before the string and keeps what is left of its length (strsize):
# 8 - (12 - strlen(r)) characters from the start (DTrace's substr rules).
$DTRACE -qn 'BEGIN {
	printf("[%s] [%s] [%s] [%s] [%s] [%s]\n", cleanpath("/a/b/../c"), cleanpath("a//b"), cleanpath("/../x"),
	    cleanpath("/./"), cleanpath(".."), cleanpath("/a/b/.."));
	printf("[%s] [%s] [%s] [%s] [%s] [%s]\n", cleanpath("/"), cleanpath(""), cleanpath("a/.."),
	    cleanpath("../../a"), cleanpath("/a/b/"), cleanpath("a/./../../.."));
	exit(0);
}'
for size in 8 16 64 256 1024 4096 65536; do
	for p in '/usr/./lib/../bin//ls/./..//x/y/z/../../w/../../..' 'a/..' '../' 'ab/.//'; do
		s=$p
		while [ ${#s} -lt $((size + 9)) ]; do s=$s$s; done
		s=${s:0:$((size + 9))}
		printf 'BEGIN { r = cleanpath("%s"); printf("%%d [%%s]\\n", strlen(r), substr(r, -12)); exit(0); }\n' "$s" >p.d
		echo "strsize $size $p: $($DTRACE -x strsize=$size -qs p.d 2>&1)"
	done
done
