/*
 * dpath.c - d_path(struct path *): the path name of a file, as the
 * kernel's d_path() writes it (what readlink of /proc/PID/fd/N shows).
 *
 * The kernel's bpf_d_path() helper may be called from a few fentry and LSM
 * hooks only, so the walk of the kernel's prepend_path() is done here, in
 * BPF: from the path's dentry up its d_parent links, each step putting
 * "/" and the dentry's name (d_name.len bytes of d_name.name) before what
 * is there; at the root dentry of a mount (dentry == mnt.mnt_root) the
 * walk goes on from the dentry the mount is mounted on (mnt_mountpoint)
 * in the parent mount (mnt_parent), unless the mount is its own parent (a
 * namespace's root); it stops at the current task's root directory
 * (fs->root, as the kernel's does: a chrooted or containerized process
 * sees its own paths) and at a dentry that is its own parent.  A walk
 * that added nothing (the root) gives "/".  A dentry that is no longer
 * hashed (a file removed while open) gets " (deleted)" after its path,
 * as in the kernel.  Every offset comes from the kernel's BTF.
 *
 * The files of pseudo filesystems, whose dentries have a d_dname
 * operation, have the names the kernel makes up for them where it makes
 * them by a fixed rule: a pipe's "pipe:[1234]", a socket's, an anonymous
 * inode's "anon_inode:[eventfd]" (pseudo_name).  Not done: the other
 * d_dname filesystems (namespaces' nsfs, dma-buf...); their walk stops at
 * once, at a dentry that is its own parent, and gives "/".
 *
 * Truncation: a path longer than strsize keeps its first strsize bytes,
 * as every D string does (and as readlink(2) fills a short buffer).  The
 * walk meets the components last first, so it notes each one's name and
 * length, and a second loop writes them root first, as far as strsize
 * holds them.  A walk of more than DPATH_STEPS steps (components and
 * mount crossings) gives the path of its last DPATH_STEPS steps only.
 *
 * Both loops are in a global BPF function (as strfn.c's string functions
 * are): the verifier checks it once for the whole program, whatever calls
 * it, and after a call knows only that r0 is a number.  Their state lives
 * in the function's workspace (the caller's scratch temporaries, memory
 * whose contents the verifier does not track) but for the step counter,
 * a constant on each pass: every path through a loop's body reaches its
 * head in the same state, and the verifier walks each loop once, step by
 * step, DPATH_STEPS times its body.  The workspace (offsets):
 */
#include "cg_impl.h"

#include <errno.h>

#define WS_PATH		0	/* u64: the struct path's address */
#define WS_D		8	/* the dentry the walk is at */
#define WS_M		16	/* the struct mount it is in */
#define WS_ROOTD	24	/* the task's root: its dentry, */
#define WS_ROOTM	32	/* ... and its struct mount */
#define WS_N		40	/* components found */
#define WS_POS		48	/* bytes of the path put in WS_OUT so far */
#define WS_TMP		56	/* a probe read's destination */
#define WS_PARENT	64	/* the dentry's parent */
#define WS_SUF		72	/* 1: " (deleted)" after the path */
#define WS_SUFTEXT	80	/* its text (16 bytes) */
#define WS_DIGITS	96	/* an inode number in decimal (24 bytes) */
#define WS_NAMES	120	/* each component: u64 its name's address, u64
				   its length */
#define WS_OUT		(WS_NAMES + 16 * DPATH_STEPS)	/* the result,
				   in two string buffers (at least OUT_MIN
				   bytes): the verifier sees every copy
				   within them */
#define OUT_MIN		64

/*
 * Steps of the walk: a path of PATH_MAX (4096) bytes, the longest the
 * kernel takes from a process, may have 2048 components, but paths of
 * more than a few dozen are rare.  Each step costs the verifier about 177
 * instructions (both loops), so 256 steps cost it about 45,000 of the
 * million it allows a program (measured on 6.18), and the workspace 4 KB.
 */
