/*
 * contention.c - the stable providers' lock contention mechanism
 * (STABLE_CONTENTION, stable.h): a probe that fires where a contended lock
 * is acquired (the lock:contention_end tracepoint) with what was seen since
 * its lock:contention_begin events: their LCB_F_* flags (which kind of lock
 * it is and whether the thread spun or slept) and the time spent spinning
 * and blocked.  lockstat's *-block and *-spin probes are made of it
 * (lockstat.c): DTrace gives the time only once the lock is held.
 *
 * Linux calls contention_begin(lock, flags) each time a waiting thread
 * changes what it does (a mutex: LCB_F_MUTEX|LCB_F_SPIN while it spins on
 * the owner, LCB_F_MUTEX when it goes to sleep, again SPIN after a
 * wake-up...), then contention_end(lock, ret) once, when it holds the lock
 * (ret 0) or gave up (-EINTR...).  A program of ours (begin_insns), loaded
 * with the probes' map and attached to contention_begin once one of these
 * probes is attached, keeps per thread the contentions under way: each
 * begin closes the previous segment of the same lock, adding its time to
 * "spun" when its flags had LCB_F_SPIN, else to "blocked".  The probes'
 * program (the D clauses, on contention_end) closes the last segment in its
 * prologue and reads the totals as arg2..arg4.
 *
 * The map (the program's CGM_PROV, made by load_map): an LRU hash of
 * thread id -> struct per_thread below.  A thread waits on at most a few
 * locks at once (a mutex, then the spinlock guarding its wait list; an
 * interrupt taking another lock on the same thread): NSLOT of them are kept,
 * and a contention beyond that, or of a thread evicted from the LRU map, is
 * not reported.  A contention whose begin came before tracing started is not
 * reported either (no slot), and none is reported twice: a slot is marked
 * done by the first probe program at its end, and only a later begin reuses
 * it.  The begin program is attached after the first end probe, so every
 * contention it sees begin has its end seen.
 */
#include "provider.h"

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "stable.h"
#include "tracefs.h"

#define NSLOT 4
#define LCB_F_SPIN 1	/* include/trace/events/lock.h, 5.19 to 6.18 */

/* One contention under way (or just ended: done) on a thread. */
struct slot {
	uint64_t lock;		/* the lock's address; 0: free */
	uint64_t seg_ts;	/* when its current segment began (ktime ns) */
	uint64_t seg_flags;	/* that segment's contention_begin flags */
	uint64_t spin_ns;	/* closed segments' time with LCB_F_SPIN */
	uint64_t block_ns;	/* closed segments' time without it */
	uint64_t flags;		/* every begin's flags, or'ed */
	uint64_t done;		/* ended: reused by the next begin */
	uint64_t pad;
};

struct per_thread {
	struct slot slot[NSLOT];
	/* the contention ending now, as the probe program's arguments read it */
	uint64_t last_spin_ns, last_block_ns, last_flags;
};

#define SLOT_OFF(s, f) ((int16_t)(offsetof(struct per_thread, slot) + (s) * sizeof(struct slot) + offsetof(struct slot, f)))
#define LAST_OFF(f) ((int16_t)offsetof(struct per_thread, f))
#define MAP_ENTRIES 4096

/* The table's state: the begin program and its attachment. */
struct contention_state {
	int begin_prog;		/* fd, or 0 */
	int begin_link;		/* fd, or 0 */
	int nattached;		/* end probes attached */
};

static void state_fini(void *arg)
{
	struct contention_state *st = arg;

	if (st->begin_link > 0)
		close(st->begin_link);
	if (st->begin_prog > 0)
		close(st->begin_prog);
}

static struct contention_state *state(struct dt_probes *tab)
{
	return probes_pvstate(tab, &dt_provider_stable_contention, sizeof(struct contention_state), state_fini);
}

/* A few instructions with forward jumps to labels, for begin_insns. */
#define MAXINSN 512
#define MAXLABEL 32
struct asm_buf {
	struct bpf_insn v[MAXINSN];
	int n;
	int at[MAXLABEL];		/* label -> instruction index */
	int fix[MAXINSN];		/* instruction -> label + 1, or 0 */
};

