/* An undefined identifier is a compile error. */
BEGIN
{
	trace(nosuchvariable);
}
