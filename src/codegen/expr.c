/*
 * expr.c - expressions: constants, operators (with pointer arithmetic and
 * DTrace's division and remainder), comparisons (of strings by content),
 * casts, member and array access, loads from kernel memory (probe reads,
 * which fault on a bad address) and from BPF memory (D variables of struct,
 * union or array type), and assignment and increments of every kind of
 * lvalue.  Built-in variables are in builtin.c, subroutine calls in
 * subr.c.
 */
#include "cg_impl.h"

/*
 * An address in this CPU's scratch area may only be one alloca() gave out
 * in this clause, with size bytes there (or, for a read, curcpu's
 * cpuinfo_t): check the address in r0 (kept), as DTrace's
 * dt_cg_alloca_access_check does: outside what alloca() gave
 * out is an "invalid address", running past its end an "invalid size".
 * With want_off, leaves r2 = its offset in the alloca region (0..limit)
 * and faults for any address outside it.
 */
static void alloca_check(struct cg *g, uint32_t size, int want_off)
{
	int other = cg_new_label(g), bad = cg_new_label(g), base_ok = cg_new_label(g);
	int bad_size = cg_new_label(g), ok = cg_new_label(g);

	if (!g->L->uses_alloca) {
		if (want_off)		/* no alloca() memory: nothing is writable */
			cg_fault_always(g, DTRACEFLT_BADADDR, R0);
		return;
	}

	/* r2 = the address as a number: through memory, as the verifier
	 * refuses arithmetic with an unknown number on a pointer it tracks
	 * (an address of BPF memory the clause made: a string variable's) */
	uint32_t num = cg_temp(g, 8);
	cg_scratch_stx(g, BPF_DW, R0, num, R2);
	cg_scratch_ldx(g, BPF_DW, R2, num);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, FP, FP_SBASE));
	cg_emit(g, BPF_ALU64_REG(BPF_SUB, R2, R1));	/* offset in scratch */
	if (!want_off) {
		cg_jmp_imm(g, BPF_JGE, R2, (int32_t)(g->L->alloca_off + 2 * ALLOCA_MAX), other);
		if (size <= sizeof(struct rec_cpuinfo)) {	/* what curcpu points to, read-only */
			cg_emit(g, BPF_MOV64_REG(R3, R2));
			cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R3, (int32_t)g->L->cpuinfo_off));
			cg_jmp_imm(g, BPF_JLE, R3, (int32_t)(sizeof(struct rec_cpuinfo) - size), other);
		}
	}
	cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R2, (int32_t)g->L->alloca_off));
	cg_jmp_imm(g, BPF_JSLT, R2, 0, bad);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R3, FP, FP_ACUR));
	cg_jmp_reg(g, BPF_JSLT, R2, R3, base_ok);
	cg_place(g, bad);
	/* an address in the scratch area faults as D sees it, DTrace's
	 * alloca pointer (its offset + 8, the value action.c records), as
	 * dt_cg_alloca_access_check reports the pointer; any other with
	 * its own value */
	int kaddr = cg_new_label(g);
	cg_emit(g, BPF_MOV64_REG(R1, R2));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)g->L->alloca_off));
	cg_jmp_imm(g, BPF_JGE, R1, (int32_t)(g->L->alloca_off + 2 * ALLOCA_MAX), kaddr);
	cg_emit(g, BPF_MOV64_REG(R1, R2));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, 8));
	cg_fault(g, DTRACEFLT_BADADDR, R1);
	cg_place(g, kaddr);
	cg_fault(g, DTRACEFLT_BADADDR, R0);
	cg_place(g, base_ok);
	cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R3, (int32_t)size));
	cg_jmp_reg(g, BPF_JSGT, R2, R3, bad_size);
	cg_jmp_imm(g, BPF_JLE, R2, ALLOCA_MAX, ok);
	cg_place(g, bad_size);
	cg_emit(g, BPF_MOV64_IMM(R1, (int32_t)size));
	cg_fault(g, DTRACEFLT_BADSIZE, R1);
	cg_place(g, ok);
	cg_place(g, other);
}

/*
 * r0 = value at kernel address r0 of type t, read with probe_read_kernel;
 * strings and char arrays are copied into a temporary.
 */
