/*
 * procfs.d - processes and threads as DTrace describes them (proc(4)'s
 * psinfo_t and lwpsinfo_t), translated from the Linux task_struct: the
 * types of curpsinfo and curlwpsinfo and of the proc and sched providers'
 * arguments.
 *
 * Every member has a Linux meaning or is documented here as 0.  A member
 * without a translation (marked "not translated": pr_size, pr_rssize,
 * pr_nice and pr_cpu as in DTrace on Linux, pr_start, pr_time, pr_ctime,
 * pr_lwp) is an error (D_XLATE_NOCONV) where a script uses it.  This file is part of dtrace's D library:
 * read it to see where a value comes from; a copy in a directory given
 * with -L replaces it.
 */

#pragma D depends_on provider proc
#pragma D depends_on provider sched

typedef struct timestruc {
	time_t tv_sec;
	long tv_nsec;
} timestruc_t;

typedef struct lwpsinfo {
	int pr_flag;			/* PR_STOPPED while stopped, else 0 */
	id_t pr_lwpid;			/* the thread's id (its tid) */
	uintptr_t pr_addr;		/* its task_struct */
	uintptr_t pr_wchan;		/* 0: Linux has no wait channel */
	char pr_stype;			/* 0 */
	char pr_state;			/* SSLEEP, SRUN, SSTOP, SZOMB, SWAIT */
	char pr_sname;			/* 'S', 'R', 'T', 'Z', 'W' */
	char pr_nice;			/* not translated, as in DTrace on Linux */
	short pr_syscall;		/* 0 */
	char pr_oldpri;			/* 0 */
	char pr_cpu;			/* not translated, as in DTrace on Linux */
	int pr_pri;			/* the kernel's priority (prio) */
	ushort_t pr_pctcpu;		/* 0 */
	ushort_t pr_pad;
	timestruc_t pr_start;		/* not translated */
	timestruc_t pr_time;		/* not translated */
	char pr_clname[8];		/* scheduling class: "RT", "TS", "DL", "IDLE" */
	char pr_name[16];		/* the thread's name (comm) */
	processorid_t pr_onpro;		/* the CPU it last ran on */
	processorid_t pr_bindpro;	/* -1 */
	psetid_t pr_bindpset;		/* -1 */
	int pr_lgrp;			/* 0 */
	int pr_filler[4];
} lwpsinfo_t;

typedef id_t taskid_t;
typedef id_t projid_t;
typedef id_t dprojid_t;	/* Oracle's name for it */
typedef id_t poolid_t;
typedef id_t zoneid_t;

inline int PRARGSZ = 80;

typedef struct psinfo {
	int pr_flag;			/* 0 */
	int pr_nlwp;			/* threads in the process */
	pid_t pr_pid;			/* process id (the thread group's) */
	pid_t pr_ppid;			/* its parent's */
	pid_t pr_pgid;			/* process group */
	pid_t pr_sid;			/* session */
	uid_t pr_uid;			/* real user id */
	uid_t pr_euid;			/* effective user id */
	gid_t pr_gid;			/* real group id */
	gid_t pr_egid;			/* effective group id */
	uintptr_t pr_addr;		/* its task_struct */
	size_t pr_size;			/* not translated, as in DTrace on Linux */
	size_t pr_rssize;		/* not translated, as in DTrace on Linux */
	size_t pr_pad1;
	dev_t pr_ttydev;		/* controlling terminal, or -1 (PRNODEV) */
	ushort_t pr_pctcpu;		/* 0 */
	ushort_t pr_pctmem;		/* 0 */
	timestruc_t pr_start;		/* not translated */
	timestruc_t pr_time;		/* not translated */
	timestruc_t pr_ctime;		/* not translated */
	char pr_fname[16];		/* the command name (comm) */
	char pr_psargs[80];		/* the arguments, space separated,
					   cut at PRARGSZ - 1 characters */
	int pr_wstat;			/* the exit code (exit status << 8, or
					   the signal), once it is exiting */
	int pr_argc;			/* 0: not counted */
	uintptr_t pr_argv;		/* start of the argument strings */
	uintptr_t pr_envp;		/* start of the environment strings */
	char pr_dmodel;			/* PR_MODEL_LP64, or ILP32 for 32-bit */
	char pr_pad2[3];
	taskid_t pr_taskid;		/* 0 */
	projid_t pr_projid;		/* 0 */
	int pr_nzomb;			/* 0 */
	poolid_t pr_poolid;		/* 0 */
	zoneid_t pr_zoneid;		/* 0 */
	id_t pr_contract;		/* 0 */
	int pr_filler[1];
	lwpsinfo_t pr_lwp;		/* not translated */
} psinfo_t;

inline char PR_MODEL_ILP32 = 1;
inline char PR_MODEL_LP64 = 2;

/* the pid namespace levels: the number a process has in the initial one */
inline int PIDTYPE_PID = 0;
inline int PIDTYPE_TGID = 1;
inline int PIDTYPE_PGID = 2;
inline int PIDTYPE_SID = 3;

/* task_struct.flags and thread_info.flags bits read below */
inline int __PF_KTHREAD = 0x00200000;
inline int __TIF_ADDR32 = 0x00200000;

