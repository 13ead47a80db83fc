/*
 * builtin.c - built-in variables: argN and args[] (which the program's
 * provider reads from its context: struct cg_ctxops), the ERROR probe's
 * arguments (from the fault area), the current process and thread (pid,
 * tid, ppid, uid, execname, curthread), timestamps (cached for the
 * clause), probe names and ids, errno (the provider's), the stack depth
 * and caller/ucaller (stack frames), curcpu (this CPU's cpuinfo_t in its
 * scratch).
 */
#include "cg_impl.h"

#include <stdio.h>
#include <string.h>

#include "../common/kallsyms.h"
#include "../front/cc.h"

/* r0 = a member of the current task, following a path like
 * "real_parent->tgid" or "se.sum_exec_runtime" with probe reads. */
static void task_member(struct cg *g, const char *path)
{
	struct dt_type *t = type_tag(TY_STRUCT, "task_struct");
	const char *p = path;
	uint32_t off = 0;

	cg_call(g, BPF_FUNC_get_current_task);
	while (*p) {
		char name[64];
		size_t n = strcspn(p, ".-");
		snprintf(name, sizeof(name), "%.*s", (int)n, p);
		p += n;
		const struct dt_member *m = type_member(t, name);
		if (!m)
			cg_error(g, 0, NULL, "kernel BTF has no task_struct member %s", name);
		off += m->offset;
		t = m->type;
		if (*p == '.') {
			p++;
		} else if (p[0] == '-' && p[1] == '>') {
			p += 2;
			if (off)
				cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R0, (int32_t)off));
			off = 0;
			cg_load_kernel(g, type_ptr(&ty_void));
			t = t->ref;
		}
	}
	if (off)
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R0, (int32_t)off));
	cg_load_kernel(g, t);
}

/*
 * The kernel stack of this context into the n frames at scratch t (by
 * bpf_get_stack), then r8 = the frames taken and r9 = how many of them
 * come first that stack() does not show: the BPF program and the kernel
 * functions that ran it, named as kallsyms_glue says (bpf_snprintf's %ps
 * names a frame as kallsyms does), at most DT_KSTACK_GLUE.  Frame r9 is
 * then where the probe fired, frame r9 + 1 the return address of its
 * function, which is how Oracle's DTrace on BPF defines caller where the
 * context cannot say better (gen_caller).
 */
static void kstack(struct cg *g, uint32_t t, int n)
{
	int ok = cg_new_label(g), loop = cg_new_label(g), glue = cg_new_label(g), done = cg_new_label(g);
	uint32_t symlen = 8, sym, arg = cg_temp(g, 8);

	/* room for a name as long as the longest of them, its NUL, and the
	 * rest of the 8 bytes it is compared by */
	for (int i = 0; kallsyms_glue[i]; i++)
		if (symlen < ((strlen(kallsyms_glue[i]) + 8) & ~7u))
			symlen = (strlen(kallsyms_glue[i]) + 8) & ~7u;
	sym = cg_temp(g, symlen);

	cg_emit(g, BPF_MOV64_REG(R1, R6));
	cg_scratch_ptr(g, R2, t);
	cg_emit(g, BPF_MOV64_IMM(R3, 8 * n));
	cg_emit(g, BPF_MOV64_IMM(R4, 0));
	cg_call(g, BPF_FUNC_get_stack);
	cg_jmp_imm(g, BPF_JSGE, R0, 0, ok);
	cg_emit(g, BPF_MOV64_IMM(R0, 0));
	cg_place(g, ok);
	cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R0, 3));
	cg_emit(g, BPF_MOV64_REG(R8, R0));
	cg_emit(g, BPF_MOV64_IMM(R9, 0));
	cg_place(g, loop);
	cg_jmp_imm(g, BPF_JGE, R9, DT_KSTACK_GLUE, done);
	cg_jmp_reg(g, BPF_JGE, R9, R8, done);
	/* the name of frame r9 */
	cg_emit(g, BPF_MOV64_REG(R1, R9));
	cg_emit(g, BPF_ALU64_IMM(BPF_LSH, R1, 3));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R1, R7));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)t));
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, R1, 0));
	cg_scratch_stx(g, BPF_DW, R1, arg, R2);
	cg_scratch_ptr(g, R1, sym);
	cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)symlen));
	cg_strconst(g, R3, "%ps", 3);
	cg_scratch_ptr(g, R4, arg);
	cg_emit(g, BPF_MOV64_IMM(R5, 8));
	cg_call(g, BPF_FUNC_snprintf);
	cg_jmp_imm(g, BPF_JSLT, R0, 0, done);
	/* glue if it begins with one of the names, compared 8 bytes at a
	 * time (a shorter name differs at its NUL) */
	for (int i = 0; kallsyms_glue[i]; i++) {
		const char *p = kallsyms_glue[i];
		int len = (int)strlen(p), next = cg_new_label(g);
		for (int k = 0; k < len; k += 8) {
			uint64_t want = 0, mask = 0;
			for (int b = 0; b < 8 && k + b < len; b++) {
				want |= (uint64_t)(unsigned char)p[k + b] << (8 * b);
				mask |= 0xffULL << (8 * b);
			}
			cg_scratch_ldx(g, BPF_DW, R1, sym + (uint32_t)k);
			if (mask != ~0ULL) {
				cg_ld_imm64(g, R2, mask);
				cg_emit(g, BPF_ALU64_REG(BPF_AND, R1, R2));
			}
			cg_ld_imm64(g, R2, want);
			cg_jmp_reg(g, BPF_JNE, R1, R2, next);
		}
		cg_jmp(g, glue);
		cg_place(g, next);
	}
	cg_jmp(g, done);
	cg_place(g, glue);
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R9, 1));
	cg_jmp(g, loop);
	cg_place(g, done);
}

