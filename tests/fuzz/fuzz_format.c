/*
 * fuzz_format.c - libFuzzer target: the printf-format parser and checker
 * (src/common/printf_format.c) with the consumer's renderer
 * (src/consumer/format.c), and the option parser (dtrace_setopt and
 * dtrace_getopt through the public API, src/consumer/options.c).
 *
 * An input is "TEXT" or "TEXT\0TYPES":
 *   - TEXT is parsed as a printf format (dtf_parse).  When it parses, its
 *     arguments are checked (dtf_check, as printf; dtf_check_agg, as
 *     printa) against types: each byte of TYPES picks one argument's type;
 *     with no TYPES, each conversion gets a type it accepts, so that the
 *     check passes and the format is rendered with values made from the
 *     input (dtf_print_aggs_syms), as the consumer renders a record.
 *   - TEXT is also an option: "name=value" (or "name" alone) is set with
 *     dtrace_setopt on a fresh handle and read back with dtrace_getopt.
 * A parse or check error, or a refused option, is an ordinary outcome.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <dtrace.h>

#include "common/printf_format.h"
#include "consumer/format.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const struct dtf_argtype types[] = {
	{DTF_T_INT, 1, 1, "char"},	{DTF_T_INT, 2, 1, "short"},
	{DTF_T_INT, 4, 1, "int"},	{DTF_T_INT, 4, 0, "unsigned int"},
	{DTF_T_INT, 8, 1, "long"},	{DTF_T_INT, 8, 0, "uint64_t"},
	{DTF_T_PTR, 8, 0, "int *"},	{DTF_T_STRING, 0, 0, "string"},
	{DTF_T_CHARARR, 16, 0, "char [16]"}, {DTF_T_VOID, 0, 0, "void"},
	{DTF_T_AGG, 0, 0, "aggregation"}, {DTF_T_FLOAT, 8, 1, "double"},
	{DTF_T_FLOAT, 16, 1, "long double"}, {DTF_T_OTHER, 24, 0, "struct foo"},
	{DTF_T_STACK, 0, 0, "stack"},	{DTF_T_STRING, 0, 0, NULL},
};
#define NTYPES ((int)(sizeof(types) / sizeof(types[0])))
#define MAXARGS 64
#define MAXRENDER 65536	/* widest field rendered */

/* A type the conversion's check accepts (the type the value will have). */
static int accepted_type(enum pfcheck ck, int tsize, int tsigned)
{
	switch (ck) {
	case CK_STR: return 7;
	case CK_WSTR: return 13;
	case CK_STACK: return 14;
	case CK_FP: return 11;
	case CK_LDOUBLE: return 12;
	case CK_CSI: return 1;
	case CK_XSHORT: return 1;
	case CK_ADDR: case CK_KADDR: case CK_UADDR: return 6;
	case CK_TYPE:
		for (int i = 0; i < 6; i++)
			if (types[i].size == tsize && types[i].is_signed == tsigned)
				return i;
		return 2;
	default: return 4;
	}
}

