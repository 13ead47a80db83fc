/*
 * index() and rindex() at negative, huge and past-the-end starts, with
 * empty and repeated substrings, by Oracle's rules (dtrace-utils
 * bpf/index.S, rindex.S): the positions tried are 0 .. strlen(s) -
 * strlen(t), so "" is found at strlen(s) too; index() takes a negative
 * start as 0; rindex() takes a start past the last position as that one
 * and finds nothing from a negative start.
 */
#pragma D option quiet

BEGIN
{
	printf("index(\"\", \"\") = %d\n", index("", ""));
	printf("index(\"\", \"\", -1000000) = %d\n", index("", "", -1000000));
	printf("index(\"\", \"\", -1) = %d\n", index("", "", -1));
	printf("index(\"\", \"\", 0) = %d\n", index("", "", 0));
	printf("index(\"\", \"\", 1) = %d\n", index("", "", 1));
	printf("index(\"\", \"\", 2) = %d\n", index("", "", 2));
	printf("index(\"\", \"\", 3) = %d\n", index("", "", 3));
	printf("index(\"\", \"\", 4) = %d\n", index("", "", 4));
	printf("index(\"\", \"\", 6) = %d\n", index("", "", 6));
	printf("index(\"\", \"\", 256) = %d\n", index("", "", 256));
}

BEGIN
{
	printf("index(\"abc\", \"\") = %d\n", index("abc", ""));
	printf("index(\"abc\", \"\", -1000000) = %d\n", index("abc", "", -1000000));
	printf("index(\"abc\", \"\", -1) = %d\n", index("abc", "", -1));
	printf("index(\"abc\", \"\", 0) = %d\n", index("abc", "", 0));
	printf("index(\"abc\", \"\", 1) = %d\n", index("abc", "", 1));
	printf("index(\"abc\", \"\", 2) = %d\n", index("abc", "", 2));
	printf("index(\"abc\", \"\", 3) = %d\n", index("abc", "", 3));
	printf("index(\"abc\", \"\", 4) = %d\n", index("abc", "", 4));
	printf("index(\"abc\", \"\", 6) = %d\n", index("abc", "", 6));
	printf("index(\"abc\", \"\", 256) = %d\n", index("abc", "", 256));
}

BEGIN
{
	printf("index(\"abcabc\", \"bc\") = %d\n", index("abcabc", "bc"));
	printf("index(\"abcabc\", \"bc\", -1000000) = %d\n", index("abcabc", "bc", -1000000));
	printf("index(\"abcabc\", \"bc\", -1) = %d\n", index("abcabc", "bc", -1));
	printf("index(\"abcabc\", \"bc\", 0) = %d\n", index("abcabc", "bc", 0));
	printf("index(\"abcabc\", \"bc\", 1) = %d\n", index("abcabc", "bc", 1));
	printf("index(\"abcabc\", \"bc\", 2) = %d\n", index("abcabc", "bc", 2));
	printf("index(\"abcabc\", \"bc\", 3) = %d\n", index("abcabc", "bc", 3));
	printf("index(\"abcabc\", \"bc\", 4) = %d\n", index("abcabc", "bc", 4));
	printf("index(\"abcabc\", \"bc\", 6) = %d\n", index("abcabc", "bc", 6));
	printf("index(\"abcabc\", \"bc\", 256) = %d\n", index("abcabc", "bc", 256));
}

BEGIN
{
	printf("index(\"aaaa\", \"aa\") = %d\n", index("aaaa", "aa"));
	printf("index(\"aaaa\", \"aa\", -1000000) = %d\n", index("aaaa", "aa", -1000000));
	printf("index(\"aaaa\", \"aa\", -1) = %d\n", index("aaaa", "aa", -1));
	printf("index(\"aaaa\", \"aa\", 0) = %d\n", index("aaaa", "aa", 0));
	printf("index(\"aaaa\", \"aa\", 1) = %d\n", index("aaaa", "aa", 1));
	printf("index(\"aaaa\", \"aa\", 2) = %d\n", index("aaaa", "aa", 2));
	printf("index(\"aaaa\", \"aa\", 3) = %d\n", index("aaaa", "aa", 3));
	printf("index(\"aaaa\", \"aa\", 4) = %d\n", index("aaaa", "aa", 4));
	printf("index(\"aaaa\", \"aa\", 6) = %d\n", index("aaaa", "aa", 6));
	printf("index(\"aaaa\", \"aa\", 256) = %d\n", index("aaaa", "aa", 256));
}

BEGIN
{
	printf("index(\"abc\", \"abcd\") = %d\n", index("abc", "abcd"));
	printf("index(\"abc\", \"abcd\", -1000000) = %d\n", index("abc", "abcd", -1000000));
	printf("index(\"abc\", \"abcd\", -1) = %d\n", index("abc", "abcd", -1));
	printf("index(\"abc\", \"abcd\", 0) = %d\n", index("abc", "abcd", 0));
	printf("index(\"abc\", \"abcd\", 1) = %d\n", index("abc", "abcd", 1));
	printf("index(\"abc\", \"abcd\", 2) = %d\n", index("abc", "abcd", 2));
	printf("index(\"abc\", \"abcd\", 3) = %d\n", index("abc", "abcd", 3));
	printf("index(\"abc\", \"abcd\", 4) = %d\n", index("abc", "abcd", 4));
	printf("index(\"abc\", \"abcd\", 6) = %d\n", index("abc", "abcd", 6));
	printf("index(\"abc\", \"abcd\", 256) = %d\n", index("abc", "abcd", 256));
}

