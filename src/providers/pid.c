/*
 * pid.c - the pid provider: pidPID:MODULE:FUNCTION:NAME, a function's
 * entry, its return, and any instruction of it (NAME the offset in hex,
 * "work:1c"), in one process; the objects and their symbols come from
 * pidobj.c, instruction boundaries from common/x86_insn.c.
 *
 * Probes are made on demand for a named process (pid123, pid$target): a
 * description with a glob or no NAME makes entry, return and, for a NAME
 * that can be a hex number, one probe per instruction; "entry" makes no
 * instruction probes.  A module is named as DTrace names it: the probe
 * carries the object's soname (or file name; the executable's file name)
 * and a description may say "a.out", the full path, the file name, the
 * soname, or either up to a "." ("libc"); a function alias names the
 * function's probes (pid_match).
 *
 * Every probe is uprobes at file offsets: the entry at the function's
 * first byte, an instruction at its own, and a return at each instruction
 * that leaves the function: ret (C3, C2 iw, with prefixes) and jumps (JMP,
 * Jcc) to another function's start (tail calls), found by decoding its
 * bytes from the file, as illumos's pid provider does; a jump into the
 * function's own out-of-line part (GCC's "fn.cold") is not a return, the
 * part's rets are (find_returns).  Not uretprobes: they overwrite the
 * return address on the user stack (the ELF entry point has none, C++
 * unwinding and anything that reads its own return address break).  A
 * function leaving by another path (an indirect tail call, longjmp, a call
 * that does not return) shows no return there.  A return probe fires
 * before its instruction runs: ustack() there starts at the return address
 * (cg_ctxops ustack_at_ret), as DTrace's does after the return.
 *
 * Refused rather than risked (nothing is probed, the reason said where a
 * description matched nothing else):
 *   - a function whose bytes do not decode as instructions up to its end
 *     (data in the text, or what x86_insn.c does not know): no return or
 *     instruction probes, since a boundary taken from a wrong decoding
 *     could put a breakpoint inside an instruction or over data;
 *   - instructions the kernel will not place a uprobe on (x86_insn_uprobe_ok),
 *     and a return probe with such a return site;
 *   - a return probe for a function that jumps out of itself to code that
 *     is no function's start and no part of it dtrace knows (in a stripped
 *     object without a debug file: its .cold part has no symbol);
 *   - an offset that is not an instruction start, or past the function.
 * What remains unsafe: bytes in a function's text that decode cleanly but
 * are data (a jump table in .text: compilers for x86-64 put them in
 * .rodata, hand-written assembly may not) would be overwritten by a probe
 * named at one of their "instructions".
 *
 * Arguments: at entry and instruction probes arg0..arg5 are the argument
 * registers and arg6.. the caller's stack (meaningful at the entry); at a
 * return, arg0 is the offset of the return instruction in the function and
 * arg1 the return value (%rax), as in DTrace.  A probe's BPF cookie is its
 * id in the low 32 bits and the site's offset in the function in the high
 * 32 bits (pid_prologue keeps the id).
 */
#include "provider.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../bpf/pt_regs.h"
#include "../common/util.h"
#include "../common/x86_insn.h"
#include "pidobj.h"
#include "uprobe.h"

enum pid_kind { PID_ENTRY, PID_RETURN, PID_OFFSET };

/* What a pid probe is, by probe id in pid_state (its sites are
 * uprobe.c's, which owns p->arg). */
struct pid_probe {
	int pid;
	struct pidobj_file *obj;
	const struct pidobj_func *fn;	/* the function (its preferred alias) */
	enum pid_kind kind;
	uint32_t off;			/* PID_OFFSET: the instruction's offset */
};

/* One handle's pid provider. */
struct pid_state {
	struct pidobj_set *objs;
	struct pid_probe **by_id;	/* indexed by probe id; NULL: not pid's */
	size_t nby_id;
	char why[512];			/* the last description's refusal, or "" */
};

extern const struct dt_provider dt_provider_pid_entry;

static void pid_state_fini(void *arg)
{
	struct pid_state *st = arg;

	for (size_t i = 0; i < st->nby_id; i++)
		free(st->by_id[i]);
	free(st->by_id);
	pidobj_set_destroy(st->objs);
}

