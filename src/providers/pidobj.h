/*
 * pidobj.h - the user objects of a process, for the pid provider (see
 * pidobj.c): the executable and shared libraries it maps, needs or may load,
 * each read from its ELF file: its module name and DTrace's aliases for
 * it, its function symbols (from its detached debug file's .symtab when
 * it has none) with their file offsets, and their bytes.
 */
#ifndef DT_PIDOBJ_H
#define DT_PIDOBJ_H

#include <stddef.h>
#include <stdint.h>

/* A function symbol.  Symbols at one address are aliases of one function:
 * they sit together in pidobj_file's funcs, the preferred name first. */
struct pidobj_func {
	const char *name;
	uint64_t addr;		/* st_value */
	uint64_t size;		/* st_size */
	uint64_t off;		/* file offset of its first byte */
	uint32_t head;		/* index of the preferred alias (itself if it is) */
};

/* One ELF file (executable or shared library), read once per handle. */
struct pidobj_file {
	char *path;		/* its real path */
	const char *base;	/* base name of path */
	char *name;		/* module name: DT_SONAME, else the base name */
	char *soname;		/* DT_SONAME, or NULL */
	struct pidobj_func *funcs;	/* by address */
	size_t nfuncs;
	uint32_t *by_name;	/* funcs' indices by name, then address */
	char **needed;		/* DT_NEEDED names */
	int nneeded;
	char *rpath, *runpath;	/* DT_RPATH, DT_RUNPATH, or NULL */
	uint64_t *starts;	/* every function symbol's address (any size), sorted */
	size_t nstarts;
	uint64_t plt[3][2];	/* .plt, .plt.sec, .plt.got: [start, end) addresses */
	int nplt;
	const uint8_t *image;	/* the file, mapped read-only */
	size_t image_size;
};

/* A process: the objects the pid provider knows it has or may have. */
struct pidobj_proc {
	int pid;
	struct pidobj_file *exe;	/* its executable, or NULL */
	struct pidobj_file **objs;	/* mapped, needed, looked up (no repeats) */
	int nobjs, capobjs;
	char **libpath;		/* its LD_LIBRARY_PATH, split */
	int nlibpath;
};

/* One handle's objects and processes. */
struct pidobj_set;
struct pidobj_set *pidobj_set_create(void);
void pidobj_set_destroy(struct pidobj_set *s);

/*
 * Process pid with what it maps now (read again at each call: it may have
 * loaded libraries since) and the libraries those need, found as the
 * dynamic linker would; NULL if there is no such process.
 */
struct pidobj_proc *pidobj_proc_read(struct pidobj_set *s, int pid);
/* The process as last read, without reading it again; NULL if never read. */
struct pidobj_proc *pidobj_proc_find(struct pidobj_set *s, int pid);

/*
 * The object of pr a module name (no glob) names, as illumos libproc
 * resolves it: its full path, base name or soname; else a name that is
 * the base name or soname up to a "." (libc for libc.so.6); else "a.out"
 * for the executable.  NULL if none.
 */
struct pidobj_file *pidobj_module(struct pidobj_proc *pr, const char *name);
/*
 * A library pr has not loaded (and does not need) but may dlopen(): name
 * (a path, or a file name, or a file name without its ".so") looked up as
 * the dynamic linker would, in the executable's RPATH, the process's
 * LD_LIBRARY_PATH, its RUNPATH, ld.so.conf's directories and the default
 * ones; added to pr's objects.  NULL if not found.
 */
struct pidobj_file *pidobj_lookup_lib(struct pidobj_set *s, struct pidobj_proc *pr, const char *name);

/* The preferred alias of the function f has a symbol name for (the first
 * by address when static functions share the name), or NULL. */
const struct pidobj_func *pidobj_func_named(const struct pidobj_file *f, const char *name);
/* The size bytes of function fn in the file, or NULL if they are not all in it. */
const uint8_t *pidobj_func_text(const struct pidobj_file *f, const struct pidobj_func *fn);
/* Whether a function begins at address addr (a symbol of any size). */
int pidobj_func_starts_at(const struct pidobj_file *f, uint64_t addr);
/* Whether addr is in the PLT (.plt, .plt.sec, .plt.got). */
int pidobj_in_plt(const struct pidobj_file *f, uint64_t addr);
/* The function (its preferred alias) whose bytes hold addr, or NULL. */
const struct pidobj_func *pidobj_func_containing(const struct pidobj_file *f, uint64_t addr);
/* Whether part is the part of fn that GCC moved out of line: a symbol
 * "fn.cold" (or "fn.cold.N") for one of fn's names. */
int pidobj_is_cold_part(const struct pidobj_file *f, const struct pidobj_func *fn, const struct pidobj_func *part);

#endif