static void put(struct asm_buf *a, struct bpf_insn in)
{
	if (a->n < MAXINSN)
		a->v[a->n++] = in;
}

static void jmp_to(struct asm_buf *a, struct bpf_insn in, int label)
{
	if (a->n < MAXINSN)
		a->fix[a->n] = label + 1;
	put(a, in);
}

static void place(struct asm_buf *a, int label)
{
	a->at[label] = a->n;
}

static void resolve(struct asm_buf *a)
{
	for (int i = 0; i < a->n; i++)
		if (a->fix[i])
			a->v[i].off = (int16_t)(a->at[a->fix[i] - 1] - i - 1);
}

static void put_map(struct asm_buf *a, int reg, int map_fd)
{
	put(a, BPF_LD_IMM64_LO(reg, BPF_PSEUDO_MAP_FD, map_fd));
	put(a, BPF_LD_IMM64_HI(0));
}

/*
 * The program on contention_begin(lock, flags): r7 = this thread's entry
 * (made zeroed if missing), r8 = lock, r9 = flags, r5 = now.  A slot of
 * this lock not done gets a new segment (the old one's time added to spun
 * or blocked); else the first free or done slot starts a contention (slot
 * 0 if none is: the contention there is lost).
 */
static int begin_insns(struct asm_buf *a, int map_fd)
{
	enum { L_EXIT, L_HAVE, L_MATCH0, L_INIT0 = L_MATCH0 + NSLOT, L_NEXT0 = L_INIT0 + NSLOT,
	       L_BLOCK0 = L_NEXT0 + NSLOT, L_UPD0 = L_BLOCK0 + NSLOT, L_FREE_NEXT0 = L_UPD0 + NSLOT };
	const int16_t key = -8, val = (int16_t)(-8 - (int)sizeof(struct per_thread));

	_Static_assert(L_FREE_NEXT0 + NSLOT <= MAXLABEL, "labels");
	memset(a, 0, sizeof(*a));
	put(a, BPF_MOV64_REG(BPF_REG_6, BPF_REG_1));
	put(a, BPF_CALL_HELPER(BPF_FUNC_get_current_pid_tgid));
	put(a, BPF_STX_MEM(BPF_W, BPF_REG_10, BPF_REG_0, key));
	put_map(a, BPF_REG_1, map_fd);
	put(a, BPF_MOV64_REG(BPF_REG_2, BPF_REG_10));
	put(a, BPF_ALU64_IMM(BPF_ADD, BPF_REG_2, key));
	put(a, BPF_CALL_HELPER(BPF_FUNC_map_lookup_elem));
	jmp_to(a, BPF_JMP_IMM(BPF_JNE, BPF_REG_0, 0, 0), L_HAVE);
	/* the thread's first contention: a zeroed entry */
	for (int off = 0; off < (int)sizeof(struct per_thread); off += 8)
		put(a, BPF_ST_MEM(BPF_DW, BPF_REG_10, val + off, 0));
	put_map(a, BPF_REG_1, map_fd);
	put(a, BPF_MOV64_REG(BPF_REG_2, BPF_REG_10));
	put(a, BPF_ALU64_IMM(BPF_ADD, BPF_REG_2, key));
	put(a, BPF_MOV64_REG(BPF_REG_3, BPF_REG_10));
	put(a, BPF_ALU64_IMM(BPF_ADD, BPF_REG_3, val));
	put(a, BPF_MOV64_IMM(BPF_REG_4, 0));
	put(a, BPF_CALL_HELPER(BPF_FUNC_map_update_elem));
	put_map(a, BPF_REG_1, map_fd);
	put(a, BPF_MOV64_REG(BPF_REG_2, BPF_REG_10));
	put(a, BPF_ALU64_IMM(BPF_ADD, BPF_REG_2, key));
	put(a, BPF_CALL_HELPER(BPF_FUNC_map_lookup_elem));
	jmp_to(a, BPF_JMP_IMM(BPF_JEQ, BPF_REG_0, 0, 0), L_EXIT);
	place(a, L_HAVE);
	put(a, BPF_MOV64_REG(BPF_REG_7, BPF_REG_0));
	put(a, BPF_LDX_MEM(BPF_DW, BPF_REG_8, BPF_REG_6, 0));
	put(a, BPF_LDX_MEM(BPF_DW, BPF_REG_9, BPF_REG_6, 8));
	put(a, BPF_ALU64_IMM(BPF_LSH, BPF_REG_9, 32));
	put(a, BPF_ALU64_IMM(BPF_RSH, BPF_REG_9, 32));
	put(a, BPF_CALL_HELPER(BPF_FUNC_ktime_get_ns));
	put(a, BPF_MOV64_REG(BPF_REG_5, BPF_REG_0));
	/* a contention of this lock under way */
	for (int s = 0; s < NSLOT; s++) {
		put(a, BPF_LDX_MEM(BPF_DW, BPF_REG_1, BPF_REG_7, SLOT_OFF(s, lock)));
		jmp_to(a, BPF_JMP_REG(BPF_JNE, BPF_REG_1, BPF_REG_8, 0), L_NEXT0 + s);
		put(a, BPF_LDX_MEM(BPF_DW, BPF_REG_1, BPF_REG_7, SLOT_OFF(s, done)));
		jmp_to(a, BPF_JMP_IMM(BPF_JEQ, BPF_REG_1, 0, 0), L_MATCH0 + s);
		place(a, L_NEXT0 + s);
	}
	/* else a free or ended slot */
	for (int s = 0; s < NSLOT; s++) {
		put(a, BPF_LDX_MEM(BPF_DW, BPF_REG_1, BPF_REG_7, SLOT_OFF(s, lock)));
		jmp_to(a, BPF_JMP_IMM(BPF_JEQ, BPF_REG_1, 0, 0), L_INIT0 + s);
		put(a, BPF_LDX_MEM(BPF_DW, BPF_REG_1, BPF_REG_7, SLOT_OFF(s, done)));
		jmp_to(a, BPF_JMP_IMM(BPF_JNE, BPF_REG_1, 0, 0), L_INIT0 + s);
	}
	jmp_to(a, BPF_JMP_A(0), L_INIT0);
	for (int s = 0; s < NSLOT; s++) {
		place(a, L_INIT0 + s);
		put(a, BPF_STX_MEM(BPF_DW, BPF_REG_7, BPF_REG_8, SLOT_OFF(s, lock)));
		put(a, BPF_STX_MEM(BPF_DW, BPF_REG_7, BPF_REG_5, SLOT_OFF(s, seg_ts)));
		put(a, BPF_STX_MEM(BPF_DW, BPF_REG_7, BPF_REG_9, SLOT_OFF(s, seg_flags)));
		put(a, BPF_ST_MEM(BPF_DW, BPF_REG_7, SLOT_OFF(s, spin_ns), 0));
		put(a, BPF_ST_MEM(BPF_DW, BPF_REG_7, SLOT_OFF(s, block_ns), 0));
		put(a, BPF_STX_MEM(BPF_DW, BPF_REG_7, BPF_REG_9, SLOT_OFF(s, flags)));
		put(a, BPF_ST_MEM(BPF_DW, BPF_REG_7, SLOT_OFF(s, done), 0));
		jmp_to(a, BPF_JMP_A(0), L_EXIT);
	}
	for (int s = 0; s < NSLOT; s++) {
		place(a, L_MATCH0 + s);
		put(a, BPF_MOV64_REG(BPF_REG_1, BPF_REG_5));
		put(a, BPF_LDX_MEM(BPF_DW, BPF_REG_2, BPF_REG_7, SLOT_OFF(s, seg_ts)));
		put(a, BPF_ALU64_REG(BPF_SUB, BPF_REG_1, BPF_REG_2));
		put(a, BPF_LDX_MEM(BPF_DW, BPF_REG_2, BPF_REG_7, SLOT_OFF(s, seg_flags)));
		put(a, BPF_ALU64_IMM(BPF_AND, BPF_REG_2, LCB_F_SPIN));
		jmp_to(a, BPF_JMP_IMM(BPF_JEQ, BPF_REG_2, 0, 0), L_BLOCK0 + s);
		put(a, BPF_LDX_MEM(BPF_DW, BPF_REG_2, BPF_REG_7, SLOT_OFF(s, spin_ns)));
		put(a, BPF_ALU64_REG(BPF_ADD, BPF_REG_2, BPF_REG_1));
		put(a, BPF_STX_MEM(BPF_DW, BPF_REG_7, BPF_REG_2, SLOT_OFF(s, spin_ns)));
		jmp_to(a, BPF_JMP_A(0), L_UPD0 + s);
		place(a, L_BLOCK0 + s);
		put(a, BPF_LDX_MEM(BPF_DW, BPF_REG_2, BPF_REG_7, SLOT_OFF(s, block_ns)));
		put(a, BPF_ALU64_REG(BPF_ADD, BPF_REG_2, BPF_REG_1));
		put(a, BPF_STX_MEM(BPF_DW, BPF_REG_7, BPF_REG_2, SLOT_OFF(s, block_ns)));
		place(a, L_UPD0 + s);
		put(a, BPF_STX_MEM(BPF_DW, BPF_REG_7, BPF_REG_5, SLOT_OFF(s, seg_ts)));
		put(a, BPF_STX_MEM(BPF_DW, BPF_REG_7, BPF_REG_9, SLOT_OFF(s, seg_flags)));
		put(a, BPF_LDX_MEM(BPF_DW, BPF_REG_2, BPF_REG_7, SLOT_OFF(s, flags)));
		put(a, BPF_ALU64_REG(BPF_OR, BPF_REG_2, BPF_REG_9));
		put(a, BPF_STX_MEM(BPF_DW, BPF_REG_7, BPF_REG_2, SLOT_OFF(s, flags)));
		jmp_to(a, BPF_JMP_A(0), L_EXIT);
	}
	place(a, L_EXIT);
	put(a, BPF_MOV64_IMM(BPF_REG_0, 0));
	put(a, BPF_EXIT_INSN());
	resolve(a);
	return a->n < MAXINSN ? a->n : -E2BIG;
}

