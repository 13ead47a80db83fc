/*
 * uobj.c - the user-space objects a process runs or may run, found
 * without reading their symbols: a process's executable mappings
 * (/proc/PID/maps), an object's DT_NEEDED libraries and where the dynamic
 * linker finds them, and whether an object has a section (USDT looks for
 * .note.stapsdt in many files, so only the section headers are read).
 *
 * The library search follows the dynamic linker's order given the
 * object's and process's own directories (pid's pidobj.c passes RPATH,
 * LD_LIBRARY_PATH, RUNPATH), then ld.so.conf's and the default ones.
 */
#include "uobj.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <glob.h>
#include <libelf.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *uobj_basename(const char *path)
{
	const char *b = strrchr(path, '/');

	return b ? b + 1 : path;
}

int uobj_proc_objects(int pid, struct ptrvec *paths, char **exe)
{
	char path[64], line[PATH_MAX + 128];
	FILE *f;

	if (exe) {
		snprintf(path, sizeof(path), "/proc/%d/exe", pid);
		*exe = realpath(path, NULL);
	}
	snprintf(path, sizeof(path), "/proc/%d/maps", pid);
	if (!(f = fopen(path, "re")))
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		char perms[8], *file;
		int dup = 0;
		/* start-end perms offset dev inode   path */
		if (sscanf(line, "%*x-%*x %7s", perms) != 1 || perms[2] != 'x' || !(file = strchr(line, '/')))
			continue;
		file[strcspn(file, "\n")] = 0;
		if (strstr(file, " (deleted)"))
			continue;	/* the file it maps is gone: no uprobe there */
		for (int i = 0; i < paths->n && !dup; i++)
			dup = strcmp(paths->v[i], file) == 0;
		if (!dup)
			pv_push(paths, xstrdup(file));
	}
	fclose(f);
	return 0;
}

/* ld.so.conf's directories into dirs (its "include" globs followed). */
static void conf_dirs(const char *path, struct ptrvec *dirs, int depth)
{
	FILE *fp = fopen(path, "re");
	char line[1024];

	if (!fp)
		return;
	while (fgets(line, sizeof(line), fp)) {
		char *p = line, *end;
		if ((end = strchr(p, '#')))
			*end = 0;
		while (isspace((unsigned char)*p))
			p++;
		for (end = p + strlen(p); end > p && isspace((unsigned char)end[-1]);)
			*--end = 0;
		if (strncmp(p, "include", 7) == 0 && isspace((unsigned char)p[7])) {
			glob_t g;
			char pat[1100];
			for (p += 8; isspace((unsigned char)*p); p++)
				;
			/* a relative pattern is relative to /etc, as ldconfig has it */
			snprintf(pat, sizeof(pat), "%s%s", *p == '/' ? "" : "/etc/", p);
			if (depth < 4 && glob(pat, 0, NULL, &g) == 0) {
				for (size_t i = 0; i < g.gl_pathc; i++)
					conf_dirs(g.gl_pathv[i], dirs, depth + 1);
				globfree(&g);
			}
		} else if (*p == '/') {
			pv_push(dirs, xstrdup(p));
		}
	}
	fclose(fp);
}

/*
 * The dynamic linker's order after the object's and process's own paths:
 * ld.so.cache (what ld.so.conf's directories hold: they are read instead),
 * then the default directories.
 */
char *uobj_search_lib(const char *name, char *const *dirs, int n)
{
	static const char *const defaults[] = {
		"/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/lib64",
		"/usr/lib64", "/lib", "/usr/lib", "/usr/local/lib",
	};
	struct ptrvec conf = { 0 };
	char path[PATH_MAX], *found = NULL;

	if (strchr(name, '/'))
		return realpath(name, NULL);
	for (int i = 0; i < n && !found; i++) {
		snprintf(path, sizeof(path), "%s/%s", dirs[i], name);
		if (access(path, R_OK) == 0)
			found = realpath(path, NULL);
	}
	if (!found)
		conf_dirs("/etc/ld.so.conf", &conf, 0);
	for (int i = 0; i < conf.n && !found; i++) {
		snprintf(path, sizeof(path), "%s/%s", (char *)conf.v[i], name);
		if (access(path, R_OK) == 0)
			found = realpath(path, NULL);
	}
	for (int i = 0; i < conf.n; i++)
		free(conf.v[i]);
	pv_free(&conf);
	for (size_t i = 0; i < ARRAY_SIZE(defaults) && !found; i++) {
		snprintf(path, sizeof(path), "%s/%s", defaults[i], name);
		if (access(path, R_OK) == 0)
			found = realpath(path, NULL);
	}
	return found;
}

char *uobj_find_lib(const char *name)
{
	return uobj_search_lib(name, NULL, 0);
}

