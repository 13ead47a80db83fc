# shellcheck shell=bash
# dtrace -l -P io on this kernel (6.18, no kprobes): start and done, made
# of the block_rq_issue and block_rq_complete tracepoints (their function
# empty, as DTrace lists its io probes); wait-start and wait-done need
# kprobes (submit_bio_wait) and are absent, and a script naming wait-start
# says it matches nothing.  -lv gives done's three arguments' types,
# translated, as DTrace lists them (no native types).
"$DTRACE" -l -P io | sed -E 's/^ *[0-9]+ /  ID /'
"$DTRACE" -lv -n io:::done | sed -n '/Argument Types/,$p'
"$DTRACE" -n 'io:::wait-start { @[args[1]->dev_statname] = count(); }'
echo "exit status $?"
