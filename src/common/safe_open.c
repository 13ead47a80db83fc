/*
 * safe_open.c - opening a file dtrace writes: -o (appended to, as DTrace
 * does), -h's header (truncated) and freopen()'s file (appended to).
 *
 * DTrace opens these with fopen() and so follows any symbolic link.  In a
 * directory every user may write to and that has the sticky bit (/tmp),
 * another user could plant a link where dtrace (often root) will write,
 * pointing anywhere, or a file of theirs to collect what dtrace writes.
 * There a link is followed, and an existing file written to, only if it is
 * dtrace's user's own or the directory owner's: the kernel's
 * protected_symlinks and protected_regular rules, kept even where those
 * sysctls are off.  Elsewhere the path is opened as DTrace opens it.
 */
#include "safe_open.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

int dt_open_safely(const char *path, int truncate, const char **why)
{
	int flags = O_WRONLY | O_CREAT | O_CLOEXEC | (truncate ? O_TRUNC : O_APPEND);
	char *copy = strdup(path), *slash = copy ? strrchr(copy, '/') : NULL;
	struct stat dir, st;
	int shared, fd;

	if (!copy) {
		*why = strerror(ENOMEM);
		return -1;
	}
	if (slash)
		slash[slash == copy] = 0;	/* "/x" -> "/", "a/b" -> "a" */
	shared = stat(slash ? copy : ".", &dir) == 0 && (dir.st_mode & S_ISVTX) && (dir.st_mode & S_IWOTH);
	free(copy);
	*why = NULL;
	fd = open(path, flags | (shared ? O_NOFOLLOW : 0), 0666);
	if (fd < 0 && shared && lstat(path, &st) == 0) {
		/* a link (ELOOP; EACCES where the kernel's protected_*
		 * sysctls refuse it first) or a file that is not ours */
		int e = errno;
		if (st.st_uid != geteuid() && st.st_uid != dir.st_uid) {
			*why = S_ISLNK(st.st_mode) ? "a symbolic link of another user in a shared directory (not followed)"
						   : "a file of another user in a shared directory";
			return -1;
		}
		/* ours or the directory owner's: followed (a link in a
		 * sticky directory can be replaced only by its owner) */
		errno = e;
		if (e == ELOOP)
			fd = open(path, flags, 0666);
	} else if (fd >= 0 && shared && fstat(fd, &st) == 0 && st.st_uid != geteuid() && st.st_uid != dir.st_uid) {
		close(fd);
		*why = "a file of another user in a shared directory";
		return -1;
	}
	if (fd < 0)
		*why = strerror(errno);
	return fd;
}