void cg_load_kernel(struct cg *g, const struct dt_type *t)
{
	int ok = cg_new_label(g);

	if (is_str(t)) {
		uint32_t tmp = cg_temp(g, g->L->strbuf);
		/* a char[N] is a string of up to N chars (strsize at most)
		 * that need not end in a NUL: its bytes, then a NUL of ours
		 * (probe_read_str into N bytes would drop the last char); a
		 * char[] of no size, a string as long as it is */
		int arr = t->kind == TY_ARRAY && t->nelems;
		uint32_t sz = arr && t->nelems < g->L->strmax - 1 ? t->nelems :
			      arr ? g->L->strmax - 1 : g->L->strmax;
		cg_emit(g, BPF_MOV64_REG(R8, R0));
		cg_emit(g, BPF_MOV64_REG(R3, R0));
		cg_emit(g, BPF_MOV64_REG(R1, R7));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)tmp));
		cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)sz));
		cg_call(g, arr ? BPF_FUNC_probe_read_kernel : BPF_FUNC_probe_read_kernel_str);
		cg_jmp_imm(g, arr ? BPF_JEQ : BPF_JSGE, R0, 0, ok);
		cg_fault(g, DTRACEFLT_BADADDR, R8);
		cg_place(g, ok);
		if (arr)
			cg_scratch_st(g, BPF_B, tmp + sz, 0, R1);
		cg_emit(g, BPF_MOV64_REG(R0, R7));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R0, (int32_t)tmp));
		return;
	}
	if (t->kind == TY_STRUCT || t->kind == TY_UNION || t->kind == TY_ARRAY) {
		/* aggregates stay as addresses */
		return;
	}
	uint32_t sz = t->size ? t->size : 8;
	if (sz > 8)
		sz = 8;
	alloca_check(g, sz, 0);
	cg_emit(g, BPF_MOV64_REG(R8, R0));
	cg_emit(g, BPF_MOV64_REG(R3, R0));
	cg_emit(g, BPF_MOV64_REG(R1, FP));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, FP_TMP));
	cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)sz));
	cg_call(g, BPF_FUNC_probe_read_kernel);
	cg_jmp_imm(g, BPF_JEQ, R0, 0, ok);
	cg_fault(g, DTRACEFLT_BADADDR, R8);
	cg_place(g, ok);
	cg_emit(g, BPF_LDX_MEM(cg_bpf_size(sz), R0, FP, FP_TMP));
	cg_norm(g, R0, t);
}

/* r0 = address of an lvalue in kernel memory (deref, ->, pointer index). */
static void gen_kaddr(struct cg *g, struct node *n)
{
	switch (n->kind) {
	case N_UNARY:	/* *p */
		cg_expr(g, n->kids[0]);
		return;
	case N_MEMBER: {
		const struct dt_member *m = n->aux;
		if (n->op == T_ARROW) {
			/* p->m with p NULL faults at address 0, as in DTrace */
			cg_expr(g, n->kids[0]);
			cg_null_check(g, R0);
		} else
			gen_kaddr(g, n->kids[0]);
		if (m->offset)
			cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R0, (int32_t)m->offset));
		return;
	}
	case N_INDEX: {
		struct node *a = n->kids[0];
		uint32_t esz = type_size(n->type, g->L->strbuf - 1);
		if (cg_is_garray_elem(n)) {	/* the D array's own layout */
			cg_garray_addr(g, n);
			return;
		}
		if (a->type->kind == TY_ARRAY && a->kind != N_VAR)
			gen_kaddr(g, a);
		else
			cg_expr(g, a);
		cg_push(g, R0);
		cg_expr(g, n->args.v[0]);
		if (esz != 1)
			cg_emit(g, BPF_ALU64_IMM(BPF_MUL, R0, (int32_t)esz));
		cg_pop(g, R1);
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, R0, R1));
		return;
	}
	default:
		cg_expr(g, n);
		return;
	}
}

/* Convert r0 from type 'from' to type 'to'. */
static void convert(struct cg *g, const struct dt_type *from, const struct dt_type *to)
{
	(void)from;
	cg_norm(g, R0, to);
}

/* Signed division and remainder from the unsigned ones (OP: BPF_DIV or
 * BPF_MOD): r0 = |r0| OP |r1|, negated when the operands' signs differ.
 * For the quotient that is C's truncation; for the remainder it is what
 * Oracle's DTrace on BPF computes (19 % -5 == -4, -19 % -5 == 4: its
 * arithmetic/tst.moddiv.d), not C's sign of the dividend.  Clobbers r1, r3. */
static void signed_divmod(struct cg *g, int op)
{
	int p1 = cg_new_label(g), p2 = cg_new_label(g), p3 = cg_new_label(g);

	cg_emit(g, BPF_MOV64_REG(R3, R0));
	cg_emit(g, BPF_ALU64_REG(BPF_XOR, R3, R1));
	cg_jmp_imm(g, BPF_JSGE, R0, 0, p1);
	cg_emit(g, BPF_NEG64(R0));
	cg_place(g, p1);
	cg_jmp_imm(g, BPF_JSGE, R1, 0, p2);
	cg_emit(g, BPF_NEG64(R1));
	cg_place(g, p2);
	cg_emit(g, BPF_ALU64_REG(op, R0, R1));
	cg_jmp_imm(g, BPF_JSGE, R3, 0, p3);
	cg_emit(g, BPF_NEG64(R0));
	cg_place(g, p3);
}