BEGIN
{
	printf("index(\"hello\", \"l\") = %d\n", index("hello", "l"));
	printf("index(\"hello\", \"l\", -1000000) = %d\n", index("hello", "l", -1000000));
	printf("index(\"hello\", \"l\", -1) = %d\n", index("hello", "l", -1));
	printf("index(\"hello\", \"l\", 0) = %d\n", index("hello", "l", 0));
	printf("index(\"hello\", \"l\", 1) = %d\n", index("hello", "l", 1));
	printf("index(\"hello\", \"l\", 2) = %d\n", index("hello", "l", 2));
	printf("index(\"hello\", \"l\", 3) = %d\n", index("hello", "l", 3));
	printf("index(\"hello\", \"l\", 4) = %d\n", index("hello", "l", 4));
	printf("index(\"hello\", \"l\", 6) = %d\n", index("hello", "l", 6));
	printf("index(\"hello\", \"l\", 256) = %d\n", index("hello", "l", 256));
}

BEGIN
{
	printf("index(\"abc\", \"z\") = %d\n", index("abc", "z"));
	printf("index(\"abc\", \"z\", -1000000) = %d\n", index("abc", "z", -1000000));
	printf("index(\"abc\", \"z\", -1) = %d\n", index("abc", "z", -1));
	printf("index(\"abc\", \"z\", 0) = %d\n", index("abc", "z", 0));
	printf("index(\"abc\", \"z\", 1) = %d\n", index("abc", "z", 1));
	printf("index(\"abc\", \"z\", 2) = %d\n", index("abc", "z", 2));
	printf("index(\"abc\", \"z\", 3) = %d\n", index("abc", "z", 3));
	printf("index(\"abc\", \"z\", 4) = %d\n", index("abc", "z", 4));
	printf("index(\"abc\", \"z\", 6) = %d\n", index("abc", "z", 6));
	printf("index(\"abc\", \"z\", 256) = %d\n", index("abc", "z", 256));
}

BEGIN
{
	printf("rindex(\"\", \"\") = %d\n", rindex("", ""));
	printf("rindex(\"\", \"\", -1000000) = %d\n", rindex("", "", -1000000));
	printf("rindex(\"\", \"\", -1) = %d\n", rindex("", "", -1));
	printf("rindex(\"\", \"\", 0) = %d\n", rindex("", "", 0));
	printf("rindex(\"\", \"\", 1) = %d\n", rindex("", "", 1));
	printf("rindex(\"\", \"\", 2) = %d\n", rindex("", "", 2));
	printf("rindex(\"\", \"\", 3) = %d\n", rindex("", "", 3));
	printf("rindex(\"\", \"\", 4) = %d\n", rindex("", "", 4));
	printf("rindex(\"\", \"\", 6) = %d\n", rindex("", "", 6));
	printf("rindex(\"\", \"\", 256) = %d\n", rindex("", "", 256));
}

BEGIN
{
	printf("rindex(\"abc\", \"\") = %d\n", rindex("abc", ""));
	printf("rindex(\"abc\", \"\", -1000000) = %d\n", rindex("abc", "", -1000000));
	printf("rindex(\"abc\", \"\", -1) = %d\n", rindex("abc", "", -1));
	printf("rindex(\"abc\", \"\", 0) = %d\n", rindex("abc", "", 0));
	printf("rindex(\"abc\", \"\", 1) = %d\n", rindex("abc", "", 1));
	printf("rindex(\"abc\", \"\", 2) = %d\n", rindex("abc", "", 2));
	printf("rindex(\"abc\", \"\", 3) = %d\n", rindex("abc", "", 3));
	printf("rindex(\"abc\", \"\", 4) = %d\n", rindex("abc", "", 4));
	printf("rindex(\"abc\", \"\", 6) = %d\n", rindex("abc", "", 6));
	printf("rindex(\"abc\", \"\", 256) = %d\n", rindex("abc", "", 256));
}

BEGIN
{
	printf("rindex(\"abcabc\", \"bc\") = %d\n", rindex("abcabc", "bc"));
	printf("rindex(\"abcabc\", \"bc\", -1000000) = %d\n", rindex("abcabc", "bc", -1000000));
	printf("rindex(\"abcabc\", \"bc\", -1) = %d\n", rindex("abcabc", "bc", -1));
	printf("rindex(\"abcabc\", \"bc\", 0) = %d\n", rindex("abcabc", "bc", 0));
	printf("rindex(\"abcabc\", \"bc\", 1) = %d\n", rindex("abcabc", "bc", 1));
	printf("rindex(\"abcabc\", \"bc\", 2) = %d\n", rindex("abcabc", "bc", 2));
	printf("rindex(\"abcabc\", \"bc\", 3) = %d\n", rindex("abcabc", "bc", 3));
	printf("rindex(\"abcabc\", \"bc\", 4) = %d\n", rindex("abcabc", "bc", 4));
	printf("rindex(\"abcabc\", \"bc\", 6) = %d\n", rindex("abcabc", "bc", 6));
	printf("rindex(\"abcabc\", \"bc\", 256) = %d\n", rindex("abcabc", "bc", 256));
}

