/*
 * strtok() by Oracle's rules (dtrace-utils bpf/strtok.S, dt_cg_subr_strtok):
 * the state carries over from clause to clause of one firing and starts
 * each firing unset, where strtok(NULL, d) faults (the first BEGIN clause,
 * and END); a token starts after the delimiters, the state goes on from
 * the delimiter that ends it; an empty delimiter string makes the rest one
 * token; when no token is left the result is NULL, and stays NULL (illumos'
 * rule: Oracle's offset slip would start again at the first token).
 */
#pragma D option quiet

BEGIN
{
	this->r = strtok(NULL, ",");
	printf("not reached\n");
}

BEGIN
{
	printf("strtok(\"a,b\", \",\") = %s\n", (this->r = strtok("a,b", ",")) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strtok(NULL, \",\") = %s\n", (this->r = strtok(NULL, ",")) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strtok(NULL, \",\") = %s\n", (this->r = strtok(NULL, ",")) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strtok(NULL, \",\") = %s\n", (this->r = strtok(NULL, ",")) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
}

BEGIN
{
	printf("strtok(\",,a,,b,,\", \",\") = %s\n", (this->r = strtok(",,a,,b,,", ",")) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strtok(NULL, \",\") = %s\n", (this->r = strtok(NULL, ",")) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strtok(NULL, \",\") = %s\n", (this->r = strtok(NULL, ",")) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strtok(NULL, \",\") = %s\n", (this->r = strtok(NULL, ",")) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
}

BEGIN
{
	printf("strtok(\"abc\", \"\") = %s\n", (this->r = strtok("abc", "")) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strtok(NULL, \"\") = %s\n", (this->r = strtok(NULL, "")) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strtok(\"\", \",\") = %s\n", (this->r = strtok("", ",")) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strtok(NULL, \",\") = %s\n", (this->r = strtok(NULL, ",")) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strtok(\",,,\", \",\") = %s\n", (this->r = strtok(",,,", ",")) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strtok(NULL, \",\") = %s\n", (this->r = strtok(NULL, ",")) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
}

BEGIN
{
	printf("strtok(\"a b,c\", \",\") = %s\n", (this->r = strtok("a b,c", ",")) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strtok(NULL, \" \") = %s\n", (this->r = strtok(NULL, " ")) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strtok(NULL, \" \") = %s\n", (this->r = strtok(NULL, " ")) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
}

BEGIN
{
	printf("strtok(\"a=1;b=2\", \"=;\") = %s\n", (this->r = strtok("a=1;b=2", "=;")) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strtok(NULL, \";\") = %s\n", (this->r = strtok(NULL, ";")) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strtok(NULL, \"=\") = %s\n", (this->r = strtok(NULL, "=")) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strtok(NULL, \";=\") = %s\n", (this->r = strtok(NULL, ";=")) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strtok(NULL, \";=\") = %s\n", (this->r = strtok(NULL, ";=")) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
}

BEGIN
{
	printf("strtok(\"carry,over\", \",\") = %s\n", (this->r = strtok("carry,over", ",")) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
}

BEGIN
{
	printf("strtok(NULL, \",\") = %s\n", (this->r = strtok(NULL, ",")) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
	printf("strtok(NULL, \",\") = %s\n", (this->r = strtok(NULL, ",")) == NULL ? "NULL" : strjoin(strjoin("[", this->r), "]"));
}

BEGIN
{
	exit(0);
}

END
{
	strtok(NULL, ",");
	printf("not reached\n");
}