/*
 * Assignment and increments.  getval: emits code leaving the new value in r0
 * given the old value in r0 (for compound operators) or evaluates the rhs.
 */
static void gen_binop_regs(struct cg *g, int op, const struct dt_type *t, const struct dt_type *lt,
			   const struct dt_type *rt, int line);

/*
 * D variables of struct, union or array type live in BPF memory (the
 * global area or the scratch area): their members are read and written
 * directly, not with probe reads.
 */
static int is_direct(const struct node *n)
{
	if (n->kind == N_VAR)
		return (n->var->scope == VS_GLOBAL || n->var->scope == VS_CLAUSE) &&
		       !n->var->is_assoc && !n->var->is_array &&
		       n->type && (n->type->kind == TY_STRUCT || n->type->kind == TY_UNION);
	/* a struct or union element of a global array: sarr[1] in sarr[1].y */
	if (cg_is_garray_elem((struct node *)n))
		return n->type && (n->type->kind == TY_STRUCT || n->type->kind == TY_UNION);
	if (n->kind == N_MEMBER && n->op == T_DOT)
		return is_direct(n->kids[0]);
	/* an element of an array member: w.c[i] */
	if (n->kind == N_INDEX && n->kids[0]->type && n->kids[0]->type->kind == TY_ARRAY &&
	    n->kids[0]->kind == N_MEMBER)
		return is_direct(n->kids[0]);
	return 0;
}

/*
 * A member (or an element of an array member) of a struct or union held in
 * an associative array or a thread-local variable: i[1].ts, self->s.a[2].
 * It is written in place, in the variable's map value (made when unset),
 * but read as the other dynamic values are (an unset one reads as zeros).
 */
static int is_dyn_member(const struct node *n)
{
	if (n->kind == N_MEMBER && n->op == T_DOT) {
		const struct node *b = n->kids[0];
		if (b->kind == N_VAR)
			return (b->var->is_assoc || b->var->scope == VS_THREAD) && b->type &&
			       (b->type->kind == TY_STRUCT || b->type->kind == TY_UNION);
		return is_dyn_member(b);
	}
	if (n->kind == N_INDEX && n->kids[0]->type && n->kids[0]->type->kind == TY_ARRAY &&
	    n->kids[0]->kind == N_MEMBER)
		return is_dyn_member(n->kids[0]);
	return 0;
}

/* r0 = BPF address of a direct lvalue (or of a dynamic member's, for a
 * store: is_dyn_member). */
static void gen_daddr(struct cg *g, struct node *n)
{
	if (n->kind == N_VAR) {
		if (n->var->is_assoc || n->var->scope == VS_THREAD)
			cg_dyn_addr(g, n);
		else
			cg_var_addr(g, n->var);
		return;
	}
	if (cg_is_garray_elem(n)) {	/* elements at the array's own stride */
		cg_garray_addr(g, n);
		return;
	}
	if (n->kind == N_INDEX) {
		const struct dt_type *at = n->kids[0]->type;
		int ok = cg_new_label(g);
		gen_daddr(g, n->kids[0]);
		cg_push(g, R0);
		cg_expr(g, n->args.v[0]);
		cg_jmp_imm(g, BPF_JLT, R0, (int32_t)at->nelems, ok);
		cg_fault(g, DTRACEFLT_BADINDEX, R0);
		cg_place(g, ok);
		if (at->ref->size != 1)
			cg_emit(g, BPF_ALU64_IMM(BPF_MUL, R0, (int32_t)at->ref->size));
		cg_pop(g, R1);
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, R0, R1));
		return;
	}
	const struct dt_member *m = n->aux;
	gen_daddr(g, n->kids[0]);
	if (m->offset)
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R0, (int32_t)m->offset));
}

/* r0 = value of type t at BPF address r0 (integers by their size). */
void cg_load_sized(struct cg *g, const struct dt_type *t)
{
	if (is_str(t)) {
		cg_load_kernel(g, t);	/* copied to a full-size string buffer */
		return;
	}
	if (t->kind == TY_STRUCT || t->kind == TY_UNION || t->kind == TY_ARRAY)
		return;
	uint32_t sz = t->size ? t->size : 8;
	cg_emit(g, BPF_LDX_MEM(cg_bpf_size(sz > 8 ? 8 : sz), R0, R0, 0));
	cg_norm(g, R0, t);
}