BEGIN
{
	printf("rindex(\"aaaa\", \"aa\") = %d\n", rindex("aaaa", "aa"));
	printf("rindex(\"aaaa\", \"aa\", -1000000) = %d\n", rindex("aaaa", "aa", -1000000));
	printf("rindex(\"aaaa\", \"aa\", -1) = %d\n", rindex("aaaa", "aa", -1));
	printf("rindex(\"aaaa\", \"aa\", 0) = %d\n", rindex("aaaa", "aa", 0));
	printf("rindex(\"aaaa\", \"aa\", 1) = %d\n", rindex("aaaa", "aa", 1));
	printf("rindex(\"aaaa\", \"aa\", 2) = %d\n", rindex("aaaa", "aa", 2));
	printf("rindex(\"aaaa\", \"aa\", 3) = %d\n", rindex("aaaa", "aa", 3));
	printf("rindex(\"aaaa\", \"aa\", 4) = %d\n", rindex("aaaa", "aa", 4));
	printf("rindex(\"aaaa\", \"aa\", 6) = %d\n", rindex("aaaa", "aa", 6));
	printf("rindex(\"aaaa\", \"aa\", 256) = %d\n", rindex("aaaa", "aa", 256));
}

BEGIN
{
	printf("rindex(\"abc\", \"abcd\") = %d\n", rindex("abc", "abcd"));
	printf("rindex(\"abc\", \"abcd\", -1000000) = %d\n", rindex("abc", "abcd", -1000000));
	printf("rindex(\"abc\", \"abcd\", -1) = %d\n", rindex("abc", "abcd", -1));
	printf("rindex(\"abc\", \"abcd\", 0) = %d\n", rindex("abc", "abcd", 0));
	printf("rindex(\"abc\", \"abcd\", 1) = %d\n", rindex("abc", "abcd", 1));
	printf("rindex(\"abc\", \"abcd\", 2) = %d\n", rindex("abc", "abcd", 2));
	printf("rindex(\"abc\", \"abcd\", 3) = %d\n", rindex("abc", "abcd", 3));
	printf("rindex(\"abc\", \"abcd\", 4) = %d\n", rindex("abc", "abcd", 4));
	printf("rindex(\"abc\", \"abcd\", 6) = %d\n", rindex("abc", "abcd", 6));
	printf("rindex(\"abc\", \"abcd\", 256) = %d\n", rindex("abc", "abcd", 256));
}

BEGIN
{
	printf("rindex(\"hello\", \"l\") = %d\n", rindex("hello", "l"));
	printf("rindex(\"hello\", \"l\", -1000000) = %d\n", rindex("hello", "l", -1000000));
	printf("rindex(\"hello\", \"l\", -1) = %d\n", rindex("hello", "l", -1));
	printf("rindex(\"hello\", \"l\", 0) = %d\n", rindex("hello", "l", 0));
	printf("rindex(\"hello\", \"l\", 1) = %d\n", rindex("hello", "l", 1));
	printf("rindex(\"hello\", \"l\", 2) = %d\n", rindex("hello", "l", 2));
	printf("rindex(\"hello\", \"l\", 3) = %d\n", rindex("hello", "l", 3));
	printf("rindex(\"hello\", \"l\", 4) = %d\n", rindex("hello", "l", 4));
	printf("rindex(\"hello\", \"l\", 6) = %d\n", rindex("hello", "l", 6));
	printf("rindex(\"hello\", \"l\", 256) = %d\n", rindex("hello", "l", 256));
}

BEGIN
{
	printf("rindex(\"abc\", \"z\") = %d\n", rindex("abc", "z"));
	printf("rindex(\"abc\", \"z\", -1000000) = %d\n", rindex("abc", "z", -1000000));
	printf("rindex(\"abc\", \"z\", -1) = %d\n", rindex("abc", "z", -1));
	printf("rindex(\"abc\", \"z\", 0) = %d\n", rindex("abc", "z", 0));
	printf("rindex(\"abc\", \"z\", 1) = %d\n", rindex("abc", "z", 1));
	printf("rindex(\"abc\", \"z\", 2) = %d\n", rindex("abc", "z", 2));
	printf("rindex(\"abc\", \"z\", 3) = %d\n", rindex("abc", "z", 3));
	printf("rindex(\"abc\", \"z\", 4) = %d\n", rindex("abc", "z", 4));
	printf("rindex(\"abc\", \"z\", 6) = %d\n", rindex("abc", "z", 6));
	printf("rindex(\"abc\", \"z\", 256) = %d\n", rindex("abc", "z", 256));
}

BEGIN
{
	exit(0);
}