static struct pid_state *state(struct dt_probes *tab)
{
	struct pid_state *st = probes_pvstate(tab, &dt_provider_pid_entry, sizeof(struct pid_state), pid_state_fini);

	if (!st->objs)
		st->objs = pidobj_set_create();
	return st;
}

static struct pid_probe *pid_probe_of(const struct dt_probe *p)
{
	struct pid_state *st = state(p->tab);

	return p->id < st->nby_id ? st->by_id[p->id] : NULL;
}

/* The pid of "pid123", or 0. */
static int prov_pid(const char *prov)
{
	if (strncmp(prov, "pid", 3) != 0 || !isdigit((unsigned char)prov[3]))
		return 0;
	for (const char *p = prov + 3; *p; p++)
		if (!isdigit((unsigned char)*p))
			return 0;
	return atoi(prov + 3);
}

/* Why a description matched nothing: DTrace's tag, a space, and its
 * message ("D_PROC_FUNC failed to lookup ..."), or the message alone
 * (D_PDESC_ZERO). */
static void why(struct pid_state *st, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void why(struct pid_state *st, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(st->why, sizeof(st->why), fmt, ap);
	va_end(ap);
}

/* A uprobe of a probe: where in its function (a return site in the
 * function's .cold part is before it or far after it) and in the file. */
struct pid_site {
	int64_t rel;
	uint64_t foff;
};

/* A function's instructions, decoded from its bytes in the file, and
 * where it returns. */
struct pid_text {
	int clean;		/* decoded up to exactly its end */
	uint32_t *offs;		/* instruction starts */
	uint8_t *ok;		/* x86_insn_uprobe_ok of each */
	int n;
	struct pid_site *rets;	/* return sites (when ret_why is NULL) */
	int nrets, caprets;
	const char *ret_why;	/* why it can have no return probe, or NULL */
};

static void text_free(struct pid_text *t)
{
	free(t->offs);
	free(t->ok);
	free(t->rets);
}

/* The instruction starts of size bytes of code, and whether uprobes take
 * each; returns their number, or -1 if the bytes do not decode to their end. */
static int decode_insns(const uint8_t *code, uint64_t size, uint32_t **offs, uint8_t **ok)
{
	int n = 0;

	*offs = xmalloc((size_t)size * sizeof(uint32_t));
	*ok = xmalloc((size_t)size);
	for (uint64_t off = 0; off < size;) {
		int len = x86_insn_len(code + off, size - off);
		if (len <= 0)
			return -1;
		(*offs)[n] = (uint32_t)off;
		(*ok)[n++] = (uint8_t)x86_insn_uprobe_ok(code + off, size - off);
		off += (uint64_t)len;
	}
	return n;
}

static void add_return(struct pid_text *t, int64_t rel, uint64_t foff, int ok)
{
	if (!ok)
		t->ret_why = "the kernel's uprobes cannot take one of its return instructions";
	if (t->nrets == t->caprets) {
		t->caprets = t->caprets ? t->caprets * 2 : 8;
		t->rets = xrealloc(t->rets, (size_t)t->caprets * sizeof(*t->rets));
	}
	t->rets[t->nrets++] = (struct pid_site){ rel, foff };
}

/*
 * The return sites of fn: its rets and its jumps that leave it, where a
 * jump leaves to a function's start (a tail call: a symbol there, or the
 * PLT) or into its own .cold part, whose return sites are fn's too.  A
 * jump elsewhere outside it is a tail call only to where a function can
 * begin in a stripped object: an unconditional jump to a 16-byte boundary
 * (GCC aligns functions so) outside every known function; any other (into
 * another function's middle, a conditional one into code with no symbol:
 * a .cold part of a stripped object) makes fn's returns unknowable, and fn
 * gets no return probe rather than one that fires where it does not
 * return or misses where it does.
 */
static void find_returns(struct pidobj_file *obj, const struct pidobj_func *fn, struct pid_text *t)
{
	const struct pidobj_func *parts[8] = { fn };
	int nparts = 1;

	for (int p = 0; p < nparts && !t->ret_why; p++) {
		const struct pidobj_func *part = parts[p];
		const uint8_t *code = pidobj_func_text(obj, part);
		for (uint64_t off = 0; code && off < part->size && !t->ret_why;) {
			struct x86_insn in;
			int len = x86_insn_decode(code + off, part->size - off, &in);
			if (len <= 0) {
				t->ret_why = "its out-of-line (.cold) part could not all be decoded";
				break;
			}
			int ok = x86_insn_uprobe_ok(code + off, part->size - off);
			int64_t rel = (int64_t)(part->addr + off) - (int64_t)fn->addr;
			int jcc = (in.map == X86_MAP_ONE_BYTE && in.opcode >= 0x70 && in.opcode <= 0x7f) ||
				  (in.map == X86_MAP_0F && in.opcode >= 0x80 && in.opcode <= 0x8f);
			int jmp = in.map == X86_MAP_ONE_BYTE && (in.opcode == 0xe9 || in.opcode == 0xeb);
			if (in.map == X86_MAP_ONE_BYTE && (in.opcode == 0xc3 || in.opcode == 0xc2)) {
				add_return(t, rel, part->off + off, ok);
			} else if ((jcc || jmp) && in.rel_len) {
				uint64_t to = part->addr + off + (uint64_t)len + (uint64_t)(int64_t)in.rel;
				const struct pidobj_func *c;
				int inside = 0;
				for (int k = 0; k < nparts; k++)
					inside |= to >= parts[k]->addr && to < parts[k]->addr + parts[k]->size;
				c = inside ? NULL : pidobj_func_containing(obj, to);
				if (inside)
					;
				else if (c && pidobj_is_cold_part(obj, fn, c)) {
					if (nparts < (int)ARRAY_SIZE(parts))
						parts[nparts++] = c;
					else
						t->ret_why = "it has too many out-of-line parts";
				} else if (pidobj_func_starts_at(obj, to) || pidobj_in_plt(obj, to))
					add_return(t, rel, part->off + off, ok);
				else if (!c && jmp && !(to & 15))
					add_return(t, rel, part->off + off, ok);
				else
					t->ret_why = "it jumps out of itself to code that is no function's start "
						     "(an out-of-line part without a symbol)";
			}
			off += (uint64_t)len;
		}
	}
	if (!t->ret_why && !t->nrets)
		t->ret_why = "it has no return instruction (it does not return)";
}

static void text_decode(struct pidobj_file *obj, const struct pidobj_func *fn, int returns, struct pid_text *t)
{
	const uint8_t *code = pidobj_func_text(obj, fn);

	memset(t, 0, sizeof(*t));
	if (!code || fn->size > UINT32_MAX)
		return;
	t->n = decode_insns(code, fn->size, &t->offs, &t->ok);
	t->clean = t->n >= 0;
	if (!t->clean) {
		t->n = 0;
		t->ret_why = "its instructions could not all be decoded";
	} else if (returns) {
		find_returns(obj, fn, t);
	}
}

/* Make probe name of kind in pd's provider for fn of obj named fname,
 * with uprobes at sites; returns it, or NULL if it existed already. */
static struct dt_probe *make_probe(struct dt_probes *tab, const struct dt_pdesc *pd, int pid,
				   struct pidobj_file *obj, const struct pidobj_func *fn, const char *fname,
				   const char *name, enum pid_kind kind, uint32_t off, const struct pid_site *sites,
				   int nsites)
{
	struct pid_state *st = state(tab);
	const struct dt_provider *pv = kind == PID_RETURN ? &dt_provider_pid_return : &dt_provider_pid_entry;
	struct pid_probe *pp;
	struct dt_probe *p;

	if (probe_lookup(tab, pd->prov, obj->name, fname, name))
		return NULL;
	p = probe_create_in(tab, pv, pd->prov, obj->name, fname, name, 0);
	for (int i = 0; i < nsites; i++) {
		/* the cookie: the probe id, and where in the function */
		uint64_t where = (uint32_t)(int32_t)sites[i].rel;
		struct uprobe_site s = { obj->path, sites[i].foff, 0, p->id | where << 32, pid, 0 };
		uprobe_site_add(p, &s);
	}
	pp = xcalloc(1, sizeof(*pp));
	pp->pid = pid;
	pp->obj = obj;
	pp->fn = fn;
	pp->kind = kind;
	pp->off = off;
	if (p->id >= st->nby_id) {
		size_t n = st->nby_id ? st->nby_id : 256;
		while (n <= p->id)
			n *= 2;
		st->by_id = xrealloc(st->by_id, n * sizeof(*st->by_id));
		memset(st->by_id + st->nby_id, 0, (n - st->nby_id) * sizeof(*st->by_id));
		st->nby_id = n;
	}
	st->by_id[p->id] = pp;
	return p;
}

/* What a description's NAME asks for. */
struct pid_want {
	int entry, ret;
	int offsets;		/* instruction probes whose hex name matches */
	int one;		/* just the offset off (a name that is a number) */
	uint64_t off;
	const char *glob;	/* the name's glob, or NULL for any */
};

static int is_hex_name(const char *s, uint64_t *v)
{
	char *end;

	if (!*s || !isxdigit((unsigned char)*s))
		return 0;
	errno = 0;
	*v = strtoull(s, &end, 16);
	return !*end && !errno;
}

/* The probes of function fn (whose probes are named fname) of obj. */
static void provide_function(struct dt_probes *tab, const struct dt_pdesc *pd, int pid, struct pidobj_file *obj,
			     const struct pidobj_func *fn, const char *fname, const struct pid_want *w)
{
	struct pid_state *st = state(tab);
	const uint8_t *code = pidobj_func_text(obj, fn);
	struct pid_text t = { 0 };
	struct pid_site entry = { 0, fn->off };

	if (!code)
		return;
	if (w->ret || w->offsets || w->one)
		text_decode(obj, fn, w->ret, &t);
	if (w->ret) {
		if (t.ret_why)
			why(st, "pid: no return probe for %s`%s: %s", obj->name, fname, t.ret_why);
		else
			make_probe(tab, pd, pid, obj, fn, fname, "return", PID_RETURN, 0, t.rets, t.nrets);
	}
	if (w->entry) {
		/* (pthread_spin_lock begins with a lock decl) */
		if (!x86_insn_uprobe_ok(code, fn->size))
			why(st, "pid: no entry probe for %s`%s: the kernel's uprobes cannot take its first instruction",
			    obj->name, fname);
		else
			make_probe(tab, pd, pid, obj, fn, fname, "entry", PID_ENTRY, 0, &entry, 1);
	}
	if (w->one) {
		int i = 0;
		if (w->off >= fn->size)
			why(st, "D_PROC_OFF offset 0x%llx outside of function '%s'", (unsigned long long)w->off, fname);
		else if (!t.clean)
			why(st, "pid: no instruction probes in %s`%s: its instructions could not all be decoded",
			    obj->name, fname);
		else {
			while (i < t.n && t.offs[i] < w->off)
				i++;
			if (i == t.n || t.offs[i] != w->off)
				why(st, "pid: %s`%s+0x%llx is not the start of an instruction", obj->name, fname,
				    (unsigned long long)w->off);
			else if (!t.ok[i])
				why(st, "pid: the kernel's uprobes cannot take the instruction at %s`%s+0x%llx", obj->name,
				    fname, (unsigned long long)w->off);
			else {
				char name[20];
				struct pid_site at = { t.offs[i], fn->off + t.offs[i] };
				snprintf(name, sizeof(name), "%x", t.offs[i]);
				make_probe(tab, pd, pid, obj, fn, fname, name, PID_OFFSET, t.offs[i], &at, 1);
			}
		}
	}
	if (w->offsets && t.clean) {
		for (int i = 0; i < t.n; i++) {
			char name[20];
			struct pid_site at = { t.offs[i], fn->off + t.offs[i] };
			snprintf(name, sizeof(name), "%x", t.offs[i]);
			if ((w->glob && !dt_glob_match(w->glob, name)) || !t.ok[i])
				continue;
			make_probe(tab, pd, pid, obj, fn, fname, name, PID_OFFSET, t.offs[i], &at, 1);
		}
	}
	text_free(&t);
}

/* The functions of obj that pd's FUNCTION names. */
static void provide_object(struct dt_probes *tab, const struct dt_pdesc *pd, int pid, struct pidobj_file *obj,
			   const struct pid_want *w, int exact_mod)
{
	struct pid_state *st = state(tab);

	if (*pd->func && !dt_is_glob(pd->func)) {
		const struct pidobj_func *fn = pidobj_func_named(obj, pd->func);
		if (fn)
			provide_function(tab, pd, pid, obj, fn, fn->name, w);
		else if (exact_mod)
			why(st, "D_PROC_FUNC failed to lookup '%s' in module '%s'", pd->func, pd->mod);
		return;
	}
	for (size_t i = 0; i < obj->nfuncs; i++) {
		const struct pidobj_func *fn = &obj->funcs[i];
		const char *fname = NULL;
		/* the first of its aliases (preferred first) that the glob
		 * takes names it: one probe per function, not per name */
		for (; i < obj->nfuncs && obj->funcs[i].head == fn - obj->funcs; i++)
			if (!fname && (!*pd->func || dt_glob_match(pd->func, obj->funcs[i].name)))
				fname = obj->funcs[i].name;
		i--;
		/* as DTrace: _init and _fini only when named */
		if (!fname || strcmp(fname, "_init") == 0 || strcmp(fname, "_fini") == 0)
			continue;
		provide_function(tab, pd, pid, obj, fn, fname, w);
	}
}

/*
 * A provider name ending in a digit may name a process (DTrace's
 * dt_setcontext and dt_pid_get_pid): the digits after its last other
 * character must be a pid above 0, and pid0 is never one.  Says why not.
 */
static int check_pid_name(struct pid_state *st, const char *prov)
{
	size_t n = strlen(prov);
	const char *last = NULL;

	if (n == 0 || !isdigit((unsigned char)prov[n - 1]))
		return 0;
	if (strcmp(prov, "pid0") == 0) {
		why(st, "D_PROC_BADPID pid0 does not contain a valid pid");
		return -1;
	}
	for (const char *c = prov; *c; c++)
		if (!isdigit((unsigned char)*c))
			last = c;
	if (!last) {
		why(st, "D_PROC_BADPROV '%s' is not a valid provider", prov);
		return -1;
	}
	errno = 0;
	long pid = strtol(last + 1, NULL, 10);
	if (errno != 0 || pid <= 0 || pid > INT_MAX) {
		why(st, "D_PROC_BADPID '%s' does not contain a valid pid", prov);
		return -1;
	}
	return 0;
}

static void pid_provide(struct dt_probes *tab, const struct dt_pdesc *pd)
{
	struct pid_state *st = state(tab);
	int pid = pd ? prov_pid(pd->prov) : 0;
	struct pid_want w = { 0 };
	struct pidobj_proc *pr;

	st->why[0] = 0;
	if (pd && check_pid_name(st, pd->prov) < 0)
		return;
	if (!pid)
		return;		/* pid probes exist only for a named process */
	if (!(pr = pidobj_proc_read(st->objs, pid))) {
		why(st, "D_PROC_GRAB failed to grab process %d", pid);
		return;
	}
	if (!*pd->name || dt_is_glob(pd->name)) {
		w.entry = !*pd->name || dt_glob_match(pd->name, "entry");
		w.ret = !*pd->name || dt_glob_match(pd->name, "return");
		w.offsets = 1;
		w.glob = *pd->name ? pd->name : NULL;
	} else if (strcmp(pd->name, "entry") == 0) {
		w.entry = 1;
	} else if (strcmp(pd->name, "return") == 0) {
		w.ret = 1;
	} else if (is_hex_name(pd->name, &w.off)) {
		w.one = 1;
	} else {
		why(st, "D_PROC_NAME '%s' is an invalid probe name", pd->name);
		return;
	}
	if (*pd->mod && !dt_is_glob(pd->mod)) {
		struct pidobj_file *obj = pidobj_module(pr, pd->mod);
		/* a library it may dlopen() later: a uprobe names a file */
		if (!obj)
			obj = pidobj_lookup_lib(st->objs, pr, pd->mod);
		if (obj)
			provide_object(tab, pd, pid, obj, &w, 1);
		return;
	}
	for (int i = 0; i < pr->nobjs; i++)
		if (!*pd->mod || dt_glob_match(pd->mod, pr->objs[i]->name))
			provide_object(tab, pd, pid, pr->objs[i], &w, 0);
}

static const char *pid_unavailable(struct dt_probes *tab)
{
	struct pid_state *st = state(tab);

	return st->why[0] ? st->why : NULL;
}

static int field_match(const char *pat, const char *s)
{
	return !*pat || dt_glob_match(pat, s);
}

/* A pid probe answers to its own names and to DTrace's aliases: the
 * module's (pidobj_module), a function's other symbols, an offset written
 * otherwise ("0x1C"). */
static int pid_match(const struct dt_probe *p, const struct dt_pdesc *pd)
{
	struct pid_probe *pp = pid_probe_of(p);
	uint64_t off;

	if (!field_match(pd->prov, p->prov))
		return 0;
	if (!pp)
		return field_match(pd->mod, p->mod) && field_match(pd->func, p->func) && field_match(pd->name, p->name);
	if (*pd->mod && !dt_is_glob(pd->mod)) {
		struct pidobj_proc *pr = pidobj_proc_find(state(p->tab)->objs, pp->pid);
		if (strcmp(pd->mod, p->mod) != 0 && (!pr || pidobj_module(pr, pd->mod) != pp->obj))
			return 0;
	} else if (!field_match(pd->mod, p->mod)) {
		return 0;
	}
	if (*pd->func && !dt_is_glob(pd->func)) {
		if (strcmp(pd->func, p->func) != 0 && pidobj_func_named(pp->obj, pd->func) != pp->fn)
			return 0;
	} else if (!field_match(pd->func, p->func)) {
		return 0;
	}
	if (pp->kind == PID_OFFSET && *pd->name && !dt_is_glob(pd->name) && strcmp(pd->name, p->name) != 0)
		return is_hex_name(pd->name, &off) && off == pp->off;
	return field_match(pd->name, p->name);
}

/* The probe id: the cookie's low 32 bits (the high ones are the site). */
static void pid_prologue(struct cg *g, int out)
{
	cg_prologue_cookie(g, out);
	cg_emit(g, BPF_MOV32_REG(BPF_REG_0, BPF_REG_0));
}

/* At entry: six registers, then the caller's stack above the return
 * address (arg6 at 8(%rsp)). */
static void pid_gen_arg(struct cg *g, int i)
{
	if (i < 6) {
		cg_emit(g, BPF_LDX_MEM(BPF_DW, BPF_REG_0, BPF_REG_6, pt_regs_arg(i)));
		return;
	}
	cg_emit(g, BPF_LDX_MEM(BPF_DW, BPF_REG_3, BPF_REG_6, PT_REGS_SP));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, BPF_REG_3, 8 * (i - 5)));
	cg_read_user_u64(g);
}