#define DPATH_STEPS	256	/* a power of 2 (a mask bounds indexes) */
_Static_assert((DPATH_STEPS & (DPATH_STEPS - 1)) == 0, "DPATH_STEPS: a power of 2");
_Static_assert(WS_OUT < 32768, "WS_OUT: an instruction's offset");

#define DELETED		" (deleted)"

/* The kernel's members, from BTF. */
struct dpath_off {
	uint32_t path_mnt, path_dentry;
	uint32_t d_parent, d_len, d_name, d_hash_pprev;
	uint32_t mnt_root, mount_mnt, mnt_parent, mnt_mountpoint;
	uint32_t task_fs, fs_root;
	uint32_t d_op, d_dname, d_sb, s_magic, d_inode, i_ino;
};

/* The offsets, or a compile error at line (once they were found at the
 * call, the function's emission finds them again). */
static void offsets(struct cg *g, int line, struct dpath_off *o)
{
	static const char fn[] = "d_path";

	o->path_mnt = cg_kmember_off(g, line, fn, "path", "mnt");
	o->path_dentry = cg_kmember_off(g, line, fn, "path", "dentry");
	o->d_parent = cg_kmember_off(g, line, fn, "dentry", "d_parent");
	o->d_len = cg_kmember_off(g, line, fn, "dentry", "d_name.len");
	o->d_name = cg_kmember_off(g, line, fn, "dentry", "d_name.name");
	o->d_hash_pprev = cg_kmember_off(g, line, fn, "dentry", "d_hash.pprev");
	o->mnt_root = cg_kmember_off(g, line, fn, "vfsmount", "mnt_root");
	o->mount_mnt = cg_kmember_off(g, line, fn, "mount", "mnt");
	o->mnt_parent = cg_kmember_off(g, line, fn, "mount", "mnt_parent");
	o->mnt_mountpoint = cg_kmember_off(g, line, fn, "mount", "mnt_mountpoint");
	o->task_fs = cg_kmember_off(g, line, fn, "task_struct", "fs");
	o->fs_root = cg_kmember_off(g, line, fn, "fs_struct", "root");
	o->d_op = cg_kmember_off(g, line, fn, "dentry", "d_op");
	o->d_dname = cg_kmember_off(g, line, fn, "dentry_operations", "d_dname");
	o->d_sb = cg_kmember_off(g, line, fn, "dentry", "d_sb");
	o->s_magic = cg_kmember_off(g, line, fn, "super_block", "s_magic");
	o->d_inode = cg_kmember_off(g, line, fn, "dentry", "d_inode");
	o->i_ino = cg_kmember_off(g, line, fn, "inode", "i_ino");
}

static uint32_t out_size(const struct cg *g)
{
	return 2 * g->L->strbuf < OUT_MIN ? OUT_MIN : 2 * g->L->strbuf;
}

static uint32_t ws_size(const struct cg *g)
{
	return WS_OUT + out_size(g);
}

static int fn_label(struct cg *g)
{
	if (!g->dpath_label)
		g->dpath_label = cg_new_label(g) + 1;
	return g->dpath_label - 1;
}

/* d_path(p): NULL faults, as DTrace's dt_cg_check_ptr_arg; a struct path
 * that cannot be read faults at its address. */
void cg_subr_d_path(struct cg *g, struct node *n)
{
	uint32_t ws = cg_temp(g, ws_size(g));
	int ok = cg_new_label(g);
	struct dpath_off o;

	offsets(g, n->line, &o);
	cg_expr(g, n->args.v[0]);
	cg_null_check(g, R0);
	cg_scratch_ptr(g, R1, ws);
	cg_emit(g, BPF_STX_MEM(BPF_DW, R1, R0, WS_PATH));
	cg_call_label(g, fn_label(g));
	cg_jmp_imm(g, BPF_JEQ, R0, 0, ok);
	cg_scratch_ldx(g, BPF_DW, R1, ws + WS_PATH);
	cg_fault(g, DTRACEFLT_BADADDR, R1);
	cg_place(g, ok);
	cg_scratch_ptr(g, R0, ws + WS_OUT);
}

