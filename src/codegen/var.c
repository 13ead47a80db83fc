/*
 * var.c - variables: where each kind lives and how it is read and
 * written.  Globals and global arrays live in the global-variable map at
 * the offset the layout gave them; this-> (clause-local) variables in the
 * scratch area; self-> (thread-local) variables and associative arrays in
 * one hash map shared by all of them, the pool (DTrace's dvars), keyed by
 * the variable's id, the thread for self-> and the key tuple (the layout
 * in cg.h), where storing 0 deletes the entry as in DTrace and a store that
 * finds the pool full is a dynamic variable drop.
 */
#include "cg_impl.h"

/* A dynamic variable's id: the first word of its key in the pool. */
static uint32_t dvar_id(struct cg *g, const struct dt_var *v)
{
	if (v->map_index < 0 || v->map_index >= g->L->ndyn || g->L->dyn[v->map_index] != v)
		cg_error(g, 0, NULL, "internal error: dynamic variable %s is not in the pool", v->name);
	return (uint32_t)v->map_index;
}

/* Bytes of a variable's value: strings whole, integers in 8 bytes. */
uint32_t cg_val_size(const struct cg_layout *L, const struct dt_type *t)
{
	if (!t || is_str(t))
		return L->strbuf;
	if (t->kind == TY_STRUCT || t->kind == TY_UNION)	/* + room for 8-byte bitfield access */
		return ((t->size + 7) & ~7u) + 8;
	return t->size > 8 ? (t->size + 7) & ~7u : 8;
}

/* Bytes a key of type t takes in a dynamic variable's key: strings and
 * structs by value, everything else in an 8-byte slot. */
uint32_t cg_key_slot_size(const struct cg_layout *L, const struct dt_type *t)
{
	if (is_str(t))
		return L->strbuf;
	if (t->kind == TY_STRUCT || t->kind == TY_UNION)
		return t->size ? (t->size + 7) & ~7u : 8;
	return 8;
}

/*
 * Build the pool key of a dynamic variable (cg.h: DVAR_KEY_*) in the key
 * buffer from the pushed key values at stack depths base..base+nkeys-1.
 * Every word is written once: the id, the thread, each integer key whole;
 * a string or struct slot zeroed before its bytes are copied in (its
 * padding must compare equal), the rest of the largest key zeroed.
 * Leaves r2 = key pointer.
 */
void cg_build_key(struct cg *g, struct dt_var *v, int base, int nkeys)
{
	uint32_t key = g->L->key_off, off = key + cg_dvar_tuple_off(v);

	cg_emit(g, BPF_ST_MEM(BPF_DW, R7, (int16_t)(key + DVAR_KEY_ID), (int32_t)dvar_id(g, v)));
	if (v->scope == VS_THREAD) {
		cg_call(g, BPF_FUNC_get_current_pid_tgid);
		cg_emit(g, BPF_MOV32_REG(R0, R0));
		cg_emit(g, BPF_STX_MEM(BPF_DW, R7, R0, (int16_t)(key + DVAR_KEY_THREAD)));
	}
	for (int i = 0; i < nkeys; i++) {
		const struct dt_type *kt = v->keys && i < v->nkeys ? v->keys[i] : &ty_llong;
		uint32_t slot = cg_key_slot_size(g->L, kt);
		if (off + slot > key + g->L->dvar_keysize)
			cg_error(g, 0, NULL, "internal error: the key of %s is larger than the pool's", v->name);
		cg_peek(g, R3, base + i);
		if (is_str(kt)) {
			for (uint32_t z = 0; z < slot; z += 8)
				cg_emit(g, BPF_ST_MEM(BPF_DW, R7, (int16_t)(off + z), 0));
			cg_emit(g, BPF_MOV64_REG(R1, R7));
			cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)off));
			cg_copy_str(g, R1, R3);
		} else if (kt->kind == TY_STRUCT || kt->kind == TY_UNION) {
			/* a struct or union key is its bytes (r3: its address) */
			for (uint32_t z = 0; z < slot; z += 8)
				cg_emit(g, BPF_ST_MEM(BPF_DW, R7, (int16_t)(off + z), 0));
			cg_emit(g, BPF_MOV64_REG(R1, R7));
			cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)off));
			cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)kt->size));
			cg_call(g, BPF_FUNC_probe_read_kernel);
		} else {
			/* a key is stored at its type's size (dt_cg_arglist's
			 * cast to the array's key type): its value as that type */
			cg_norm(g, R3, kt);
			cg_emit(g, BPF_STX_MEM(BPF_DW, R7, R3, (int16_t)off));
		}
		off += slot;
	}
	for (; off < key + g->L->dvar_keysize; off += 8)
		cg_emit(g, BPF_ST_MEM(BPF_DW, R7, (int16_t)off, 0));
	cg_emit(g, BPF_MOV64_REG(R2, R7));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R2, (int32_t)key));
}

