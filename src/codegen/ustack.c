/*
 * ustack.c - the user stack a probe records for ustack() (an action's
 * record or an aggregation key): the process id, then the program
 * counters of its frames, innermost first, zero after the last.  This file
 * owns which frames those are; ustackdepth counts them and ucaller is the
 * second, so that the three agree.
 *
 * The frames are the user pc, then the return addresses of the %rbp
 * (frame pointer) chain, as the kernel's bpf_get_stack(BPF_F_USER_STACK)
 * walks it; but the program walks the chain itself, for two reasons.
 *
 * 1. Where the pc's function has not set up its frame (at its first
 * instruction: a pid entry probe; or anywhere in a function that keeps no
 * frame, as libc's syscall wrappers), %rbp is still its caller's frame,
 * and the first return address on the chain is the caller's caller's: the
 * caller is missed.  Linux 6.11 and later (and some stable kernels) add
 * the word at %rsp when a uprobe sits on a `push %rbp` or `endbr64`; other
 * kernels (Ubuntu's 5.15) never do, and no kernel does for a function that
 * begins otherwise (much of -O2 code) or at a syscall.  So the program
 * checks whether the word W at %rsp is the return address of the pc's
 * function: the call instruction just before W called a function that
 * begins at most DT_CALLEE_MAX bytes before the pc.  It reads the bytes
 * before W and recognises
 *   - call rel32 (e8), to the function itself or to a PLT entry
 *     ([endbr64] [bnd] jmp *GOT) whose GOT slot holds its address;
 *   - call *disp32(%rip) (ff 15, -fno-plt): the slot holds it;
 *   - call *%reg, call *(%reg), call *disp8(%reg), call *disp32(%reg)
 *     (with or without REX.B, %r12 and %rsp through a SIB byte): at a
 *     function's first instruction no register has changed yet, so the
 *     register (or the word it points at) still holds the function's
 *     address (deeper in the function these mostly fail the check: the
 *     caller is then missed as before).
 * Calls through an index register (call *(%rax,%rbx,8)) are not
 * recognised.  A word at %rsp equal to %rbp is taken for %rbp just pushed
 * (at a function's second instruction, `push %rbp` done), and W is the
 * word above it.  When W passes, the frames are pc, W, then the chain
 * from %rbp.  A W that is data (the function pushed something, or keeps a
 * frame) passes only if it happens to be the address just after a call to
 * a function that begins shortly before the pc; a function with a frame
 * and such a word at %rsp would show one frame too many.
 *
 * 2. The kernel follows the chain for as long as it can read it: in code
 * built without frame pointers, %rbp is an ordinary register, and what it
 * points at becomes "frames" (0x52555341454d5f43 is text).  The program
 * follows a frame pointer only while it is 8-aligned and above the
 * previous one (the first: above %rsp), and takes a return address only
 * when it is a user address below 2^47 (where the kernel maps code unless
 * a program asks for more with LA57).
 *
 * The frames are so a function of the process's stack alone, the same on
 * every kernel (aggregation keys of one call path stay one key).
 *
 * What is and is not right: with frame pointers (-fno-omit-frame-pointer)
 * every frame is right at a function's entry, between its `push %rbp`
 * and `mov %rsp,%rbp`, inside its body, at its `ret` (after `leave`), and
 * at a syscall from a frameless libc wrapper.  In code without frame
 * pointers (the usual -O2 build) only the innermost frame, and its caller
 * where W passes (at entry; in a function that pushed nothing), are
 * certain; the frames after them are where %rbp happens to lead: nothing,
 * or the callers of the nearest function that keeps a frame pointer, and
 * now and then a frame that is not one when %rbp points into the stack.
 * Unwinding such code needs its .eh_frame, which no BPF program reads.
 * A frame whose function has a pending uretprobe (a pid return probe, as
 * long as those are uretprobes) shows the return trampoline's address in
 * [uprobes]: recent kernels (the 6.18 here) put the real return address
 * back into bpf_get_stack's frames from current->utask's list of pending
 * returns, which this walk does not read.
 *
 * Every user stack also tells the consumer which process it is of, while
 * that process lives (struct rec_upid, record.h), so that its symbols can
 * be read before it exits.
 */