/*
 * What uobj_scan found in a file, remembered for the process: a file's
 * section headers and DT_NEEDED list do not change while it keeps its
 * identity (device, inode, size, modification time), and USDT's search of
 * every object that running processes map and every executable in $PATH
 * would otherwise open and map a few thousand files for each handle that
 * compiles a provider glob.  Guarded by scan_lock; entries are never
 * removed (a file that changes gets a new one).
 */
struct scan_memo {
	struct scan_memo *next;
	char *path, *section;		/* section NULL: any */
	dev_t dev;
	ino_t ino;
	off_t size;
	struct timespec mtime;
	int found;
	int nneeded;			/* -1: not asked for */
	char **needed;
};
#define SCAN_MEMO_BUCKETS 1024
static struct scan_memo *scan_memo[SCAN_MEMO_BUCKETS];
static pthread_mutex_t scan_lock = PTHREAD_MUTEX_INITIALIZER;

static unsigned scan_bucket(const char *path, const char *section)
{
	unsigned h = 2166136261u;

	for (const char *p = path; *p; p++)
		h = (h ^ (unsigned char)*p) * 16777619u;
	for (const char *p = section ? section : ""; *p; p++)
		h = (h ^ (unsigned char)*p) * 16777619u;
	return h % SCAN_MEMO_BUCKETS;
}

static int same_file(const struct scan_memo *m, const struct stat *st)
{
	return m->dev == st->st_dev && m->ino == st->st_ino && m->size == st->st_size &&
	       m->mtime.tv_sec == st->st_mtim.tv_sec && m->mtime.tv_nsec == st->st_mtim.tv_nsec;
}

static int scan_elf(const char *path, const char *section, struct ptrvec *needed);

int uobj_scan(const char *path, const char *section, struct ptrvec *needed)
{
	struct stat st;
	struct scan_memo *m;
	unsigned b;
	int found;

	if (stat(path, &st) < 0 || !S_ISREG(st.st_mode))
		return scan_elf(path, section, needed);
	b = scan_bucket(path, section);
	pthread_mutex_lock(&scan_lock);
	for (m = scan_memo[b]; m; m = m->next)
		if (strcmp(m->path, path) == 0 && (m->section == section || (m->section && section && strcmp(m->section, section) == 0)) &&
		    same_file(m, &st) && (!needed || m->nneeded >= 0))
			break;
	if (m) {
		found = m->found;
		for (int i = 0; needed && i < m->nneeded; i++)
			pv_push(needed, xstrdup(m->needed[i]));
		pthread_mutex_unlock(&scan_lock);
		return found;
	}
	pthread_mutex_unlock(&scan_lock);

	struct ptrvec got = {0};
	found = scan_elf(path, section, &got);
	m = xcalloc(1, sizeof(*m));
	m->path = xstrdup(path);
	m->section = section ? xstrdup(section) : NULL;
	m->dev = st.st_dev;
	m->ino = st.st_ino;
	m->size = st.st_size;
	m->mtime = st.st_mtim;
	m->found = found;
	m->nneeded = got.n;
	m->needed = xcalloc((size_t)(got.n ? got.n : 1), sizeof(char *));
	for (int i = 0; i < got.n; i++) {
		m->needed[i] = got.v[i];
		if (needed)
			pv_push(needed, xstrdup(got.v[i]));
	}
	pv_free(&got);
	pthread_mutex_lock(&scan_lock);
	m->next = scan_memo[b];
	scan_memo[b] = m;
	pthread_mutex_unlock(&scan_lock);
	return found;
}

/* uobj_scan itself: the file read. */
static int scan_elf(const char *path, const char *section, struct ptrvec *needed)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), found = 0;
	size_t shstrndx;
	Elf *e;

	if (fd < 0)
		return -1;
	elf_version(EV_CURRENT);
	e = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!e || elf_kind(e) != ELF_K_ELF || elf_getshdrstrndx(e, &shstrndx) != 0) {
		if (e)
			elf_end(e);
		close(fd);
		return -1;
	}
	for (Elf_Scn *scn = NULL; (scn = elf_nextscn(e, scn));) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh))
			continue;
		if (!section) {
			found = 1;
		} else if (!found) {
			const char *n = elf_strptr(e, shstrndx, sh.sh_name);
			found = n && strcmp(n, section) == 0;
		}
		if (found && !needed)
			break;
		if (needed && sh.sh_type == SHT_DYNAMIC) {
			Elf_Data *d = elf_getdata(scn, NULL);
			size_t n = d && sh.sh_entsize ? sh.sh_size / sh.sh_entsize : 0;
			for (size_t i = 0; i < n; i++) {
				GElf_Dyn dyn;
				const char *s;
				if (gelf_getdyn(d, (int)i, &dyn) && dyn.d_tag == DT_NEEDED &&
				    (s = elf_strptr(e, sh.sh_link, dyn.d_un.d_val)))
					pv_push(needed, xstrdup(s));
			}
		}
	}
	elf_end(e);
	close(fd);
	return found;
}
