/*
 * print.c - the print() action's output: a typed value (what the pointer
 * print() was given points at) as DTrace prints it (Oracle's dt_print_type
 * and its type visitor): the address, then the value from its type down,
 * one line a member or element, each "[.name = ](type)value,", indented
 * from column 44 by its depth.  Members and elements whose bytes are all
 * zero are left out (an enum at zero too), a char array stops at its
 * first NUL, a struct or union opens "{" and closes "}" (","), an array
 * "[" and "],".  Past printsize bytes of the value, or ten levels deep, a
 * "..." ends it.
 *
 * Where DTrace differs by accident of its implementation this follows the
 * simpler rule: the elements of an array of structs show their members.
 * Types are the library's (front/types.h): a typedef of a scalar, a
 * pointer, an array or an enum is that type under the typedef's name
 * (type_alias), so it shows as DTrace shows it; a typedef of a struct or
 * union is the struct itself, which a member declared with it still
 * shows by the typedef's name (struct dt_member's tname: "atomic_t").
 */
#include "print.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#define PRINT_INDENT	44	/* DTrace's DT_PRINT_STARTINDENT */
#define PRINT_DEPTH	10	/* DTrace's DT_PRINT_DEPTH */

struct pstate {
	struct strbuf *sb;
	const unsigned char *data;	/* the value's bytes */
	size_t size;		/* how many of them to show (printsize) */
	size_t have;		/* how many there are */
	int last_depth;		/* the depth of the last line shown */
	int opened[PRINT_DEPTH + 1];	/* the item at each depth opened "{" */
};

/* Are the n bytes at off zero (bytes beyond the value count as zero)? */
static int all_zero(const struct pstate *ps, size_t off, size_t n)
{
	for (size_t i = off; i < off + n && i < ps->have; i++)
		if (ps->data[i])
			return 0;
	return 1;
}

static void line(struct pstate *ps, int depth, const char *name, const char *text)
{
	sb_printf(ps->sb, "%*s%s%s%s%s\n", PRINT_INDENT + depth, "", name ? "." : "", name ? name : "",
		  name ? " = " : "", text);
}

/* Close the braces opened deeper than depth (after the last line shown). */
static void close_braces(struct pstate *ps, int depth)
{
	if (!ps->opened[depth])
		return;
	/* a struct at the top with nothing shown still closes */
	if (depth == 0 && ps->last_depth == 0)
		ps->last_depth = 1;
	for (int i = ps->last_depth - depth; i > 0; i--) {
		sb_printf(ps->sb, "%*s}%s\n", PRINT_INDENT + depth + i - 1, "", depth > 0 || i > 1 ? "," : "");
		ps->last_depth = depth;
	}
}

/* The name a type is shown by: an anonymous struct, union or enum as its kind. */
static const char *shown_name(const struct dt_type *t)
{
	if ((t->kind == TY_STRUCT || t->kind == TY_UNION || t->kind == TY_ENUM) && strchr(t->name, '<'))
		return t->kind == TY_STRUCT ? "struct" : t->kind == TY_UNION ? "union" : "enum";
	return t->name;
}

/* The integer of size bytes at off (signed or not), or of a bit-field. */
static uint64_t int_at(const struct pstate *ps, size_t off, uint32_t size, int is_signed,
		       uint32_t bitoff, uint32_t bits)
{
	unsigned char b[8] = {0};
	uint64_t v;

	for (uint32_t i = 0; i < 8 && off + i < ps->have; i++)
		b[i] = ps->data[off + i];
	memcpy(&v, b, 8);
	if (bits) {
		v >>= bitoff;
		if (bits < 64)
			v &= (1ULL << bits) - 1;
		return v;
	}
	if (size < 8) {
		v &= (1ULL << (8 * size)) - 1;
		if (is_signed && (v >> (8 * size - 1)) & 1)
			v |= ~((1ULL << (8 * size)) - 1);
	}
	return v;
}

static int visit(struct pstate *ps, const char *name, const char *tname, const struct dt_type *t, size_t off,
		 int depth, uint32_t bitoff, uint32_t bits);

static int visit_members(struct pstate *ps, const struct dt_type *t, size_t off, int depth)
{
	/* members of a kernel type are read from its BTF on first use */
	if (t->nmembers == 0 && t->btf_id)
		type_member((struct dt_type *)t, "");
	for (int i = 0; i < t->nmembers; i++) {
		const struct dt_member *m = &t->members[i];
		size_t moff = off + m->offset + m->bit_offset / 8;
		if (visit(ps, m->name[0] ? m->name : NULL, m->tname, m->type, moff, depth + 1, m->bit_offset % 8,
			  m->bit_size) < 0)
			return -1;
	}
	return 0;
}

