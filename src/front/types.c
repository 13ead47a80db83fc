/*
 * types.c - D's types: the built-in C types and typedefs, the type tables
 * of compiler contexts (typedefs and struct/union/enum tags that programs
 * declare), and the process-wide cache of kernel types read on demand from
 * the kernel's BTF.  See types.h for who owns what.
 */
#define _GNU_SOURCE
#include "types.h"

#include "../common/pool.h"

#include <ctype.h>
#include <pthread.h>
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

struct dt_typetab {
	struct named *typedefs, *tags;
	struct dt_pool *pool;	/* where its types live */
};

/*
 * The process-wide cache of kernel types (see types.h): tags made from the
 * BTF (and incomplete tags asked for by code without a table), guarded by
 * kernel_lock, which is recursive because making a type from BTF makes the
 * types it refers to.
 */
static struct dt_typetab kernel_types;
static pthread_mutex_t kernel_lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;

/*
 * The built-in typedefs: immutable, process-wide.  in_d: DTrace has it in
 * its D container (dt_open.c's typedefs, or its D library's where ours
 * does not declare it), which a program may not declare again; the others
 * DTrace takes from the kernel's types, which a program's typedef hides.
 */
static const struct {
	const char *name;
	struct dt_type *t;	/* NULL: char * */
	int in_d;
} builtin_typedefs[] = {
	{"int8_t", &ty_schar, 1}, {"int16_t", &ty_short, 1}, {"int32_t", &ty_int, 1},
	{"int64_t", &ty_long, 1}, {"uint8_t", &ty_uchar, 1}, {"uint16_t", &ty_ushort, 1},
	{"uint32_t", &ty_uint, 1}, {"uint64_t", &ty_ulong, 1}, {"intptr_t", &ty_long, 1},
	{"uintptr_t", &ty_ulong, 1}, {"size_t", &ty_ulong, 1}, {"ssize_t", &ty_long, 1},
	{"ptrdiff_t", &ty_long, 1}, {"uchar_t", &ty_uchar, 1}, {"ushort_t", &ty_ushort, 1},
	{"uint_t", &ty_uint, 1}, {"ulong_t", &ty_ulong, 1}, {"u_longlong_t", &ty_ullong, 1},
	{"longlong_t", &ty_llong}, {"u_int", &ty_uint}, {"u_long", &ty_ulong},
	{"u_char", &ty_uchar}, {"u_short", &ty_ushort}, {"pid_t", &ty_int, 1},
	{"uid_t", &ty_uint}, {"gid_t", &ty_uint}, {"id_t", &ty_int, 1},
	{"processorid_t", &ty_int, 1}, {"psetid_t", &ty_int, 1}, {"zoneid_t", &ty_int},
	{"taskid_t", &ty_int}, {"projid_t", &ty_int}, {"off_t", &ty_long},
	{"off64_t", &ty_llong}, {"time_t", &ty_long, 1}, {"hrtime_t", &ty_llong},
	{"clock_t", &ty_long}, {"mode_t", &ty_uint}, {"dev_t", &ty_ulong},
	{"ino_t", &ty_ulong}, {"nlink_t", &ty_ulong}, {"boolean_t", &ty_int},
	{"_Bool", &ty_bool}, {"bool", &ty_bool}, {"__u8", &ty_uchar},
	{"__u16", &ty_ushort}, {"__u32", &ty_uint}, {"__u64", &ty_ullong},
	{"__s8", &ty_schar}, {"__s16", &ty_short}, {"__s32", &ty_int},
	{"__s64", &ty_llong}, {"u8", &ty_uchar}, {"u16", &ty_ushort},
	{"u32", &ty_uint}, {"u64", &ty_ullong}, {"s8", &ty_schar},
	{"s16", &ty_short}, {"s32", &ty_int}, {"s64", &ty_llong},
	{"caddr_t", NULL},
	/* inet_ntoa()'s address (DTrace's ip.d: a __be32); in6_addr_t, the
	 * kernel's struct in6_addr, is made in builtin_typedef */
	{"ipaddr_t", &ty_uint, 1}, {"in6_addr_t", NULL, 1},
};

/* The built-in typedefs' names for their types: made once, process-wide. */
static struct dt_type *builtin_aliases[ARRAY_SIZE(builtin_typedefs)];
static pthread_once_t builtin_aliases_once = PTHREAD_ONCE_INIT;

static void make_builtin_aliases(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(builtin_typedefs); i++)
		if (builtin_typedefs[i].t)
			builtin_aliases[i] = type_alias(NULL, builtin_typedefs[i].t, builtin_typedefs[i].name);
}

static struct dt_type *builtin_typedef(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(builtin_typedefs); i++)
		if (strcmp(builtin_typedefs[i].name, name) == 0) {
			if (builtin_typedefs[i].t) {
				pthread_once(&builtin_aliases_once, make_builtin_aliases);
				return builtin_aliases[i];
			}
			if (strcmp(name, "in6_addr_t") == 0)
				return type_tag(TY_STRUCT, "in6_addr");
			return type_ptr(&ty_char);
		}
	return NULL;
}

