# shellcheck shell=bash
# SIGINT stops tracing: END runs, dtrace exits 0, and the BPF programs and
# links it held are gone afterwards (checked with bpftool when it is
# installed, else by looking for them in every process's file descriptors).
# sigterm.sh runs this with SIGNAL=TERM.
"$DTRACE" -q -n 'tick-1s {} END { printf("end\n"); }' >"$E2E_TMP/out" 2>"$E2E_TMP/err" &
pid=$!
sleep 0.5
progs=$(sed -n 's/^prog_id:[[:space:]]*//p' /proc/$pid/fdinfo/* 2>/dev/null | sort -un)
links=$(sed -n 's/^link_id:[[:space:]]*//p' /proc/$pid/fdinfo/* 2>/dev/null | sort -un)
kill -"${SIGNAL:-INT}" $pid
wait $pid
echo "dtrace exit status $?"
cat "$E2E_TMP/err" >&2
if grep -qx end "$E2E_TMP/out"; then echo "END ran"; else echo "END did not run"; fi
if [[ -n $progs ]]; then echo "dtrace held BPF programs"; else echo "dtrace held no BPF program"; fi

# left: the programs and links still there (freeing them can take a moment)
left() {
	local id
	if command -v bpftool >/dev/null; then
		for id in $progs; do bpftool prog show id "$id" >/dev/null 2>&1 && echo "prog $id"; done
		for id in $links; do bpftool link show id "$id" >/dev/null 2>&1 && echo "link $id"; done
	else
		for id in $progs; do
			grep -qsx "prog_id:[[:space:]]*$id" /proc/[0-9]*/fdinfo/* && echo "prog $id"
		done
		for id in $links; do
			grep -qsx "link_id:[[:space:]]*$id" /proc/[0-9]*/fdinfo/* && echo "link $id"
		done
	fi
}
for _ in $(seq 20); do
	remaining=$(left)
	[[ -z $remaining ]] && break
	sleep 0.1
done
if [[ -z $remaining ]]; then echo "no BPF program or link left"; else echo "left behind:" "$remaining"; fi
