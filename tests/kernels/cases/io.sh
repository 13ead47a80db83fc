# io: the provider's probes on a stock kernel (kprobes: wait-start and
# wait-done are there), and direct I/O with dd on null_blk's /dev/nullb0
# (the guest has no disk; the case loads null_blk, a blk-mq driver whose
# requests go through the same issue and completion as a disk's): bytes by
# device and direction, the driver, done once per start, the start stack,
# and a thread waiting in submit_bio_wait for fsync's flush.  The bytes are
# counted by device, not by dd's pid: on 6.1 a pid == $target filter
# counted none of dd's writes to null_blk (they were issued to the driver
# from another thread).
$DTRACE -l -P io | awk 'NR > 1 { print $4 }'
for m in configfs null_blk; do [ -f /modules/$m.ko ] && insmod /modules/$m.ko 2>/dev/null; done
if [ ! -b /dev/nullb0 ]; then echo "no /dev/nullb0: null_blk is not loaded"; exit 0; fi
$DTRACE -q -n 'io:::start /args[1]->dev_statname == "nullb0"/ {
	@[args[1]->dev_statname, args[1]->dev_name, args[0]->b_flags & B_READ ? "R" : "W"] = sum(args[0]->b_bcount); }' \
	-c 'dd if=/dev/zero of=/dev/nullb0 oflag=direct bs=64k count=16' 2>/dev/null | awk 'NF { print $1, $2, $3, $4 }'
$DTRACE -q -n 'io:::start /args[1]->dev_statname == "nullb0"/ {
	@[args[1]->dev_statname, args[1]->dev_pathname, args[0]->b_flags & B_READ ? "R" : "W"] = sum(args[0]->b_bcount); }' \
	-c 'dd if=/dev/nullb0 of=/dev/null iflag=direct bs=64k count=16' 2>/dev/null | awk 'NF { print $1, $2, $3, $4 }'
$DTRACE -q -n 'io:::start /pid == $target/ { ts[args[0]->b_edev, args[0]->b_blkno] = timestamp; @s = count(); }
	io:::done /ts[args[0]->b_edev, args[0]->b_blkno]/ { @d = count(); @l = quantize(timestamp - ts[args[0]->b_edev, args[0]->b_blkno]);
	    ts[args[0]->b_edev, args[0]->b_blkno] = 0; @f = max(args[0]->b_flags & B_DONE); }
	END { printa("started %@d\n", @s); printa("done %@d\n", @d); printa("B_DONE %@d\n", @f); }' \
	-c 'dd if=/dev/nullb0 of=/dev/null iflag=direct bs=4k count=32' 2>/dev/null |
	awk '/^started/ { s = $2 } /^done/ { d = $2 } /^B_DONE/ { f = $2 }
	    END { print (s >= 32 && d == s ? "ok: each started request done once" : "started " s ", done " d); print "B_DONE at done: " f }'
$DTRACE -q -n 'io:::start /pid == $target/ { @[stack()] = count(); }' \
	-c 'dd if=/dev/nullb0 of=/dev/null iflag=direct bs=4k count=4' 2>/dev/null |
	awk '/`/ && !top { top = $1; sub(/\+0x[0-9a-f]+$/, "", top) } /`submit_bio/ { sb = 1 }
	    END { print "top: " top; print (sb ? "ok: through submit_bio" : "no submit_bio frame") }'
$DTRACE -q -n 'io:::wait-start /pid == $target/ { @[args[1]->dev_statname, args[0]->b_flags & B_WRITE ? "W" : "R"] = count(); }
	io:::wait-done /pid == $target/ { @["wait-done", "-"] = count(); }' \
	-c 'dd if=/dev/zero of=/dev/nullb0 bs=4k count=1 conv=fsync' 2>/dev/null | awk 'NF { print $1, $2, ($3 > 0 ? "fired" : $3) }'
rmmod null_blk
