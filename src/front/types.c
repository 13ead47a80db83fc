/*
 * types.c - the D type table: built-in C types, typedefs, struct/union/enum
 * tags, and struct types read on demand from the kernel's BTF.
 */
#include "types.h"

#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "../common/util.h"

#define INT_TYPE(var, nm, sz, sg) \
	struct dt_type var = { .kind = TY_INT, .name = nm, .size = sz, .is_signed = sg }
INT_TYPE(ty_char, "char", 1, 1);
INT_TYPE(ty_schar, "signed char", 1, 1);
INT_TYPE(ty_uchar, "unsigned char", 1, 0);
INT_TYPE(ty_short, "short", 2, 1);
INT_TYPE(ty_ushort, "unsigned short", 2, 0);
INT_TYPE(ty_int, "int", 4, 1);
INT_TYPE(ty_uint, "unsigned int", 4, 0);
INT_TYPE(ty_long, "long", 8, 1);
INT_TYPE(ty_ulong, "unsigned long", 8, 0);
INT_TYPE(ty_llong, "long long", 8, 1);
INT_TYPE(ty_ullong, "unsigned long long", 8, 0);
struct dt_type ty_bool = { .kind = TY_INT, .name = "_Bool", .size = 1, .is_bool = 1 };
struct dt_type ty_void = { .kind = TY_VOID, .name = "void", .size = 0 };
struct dt_type ty_string = { .kind = TY_STRING, .name = "string", .size = 0 };
struct dt_type ty_float = { .kind = TY_FLOAT, .name = "float", .size = 4 };
struct dt_type ty_double = { .kind = TY_FLOAT, .name = "double", .size = 8 };
struct dt_type ty_ldouble = { .kind = TY_FLOAT, .name = "long double", .size = 16 };

struct named {
	char *name;
	struct dt_type *type;
	struct named *next;
};
static struct named *typedefs, *tags;

void type_add_typedef(const char *name, struct dt_type *t)
{
	struct named *n = xcalloc(1, sizeof(*n));
	n->name = xstrdup(name);
	n->type = t;
	n->next = typedefs;
	typedefs = n;
}

void types_init(void)
{
	static int done;
	static const struct {
		const char *name;
		struct dt_type *t;
	} builtin[] = {
		{"int8_t", &ty_schar}, {"int16_t", &ty_short}, {"int32_t", &ty_int},
		{"int64_t", &ty_llong}, {"uint8_t", &ty_uchar}, {"uint16_t", &ty_ushort},
		{"uint32_t", &ty_uint}, {"uint64_t", &ty_ullong}, {"intptr_t", &ty_long},
		{"uintptr_t", &ty_ulong}, {"size_t", &ty_ulong}, {"ssize_t", &ty_long},
		{"ptrdiff_t", &ty_long}, {"uchar_t", &ty_uchar}, {"ushort_t", &ty_ushort},
		{"uint_t", &ty_uint}, {"ulong_t", &ty_ulong}, {"u_longlong_t", &ty_ullong},
		{"longlong_t", &ty_llong}, {"u_int", &ty_uint}, {"u_long", &ty_ulong},
		{"u_char", &ty_uchar}, {"u_short", &ty_ushort}, {"pid_t", &ty_int},
		{"uid_t", &ty_uint}, {"gid_t", &ty_uint}, {"id_t", &ty_int},
		{"processorid_t", &ty_int}, {"psetid_t", &ty_int}, {"zoneid_t", &ty_int},
		{"taskid_t", &ty_int}, {"projid_t", &ty_int}, {"off_t", &ty_long},
		{"off64_t", &ty_llong}, {"time_t", &ty_long}, {"hrtime_t", &ty_llong},
		{"clock_t", &ty_long}, {"mode_t", &ty_uint}, {"dev_t", &ty_ulong},
		{"ino_t", &ty_ulong}, {"nlink_t", &ty_ulong}, {"boolean_t", &ty_int},
		{"_Bool", &ty_bool}, {"bool", &ty_bool}, {"__u8", &ty_uchar},
		{"__u16", &ty_ushort}, {"__u32", &ty_uint}, {"__u64", &ty_ullong},
		{"__s8", &ty_schar}, {"__s16", &ty_short}, {"__s32", &ty_int},
		{"__s64", &ty_llong}, {"u8", &ty_uchar}, {"u16", &ty_ushort},
		{"u32", &ty_uint}, {"u64", &ty_ullong}, {"s8", &ty_schar},
		{"s16", &ty_short}, {"s32", &ty_int}, {"s64", &ty_llong},
		{"caddr_t", NULL},
	};
	if (done)
		return;
	done = 1;
	for (size_t i = 0; i < ARRAY_SIZE(builtin); i++)
		type_add_typedef(builtin[i].name, builtin[i].t ? builtin[i].t : type_ptr(&ty_char));
}