/* The map of every thread's contentions, and the begin program that fills
 * it (loaded now, attached with the first probe). */
static int contention_load_map(struct dt_probes *tab)
{
	struct contention_state *st = state(tab);
	struct asm_buf a;
	int map, n;

	map = bpf_map_create(BPF_MAP_TYPE_LRU_HASH, "dt_contention", 4, sizeof(struct per_thread), MAP_ENTRIES,
			     NULL);
	if (map < 0)
		return -errno;
	n = begin_insns(&a, map);
	if (n < 0) {
		close(map);
		return n;
	}
	if (st->begin_prog > 0)
		close(st->begin_prog);
	st->begin_prog = bpf_prog_load(BPF_PROG_TYPE_RAW_TRACEPOINT, "dt_lock_begin", "GPL", a.v, (size_t)n, NULL);
	if (st->begin_prog < 0) {
		int err = -errno;
		st->begin_prog = 0;
		close(map);
		return err;
	}
	return map;
}

static int contention_attach(struct dt_probe *p, int prog_fd)
{
	struct contention_state *st = state(p->tab);
	/* one site: lock:contention_end */
	int fd = rawtp_open(stable_site(p, 0), prog_fd, p->id);

	/* before 6.10 a raw tracepoint takes no cookie (one instance per probe) */
	if (fd == -EINVAL)
		fd = rawtp_open(stable_site(p, 0), prog_fd, 0);
	if (fd < 0)
		return fd;
	if (!st->begin_link) {
		int link = st->begin_prog > 0 ? rawtp_open("contention_begin", st->begin_prog, 0) : -ENOENT;
		if (link < 0) {
			close(fd);
			return link;
		}
		st->begin_link = link;
	}
	st->nattached++;
	return probe_hold_fd(p, fd);
}

