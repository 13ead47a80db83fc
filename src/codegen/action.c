/*
 * action.c - actions and the records they fill.  cg_layout_actions lays
 * out a clause's record: one struct dt_recdesc per action, in statement
 * order, with the offset of each piece of data (record.h); cg_action
 * generates the code that stores that data at those offsets and sets the
 * action's bit in rec_hdr.present when it runs conditionally.  Actions the
 * consumer carries out (printa, clear, setopt, ...) only record their
 * arguments.
 */
#include "cg_impl.h"

#include <stdlib.h>

/* The stack of the probe's context into r7 + off (size bytes): the
 * kernel's (bpf_get_stack), or a user stack as ustack.c takes it.  Some
 * contexts (BEGIN and END) have no kernel stack of their own. */
void cg_stack_into(struct cg *g, uint32_t off, uint32_t size, int user)
{
	int ok = cg_new_label(g);

	if (user) {
		cg_ustack_into(g, off, size);
		return;
	}
	if (g->p->ctx->no_kernel_stack) {
		cg_scratch_st(g, BPF_DW, off, 0, R1);
		return;
	}
	cg_emit(g, BPF_MOV64_REG(R1, R6));
	cg_emit(g, BPF_MOV64_REG(R2, R7));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R2, (int32_t)off));
	cg_emit(g, BPF_MOV64_IMM(R3, (int32_t)size));
	cg_emit(g, BPF_MOV64_IMM(R4, 0));
	cg_call(g, BPF_FUNC_get_stack);
	cg_jmp_imm(g, BPF_JSGE, R0, 0, ok);
	cg_scratch_st(g, BPF_DW, off, 0, R1);
	cg_place(g, ok);
}

/* The process of a user address (ufunc(), usym(), umod(), uaddr()) at
 * r7 + off, as DTrace records it before the address; the consumer is told
 * of the process so that it reads its objects while it lives.  Clobbers
 * r0-r5. */
void cg_symaddr_pid(struct cg *g, uint32_t off)
{
	cg_call(g, BPF_FUNC_get_current_pid_tgid);
	cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R0, 32));
	cg_scratch_stx(g, BPF_DW, R0, off, R1);
	cg_note_upid(g, off);
}

/* size bytes at offset off of the struct sk_buff in r8 into the record's
 * slot at scratch offset slot (left as it was if they cannot be read) */
static void read_skb_member(struct cg *g, uint32_t slot, int32_t size, uint32_t off)
{
	cg_scratch_ptr(g, R1, slot);
	cg_emit(g, BPF_MOV64_IMM(R2, size));
	cg_emit(g, BPF_MOV64_REG(R3, R8));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R3, (int32_t)off));
	cg_call(g, BPF_FUNC_probe_read_kernel);
}

static struct dt_recdesc *next_rec(struct cg *g)
{
	return g->clause->recs.v[g->act_index++];
}

static void set_present(struct cg *g, struct dt_recdesc *r)
{
	if (r->bit < 0)
		return;
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, R7, RH_PRESENT));
	if (r->bit < 31) {
		cg_emit(g, BPF_ALU64_IMM(BPF_OR, R1, 1 << r->bit));
	} else {
		cg_ld_imm64(g, R2, 1ULL << r->bit);
		cg_emit(g, BPF_ALU64_REG(BPF_OR, R1, R2));
	}
	cg_emit(g, BPF_STX_MEM(BPF_DW, R7, R1, RH_PRESENT));
}