struct dt_typetab *types_create(struct dt_pool *pool)
{
	struct dt_typetab *tt = xcalloc(1, sizeof(struct dt_typetab));

	tt->pool = pool;
	return tt;
}

/* A new type in pool, or process-wide (never freed) when pool is NULL. */
static struct dt_type *type_new(struct dt_pool *pool)
{
	struct dt_type *t = pool ? pool_zalloc(pool, sizeof(*t)) : xcalloc(1, sizeof(*t));

	t->pool = pool;
	return t;
}

static char *type_strdup(struct dt_pool *pool, const char *s)
{
	return pool ? pool_strdup(pool, s) : xstrdup(s);
}

static void free_names(struct named *n, struct named *upto)
{
	while (n && n != upto) {
		struct named *next = n->next;
		free(n->name);
		free(n);
		n = next;
	}
}

void types_destroy(struct dt_typetab *tt)
{
	if (!tt)
		return;
	free_names(tt->typedefs, NULL);
	free_names(tt->tags, NULL);
	free(tt);
}

void types_mark(struct dt_typetab *tt, struct dt_typetab_mark *m)
{
	int n = 0;

	m->typedefs = tt->typedefs;
	m->tags = tt->tags;
	for (struct named *t = tt->tags; t; t = t->next)
		n++;
	m->ntags = n;
	m->saved = xcalloc((size_t)(n ? n : 1), sizeof(struct dt_type));
	n = 0;
	for (struct named *t = tt->tags; t; t = t->next)
		m->saved[n++] = *t->type;
}

void types_rollback(struct dt_typetab *tt, struct dt_typetab_mark *m)
{
	int n = 0;

	free_names(tt->typedefs, m->typedefs);
	free_names(tt->tags, m->tags);
	tt->typedefs = m->typedefs;
	tt->tags = m->tags;
	/* a definition of an earlier forward declaration is undone too */
	for (struct named *t = tt->tags; t && n < m->ntags; t = t->next)
		*t->type = m->saved[n++];
	types_sync_aliases(tt);
}

void types_mark_free(struct dt_typetab_mark *m)
{
	free(m->saved);
	m->saved = NULL;
}

struct dt_type *type_alias(struct dt_pool *pool, struct dt_type *base, const char *name)
{
	struct dt_type *t;

	if (base->kind == TY_VOID || base->kind == TY_STRING || base->kind == TY_FUNC)
		return base;
	t = type_new(pool);
	*t = *base;
	t->name = type_strdup(pool, name);
	t->alias_of = base;	/* which keeps a base made for it */
	t->ptrto = NULL;
	t->pool = pool;
	return t;
}

const struct dt_type *type_base(const struct dt_type *t)
{
	while (t->alias_of)	/* a typedef of a typedef */
		t = t->alias_of;
	return t;
}

/*
 * A typedef of a struct, union or enum is a copy of it, made when the
 * typedef is declared: a D one declared forward and defined later (or whose
 * definition a failed compile unit undid) is copied again into its
 * typedefs; a kernel one is only ever completed, its members read from the
 * BTF into the base once and shared (kernel_fill).
 */
static void sync_alias(struct dt_type *t)
{
	const struct dt_type *base = type_base(t);

	if ((t->kind != TY_STRUCT && t->kind != TY_UNION && t->kind != TY_ENUM) || !t->alias_of || base->btf_id)
		return;
	if (t->members != base->members)
		t->via = NULL;
	t->size = base->size;
	t->is_signed = base->is_signed;
	t->members = base->members;
	t->nmembers = base->nmembers;
	t->enums = base->enums;
	t->nenums = base->nenums;
	t->complete = base->complete;
}

void types_sync_aliases(struct dt_typetab *tt)
{
	for (struct named *n = tt->typedefs; n; n = n->next)
		sync_alias(n->type);
}

void type_add_typedef(struct dt_typetab *tt, const char *name, struct dt_type *t)
{
	struct named *n = xcalloc(1, sizeof(*n));
	n->name = xstrdup(name);
	n->type = type_alias(tt->pool, t, name);
	n->next = tt->typedefs;
	tt->typedefs = n;
}

void types_init(void)
{
}

/* Pointer types are cached on their pointee and shared.  A pointer to a
 * built-in or kernel type is thus process-wide: it is published with one
 * atomic compare-and-swap, fully made, and never changed afterwards. */
/*
 * Type names as libctf's ctf_type_name writes them, which DTrace's messages
 * show: a space between a name and what declares it ("char *", "int [3]"),
 * none between declarators ("char **", "int *[3]"), a pointer to an array
 * in parentheses ("int (*)[3]"); D's one function pointer type is
 * "function pointer" (dt_type_name).
 */
static char *declarator_name(struct dt_pool *pool, const char *base, const char *decl, const char *suffix)
{
	size_t bl = strlen(base);
	const char *sep = bl && (base[bl - 1] == '*' || base[bl - 1] == ']' || base[bl - 1] == ' ') ? "" : " ";

	return pool ? pool_asprintf(pool, "%s%s%s%s", base, sep, decl, suffix) :
		      xasprintf("%s%s%s%s", base, sep, decl, suffix);
}