static void check_and_render(const struct dtf_format *f, const uint8_t *tsel, size_t ntsel,
			     const uint8_t *vbytes, size_t nv)
{
	struct dtf_argtype at[MAXARGS];
	struct dtf_value vals[MAXARGS];
	struct dtf_value aggval = {DTF_V_INT, 8, 1, 42, NULL};
	const char *tag;
	char msg[1024];
	int n = 0, checked;

	if (tsel) {
		for (size_t i = 0; i < ntsel && n < MAXARGS; i++)
			at[n++] = types[tsel[i] % NTYPES];
	} else {
		for (int i = 0; i < f->n && n < MAXARGS; i++) {
			const struct dtf_conv *c = &f->v[i];
			if (!c->def || c->def->check == CK_NONE)
				continue;
			if ((c->flags & PF_DYNWIDTH) && n < MAXARGS)
				at[n++] = types[2];
			if ((c->flags & PF_DYNPREC) && n < MAXARGS)
				at[n++] = types[2];
			if (!(c->flags & PF_AGG) && n < MAXARGS)
				at[n++] = types[accepted_type(c->def->check, c->def->tsize, c->def->tsigned)];
		}
	}
	checked = dtf_check(f, "printf", at, n, &tag, msg, sizeof(msg)) == 0;
	(void)dtf_check_agg(f, "printa", at, n, &types[5], &tag, msg, sizeof(msg));
	if (!checked)
		return;
	/* "%2000000000d" asks for 2 GB of padding, which the consumer
	 * writes, as C's printf and DTrace do: time proportional to what the
	 * format asks for is no hang of the parser's, so such a format is
	 * parsed and checked but not rendered */
	for (int i = 0; i < f->n; i++)
		if (f->v[i].width > MAXRENDER || f->v[i].width < -MAXRENDER || f->v[i].prec > MAXRENDER)
			return;
	/* values: integers from the input's bytes (a dynamic width or
	 * precision stays within a byte: a record's width is the program's
	 * business, not the parser's), strings fixed */
	for (int i = 0; i < n; i++) {
		uint8_t b = nv ? vbytes[(size_t)i % nv] : (uint8_t)i;
		vals[i] = (struct dtf_value){DTF_V_INT, at[i].size > 0 && at[i].size <= 8 ? at[i].size : 8,
					     at[i].is_signed, (uint64_t)b * 0x0101010101010101ULL, NULL};
		if (at[i].kind == DTF_T_INT && at[i].size == 4)
			vals[i].u = (uint64_t)(int64_t)(int8_t)b & 0xffffffffu;
		if (at[i].kind == DTF_T_STRING || at[i].kind == DTF_T_CHARARR)
			vals[i] = (struct dtf_value){DTF_V_STRING, 0, 0, 0, "fuzz\t\"str\"\n"};
	}
	/* the arguments that '*' widths and precisions take stay within a
	 * byte (as above, a huge one is output the format asks for) */
	for (int i = 0, k = 0; i < f->n && k < n; i++) {
		const struct dtf_conv *c = &f->v[i];
		if (!c->def || c->def->check == CK_NONE)
			continue;
		if ((c->flags & PF_DYNWIDTH) && k < n)
			vals[k] = (struct dtf_value){DTF_V_INT, 4, 1, vals[k].u & 0x7f, NULL}, k++;
		if ((c->flags & PF_DYNPREC) && k < n)
			vals[k] = (struct dtf_value){DTF_V_INT, 4, 1, vals[k].u & 0x7f, NULL}, k++;
		if (!(c->flags & PF_AGG))
			k++;
	}
	struct strbuf out;
	sb_init(&out);
	dtf_print_aggs_syms(&out, f, vals, n, &aggval, 1, NULL);
	sb_free(&out);
}

static void options(const char *text)
{
	dtrace_hdl_t *dtp;
	dtrace_optval_t v;
	char *name = strdup(text), *eq;
	int err;

	if (!name)
		return;
	eq = strchr(name, '=');
	if (eq)
		*eq++ = 0;
	/* options that act on the process or the file system as asked: core
	 * aborts it at exit, ctypes and dtypes create the file they name */
	if (strcmp(name, "core") == 0 || strcmp(name, "ctypes") == 0 || strcmp(name, "dtypes") == 0) {
		free(name);
		return;
	}
	dtp = dtrace_open(DTRACE_VERSION, DTRACE_O_NODEV, &err);
	if (dtp) {
		(void)dtrace_setopt(dtp, name, eq);
		(void)dtrace_getopt(dtp, name, &v);
		dtrace_close(dtp);
	}
	free(name);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	const uint8_t *nul;
	const uint8_t *tsel = NULL;
	size_t ntsel = 0;
	struct dtf_format *f;
	const char *tag;
	char msg[1024];

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = 0;
	nul = memchr(data, 0, size);
	if (nul) {
		tsel = nul + 1;
		ntsel = size - (size_t)(tsel - data);
	}
	f = dtf_parse(text, &tag, msg, sizeof(msg));
	if (f) {
		(void)dtf_nargs(f);
		(void)dtf_has_aggconv(f);
		check_and_render(f, tsel, ntsel, data, size);
		dtf_free(f);
	}
	options(text);
	free(text);
	return 0;
}
