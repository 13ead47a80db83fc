/*
 * disasm.c - owns the eBPF disassembler behind `dtrace -S`: turning
 * struct bpf_insn arrays back into verifier-log style assembly, plus the
 * helper-id -> name table.  See disasm.h for the syntax.
 */
#include "bpf/disasm.h"

#include <stdarg.h>
#include <stdint.h>
#include <string.h>

/* Opcode bits newer than some installed UAPI headers. */
#ifndef BPF_MEMSX
#define BPF_MEMSX	0x80
#endif
#ifndef BPF_JCOND
#define BPF_JCOND	0xe0
#endif
#ifndef BPF_MAY_GOTO
#define BPF_MAY_GOTO	0
#endif
#ifndef BPF_LOAD_ACQ
#define BPF_LOAD_ACQ	0x100
#endif
#ifndef BPF_STORE_REL
#define BPF_STORE_REL	0x110
#endif

#define LD_IMM64_CODE	(BPF_LD | BPF_DW | BPF_IMM)
#define MAX_REG		10

/* ---- helper names ---------------------------------------------------- */

#define DT_HELPER_NAME(x) [BPF_FUNC_##x] = "bpf_" #x
static const char *const helper_names[] = {
	__BPF_FUNC_MAPPER(DT_HELPER_NAME)
};
#undef DT_HELPER_NAME

/*
 * The helper list was frozen at id 211; older UAPI headers stop earlier.
 * Consulted only for ids the header's table does not name.
 */
static const struct {
	int id;
	const char *name;
} late_helpers[] = {
	{ 208, "bpf_ktime_get_tai_ns" },
	{ 209, "bpf_user_ringbuf_drain" },
	{ 210, "bpf_cgrp_storage_get" },
	{ 211, "bpf_cgrp_storage_delete" },
};

const char *bpf_helper_name(int id)
{
	size_t i;

	if (id <= 0)	/* 0 is BPF_FUNC_unspec, never callable */
		return NULL;
	if ((size_t)id < sizeof(helper_names) / sizeof(helper_names[0]) &&
	    helper_names[id])
		return helper_names[id];
	for (i = 0; i < sizeof(late_helpers) / sizeof(late_helpers[0]); i++)
		if (late_helpers[i].id == id)
			return late_helpers[i].name;
	return NULL;
}

/* ---- bounded output -------------------------------------------------- */

struct out {
	char *p;
	size_t len, pos;
};