static void gen_update(struct cg *g, struct node *n)
{
	struct node *l = n->kids[0];
	int is_assign = n->kind == N_ASSIGN;
	int post = n->kind == N_POSTINC || n->kind == N_POSTDEC;
	int keybase = g->depth;
	/* written in BPF memory: D variables, and members of dynamic ones */
	int direct = is_direct(l) || is_dyn_member(l);

	/* the location */
	if (l->kind == N_VAR && (l->var->is_assoc || l->var->scope == VS_THREAD)) {
		keybase = cg_push_keys(g, l);
	} else if (cg_is_garray_elem(l)) {
		cg_garray_addr(g, l);
		cg_push(g, R0);
	} else if (l->kind != N_VAR && direct) {
		gen_daddr(g, l);
		cg_push(g, R0);
	} else if (l->kind != N_VAR) {
		gen_kaddr(g, l);
		cg_push(g, R0);
	}
	int locdepth = g->depth;

	/* the old value, if needed */
	if (!is_assign || n->op != T_ASSIGN) {
		if (l->kind == N_VAR) {
			if (l->var->is_assoc || l->var->scope == VS_THREAD) {
				cg_build_key(g, l->var, keybase, l->args.n);
				cg_dyn_load(g, l->var);
			} else {
				cg_var_read(g, l);
			}
		} else {
			cg_peek(g, R0, locdepth - 1);
			if (cg_is_garray_elem(l))
				cg_garray_load(g, l->type);
			else if (direct)
				cg_load_sized(g, l->type);
			else
				cg_load_kernel(g, l->type);
		}
	}
	int olddepth = g->depth;
	if (post)
		cg_push(g, R0);

	/* the new value */
	if (is_assign) {
		if (n->op == T_ASSIGN) {
			cg_expr(g, n->kids[1]);
			convert(g, n->kids[1]->type, l->type);
		} else {
			static const int ops[][2] = {
				{T_ADD_EQ, T_PLUS}, {T_SUB_EQ, T_MINUS}, {T_MUL_EQ, T_STAR},
				{T_DIV_EQ, T_SLASH}, {T_MOD_EQ, T_PERCENT}, {T_AND_EQ, T_AMP},
				{T_OR_EQ, T_BOR}, {T_XOR_EQ, T_XOR}, {T_SHL_EQ, T_SHL},
				{T_SHR_EQ, T_SHR},
			};
			int op = 0;
			for (size_t i = 0; i < ARRAY_SIZE(ops); i++)
				if (ops[i][0] == n->op)
					op = ops[i][1];
			cg_push(g, R0);
			cg_expr(g, n->kids[1]);
			cg_emit(g, BPF_MOV64_REG(R1, R0));
			cg_pop(g, R0);
			/* computed in the left operand's type: its sign makes
			 * /=, %= and >>= signed or not (dt_cook_op2 gives
			 * E1 op= E2 the type of E1) */
			struct dt_type *ct = l->type->kind == TY_PTR ? l->type : type_promote(l->type);
			gen_binop_regs(g, op, ct, l->type, n->kids[1]->type, n->line);
			convert(g, ct, l->type);
		}
	} else {
		int inc = n->kind == N_PREINC || n->kind == N_POSTINC;
		int step = l->type->kind == TY_PTR ? (int)(l->type->ref->size ? l->type->ref->size : 1) : 1;
		cg_emit(g, BPF_ALU64_IMM(inc ? BPF_ADD : BPF_SUB, R0, step));
		cg_norm(g, R0, l->type);
	}

	/* store */
	if (l->kind == N_VAR) {
		cg_var_store(g, l, keybase);
	} else {
		cg_emit(g, BPF_MOV64_REG(R1, R0));
		cg_peek(g, R2, locdepth - 1);
		if (cg_is_garray_elem(l) && is_str(l->type)) {
			/* a string element is a buffer of its own: the string's
			 * bytes are copied in, as into a string variable */
			cg_store_str(g, R2, R1);
			cg_peek(g, R0, locdepth - 1);
		} else if (cg_is_garray_elem(l) && (l->type->kind == TY_STRUCT || l->type->kind == TY_UNION)) {
			/* r1 is the source struct's address: its bytes are copied */
			cg_emit(g, BPF_MOV64_REG(R8, R1));
			cg_emit(g, BPF_MOV64_REG(R3, R1));
			cg_emit(g, BPF_MOV64_REG(R1, R2));
			cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)l->type->size));
			cg_call(g, BPF_FUNC_probe_read_kernel);
			cg_emit(g, BPF_MOV64_REG(R0, R8));
		} else if (cg_is_garray_elem(l)) {
			int sz = cg_garray_packed(l->type) ? cg_bpf_size(l->type->size) : BPF_DW;
			cg_emit(g, BPF_STX_MEM(sz, R2, R1, 0));
		} else if (direct && is_str(l->type)) {
			uint32_t sz = l->type->kind == TY_ARRAY ? l->type->nelems : g->L->strmax;
			cg_emit(g, BPF_MOV64_REG(R8, R1));
			cg_emit(g, BPF_MOV64_REG(R1, R2));
			cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)sz));
			cg_emit(g, BPF_MOV64_REG(R3, R8));
			cg_call(g, BPF_FUNC_probe_read_kernel_str);
			cg_emit(g, BPF_MOV64_REG(R0, R8));
		} else if (direct && l->kind == N_MEMBER && l->aux &&
			   ((const struct dt_member *)l->aux)->bit_size) {
			/* a bitfield: read the 8 bytes that hold it, replace its bits */
			const struct dt_member *m = l->aux;
			uint64_t mask = (m->bit_size >= 64 ? ~0ULL : ((1ULL << m->bit_size) - 1)) << m->bit_offset;
			cg_emit(g, BPF_MOV64_REG(R8, R1));
			cg_emit(g, BPF_LDX_MEM(BPF_DW, R3, R2, 0));
			cg_ld_imm64(g, R4, ~mask);
			cg_emit(g, BPF_ALU64_REG(BPF_AND, R3, R4));
			cg_emit(g, BPF_MOV64_REG(R5, R1));
			if (m->bit_offset)
				cg_emit(g, BPF_ALU64_IMM(BPF_LSH, R5, m->bit_offset));
			cg_ld_imm64(g, R4, mask);
			cg_emit(g, BPF_ALU64_REG(BPF_AND, R5, R4));
			cg_emit(g, BPF_ALU64_REG(BPF_OR, R3, R5));
			cg_emit(g, BPF_STX_MEM(BPF_DW, R2, R3, 0));
			cg_emit(g, BPF_MOV64_REG(R0, R8));
		} else if (direct && type_is_scalar(l->type)) {
			uint32_t sz = l->type->size ? l->type->size : 8;
			cg_emit(g, BPF_STX_MEM(cg_bpf_size(sz > 8 ? 8 : sz), R2, R1, 0));
		} else if (type_is_scalar(l->type) && l->type->size <= 8) {
			/* only memory alloca() gave out can be written */
			uint32_t sz = l->type->size ? l->type->size : 8;
			cg_emit(g, BPF_MOV64_REG(R8, R1));
			cg_emit(g, BPF_MOV64_REG(R0, R2));
			alloca_check(g, sz, 1);
			cg_emit(g, BPF_MOV64_REG(R1, R7));
			cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)g->L->alloca_off));
			cg_emit(g, BPF_ALU64_REG(BPF_ADD, R1, R2));
			cg_emit(g, BPF_STX_MEM(cg_bpf_size(sz), R1, R8, 0));
			cg_emit(g, BPF_MOV64_REG(R0, R8));
		} else if (direct && (l->type->kind == TY_STRUCT || l->type->kind == TY_UNION)) {
			/* a struct or union member of a D variable: copy its bytes */
			cg_emit(g, BPF_MOV64_REG(R8, R1));
			cg_emit(g, BPF_MOV64_REG(R1, R2));
			cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)l->type->size));
			cg_emit(g, BPF_MOV64_REG(R3, R8));
			cg_call(g, BPF_FUNC_probe_read_kernel);
			cg_emit(g, BPF_MOV64_REG(R0, R8));
		} else if (is_str(l->type) || l->type->kind == TY_STRUCT || l->type->kind == TY_UNION) {
			/* a string, struct or union through a pointer: only into
			 * memory alloca() gave out, which must hold all of its
			 * type's size (a string's strsize and NUL), as DTrace's
			 * dt_cg_store checks */
			int str = is_str(l->type);
			uint32_t sz = str ? g->L->strmax : l->type->size;
			cg_emit(g, BPF_MOV64_REG(R8, R1));
			cg_emit(g, BPF_MOV64_REG(R0, R2));
			alloca_check(g, sz, 1);
			if (sz > ALLOCA_MAX) {	/* never fits */
				cg_fault_always(g, DTRACEFLT_BADADDR, R0);
			} else {
				cg_emit(g, BPF_MOV64_REG(R1, R7));
				cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)g->L->alloca_off));
				cg_emit(g, BPF_ALU64_REG(BPF_ADD, R1, R2));
				cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)sz));
				cg_emit(g, BPF_MOV64_REG(R3, R8));
				cg_call(g, str ? BPF_FUNC_probe_read_kernel_str : BPF_FUNC_probe_read_kernel);
			}
			cg_emit(g, BPF_MOV64_REG(R0, R8));
		} else {
			/* kernel memory is not writable from D */
			cg_error(g, n->line, "D_OP_WRITE", "operator %s can only be applied to a writable variable",
				 is_assign ? tok_str((enum tok)n->op) : (n->kind == N_PREINC || n->kind == N_POSTINC) ? "++" : "--");
		}
	}
	if (post)
		cg_peek(g, R0, olddepth);
	g->depth = keybase;
}