static char *pointer_name(const struct dt_type *to)
{
	const char *arr;

	if (to->kind == TY_FUNC)
		return to->pool ? pool_strdup(to->pool, "function pointer") : xstrdup("function pointer");
	if (to->kind == TY_ARRAY && (arr = strchr(to->name, '['))) {
		/* "int [3]" -> "int (*)[3]": the base before the brackets */
		size_t bl = (size_t)(arr - to->name);
		char *base = xstrndup(to->name, bl && to->name[bl - 1] == ' ' ? bl - 1 : bl), *n;

		n = declarator_name(to->pool, base, "(*)", arr);
		free(base);
		return n;
	}
	return declarator_name(to->pool, to->name, "*", "");
}

struct dt_type *type_ptr(struct dt_type *to)
{
	struct dt_type *t = __atomic_load_n(&to->ptrto, __ATOMIC_ACQUIRE), *old = NULL;

	if (t)
		return t;
	/* a pointer to a D type lives with it, in its pool */
	t = type_new(to->pool);
	t->kind = TY_PTR;
	t->size = 8;
	t->ref = to;
	t->name = pointer_name(to);
	if (!__atomic_compare_exchange_n(&to->ptrto, &old, t, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
		if (to->pool) {
			pool_release(to->pool, t->name);
			pool_release(to->pool, t);
		} else {
			free(t->name);
			free(t);
		}
		return old;
	}
	return t;
}

struct dt_type *type_array(struct dt_pool *pool, struct dt_type *elem, uint32_t n)
{
	struct dt_type *t = type_new(pool);

	t->kind = TY_ARRAY;
	t->ref = elem;
	t->nelems = n;
	t->size = elem->size * n;
	{
		char dim[16];

		snprintf(dim, sizeof(dim), "[%u]", n);
		t->name = declarator_name(pool, elem->name, dim, "");
	}
	return t;
}

static struct dt_type *find_named(struct named *list, const char *name)
{
	for (struct named *n = list; n; n = n->next)
		if (strcmp(n->name, name) == 0)
			return n->type;
	return NULL;
}

static struct dt_type *kernel_typedef(const char *name);

int type_is_d_typedef(struct dt_typetab *tt, const char *name)
{
	if (tt && find_named(tt->typedefs, name))
		return 1;
	for (size_t i = 0; i < ARRAY_SIZE(builtin_typedefs); i++)
		if (strcmp(builtin_typedefs[i].name, name) == 0)
			return builtin_typedefs[i].in_d;
	return 0;
}

int type_is_name(struct dt_typetab *tt, const char *name)
{
	return (tt && find_named(tt->typedefs, name)) || builtin_typedef(name);
}

static struct dt_type *builtin_by_name(const char *name)
{
	static struct dt_type *const all[] = {
		&ty_char, &ty_schar, &ty_uchar, &ty_short, &ty_ushort, &ty_int,
		&ty_uint, &ty_long, &ty_ulong, &ty_llong, &ty_ullong, &ty_void,
		&ty_string, &ty_float, &ty_double, &ty_ldouble, &ty_bool,
	};
	for (size_t i = 0; i < ARRAY_SIZE(all); i++)
		if (strcmp(all[i]->name, name) == 0)
			return all[i];
	return NULL;
}

static void add_tag(struct dt_typetab *tt, struct dt_type *t)
{
	struct named *n = xcalloc(1, sizeof(*n));
	n->name = xstrdup(t->name);
	n->type = t;
	n->next = tt->tags;
	tt->tags = n;
}

static struct dt_type *new_tag(struct dt_pool *pool, enum ty_kind kind, const char *full)
{
	struct dt_type *t = type_new(pool);

	t->kind = kind;
	t->name = type_strdup(pool, full);
	if (kind == TY_ENUM) {
		t->size = 4;
		t->is_signed = 1;
	}
	return t;
}

static const char *unscoped(const char *tag)
{
	/* a module-scoped tag (D`s, vmlinux`task_struct) names the same type:
	 * D's own declarations and the kernel's BTF share one name space here */
	const char *scope = strrchr(tag, '`');
	return scope && scope[1] ? scope + 1 : tag;
}

static char *tag_name(enum ty_kind kind, const char *tag)
{
	const char *kw = kind == TY_STRUCT ? "struct" : kind == TY_UNION ? "union" : "enum";
	return xasprintf("%s %s", kw, tag);
}

static struct btf *kbtf(void);
static int btf_find_tag(const char *tag, int kind);
static struct dt_type *btf_enum_type(int id, const char *full);

/* The kernel's type for a tag; with make_fwd, an incomplete one when the
 * kernel has none.  NULL otherwise. */
static struct dt_type *kernel_tag(enum ty_kind kind, const char *tag, int make_fwd)
{
	char *full = tag_name(kind, tag);
	struct dt_type *t;
	int id;