translator psinfo_t < struct task_struct *T > {
	pr_flag = 0;
	pr_nlwp = T->signal->nr_threads;
	pr_pid = T->tgid;
	pr_ppid = T->real_parent->tgid;
	pr_pgid = T->signal->pids[PIDTYPE_PGID]->numbers[0].nr;
	pr_sid = T->signal->pids[PIDTYPE_SID]->numbers[0].nr;
	pr_uid = T->cred->uid.val;
	pr_euid = T->cred->euid.val;
	pr_gid = T->cred->gid.val;
	pr_egid = T->cred->egid.val;
	pr_addr = (uintptr_t)T;
	pr_ttydev = T->signal->tty != NULL ?
	    ((dev_t)T->signal->tty->driver->major << 20 |
	     (T->signal->tty->driver->minor_start + T->signal->tty->index)) : (dev_t)-1;
	pr_pctcpu = 0;
	pr_pctmem = 0;
	pr_fname = T->comm;
	pr_psargs = T->mm != NULL && T->mm == curthread->mm ?
	    __psargs(T->mm->arg_start, T->mm->arg_end) : stringof(T->comm);
	pr_wstat = T->exit_code;
	pr_argc = 0;
	pr_argv = T->mm != NULL ? T->mm->arg_start : 0;
	pr_envp = T->mm != NULL ? T->mm->env_start : 0;
	pr_dmodel = T->thread_info.flags & __TIF_ADDR32 ? PR_MODEL_ILP32 : PR_MODEL_LP64;
	pr_taskid = 0;
	pr_projid = 0;
	pr_nzomb = 0;
	pr_poolid = 0;
	pr_zoneid = 0;
	pr_contract = 0;
};

inline int PR_STOPPED = 0x00000001;
inline int PR_ISTOP = 0x00000002;
inline int PR_DSTOP = 0x00000004;
inline int PR_IDLE = 0x10000000;

inline char SSLEEP = 1;
inline char SRUN = 2;
inline char SZOMB = 3;
inline char SSTOP = 4;
inline char SIDL = 5;
inline char SONPROC = 6;
inline char SWAIT = 7;

/* task_struct.__state and exit_state bits (include/linux/sched.h) */
inline int __TASK_INTERRUPTIBLE = 0x0001;
inline int __TASK_UNINTERRUPTIBLE = 0x0002;
inline int __TASK_STOPPED = 0x0004;
inline int __TASK_TRACED = 0x0008;
inline int __EXIT_DEAD = 0x0010;
inline int __EXIT_ZOMBIE = 0x0020;
inline int __TASK_DEAD = 0x0080;
inline int __TASK_WAKEKILL = 0x0100;
inline int __TASK_WAKING = 0x0200;

translator lwpsinfo_t < struct task_struct *T > {
	pr_flag = T->__state & (__TASK_STOPPED | __TASK_TRACED) ? PR_STOPPED : 0;
	pr_lwpid = T->pid;
	pr_addr = (uintptr_t)T;
	pr_wchan = 0;
	pr_stype = 0;
	/* DTrace's mapping (its procfs.d): the first of these bits of
	 * __state that is set, else running (SRUN, also on a CPU) */
	pr_state = T->__state & __TASK_INTERRUPTIBLE ? SSLEEP :
	    T->__state & __TASK_UNINTERRUPTIBLE ? SSLEEP :
	    T->__state & __TASK_STOPPED ? SSTOP :
	    T->__state & __TASK_TRACED ? SSTOP :
	    T->__state & __EXIT_ZOMBIE ? SZOMB :
	    T->__state & __EXIT_DEAD ? SZOMB :
	    T->__state & __TASK_DEAD ? SZOMB :
	    T->__state & __TASK_WAKEKILL ? SWAIT :
	    T->__state & __TASK_WAKING ? SWAIT : SRUN;
	pr_sname = T->__state & __TASK_INTERRUPTIBLE ? 'S' :
	    T->__state & __TASK_UNINTERRUPTIBLE ? 'S' :
	    T->__state & __TASK_STOPPED ? 'T' :
	    T->__state & __TASK_TRACED ? 'T' :
	    T->__state & __EXIT_ZOMBIE ? 'Z' :
	    T->__state & __EXIT_DEAD ? 'Z' :
	    T->__state & __TASK_DEAD ? 'Z' :
	    T->__state & __TASK_WAKEKILL ? 'W' :
	    T->__state & __TASK_WAKING ? 'W' : 'R';
	pr_syscall = 0;
	pr_oldpri = 0;
	pr_pri = T->prio;
	pr_pctcpu = 0;
	pr_clname = T->prio < 0 ? "DL" : T->prio < 100 ? "RT" : T->policy == 5 ? "IDLE" : "TS";
	pr_name = T->comm;
	pr_onpro = T->thread_info.cpu;
	pr_bindpro = -1;
	pr_bindpset = -1;
	pr_lgrp = 0;
};

inline psinfo_t *curpsinfo = xlate <psinfo_t *> (curthread);
inline lwpsinfo_t *curlwpsinfo = xlate <lwpsinfo_t *> (curthread);

/* the current thread's working and root directories, as DTrace's D
 * library has them (Solaris had them as built-in variables) */
inline string cwd = d_path(&(curthread->fs->pwd));
#pragma D attributes Stable/Stable/Common cwd
#pragma D binding "1.0" cwd
inline string root = d_path(&(curthread->fs->root));
#pragma D attributes Stable/Stable/Common root
#pragma D binding "1.0" root

/* how a process ended: proc:::exit's args[0], waitid(2)'s si_code */
inline int CLD_EXITED = 1;
inline int CLD_KILLED = 2;
inline int CLD_DUMPED = 3;
inline int CLD_TRAPPED = 4;
inline int CLD_STOPPED = 5;
inline int CLD_CONTINUED = 6;
