/*
 * tracefs.c - tracefs: found where it is mounted, mounted by us on
 * /sys/kernel/tracing when it is not, and read only as far as a script
 * needs (one format file per probe whose args[] are used, directories only
 * for the groups a description names, everything only for -l).
 */
#include "tracefs.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <linux/bpf.h>
#include <linux/perf_event.h>
#include <unistd.h>

#include "../common/util.h"
#include "perf_pmu.h"

static int is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Where tracefs is (mounting it if need be), found once: a process-wide
 * read-only fact of the running system, not state of a handle. */
const char *tracefs_root(void)
{
	static const char *root;
	static int tried;
	static const char *const cands[] = {"/sys/kernel/tracing", "/sys/kernel/debug/tracing"};

	if (tried)
		return root;
	tried = 1;
	for (size_t i = 0; i < ARRAY_SIZE(cands); i++) {
		char ev[64];
		snprintf(ev, sizeof(ev), "%s/events", cands[i]);
		if (is_dir(ev))
			return root = cands[i];
	}
	if (mount("nodev", "/sys/kernel/tracing", "tracefs", 0, NULL) == 0 &&
	    is_dir("/sys/kernel/tracing/events"))
		return root = "/sys/kernel/tracing";
	/* no tracefs: the library prints nothing; sdt and syscall argument
	 * types then have no probes to offer, and a description naming them
	 * fails to match (FIXME: carry the reason into the compile error) */
	return NULL;
}

static char *trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = 0;
	return s;
}

int tracefs_format(const char *group, const char *event, struct tracefs_field **out)
{
	const char *root = tracefs_root();
	char path[512], line[1024];
	FILE *f;
	int n = 0, cap = 0;
	struct tracefs_field *v = NULL;

	*out = NULL;
	if (!root)
		return -1;
	snprintf(path, sizeof(path), "%s/events/%s/%s/format", root, group, event);
	f = fopen(path, "re");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char *p = strstr(line, "field:"), *semi;
		if (!p)
			continue;
		p += 6;
		semi = strchr(p, ';');
		if (!semi)
			continue;
		*semi = 0;
		struct tracefs_field fl;
		memset(&fl, 0, sizeof(fl));
		char *o = strstr(semi + 1, "offset:"), *s = strstr(semi + 1, "size:"), *sg = strstr(semi + 1, "signed:");
		fl.offset = o ? atoi(o + 7) : 0;
		fl.size = s ? atoi(s + 5) : 0;
		fl.is_signed = sg ? atoi(sg + 7) : 0;
		char *decl = trim(p);
		if (strncmp(decl, "__data_loc ", 11) == 0)
			fl.loc = TRACEFS_DATA_LOC;
		else if (strncmp(decl, "__rel_loc ", 10) == 0)
			fl.loc = TRACEFS_REL_LOC;
		/* the name is the last identifier, before any [N] that ends
		 * the declaration ("char comm[16]"; but "__data_loc char[]
		 * filename" has its brackets on the type) */
		char *end = decl + strlen(decl), *br = NULL;
		while (end > decl && end[-1] == ']') {
			char *open = end - 1;
			while (open > decl && *open != '[')
				open--;
			br = open;
			end = open;
			while (end > decl && isspace((unsigned char)end[-1]))
				end--;
		}
		char *nm = end;
		while (nm > decl && (isalnum((unsigned char)nm[-1]) || nm[-1] == '_'))
			nm--;
		if (strncmp(nm, "common_", 7) == 0)
			continue;
		fl.decl = xstrdup(decl);
		fl.name = xasprintf("%.*s", (int)(end - nm), nm);
		if (fl.loc) {
			/* the element type: "__data_loc char[] x" -> "char" */
			char *t = xasprintf("%.*s", (int)(nm - decl), decl);
			char *tt = trim(t + (fl.loc == TRACEFS_DATA_LOC ? 11 : 10));
			char *ob = strchr(tt, '[');
			if (ob)
				*ob = 0;
			fl.type = xstrdup(trim(tt));
			free(t);
		} else {
			char *t = xasprintf("%.*s%s", (int)(nm - decl), decl, br ? br : "");
			/* "char  [16]" -> "char [16]", "const char * " -> "const char *" */
			char *tt = trim(t);
			fl.type = xstrdup(tt);
			free(t);
		}
		if (n == cap) {
			cap = cap ? cap * 2 : 8;
			v = xrealloc(v, (size_t)cap * sizeof(*v));
		}
		v[n++] = fl;
	}
	fclose(f);
	*out = v;
	return n;
}