/* ---- the function ---- */

/* r0 = the u64 at kernel address reg + off (0 if it cannot be read: the
 * helper clears its destination on failure).  Clobbers r1-r5. */
static void rd(struct cg *g, int reg, uint32_t off)
{
	cg_emit(g, BPF_MOV64_REG(R3, reg));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R3, (int32_t)off));
	cg_emit(g, BPF_MOV64_REG(R1, R6));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, WS_TMP));
	cg_emit(g, BPF_MOV64_IMM(R2, 8));
	cg_call(g, BPF_FUNC_probe_read_kernel);
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R0, R6, WS_TMP));
}

/* Unless (reg op imm), go to label; the jump away is the fall-through of
 * the test, so that the verifier explores it first and its stack of
 * pending branches stays short. */
static void leave_unless(struct cg *g, int op, int reg, int32_t imm, int label)
{
	int stay = cg_new_label(g);

	cg_jmp_imm(g, op, reg, imm, stay);
	cg_jmp(g, label);
	cg_place(g, stay);
}

static void leave_unless_reg(struct cg *g, int op, int reg, int src, int label)
{
	int stay = cg_new_label(g);

	cg_jmp_reg(g, op, reg, src, stay);
	cg_jmp(g, label);
	cg_place(g, stay);
}

/* ws r6 + off = r0 */
static void put(struct cg *g, uint32_t off, int reg)
{
	cg_emit(g, BPF_STX_MEM(BPF_DW, R6, reg, (int16_t)off));
}

static void get(struct cg *g, int reg, uint32_t off)
{
	cg_emit(g, BPF_LDX_MEM(BPF_DW, reg, R6, (int16_t)off));
}

/*
 * The walk: each component's name's address and length go into
 * WS_NAMES[WS_N], WS_N counting them.  At most DPATH_STEPS steps
 * (components and mount crossings), counted by r9.
 */
static void walk(struct cg *g, const struct dpath_off *o, int done)
{
	int loop = cg_new_label(g), comp = cg_new_label(g);

	cg_emit(g, BPF_MOV64_IMM(R0, 0));
	put(g, WS_N, R0);
	cg_emit(g, BPF_MOV64_IMM(R9, 0));
	cg_place(g, loop);
	leave_unless(g, BPF_JLT, R9, DPATH_STEPS, done);
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R9, 1));
	get(g, R8, WS_D);
	leave_unless(g, BPF_JNE, R8, 0, done);
	/* the task's root directory ends the walk (tested without a branch:
	 * a path that joins another one later costs the verifier their
	 * common part twice) */
	get(g, R1, WS_ROOTD);
	cg_emit(g, BPF_ALU64_REG(BPF_XOR, R1, R8));
	get(g, R2, WS_M);
	get(g, R3, WS_ROOTM);
	cg_emit(g, BPF_ALU64_REG(BPF_XOR, R2, R3));
	cg_emit(g, BPF_ALU64_REG(BPF_OR, R1, R2));
	leave_unless(g, BPF_JNE, R1, 0, done);
	/* the root of its mount: on from where the mount is mounted, in the
	 * parent mount, unless the mount is its own parent (the root of all) */
	get(g, R1, WS_M);
	rd(g, R1, o->mount_mnt + o->mnt_root);
	cg_jmp_reg(g, BPF_JNE, R8, R0, comp);
	get(g, R1, WS_M);
	rd(g, R1, o->mnt_parent);
	leave_unless(g, BPF_JNE, R0, 0, done);
	put(g, WS_PARENT, R0);
	get(g, R1, WS_M);
	leave_unless_reg(g, BPF_JNE, R0, R1, done);
	rd(g, R1, o->mnt_mountpoint);
	put(g, WS_D, R0);
	get(g, R0, WS_PARENT);
	put(g, WS_M, R0);
	cg_jmp(g, loop);

	/* a component, unless the dentry is its own parent (a filesystem's
	 * root that is no mount's: a detached or pseudo filesystem) */
	cg_place(g, comp);
	rd(g, R8, o->d_parent);
	leave_unless_reg(g, BPF_JNE, R0, R8, done);
	put(g, WS_PARENT, R0);
	/* r7 = its entry (the count is below DPATH_STEPS, a power of 2:
	 * the mask tells the verifier so without a branch) */
	get(g, R7, WS_N);
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R7, 1));
	put(g, WS_N, R7);
	cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R7, 1));
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R7, DPATH_STEPS - 1));
	cg_emit(g, BPF_ALU64_IMM(BPF_LSH, R7, 4));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R7, R6));
	rd(g, R8, o->d_len);
	cg_emit(g, BPF_MOV32_REG(R0, R0));		/* d_name.len: 32 bits */
	cg_emit(g, BPF_STX_MEM(BPF_DW, R7, R0, WS_NAMES + 8));
	rd(g, R8, o->d_name);
	cg_emit(g, BPF_STX_MEM(BPF_DW, R7, R0, WS_NAMES));
	get(g, R0, WS_PARENT);
	put(g, WS_D, R0);
	cg_jmp(g, loop);
}

