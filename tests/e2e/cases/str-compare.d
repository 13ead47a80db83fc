/*
 * String comparison by content, as DTrace's: the first differing byte
 * decides, a prefix sorts first.  Each comparison is a call of one BPF
 * function the verifier checks once, so a clause may make many, nested
 * (the verifier refused twenty compare loops in one expression).
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d %d\n", "abc" < "abd", "abc" == "abc", "b" > "abc",
	    "" < "a", "abc" != "abc", "ab" >= "abc");
	x = "kiwi";
	printf("%s\n",
	    strjoin(x, "a") == strjoin("kiwi", "b") ? "a=b" :
	    strjoin(x, "b") < strjoin("kiwi", "a") ? "b<a" :
	    strjoin(x, "c") <= strjoin("kiwi", "b") ? "c<=b" :
	    strjoin(x, "d") == strjoin("kiwi", "e") ? "d=e" :
	    strjoin(x, "e") > strjoin("kiwi", "f") ? "e>f" :
	    strjoin(x, "f") >= strjoin("kiwi", "g") ? "f>=g" :
	    strjoin(x, "g") == strjoin("kiwi", "h") ? "g=h" :
	    strjoin(x, "h") < strjoin("kiwi", "a") ? "h<a" :
	    strjoin(x, "i") == strjoin("kiwi", "j") ? "i=j" :
	    strjoin(x, "j") < strjoin("kiwi", "b") ? "j<b" :
	    strjoin(x, "k") == strjoin("kiwi", "l") ? "k=l" :
	    strjoin(x, "l") <= strjoin("kiwi", "c") ? "l<=c" :
	    strjoin(x, "m") == strjoin("kiwi", "n") ? "m=n" :
	    strjoin(x, "n") < strjoin("kiwi", "d") ? "n<d" :
	    strjoin(x, "o") == strjoin("kiwi", "o") ? "o=o" : "none");
	exit(0);
}