/* Push the keys of a dynamic-variable reference; returns the base depth. */
int cg_push_keys(struct cg *g, struct node *n)
{
	int base = g->depth;

	for (int i = 0; i < n->args.n; i++) {
		cg_expr(g, n->args.v[i]);
		cg_push(g, R0);
	}
	return base;
}

/*
 * r0 = value of a dynamic variable whose key is at r2; an unset one reads
 * as 0, but for these.  An unset element of an associative array of
 * strings or structs reads as zeros (an empty string), as illumos's
 * dt_cg_assoc_op has it (it faults in a zero-filled element for a
 * pass-by-reference value).  An unset thread-local string reads as NULL,
 * as both DTrace's have it (illumos's DIF_OP_LDTS, Oracle's dt_get_dvar:
 * 0 when nothing is found), so using it as a string faults.  (Oracle's
 * current code reads unset associative elements as NULL too.)
 */
void cg_dyn_load(struct cg *g, struct dt_var *v)
{
	int found = cg_new_label(g), done = cg_new_label(g);

	cg_ld_map(g, R1, CGM_DVARS);
	cg_call(g, BPF_FUNC_map_lookup_elem);
	cg_jmp_imm(g, BPF_JNE, R0, 0, found);
	if ((is_str(v->type) && v->is_assoc) ||
	    ((v->type->kind == TY_STRUCT || v->type->kind == TY_UNION) &&
	     v->type->size <= g->L->strbuf))
		cg_strconst(g, R0, "", 0);	/* unset: reads as zeros */
	else
		cg_emit(g, BPF_MOV64_IMM(R0, 0));
	cg_jmp(g, done);
	cg_place(g, found);
	if (!is_str(v->type) && cg_val_size(g->L, v->type) == 8)
		cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, R0, 0));
	if (is_str(v->type))
		cg_load_str_mark(g);
	cg_place(g, done);
}

/* The pool is full: a dynamic variable drop, as in DTrace. */
static void count_drop(struct cg *g)
{
	cg_count_gvar(g, GV_DYNDROPS);
}

void cg_dyn_addr(struct cg *g, struct node *n)
{
	struct dt_var *v = n->var;
	int found = cg_new_label(g);
	uint32_t sz = cg_val_size(g->L, v->type), t = cg_temp(g, sz);
	int base = cg_push_keys(g, n);

	cg_build_key(g, v, base, n->args.n);
	g->depth = base;
	cg_emit(g, BPF_MOV64_REG(R9, R2));		/* keep the key */
	cg_ld_map(g, R1, CGM_DVARS);
	cg_call(g, BPF_FUNC_map_lookup_elem);
	cg_jmp_imm(g, BPF_JNE, R0, 0, found);
	/* unset: add it zeroed (the member stored next makes it nonzero) */
	cg_ld_map(g, R1, CGM_DVARS);
	cg_emit(g, BPF_MOV64_REG(R2, R9));
	cg_emit(g, BPF_MOV64_REG(R3, R7));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R3, (int32_t)g->L->zero_off));
	cg_emit(g, BPF_MOV64_IMM(R4, BPF_ANY));
	cg_call(g, BPF_FUNC_map_update_elem);
	cg_ld_map(g, R1, CGM_DVARS);
	cg_emit(g, BPF_MOV64_REG(R2, R9));
	cg_call(g, BPF_FUNC_map_lookup_elem);
	cg_jmp_imm(g, BPF_JNE, R0, 0, found);
	/* the pool is full: the store goes to a zeroed temporary, which
	 * nothing reads */
	count_drop(g);
	for (uint32_t i = 0; i < sz; i += 8)
		cg_emit(g, BPF_ST_MEM(BPF_DW, R7, (int16_t)(t + i), 0));
	cg_emit(g, BPF_MOV64_REG(R0, R7));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R0, (int32_t)t));
	cg_place(g, found);
}