static void contention_detach(struct dt_probe *p)
{
	struct contention_state *st = state(p->tab);

	if (!p->nfds)
		return;
	probe_close_fds(p);
	if (--st->nattached == 0 && st->begin_link > 0) {
		close(st->begin_link);
		st->begin_link = 0;
	}
}

/* r1 = this thread's entry, or 0 (clobbers r0-r5). */
static void lookup_thread(struct cg *g)
{
	cg_call(g, BPF_FUNC_get_current_pid_tgid);
	cg_emit(g, BPF_STX_MEM(BPF_W, BPF_REG_10, BPF_REG_0, CG_FP_KEY32));
	cg_ld_map(g, BPF_REG_1, CGM_PROV);
	cg_emit(g, BPF_MOV64_REG(BPF_REG_2, BPF_REG_10));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, BPF_REG_2, CG_FP_KEY32));
	cg_call(g, BPF_FUNC_map_lookup_elem);
	cg_emit(g, BPF_MOV64_REG(BPF_REG_1, BPF_REG_0));
}

/*
 * At contention_end(lock, ret): find this lock's slot (one under way
 * first, else one the probe program before this one ended now), close its
 * last segment if it is still open, mark it done and copy its totals to
 * the entry's last_*; no slot: this firing is nobody's.  Then the probe id.
 */