/*
 * The path from the names, root first: "/" and each name at WS_POS,
 * which counts the path's bytes, as far as strsize holds them.  The
 * copy's size needs no test: it is strsize less the place, which the
 * loop's exit keeps below strsize.
 */
static void put_names(struct cg *g, int done)
{
	int loop = cg_new_label(g);
	const int32_t lmax = (int32_t)g->L->strmax - 1;	/* strsize */

	cg_emit(g, BPF_MOV64_IMM(R0, 0));
	put(g, WS_POS, R0);
	cg_emit(g, BPF_MOV64_IMM(R9, 0));
	cg_place(g, loop);
	leave_unless(g, BPF_JLT, R9, DPATH_STEPS, done);
	get(g, R1, WS_N);
	leave_unless_reg(g, BPF_JLT, R9, R1, done);
	get(g, R8, WS_POS);
	leave_unless(g, BPF_JLT, R8, lmax, done);
	/* name N - 1 - r9 */
	cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R1, 1));
	cg_emit(g, BPF_ALU64_REG(BPF_SUB, R1, R9));
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R1, DPATH_STEPS - 1));
	cg_emit(g, BPF_ALU64_IMM(BPF_LSH, R1, 4));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R1, R6));
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R3, R1, WS_NAMES));	/* the name */
	cg_emit(g, BPF_LDX_MEM(BPF_DW, R7, R1, WS_NAMES + 8));	/* its length */
	cg_emit(g, BPF_MOV64_REG(R1, R6));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, WS_OUT));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R1, R8));
	cg_emit(g, BPF_ST_MEM(BPF_B, R1, 0, '/'));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, 1));
	/* at most the bytes before strsize, and a NUL (which the next "/" or
	 * the string's end replaces): the name is NUL-terminated in the
	 * kernel, its length counts for the places of what follows */
	cg_emit(g, BPF_MOV64_IMM(R2, lmax));
	cg_emit(g, BPF_ALU64_REG(BPF_SUB, R2, R8));
	cg_call(g, BPF_FUNC_probe_read_kernel_str);
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R8, R7));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R8, 1));
	put(g, WS_POS, R8);
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R9, 1));
	cg_jmp(g, loop);
}

/* Store the bytes of text at WS_OUT. */
static void put_text(struct cg *g, const char *text)
{
	for (int i = 0; text[i]; i++)
		cg_emit(g, BPF_ST_MEM(BPF_B, R6, WS_OUT + i, text[i]));
}

