/* -x rawbytes dumps a string key's whole record (dt_print_bytes). */
#pragma D option rawbytes
#pragma D option quiet
#pragma D option strsize=20
BEGIN
{
	@["ab"] = count();
	exit(0);
}