	pthread_mutex_lock(&kernel_lock);
	t = find_named(kernel_types.tags, full);
	if (!t && kind == TY_ENUM && kbtf() && (id = btf_find_tag(tag, BTF_KIND_ENUM)) > 0)
		t = btf_enum_type(id, full);
	else if (!t && kind != TY_ENUM)
		t = btf_struct_type(tag, kind == TY_UNION);
	if (!t && make_fwd)
		t = new_tag(NULL, kind, full);
	if (t && !find_named(kernel_types.tags, full))
		add_tag(&kernel_types, t);
	pthread_mutex_unlock(&kernel_lock);
	/* an incomplete tag made for code without a table is no kernel type */
	if (t && !make_fwd && !t->btf_id)
		t = NULL;
	free(full);
	return t;
}

struct dt_type *type_tag_in(struct dt_typetab *tt, enum ty_kind kind, const char *tag)
{
	char *full;
	struct dt_type *t;

	tag = unscoped(tag);
	full = tag_name(kind, tag);
	t = find_named(tt->tags, full);
	if (!t)
		t = kernel_tag(kind, tag, 0);
	if (!t) {
		t = new_tag(tt->pool, kind, full);
		add_tag(tt, t);
	}
	free(full);
	return t;
}

struct dt_type *type_define_anon(struct dt_typetab *tt, enum ty_kind kind)
{
	struct dt_type *t = new_tag(tt->pool, kind, kind == TY_STRUCT ? "struct <anon>" :
				    kind == TY_UNION ? "union <anon>" : "enum <anon>");
	struct named *n = xcalloc(1, sizeof(*n));

	/* listed under no name: no tag finds it, its enumerators are found */
	n->name = xstrdup("");
	n->type = t;
	n->next = tt->tags;
	tt->tags = n;
	return t;
}

struct dt_type *type_define_tag(struct dt_typetab *tt, enum ty_kind kind, const char *tag)
{
	char *full;
	struct dt_type *t;

	tag = unscoped(tag);
	full = tag_name(kind, tag);
	t = find_named(tt->tags, full);
	if (!t) {
		t = new_tag(tt->pool, kind, full);
		add_tag(tt, t);
	}
	free(full);
	return t;
}

int type_in_table(struct dt_typetab *tt, const struct dt_type *t)
{
	for (struct named *n = tt->tags; n; n = n->next)
		if (n->type == t)
			return 1;
	return 0;
}

struct dt_type *type_tag(enum ty_kind kind, const char *tag)
{
	return kernel_tag(kind, unscoped(tag), 1);
}

/* "struct tag" or "union tag": the context's type, else the kernel's */
static struct dt_type *tag_lookup(struct dt_typetab *tt, const char *name)
{
	if (strncmp(name, "struct ", 7) == 0)
		return tt ? type_tag_in(tt, TY_STRUCT, name + 7) : type_tag(TY_STRUCT, name + 7);
	if (strncmp(name, "union ", 6) == 0)
		return tt ? type_tag_in(tt, TY_UNION, name + 6) : type_tag(TY_UNION, name + 6);
	return NULL;
}

/*
 * A type name scoped by its object, as dt_type_lookup splits it: the word
 * before a backquote names the object ("vmlinux`pid_t", "struct
 * vmlinux`task_struct", "C`int", "D`string"), the rest is the type's name
 * there.  C's object holds the base types, D's the D program's and
 * DTrace's own typedefs as well, any other name the kernel's (its BTF; a
 * module's types are the kernel's one name space here).  NULL when the
 * object does not have the type, or when a second scope follows.
 */
static struct dt_type *type_lookup_scoped(struct dt_typetab *tt, const char *name)
{
	static const char delims[] = " \t\n\r\v\f*`";
	const char *p = name, *q;

	for (;;) {
		while (isspace((unsigned char)*p))
			p++;
		if (!*p || !(q = strpbrk(p + 1, delims)))
			return NULL;
		if (*q == '`')
			break;
		p = q;
	}
	if (strchr(q + 1, '`'))
		return NULL;

	int is_c = q - p == 1 && *p == 'C', is_d = q - p == 1 && *p == 'D';
	char *type = xasprintf("%.*s%s", (int)(p - name), name, q + 1);
	struct dt_type *t = builtin_by_name(type);

	if (!t && is_d && tt)
		t = find_named(tt->typedefs, type);
	if (!t && is_d)
		t = builtin_typedef(type);
	if (!t && !is_c && !is_d)
		t = kernel_typedef(type);
	if (!t && !is_c)
		t = tag_lookup(tt, type);
	free(type);
	return t;
}

struct dt_type *type_lookup_in(struct dt_typetab *tt, const char *name)
{
	if (strchr(name, '`'))
		return type_lookup_scoped(tt, name);

	struct dt_type *t = builtin_by_name(name);