/*
 * Store the value at depth vdepth into a dynamic variable keyed at r2.  An
 * integer or pointer is written in place when the variable exists (a
 * lookup, not an update that replaces the entry); a new variable, a string
 * or a struct is an update of the pool from a temporary as large as its
 * values (the variable's own bytes first; the rest is never read).  An
 * update that finds the pool full is a dynamic variable drop.  Storing 0
 * (not into a string) deletes the variable, as in DTrace.
 */
static void dyn_store(struct cg *g, struct dt_var *v, int vdepth)
{
	int del = cg_new_label(g), done = cg_new_label(g);
	uint32_t t = cg_temp(g, g->L->dvar_valsize);

	cg_emit(g, BPF_MOV64_REG(R9, R2));		/* keep the key */
	if (v->type->kind == TY_STRUCT || v->type->kind == TY_UNION) {
		/* the value is the struct's bytes (r3: their address; 0 deletes) */
		uint32_t sz = cg_val_size(g->L, v->type);
		cg_peek(g, R3, vdepth);
		cg_jmp_imm(g, BPF_JEQ, R3, 0, del);
		for (uint32_t i = 0; i < sz; i += 8)
			cg_emit(g, BPF_ST_MEM(BPF_DW, R7, (int16_t)(t + i), 0));
		cg_emit(g, BPF_MOV64_REG(R1, R7));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)t));
		cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)v->type->size));
		cg_call(g, BPF_FUNC_probe_read_kernel);
	} else if (!is_str(v->type)) {
		int fresh = cg_new_label(g);
		cg_peek(g, R3, vdepth);
		cg_jmp_imm(g, BPF_JEQ, R3, 0, del);
		cg_ld_map(g, R1, CGM_DVARS);
		cg_emit(g, BPF_MOV64_REG(R2, R9));
		cg_call(g, BPF_FUNC_map_lookup_elem);
		cg_peek(g, R3, vdepth);
		cg_jmp_imm(g, BPF_JEQ, R0, 0, fresh);
		cg_emit(g, BPF_STX_MEM(BPF_DW, R0, R3, 0));
		cg_jmp(g, done);
		cg_place(g, fresh);
		cg_emit(g, BPF_STX_MEM(BPF_DW, R7, R3, (int16_t)t));
	} else {
		cg_peek(g, R8, vdepth);
		cg_emit(g, BPF_MOV64_REG(R1, R7));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)t));
		cg_store_str(g, R1, R8);
	}
	cg_ld_map(g, R1, CGM_DVARS);
	cg_emit(g, BPF_MOV64_REG(R2, R9));
	cg_emit(g, BPF_MOV64_REG(R3, R7));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R3, (int32_t)t));
	cg_emit(g, BPF_MOV64_IMM(R4, BPF_ANY));
	cg_call(g, BPF_FUNC_map_update_elem);
	cg_jmp_imm(g, BPF_JEQ, R0, 0, done);
	count_drop(g);
	if (!is_str(v->type)) {
		cg_jmp(g, done);
		cg_place(g, del);
		cg_ld_map(g, R1, CGM_DVARS);
		cg_emit(g, BPF_MOV64_REG(R2, R9));
		cg_call(g, BPF_FUNC_map_delete_elem);
	}
	cg_place(g, done);
}

/* r0 = address of a global / clause-local variable's storage. */
void cg_var_addr(struct cg *g, struct dt_var *v)
{
	if (v->is_extern)	/* FIXME: read the kernel symbol (kallsyms address) */
		cg_error(g, g->clause ? g->clause->line : 0, NULL,
			 "extern variable %s: reading kernel variables is not supported yet", v->name);
	if (v->scope == VS_GLOBAL) {
		cg_ld_mapval(g, R0, CGM_GVARS, v->offset);
	} else {
		cg_emit(g, BPF_MOV64_REG(R0, R7));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R0, (int32_t)v->offset));
	}
}

/* r0 = *(type *)r0 for BPF-owned memory (or the pointer, for strings). */
static void load_direct(struct cg *g, const struct dt_type *t)
{
	if (is_str(t) || t->kind == TY_ARRAY || t->kind == TY_STRUCT || t->kind == TY_UNION)
		return;
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, R0, 0));
}