/* args[i]: argN converted to the type sema gave args[i] */
void cg_args_elem(struct cg *g, struct node *n)
{
	struct node *ix = n->args.v[0];
	int i = ix->is_const && ix->cval > 0 ? (int)ix->cval : 0;

	if (i < 10)
		cg_builtin_var(g, &(struct dt_var){.builtin = BV_ARG0 + i}, n->line);
	else
		g->p->ctx->gen_arg(g, i);
	cg_norm(g, R0, n->type);
}

/*
 * uregs[i]: the current thread's user registers.  0..20 index its struct
 * pt_regs (bpf_task_pt_regs of the BTF task pointer), 21..25 the segment
 * registers and trap number DTrace reads from task->thread (regs.d).
 */
void cg_uregs_elem(struct cg *g, struct node *n)
{
	static const char *const thread_regs[] = { "ds", "es", "fsbase", "gsbase", "trap_nr" };
	int i = (int)((struct node *)n->args.v[0])->cval;

	if (i <= 20) {
		cg_call(g, BPF_FUNC_get_current_task_btf);
		cg_emit(g, BPF_MOV64_REG(R1, R0));
		cg_call(g, BPF_FUNC_task_pt_regs);
		cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, R0, (int16_t)(8 * i)));
		return;
	}
	char path[32];
	snprintf(path, sizeof(path), "thread.%s", thread_regs[i - 21]);
	task_member(g, path);
}

