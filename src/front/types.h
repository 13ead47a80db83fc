/*
 * types.h - D's type system: C's integer types, string, pointers, arrays,
 * structs and unions (from declarations or the kernel's BTF), enums and
 * typedefs.
 */
#ifndef DT_TYPES_H
#define DT_TYPES_H

#include <stdint.h>

enum ty_kind {
	TY_VOID, TY_INT, TY_FLOAT, TY_PTR, TY_ARRAY, TY_STRING, TY_STRUCT,
	TY_UNION, TY_ENUM, TY_FUNC
};

struct dt_member {
	char *name;
	struct dt_type *type;
	uint32_t offset;	/* bytes */
	uint8_t bit_offset, bit_size;	/* bitfields: bit_size != 0 */
	const char *tname;	/* the typedef its type was declared with
				 * ("uint64_t"), NULL if none: print() shows it */
};

struct dt_enumerator {
	char *name;
	int64_t value;
};

struct dt_type {
	enum ty_kind kind;
	char *name;		/* "int", "unsigned char", "struct task_struct" */
	uint32_t size;		/* bytes; for TY_STRING: 0 means strsize */
	int is_signed;		/* TY_INT */
	int is_bool;
	struct dt_type *ref;	/* TY_PTR target, TY_ARRAY element */
	uint32_t nelems;	/* TY_ARRAY */
	int complete;		/* TY_STRUCT/UNION: members known */
	struct dt_member *members;
	int nmembers;
	struct dt_enumerator *enums;
	int nenums;
	int btf_id;		/* kernel BTF type id, 0 if none */
	int is_user;		/* pointer into user space (userland) */
	struct dt_type *ptrto;	/* cached pointer-to-this type */
	int is_stack;		/* stack(): 1, ustack(): 2 (array of pcs) */
	int symact;		/* the value of func(), mod(), ufunc(), ...: its
				 * DTRACEACT_SYM..UADDR (an array of the address,
				 * after its process id for a user one) */
	struct dt_pool *pool;	/* the pool the type lives in (a context's:
				   a D declaration); NULL: process-wide */
	const struct dt_type *alias_of;	/* a typedef's name for a type: a copy
					 * of that type (maybe itself an alias)
					 * under the typedef's name, which
					 * DTrace's messages show; NULL if none */
	struct dt_member_via *via;	/* members found through anonymous
					   ones, as seen from here (type_member) */
};

/*
 * The built-in types: process-wide and immutable (their only written field
 * is the ptrto cache, which type_ptr() publishes atomically, once).
 */
extern struct dt_type ty_void, ty_char, ty_schar, ty_uchar, ty_short,
	ty_ushort, ty_int, ty_uint, ty_long, ty_ulong, ty_llong, ty_ullong,
	ty_string, ty_bool, ty_float, ty_double, ty_ldouble;

/*
 * A type table: the typedefs and struct/union/enum tags that D programs
 * declare.  Each compiler context (struct dt_cc) owns one, so two library
 * handles never see each other's declarations.  Lookups in a table fall
 * back on the built-in typedefs (uint64_t, ...) and on the kernel's types.
 *
 * The kernel's types (made from the vmlinux BTF) are a process-wide cache:
 * the BTF is parsed once, and each kernel struct/union is made once, on
 * demand, and only ever completed (members read lazily), never redefined.
 * It holds no D declaration: a D program that defines a struct with a
 * kernel struct's name gets its own type in its table, which hides the
 * kernel's for that context (as DTrace's D container comes before the
 * kernel's modules).  The cache is guarded by a lock.
 */
struct dt_typetab;

struct dt_pool;
/* The types a table makes (its tags, their pointers) live in pool. */
struct dt_typetab *types_create(struct dt_pool *pool);
/* Frees the table, not the types (they go with the pool). */
void types_destroy(struct dt_typetab *tt);
/* Table state for rolling back a failed compile unit's declarations. */
struct dt_typetab_mark {
	void *typedefs, *tags;
	int ntags;
	struct dt_type *saved;	/* the tags' types as they were */
};
void types_mark(struct dt_typetab *tt, struct dt_typetab_mark *m);
void types_rollback(struct dt_typetab *tt, struct dt_typetab_mark *m);
void types_mark_free(struct dt_typetab_mark *m);

/* Kept for callers that predate the tables: does nothing. */
void types_init(void);
/* The pointer type to `to`: one per pointee, shared (see above). */
struct dt_type *type_ptr(struct dt_type *to);
/* An array type, in pool (NULL: process-wide, for the kernel's types). */
struct dt_type *type_array(struct dt_pool *pool, struct dt_type *elem, uint32_t n);