static void contention_prologue(struct cg *g, int out)
{
	int open[NSLOT], ended[NSLOT], block[NSLOT], done[NSLOT], common = cg_new_label(g);

	for (int s = 0; s < NSLOT; s++) {
		open[s] = cg_new_label(g);
		ended[s] = cg_new_label(g);
		block[s] = cg_new_label(g);
		done[s] = cg_new_label(g);
	}
	cg_call(g, BPF_FUNC_ktime_get_ns);
	cg_emit(g, BPF_STX_MEM(BPF_DW, BPF_REG_10, BPF_REG_0, CG_FP_TMP));
	lookup_thread(g);
	cg_jmp_imm_far(g, BPF_JEQ, BPF_REG_1, 0, out);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, BPF_REG_2, BPF_REG_6, 0));	/* the lock */
	cg_emit(g, BPF_LDX_MEM(BPF_DW, BPF_REG_5, BPF_REG_10, CG_FP_TMP));	/* now */
	/* pass 0: the lock's contention under way; pass 1: one just ended */
	for (int pass = 0; pass < 2; pass++)
		for (int s = 0; s < NSLOT; s++) {
			int next = cg_new_label(g);
			cg_emit(g, BPF_LDX_MEM(BPF_DW, BPF_REG_3, BPF_REG_1, SLOT_OFF(s, lock)));
			cg_emit(g, BPF_ALU64_REG(BPF_SUB, BPF_REG_3, BPF_REG_2));
			cg_jmp_imm(g, BPF_JNE, BPF_REG_3, 0, next);
			cg_emit(g, BPF_LDX_MEM(BPF_DW, BPF_REG_3, BPF_REG_1, SLOT_OFF(s, done)));
			cg_jmp_imm(g, pass ? BPF_JNE : BPF_JEQ, BPF_REG_3, 0, pass ? ended[s] : open[s]);
			cg_place(g, next);
		}
	cg_jmp(g, out);
	for (int s = 0; s < NSLOT; s++) {
		/* close the last segment */
		cg_place(g, open[s]);
		cg_emit(g, BPF_MOV64_REG(BPF_REG_3, BPF_REG_5));
		cg_emit(g, BPF_LDX_MEM(BPF_DW, BPF_REG_4, BPF_REG_1, SLOT_OFF(s, seg_ts)));
		cg_emit(g, BPF_ALU64_REG(BPF_SUB, BPF_REG_3, BPF_REG_4));
		cg_emit(g, BPF_LDX_MEM(BPF_DW, BPF_REG_4, BPF_REG_1, SLOT_OFF(s, seg_flags)));
		cg_emit(g, BPF_ALU64_IMM(BPF_AND, BPF_REG_4, LCB_F_SPIN));
		cg_jmp_imm(g, BPF_JEQ, BPF_REG_4, 0, block[s]);
		cg_emit(g, BPF_LDX_MEM(BPF_DW, BPF_REG_4, BPF_REG_1, SLOT_OFF(s, spin_ns)));
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, BPF_REG_4, BPF_REG_3));
		cg_emit(g, BPF_STX_MEM(BPF_DW, BPF_REG_1, BPF_REG_4, SLOT_OFF(s, spin_ns)));
		cg_jmp(g, done[s]);
		cg_place(g, block[s]);
		cg_emit(g, BPF_LDX_MEM(BPF_DW, BPF_REG_4, BPF_REG_1, SLOT_OFF(s, block_ns)));
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, BPF_REG_4, BPF_REG_3));
		cg_emit(g, BPF_STX_MEM(BPF_DW, BPF_REG_1, BPF_REG_4, SLOT_OFF(s, block_ns)));
		cg_place(g, done[s]);
		cg_emit(g, BPF_ST_MEM(BPF_DW, BPF_REG_1, SLOT_OFF(s, done), 1));
		cg_emit(g, BPF_STX_MEM(BPF_DW, BPF_REG_1, BPF_REG_5, SLOT_OFF(s, seg_ts)));
		/* its totals, as arg2..arg4 read them */
		cg_place(g, ended[s]);
		cg_emit(g, BPF_LDX_MEM(BPF_DW, BPF_REG_4, BPF_REG_1, SLOT_OFF(s, flags)));
		cg_emit(g, BPF_STX_MEM(BPF_DW, BPF_REG_1, BPF_REG_4, LAST_OFF(last_flags)));
		cg_emit(g, BPF_LDX_MEM(BPF_DW, BPF_REG_4, BPF_REG_1, SLOT_OFF(s, spin_ns)));
		cg_emit(g, BPF_STX_MEM(BPF_DW, BPF_REG_1, BPF_REG_4, LAST_OFF(last_spin_ns)));
		cg_emit(g, BPF_LDX_MEM(BPF_DW, BPF_REG_4, BPF_REG_1, SLOT_OFF(s, block_ns)));
		cg_emit(g, BPF_STX_MEM(BPF_DW, BPF_REG_1, BPF_REG_4, LAST_OFF(last_block_ns)));
		cg_jmp(g, common);
	}
	cg_place(g, common);
	cg_prologue_cookie(g, out);
}

