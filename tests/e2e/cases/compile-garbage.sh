# shellcheck shell=bash
# Binary garbage is a compile error, never a crash or a hang: 64 KB of
# pseudo-random bytes (five fixed seeds, so the bytes and DTrace's message
# are the same every run), compiled only (-e).  The lexer stops at the
# first byte that starts no D token.
cd "$E2E_TMP" || exit 1
for seed in 1 2 3 4 5; do
	python3 -c "import random, sys; random.seed($seed); sys.stdout.buffer.write(bytes(random.getrandbits(8) for _ in range(65536)))" >garbage$seed.d
	"$DTRACE" -e -s garbage$seed.d 2>err
	echo "seed $seed: exit status $?"
	cat -v err >&2		# the message quotes bytes as they are
done
# ASCII garbage given with -n (4 KB; the message quotes all of it)
python3 -c "import random, sys; random.seed(7); sys.stdout.write(''.join(chr(random.randrange(33, 127)) for _ in range(4096)))" >text7
"$DTRACE" -e -n "$(cat text7)" 2>err
echo "-n garbage: exit status $?"
head -c 200 err >&2
echo >&2