/*
 * A typedef's name for base: the same type (its kind, size, sign,
 * members...) named name, made in pool (NULL: process-wide), so that
 * messages and print() name it as DTrace does ("pid_t", "uint64_t").
 * A struct's or union's is a copy of its members, kept in step with a D
 * struct defined after the typedef (types_sync_aliases) and filled from a
 * kernel one's when its members are first read (type_member).  Compare
 * types through type_base().
 */
struct dt_type *type_alias(struct dt_pool *pool, struct dt_type *base, const char *name);
/* After a struct or union of tt is defined or a definition undone: its
 * typedefs take its members again. */
void types_sync_aliases(struct dt_typetab *tt);
/* The type a typedef's name stands for (t itself when t is no alias). */
const struct dt_type *type_base(const struct dt_type *t);

/* Look up a type by its full name ("int", "uint64_t", "struct foo", ...)
 * in a table, or NULL. */
struct dt_type *type_lookup_in(struct dt_typetab *tt, const char *name);
/* the value of an enumerator of an enum declared in tt; 0 when none */
int types_find_enumerator(struct dt_typetab *tt, const char *name, int64_t *v);
/* The declared enum that has an enumerator of that name (and its value). */
struct dt_type *types_enumerator_enum(struct dt_typetab *tt, const char *name, int64_t *v);
/* Is name a typedef (declared in tt or built in) usable bare? */
int type_is_name(struct dt_typetab *tt, const char *name);
/* Is name a typedef of DTrace's D container (its built-in ones, its D
 * library's, a program's), which a program may not declare again? */
int type_is_d_typedef(struct dt_typetab *tt, const char *name);
void type_add_typedef(struct dt_typetab *tt, const char *name, struct dt_type *t);
/* A struct/union/enum tag: tt's, else the kernel's, else a new incomplete
 * one in tt. */
struct dt_type *type_tag_in(struct dt_typetab *tt, enum ty_kind kind, const char *tag);
/* A new tag type in tt, for a definition: hides a kernel type of that name. */
struct dt_type *type_define_tag(struct dt_typetab *tt, enum ty_kind kind, const char *tag);
/* A new struct, union or enum without a tag, in tt: an enum's enumerators
 * are names of the program whether or not the enum has a tag (DTrace's
 * dt_decl_enumerator). */
struct dt_type *type_define_anon(struct dt_typetab *tt, enum ty_kind kind);
/* Is t one of tt's own types (declared by a D program of that context)? */
int type_in_table(struct dt_typetab *tt, const struct dt_type *t);

/*
 * The same without a table, for code outside the compiler (providers typing
 * probe arguments, the code generator): built-in types and typedefs, and the
 * kernel's types.  A tag the kernel does not have is an incomplete type made
 * once in the process-wide kernel cache.
 */
struct dt_type *type_lookup(const char *name);
struct dt_type *type_tag(enum ty_kind kind, const char *tag);

/* Resolve a struct/union member; NULL if none. */
const struct dt_member *type_member(struct dt_type *t, const char *name);
/* Strip typedef aliases are stored resolved, so this only skips const. */
int type_is_integral(const struct dt_type *t);
int type_is_arith(const struct dt_type *t);
int type_is_scalar(const struct dt_type *t);	/* integer or pointer */
int type_is_string(const struct dt_type *t);	/* string or char[] */
int type_compatible(const struct dt_type *a, const struct dt_type *b);
/* The type's size in bytes, with strings at their strsize. */
uint32_t type_size(const struct dt_type *t, uint32_t strsize);
/* DTrace's arithmetic conversions on two integer types (dt_type_promote). */
struct dt_type *type_arith_result(struct dt_type *a, struct dt_type *b);
/* The type an integer operand is computed in: an enum's underlying integer. */
struct dt_type *type_promote(struct dt_type *t);
/* How a cast to type to changes a 64-bit value of type from: the shift n
 * that (v << n) >> n applies (an arithmetic shift right when *arith is set),
 * or 0 when the bits stay as they are.  type_cast_value applies it. */
int type_cast_shift(const struct dt_type *from, const struct dt_type *to, int *arith);
uint64_t type_cast_value(const struct dt_type *from, const struct dt_type *to, uint64_t v);
/* Name for messages: "int", "char *", "string". */
const char *type_name(const struct dt_type *t);

/* Loading struct types from the kernel's BTF, on demand. */
struct dt_type *btf_struct_type(const char *tag, int is_union);
/* The BTF id of the kernel's struct tag (an indexed look-up), or -1. */
int btf_struct_id(const char *tag);
/* The kernel's BTF (loaded on first use; NULL if none) and its types. */
struct btf *types_vmlinux_btf(void);
/* a typedef of the kernel's (spinlock_t): a type name where D code has not
 * made the word an identifier (the lexer decides, as DTrace's does) */
int type_is_kernel_name(const char *name);
struct dt_type *btf_type_by_id(int id);

#endif
