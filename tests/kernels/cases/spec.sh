# Speculation: commit one buffer, discard another.
$DTRACE -x nspec=2 -qn 'BEGIN { a = speculation(); b = speculation(); }
	BEGIN { speculate(a); printf("kept\n"); }
	BEGIN { speculate(b); printf("dropped\n"); }
	BEGIN { commit(a); discard(b); }
	BEGIN { exit(0); }'
