/*
 * dwatch.h - what the two halves of dwatch(1) share: the settings its
 * options make (dwatch.c reads the command line into them), and the
 * profiles and the D program made of them (dwatch_script.c).
 */
#ifndef DWATCH_H
#define DWATCH_H

#include <stddef.h>

#define DW_NAME "dwatch"

/* A growing string. */
struct dw_buf {
	char *s;
	size_t len, cap;
};

void dw_add(struct dw_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void dw_addn(struct dw_buf *b, const char *s, size_t n);
char *dw_strdup(const char *s);
void dw_die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/* A list of strings, in the order given. */
struct dw_list {
	const char **v;
	int n;
};

void dw_push(struct dw_list *l, const char *s);

/* The options that shape the D program (the rest stay in dwatch.c). */
struct dw_settings {
	int probe_type;		/* -P, -m, -f, -n: which field a bare name is; 0: guess */
	int flow;		/* -F: the probe and an entry/return marker */
	int pstree;		/* -R: the parent, grandparent and ancestor */
	struct dw_list details;	/* -E: D printing the details, in order */
	struct dw_list tests;	/* -t: predicates, all must hold */
	struct dw_list execnames; /* -k: name, name*, *name, *name* */
	const char *jail;	/* -j: container name, cgroup id or path, 0 */
	unsigned long long cgroup_id; /* -j as a cgroup: its id, else 0 */
};

/*
 * A profile: a file of D fragments in a profiles directory, in sections
 * (dwatch_script.c says the format).  Text is as in the file, with
 * $PROFILE, $PROBE and ${DWATCH_...:-default} still to substitute.
 */
struct dw_profile {
	char *name;		/* the name asked for (a file's or a variant's) */
	char *path;		/* the file */
	char *dir;		/* its directory */
	char *probe;		/* the probes it watches */
	char *clauses;		/* D before the event's clause, or NULL */
	char *tag;		/* D replacing "uid.gid execname[pid]: ", or NULL */
	char *details;		/* D printing the details, or NULL */
	char *test;		/* its predicate (replaced by -t), or NULL */
	char *ignores;		/* the options it cannot honor ("kzgpuR") */
};

/* The directories profiles are looked for in, in order. */
void dw_profile_dirs(struct dw_list *dirs);
/* Find and read a profile; NULL if no directory has it. */
struct dw_profile *dw_profile_load(const struct dw_list *dirs, const char *name);
/* Every profile name in the directories, sorted, each once. */
void dw_profile_names(const struct dw_list *dirs, struct dw_list *names);

/* The whole D program for probe (already expanded), with the profile. */
void dw_script(const struct dw_settings *s, const struct dw_profile *prof, const char *probe,
	       struct dw_buf *out);

#endif