/* Evaluate e and store it in the record at arg a. */
static void record_value(struct cg *g, struct node *e, const struct dt_recarg *a)
{
	cg_expr(g, e);
	if (a->is_raw) {
		/* r0 is the struct's or the array's address */
		int ok = cg_new_label(g);
		cg_emit(g, BPF_MOV64_REG(R8, R0));
		cg_emit(g, BPF_MOV64_REG(R3, R0));
		cg_emit(g, BPF_MOV64_REG(R1, R7));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)a->off));
		cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)a->size));
		cg_call(g, BPF_FUNC_probe_read_kernel);
		cg_jmp_imm(g, BPF_JEQ, R0, 0, ok);
		cg_fault(g, DTRACEFLT_BADADDR, R8);
		cg_place(g, ok);
		return;
	}
	if (a->is_string) {
		cg_emit(g, BPF_MOV64_REG(R8, R0));
		cg_emit(g, BPF_MOV64_REG(R1, R7));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)a->off));
		cg_copy_str(g, R1, R8);
	} else {
		if (e->is_alloca && e->type && e->type->kind == TY_PTR) {
			/* a pointer alloca() gave out is, as a value, its
			 * offset in the scratch space, which DTrace's starts
			 * at 8 (0 is NULL): what DTrace records */
			int null = cg_new_label(g);
			cg_jmp_imm(g, BPF_JEQ, R0, 0, null);
			cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, FP, FP_SBASE));
			cg_emit(g, BPF_ALU64_REG(BPF_SUB, R0, R1));
			cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R0, (int32_t)g->L->alloca_off - 8));
			cg_place(g, null);
		}
		cg_scratch_stx(g, BPF_DW, R0, a->off, R1);
	}
}

/*
 * DTrace's dt_cg_store_val, in a clause that has speculated: data that
 * would end past specsize bytes of the record (counted from the start of
 * DTrace's record, whose header is DT_DBUF_DATA bytes) is a speculative
 * drop, and the clause ends there.  The id is known to be live by now
 * (speculate() ended the clause otherwise), but the test DTrace makes is
 * kept: the verifier refuses code no path reaches.
 */
static void spec_size_check(struct cg *g, int first)
{
	uint64_t end = 0;
	int ok = cg_new_label(g);

	for (int i = first; i < g->act_index; i++) {
		const struct dt_recdesc *r = g->clause->recs.v[i];
		for (int a = 0; a < r->nargs; a++)
			if (r->args[a].off + r->args[a].size > end)
				end = r->args[a].off + r->args[a].size;
	}
	if (end == 0 || end - sizeof(struct rec_hdr) + DT_DBUF_DATA <= g->o->specsize)
		return;
	cg_emit(g, BPF_LDX_MEM(BPF_W, R1, R7, RH_SPEC));
	cg_jmp_imm(g, BPF_JEQ, R1, 0, ok);
	cg_count_gvar(g, GV_SPECDROPS);
	cg_jmp(g, g->end_label);
	cg_place(g, ok);
}

static void gen_action(struct cg *g, struct node *n);

void cg_action(struct cg *g, struct node *n)
{
	int first = g->act_index;

	gen_action(g, n);
	if (g->speculated && g->act_index > first)
		spec_size_check(g, first);
}

