/*
 * str.c - strings.  A D string is a pointer to a buffer of strsize + 1
 * bytes in BPF-owned memory: a constant in the string table map, a
 * variable's storage or a scratch temporary.  This file holds the string
 * table, copies into such buffers (faulting on bad addresses), the mark
 * that tells a string variable holding NULL from an empty string, string
 * comparison and length (the string functions, strfn.c, count it).
 */
#include "cg_impl.h"

#include <stdlib.h>
#include <string.h>


static uint32_t str_hash(const char *s, size_t len)
{
	uint32_t h = 2166136261u;

	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

/* Where a string of the table is in the index (or would go). */
static uint32_t strindex_slot(const struct cg_layout *L, const char *s, size_t len)
{
	uint32_t mask = L->strindex_cap - 1, i = str_hash(s, len) & mask;

	for (;; i = (i + 1) & mask) {
		uint32_t off = L->strindex[i];
		if (!off)
			return i;
		off--;
		if (strnlen(L->strtab.s + off, L->strbuf) == len && memcmp(L->strtab.s + off, s, len) == 0)
			return i;
	}
}

/* The index grown to twice its size (a program's distinct string constants
 * can be many: each is found in constant time, not by a scan). */
static void strindex_grow(struct cg_layout *L)
{
	uint32_t *old = L->strindex, oldcap = L->strindex_cap;

	L->strindex_cap = oldcap ? 2 * oldcap : 64;
	L->strindex = pool_calloc(&L->pool, L->strindex_cap, sizeof(uint32_t));
	for (uint32_t i = 0; i < oldcap; i++)
		if (old[i]) {
			const char *t = L->strtab.s + old[i] - 1;
			L->strindex[strindex_slot(L, t, strnlen(t, L->strbuf))] = old[i];
		}
	pool_release(&L->pool, old);
}

static uint32_t strtab_add(struct cg *g, const char *s, int len)
{
	struct cg_layout *L = g->L;
	uint32_t sb = L->strbuf, slot;

	/* the table keeps strsize bytes of it: a string is never longer,
	 * as DTrace's string functions read at most strsize of its
	 * constants (dt_index, dt_strstr... bounded by STRSIZE) */
	if ((size_t)len > L->strmax - 1)
		len = (int)(L->strmax - 1);
	if (2 * (L->nstrs + 1) > L->strindex_cap)
		strindex_grow(L);
	/* reuse an identical constant (slot 0, the empty string, is there
	 * from the start) */
	if (len == 0)
		return 0;
	slot = strindex_slot(L, s, (size_t)len);
	if (L->strindex[slot])
		return L->strindex[slot] - 1;
	uint32_t off = (uint32_t)L->strtab.len;
	L->strindex[slot] = off + 1;
	L->nstrs++;
	char *buf = pool_zalloc(&L->pool, sb);
	memcpy(buf, s, (size_t)len < sb - 1 ? (size_t)len : sb - 1);
	sb_putn(&L->strtab, buf, sb);
	pool_release(&L->pool, buf);
	return off;
}

void cg_strconst(struct cg *g, int reg, const char *s, int len)
{
	cg_ld_mapval(g, reg, CGM_STRTAB, strtab_add(g, s, len));
}

/* Copy the string at src_reg into dst (a pointer register, strbuf bytes).
 * Clobbers r0-r5.  Faults on a bad source address,
 * with that address, and uses FP_TMP for it. */
void cg_copy_str(struct cg *g, int dst_reg, int src_reg)
{
	int ok = cg_new_label(g);

	if (src_reg != R3)
		cg_emit(g, BPF_MOV64_REG(R3, src_reg));
	if (dst_reg != R1)
		cg_emit(g, BPF_MOV64_REG(R1, dst_reg));
	/* the source address, for the fault (the call clobbers r3) */
	cg_emit(g, BPF_STX_MEM(BPF_DW, FP, R3, FP_TMP));
	cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)g->L->strmax));
	cg_call(g, BPF_FUNC_probe_read_kernel_str);
	cg_jmp_imm(g, BPF_JSGE, R0, 0, ok);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R1, FP, FP_TMP));
	cg_fault(g, DTRACEFLT_BADADDR, R1);
	cg_place(g, ok);
}

/*
 * Store the string at src_reg (which may be NULL) into the buffer at
 * dst_reg.  A string variable holding NULL is kept as the bytes 00 ff: an
 * empty string never has 0xff after its NUL, because we clear that byte.
 */
void cg_store_str(struct cg *g, int dst_reg, int src_reg)
{
	int copy = cg_new_label(g), done = cg_new_label(g);

	if (src_reg != R8)
		cg_emit(g, BPF_MOV64_REG(R8, src_reg));
	if (dst_reg != R1)
		cg_emit(g, BPF_MOV64_REG(R1, dst_reg));
	cg_jmp_imm(g, BPF_JNE, R8, 0, copy);
	cg_emit(g, BPF_ST_MEM(BPF_H, R1, 0, 0xff00));
	cg_jmp(g, done);
	cg_place(g, copy);
	cg_emit(g, BPF_ST_MEM(BPF_B, R1, 1, 0));
	cg_copy_str(g, R1, R8);
	cg_place(g, done);
}

/* r0 points to a stored string: make it NULL if it holds the NULL mark. */
void cg_load_str_mark(struct cg *g)
{
	int ok = cg_new_label(g);

	cg_emit(g, BPF_LDX_MEM(BPF_B, R1, R0, 0));
	cg_jmp_imm(g, BPF_JNE, R1, 0, ok);
	cg_emit(g, BPF_LDX_MEM(BPF_B, R1, R0, 1));
	cg_jmp_imm(g, BPF_JNE, R1, 0xff, ok);
	cg_emit(g, BPF_MOV64_IMM(R0, 0));
	cg_place(g, ok);
}

/* strlen of the string at r1 into r0 (0..strsize).  Clobbers r1-r5.
 * Memory that cannot be read has length 0, as in Oracle's dt_strlen
 * (bpf/strlen.c: "Any negative value will be converted into a 0"); so
 * substr(), basename() and dirname() of it give "", "." and ".", as
 * dt_substr, dt_basename and dt_dirname give them. */
void cg_strlen_reg(struct cg *g)
{
	cg_null_check(g, R1);
	cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)(g->L->strmax - 1)));
	cg_strfn(g, SF_STRNLEN);
	cg_emit(g, BPF_JMP_IMM(BPF_JSGE, R0, 0, 1));
	cg_emit(g, BPF_MOV64_IMM(R0, 0));
	cg_clamp_u(g, R0, (int32_t)(g->L->strmax - 1));
}

/* r0 = strcmp(r1, r2) as -1, 0, 1 over at most strsize bytes: a call of
 * a global function (strfn.c), which the verifier checks once however
 * many comparisons a clause makes.  Clobbers r0-r5. */
void cg_strcmp(struct cg *g)
{
	cg_null_check(g, R1);
	cg_null_check(g, R2);
	cg_strfn(g, SF_STRCMP);
}
