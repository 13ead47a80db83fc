/*
 * lltostr() with and without a base: base 10 is signed (Oracle's
 * dtrace-utils bpf/lltostr.S); other bases are illumos' (DIF_SUBR_LLTOSTR):
 * unsigned, "0x" before base 16 (0 is "0x0"), "0" before base 8 but
 * 0 is "0".
 */
#pragma D option quiet

BEGIN
{
	printf("lltostr(0) = %s\n", (this->r = lltostr(0)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(0, 2) = %s\n", (this->r = lltostr(0, 2)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(0, 8) = %s\n", (this->r = lltostr(0, 8)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(0, 10) = %s\n", (this->r = lltostr(0, 10)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(0, 16) = %s\n", (this->r = lltostr(0, 16)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(0, 36) = %s\n", (this->r = lltostr(0, 36)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(1) = %s\n", (this->r = lltostr(1)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(1, 2) = %s\n", (this->r = lltostr(1, 2)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(1, 8) = %s\n", (this->r = lltostr(1, 8)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(1, 10) = %s\n", (this->r = lltostr(1, 10)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
}

BEGIN
{
	printf("lltostr(1, 16) = %s\n", (this->r = lltostr(1, 16)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(1, 36) = %s\n", (this->r = lltostr(1, 36)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(-1) = %s\n", (this->r = lltostr(-1)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(-1, 2) = %s\n", (this->r = lltostr(-1, 2)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(-1, 8) = %s\n", (this->r = lltostr(-1, 8)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(-1, 10) = %s\n", (this->r = lltostr(-1, 10)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(-1, 16) = %s\n", (this->r = lltostr(-1, 16)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(-1, 36) = %s\n", (this->r = lltostr(-1, 36)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(8) = %s\n", (this->r = lltostr(8)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(8, 2) = %s\n", (this->r = lltostr(8, 2)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
}

BEGIN
{
	printf("lltostr(8, 8) = %s\n", (this->r = lltostr(8, 8)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(8, 10) = %s\n", (this->r = lltostr(8, 10)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(8, 16) = %s\n", (this->r = lltostr(8, 16)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(8, 36) = %s\n", (this->r = lltostr(8, 36)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(35) = %s\n", (this->r = lltostr(35)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(35, 2) = %s\n", (this->r = lltostr(35, 2)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(35, 8) = %s\n", (this->r = lltostr(35, 8)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(35, 10) = %s\n", (this->r = lltostr(35, 10)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(35, 16) = %s\n", (this->r = lltostr(35, 16)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(35, 36) = %s\n", (this->r = lltostr(35, 36)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
}

BEGIN
{
	printf("lltostr(255) = %s\n", (this->r = lltostr(255)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(255, 2) = %s\n", (this->r = lltostr(255, 2)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(255, 8) = %s\n", (this->r = lltostr(255, 8)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(255, 10) = %s\n", (this->r = lltostr(255, 10)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(255, 16) = %s\n", (this->r = lltostr(255, 16)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(255, 36) = %s\n", (this->r = lltostr(255, 36)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(-255) = %s\n", (this->r = lltostr(-255)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(-255, 2) = %s\n", (this->r = lltostr(-255, 2)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(-255, 8) = %s\n", (this->r = lltostr(-255, 8)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(-255, 10) = %s\n", (this->r = lltostr(-255, 10)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
}

BEGIN
{
	printf("lltostr(-255, 16) = %s\n", (this->r = lltostr(-255, 16)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(-255, 36) = %s\n", (this->r = lltostr(-255, 36)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(0x7fffffffffffffff) = %s\n", (this->r = lltostr(0x7fffffffffffffff)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(0x7fffffffffffffff, 2) = %s\n", (this->r = lltostr(0x7fffffffffffffff, 2)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(0x7fffffffffffffff, 8) = %s\n", (this->r = lltostr(0x7fffffffffffffff, 8)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(0x7fffffffffffffff, 10) = %s\n", (this->r = lltostr(0x7fffffffffffffff, 10)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(0x7fffffffffffffff, 16) = %s\n", (this->r = lltostr(0x7fffffffffffffff, 16)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(0x7fffffffffffffff, 36) = %s\n", (this->r = lltostr(0x7fffffffffffffff, 36)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(0x8000000000000000) = %s\n", (this->r = lltostr(0x8000000000000000)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(0x8000000000000000, 2) = %s\n", (this->r = lltostr(0x8000000000000000, 2)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
}

BEGIN
{
	printf("lltostr(0x8000000000000000, 8) = %s\n", (this->r = lltostr(0x8000000000000000, 8)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(0x8000000000000000, 10) = %s\n", (this->r = lltostr(0x8000000000000000, 10)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(0x8000000000000000, 16) = %s\n", (this->r = lltostr(0x8000000000000000, 16)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("lltostr(0x8000000000000000, 36) = %s\n", (this->r = lltostr(0x8000000000000000, 36)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
}

BEGIN
{
	exit(0);
}
