#pragma D option quiet
#pragma D option strsize=16

/*
 * print() of a string: what it references is a char [strsize] (D's string
 * type is a typedef of it, which dt_cg_act_print's ctf_type_reference sees
 * through), shown up to its NUL.
 */
BEGIN
{
	x = "abc";
	print(x);
	print(strjoin("de", "f"));
	print(probename);
	exit(0);
}