struct dt_type *type_ptr(struct dt_type *to)
{
	struct dt_type *t;

	if (to->ptrto)
		return to->ptrto;
	t = xcalloc(1, sizeof(*t));
	t->kind = TY_PTR;
	t->size = 8;
	t->ref = to;
	t->name = xasprintf("%s *", to->name);
	to->ptrto = t;
	return t;
}

struct dt_type *type_array(struct dt_type *elem, uint32_t n)
{
	struct dt_type *t = xcalloc(1, sizeof(*t));

	t->kind = TY_ARRAY;
	t->ref = elem;
	t->nelems = n;
	t->size = elem->size * n;
	t->name = xasprintf("%s [%u]", elem->name, n);
	return t;
}

int type_is_name(const char *name)
{
	for (struct named *n = typedefs; n; n = n->next)
		if (strcmp(n->name, name) == 0)
			return 1;
	return 0;
}

static struct dt_type *builtin_by_name(const char *name)
{
	static struct dt_type *all[] = {
		&ty_char, &ty_schar, &ty_uchar, &ty_short, &ty_ushort, &ty_int,
		&ty_uint, &ty_long, &ty_ulong, &ty_llong, &ty_ullong, &ty_void,
		&ty_string, &ty_float, &ty_double, &ty_ldouble, &ty_bool,
	};
	for (size_t i = 0; i < ARRAY_SIZE(all); i++)
		if (strcmp(all[i]->name, name) == 0)
			return all[i];
	return NULL;
}

struct dt_type *type_tag(enum ty_kind kind, const char *tag)
{
	/* a module-scoped tag (D`s, vmlinux`task_struct) names the same type:
	 * D's own declarations and the kernel's BTF share one name space here */
	const char *scope = strrchr(tag, '`');
	if (scope && scope[1])
		tag = scope + 1;
	const char *kw = kind == TY_STRUCT ? "struct" : kind == TY_UNION ? "union" : "enum";
	char *full = xasprintf("%s %s", kw, tag);
	struct dt_type *t;

	for (struct named *n = tags; n; n = n->next)
		if (strcmp(n->name, full) == 0) {
			free(full);
			return n->type;
		}
	t = NULL;
	if (kind != TY_ENUM)
		t = btf_struct_type(tag, kind == TY_UNION);
	if (!t) {
		t = xcalloc(1, sizeof(*t));
		t->kind = kind;
		t->name = full;
		if (kind == TY_ENUM) {
			t->size = 4;
			t->is_signed = 1;
		}
	}
	struct named *n = xcalloc(1, sizeof(*n));
	n->name = xstrdup(t->name);
	n->type = t;
	n->next = tags;
	tags = n;
	return t;
}

struct dt_type *type_lookup(const char *name)
{
	struct dt_type *t = builtin_by_name(name);

	if (t)
		return t;
	for (struct named *n = typedefs; n; n = n->next)
		if (strcmp(n->name, name) == 0)
			return n->type;
	if (strncmp(name, "struct ", 7) == 0)
		return type_tag(TY_STRUCT, name + 7);
	if (strncmp(name, "union ", 6) == 0)
		return type_tag(TY_UNION, name + 6);
	return NULL;
}

/* ---- BTF ------------------------------------------------------------- */

static struct btf *vmlinux_btf;
static int btf_tried;

