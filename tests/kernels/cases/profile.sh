# profile: samples on a busy CPU.
$DTRACE -qn 'profile-97 { @n = count(); } tick-1s { exit(0); } END { printa("%@d\n", @n); }' |
	awk 'NF { print ($1 > 0) ? "ok: profile samples" : "no samples: " $0 }'