/* r0 = r0 op r1, in type t; operands have types lt and rt. */
static void gen_binop_regs(struct cg *g, int op, const struct dt_type *t, const struct dt_type *lt,
			   const struct dt_type *rt, int line)
{
	int sg = t->is_signed;
	(void)line;

	/* pointer arithmetic scales the integer operand */
	if ((op == T_PLUS || op == T_MINUS) && (lt->kind == TY_PTR || lt->kind == TY_ARRAY) && type_is_integral(rt)) {
		uint32_t sz = lt->ref->size ? lt->ref->size : 1;
		if (sz != 1)
			cg_emit(g, BPF_ALU64_IMM(BPF_MUL, R1, (int32_t)sz));
	} else if (op == T_PLUS && (rt->kind == TY_PTR || rt->kind == TY_ARRAY) && type_is_integral(lt)) {
		uint32_t sz = rt->ref->size ? rt->ref->size : 1;
		if (sz != 1)
			cg_emit(g, BPF_ALU64_IMM(BPF_MUL, R0, (int32_t)sz));
	}
	switch (op) {
	case T_PLUS: cg_emit(g, BPF_ALU64_REG(BPF_ADD, R0, R1)); break;
	case T_MINUS:
		cg_emit(g, BPF_ALU64_REG(BPF_SUB, R0, R1));
		if ((lt->kind == TY_PTR || lt->kind == TY_ARRAY) && (rt->kind == TY_PTR || rt->kind == TY_ARRAY)) {
			uint32_t sz = lt->ref->size ? lt->ref->size : 1;
			if (sz > 1)
				cg_emit(g, BPF_ALU64_IMM(BPF_DIV, R0, (int32_t)sz));
		}
		break;
	case T_STAR: cg_emit(g, BPF_ALU64_REG(BPF_MUL, R0, R1)); break;
	case T_SLASH:
	case T_PERCENT: {
		int ok = cg_new_label(g);
		cg_jmp_imm(g, BPF_JNE, R1, 0, ok);
		cg_fault(g, DTRACEFLT_DIVZERO, -1);
		cg_place(g, ok);
		if (op == T_SLASH && (!sg || (g->p->kfeat & KF_CPUV4))) {
			cg_emit(g, sg ? BPF_SDIV64_REG(R0, R1) : BPF_ALU64_REG(BPF_DIV, R0, R1));
		} else if (op == T_SLASH) {
			/* no signed division before 6.6 */
			signed_divmod(g, BPF_DIV);
		} else if (!sg) {
			cg_emit(g, BPF_ALU64_REG(BPF_MOD, R0, R1));
		} else {
			/* DTrace's signed remainder: not BPF's signed modulo */
			signed_divmod(g, BPF_MOD);
		}
		break;
	}
	case T_AMP: cg_emit(g, BPF_ALU64_REG(BPF_AND, R0, R1)); break;
	case T_BOR: cg_emit(g, BPF_ALU64_REG(BPF_OR, R0, R1)); break;
	case T_XOR: cg_emit(g, BPF_ALU64_REG(BPF_XOR, R0, R1)); break;
	case T_SHL: cg_emit(g, BPF_ALU64_REG(BPF_LSH, R0, R1)); break;
	case T_SHR:
		cg_emit(g, BPF_ALU64_REG(sg ? BPF_ARSH : BPF_RSH, R0, R1));
		break;
	}
	/* Like DTrace, arithmetic is done in 64 bits and not truncated to the
	 * result type: values are truncated when stored, cast or printed. */
}