#include "cg_impl.h"

#include "../bpf/pt_regs.h"

/* How far into the function W returns from the pc may be (bytes). */
#define DT_CALLEE_MAX	65536

/* r0 = 0 and FP_TMP = the u64 at user address r3, or r0 != 0. */
static void read_user_tmp(struct cg *g)
{
	cg_emit(g, BPF_MOV64_REG(R1, FP));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, FP_TMP));
	cg_emit(g, BPF_MOV64_IMM(R2, 8));
	cg_call(g, BPF_FUNC_probe_read_user);
}

/* reg = byte k of r4 (bits 8k..8k+7). */
static void byte_of(struct cg *g, int reg, int k)
{
	cg_emit(g, BPF_MOV64_REG(reg, R4));
	if (k)
		cg_emit(g, BPF_ALU64_IMM(BPF_RSH, reg, 8 * k));
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, reg, 0xff));
}

/* reg = the signed 32-bit field of r4 that begins at byte k (k <= 4). */
static void s32_of(struct cg *g, int reg, int k)
{
	cg_emit(g, BPF_MOV64_REG(reg, R4));
	if (k < 4)
		cg_emit(g, BPF_ALU64_IMM(BPF_LSH, reg, 8 * (4 - k)));
	cg_emit(g, BPF_ALU64_IMM(BPF_ARSH, reg, 32));
}

/*
 * Tell the consumer about this process unless its slot of GV_UPIDS says
 * it was the last one told; pid is at r7 + off.  The slot is written only
 * after the record went out, so a full ring buffer costs a retry, not the
 * process's symbols.
 */
void cg_note_upid(struct cg *g, uint32_t off)
{
	int skip = cg_new_label(g);

	cg_scratch_ldx(g, BPF_DW, R2, off);
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R2, DT_UPID_SLOTS - 1));
	cg_emit(g, BPF_ALU64_IMM(BPF_LSH, R2, 3));
	cg_ld_mapval(g, R1, CGM_GVARS, GV_UPIDS);
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R1, R2));
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R2, R1, 0));
	cg_scratch_ldx(g, BPF_DW, R3, off);
	cg_jmp_reg(g, BPF_JEQ, R2, R3, skip);
	cg_emit(g, BPF_ST_MEM(BPF_W, FP, FP_TMP, (int32_t)REC_UPID));
	cg_emit(g, BPF_STX_MEM(BPF_W, FP, R3, FP_TMP + 4));
	cg_ld_map(g, R1, CGM_RINGBUF);
	cg_emit(g, BPF_MOV64_REG(R2, FP));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R2, FP_TMP));
	cg_emit(g, BPF_MOV64_IMM(R3, sizeof(struct rec_upid)));
	cg_emit(g, BPF_MOV64_IMM(R4, 0));
	cg_call(g, BPF_FUNC_ringbuf_output);
	cg_jmp_imm(g, BPF_JNE, R0, 0, skip);
	cg_scratch_ldx(g, BPF_DW, R3, off);
	cg_emit(g, BPF_MOV64_REG(R2, R3));
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R2, DT_UPID_SLOTS - 1));
	cg_emit(g, BPF_ALU64_IMM(BPF_LSH, R2, 3));
	cg_ld_mapval(g, R1, CGM_GVARS, GV_UPIDS);
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R1, R2));
	cg_emit(g, BPF_STX_MEM(BPF_DW, R1, R3, 0));
	cg_place(g, skip);
}

/* Jump to yes when the pc (at r7 + fpc) lies in the function that
 * begins at r1: r1 <= pc < r1 + DT_CALLEE_MAX.  Clobbers r2. */
static void in_callee(struct cg *g, uint32_t fpc, int yes)
{
	int no = cg_new_label(g);

	cg_scratch_ldx(g, BPF_DW, R2, fpc);
	cg_jmp_reg(g, BPF_JGT, R1, R2, no);
	cg_emit(g, BPF_ALU64_REG(BPF_SUB, R2, R1));
	cg_jmp_imm(g, BPF_JLT, R2, DT_CALLEE_MAX, yes);
	cg_place(g, no);
}