/* At a return: arg0 the return site's offset (the cookie's high half,
 * signed: a .cold part may lie before the function; 0 where the program
 * has no cookie), arg1 the return value. */
static void pid_return_gen_arg(struct cg *g, int i)
{
	if (i == 0) {
		cg_attach_cookie(g);
		cg_emit(g, BPF_ALU64_IMM(BPF_ARSH, BPF_REG_0, 32));
	} else if (i == 1) {
		cg_emit(g, BPF_LDX_MEM(BPF_DW, BPF_REG_0, BPF_REG_6, PT_REGS_AX));
	} else {
		cg_emit(g, BPF_MOV64_IMM(BPF_REG_0, 0));
	}
}

/* Entry and instruction probes. */
const struct dt_provider dt_provider_pid_entry = {
	.on_demand = 1,
	.name = "pid",
	.prog_name = "dt_pid",
	.cg = {
		.gen_prologue = pid_prologue,
		.gen_arg = pid_gen_arg,
	},
	.prog_type = BPF_PROG_TYPE_KPROBE,
	.provide = pid_provide,
	.attach = uprobe_attach,
	.detach = uprobe_detach,
	.attach_all = uprobe_attach_all,
	.load_attach_type = uprobe_load_attach_type,
	.unavailable = pid_unavailable,
	.match = pid_match,
};

/* Return probes see other arguments, so they are another attach kind. */
const struct dt_provider dt_provider_pid_return = {
	.on_demand = 1,
	.name = "pid",
	.prog_name = "dt_pidret",
	.cg = {
		.gen_prologue = pid_prologue,
		.gen_arg = pid_return_gen_arg,
		.ustack_at_ret = 1,
	},
	.prog_type = BPF_PROG_TYPE_KPROBE,
	.provide = NULL,
	.attach = uprobe_attach,
	.detach = uprobe_detach,
	.attach_all = uprobe_attach_all,
	.load_attach_type = uprobe_load_attach_type,
	.match = pid_match,
};