static int visit(struct pstate *ps, const char *name, const char *tname, const struct dt_type *t, size_t off,
		 int depth, uint32_t bitoff, uint32_t bits)
{
	const char *tn = tname ? tname : shown_name(t);
	char text[256];
	uint64_t v;

	if (off >= ps->size || depth >= PRINT_DEPTH) {
		sb_printf(ps->sb, "%*s...\n", PRINT_INDENT + depth, "");
		return -1;
	}
	if (ps->last_depth > depth)
		close_braces(ps, depth);
	if (depth > 0 && all_zero(ps, off, bits ? (bitoff + bits + 7) / 8 : t->size))
		return 0;
	ps->opened[depth] = t->kind == TY_STRUCT || t->kind == TY_UNION;
	ps->last_depth = depth;
	switch (t->kind) {
	case TY_STRUCT:
	case TY_UNION:
		snprintf(text, sizeof(text), "(%s) {", tn);
		line(ps, depth, name, text);
		return visit_members(ps, t, off, depth);
	case TY_ARRAY: {
		const struct dt_type *e = t->ref;
		int is_char = e->kind == TY_INT && e->size == 1 && !e->is_bool;
		snprintf(text, sizeof(text), "(%s) [%s", tn, t->nelems ? "" : "],");
		line(ps, depth, name, text);
		if (!t->nelems || all_zero(ps, off, (size_t)e->size * t->nelems))
			return 0;
		int saved = ps->last_depth;
		/* the elements of a "__u8 [16]" are __u8 */
		char etn[128];
		const char *br = tname ? strstr(tname, " [") : NULL;
		if (br)
			snprintf(etn, sizeof(etn), "%.*s", (int)(br - tname), tname);
		for (uint32_t i = 0; i < t->nelems; i++) {
			size_t eoff = off + (size_t)i * e->size;
			if (is_char && eoff < ps->have && ps->data[eoff] == 0)
				break;
			if (visit(ps, NULL, br ? etn : NULL, e, eoff, depth + 1, 0, 0) < 0)
				return -1;
		}
		if (ps->last_depth > depth + 1)
			close_braces(ps, depth + 1);
		ps->last_depth = saved;
		sb_printf(ps->sb, "%*s],\n", PRINT_INDENT + depth, "");
		return 0;
	}
	case TY_INT:
		v = int_at(ps, off, t->size, t->is_signed, bitoff, bits);
		if (bits && v == 0)
			return 0;
		if (t->size == 1 && !t->is_bool && strcmp(type_base(t)->name, "char") == 0 && !bits)
			snprintf(text, sizeof(text), "(%s)'%c',", tn, (char)v);
		else if (t->size == 8 && !t->is_signed && !bits)
			snprintf(text, sizeof(text), "(%s)%" PRIu64 ",", tn, v);
		else
			snprintf(text, sizeof(text), "(%s)%" PRId64 ",", tn, (int64_t)v);
		break;
	case TY_ENUM: {
		const char *en = NULL;
		uint64_t raw = int_at(ps, off, t->size, t->is_signed, bitoff, bits);
		int64_t ev = (int64_t)raw;
		for (int i = 0; i < t->nenums && !en; i++)
			if (t->enums[i].value == ev)
				en = t->enums[i].name;
		if (en)
			snprintf(text, sizeof(text), "(%s)%s,", tn, en);
		else if (t->is_signed)
			snprintf(text, sizeof(text), "(%s)%" PRId64 ",", tn, ev);
		else
			snprintf(text, sizeof(text), "(%s)%" PRIu64 ",", tn, raw);
		break;
	}
	case TY_PTR:
		snprintf(text, sizeof(text), "(%s)0x%" PRIx64 ",", tn, int_at(ps, off, 8, 0, 0, 0));
		break;
	default:
		return 0;	/* DTrace shows no floats, functions, ... */
	}
	line(ps, depth, name, text);
	return 0;
}

void dt_print_typed(struct strbuf *sb, const struct dt_type *t, uint64_t addr, const void *data, size_t have,
		    size_t printsize)
{
	struct pstate ps = { sb, data, printsize < have ? printsize : have, have, 0, {0} };

	sb_printf(sb, "0x%" PRIx64 " = *\n", addr);
	visit(&ps, NULL, NULL, t, 0, 0, 0, 0);
	close_braces(&ps, 0);
}
