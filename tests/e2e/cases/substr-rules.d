/*
 * substr() at negative, huge and past-the-end positions and lengths, by
 * DTrace's rules (Oracle's dt_substr, illumos' DIF_SUBR_SUBSTR): a
 * negative position counts from the end; one still before the start keeps
 * what is left of the length (none when the length is at most -i, so
 * never with a negative length); without a length, the length is strsize.
 */
#pragma D option quiet

BEGIN
{
	s = "abcdefghij";
	printf("substr(s, -300) = [%s]\n", substr(s, -300));
	printf("substr(s, -256) = [%s]\n", substr(s, -256));
	printf("substr(s, -250) = [%s]\n", substr(s, -250));
	printf("substr(s, -12) = [%s]\n", substr(s, -12));
	printf("substr(s, -11) = [%s]\n", substr(s, -11));
	printf("substr(s, -10) = [%s]\n", substr(s, -10));
	printf("substr(s, -9) = [%s]\n", substr(s, -9));
	printf("substr(s, -1) = [%s]\n", substr(s, -1));
	printf("substr(s, 0) = [%s]\n", substr(s, 0));
	printf("substr(s, 1) = [%s]\n", substr(s, 1));
	printf("substr(s, 9) = [%s]\n", substr(s, 9));
	printf("substr(s, 10) = [%s]\n", substr(s, 10));
	printf("substr(s, 11) = [%s]\n", substr(s, 11));
	printf("substr(s, 300) = [%s]\n", substr(s, 300));
	printf("substr(s, -12, -300) = [%s]\n", substr(s, -12, -300));
	printf("substr(s, -12, -12) = [%s]\n", substr(s, -12, -12));
	printf("substr(s, -12, -11) = [%s]\n", substr(s, -12, -11));
	printf("substr(s, -12, -3) = [%s]\n", substr(s, -12, -3));
	printf("substr(s, -12, -1) = [%s]\n", substr(s, -12, -1));
	printf("substr(s, -12, 0) = [%s]\n", substr(s, -12, 0));
	printf("substr(s, -12, 1) = [%s]\n", substr(s, -12, 1));
	printf("substr(s, -12, 3) = [%s]\n", substr(s, -12, 3));
	printf("substr(s, -12, 11) = [%s]\n", substr(s, -12, 11));
	printf("substr(s, -12, 250) = [%s]\n", substr(s, -12, 250));
	printf("substr(s, -11, -300) = [%s]\n", substr(s, -11, -300));
	printf("substr(s, -11, -12) = [%s]\n", substr(s, -11, -12));
	printf("substr(s, -11, -11) = [%s]\n", substr(s, -11, -11));
	printf("substr(s, -11, -3) = [%s]\n", substr(s, -11, -3));
	printf("substr(s, -11, -1) = [%s]\n", substr(s, -11, -1));
	printf("substr(s, -11, 0) = [%s]\n", substr(s, -11, 0));
	printf("substr(s, -11, 1) = [%s]\n", substr(s, -11, 1));
	printf("substr(s, -11, 3) = [%s]\n", substr(s, -11, 3));
	printf("substr(s, -11, 11) = [%s]\n", substr(s, -11, 11));
	printf("substr(s, -11, 250) = [%s]\n", substr(s, -11, 250));
	printf("substr(s, -5, -300) = [%s]\n", substr(s, -5, -300));
	printf("substr(s, -5, -12) = [%s]\n", substr(s, -5, -12));
	printf("substr(s, -5, -11) = [%s]\n", substr(s, -5, -11));
	printf("substr(s, -5, -3) = [%s]\n", substr(s, -5, -3));
	printf("substr(s, -5, -1) = [%s]\n", substr(s, -5, -1));
	printf("substr(s, -5, 0) = [%s]\n", substr(s, -5, 0));
	printf("substr(s, -5, 1) = [%s]\n", substr(s, -5, 1));
	printf("substr(s, -5, 3) = [%s]\n", substr(s, -5, 3));
	printf("substr(s, -5, 11) = [%s]\n", substr(s, -5, 11));
	printf("substr(s, -5, 250) = [%s]\n", substr(s, -5, 250));
	printf("substr(s, 0, -300) = [%s]\n", substr(s, 0, -300));
	printf("substr(s, 0, -12) = [%s]\n", substr(s, 0, -12));
	printf("substr(s, 0, -11) = [%s]\n", substr(s, 0, -11));
	printf("substr(s, 0, -3) = [%s]\n", substr(s, 0, -3));
	printf("substr(s, 0, -1) = [%s]\n", substr(s, 0, -1));
	printf("substr(s, 0, 0) = [%s]\n", substr(s, 0, 0));
	printf("substr(s, 0, 1) = [%s]\n", substr(s, 0, 1));
	printf("substr(s, 0, 3) = [%s]\n", substr(s, 0, 3));
	printf("substr(s, 0, 11) = [%s]\n", substr(s, 0, 11));
	printf("substr(s, 0, 250) = [%s]\n", substr(s, 0, 250));
	printf("substr(s, 3, -300) = [%s]\n", substr(s, 3, -300));
	printf("substr(s, 3, -12) = [%s]\n", substr(s, 3, -12));
	printf("substr(s, 3, -11) = [%s]\n", substr(s, 3, -11));
	printf("substr(s, 3, -3) = [%s]\n", substr(s, 3, -3));
	printf("substr(s, 3, -1) = [%s]\n", substr(s, 3, -1));
	printf("substr(s, 3, 0) = [%s]\n", substr(s, 3, 0));
	printf("substr(s, 3, 1) = [%s]\n", substr(s, 3, 1));
	printf("substr(s, 3, 3) = [%s]\n", substr(s, 3, 3));
	printf("substr(s, 3, 11) = [%s]\n", substr(s, 3, 11));
	printf("substr(s, 3, 250) = [%s]\n", substr(s, 3, 250));
	printf("substr(s, 9, -300) = [%s]\n", substr(s, 9, -300));
	printf("substr(s, 9, -12) = [%s]\n", substr(s, 9, -12));
	printf("substr(s, 9, -11) = [%s]\n", substr(s, 9, -11));
	printf("substr(s, 9, -3) = [%s]\n", substr(s, 9, -3));
	printf("substr(s, 9, -1) = [%s]\n", substr(s, 9, -1));
	printf("substr(s, 9, 0) = [%s]\n", substr(s, 9, 0));
	printf("substr(s, 9, 1) = [%s]\n", substr(s, 9, 1));
	printf("substr(s, 9, 3) = [%s]\n", substr(s, 9, 3));
	printf("substr(s, 9, 11) = [%s]\n", substr(s, 9, 11));
	printf("substr(s, 9, 250) = [%s]\n", substr(s, 9, 250));
	exit(0);
}
