/*
 * uobj.c - the user-space objects a process runs or may run, found
 * without reading their symbols: a process's executable mappings
 * (/proc/PID/maps), an object's DT_NEEDED libraries and where the dynamic
 * linker finds them, and whether an object has a section (USDT looks for
 * .note.stapsdt in many files, so only the section headers are read).
 *
 * pid.c has its own copy of the library search and DT_NEEDED reading
 * (its find_lib and each_function's needed list); they are the same
 * facts, and pid.c can use these.
 */
#include "uobj.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

char *uobj_find_lib(const char *name)
{
	static const char *const dirs[] = {
		"/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/lib64",
		"/usr/lib64", "/lib", "/usr/lib", "/usr/local/lib",
	};
	char path[PATH_MAX];

	if (strchr(name, '/'))
		return realpath(name, NULL);
	for (size_t i = 0; i < ARRAY_SIZE(dirs); i++) {
		snprintf(path, sizeof(path), "%s/%s", dirs[i], name);
		if (access(path, R_OK) == 0)
			return realpath(path, NULL);
	}
	return NULL;
}

int uobj_scan(const char *path, const char *section, struct ptrvec *needed)
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