static struct btf *kbtf(void)
{
	if (!btf_tried) {
		btf_tried = 1;
		vmlinux_btf = btf__load_vmlinux_btf();
		if (libbpf_get_error(vmlinux_btf))
			vmlinux_btf = NULL;
	}
	return vmlinux_btf;
}

static struct dt_type *btf_to_type(int id);

static void btf_fill_members(struct dt_type *t)
{
	const struct btf_type *bt = btf__type_by_id(kbtf(), (uint32_t)t->btf_id);
	const struct btf_member *m = btf_members(bt);
	int n = btf_vlen(bt);

	t->members = xcalloc((size_t)n, sizeof(struct dt_member));
	t->nmembers = n;
	for (int i = 0; i < n; i++) {
		uint32_t bits = btf_member_bit_offset(bt, (uint32_t)i);
		t->members[i].name = xstrdup(btf__name_by_offset(kbtf(), m[i].name_off));
		t->members[i].type = btf_to_type((int)m[i].type);
		t->members[i].offset = bits / 8;
		t->members[i].bit_size = (uint8_t)btf_member_bitfield_size(bt, (uint32_t)i);
		t->members[i].bit_offset = (uint8_t)(bits % 8);
	}
	t->complete = 1;
}

static struct dt_type *int_by_size(uint32_t size, int sign)
{
	switch (size) {
	case 1: return sign ? &ty_char : &ty_uchar;
	case 2: return sign ? &ty_short : &ty_ushort;
	case 4: return sign ? &ty_int : &ty_uint;
	default: return sign ? &ty_long : &ty_ulong;
	}
}

static struct dt_type *btf_to_type(int id)
{
	struct btf *b = kbtf();
	const struct btf_type *bt;

	if (!b || id == 0)
		return &ty_void;
	bt = btf__type_by_id(b, (uint32_t)id);
	if (!bt)
		return &ty_void;
	switch (btf_kind(bt)) {
	case BTF_KIND_INT: {
		uint32_t enc = btf_int_encoding(bt);
		if (enc & BTF_INT_BOOL)
			return &ty_bool;
		return int_by_size(bt->size, (enc & BTF_INT_SIGNED) != 0);
	}
	case BTF_KIND_PTR:
		return type_ptr(btf_to_type((int)bt->type));
	case BTF_KIND_ARRAY: {
		const struct btf_array *a = btf_array(bt);
		return type_array(btf_to_type((int)a->type), a->nelems);
	}
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION: {
		const char *nm = btf__name_by_offset(b, bt->name_off);
		if (nm && *nm)
			return type_tag(btf_kind(bt) == BTF_KIND_UNION ? TY_UNION : TY_STRUCT, nm);
		struct dt_type *t = xcalloc(1, sizeof(*t));
		t->kind = btf_kind(bt) == BTF_KIND_UNION ? TY_UNION : TY_STRUCT;
		t->name = xstrdup(t->kind == TY_UNION ? "union <anon>" : "struct <anon>");
		t->size = bt->size;
		t->btf_id = id;
		return t;
	}
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		return int_by_size(bt->size, 1);
	case BTF_KIND_FWD:
		return type_tag(btf_kflag(bt) ? TY_UNION : TY_STRUCT, btf__name_by_offset(b, bt->name_off));
	case BTF_KIND_TYPEDEF:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_CONST:
	case BTF_KIND_RESTRICT:
	case BTF_KIND_TYPE_TAG:
		return btf_to_type((int)bt->type);
	case BTF_KIND_FUNC_PROTO: {
		struct dt_type *t = xcalloc(1, sizeof(*t));
		t->kind = TY_FUNC;
		t->name = xstrdup("function");
		return t;
	}
	default:
		return &ty_void;
	}
}

struct btf *types_vmlinux_btf(void)
{
	return kbtf();
}

struct dt_type *btf_type_by_id(int id)
{
	return btf_to_type(id);
}

struct dt_type *btf_struct_type(const char *tag, int is_union)
{
	struct btf *b = kbtf();
	int id;
	struct dt_type *t;