/* reg = the signed byte k of r4. */
static void s8_of(struct cg *g, int reg, int k)
{
	cg_emit(g, BPF_MOV64_REG(reg, R4));
	if (k < 7)
		cg_emit(g, BPF_ALU64_IMM(BPF_LSH, reg, 8 * (7 - k)));
	cg_emit(g, BPF_ALU64_IMM(BPF_ARSH, reg, 56));
}

/*
 * The indirect calls (ff /2) through a register or the memory it points
 * at, by length: ff, then a ModRM byte whose bits under mask are value,
 * a SIB byte (base register, no index) or not, and a displacement of
 * disp bytes; a REX.B prefix before ff adds 8 to the register.
 *   call *%reg           ff d0+r          call *(%reg)       ff 10+r
 *   call *d8(%reg)       ff 50+r d8       call *d32(%reg)    ff 90+r d32
 *   call *(%base)        ff 14 SIB        call *d8(%base)    ff 54 SIB d8
 *   call *d32(%base)     ff 94 SIB d32    (%r12 and %rsp need the SIB)
 * call *d32(%rip) (ff 15) is the GOT case; an index register is not
 * followed.
 */
struct icall {
	int len, mask, value, sib, disp, deref;
};
static const struct icall icalls[] = {
	{ 2, 0xf8, 0xd0, 0, 0, 0 },
	{ 2, 0xf8, 0x10, 0, 0, 1 },
	{ 3, 0xf8, 0x50, 0, 1, 1 },
	{ 3, 0xff, 0x14, 1, 0, 1 },
	{ 4, 0xff, 0x54, 1, 1, 1 },
	{ 6, 0xf8, 0x90, 0, 4, 1 },
	{ 7, 0xff, 0x94, 1, 4, 1 },
};

/* With r4 = the 8 bytes before W: when they end with call c, jump to
 * have_reg with r5 = the register, r0 = the displacement, r3 = c->deref. */
static void gen_icall(struct cg *g, const struct icall *c, int have_reg)
{
	int next = cg_new_label(g), norex = cg_new_label(g);
	int p = 8 - c->len;		/* the byte of r4 that is ff */
	int d = p + 2 + c->sib;		/* ... of the displacement */

	byte_of(g, R1, p);
	cg_jmp_imm(g, BPF_JNE, R1, 0xff, next);
	byte_of(g, R1, p + 1);
	if (c->mask != 0xff)
		cg_emit(g, BPF_ALU64_IMM(BPF_AND, R1, c->mask));
	cg_jmp_imm(g, BPF_JNE, R1, c->value, next);
	if (c->sib) {
		/* no index (100), and a base other than "none" (101 with no
		 * displacement) */
		byte_of(g, R1, p + 2);
		cg_emit(g, BPF_ALU64_IMM(BPF_AND, R1, 0x38));
		cg_jmp_imm(g, BPF_JNE, R1, 0x20, next);
		byte_of(g, R5, p + 2);
	} else {
		byte_of(g, R5, p + 1);
	}
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R5, 7));
	if (c->value != 0xd0) {
		/* rm 100 means a SIB byte follows; mod 00 rm 101 is %rip */
		if (!c->sib)
			cg_jmp_imm(g, BPF_JEQ, R5, 4, next);
		if (c->disp == 0)
			cg_jmp_imm(g, BPF_JEQ, R5, 5, next);
	}
	if (p > 0) {
		/* REX (0100WRXB): B extends the register; X an index */
		byte_of(g, R1, p - 1);
		cg_emit(g, BPF_MOV64_REG(R2, R1));
		cg_emit(g, BPF_ALU64_IMM(BPF_AND, R2, 0xf0));
		cg_jmp_imm(g, BPF_JNE, R2, 0x40, norex);
		if (c->sib) {
			cg_emit(g, BPF_MOV64_REG(R2, R1));
			cg_emit(g, BPF_ALU64_IMM(BPF_AND, R2, 2));
			cg_jmp_imm(g, BPF_JNE, R2, 0, next);
		}
		cg_emit(g, BPF_ALU64_IMM(BPF_AND, R1, 1));
		cg_emit(g, BPF_ALU64_IMM(BPF_LSH, R1, 3));
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, R5, R1));
		cg_place(g, norex);
	}
	if (c->disp == 1)
		s8_of(g, R0, d);
	else if (c->disp == 4)
		s32_of(g, R0, d);
	else
		cg_emit(g, BPF_MOV64_IMM(R0, 0));
	cg_emit(g, BPF_MOV64_IMM(R3, c->deref));
	cg_jmp(g, have_reg);
	cg_place(g, next);
}