static void gen_action(struct cg *g, struct node *n)
{
	struct dt_recdesc *r;

	switch (n->fn) {
	case F_TRACE:
		r = next_rec(g);
		record_value(g, n->args.v[0], &r->args[0]);
		set_present(g, r);
		return;
	case F_PRINTF:
	case F_SYSTEM:
	case F_FREOPEN:
		r = next_rec(g);
		for (int i = 0; i < r->nargs; i++)
			record_value(g, n->args.v[i + 1], &r->args[i]);
		set_present(g, r);
		return;
	case F_EXIT:
		r = next_rec(g);
		record_value(g, n->args.v[0], &r->args[0]);
		set_present(g, r);
		cg_ld_mapval(g, R1, CGM_GVARS, GV_STATE);
		cg_emit(g, BPF_ST_MEM(BPF_DW, R1, 0, 1));
		return;
	case F_TRACEMEM: {
		/*
		 * As DTrace's dt_cg_act_tracemem: the address, then the
		 * size to show; the bytes are read whether or not they can
		 * be, with no fault: memory that cannot be read shows as
		 * zeros (the helper clears what it could not read).
		 */
		r = next_rec(g);
		cg_expr(g, n->args.v[0]);
		cg_push(g, R0);
		if (n->args.n > 2)
			cg_expr(g, n->args.v[2]);
		else
			cg_emit(g, BPF_MOV64_IMM(R0, (int32_t)r->args[0].size));
		cg_scratch_stx(g, BPF_DW, R0, r->args[1].off, R1);
		cg_pop(g, R3);
		cg_emit(g, BPF_MOV64_REG(R1, R7));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)r->args[0].off));
		cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)r->args[0].size));
		cg_call(g, BPF_FUNC_probe_read_kernel);
		set_present(g, r);
		return;
	}
	case F_STACK:
	case F_USTACK:
		r = next_rec(g);
		cg_stack_into(g, r->args[0].off, r->args[0].size, n->fn == F_USTACK);
		set_present(g, r);
		return;
	case F_SYM: case F_FUNC: case F_MOD:
	case F_USYM: case F_UFUNC: case F_UMOD: case F_UADDR:
		/* the address, after its process for a user one; the
		 * consumer shows it as a symbol (DTrace's dt_cg_act_symmod) */
		r = next_rec(g);
		cg_expr(g, n->args.v[0]);
		if (r->args[0].size > 8) {
			cg_scratch_stx(g, BPF_DW, R0, r->args[0].off + 8, R1);
			cg_symaddr_pid(g, r->args[0].off);
		} else {
			cg_scratch_stx(g, BPF_DW, R0, r->args[0].off, R1);
		}
		set_present(g, r);
		return;
	case F_SPECULATE: {
		/* DTrace's dt_cg_act_speculate: what the clause records from
		 * here goes to speculation id if speculation() gave it out and
		 * neither commit() nor discard() has been called on it
		 * (dt_speculation_speculate, whose id is a uint32_t); else the
		 * clause ends here: it records nothing, and what follows does
		 * not run.  The clauses let through are counted (the specs
		 * map's "written"): the consumer frees the id once it has
		 * read that many records for it. */
		int live = cg_new_label(g);
		uint32_t nspec = g->o->nspec < DT_NSPEC_MAX ? g->o->nspec : DT_NSPEC_MAX;
		cg_expr(g, n->args.v[0]);
		cg_emit(g, BPF_MOV32_REG(R0, R0));
		cg_emit(g, BPF_MOV64_REG(R8, R0));
		cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R0, 1));	/* id 0: never live */
		cg_jmp_imm(g, BPF_JLT, R0, (int32_t)nspec, live);
		cg_jmp(g, g->end_label);
		cg_place(g, live);
		cg_emit(g, BPF_ALU64_IMM(BPF_LSH, R0, 3));
		cg_ld_mapval(g, R1, CGM_GVARS, GV_SPEC0 + 8);
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, R1, R0));
		cg_emit(g, BPF_LDX_MEM(BPF_DW, R2, R1, 0));
		cg_jmp_imm_far(g, BPF_JNE, R2, SPEC_ACTIVE, g->end_label);
		cg_emit(g, BPF_MOV64_IMM(R2, 1));
		cg_emit(g, BPF_ATOMIC_ADD64(R1, R2, GV_SPECWRITTEN - GV_SPEC0));
		cg_emit(g, BPF_STX_MEM(BPF_W, R7, R8, RH_SPEC));
		g->speculated = 1;
		return;
	}
	case F_COMMIT:
	case F_DISCARD: {
		/* DTrace's dt_speculation_set_drainable: the buffer drains: no
		 * more speculate() into it; the consumer commits or drops what
		 * it holds for it when it reads this record, then frees it.
		 * An id (a uint32_t) that is not live does nothing, unless it
		 * is past nspec: that is an illegal operation, and the clause
		 * records nothing. */
		int skip = cg_new_label(g), valid = cg_new_label(g);
		uint32_t nspec = g->o->nspec;
		r = next_rec(g);
		cg_expr(g, n->args.v[0]);
		cg_emit(g, BPF_MOV32_REG(R0, R0));
		cg_scratch_stx(g, BPF_DW, R0, r->args[0].off, R1);
		cg_ld_imm64(g, R1, nspec);
		cg_jmp_reg(g, BPF_JLE, R0, R1, valid);
		cg_fault(g, DTRACEFLT_ILLOP, -1);
		cg_place(g, valid);
		cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R0, 1));	/* id 0: never live */
		cg_jmp_imm(g, BPF_JGE, R0, DT_NSPEC_MAX, skip);
		cg_emit(g, BPF_ALU64_IMM(BPF_LSH, R0, 3));
		cg_ld_mapval(g, R1, CGM_GVARS, GV_SPEC0 + 8);
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, R1, R0));
		cg_emit(g, BPF_MOV64_IMM(R0, SPEC_ACTIVE));
		cg_emit(g, BPF_MOV64_IMM(R2, SPEC_DRAINING));
		cg_emit(g, BPF_INSN(BPF_STX | BPF_DW | BPF_ATOMIC, R1, R2, 0, BPF_CMPXCHG));
		cg_place(g, skip);
		set_present(g, r);
		return;
	}
	case F_PRINTA: case F_CLEAR: case F_DENORMALIZE: case F_TRUNC: case F_NORMALIZE:
	case F_SETOPT: case F_FTRUNCATE:
		/* done by the consumer when it reads the record */
		r = next_rec(g);
		for (int i = 0; i < r->nargs; i++)
			record_value(g, n->args.v[i + 1], &r->args[i]);
		set_present(g, r);
		return;
	case F_RAISE: {
		r = next_rec(g);
		cg_expr(g, n->args.v[0]);
		cg_emit(g, BPF_MOV64_REG(R1, R0));
		cg_call(g, BPF_FUNC_send_signal);
		set_present(g, r);
		return;
	}
	case F_STOP:
		/* stop the process that fired the probe, as DTrace does: a
		 * SIGSTOP to it (its debugger or shell resumes it) */
		r = next_rec(g);
		cg_emit(g, BPF_MOV64_IMM(R1, 19));	/* SIGSTOP */
		cg_call(g, BPF_FUNC_send_signal);
		set_present(g, r);
		return;
	case F_PRINT: {
		/* the address, then the bytes it points at (print.c shows them) */
		int ok = cg_new_label(g);
		r = next_rec(g);
		cg_expr(g, n->args.v[0]);
		cg_null_check(g, R0);
		cg_scratch_stx(g, BPF_DW, R0, r->args[0].off, R1);
		cg_emit(g, BPF_MOV64_REG(R8, R0));
		cg_emit(g, BPF_MOV64_REG(R3, R0));
		cg_scratch_ptr(g, R1, r->args[1].off);
		cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)r->args[1].size));
		cg_call(g, BPF_FUNC_probe_read_kernel);
		cg_jmp_imm(g, BPF_JEQ, R0, 0, ok);
		cg_fault(g, DTRACEFLT_BADADDR, R8);
		cg_place(g, ok);
		set_present(g, r);
		return;
	}
	case F_COPYOUT:
	case F_COPYOUTSTR: {
		/*
		 * copyout(buf, addr, n), copyoutstr(s, addr, maxlen)
		 * (destructive): bpf_probe_write_user() writes only from
		 * memory of a size the verifier knows, so the bytes go
		 * through a temporary: at most ALLOCA_MAX of them (all the
		 * scratch space a clause has), more fault as an invalid
		 * size; copyoutstr() writes the string and its NUL, cut to
		 * maxlen.  A bad address faults with it.
		 */
		uint32_t t;
		int d0 = g->depth, ok = cg_new_label(g), ok2 = cg_new_label(g), big = cg_new_label(g);
		int none = cg_new_label(g);
		if (!(g->p->kfeat & KF_WRITE_USER))
			cg_error(g, n->line, "D_UNKNOWN", "%s( ) is not available: this kernel does not let BPF "
				 "programs write user memory (bpf_probe_write_user; kernel lockdown refuses it)",
				 sema_fn_name(n->fn));
		t = cg_temp(g, n->fn == F_COPYOUT ? ALLOCA_MAX : g->L->strbuf);
		r = next_rec(g);
		cg_expr(g, n->args.v[0]);
		if (n->fn == F_COPYOUTSTR)
			cg_null_check(g, R0);
		cg_push(g, R0);				/* d0: source */
		cg_expr(g, n->args.v[1]);
		cg_push(g, R0);				/* d0 + 1: user address */
		cg_expr(g, n->args.v[2]);
		cg_emit(g, BPF_MOV64_REG(R9, R0));	/* r9: the count */
		if (n->fn == F_COPYOUTSTR) {
			/* the string and its NUL, at most maxlen bytes */
			cg_peek(g, R1, d0);
			cg_strlen_reg(g);
			cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R0, 1));
			cg_emit(g, BPF_JMP_REG(BPF_JGE, R0, R9, 1));
			cg_emit(g, BPF_MOV64_REG(R9, R0));
		}
		cg_jmp_imm(g, BPF_JEQ, R9, 0, none);
		cg_jmp_imm(g, BPF_JLE, R9, (int32_t)(n->fn == F_COPYOUT ? ALLOCA_MAX : g->L->strmax), ok);
		cg_place(g, big);
		cg_fault(g, DTRACEFLT_BADSIZE, R9);
		cg_place(g, ok);
		cg_scratch_ptr(g, R1, t);
		cg_emit(g, BPF_MOV64_REG(R2, R9));
		cg_peek(g, R3, d0);
		cg_emit(g, BPF_MOV64_REG(R8, R3));
		cg_call(g, BPF_FUNC_probe_read_kernel);
		cg_jmp_imm(g, BPF_JEQ, R0, 0, ok2);
		cg_fault(g, DTRACEFLT_BADADDR, R8);
		cg_place(g, ok2);
		{
			int written = cg_new_label(g);
			cg_peek(g, R1, d0 + 1);
			cg_emit(g, BPF_MOV64_REG(R8, R1));
			cg_scratch_ptr(g, R2, t);
			cg_emit(g, BPF_MOV64_REG(R3, R9));
			cg_call(g, BPF_FUNC_probe_write_user);
			cg_jmp_imm(g, BPF_JEQ, R0, 0, written);
			cg_fault(g, DTRACEFLT_BADADDR, R8);
			cg_place(g, written);
		}
		cg_place(g, none);
		g->depth = d0;
		set_present(g, r);
		return;
	}
	case F_PCAP: {
		/*
		 * pcap(skb, proto), as DTrace's dt_cg_act_pcap records it: the
		 * time (ns since boot), how many bytes were taken, the protocol,
		 * then that many bytes from skb->data: the linear part of the
		 * packet (len - data_len), at most pcapsize.  Nothing faults: a
		 * read that fails leaves zeroes, so a NULL skb records a length
		 * of 0, which the consumer skips.
		 */
		uint32_t o_len = cg_kmember_off(g, n->line, "pcap", "sk_buff", "len");
		uint32_t o_dlen = cg_kmember_off(g, n->line, "pcap", "sk_buff", "data_len");
		uint32_t o_data = cg_kmember_off(g, n->line, "pcap", "sk_buff", "data");
		uint32_t t_off, n_off, d_off;
		int lenok = cg_new_label(g);
		r = next_rec(g);
		t_off = r->args[0].off;
		n_off = r->args[1].off;
		d_off = r->args[3].off;
		record_value(g, n->args.v[1], &r->args[2]);
		cg_call(g, BPF_FUNC_ktime_get_ns);
		cg_scratch_stx(g, BPF_DW, R0, t_off, R1);
		cg_expr(g, n->args.v[0]);
		cg_emit(g, BPF_MOV64_REG(R8, R0));
		/* skb->len into the length's slot, skb->data_len into the
		 * data's (the packet's bytes replace it) */
		cg_scratch_st(g, BPF_DW, n_off, 0, R1);
		cg_scratch_st(g, BPF_DW, d_off, 0, R1);
		read_skb_member(g, n_off, 4, o_len);
		read_skb_member(g, d_off, 4, o_dlen);
		/* r9: len - data_len, at most pcapsize (unsigned: a length
		 * below data_len takes pcapsize, as DTrace's does) */
		cg_scratch_ldx(g, BPF_W, R9, n_off);
		cg_scratch_ldx(g, BPF_W, R1, d_off);
		cg_emit(g, BPF_ALU64_REG(BPF_SUB, R9, R1));
		cg_jmp_imm(g, BPF_JLE, R9, (int32_t)g->L->pcapsize, lenok);
		cg_emit(g, BPF_MOV64_IMM(R9, (int32_t)g->L->pcapsize));
		cg_place(g, lenok);
		cg_scratch_stx(g, BPF_DW, R9, n_off, R1);
		/* skb->data, then the bytes it points at */
		read_skb_member(g, d_off, 8, o_data);
		cg_scratch_ldx(g, BPF_DW, R3, d_off);
		cg_scratch_ptr(g, R1, d_off);
		cg_emit(g, BPF_MOV64_REG(R2, R9));
		cg_call(g, BPF_FUNC_probe_read_kernel);
		set_present(g, r);
		return;
	}
	default:
		cg_error(g, n->line, "D_UNKNOWN", "%s( ) is not yet supported by this implementation", sema_fn_name(n->fn));
	}
}