	if (t)
		return t;
	if (tt && (t = find_named(tt->typedefs, name)))
		return t;
	if ((t = builtin_typedef(name)))
		return t;
	if ((t = kernel_typedef(name)))
		return t;
	return tag_lookup(tt, name);
}

struct dt_type *type_lookup(const char *name)
{
	return type_lookup_in(NULL, name);
}

/* ---- BTF ------------------------------------------------------------- */

/* The kernel's BTF: a process-wide, read-only cache, parsed once. */
static struct btf *vmlinux_btf;
static pthread_once_t btf_once = PTHREAD_ONCE_INIT;

static void load_btf(void)
{
	vmlinux_btf = btf__load_vmlinux_btf();
	if (libbpf_get_error(vmlinux_btf))
		vmlinux_btf = NULL;
}

static struct btf *kbtf(void)
{
	pthread_once(&btf_once, load_btf);
	return vmlinux_btf;
}

/*
 * The kernel's structs and unions by name, sorted: libbpf's
 * btf__find_by_name_kind reads every type of the BTF (some 100,000), which
 * a program declaring thousands of struct tags (each looked up as the
 * kernel's first) would pay thousands of times.  Made once per process,
 * then only read.
 */
struct btf_tag {
	const char *name;
	int id, kind;
};
static struct btf_tag *btf_tags;
static size_t btf_ntags;
static pthread_once_t btf_tags_once = PTHREAD_ONCE_INIT;

/* By name, then by id (the lowest id first, which libbpf would find) */
static int btf_tag_cmp(const void *a, const void *b)
{
	const struct btf_tag *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : (x->id > y->id) - (x->id < y->id);
}

static int btf_tag_name_cmp(const void *key, const void *elem)
{
	return strcmp(((const struct btf_tag *)key)->name, ((const struct btf_tag *)elem)->name);
}

static void index_btf_tags(void)
{
	struct btf *b = kbtf();
	uint32_t n = b ? btf__type_cnt(b) : 0;

	for (uint32_t id = 1; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(b, id);
		int kind = btf_kind(t);
		if ((kind != BTF_KIND_STRUCT && kind != BTF_KIND_UNION && kind != BTF_KIND_ENUM &&
		     kind != BTF_KIND_ENUM64) || !t->name_off)
			continue;
		if (!btf_tags)
			btf_tags = xcalloc(n, sizeof(*btf_tags));
		/* an enum's tag is one name space whatever its values' width */
		btf_tags[btf_ntags++] = (struct btf_tag){btf__name_by_offset(b, t->name_off), (int)id,
							 kind == BTF_KIND_ENUM64 ? BTF_KIND_ENUM : kind};
	}
	if (btf_ntags)
		qsort(btf_tags, btf_ntags, sizeof(*btf_tags), btf_tag_cmp);
}

/* The BTF id of the kernel's struct, union or enum (BTF_KIND_ENUM for
 * both widths) tag, or -1. */
static int btf_find_tag(const char *tag, int kind)
{
	struct btf_tag key = {tag, 0, 0}, *t;

	pthread_once(&btf_tags_once, index_btf_tags);
	t = btf_ntags ? bsearch(&key, btf_tags, btf_ntags, sizeof(*btf_tags), btf_tag_name_cmp) : NULL;
	if (!t)
		return -1;
	while (t > btf_tags && strcmp(t[-1].name, tag) == 0)
		t--;
	/* the first of that name and kind, as btf__find_by_name_kind finds */
	for (; t < btf_tags + btf_ntags && strcmp(t->name, tag) == 0; t++)
		if (t->kind == kind)
			return t->id;
	return -1;
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
		const struct btf_type *mt = btf__type_by_id(kbtf(), m[i].type);
		if (mt && btf_kind(mt) == BTF_KIND_TYPEDEF) {
			t->members[i].tname = btf__name_by_offset(kbtf(), mt->name_off);
		} else if (mt && btf_kind(mt) == BTF_KIND_ARRAY) {
			/* an array of a typedef: "__u8 [16]" */
			const struct btf_type *et = btf__type_by_id(kbtf(), btf_array(mt)->type);
			if (et && btf_kind(et) == BTF_KIND_TYPEDEF)
				t->members[i].tname = xasprintf("%s [%u]", btf__name_by_offset(kbtf(), et->name_off),
								btf_array(mt)->nelems);
		}
		t->members[i].offset = bits / 8;
		t->members[i].bit_size = (uint8_t)btf_member_bitfield_size(bt, (uint32_t)i);
		t->members[i].bit_offset = (uint8_t)(bits % 8);
	}
	__atomic_store_n(&t->complete, 1, __ATOMIC_RELEASE);
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

static struct dt_type *btf_typedef_type(int id, const struct btf_type *bt);

/*
 * A kernel integer named as the kernel's BTF (from its DWARF) names it,
 * "long unsigned int", as DTrace's CTF of the kernel names it in print()
 * and in messages; the same integer as D's own otherwise.  The kernel's
 * char is unsigned (since Linux 6.2) yet named char, as DTrace names it:
 * "char [16]", printed as chars.  A handful of names, made once.
 */
static struct dt_type *kernel_int_named(struct dt_type *t, const char *name)
{
	static struct dt_type *made[16];	/* under kernel_lock, as btf_to_type */