static void emit(struct out *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void emit(struct out *o, const char *fmt, ...)
{
	va_list ap;
	size_t room;
	int k;

	if (o->len == 0 || o->pos + 1 >= o->len)
		return;
	room = o->len - o->pos;
	va_start(ap, fmt);
	k = vsnprintf(o->p + o->pos, room, fmt, ap);
	va_end(ap);
	if (k < 0)
		return;
	o->pos = (size_t)k >= room ? o->len - 1 : o->pos + (size_t)k;
}

/* Replace whatever was written with a "bad" marker; returns 0. */
static int bad(struct out *o, uint8_t code, const char *why)
{
	o->pos = 0;
	if (o->len)
		o->p[0] = '\0';
	if (why)
		emit(o, "(bad opcode 0x%02x: %s)", code, why);
	else
		emit(o, "(bad opcode 0x%02x)", code);
	return 0;
}

/* ---- pieces ---------------------------------------------------------- */

/* Indexed by BPF_SIZE(code) >> 3: W, H, B, DW. */
static const char *const usize[4] = { "u32", "u16", "u8", "u64" };
static const char *const ssize[4] = { "s32", "s16", "s8", NULL };

static const char *alu_op(int op)
{
	switch (op) {
	case BPF_ADD:	return "+=";
	case BPF_SUB:	return "-=";
	case BPF_MUL:	return "*=";
	case BPF_DIV:	return "/=";
	case BPF_OR:	return "|=";
	case BPF_AND:	return "&=";
	case BPF_LSH:	return "<<=";
	case BPF_RSH:	return ">>=";
	case BPF_MOD:	return "%=";
	case BPF_XOR:	return "^=";
	case BPF_ARSH:	return "s>>=";
	default:	return NULL;
	}
}

static const char *jmp_op(int op)
{
	switch (op) {
	case BPF_JEQ:	return "==";
	case BPF_JGT:	return ">";
	case BPF_JGE:	return ">=";
	case BPF_JSET:	return "&";
	case BPF_JNE:	return "!=";
	case BPF_JSGT:	return "s>";
	case BPF_JSGE:	return "s>=";
	case BPF_JLT:	return "<";
	case BPF_JLE:	return "<=";
	case BPF_JSLT:	return "s<";
	case BPF_JSLE:	return "s<=";
	default:	return NULL;
	}
}

/* " <L12>" after a pc-relative operand; rel is relative to the next insn. */
static void target(struct out *o, const struct bpf_insn *insns, int i, int n,
		   long long rel)
{
	long long t = (long long)i + 1 + rel;

	if (t < 0 || t >= n)
		emit(o, " <L%lld: out of range>", t);
	else if (t > 0 && insns[t - 1].code == LD_IMM64_CODE)
		emit(o, " <L%lld: inside ld_imm64>", t);
	else
		emit(o, " <L%lld>", t);
}

static void jump(struct out *o, const char *what, const struct bpf_insn *insns,
		 int i, int n, long long rel)
{
	emit(o, "%s pc%+lld", what, rel);
	target(o, insns, i, n, rel);
}

/* ---- classes --------------------------------------------------------- */

static int dis_alu(struct out *o, const struct bpf_insn *in)
{
	int is64 = BPF_CLASS(in->code) == BPF_ALU64;
	char r = is64 ? 'r' : 'w';
	int op = BPF_OP(in->code), x = BPF_SRC(in->code) == BPF_X;
	int d = in->dst_reg, s = in->src_reg, off = in->off;
	const char *sym;

	if (d > MAX_REG)
		return bad(o, in->code, "dst_reg");

	switch (op) {
	case BPF_END:
		if (is64 && x)
			return bad(o, in->code, NULL);
		if (in->imm != 16 && in->imm != 32 && in->imm != 64)
			return bad(o, in->code, "width");
		emit(o, "r%d = %s%d r%d", d,
		     is64 ? "bswap" : x ? "be" : "le", in->imm, d);
		return 0;
	case BPF_NEG:
		if (x || off)
			return bad(o, in->code, NULL);
		emit(o, "%c%d = -%c%d", r, d, r, d);
		return 0;
	case BPF_MOV:
		if (!x) {
			if (off)
				return bad(o, in->code, "off");
			emit(o, "%c%d = %d", r, d, in->imm);
			return 0;
		}
		if (s > MAX_REG)
			return bad(o, in->code, "src_reg");
		if (off == 0)
			emit(o, "%c%d = %c%d", r, d, r, s);
		else if (off == 8 || off == 16 || (off == 32 && is64))
			emit(o, "%c%d = (s%d)%c%d", r, d, off, r, s);
		else if (off == 1 && is64)
			emit(o, "r%d = addr_space_cast(r%d, %u, %u)", d, s,
			     (uint32_t)in->imm >> 16, (uint32_t)in->imm & 0xffff);
		else
			return bad(o, in->code, "off");
		return 0;
	}

	sym = alu_op(op);
	if (!sym)
		return bad(o, in->code, NULL);
	if (off && !(off == 1 && (op == BPF_DIV || op == BPF_MOD)))
		return bad(o, in->code, "off");
	if (x && s > MAX_REG)
		return bad(o, in->code, "src_reg");
	if (x)
		emit(o, "%c%d %s%s %c%d", r, d, off ? "s" : "", sym, r, s);
	else
		emit(o, "%c%d %s%s %d", r, d, off ? "s" : "", sym, in->imm);
	return 0;
}

static int dis_jmp(struct out *o, const struct bpf_insn *insns, int i, int n)
{
	const struct bpf_insn *in = &insns[i];
	int is32 = BPF_CLASS(in->code) == BPF_JMP32;
	char r = is32 ? 'w' : 'r';
	int op = BPF_OP(in->code), x = BPF_SRC(in->code) == BPF_X;
	const char *sym, *name;

	switch (op) {
	case BPF_JA:
		if (x)
			return bad(o, in->code, NULL);
		if (is32)
			jump(o, "gotol", insns, i, n, in->imm);
		else
			jump(o, "goto", insns, i, n, in->off);
		return 0;
	case BPF_CALL:
		if (is32 || x)
			return bad(o, in->code, NULL);
		switch (in->src_reg) {
		case 0:
			name = bpf_helper_name(in->imm);
			emit(o, "call %s#%d", name ? name : "unknown", in->imm);
			return 0;
		case BPF_PSEUDO_CALL:
			jump(o, "call", insns, i, n, in->imm);
			return 0;
		case BPF_PSEUDO_KFUNC_CALL:
			emit(o, "call kfunc#%d", in->imm);
			if (in->off)
				emit(o, " (btf fd idx %d)", in->off);
			return 0;
		default:
			return bad(o, in->code, "src_reg");
		}
	case BPF_EXIT:
		if (is32 || x)
			return bad(o, in->code, NULL);
		emit(o, "exit");
		return 0;
	case BPF_JCOND:
		if (is32 || x)
			return bad(o, in->code, NULL);
		if (in->src_reg != BPF_MAY_GOTO)
			return bad(o, in->code, "src_reg");
		jump(o, "may_goto", insns, i, n, in->off);
		return 0;
	}

	sym = jmp_op(op);
	if (!sym)
		return bad(o, in->code, NULL);
	if (in->dst_reg > MAX_REG)
		return bad(o, in->code, "dst_reg");
	if (x && in->src_reg > MAX_REG)
		return bad(o, in->code, "src_reg");
	if (x)
		emit(o, "if %c%d %s %c%d goto pc%+d", r, in->dst_reg, sym, r,
		     in->src_reg, in->off);
	else
		emit(o, "if %c%d %s 0x%x goto pc%+d", r, in->dst_reg, sym,
		     (unsigned)in->imm, in->off);
	target(o, insns, i, n, in->off);
	return 0;
}

static int dis_atomic(struct out *o, const struct bpf_insn *in)
{
	int sz = BPF_SIZE(in->code) >> 3;
	const char *w = BPF_SIZE(in->code) == BPF_DW ? "64" : "";
	char vr = BPF_SIZE(in->code) == BPF_DW ? 'r' : 'w';
	const char *ty = usize[sz];
	int d = in->dst_reg, s = in->src_reg, off = in->off;
	int op = in->imm & ~BPF_FETCH, fetch = in->imm & BPF_FETCH;
	const char *sym = NULL, *fname = NULL;

	if (in->imm == BPF_LOAD_ACQ) {
		emit(o, "%c%d = load_acquire((%s *)(r%d %+d))", vr, d, ty, s, off);
		return 0;
	}
	if (in->imm == BPF_STORE_REL) {
		emit(o, "store_release((%s *)(r%d %+d), %c%d)", ty, d, off, vr, s);
		return 0;
	}
	if (BPF_SIZE(in->code) != BPF_W && BPF_SIZE(in->code) != BPF_DW)
		return bad(o, in->code, "size");
	if (in->imm == BPF_XCHG) {
		emit(o, "r%d = atomic%s_xchg((%s *)(r%d %+d), r%d)",
		     s, w, ty, d, off, s);
		return 0;
	}
	if (in->imm == BPF_CMPXCHG) {
		emit(o, "r0 = atomic%s_cmpxchg((%s *)(r%d %+d), r0, r%d)",
		     w, ty, d, off, s);
		return 0;
	}
	switch (op) {
	case BPF_ADD:	sym = "+="; fname = "add"; break;
	case BPF_OR:	sym = "|="; fname = "or"; break;
	case BPF_AND:	sym = "&="; fname = "and"; break;
	case BPF_XOR:	sym = "^="; fname = "xor"; break;
	default:	return bad(o, in->code, "atomic op");
	}
	if (fetch)
		emit(o, "r%d = atomic%s_fetch_%s((%s *)(r%d %+d), r%d)",
		     s, w, fname, ty, d, off, s);
	else
		emit(o, "lock *(%s *)(r%d %+d) %s r%d", ty, d, off, sym, s);
	return 0;
}

static int dis_ld(struct out *o, const struct bpf_insn *insns, int i, int n,
		  bpf_map_name_fn map_name, void *arg)
{
	const struct bpf_insn *in = &insns[i], *hi;
	int mode = BPF_MODE(in->code), sz = BPF_SIZE(in->code) >> 3;
	const char *name = NULL;
	const char *kind;
	uint64_t v;

	if (mode == BPF_ABS || mode == BPF_IND) {
		if (BPF_SIZE(in->code) == BPF_DW)
			return bad(o, in->code, NULL), 1;
		if (mode == BPF_ABS) {
			emit(o, "r0 = *(%s *)skb[%d]", usize[sz], in->imm);
		} else {
			if (in->src_reg > MAX_REG)
				return bad(o, in->code, "src_reg"), 1;
			emit(o, "r0 = *(%s *)skb[r%d + %d]", usize[sz],
			     in->src_reg, in->imm);
		}
		return 1;
	}
	if (in->code != LD_IMM64_CODE)
		return bad(o, in->code, NULL), 1;
	if (i + 1 >= n)
		return bad(o, in->code, "truncated"), 1;
	hi = &insns[i + 1];
	if (hi->code || hi->dst_reg || hi->src_reg || hi->off)
		return bad(o, in->code, "second slot"), 1;
	if (in->dst_reg > MAX_REG)
		return bad(o, in->code, "dst_reg"), 2;

	switch (in->src_reg) {
	case 0:
		v = (uint64_t)(uint32_t)hi->imm << 32 | (uint32_t)in->imm;
		emit(o, "r%d = 0x%llx ll", in->dst_reg, (unsigned long long)v);
		break;
	case BPF_PSEUDO_MAP_FD:
	case BPF_PSEUDO_MAP_IDX:
	case BPF_PSEUDO_MAP_VALUE:
	case BPF_PSEUDO_MAP_IDX_VALUE: {
		int value = in->src_reg == BPF_PSEUDO_MAP_VALUE ||
			    in->src_reg == BPF_PSEUDO_MAP_IDX_VALUE;
		int idx = in->src_reg == BPF_PSEUDO_MAP_IDX ||
			  in->src_reg == BPF_PSEUDO_MAP_IDX_VALUE;

		kind = value ? "map_value" : "map";
		if (map_name)
			name = map_name(arg, in->imm);
		if (name && *name)
			emit(o, value ? "r%d = %s[%s]" : "r%d = %s[id:%s]",
			     in->dst_reg, kind, name);
		else
			emit(o, "r%d = %s[%s:%d]", in->dst_reg, kind,
			     idx ? "idx" : "fd", in->imm);
		if (value)
			emit(o, "+%u", (uint32_t)hi->imm);
		break;
	}
	case BPF_PSEUDO_BTF_ID:
		emit(o, "r%d = btf_id[%d]", in->dst_reg, in->imm);
		if (hi->imm)
			emit(o, " (btf fd %d)", hi->imm);
		break;
	case BPF_PSEUDO_FUNC:
		emit(o, "r%d = func pc%+d", in->dst_reg, in->imm);
		target(o, insns, i, n, in->imm);
		break;
	default:
		bad(o, in->code, "src_reg");
		break;
	}
	return 2;
}

static int dis_ldx(struct out *o, const struct bpf_insn *in)
{
	int sz = BPF_SIZE(in->code) >> 3;
	const char *ty;

	if (BPF_MODE(in->code) == BPF_MEM)
		ty = usize[sz];
	else if (BPF_MODE(in->code) == BPF_MEMSX)
		ty = ssize[sz];
	else
		return bad(o, in->code, NULL);
	if (!ty)
		return bad(o, in->code, NULL);
	if (in->dst_reg > MAX_REG)
		return bad(o, in->code, "dst_reg");
	if (in->src_reg > MAX_REG)
		return bad(o, in->code, "src_reg");
	emit(o, "r%d = *(%s *)(r%d %+d)", in->dst_reg, ty, in->src_reg, in->off);
	return 0;
}

static int dis_st(struct out *o, const struct bpf_insn *in)
{
	int sz = BPF_SIZE(in->code) >> 3;
	int stx = BPF_CLASS(in->code) == BPF_STX;

	if (BPF_MODE(in->code) != BPF_MEM &&
	    !(stx && BPF_MODE(in->code) == BPF_ATOMIC))
		return bad(o, in->code, NULL);
	if (in->dst_reg > MAX_REG)
		return bad(o, in->code, "dst_reg");
	if (stx && in->src_reg > MAX_REG)
		return bad(o, in->code, "src_reg");
	if (BPF_MODE(in->code) == BPF_ATOMIC)
		return dis_atomic(o, in);
	if (stx)
		emit(o, "*(%s *)(r%d %+d) = r%d", usize[sz], in->dst_reg,
		     in->off, in->src_reg);
	else
		emit(o, "*(%s *)(r%d %+d) = %d", usize[sz], in->dst_reg,
		     in->off, in->imm);
	return 0;
}

/* ---- entry points ---------------------------------------------------- */

int bpf_disasm_insn(char *buf, size_t len, const struct bpf_insn *insns,
		    int i, int n, bpf_map_name_fn map_name, void *arg)
{
	struct out o = { buf, buf ? len : 0, 0 };
	const struct bpf_insn *in;

	if (o.len)
		buf[0] = '\0';
	if (!insns || i < 0 || i >= n)
		return 0;
	in = &insns[i];

	switch (BPF_CLASS(in->code)) {
	case BPF_LD:
		return dis_ld(&o, insns, i, n, map_name, arg);
	case BPF_LDX:
		dis_ldx(&o, in);
		break;
	case BPF_ST:
	case BPF_STX:
		dis_st(&o, in);
		break;
	case BPF_ALU:
	case BPF_ALU64:
		dis_alu(&o, in);
		break;
	case BPF_JMP:
	case BPF_JMP32:
		dis_jmp(&o, insns, i, n);
		break;
	}
	return 1;
}

static void hex(FILE *out, int i, const struct bpf_insn *in)
{
	unsigned char b[sizeof(*in)];
	size_t k;

	memcpy(b, in, sizeof(b));
	fprintf(out, "%04d:", i);
	for (k = 0; k < sizeof(b); k++)
		fprintf(out, " %02x", b[k]);
}

void bpf_disasm(FILE *out, const struct bpf_insn *insns, int n,
		bpf_map_name_fn map_name, void *arg)
{
	char line[512];
	int i = 0, used, k;

	if (!out || !insns)
		return;
	while (i < n) {
		used = bpf_disasm_insn(line, sizeof(line), insns, i, n,
				       map_name, arg);
		if (used < 1)
			used = 1;
		hex(out, i, &insns[i]);
		fprintf(out, "  %s\n", line);
		for (k = 1; k < used; k++) {
			hex(out, i + k, &insns[i + k]);
			fputc('\n', out);
		}
		i += used;
	}
}