/* arg0 the lock, arg1 the result: the tracepoint's; arg2..arg4 the
 * contention's flags, spun and blocked time (the prologue's last_*). */
static void contention_gen_arg(struct cg *g, int i)
{
	static const int16_t last[] = {LAST_OFF(last_flags), LAST_OFF(last_spin_ns), LAST_OFF(last_block_ns)};
	int none = cg_new_label(g), end = cg_new_label(g);

	if (i < 2) {
		rawtp_gen_arg(g, i);
		return;
	}
	if (i > 4) {
		cg_emit(g, BPF_MOV64_IMM(BPF_REG_0, 0));
		return;
	}
	lookup_thread(g);
	cg_jmp_imm(g, BPF_JEQ, BPF_REG_1, 0, none);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, BPF_REG_0, BPF_REG_1, last[i - 2]));
	cg_jmp(g, end);
	cg_place(g, none);
	cg_emit(g, BPF_MOV64_IMM(BPF_REG_0, 0));
	cg_place(g, end);
}

static void contention_provide(struct dt_probes *tab, const struct dt_pdesc *pd)
{
	stable_provide(&dt_provider_stable_contention, tab, pd);
}

const struct dt_provider dt_provider_stable_contention = {
	.name = "stable-contention",
	.prog_name = "dt_stable_lock",
	.cg = {
		.gen_prologue = contention_prologue,
		.gen_arg = contention_gen_arg,
	},
	.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.provide = contention_provide,
	.attach = contention_attach,
	.detach = contention_detach,
	.args = stable_args,
	.load_map = contention_load_map,
	.serves = stable_serves,
};
