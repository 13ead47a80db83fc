/*
 * trace() of each kind of value, as DTrace's dt_print_trace prints it on
 * the default output: integers by size and sign (" %3hhd" ... " %20lu"),
 * pointers as unsigned longs, strings in 33 after two spaces, and every
 * by-reference value that is not a string -- struct, union, any array, a
 * char array too -- as its raw bytes (dt_cg_store_val records their
 * bytes; only the string type is a string).
 */
struct s { int a; char b; short c; };
struct cs { char a; char b; };
union u { int a; char b[8]; };
enum e { E0, E1, E2 = 10 };
typedef int myint;
struct s gs;
struct cs gcs;
union u gu;
enum e ge;
char gca[6];
int gia[3];
BEGIN {
gs.a = 1; gs.b = 2; gs.c = 3;
gcs.a = 'x'; gcs.b = 'y';
gu.a = 0x41424344;
ge = E2;
gca[0]='h'; gca[1]='i';
gia[0]=1; gia[1]=2; gia[2]=3;
trace((char)-1); trace((unsigned char)255); trace((short)-2); trace((unsigned short)65535);
trace(-3); trace(4294967295U); trace(-5L); trace(18446744073709551615UL);
trace((void*)0x1234); trace("str");
}
BEGIN { trace(gs); }
BEGIN { trace(gu); }
BEGIN { trace(ge); trace(E1); trace((myint)7); }
BEGIN { trace(gca); }
BEGIN { trace(gia); }
BEGIN { trace(gcs); }
BEGIN { trace(gs.b); trace(gu.b); }
BEGIN { trace((int8_t)-100); trace((uint8_t)200); trace((int64_t)-1); trace((bool)1); }
BEGIN { trace(""); trace("a"); trace("a\tb"); }
BEGIN { exit(0); }
