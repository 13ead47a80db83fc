/*
 * strchr() and strrchr() by Oracle's rules (dtrace-utils bpf/strchr.S,
 * strrchr.S): the character is cast to char (0x161 is 'a', -159 is 'a')
 * and looked for in the bytes before the NUL only, so 0 is never found
 * (NULL, not "").
 */
#pragma D option quiet

BEGIN
{
	printf("strchr(\"\", 'a') = %s\n", (this->r = strchr("", 'a')) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strrchr(\"\", 'a') = %s\n", (this->r = strrchr("", 'a')) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strchr(\"\", 'c') = %s\n", (this->r = strchr("", 'c')) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strrchr(\"\", 'c') = %s\n", (this->r = strrchr("", 'c')) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strchr(\"\", 'l') = %s\n", (this->r = strchr("", 'l')) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strrchr(\"\", 'l') = %s\n", (this->r = strrchr("", 'l')) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strchr(\"\", 'z') = %s\n", (this->r = strchr("", 'z')) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strrchr(\"\", 'z') = %s\n", (this->r = strrchr("", 'z')) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strchr(\"\", 0) = %s\n", (this->r = strchr("", 0)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strrchr(\"\", 0) = %s\n", (this->r = strrchr("", 0)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
}

BEGIN
{
	printf("strchr(\"\", 0x161) = %s\n", (this->r = strchr("", 0x161)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strrchr(\"\", 0x161) = %s\n", (this->r = strrchr("", 0x161)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strchr(\"\", -159) = %s\n", (this->r = strchr("", -159)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strrchr(\"\", -159) = %s\n", (this->r = strrchr("", -159)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strchr(\"a\", 'a') = %s\n", (this->r = strchr("a", 'a')) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strrchr(\"a\", 'a') = %s\n", (this->r = strrchr("a", 'a')) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strchr(\"a\", 'c') = %s\n", (this->r = strchr("a", 'c')) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strrchr(\"a\", 'c') = %s\n", (this->r = strrchr("a", 'c')) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strchr(\"a\", 'l') = %s\n", (this->r = strchr("a", 'l')) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strrchr(\"a\", 'l') = %s\n", (this->r = strrchr("a", 'l')) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
}

BEGIN
{
	printf("strchr(\"a\", 'z') = %s\n", (this->r = strchr("a", 'z')) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strrchr(\"a\", 'z') = %s\n", (this->r = strrchr("a", 'z')) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strchr(\"a\", 0) = %s\n", (this->r = strchr("a", 0)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strrchr(\"a\", 0) = %s\n", (this->r = strrchr("a", 0)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strchr(\"a\", 0x161) = %s\n", (this->r = strchr("a", 0x161)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strrchr(\"a\", 0x161) = %s\n", (this->r = strrchr("a", 0x161)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strchr(\"a\", -159) = %s\n", (this->r = strchr("a", -159)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strrchr(\"a\", -159) = %s\n", (this->r = strrchr("a", -159)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strchr(\"abcabc\", 'a') = %s\n", (this->r = strchr("abcabc", 'a')) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strrchr(\"abcabc\", 'a') = %s\n", (this->r = strrchr("abcabc", 'a')) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
}

BEGIN
{
	printf("strchr(\"abcabc\", 'c') = %s\n", (this->r = strchr("abcabc", 'c')) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strrchr(\"abcabc\", 'c') = %s\n", (this->r = strrchr("abcabc", 'c')) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strchr(\"abcabc\", 'l') = %s\n", (this->r = strchr("abcabc", 'l')) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strrchr(\"abcabc\", 'l') = %s\n", (this->r = strrchr("abcabc", 'l')) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strchr(\"abcabc\", 'z') = %s\n", (this->r = strchr("abcabc", 'z')) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strrchr(\"abcabc\", 'z') = %s\n", (this->r = strrchr("abcabc", 'z')) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strchr(\"abcabc\", 0) = %s\n", (this->r = strchr("abcabc", 0)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strrchr(\"abcabc\", 0) = %s\n", (this->r = strrchr("abcabc", 0)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strchr(\"abcabc\", 0x161) = %s\n", (this->r = strchr("abcabc", 0x161)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strrchr(\"abcabc\", 0x161) = %s\n", (this->r = strrchr("abcabc", 0x161)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
}

BEGIN
{
	printf("strchr(\"abcabc\", -159) = %s\n", (this->r = strchr("abcabc", -159)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strrchr(\"abcabc\", -159) = %s\n", (this->r = strrchr("abcabc", -159)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strchr(\"hello\", 'a') = %s\n", (this->r = strchr("hello", 'a')) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strrchr(\"hello\", 'a') = %s\n", (this->r = strrchr("hello", 'a')) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strchr(\"hello\", 'c') = %s\n", (this->r = strchr("hello", 'c')) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strrchr(\"hello\", 'c') = %s\n", (this->r = strrchr("hello", 'c')) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strchr(\"hello\", 'l') = %s\n", (this->r = strchr("hello", 'l')) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strrchr(\"hello\", 'l') = %s\n", (this->r = strrchr("hello", 'l')) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strchr(\"hello\", 'z') = %s\n", (this->r = strchr("hello", 'z')) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strrchr(\"hello\", 'z') = %s\n", (this->r = strrchr("hello", 'z')) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
}

BEGIN
{
	printf("strchr(\"hello\", 0) = %s\n", (this->r = strchr("hello", 0)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strrchr(\"hello\", 0) = %s\n", (this->r = strrchr("hello", 0)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strchr(\"hello\", 0x161) = %s\n", (this->r = strchr("hello", 0x161)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strrchr(\"hello\", 0x161) = %s\n", (this->r = strrchr("hello", 0x161)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strchr(\"hello\", -159) = %s\n", (this->r = strchr("hello", -159)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strrchr(\"hello\", -159) = %s\n", (this->r = strrchr("hello", -159)) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
}

BEGIN
{
	exit(0);
}