/*
 * With r4 = the 8 bytes before the word W at %rsp, and W, the pc and the
 * user registers saved at r7 + f + 8, r7 + f and expression stack slot
 * dregs: jump to entry when the call before W called the function the pc
 * is in (see above), else to other.  Clobbers r0-r5 and FP_TMP.
 */
static void gen_called_pc(struct cg *g, uint32_t f, int dregs, int entry, int other)
{
	int not_direct = cg_new_label(g), not_got = cg_new_label(g), deref = cg_new_label(g);
	int plt2 = cg_new_label(g), plt_bnd = cg_new_label(g), got_slot = cg_new_label(g);
	int have_reg = cg_new_label(g), cmp = cg_new_label(g);
	uint32_t fpc = f, fw = f + 8;
	int dx = g->depth, dt;

	/* byte k of r4 is the byte at W - 8 + k; kept for each attempt */
	cg_push(g, R4);

	/* call rel32: e8 at W-5 */
	byte_of(g, R1, 3);
	cg_jmp_imm(g, BPF_JNE, R1, 0xe8, not_direct);
	s32_of(g, R3, 4);
	cg_scratch_ldx(g, BPF_DW, R2, fw);
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R3, R2));
	cg_emit(g, BPF_MOV64_REG(R1, R3));
	in_callee(g, fpc, entry);
	/* a PLT entry at the target T (r3): [endbr64] [bnd] jmp *disp32(%rip) */
	dt = g->depth;
	cg_push(g, R3);
	read_user_tmp(g);
	cg_jmp_imm(g, BPF_JNE, R0, 0, not_direct);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R4, FP, FP_TMP));
	cg_emit(g, BPF_MOV32_REG(R1, R4));
	cg_emit(g, BPF_ALU32_IMM(BPF_XOR, R1, (int32_t)0xfa1e0ff3u));	/* f3 0f 1e fa */
	cg_jmp_imm(g, BPF_JNE, R1, 0, plt2);
	cg_peek(g, R3, dt);
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R3, 4));
	cg_emit(g, BPF_STX_MEM(BPF_DW, FP, R3, cg_slot(dt)));
	read_user_tmp(g);
	cg_jmp_imm(g, BPF_JNE, R0, 0, not_direct);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R4, FP, FP_TMP));
	cg_place(g, plt2);
	cg_pop(g, R3);
	byte_of(g, R1, 0);
	byte_of(g, R2, 1);
	cg_jmp_imm(g, BPF_JEQ, R1, 0xf2, plt_bnd);
	cg_jmp_imm(g, BPF_JNE, R1, 0xff, not_direct);
	cg_jmp_imm(g, BPF_JNE, R2, 0x25, not_direct);
	s32_of(g, R1, 2);			/* ff 25 disp32: the slot is T + 6 + disp */
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R3, 6));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R3, R1));
	cg_jmp(g, deref);
	cg_place(g, plt_bnd);			/* f2 ff 25 disp32 */
	byte_of(g, R1, 2);
	cg_jmp_imm(g, BPF_JNE, R2, 0xff, not_direct);
	cg_jmp_imm(g, BPF_JNE, R1, 0x25, not_direct);
	s32_of(g, R1, 3);
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R3, 7));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R3, R1));
	cg_jmp(g, deref);

	/* not a call to the pc's function that way: the bytes may still end
	 * with another call (e8 inside a longer instruction) */
	cg_place(g, not_direct);
	cg_peek(g, R4, dx);

	/* call *disp32(%rip): ff 15 at W-6, the slot at W + disp */
	byte_of(g, R1, 2);
	byte_of(g, R2, 3);
	cg_jmp_imm(g, BPF_JNE, R1, 0xff, not_got);
	cg_jmp_imm(g, BPF_JNE, R2, 0x15, not_got);
	s32_of(g, R3, 4);
	cg_scratch_ldx(g, BPF_DW, R2, fw);
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R3, R2));
	cg_jmp(g, got_slot);

	/* through a register or memory (the table above) */
	cg_place(g, not_got);
	for (size_t k = 0; k < sizeof(icalls) / sizeof(icalls[0]); k++)
		gen_icall(g, &icalls[k], have_reg);
	cg_jmp(g, other);

	cg_place(g, have_reg);
	{
		/* r1 = the register's saved value: one load per register, as
		 * the verifier wants constant offsets into pt_regs */
		int loaded = cg_new_label(g);
		cg_peek(g, R2, dregs);
		for (int n = 0; n < 16; n++) {
			int next = cg_new_label(g);
			cg_jmp_imm(g, BPF_JNE, R5, n, next);
			cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, R2, pt_regs_gpr(n)));
			cg_jmp(g, loaded);
			cg_place(g, next);
		}
		cg_jmp(g, other);
		cg_place(g, loaded);
		cg_jmp_imm(g, BPF_JEQ, R3, 0, cmp);
		cg_emit(g, BPF_MOV64_REG(R3, R1));
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, R3, R0));
	}

	/* r3 = the address of a pointer that must hold the pc */
	cg_place(g, deref);
	cg_place(g, got_slot);
	read_user_tmp(g);
	cg_jmp_imm(g, BPF_JNE, R0, 0, other);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, FP, FP_TMP));
	cg_place(g, cmp);
	in_callee(g, fpc, entry);
	cg_jmp(g, other);
}