void cg_var_read(struct cg *g, struct node *n)
{
	struct dt_var *v = n->var;

	switch (v->scope) {
	case VS_BUILTIN:
		cg_builtin_var(g, v, n->line);
		return;
	case VS_GLOBAL:
	case VS_CLAUSE:
		if (v->is_assoc)
			break;
		cg_var_addr(g, v);
		load_direct(g, n->type);
		if (is_str(n->type) && !v->is_array)
			cg_load_str_mark(g);
		return;
	default:
		break;
	}
	int base = cg_push_keys(g, n);
	cg_build_key(g, v, base, n->args.n);
	g->depth = base;
	cg_dyn_load(g, v);
}

/* Store r0 (already converted to the variable's type) into a variable
 * reference n, leaving the stored value in r0. */
void cg_var_store(struct cg *g, struct node *n, int keybase)
{
	struct dt_var *v = n->var;

	if ((v->scope == VS_GLOBAL || v->scope == VS_CLAUSE) && !v->is_assoc) {
		if (v->type->kind == TY_STRUCT || v->type->kind == TY_UNION) {
			/* struct assignment copies the bytes (r0: the source) */
			cg_emit(g, BPF_MOV64_REG(R3, R0));
			cg_emit(g, BPF_MOV64_REG(R8, R0));
			cg_var_addr(g, v);
			cg_emit(g, BPF_MOV64_REG(R1, R0));
			cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)v->type->size));
			cg_call(g, BPF_FUNC_probe_read_kernel);
			cg_emit(g, BPF_MOV64_REG(R0, R8));
			return;
		}
		if (is_str(v->type)) {
			cg_emit(g, BPF_MOV64_REG(R9, R0));
			cg_var_addr(g, v);
			cg_store_str(g, R0, R9);
			cg_var_addr(g, v);
			cg_load_str_mark(g);
		} else {
			cg_emit(g, BPF_MOV64_REG(R8, R0));
			cg_var_addr(g, v);
			cg_emit(g, BPF_STX_MEM(BPF_DW, R0, R8, 0));
			cg_emit(g, BPF_MOV64_REG(R0, R8));
		}
		return;
	}
	/* dynamic: value is pushed above the keys */
	cg_push(g, R0);
	cg_build_key(g, v, keybase, n->args.n);
	dyn_store(g, v, g->depth - 1);
	cg_pop(g, R0);
}

/*
 * Elements of a D global array of integers, pointers, structs and unions
 * are laid out at their C size, so that &a[i] and pointer arithmetic see
 * C's layout (DTrace's arrays are C arrays); strings take a full string
 * buffer each.  The array is followed by 8 bytes of slack (layout.c) for
 * the 8-byte reads and writes of a bit-field in its last element.
 */

int cg_garray_packed(const struct dt_type *elem)
{
	return (elem->kind == TY_INT || elem->kind == TY_PTR || elem->kind == TY_ENUM) &&
	       elem->size >= 1 && elem->size <= 8 && !is_str(elem);
}

uint32_t cg_garray_stride(const struct cg_layout *L, const struct dt_type *elem)
{
	if (cg_garray_packed(elem) || elem->kind == TY_STRUCT || elem->kind == TY_UNION)
		return elem->size;
	return cg_val_size(L, elem);
}

/* Load the element whose address is in r0. */
void cg_garray_load(struct cg *g, const struct dt_type *elem)
{
	if (cg_garray_packed(elem))
		cg_load_sized(g, elem);
	else
		load_direct(g, elem);
}

/* Scalar array element address: r0 = &a[i] with a bounds check. */
void cg_garray_addr(struct cg *g, struct node *n)
{
	struct dt_var *v = n->kids[0]->var;
	int ok = cg_new_label(g);
	uint32_t esz = cg_garray_stride(g->L, v->type->ref);

	cg_expr(g, n->args.v[0]);
	cg_jmp_imm(g, BPF_JLT, R0, (int32_t)v->type->nelems, ok);
	cg_fault(g, DTRACEFLT_BADINDEX, R0);
	cg_place(g, ok);
	cg_emit(g, BPF_ALU64_IMM(BPF_MUL, R0, (int32_t)esz));
	cg_emit(g, BPF_MOV64_REG(R1, R0));
	cg_var_addr(g, v);
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R0, R1));
}

int cg_is_garray_elem(struct node *n)
{
	return n->kind == N_INDEX && n->op == 1 && n->kids[0]->kind == N_VAR &&
	       n->kids[0]->var->is_array && !n->kids[0]->var->is_assoc;
}