static int cmp_jop(int op, int sg)
{
	switch (op) {
	case T_EQ: return BPF_JEQ;
	case T_NE: return BPF_JNE;
	case T_LT: return sg ? BPF_JSLT : BPF_JLT;
	case T_GT: return sg ? BPF_JSGT : BPF_JGT;
	case T_LE: return sg ? BPF_JSLE : BPF_JLE;
	default: return sg ? BPF_JSGE : BPF_JGE;
	}
}

static void gen_binary(struct cg *g, struct node *n)
{
	struct node *l = n->kids[0], *r = n->kids[1];
	int op = n->op;

	if (op == T_LAND || op == T_LOR) {
		int out = cg_new_label(g), done = cg_new_label(g);
		cg_expr(g, l);
		cg_jmp_imm(g, op == T_LAND ? BPF_JEQ : BPF_JNE, R0, 0, out);
		cg_expr(g, r);
		cg_jmp_imm(g, op == T_LAND ? BPF_JEQ : BPF_JNE, R0, 0, out);
		cg_emit(g, BPF_MOV64_IMM(R0, op == T_LAND ? 1 : 0));
		cg_jmp(g, done);
		cg_place(g, out);
		cg_emit(g, BPF_MOV64_IMM(R0, op == T_LAND ? 0 : 1));
		cg_place(g, done);
		return;
	}
	if (op == T_COMMA) {
		cg_expr(g, l);
		cg_expr(g, r);
		return;
	}
	cg_expr(g, l);
	cg_push(g, R0);
	cg_expr(g, r);
	cg_emit(g, BPF_MOV64_REG(R1, R0));
	cg_pop(g, R0);
	if (op == T_LXOR) {
		int a = cg_new_label(g), b = cg_new_label(g);
		cg_jmp_imm(g, BPF_JEQ, R0, 0, a);
		cg_emit(g, BPF_MOV64_IMM(R0, 1));
		cg_place(g, a);
		cg_jmp_imm(g, BPF_JEQ, R1, 0, b);
		cg_emit(g, BPF_MOV64_IMM(R1, 1));
		cg_place(g, b);
		cg_emit(g, BPF_ALU64_REG(BPF_XOR, R0, R1));
		return;
	}
	if (op == T_EQ || op == T_NE || op == T_LT || op == T_GT || op == T_LE || op == T_GE) {
		int t = cg_new_label(g), done = cg_new_label(g);
		int sg = 0;
		if (is_str(l->type) && is_str(r->type)) {
			/* a NULL string compares as a pointer; others by content */
			int ptrcmp = cg_new_label(g), cmp = cg_new_label(g);
			cg_jmp_imm(g, BPF_JEQ, R0, 0, ptrcmp);
			cg_jmp_imm(g, BPF_JEQ, R1, 0, ptrcmp);
			cg_emit(g, BPF_MOV64_REG(R2, R1));
			cg_emit(g, BPF_MOV64_REG(R1, R0));
			cg_strcmp(g);
			cg_emit(g, BPF_MOV64_IMM(R1, 0));
			cg_jmp_reg(g, cmp_jop(op, 1), R0, R1, t);
			cg_emit(g, BPF_MOV64_IMM(R0, 0));
			cg_jmp(g, done);
			cg_place(g, ptrcmp);
			cg_jmp_reg(g, cmp_jop(op, 0), R0, R1, t);
			cg_emit(g, BPF_MOV64_IMM(R0, 0));
			cg_jmp(g, done);
			cg_place(g, cmp);
			cg_place(g, t);
			cg_emit(g, BPF_MOV64_IMM(R0, 1));
			cg_place(g, done);
			return;
		} else if (type_is_integral(l->type) && type_is_integral(r->type)) {
			struct dt_type *ct = type_arith_result(l->type, r->type);
			sg = ct->is_signed;
		}
		cg_jmp_reg(g, cmp_jop(op, sg), R0, R1, t);
		cg_emit(g, BPF_MOV64_IMM(R0, 0));
		cg_jmp(g, done);
		cg_place(g, t);
		cg_emit(g, BPF_MOV64_IMM(R0, 1));
		cg_place(g, done);
		return;
	}
	/* D accepts a string's address minus another's (dt_cook_op2: a
	 * string is a char array), but an unset string is 0 here, and the
	 * verifier refuses a scalar minus a pointer: not done yet */
	if (op == T_MINUS && (type_is_string(l->type) || type_is_string(r->type)) && !type_is_integral(r->type))
		cg_error(g, n->line, "D_UNKNOWN", "expression is not yet supported by this implementation");
	gen_binop_regs(g, op, n->type, l->type, r->type, n->line);
}