/*
 * r1 = the frame pointer of a walk that has ended: a kernel address, which
 * bpf_probe_read_user refuses at once (a read of an unmapped user address
 * such as 8 would take a page fault each turn, ten times the cost of the
 * whole walk), loaded from the scratch area's zero bytes so that the
 * verifier cannot tell it from a frame pointer (see the loop).
 */
static void end_fp(struct cg *g)
{
	cg_scratch_ldx(g, BPF_DW, R1, g->L->zero_off);
	cg_emit(g, BPF_ALU64_IMM(BPF_OR, R1, (int32_t)0x80000000u));
}

/*
 * The return addresses of the %rbp chain into the frames from r7 + f + 8k
 * to the last of the n (the user registers at expression stack slot
 * dregs), zero after the last.  A frame pointer is followed only while it
 * is 8-aligned and above the previous one (the first: above %rsp), and a
 * return address taken only when it is a user address (below 2^47, where
 * the kernel maps code unless a program asks for more with LA57): a %rbp
 * that holds data, as in code without frame pointers, ends the walk
 * instead of making up frames.
 */
static void gen_fp_walk(struct cg *g, uint32_t f, int k, int n, int dregs)
{
	int loop = cg_new_label(g), done = cg_new_label(g), up = cg_new_label(g);
	int dfp, dleft, dslot, dnext;

	/* fp = %rbp if it is above %rsp and aligned, else 0 */
	cg_peek(g, R2, dregs);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, R2, PT_REGS_BP));
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R3, R2, PT_REGS_SP));
	dfp = g->depth;
	cg_push(g, R1);
	cg_emit(g, BPF_MOV64_REG(R2, R1));
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R2, 7));
	{
		int bad = cg_new_label(g);
		cg_jmp_imm(g, BPF_JNE, R2, 0, bad);
		cg_jmp_reg(g, BPF_JGT, R1, R3, up);
		cg_place(g, bad);
		end_fp(g);
		cg_emit(g, BPF_STX_MEM(BPF_DW, FP, R1, cg_slot(dfp)));
	}
	cg_place(g, up);
	dleft = g->depth;
	cg_emit(g, BPF_MOV64_IMM(R1, n - k));
	cg_push(g, R1);
	dslot = g->depth;
	cg_emit(g, BPF_MOV64_REG(R1, R7));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)(f + 8 * (uint32_t)k)));
	cg_push(g, R1);
	dnext = g->depth;	/* the next frame pointer, read into it */
	cg_scratch_ldx(g, BPF_DW, R1, g->L->zero_off);
	cg_push(g, R1);

	/*
	 * The verifier follows each of the n - k turns ("left" is a
	 * constant).  No branch depends on fp itself, and a walk that ends
	 * sets fp with end_fp, which the verifier cannot tell from a frame
	 * pointer: every turn then starts from one state, instead of two
	 * that double at each turn.  After the last frame each turn's read
	 * fails at once, and so writes the zero that frame needs.
	 */
	cg_place(g, loop);
	cg_peek(g, R1, dleft);
	cg_jmp_imm(g, BPF_JEQ, R1, 0, done);
	cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R1, 1));
	cg_emit(g, BPF_STX_MEM(BPF_DW, FP, R1, cg_slot(dleft)));
	{
		int stop = cg_new_label(g), bad = cg_new_label(g), keep = cg_new_label(g);
		/* the return address at fp + 8 (the helper clears what it
		 * cannot read) */
		cg_peek(g, R1, dslot);
		cg_emit(g, BPF_MOV64_IMM(R2, 8));
		cg_peek(g, R3, dfp);
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R3, 8));
		cg_call(g, BPF_FUNC_probe_read_user);
		cg_peek(g, R1, dslot);
		cg_emit(g, BPF_LDX_MEM(BPF_DW, R2, R1, 0));
		cg_jmp_imm(g, BPF_JEQ, R2, 0, stop);
		cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R2, 47));
		cg_jmp_imm(g, BPF_JNE, R2, 0, bad);
		/* the caller's frame pointer, at fp */
		cg_emit(g, BPF_MOV64_REG(R1, FP));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, cg_slot(dnext)));
		cg_emit(g, BPF_MOV64_IMM(R2, 8));
		cg_peek(g, R3, dfp);
		cg_call(g, BPF_FUNC_probe_read_user);
		cg_peek(g, R1, dnext);
		cg_peek(g, R2, dfp);
		cg_emit(g, BPF_MOV64_REG(R3, R1));
		cg_emit(g, BPF_ALU64_IMM(BPF_AND, R3, 7));
		cg_jmp_imm(g, BPF_JNE, R3, 0, stop);
		cg_jmp_reg(g, BPF_JGT, R1, R2, keep);
		cg_jmp(g, stop);
		cg_place(g, bad);
		cg_emit(g, BPF_ST_MEM(BPF_DW, R1, 0, 0));
		cg_place(g, stop);
		end_fp(g);
		cg_place(g, keep);
		cg_emit(g, BPF_STX_MEM(BPF_DW, FP, R1, cg_slot(dfp)));
	}
	cg_peek(g, R1, dslot);
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, 8));
	cg_emit(g, BPF_STX_MEM(BPF_DW, FP, R1, cg_slot(dslot)));
	cg_jmp(g, loop);
	cg_place(g, done);
	g->depth = dfp;
}

