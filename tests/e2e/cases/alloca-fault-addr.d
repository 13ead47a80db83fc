/*
 * A fault through an alloca() pointer names the address as D sees it:
 * DTrace's alloca pointers are offsets in the scratch space, from 8
 * (dt_cg_alloca_access_check reports the pointer value).  Reading past
 * what alloca() gave out is an invalid address; copying past it an
 * invalid size.
 */
#pragma D option quiet

BEGIN { this->q = (int *)alloca(4); printf("%p\n", this->q); printf("%d\n", this->q[3]); }
BEGIN { this->c = (char *)alloca(4); printf("%d\n", this->c[-1]); }
BEGIN { this->c = (char *)alloca(16); this->c[16] = 1; }
BEGIN { this->c = (char *)alloca(16); bcopy(this->c, this->c + 8, 9); }
BEGIN { this->c = (char *)alloca(13); this->c[14] = 1; printf("in the rounded-up bytes\n"); exit(0); }
