# pid return and instruction probes where they are uprobes at file offsets
# (on 6.1, which has no uprobe_multi, one perf uprobe per site): in dtrace
# itself, the guest's only program with symbols.  main's return fires at
# an offset that dtrace -l lists among main's instructions; the
# instruction probe at that offset, and main:0, fire once each.  A
# background dtrace is the listed process (waited for until it has exec'd).
$DTRACE -qn 'pid$target::main:return { printf("%x %d\n", arg0, arg1); }' -c "$DTRACE -V" -o ./ret > /dev/null
read -r off rv < ./ret
echo "main returns $rv"
$DTRACE -qn 'tick-1s { }' > /dev/null 2>&1 &
bg=$!
real=$(readlink -f "$DTRACE")
while [ "$(readlink /proc/$bg/exe)" != "$real" ]; do sleep 0.1; done
$DTRACE -l -n "pid$bg::main:" > ./list
kill $bg
wait $bg 2>/dev/null
awk -v off="$off" 'NR > 1 && $4 == "main" { n++; if ($5 == off) hit = 1; if ($5 == "return") r = 1; if ($5 == "entry") e = 1 }
	END { if (hit && r && e && n > 20) print "ok: main has entry, return, and its return site among its listed instructions"
	      else print "not listed: " off " (" n " probes)" }' ./list
$DTRACE -qn "pid\$target::main:0 { @z = count(); } pid\$target::main:$off { @o = count(); }
	END { printa(\"main:0 fired %@d\\n\", @z); printa(\"main:RET fired %@d\\n\", @o); }" \
	-c "$DTRACE -V" -o ./out > /dev/null
grep . ./out