/* The n frames of the user stack into r7 + f, zero after the last. */
static void ustack_frames(struct cg *g, uint32_t f, int n)
{
	int walk = cg_new_label(g), done = cg_new_label(g), entry = cg_new_label(g);
	int depth0 = g->depth, dregs;

	/* the user registers (the context's own at a uprobe) */
	cg_call(g, BPF_FUNC_get_current_task_btf);
	cg_emit(g, BPF_MOV64_REG(R1, R0));
	cg_call(g, BPF_FUNC_task_pt_regs);
	dregs = g->depth;
	cg_push(g, R0);
	if (g->p->ctx->ustack_at_ret) {
		/* a return probe on its ret (or tail-call jmp), before it
		 * runs: the stack is the one after it, as DTrace's is, from
		 * the return address at %rsp; %rbp is the caller's already */
		cg_emit(g, BPF_LDX_MEM(BPF_DW, R3, R0, PT_REGS_SP));
		cg_emit(g, BPF_MOV64_REG(R1, R7));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)f));
		cg_emit(g, BPF_MOV64_IMM(R2, 8));
		cg_call(g, BPF_FUNC_probe_read_user);
		if (n >= 2)
			gen_fp_walk(g, f, 1, n, dregs);
		g->depth = depth0;
		return;
	}
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, R0, PT_REGS_IP));
	cg_scratch_stx(g, BPF_DW, R1, f, R2);
	if (n >= 2) {
		/* W = the word at %rsp, into the second frame */
		cg_emit(g, BPF_LDX_MEM(BPF_DW, R3, R0, PT_REGS_SP));
		cg_emit(g, BPF_MOV64_REG(R1, R7));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)(f + 8)));
		cg_emit(g, BPF_MOV64_IMM(R2, 8));
		cg_call(g, BPF_FUNC_probe_read_user);
		cg_jmp_imm(g, BPF_JNE, R0, 0, walk);
		{
			/* a word equal to %rbp is %rbp just pushed (the
			 * function's second instruction, or an offset probe
			 * before `mov %rsp,%rbp`): W is the word above it */
			int have_w = cg_new_label(g);
			cg_peek(g, R2, dregs);
			cg_emit(g, BPF_LDX_MEM(BPF_DW, R3, R2, PT_REGS_BP));
			cg_scratch_ldx(g, BPF_DW, R1, f + 8);
			cg_jmp_reg(g, BPF_JNE, R1, R3, have_w);
			cg_emit(g, BPF_LDX_MEM(BPF_DW, R3, R2, PT_REGS_SP));
			cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R3, 8));
			cg_emit(g, BPF_MOV64_REG(R1, R7));
			cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)(f + 8)));
			cg_emit(g, BPF_MOV64_IMM(R2, 8));
			cg_call(g, BPF_FUNC_probe_read_user);
			cg_jmp_imm(g, BPF_JNE, R0, 0, walk);
			cg_place(g, have_w);
		}
		/* the 8 bytes before W */
		cg_scratch_ldx(g, BPF_DW, R3, f + 8);
		cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R3, 8));
		read_user_tmp(g);
		cg_jmp_imm(g, BPF_JNE, R0, 0, walk);
		cg_emit(g, BPF_LDX_MEM(BPF_DW, R4, FP, FP_TMP));
		gen_called_pc(g, f, dregs, entry, walk);
		cg_place(g, entry);
		gen_fp_walk(g, f, 2, n, dregs);
		cg_jmp(g, done);
	}
	cg_place(g, walk);
	if (n >= 2)
		gen_fp_walk(g, f, 1, n, dregs);
	cg_place(g, done);
	g->depth = depth0;
}