/* ---- the record layout pass ---- */

static void add_rec(struct dt_clause *c, struct dt_recdesc *r)
{
	pv_push(&c->recs, r);
}

static uint32_t rec_arg(struct cg_layout *L, struct dt_recarg *a, struct node *e, uint32_t off, int str_arrays)
{
	a->off = off;
	/* by-reference values other than strings: their bytes, as DTrace's
	 * dt_cg_store_val records them.  A char array is a string where a
	 * format converts it (printf's %s); trace() records any array's
	 * bytes, since only the string type is a string to dt_cg_store_val */
	if (e->type->kind == TY_STRUCT || e->type->kind == TY_UNION ||
	    (e->type->kind == TY_ARRAY && !(str_arrays && is_str(e->type)) && !e->type->is_stack &&
	     !e->type->symact)) {
		a->is_raw = 1;
		a->size = e->type->size;
		return off + ((a->size + 7) & ~7u);
	}
	if (is_str(e->type)) {
		a->is_string = 1;
		a->size = L->strbuf;
	} else {
		a->size = 8;
		a->isize = (int)(e->type->size ? e->type->size : 8);
		a->is_signed = e->type->is_signed;
		a->is_ptr = e->type->kind == TY_PTR;
	}
	return off + a->size;
}

/* Walk a clause body assigning record offsets to its actions, in order. */
void cg_layout_actions(struct cg_layout *L, struct dt_clause *c, struct node *n, int in_cond,
			   uint32_t *off, int *bit)
{
	if (!n)
		return;
	if (n->kind == N_BLOCK) {
		for (int i = 0; i < n->args.n; i++)
			cg_layout_actions(L, c, n->args.v[i], in_cond, off, bit);
		return;
	}
	if (n->kind == N_IF) {
		cg_layout_actions(L, c, n->kids[1], 1, off, bit);
		cg_layout_actions(L, c, n->kids[2], 1, off, bit);
		return;
	}
	if (n->kind != N_EXPR_STMT)
		return;
	struct node *e = n->kids[0];
	if (e->kind != N_CALL || !sema_fn_is_action(e->fn))
		return;
	struct dt_recdesc *r = pool_zalloc(&L->pool, sizeof(*r));
	r->action = e->fn;
	r->line = e->line;
	r->bit = in_cond ? (*bit < 64 ? (*bit)++ : -1) : -1;
	switch (e->fn) {
	case F_SPECULATE:
		/* a field of the record header, no data; but the clause
		 * sends its record, even with nothing else in it (DTrace's
		 * dt_cg_node: a speculative clause is data-recording) */
		c->speculates = 1;
		pool_release(&L->pool, r);
		return;
	case F_SETOPT:
		r->fmt = e;	/* the consumer sets the option when it reads this */
		break;
	case F_TRACEMEM: {
		/* the bytes, then how many to show (dsize) */
		uint32_t size = (uint32_t)((struct node *)e->args.v[1])->cval;
		r->nargs = 2;
		r->args = pool_calloc(&L->pool, 2, sizeof(*r->args));
		r->args[0].off = *off;
		r->args[0].size = size;
		*off += (size + 7) & ~7u;
		r->args[1].off = *off;
		r->args[1].size = 8;
		*off += 8;
		break;
	}
	case F_PRINT: {
		/* the address, then the value's bytes; the type for the
		 * consumer: a string's is char [strsize] (the string type is
		 * a typedef of it, which dt_cg_act_print's ctf_type_reference
		 * sees through) */
		struct dt_type *at = ((struct node *)e->args.v[0])->type;
		struct dt_type *t = at->kind == TY_STRING ? type_array(&L->pool, &ty_char, L->strmax - 1) : at->ref;
		uint32_t size = type_size(t, L->strbuf - 1);
		r->fmt = t;
		r->nargs = 2;
		r->args = pool_calloc(&L->pool, 2, sizeof(*r->args));
		r->args[0].off = *off;
		r->args[0].size = 8;
		r->args[0].is_ptr = 1;
		r->args[0].isize = 8;
		*off += 8;
		r->args[1].off = *off;
		r->args[1].size = size;
		r->args[1].is_raw = 1;
		*off += (size + 7) & ~7u;
		break;
	}
	case F_PCAP: {
		/* the time, the length taken, the protocol, then room for
		 * pcapsize bytes of the packet (DTrace's four records) */
		r->nargs = 4;
		r->args = pool_calloc(&L->pool, 4, sizeof(*r->args));
		r->args[0].off = *off;
		r->args[0].size = 8;
		r->args[0].isize = 8;
		r->args[1].off = *off + 8;
		r->args[1].size = 8;
		r->args[1].isize = 4;
		*off = rec_arg(L, &r->args[2], e->args.v[1], *off + 16, 1);
		r->args[3].off = *off;
		r->args[3].size = L->pcapsize;
		r->args[3].is_raw = 1;
		*off += (L->pcapsize + 7) & ~7u;
		break;
	}
	case F_STACK:
	case F_USTACK:
		r->nargs = 1;
		r->args = pool_calloc(&L->pool, 1, sizeof(*r->args));
		r->args[0].off = *off;
		r->args[0].size = e->type->nelems * 8;
		r->args[0].is_stack = e->type->is_stack;
		*off += r->args[0].size;
		break;
	case F_SYM: case F_FUNC: case F_MOD:
	case F_USYM: case F_UFUNC: case F_UMOD: case F_UADDR:
		r->nargs = 1;
		r->args = xcalloc(1, sizeof(*r->args));
		r->args[0].off = *off;
		r->args[0].size = e->type->nelems * 8;
		r->args[0].symact = e->type->symact;
		*off += r->args[0].size;
		break;
	case F_COMMIT:
	case F_DISCARD:
	case F_TRACE:
	case F_EXIT:
		r->nargs = 1;
		r->args = pool_calloc(&L->pool, 1, sizeof(*r->args));
		*off = rec_arg(L, &r->args[0], e->args.v[0], *off, e->fn != F_TRACE);
		break;
	case F_PRINTA: {
		int first = e->args.n && ((struct node *)e->args.v[0])->kind == N_STR;
		r->fmt = first ? e->aux : NULL;
		r->naggs = e->args.n - first;
		r->aggids = pool_calloc(&L->pool, (size_t)(r->naggs ? r->naggs : 1), sizeof(int));
		for (int i = 0; i < r->naggs; i++)
			r->aggids[i] = (int)((struct node *)e->args.v[first + i])->ival;
		break;
	}
	case F_CLEAR: case F_DENORMALIZE: case F_TRUNC: case F_NORMALIZE:
		r->naggs = 1;
		r->aggids = pool_calloc(&L->pool, 1, sizeof(int));
		r->aggids[0] = (int)((struct node *)e->args.v[0])->ival;
		if (e->args.n > 1) {
			r->nargs = 1;
			r->args = pool_calloc(&L->pool, 1, sizeof(*r->args));
			*off = rec_arg(L, &r->args[0], e->args.v[1], *off, 1);
		}
		break;
	case F_PRINTF:
	case F_SYSTEM:
	case F_FREOPEN:
		r->fmt = e->aux;
		r->nargs = e->args.n - 1;
		r->args = pool_calloc(&L->pool, (size_t)(r->nargs > 0 ? r->nargs : 1), sizeof(*r->args));
		for (int i = 0; i < r->nargs; i++)
			*off = rec_arg(L, &r->args[i], e->args.v[i + 1], *off, 1);
		break;
	default:
		break;
	}
	add_rec(c, r);
}
