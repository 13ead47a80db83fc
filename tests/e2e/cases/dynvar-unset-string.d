/*
 * An unset string thread-local or associative-array element reads as NULL
 * (DTrace's dt_get_dvar gives 0 for a load that finds nothing): it compares
 * as a pointer against a string, and using it as a string faults with
 * "invalid address (0x0)"; the clauses after the fault still run.
 */
#pragma D option quiet

string a[int];
self string ts;

BEGIN { printf("1 %d %d %d\n", a[1] == "", a[1] != "x", a[1] < "b"); }
BEGIN { printf("2 [%s]\n", self->ts); }
BEGIN { this->s = a[1]; a[2] = a[1]; printf("3 ok\n"); }
BEGIN { printf("4 %d\n", strlen(a[1])); }
BEGIN { self->ts = "x"; self->ts = a[5]; printf("5 [%s]\n", self->ts); }
BEGIN { a[3] = "set"; printf("6 [%s]\n", a[3]); exit(0); }