/*
 * The names the kernel makes up for the files of pseudo filesystems (a
 * dentry whose d_op has d_dname, unless it is the root of its mount),
 * for the filesystems the kernel's d_dname functions name by a fixed
 * rule, known by their superblock's magic number (include/uapi/linux/
 * magic.h): a pipe "pipe:[INODE]" (pipefs_dname), a socket
 * "socket:[INODE]" (sockfs_dname), an anonymous inode's file
 * "anon_inode:NAME" (anon_inodefs_dname: "[eventfd]", "bpf-map").  WS_POS
 * = its length, then on to done; any other file on to the walk (r8 = the
 * dentry).
 */
#define PIPEFS_MAGIC		0x50495045
#define SOCKFS_MAGIC		0x534F434B
#define ANON_INODE_FS_MAGIC	0x09041934

static void pseudo_name(struct cg *g, const struct dpath_off *o, int done)
{
	int walk = cg_new_label(g), made = cg_new_label(g), pipe = cg_new_label(g), sock = cg_new_label(g);
	int anon = cg_new_label(g), ino = cg_new_label(g);
	static const uint64_t pow10[] = {
		10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull, 10000000ull, 100000000ull,
		1000000000ull, 10000000000ull, 100000000000ull, 1000000000000ull, 10000000000000ull,
		100000000000000ull, 1000000000000000ull, 10000000000000000ull, 100000000000000000ull,
		1000000000000000000ull, 10000000000000000000ull,
	};

	get(g, R8, WS_D);
	cg_jmp_imm(g, BPF_JEQ, R8, 0, walk);
	rd(g, R8, o->d_op);
	cg_jmp_imm(g, BPF_JEQ, R0, 0, walk);
	rd(g, R0, o->d_dname);
	cg_jmp_imm(g, BPF_JEQ, R0, 0, walk);
	rd(g, R8, o->d_parent);
	cg_jmp_reg(g, BPF_JNE, R0, R8, made);
	get(g, R1, WS_M);
	rd(g, R1, o->mount_mnt + o->mnt_root);
	cg_jmp_reg(g, BPF_JEQ, R0, R8, walk);
	cg_place(g, made);
	rd(g, R8, o->d_sb);
	rd(g, R0, o->s_magic);
	cg_emit(g, BPF_MOV32_REG(R0, R0));
	cg_jmp_imm(g, BPF_JEQ, R0, PIPEFS_MAGIC, pipe);
	cg_jmp_imm(g, BPF_JEQ, R0, SOCKFS_MAGIC, sock);
	cg_jmp_imm(g, BPF_JEQ, R0, ANON_INODE_FS_MAGIC, anon);
	cg_jmp(g, walk);

	cg_place(g, anon);
	put_text(g, "anon_inode:");
	rd(g, R8, o->d_len);
	cg_emit(g, BPF_MOV32_REG(R7, R0));
	rd(g, R8, o->d_name);
	cg_emit(g, BPF_MOV64_REG(R3, R0));
	cg_emit(g, BPF_MOV64_REG(R1, R6));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, WS_OUT + 11));
	cg_emit(g, BPF_MOV64_IMM(R2, (int32_t)out_size(g) - 11));
	cg_call(g, BPF_FUNC_probe_read_kernel_str);
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R7, 11));
	put(g, WS_POS, R7);
	cg_jmp(g, done);

	cg_place(g, pipe);
	put_text(g, "pipe:[");
	cg_emit(g, BPF_MOV64_IMM(R7, 6));
	cg_jmp(g, ino);
	cg_place(g, sock);
	put_text(g, "socket:[");
	cg_emit(g, BPF_MOV64_IMM(R7, 8));
	/* r7 = the prefix's length (at most 8); the inode number in
	 * decimal, its k digits the last of WS_DIGITS (20 bytes), k counted
	 * without a branch: 1 and one for each power of 10 it reaches */
	cg_place(g, ino);
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R7, 15));
	put(g, WS_POS, R7);
	rd(g, R8, o->d_inode);
	rd(g, R0, o->i_ino);
	cg_emit(g, BPF_MOV64_REG(R8, R0));
	for (int i = 19; i >= 0; i--) {
		cg_emit(g, BPF_MOV64_REG(R1, R0));
		cg_emit(g, BPF_ALU64_IMM(BPF_MOD, R1, 10));
		cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, '0'));
		cg_emit(g, BPF_STX_MEM(BPF_B, R6, R1, WS_DIGITS + i));
		cg_emit(g, BPF_ALU64_IMM(BPF_DIV, R0, 10));
	}
	cg_emit(g, BPF_MOV64_IMM(R9, 1));
	for (size_t i = 0; i < sizeof(pow10) / sizeof(pow10[0]); i++) {
		/* n >= c: c - 1 - n borrows (both below 2^63: n >> 1 and c >> 1
		 * compared, the low bit apart) */
		cg_ld_imm64(g, R1, (pow10[i] - 1) >> 1);
		cg_emit(g, BPF_MOV64_REG(R2, R8));
		cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R2, 1));
		cg_emit(g, BPF_ALU64_REG(BPF_SUB, R1, R2));
		cg_emit(g, BPF_ALU64_IMM(BPF_RSH, R1, 63));
		cg_emit(g, BPF_ALU64_REG(BPF_ADD, R9, R1));
	}
	cg_emit(g, BPF_MOV64_REG(R1, R6));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, WS_OUT));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R1, R7));
	cg_emit(g, BPF_MOV64_REG(R2, R9));
	cg_emit(g, BPF_MOV64_REG(R3, R6));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R3, WS_DIGITS + 20));
	cg_emit(g, BPF_ALU64_REG(BPF_SUB, R3, R9));
	cg_call(g, BPF_FUNC_probe_read_kernel);
	get(g, R7, WS_POS);
	cg_emit(g, BPF_ALU64_IMM(BPF_AND, R7, 15));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R7, R9));
	cg_emit(g, BPF_MOV64_REG(R1, R6));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, WS_OUT));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R1, R7));
	cg_emit(g, BPF_ST_MEM(BPF_B, R1, 0, ']'));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R7, 1));
	put(g, WS_POS, R7);
	cg_jmp(g, done);
	cg_place(g, walk);
}

