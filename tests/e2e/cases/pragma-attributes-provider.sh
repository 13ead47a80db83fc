# shellcheck shell=bash
# #pragma D attributes ... provider NAME PART names a provider the system
# offers as well as one the program defines (dt_provider_lookup): a bad
# PART is refused for io as for the program's own; a good one compiles.
for t in 'io bogus' 'io name' 'syscall args' 'nosuchprov name'; do
	printf '#pragma D attributes Evolving/Evolving/Common provider %s\nBEGIN { exit(0); }\n' "$t" >"$E2E_TMP/p.d"
	"$DTRACE" -xerrtags -qs "$E2E_TMP/p.d" 2>&1 | sed 's|[^ ]*/p.d|p.d|'
	echo "exit ${PIPESTATUS[0]}"
done