	if (!name || !*name || strcmp(name, t->name) == 0)
		return t;
	for (size_t i = 0; i < ARRAY_SIZE(made); i++) {
		if (made[i] && made[i]->size == t->size && made[i]->is_signed == t->is_signed &&
		    strcmp(made[i]->name, name) == 0)
			return made[i];
		if (!made[i]) {
			made[i] = xcalloc(1, sizeof(*made[i]));
			*made[i] = *t;
			made[i]->name = xstrdup(name);
			made[i]->ptrto = NULL;
			return made[i];
		}
	}
	return t;
}

/*
 * A kernel type under a qualifier (const, volatile) named as libctf names
 * it in DTrace's messages and print(): "const struct cred", "const void",
 * a pointer's after it ("char *const").  The type is the same otherwise: a
 * copy whose base (type_base) is the unqualified type.
 */
static struct dt_type *kernel_qualified(struct dt_type *t, const char *qual)
{
	size_t n = strlen(t->name) + strlen(qual) + 2;
	char *name = xcalloc(1, n);
	struct dt_type *q;

	if (t->kind == TY_PTR && n > 2 && t->name[strlen(t->name) - 1] == '*')
		snprintf(name, n, "%s%s", t->name, qual);
	else if (t->kind == TY_PTR)
		snprintf(name, n, "%s %s", t->name, qual);
	else
		snprintf(name, n, "%s %s", qual, t->name);
	if (t->kind == TY_VOID) {
		q = xcalloc(1, sizeof(*q));
		*q = *t;
		q->name = name;
		q->ptrto = NULL;
		return q;
	}
	q = type_alias(NULL, t, name);
	free(name);
	return q;
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
		struct dt_type *t;
		if (enc & BTF_INT_BOOL)
			return &ty_bool;
		t = int_by_size(bt->size, (enc & BTF_INT_SIGNED) != 0);
		return kernel_int_named(t, btf__name_by_offset(b, bt->name_off));
	}
	case BTF_KIND_PTR:
		return type_ptr(btf_to_type((int)bt->type));
	case BTF_KIND_ARRAY: {
		const struct btf_array *a = btf_array(bt);
		return type_array(NULL, btf_to_type((int)a->type), a->nelems);
	}
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION: {
		const char *nm = btf__name_by_offset(b, bt->name_off);
		if (nm && *nm)
			return kernel_tag(btf_kind(bt) == BTF_KIND_UNION ? TY_UNION : TY_STRUCT, nm, 1);
		struct dt_type *t = xcalloc(1, sizeof(*t));
		t->kind = btf_kind(bt) == BTF_KIND_UNION ? TY_UNION : TY_STRUCT;
		t->name = xstrdup(t->kind == TY_UNION ? "union <anon>" : "struct <anon>");
		t->size = bt->size;
		t->btf_id = id;
		return t;
	}
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64: {
		const char *nm = btf__name_by_offset(b, bt->name_off);
		if (nm && *nm)
			return kernel_tag(TY_ENUM, nm, 1);
		return btf_enum_type(id, NULL);
	}
	case BTF_KIND_FWD:
		return kernel_tag(btf_kflag(bt) ? TY_UNION : TY_STRUCT, btf__name_by_offset(b, bt->name_off), 1);
	case BTF_KIND_TYPEDEF:
		return btf_typedef_type(id, bt);
	case BTF_KIND_CONST:
		return kernel_qualified(btf_to_type((int)bt->type), "const");
	case BTF_KIND_VOLATILE:
		return kernel_qualified(btf_to_type((int)bt->type), "volatile");
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

/*
 * The kernel's typedefs by name (spinlock_t, atomic_t, ...): as in DTrace,
 * whose type names include every typedef of the kernel's types
 * (dt_type_lookup searches the kernel's modules), D code may name them.
 * libbpf finds a name by scanning every type, and the lexer asks for each
 * identifier it cannot place, so the names are indexed once, sorted.
 */
struct btf_typedef_index {
	const char **names;	/* in the BTF's string section */
	int *ids;
	struct dt_type **types;	/* made on first use, kept (process-wide) */
	int n;
};
static struct btf_typedef_index typedef_index;
static pthread_once_t typedef_once = PTHREAD_ONCE_INIT;

static int cmp_typedef(const void *a, const void *b)
{
	const int *x = a, *y = b;

	return strcmp(btf__name_by_offset(kbtf(), btf__type_by_id(kbtf(), (uint32_t)*x)->name_off),
		      btf__name_by_offset(kbtf(), btf__type_by_id(kbtf(), (uint32_t)*y)->name_off));
}

static void index_typedefs(void)
{
	struct btf *b = kbtf();
	struct btf_typedef_index *ix = &typedef_index;
	int n;

	if (!b)
		return;
	n = (int)btf__type_cnt(b);
	ix->ids = xcalloc((size_t)n, sizeof(*ix->ids));
	for (int id = 1; id < n; id++) {
		const struct btf_type *bt = btf__type_by_id(b, (uint32_t)id);
		if (btf_kind(bt) == BTF_KIND_TYPEDEF && bt->name_off)
			ix->ids[ix->n++] = id;
	}
	qsort(ix->ids, (size_t)ix->n, sizeof(*ix->ids), cmp_typedef);
	ix->names = xcalloc((size_t)ix->n + 1, sizeof(*ix->names));
	ix->types = xcalloc((size_t)ix->n + 1, sizeof(*ix->types));
	for (int i = 0; i < ix->n; i++)
		ix->names[i] = btf__name_by_offset(b, btf__type_by_id(b, (uint32_t)ix->ids[i])->name_off);
}

/* the typedef's place in the index, or -1 */
static int kernel_typedef_id(const char *name)
{
	const struct btf_typedef_index *ix = &typedef_index;
	int lo = 0, hi;

	pthread_once(&typedef_once, index_typedefs);
	hi = ix->n - 1;
	while (lo <= hi) {
		int mid = lo + (hi - lo) / 2, c = strcmp(name, ix->names[mid]);
		if (c == 0)
			return mid;
		if (c < 0)
			hi = mid - 1;
		else
			lo = mid + 1;
	}
	return -1;
}

int type_is_kernel_name(const char *name)
{
	return kernel_typedef_id(name) >= 0;
}

/* The type a kernel typedef names, made once: a typedef of an anonymous
 * struct (atomic_t) would otherwise be a new type at each use. */
/* A kernel typedef's type (its alias of the type it names): made once per
 * typedef of the index, as each use would otherwise make one. */
static struct dt_type *btf_typedef_type(int id, const struct btf_type *bt)
{
	const char *name = btf__name_by_offset(kbtf(), bt->name_off);
	int i = kernel_typedef_id(name);