static void ret_imm(struct cg *g, int32_t v)
{
	cg_emit(g, BPF_MOV64_IMM(R0, v));
	cg_emit(g, BPF_EXIT_INSN());
}

void cg_dpath_emit(struct cg *g)
{
	struct dpath_off o;
	int fail = cg_new_label(g), noroot = cg_new_label(g), kept = cg_new_label(g);
	int walked = cg_new_label(g), named = cg_new_label(g), notempty = cg_new_label(g);
	int nosuf = cg_new_label(g);
	const int32_t lmax = (int32_t)g->L->strmax - 1;	/* strsize */
	const int32_t suflen = (int32_t)sizeof(DELETED) - 1;

	if (!g->dpath_label)
		return;
	g->clause = NULL;
	offsets(g, 0, &o);
	cg_func_begin(g, fn_label(g), "dt_d_path", ws_size(g));

	/* the task's root directory */
	cg_emit(g, BPF_MOV64_IMM(R0, 0));
	put(g, WS_ROOTD, R0);
	put(g, WS_ROOTM, R0);
	cg_call(g, BPF_FUNC_get_current_task);
	cg_emit(g, BPF_MOV64_REG(R8, R0));
	rd(g, R8, o.task_fs);
	cg_jmp_imm(g, BPF_JEQ, R0, 0, noroot);
	cg_emit(g, BPF_MOV64_REG(R8, R0));
	rd(g, R8, o.fs_root + o.path_dentry);
	put(g, WS_ROOTD, R0);
	rd(g, R8, o.fs_root + o.path_mnt);
	cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R0, (int32_t)o.mount_mnt));
	put(g, WS_ROOTM, R0);
	cg_place(g, noroot);

	/* where the walk starts: the path's dentry and mount */
	get(g, R8, WS_PATH);
	cg_emit(g, BPF_MOV64_REG(R1, R6));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, WS_TMP));
	cg_emit(g, BPF_MOV64_IMM(R2, 8));
	cg_emit(g, BPF_MOV64_REG(R3, R8));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R3, (int32_t)o.path_dentry));
	cg_call(g, BPF_FUNC_probe_read_kernel);
	cg_jmp_imm(g, BPF_JNE, R0, 0, fail);
	get(g, R0, WS_TMP);
	put(g, WS_D, R0);
	rd(g, R8, o.path_mnt);
	/* the vfsmount is the member mnt of its struct mount */
	cg_emit(g, BPF_ALU64_IMM(BPF_SUB, R0, (int32_t)o.mount_mnt));
	put(g, WS_M, R0);

	/* " (deleted)" after the path of a dentry no longer hashed that is
	 * no root (the kernel's d_unlinked()) */
	cg_emit(g, BPF_MOV64_IMM(R0, 0));
	put(g, WS_SUF, R0);
	pseudo_name(g, &o, named);
	get(g, R8, WS_D);
	cg_jmp_imm(g, BPF_JEQ, R8, 0, kept);
	rd(g, R8, o.d_parent);
	cg_jmp_imm(g, BPF_JEQ, R0, 0, kept);
	cg_jmp_reg(g, BPF_JEQ, R0, R8, kept);
	rd(g, R8, o.d_hash_pprev);
	cg_jmp_imm(g, BPF_JNE, R0, 0, kept);
	cg_emit(g, BPF_MOV64_IMM(R0, 1));
	put(g, WS_SUF, R0);
	cg_place(g, kept);

	walk(g, &o, walked);
	cg_place(g, walked);
	put_names(g, named);
	cg_place(g, named);

	/* nothing but the root: "/" */
	get(g, R8, WS_POS);
	cg_jmp_imm(g, BPF_JNE, R8, 0, notempty);
	cg_emit(g, BPF_ST_MEM(BPF_B, R6, WS_OUT, '/'));
	cg_emit(g, BPF_MOV64_IMM(R8, 1));
	cg_place(g, notempty);
	/* the suffix, as far as it fits */
	get(g, R0, WS_SUF);
	cg_jmp_imm(g, BPF_JEQ, R0, 0, nosuf);
	cg_jmp_imm(g, BPF_JGE, R8, lmax, nosuf);
	for (int i = 0; i < suflen; i++)
		cg_emit(g, BPF_ST_MEM(BPF_B, R6, WS_SUFTEXT + i, DELETED[i]));
	cg_emit(g, BPF_MOV64_REG(R1, R6));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, WS_OUT));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R1, R8));
	cg_emit(g, BPF_MOV64_IMM(R2, lmax));
	cg_emit(g, BPF_ALU64_REG(BPF_SUB, R2, R8));
	cg_clamp_u(g, R2, suflen);
	cg_emit(g, BPF_MOV64_REG(R3, R6));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R3, WS_SUFTEXT));
	cg_call(g, BPF_FUNC_probe_read_kernel);
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R8, suflen));
	cg_place(g, nosuf);

	/* the NUL, at the end or at strsize */
	cg_clamp_u(g, R8, lmax);
	cg_emit(g, BPF_MOV64_REG(R1, R6));
	cg_emit(g, BPF_ALU64_IMM(BPF_ADD, R1, WS_OUT));
	cg_emit(g, BPF_ALU64_REG(BPF_ADD, R1, R8));
	cg_emit(g, BPF_ST_MEM(BPF_B, R1, 0, 0));
	ret_imm(g, 0);
	cg_place(g, fail);
	ret_imm(g, -EFAULT);
}
