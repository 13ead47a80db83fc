/*
 * safe_open.h - opening a file dtrace writes (-o, -h, freopen()) without
 * following another user's symbolic link planted in a shared directory.
 * Compiled into the library (freopen()) and into the commands (-o, -h),
 * which otherwise use only <dtrace.h>.
 */
#ifndef DT_SAFE_OPEN_H
#define DT_SAFE_OPEN_H

/* A descriptor open for writing on path (truncated if truncate, else
 * appended to), or -1 with *why saying why (errno's text, or the refusal). */
int dt_open_safely(const char *path, int truncate, const char **why);

#endif