void cg_expr(struct cg *g, struct node *n)
{
	if (n->is_const && type_is_scalar(n->type)) {
		cg_ld_imm64(g, R0, (uint64_t)n->cval);
		return;
	}
	switch (n->kind) {
	case N_INT:
		cg_ld_imm64(g, R0, n->ival);
		cg_norm(g, R0, n->type);
		return;
	case N_STR:
		cg_strconst(g, R0, n->sval, n->slen);
		return;
	case N_VAR:
		cg_var_read(g, n);
		return;
	case N_UNARY:
		switch (n->op) {
		case T_MINUS:
			cg_expr(g, n->kids[0]);
			cg_emit(g, BPF_NEG64(R0));
			return;
		case T_PLUS:
			cg_expr(g, n->kids[0]);
			return;
		case T_TILDE:
			cg_expr(g, n->kids[0]);
			cg_emit(g, BPF_ALU64_IMM(BPF_XOR, R0, -1));
			return;
		case T_BANG: {
			int z = cg_new_label(g), done = cg_new_label(g);
			cg_expr(g, n->kids[0]);
			cg_jmp_imm(g, BPF_JEQ, R0, 0, z);
			cg_emit(g, BPF_MOV64_IMM(R0, 0));
			cg_jmp(g, done);
			cg_place(g, z);
			cg_emit(g, BPF_MOV64_IMM(R0, 1));
			cg_place(g, done);
			return;
		}
		case T_STAR:
			if (is_str(n->kids[0]->type)) {
				cg_expr(g, n->kids[0]);
				cg_load_kernel(g, &ty_char);
				return;
			}
			cg_expr(g, n->kids[0]);
			cg_load_kernel(g, n->type);
			return;
		case T_AMP:
			gen_kaddr(g, n->kids[0]);
			return;
		}
		break;
	case N_BINARY:
		gen_binary(g, n);
		return;
	case N_TERNARY: {
		int f = cg_new_label(g), done = cg_new_label(g);
		cg_expr(g, n->kids[0]);
		cg_jmp_imm(g, BPF_JEQ, R0, 0, f);
		cg_expr(g, n->kids[1]);
		cg_jmp(g, done);
		cg_place(g, f);
		cg_expr(g, n->kids[2]);
		cg_place(g, done);
		return;
	}
	case N_ASSIGN:
	case N_PREINC: case N_PREDEC: case N_POSTINC: case N_POSTDEC:
		gen_update(g, n);
		return;
	case N_CALL:
		cg_call_subr(g, n);
		return;
	case N_INDEX:
		if (n->kids[0] && n->kids[0]->kind == N_VAR && n->kids[0]->var->scope == VS_BUILTIN &&
		    n->kids[0]->var->builtin == BV_ARGS) {
			cg_args_elem(g, n);
			return;
		}
		if (n->kids[0] && n->kids[0]->kind == N_VAR && n->kids[0]->var->scope == VS_BUILTIN &&
		    n->kids[0]->var->builtin == BV_UREGS) {
			cg_uregs_elem(g, n);
			return;
		}
		if (cg_is_garray_elem(n)) {
			cg_garray_addr(g, n);
			cg_garray_load(g, n->type);
			return;
		}
		if (is_str(n->kids[0]->type) && n->kids[0]->type->kind == TY_STRING) {
			/* s[i]: read the byte with a probe read (faults on NULL) */
			cg_expr(g, n->kids[0]);
			cg_push(g, R0);
			cg_expr(g, n->args.v[0]);
			cg_pop(g, R1);
			cg_emit(g, BPF_ALU64_REG(BPF_ADD, R0, R1));
			cg_load_kernel(g, &ty_char);
			return;
		}
		gen_kaddr(g, n);
		cg_load_kernel(g, n->type);
		return;
	case N_MEMBER: {
		const struct dt_member *m = n->aux;
		if (m && m->bit_size) {
			/* a bitfield: the bytes that hold it, shifted and masked */
			uint32_t nbytes = (m->bit_offset + m->bit_size + 7) / 8;
			struct dt_type *raw = nbytes <= 1 ? &ty_uchar : nbytes <= 2 ? &ty_ushort :
					      nbytes <= 4 ? &ty_uint : &ty_ulong;
			if (is_direct(n)) {
				gen_daddr(g, n);
				cg_load_sized(g, &ty_ulong);
			} else {
				gen_kaddr(g, n);
				cg_load_kernel(g, raw);
			}
			if (m->bit_offset)
				cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R0, m->bit_offset));
			cg_emit(g, BPF_ALU64_IMM(BPF_LSH, R0, 64 - m->bit_size));
			cg_emit(g, BPF_ALU64_IMM(n->type->is_signed ? BPF_ARSH : BPF_RSH, R0, 64 - m->bit_size));
			return;
		}
		if (is_direct(n)) {
			gen_daddr(g, n);
			cg_load_sized(g, n->type);
			return;
		}
		gen_kaddr(g, n);
		cg_load_kernel(g, n->type);
		return;
	}
	case N_CAST:
		cg_expr(g, n->kids[0]);
		if (n->cast_type->kind == TY_STRING && !is_str(n->kids[0]->type)) {
			cg_load_kernel(g, &ty_string);	/* an address, as stringof */
		} else {
			int arith, sh = type_cast_shift(n->kids[0]->type, n->cast_type, &arith);
			if (sh) {
				cg_emit(g, BPF_ALU64_IMM(BPF_LSH, R0, sh));
				cg_emit(g, BPF_ALU64_IMM(arith ? BPF_ARSH : BPF_RSH, R0, sh));
			}
		}
		return;
	case N_STRINGOF:
		cg_expr(g, n->kids[0]);
		if (!is_str(n->kids[0]->type))
			cg_load_kernel(g, &ty_string);
		return;
	default:
		break;
	}
	cg_error(g, n->line, "D_UNKNOWN", "expression is not yet supported by this implementation");
}
