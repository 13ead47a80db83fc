/*
 * errno - system calls that fail: the call, its errno's name and number.
 * To watch one errno, give a test instead: -t 'errno == ENOENT'.
 *
 *   2026 Nov 24 01:50:00 0.0 ls[4242]: openat: ENOENT (2)
 */

/*@ probe */
syscall:::return

/*@ clauses */
inline string dwatch_errno_name[int e] =
	e == EPERM ? "EPERM" : e == ENOENT ? "ENOENT" : e == ESRCH ? "ESRCH" :
	e == EINTR ? "EINTR" : e == EIO ? "EIO" : e == ENXIO ? "ENXIO" :
	e == E2BIG ? "E2BIG" : e == ENOEXEC ? "ENOEXEC" : e == EBADF ? "EBADF" :
	e == ECHILD ? "ECHILD" : e == EAGAIN ? "EAGAIN" : e == ENOMEM ? "ENOMEM" :
	e == EACCES ? "EACCES" : e == EFAULT ? "EFAULT" : e == EBUSY ? "EBUSY" :
	e == EEXIST ? "EEXIST" : e == EXDEV ? "EXDEV" : e == ENODEV ? "ENODEV" :
	e == ENOTDIR ? "ENOTDIR" : e == EISDIR ? "EISDIR" : e == EINVAL ? "EINVAL" :
	e == EMFILE ? "EMFILE" : e == ENOTTY ? "ENOTTY" : e == ENOSPC ? "ENOSPC" :
	e == ESPIPE ? "ESPIPE" : e == EROFS ? "EROFS" : e == EPIPE ? "EPIPE" :
	e == ERANGE ? "ERANGE" : e == ENAMETOOLONG ? "ENAMETOOLONG" :
	e == ENOSYS ? "ENOSYS" : e == ENOTEMPTY ? "ENOTEMPTY" : e == ELOOP ? "ELOOP" :
	e == ENODATA ? "ENODATA" : e == ETIMEDOUT ? "ETIMEDOUT" :
	e == EOPNOTSUPP ? "EOPNOTSUPP" : e == EADDRINUSE ? "EADDRINUSE" :
	e == ECONNREFUSED ? "ECONNREFUSED" : e == ECONNRESET ? "ECONNRESET" :
	e == EINPROGRESS ? "EINPROGRESS" : e == ENOTCONN ? "ENOTCONN" :
	e == ENOTSOCK ? "ENOTSOCK" : "errno";

/*@ test */
errno > 0

/*@ details */
printf("%s: %s (%d)", probefunc, dwatch_errno_name[errno], errno);
