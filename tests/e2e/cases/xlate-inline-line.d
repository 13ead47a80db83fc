/*
 * An error about a use of curpsinfo, an inline of the D library whose value
 * is translated data, is at the line of the use, not the library's line of
 * the inline's definition (DTrace's VAR node keeps the line it was parsed at).
 */
BEGIN
{
	trace(*curpsinfo);
}