void tracefs_format_free(struct tracefs_field *f, int n)
{
	for (int i = 0; i < n; i++) {
		free(f[i].decl);
		free(f[i].name);
		free(f[i].type);
	}
	free(f);
}

static struct dt_type *int_type(int size, int sign)
{
	switch (size) {
	case 1: return sign ? &ty_char : &ty_uchar;
	case 2: return sign ? &ty_short : &ty_ushort;
	case 4: return sign ? &ty_int : &ty_uint;
	default: return sign ? &ty_long : &ty_ulong;
	}
}

struct dt_type *tracefs_ctype(const char *decl)
{
	char buf[256], *p, *words[16];
	int nw = 0, nptr = 0;
	long arr = -1;
	struct dt_type *t = NULL;

	snprintf(buf, sizeof(buf), "%s", decl);
	if ((p = strchr(buf, '['))) {
		arr = strtol(p + 1, NULL, 0);
		*p = 0;
	}
	for (p = buf; *p; p++)
		if (*p == '*') {
			nptr++;
			*p = ' ';
		}
	for (char *save, *w = strtok_r(buf, " \t", &save); w && nw < 16; w = strtok_r(NULL, " \t", &save)) {
		if (strcmp(w, "const") == 0 || strcmp(w, "volatile") == 0 || strcmp(w, "__user") == 0)
			continue;
		words[nw++] = w;
	}
	if (nw == 0)
		return NULL;
	if (nw == 2 && (strcmp(words[0], "struct") == 0 || strcmp(words[0], "union") == 0)) {
		t = type_tag(words[0][0] == 's' ? TY_STRUCT : TY_UNION, words[1]);
	} else {
		char name[256] = "";
		for (int i = 0; i < nw; i++) {
			if (i)
				strcat(name, " ");
			strncat(name, words[i], sizeof(name) - strlen(name) - 2);
		}
		t = type_lookup(name);
		if (!t && nptr)
			t = &ty_void;	/* a pointer to something D does not know */
	}
	if (!t)
		return NULL;
	while (nptr--)
		t = type_ptr(t);
	if (arr >= 0)
		t = type_array(NULL, t, (uint32_t)arr);
	return t;
}

struct dt_type *tracefs_field_type(const struct tracefs_field *f)
{
	struct dt_type *t = tracefs_ctype(f->type);

	if (f->loc)
		return type_ptr(t && t->kind != TY_VOID ? t : &ty_char);

	if (t && t->kind != TY_VOID)
		return t;
	return int_type(f->size, f->is_signed);
}

long tracefs_event_id(const char *group, const char *event)
{
	const char *root = tracefs_root();
	char path[512];
	FILE *f;
	unsigned long long id = 0;

	if (!root)
		return -ENOENT;
	snprintf(path, sizeof(path), "%s/events/%s/%s/id", root, group, event);
	f = fopen(path, "re");
	if (!f)
		return -errno;
	if (fscanf(f, "%llu", &id) != 1)
		id = 0;
	fclose(f);
	return id ? (long)id : -ENOENT;
}

int tracefs_perf_attach(const char *group, const char *event, int prog_fd, uint64_t cookie)
{
	long id = tracefs_event_id(group, event);
	struct perf_event_attr attr;

	if (id < 0)
		return (int)id;
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_TRACEPOINT;
	attr.config = (uint64_t)id;
	return perf_pmu_attach(&attr, -1, prog_fd, cookie);
}

int rawtp_open(const char *tp, int prog_fd, uint64_t cookie)
{
	/* union bpf_attr's raw_tracepoint member, with the cookie that older
	 * headers do not have */
	struct {
		uint64_t name;
		uint32_t prog_fd;
		uint32_t pad;
		uint64_t cookie;
		char rest[96];
	} attr;
	int fd;

	memset(&attr, 0, sizeof(attr));
	attr.name = (uint64_t)(uintptr_t)tp;
	attr.prog_fd = (uint32_t)prog_fd;
	attr.cookie = cookie;
	fd = (int)syscall(__NR_bpf, BPF_RAW_TRACEPOINT_OPEN, &attr, 24);
	return fd < 0 ? -errno : fd;
}