	if (!b)
		return NULL;
	id = btf__find_by_name_kind(b, tag, is_union ? BTF_KIND_UNION : BTF_KIND_STRUCT);
	if (id <= 0)
		return NULL;
	t = xcalloc(1, sizeof(*t));
	t->kind = is_union ? TY_UNION : TY_STRUCT;
	t->name = xasprintf("%s %s", is_union ? "union" : "struct", tag);
	t->size = btf__type_by_id(b, (uint32_t)id)->size;
	t->btf_id = id;
	return t;
}

const struct dt_member *type_member(struct dt_type *t, const char *name)
{
	if (t->kind != TY_STRUCT && t->kind != TY_UNION)
		return NULL;
	if (!t->complete && t->btf_id)
		btf_fill_members(t);
	for (int i = 0; i < t->nmembers; i++) {
		if (strcmp(t->members[i].name, name) == 0)
			return &t->members[i];
		/* anonymous struct/union members are searched through */
		if (t->members[i].name[0] == 0) {
			const struct dt_member *m = type_member(t->members[i].type, name);
			if (m) {
				static struct dt_member tmp[64];
				static int ti;
				struct dt_member *r = &tmp[ti++ % 64];
				*r = *m;
				r->offset += t->members[i].offset;
				return r;
			}
		}
	}
	return NULL;
}

/* ---- predicates and conversions ---------------------------------------------- */

int type_is_integral(const struct dt_type *t)
{
	return t->kind == TY_INT || t->kind == TY_ENUM;
}

int type_is_arith(const struct dt_type *t)
{
	return type_is_integral(t) || t->kind == TY_FLOAT;
}

int type_is_scalar(const struct dt_type *t)
{
	return type_is_integral(t) || t->kind == TY_PTR;
}

int type_is_string(const struct dt_type *t)
{
	return t->kind == TY_STRING ||
	       (t->kind == TY_ARRAY && t->ref && t->ref->kind == TY_INT && t->ref->size == 1);
}

int type_compatible(const struct dt_type *a, const struct dt_type *b)
{
	if (a == b)
		return 1;
	if (type_is_integral(a) && type_is_integral(b))
		return 1;
	if (a->kind == TY_STRING && b->kind == TY_STRING)
		return 1;
	if (a->kind == TY_PTR && b->kind == TY_PTR)
		return 1;
	if (a->kind == TY_ARRAY && b->kind == TY_ARRAY)
		return a->nelems == b->nelems && a->is_stack == b->is_stack &&
		       type_compatible(a->ref, b->ref);
	if ((a->kind == TY_STRUCT || a->kind == TY_UNION) && a->kind == b->kind)
		return strcmp(a->name, b->name) == 0;
	return 0;
}

uint32_t type_size(const struct dt_type *t, uint32_t strsize)
{
	if (t->kind == TY_STRING)
		return strsize;
	if (t->kind == TY_ARRAY)
		return t->nelems * type_size(t->ref, strsize);
	return t->size;
}

static int rank(const struct dt_type *t)
{
	return (int)t->size * 2 + (t->is_signed ? 0 : 1);
}

struct dt_type *type_promote(struct dt_type *t)
{
	if (t->kind == TY_ENUM)
		return &ty_int;
	/* D, unlike C, does not promote small integers to int: char + char
	 * is computed and wrapped as char (DTrace's dt_type_promote). */
	return t;
}

struct dt_type *type_arith_result(struct dt_type *a, struct dt_type *b)
{
	a = type_promote(a);
	b = type_promote(b);
	if (a->kind != TY_INT)
		return b->kind == TY_INT ? b : a;
	if (b->kind != TY_INT)
		return a;
	if (a->size == b->size && a->is_signed != b->is_signed)
		return a->is_signed ? b : a;
	return rank(a) >= rank(b) ? a : b;
}

const char *type_name(const struct dt_type *t)
{
	return t->name;
}

int types_find_enumerator(const char *name, int64_t *v)
{
	for (struct named *n = tags; n; n = n->next) {
		struct dt_type *t = n->type;
		if (t->kind != TY_ENUM)
			continue;
		for (int i = 0; i < t->nenums; i++)
			if (strcmp(t->enums[i].name, name) == 0) {
				*v = t->enums[i].value;
				return 1;
			}
	}
	return 0;
}
