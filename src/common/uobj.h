/*
 * uobj.h - the user-space objects a process runs or may run, found
 * without reading their symbols (see uobj.c): the objects mapped in a
 * process, the libraries an object needs and where the dynamic linker
 * finds them, and whether an object has a given section.
 */
#ifndef DT_UOBJ_H
#define DT_UOBJ_H

#include "util.h"

/*
 * The ELF objects (executables, libraries) mapped executable in process
 * pid, each path once (char *, allocated) in the order of the mappings;
 * *exe (if not NULL) gets the executable's path, or NULL.  Returns 0, or
 * -errno when the process cannot be read.
 */
int uobj_proc_objects(int pid, struct ptrvec *paths, char **exe);
/*
 * Look at path's section headers (and, with needed, its dynamic section):
 * returns 1 if it has a section named section (NULL: any), 0 if not, -1
 * if it is no ELF object.  needed (if not NULL) gets the names (char *,
 * allocated) of the libraries it needs (DT_NEEDED).
 */
int uobj_scan(const char *path, const char *section, struct ptrvec *needed);
/* The path of library name ("libc.so.6") in the dynamic linker's usual
 * directories (allocated, real path), or NULL. */
char *uobj_find_lib(const char *name);
/* The same, looking first in the n directories dirs (an object's RPATH,
 * the process's LD_LIBRARY_PATH, its RUNPATH, in the linker's order),
 * then those of /etc/ld.so.conf, then the default ones. */
char *uobj_search_lib(const char *name, char *const *dirs, int n);
/* The last component of path. */
const char *uobj_basename(const char *path);

#endif
