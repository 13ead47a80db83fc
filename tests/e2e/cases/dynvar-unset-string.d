/*
 * An unset thread-local string reads as NULL (DTrace's LDTS and dt_get_dvar
 * give 0 for a load that finds nothing): it compares as a pointer against a
 * string, and using it as a string faults with "invalid address (0x0)";
 * the clauses after the fault still run.  An unset element of an
 * associative array of strings reads as "" (illumos's dt_cg_assoc_op
 * faults in a zero-filled element).
 */
#pragma D option quiet

string a[int];
self string ts, none;

BEGIN { printf("1 %d %d %d\n", self->ts == "", self->ts != "x", self->ts < "b"); }
BEGIN { printf("2 [%s]\n", self->ts); }
BEGIN { this->s = self->ts; self->u = self->ts; printf("3 ok\n"); }
BEGIN { printf("4 %d\n", strlen(self->ts)); }
BEGIN { self->ts = "x"; self->ts = self->none; printf("5 [%s]\n", self->ts); }
BEGIN { printf("6 [%s] %d %d\n", a[1], a[1] == "", strlen(a[2])); }
BEGIN { self->ts = "set"; printf("7 [%s]\n", self->ts); exit(0); }
