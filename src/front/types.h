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
};

/* The built-in types. */
extern struct dt_type ty_void, ty_char, ty_schar, ty_uchar, ty_short,
	ty_ushort, ty_int, ty_uint, ty_long, ty_ulong, ty_llong, ty_ullong,
	ty_string, ty_bool, ty_float, ty_double, ty_ldouble;

void types_init(void);
struct dt_type *type_ptr(struct dt_type *to);
struct dt_type *type_array(struct dt_type *elem, uint32_t n);
/* Look up a type by its full name ("int", "uint64_t", "struct foo", ...). */
struct dt_type *type_lookup(const char *name);
/* the value of an enumerator of a declared enum; 0 when there is none */
int types_find_enumerator(const char *name, int64_t *v);
/* Is name a typedef or built-in type name usable bare (uint64_t, size_t)? */
int type_is_name(const char *name);
void type_add_typedef(const char *name, struct dt_type *t);
/* struct/union/enum tags (declared or from BTF); creates an incomplete one. */
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
/* C's usual arithmetic conversions on two integer types. */
struct dt_type *type_arith_result(struct dt_type *a, struct dt_type *b);
/* Integer promotion (to int). */
struct dt_type *type_promote(struct dt_type *t);
/* Name for messages: "int", "char *", "string". */
const char *type_name(const struct dt_type *t);

/* Loading struct types from the kernel's BTF, on demand. */
struct dt_type *btf_struct_type(const char *tag, int is_union);
/* The kernel's BTF (loaded on first use; NULL if none) and its types. */
struct btf *types_vmlinux_btf(void);
struct dt_type *btf_type_by_id(int id);

#endif