	if (i < 0 || typedef_index.ids[i] != id)	/* a second typedef of a name */
		return type_alias(NULL, btf_to_type((int)bt->type), name);
	if (!typedef_index.types[i])
		typedef_index.types[i] = type_alias(NULL, btf_to_type((int)bt->type), name);
	return typedef_index.types[i];
}

static struct dt_type *kernel_typedef(const char *name)
{
	int i = kernel_typedef_id(name);
	struct dt_type *t;

	if (i < 0)
		return NULL;
	pthread_mutex_lock(&kernel_lock);
	if (!typedef_index.types[i])
		typedef_index.types[i] = btf_to_type(typedef_index.ids[i]);
	t = typedef_index.types[i];
	pthread_mutex_unlock(&kernel_lock);
	return t;
}

struct btf *types_vmlinux_btf(void)
{
	return kbtf();
}

struct dt_type *btf_type_by_id(int id)
{
	struct dt_type *t;

	pthread_mutex_lock(&kernel_lock);
	t = btf_to_type(id);
	pthread_mutex_unlock(&kernel_lock);
	return t;
}

int btf_struct_id(const char *tag)
{
	return kbtf() ? btf_find_tag(tag, BTF_KIND_STRUCT) : -1;
}

struct dt_type *btf_struct_type(const char *tag, int is_union)
{
	struct btf *b = kbtf();
	int id;
	struct dt_type *t;

	if (!b)
		return NULL;
	id = btf_find_tag(tag, is_union ? BTF_KIND_UNION : BTF_KIND_STRUCT);
	if (id <= 0)
		return NULL;
	t = xcalloc(1, sizeof(*t));
	t->kind = is_union ? TY_UNION : TY_STRUCT;
	t->name = xasprintf("%s %s", is_union ? "union" : "struct", tag);
	t->size = btf__type_by_id(b, (uint32_t)id)->size;
	t->btf_id = id;
	return t;
}

/*
 * A kernel enum (full: "enum pid_type"; NULL for an anonymous one, which
 * is made at each use, as anonymous structs are) with its enumerators, so
 * that D compares a value of it with an enumerator's name and print()
 * shows the name.  A 32-bit enum is C's int (BTF before pahole 1.24 does
 * not mark signed ones); a 64-bit one is as signed as BTF says.
 */
static struct dt_type *btf_enum_type(int id, const char *full)
{
	struct btf *b = kbtf();
	const struct btf_type *bt = btf__type_by_id(b, (uint32_t)id);
	int n = btf_vlen(bt);
	struct dt_type *t = xcalloc(1, sizeof(*t));