/* The user stack (size bytes: pid, then size/8 - 1 frames) into r7 + off. */
void cg_ustack_into(struct cg *g, uint32_t off, uint32_t size)
{
	/* the process id, to find the frames' objects */
	cg_call(g, BPF_FUNC_get_current_pid_tgid);
	cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R0, 32));
	cg_scratch_stx(g, BPF_DW, R0, off, R1);
	cg_note_upid(g, off);
	ustack_frames(g, off + 8, (int)(size / 8) - 1);
}

/*
 * r0 = ustackdepth, the number of frames ustack() would show (up to
 * DT_STACKDEPTH_MAX); cg_ucaller below, r0 = ucaller, its second frame:
 * both the frames of this walk, not of the kernel's (bpf_get_stack), which
 * misses the caller where ustack() finds it and follows a %rbp that holds
 * data.
 */
void cg_ustack_depth(struct cg *g)
{
	uint32_t t = cg_temp(g, 8 * DT_STACKDEPTH_MAX);
	int loop = cg_new_label(g), done = cg_new_label(g);

	ustack_frames(g, t, DT_STACKDEPTH_MAX);
	/* the frames end at the first zero */
	cg_emit(g, BPF_MOV64_IMM(R0, 0));
	cg_scratch_ptr(g, R1, t);
	cg_place(g, loop);
	cg_jmp_imm(g, BPF_JGE, R0, DT_STACKDEPTH_MAX, done);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R2, R1, 0));
	cg_jmp_imm(g, BPF_JEQ, R2, 0, done);
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R0, 1));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, 8));
	cg_jmp(g, loop);
	cg_place(g, done);
}

void cg_ucaller(struct cg *g)
{
	uint32_t t = cg_temp(g, 16);

	ustack_frames(g, t, 2);
	cg_scratch_ldx(g, BPF_DW, R0, t + 8);
}