void cg_builtin_var(struct cg *g, struct dt_var *v, int line)
{
	int b = v->builtin;

	if (b >= BV_ARG0 && b <= BV_ARG9 && g->in_error) {
		/* ERROR: arg1 probe id, arg2 clause, arg3 pc, arg4 fault, arg5 address */
		uint32_t fo = g->L->fault_off;
		switch (b - BV_ARG0) {
		case 1: cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, FP, FP_ERRPRID)); break;
		case 2: cg_emit(g, BPF_MOV64_IMM(R0, g->err_clause_num)); break;
		case 3: cg_scratch_ldx(g, BPF_DW, R0, fo + RF_PC); break;
		case 4: cg_scratch_ldx(g, BPF_W, R0, fo + RF_FAULT); break;
		case 5: cg_scratch_ldx(g, BPF_DW, R0, fo + RF_ADDR); break;
		default: cg_emit(g, BPF_MOV64_IMM(R0, 0)); break;
		}
		return;
	}
	if (b >= BV_ARG0 && b <= BV_ARG9) {
		g->p->ctx->gen_arg(g, b - BV_ARG0);	/* the provider knows where */
		return;
	}
	switch (b) {
	case BV_PID:
		cg_call(g, BPF_FUNC_get_current_pid_tgid);
		cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R0, 32));
		return;
	case BV_TID:
		cg_call(g, BPF_FUNC_get_current_pid_tgid);
		cg_emit(g, BPF_MOV32_REG(R0, R0));
		return;
	case BV_PPID:
		task_member(g, "real_parent->tgid");
		return;
	case BV_UID:
		cg_call(g, BPF_FUNC_get_current_uid_gid);
		cg_emit(g, BPF_MOV32_REG(R0, R0));
		return;
	case BV_GID:
		cg_call(g, BPF_FUNC_get_current_uid_gid);
		cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R0, 32));
		return;
	case BV_CPU:
		cg_call(g, BPF_FUNC_get_smp_processor_id);
		return;
	case BV_EXECNAME: {
		/* the task's 16-byte comm, cut to strsize (get_current_comm
		 * ends what it copies with a NUL); the bytes after it zeroed
		 * when the buffer is longer */
		uint32_t t = cg_temp(g, g->L->strbuf);
		uint32_t comm = g->L->strmax < 16 ? g->L->strmax : 16;
		if (g->L->strbuf > 16)
			cg_emit(g, BPF_ST_MEM(BPF_DW, R7, (int16_t)(t + 16), 0));
		cg_emit(g, BPF_MOV64_REG(R1, R7));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, (int32_t)t));
		cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)comm));
		cg_call(g, BPF_FUNC_get_current_comm);
		cg_emit(g, BPF_MOV64_REG(R0, R7));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R0, (int32_t)t));
		return;
	}
	case BV_TIMESTAMP:
	case BV_VTIMESTAMP: {
		int have = cg_new_label(g);
		int fpo = b == BV_TIMESTAMP ? FP_TS : FP_VTS;
		cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, FP, (int16_t)fpo));
		cg_jmp_imm(g, BPF_JNE, R0, 0, have);
		if (b == BV_TIMESTAMP) {
			cg_call(g, BPF_FUNC_ktime_get_ns);
		} else {
			task_member(g, "se.sum_exec_runtime");
		}
		cg_emit(g, BPF_STX_MEM(BPF_DW, FP, R0, (int16_t)fpo));
		cg_place(g, have);
		return;
	}
	case BV_WALLTIMESTAMP:
		cg_call(g, BPF_FUNC_ktime_get_boot_ns);
		cg_ld_mapval(g, R1, CGM_GVARS, GV_WALLOFF);
		cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, R1, 0));
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, R0, R1));
		return;
	case BV_PROBEPROV: case BV_PROBEMOD: case BV_PROBEFUNC: case BV_PROBENAME: {
		int found = cg_new_label(g), done = cg_new_label(g);
		cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, FP, FP_PRID));
		cg_emit(g, BPF_STX_MEM(BPF_W, FP, R0, FP_KEY32));
		cg_ld_map(g, R1, CGM_PINFO);
		cg_emit(g, BPF_MOV64_REG(R2, FP));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R2, FP_KEY32));
		cg_call(g, BPF_FUNC_map_lookup_elem);
		cg_jmp_imm(g, BPF_JNE, R0, 0, found);
		cg_strconst(g, R0, "", 0);
		cg_jmp(g, done);
		cg_place(g, found);
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R0, (int32_t)((uint32_t)(b - BV_PROBEPROV) * g->L->strbuf)));
		cg_place(g, done);
		return;
	}
	case BV_ID:
		cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, FP, FP_PRID));
		return;
	case BV_EPID:
		/* the probe id and the statement (clause) id, as Oracle's
		 * DTrace composes the enabled probe id (get_bvar.c); its
		 * statements are numbered from 0 in compile order, as ours */
		cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, FP, FP_PRID));
		cg_emit(g, BPF_ALU64_IMM(BPF_LSH, R0, 32));
		cg_emit(g, BPF_ALU64_IMM(BPF_OR, R0, g->clause->index));
		return;
	case BV_ERRNO:
		if (g->p->ctx->gen_errno)
			g->p->ctx->gen_errno(g);
		else
			cg_emit(g, BPF_MOV64_IMM(R0, 0));
		return;
	case BV_CURTHREAD:
		cg_call(g, BPF_FUNC_get_current_task);
		return;
	case BV_USTACKDEPTH:
		cg_ustack_depth(g);
		return;
	case BV_STACKDEPTH:
		if (g->p->ctx->no_kernel_stack) {
			cg_emit(g, BPF_MOV64_IMM(R0, 0));
			return;
		}
		/* the frames stack() would show */
		kstack(g, cg_temp(g, 8 * DT_STACKDEPTH_MAX), DT_STACKDEPTH_MAX);
		cg_emit(g, BPF_MOV64_REG(R0, R8));
		cg_emit(g, BPF_ALU64_REG(BPF_SUB, R0, R9));
		return;
	case BV_CALLER:
		if (g->p->ctx->gen_caller) {
			g->p->ctx->gen_caller(g);
			return;
		}
		if (g->p->ctx->no_kernel_stack) {
			cg_emit(g, BPF_MOV64_IMM(R0, 0));
			return;
		}
		{
			/* the second frame stack() would show */
			uint32_t t = cg_temp(g, 8 * (DT_KSTACK_GLUE + 2));
			int none = cg_new_label(g), done = cg_new_label(g);
			kstack(g, t, DT_KSTACK_GLUE + 2);
			cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R9, 1));
			cg_jmp_reg(g, BPF_JGE, R9, R8, none);
			cg_emit(g, BPF_ALU64_IMM(BPF_LSH, R9, 3));
			cg_emit(g, BPF_ALU64_REG(BPF_ADD, R9, R7));
			cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R9, (int32_t)t));
			cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, R9, 0));
			cg_jmp(g, done);
			cg_place(g, none);
			cg_emit(g, BPF_MOV64_IMM(R0, 0));
			cg_place(g, done);
		}
		return;
	case BV_UCALLER:
		cg_ucaller(g);
		return;
	case BV_IPL:
		cg_emit(g, BPF_MOV64_IMM(R0, 0));
		return;
	case BV_CGROUP:
		cg_call(g, BPF_FUNC_get_current_cgroup_id);
		return;
	case BV_CURCPU:
		/* a pointer into this CPU's scratch, as a number D may keep,
		 * print and read through (its loads are probe reads) */
		if (!g->L->uses_alloca)
			cg_save_scratch_base(g);
		g->L->uses_curcpu = 1;
		cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, FP, FP_SBASE));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R0, (int32_t)g->L->cpuinfo_off));
		return;
	default:
		cg_error(g, line, "D_UNKNOWN", "built-in variable %s is not yet supported by this implementation", v->name);
	}
}