	t->kind = TY_ENUM;
	t->name = xstrdup(full ? full : "enum <anon>");
	t->size = bt->size;
	t->is_signed = btf_is_enum(bt) || btf_kflag(bt);
	t->btf_id = id;
	t->complete = 1;
	t->nenums = n;
	t->enums = xcalloc((size_t)n + 1, sizeof(*t->enums));
	for (int i = 0; i < n; i++) {
		if (btf_is_enum(bt)) {
			t->enums[i].name = xstrdup(btf__name_by_offset(b, btf_enum(bt)[i].name_off));
			t->enums[i].value = btf_enum(bt)[i].val;
		} else {
			const struct btf_enum64 *e = &btf_enum64(bt)[i];
			t->enums[i].name = xstrdup(btf__name_by_offset(b, e->name_off));
			t->enums[i].value = (int64_t)btf_enum64_value(e);
		}
	}
	return t;
}

/* A member of t's found through an anonymous member at offset: made
 * once per name and kept with t (in t's pool, or for a kernel type as long
 * as the process, as the type itself), so that looking it up again finds
 * the same one and nothing is lost. */
struct dt_member_via {
	struct dt_member_via *next;
	struct dt_member m;
};

static const struct dt_member *member_via(struct dt_type *t, const struct dt_member *m, uint32_t offset)
{
	struct dt_member_via *v;

	for (v = __atomic_load_n(&t->via, __ATOMIC_ACQUIRE); v; v = v->next)
		if (strcmp(v->m.name, m->name) == 0)
			return &v->m;
	if (!t->pool)
		pthread_mutex_lock(&kernel_lock);
	for (v = t->via; v; v = v->next)	/* another thread may have made it */
		if (strcmp(v->m.name, m->name) == 0)
			break;
	if (!v) {
		v = t->pool ? pool_zalloc(t->pool, sizeof(*v)) : xcalloc(1, sizeof(*v));
		v->m = *m;
		v->m.offset += offset;
		v->next = t->via;
		__atomic_store_n(&t->via, v, __ATOMIC_RELEASE);
	}
	if (!t->pool)
		pthread_mutex_unlock(&kernel_lock);
	return &v->m;
}

/* A kernel struct or union is completed once, under the cache's lock; a
 * typedef's copy of one takes the members read into it. */
static void kernel_fill(struct dt_type *t)
{
	struct dt_type *base;

	if (__atomic_load_n(&t->complete, __ATOMIC_ACQUIRE) || !t->btf_id)
		return;
	pthread_mutex_lock(&kernel_lock);
	base = (struct dt_type *)type_base(t);
	if (!base->complete)
		btf_fill_members(base);
	if (!t->complete) {
		t->size = base->size;
		t->members = base->members;
		t->nmembers = base->nmembers;
		__atomic_store_n(&t->complete, 1, __ATOMIC_RELEASE);
	}
	pthread_mutex_unlock(&kernel_lock);
}

const struct dt_member *type_member(struct dt_type *t, const char *name)
{
	if (t->kind != TY_STRUCT && t->kind != TY_UNION)
		return NULL;
	kernel_fill(t);
	for (int i = 0; i < t->nmembers; i++) {
		if (strcmp(t->members[i].name, name) == 0)
			return &t->members[i];
		/* anonymous struct/union members are searched through */
		if (t->members[i].name[0] == 0) {
			const struct dt_member *m = type_member(t->members[i].type, name);
			if (m)
				return member_via(t, m, t->members[i].offset);
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
	a = type_base(a);
	b = type_base(b);
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
		       !a->symact == !b->symact && type_compatible(a->ref, b->ref);
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
	/* an enum is its underlying integer: int, or a kernel enum with
	 * 64-bit values long */
	if (t->kind == TY_ENUM)
		return t->size <= 4 ? &ty_int : t->is_signed ? &ty_long : &ty_ulong;
	/* D, unlike C, does not promote small integers to int: char + char
	 * is computed and wrapped as char (DTrace's dt_type_promote). */
	return t;
}

/*
 * D computes every integer expression in 64 bits and never truncates an
 * operator's result to its type (DTrace's dt_cg keeps the register as the
 * operation left it): a value narrows only when stored (by its type's size)
 * and when cast.  A cast changes the bits only when it narrows, when it
 * changes signedness at the same size, or when it widens a signed value to
 * an unsigned type; otherwise the value passes unchanged, so (int)(i + 1)
 * with i == INT_MAX stays 2^31 in the register.  This is dt_cg_typecast's
 * rule, which dt_node_op2 also applies when it folds a cast of a constant.
 */
int type_cast_shift(const struct dt_type *from, const struct dt_type *to, int *arith)
{
	if (!to || !from || !type_is_scalar(to))
		return 0;
	uint32_t dst = to->size, src = from->size;
	/* an enum is unsigned to DTrace (dt_node_type_assign) */
	int dsg = to->kind == TY_INT && to->is_signed, ssg = from->kind == TY_INT && from->is_signed;

	*arith = dsg;
	if (dst == 0 || dst >= 8)
		return 0;
	if (dst > src && (dsg || !ssg))
		return 0;
	if (dst == src && dsg == ssg)
		return 0;
	return 64 - 8 * (int)dst;
}

uint64_t type_cast_value(const struct dt_type *from, const struct dt_type *to, uint64_t v)
{
	int arith, sh = type_cast_shift(from, to, &arith);

	if (!sh)
		return v;
	return arith ? (uint64_t)((int64_t)(v << sh) >> sh) : (v << sh) >> sh;
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

struct dt_type *types_enumerator_enum(struct dt_typetab *tt, const char *name, int64_t *v)
{
	for (struct named *n = tt->tags; n; n = n->next) {
		struct dt_type *t = n->type;
		if (t->kind != TY_ENUM)
			continue;
		for (int i = 0; i < t->nenums; i++)
			if (strcmp(t->enums[i].name, name) == 0) {
				*v = t->enums[i].value;
				return t;
			}
	}
	return NULL;
}

int types_find_enumerator(struct dt_typetab *tt, const char *name, int64_t *v)
{
	return types_enumerator_enum(tt, name, v) != NULL;
}
