# shellcheck shell=bash
# Every string subroutine at every kind of strsize (2, the smallest DTrace
# allows, and up), with edge inputs: the
# verifier must accept the program at each size up to the largest dtrace
# allows (65536), and the results must be the same at every size that
# holds the inputs (127 and up) and cut to strsize below.  One program per
# size calls them all (a profile probe runs it once per input, so each
# call is verified once), so their verifier costs also add up within the
# kernel's limit for one program.
gen() {
	local long inputs n k
	long=$(printf 'x/%.0s' $(seq 1 50))
	inputs=('' '/' 'a' '//a//' '/a/b/c' 'a/' '..' '/usr/./lib/../bin//ls' ' -123abc' 'Hello, World 42' "/$long")
	n=${#inputs[@]}
	echo "#pragma D option quiet"
	echo "#pragma D option strsize=$1"
	echo "#pragma D option bufsize=32m"
	echo "int i;"
	echo "profile:::tick-1000hz /i < $n/ {"
	printf '\ts = '
	for k in "${!inputs[@]}"; do printf 'i == %d ? "%s" : ' "$k" "${inputs[$k]}"; done
	echo '"";'
	echo "}"
	echo "profile:::tick-1000hz /i < $n/ {"
	cat <<'D'
	printf("[%s] len %d\n", s, strlen(s));
	printf(" join [%s] substr [%s] [%s]\n", strjoin(s, "/x"), substr(s, 1), substr(s, -3, 2));
	this->r = strchr(s, '/');
	printf(" strchr [%s]", this->r != NULL ? this->r : "-");
	this->r = strrchr(s, '/');
	printf(" strrchr [%s]", this->r != NULL ? this->r : "-");
	this->r = strstr(s, "a");
	printf(" strstr [%s]\n", this->r != NULL ? this->r : "-");
	printf(" index %d %d rindex %d %d\n", index(s, "/"), index(s, "/", 2), rindex(s, "/"), rindex(s, "/", 3));
	printf(" upper [%s] lower [%s]\n", toupper(s), tolower(s));
	printf(" basename [%s] dirname [%s] cleanpath [%s]\n", basename(s), dirname(s), cleanpath(s));
	this->r = strtok(s, "/");
	printf(" strtok [%s]", this->r != NULL ? this->r : "-");
	this->r = this->r != NULL ? strtok(NULL, "/") : "-";
	printf(" [%s]\n", this->r != NULL ? this->r : "-");
	printf(" lltostr [%s] [%s] strtoll %d %d\n", lltostr(-1234567890123), lltostr(255, 16), strtoll(s), strtoll(s, 16));
}
D
	echo "profile:::tick-1000hz /i < $n/ { i++; }"
	echo "profile:::tick-1000hz /i >= $n/ { exit(0); }"
}
for size in 2 3 7 8 16 64 128 127 255 256 1000 1024 4095 4096 8192 16383 16384 32768 65535 65536; do
	gen "$size" >"$E2E_TMP/s.d"
	"$DTRACE" -s "$E2E_TMP/s.d" >"$E2E_TMP/out.$size" 2>&1
	rc=$?
	if [[ $size -gt 64 && $size -ne 128 ]] && cmp -s "$E2E_TMP/out.$size" "$E2E_TMP/out.128"; then
		echo "strsize $size: exit $rc, as 128"
	else
		echo "strsize $size: exit $rc"
		cat "$E2E_TMP/out.$size"
	fi
done
