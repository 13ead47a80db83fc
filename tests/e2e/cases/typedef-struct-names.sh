# shellcheck shell=bash
# A typedef of a struct, union or enum names the type as the program wrote
# it, as DTrace's CTF typedefs do: print() heads the value with "(foo_t)",
# messages say "foo_t"; the type is the struct all the same: a typedef of a
# struct declared forward and defined later has its members and size,
# translators match whether a program names their output type by the
# typedef or by the struct, and a kernel typedef (spinlock_t) is the
# kernel's struct.
cd "$E2E_TMP" || exit 1
cat >a.d <<'D'
typedef struct foo foo_t;
foo_t *p;
struct foo { int a; long b; };
typedef foo_t foo2_t;
BEGIN
{
	printf("%d %d %d\n", sizeof (foo_t), sizeof (foo2_t), offsetof(foo2_t, b));
	printf("%d %d\n", xlate<struct psinfo *>(curthread)->pr_pid == pid,
	    xlate<psinfo_t *>(curthread)->pr_pid == pid);
	printf("%d\n", sizeof (spinlock_t) == sizeof (struct spinlock));
	this->f = (foo2_t *)alloca(sizeof (foo2_t));
	this->f->a = 7;
	print(this->f);
	exit(0);
}
D
"$DTRACE" -qs a.d 2>&1 | sed -E 's/^0x[0-9a-f]+ /PTR /'
for e in 'foo_t x; BEGIN { x + 1 }' 'spinlock_t s; BEGIN { s + 1 }' \
    'BEGIN { trace(xlate<fileinfo_t>(1).fi_name) }'; do
	printf 'typedef struct foo { int a; } foo_t;\n%s\n' "$e" >e.d
	"$DTRACE" -xerrtags -s e.d 2>&1 | sed 's|[^ ]*/e.d|e.d|'
done
