/*
 * dtrace.c - the dtrace(1) command: DTrace's options, then compile, run and
 * print through the consumer library.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "consumer/dtrace.h"
#include "consumer/usyms.h"
#include <sys/ptrace.h>

long dt_macro_target;

/* When no program is given: which processes make system calls, and how
 * many, over five seconds (the main job of `make run`). */
static const char default_script[] =
	"#pragma D option quiet\n"
	"BEGIN { printf(\"Counting system calls by process for 5 seconds...\\n\"); }\n"
	"syscall:::entry { @calls[execname] = count(); @total = count(); }\n"
	"tick-5s { exit(0); }\n"
	"END {\n"
	"\tprintf(\"%-24s %12s\\n\", \"PROCESS\", \"SYSCALLS\");\n"
	"\tprinta(\"%-24s %@12d\\n\", @calls);\n"
	"\tprinta(\"(all)                    %@12d\\n\", @total);\n"
	"}\n";

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
	(void)sig;
	interrupted++;
	if (interrupted > 2)
		_exit(1);
}

static void usage(FILE *fp)
{
	fprintf(fp,
		"Usage: dtrace [-CeFhlqSvVwZ] [-b bufsz] [-c cmd] [-D name[=def]]\n"
		"\t[-I path] [-o output] [-p pid] [-s script] [-U name]\n"
		"\t[-x opt[=val]] [-n|-P|-m|-f probe-description] [args ...]\n\n"
		"\t-b  set trace buffer size\n"
		"\t-c  run specified command and exit upon its completion\n"
		"\t-C  run cpp(1) preprocessor on script files\n"
		"\t-D  define symbol when invoking preprocessor\n"
		"\t-e  exit after compiling request but prior to enabling probes\n"
		"\t-f  enable or list probes matching the specified function name\n"
		"\t-I  add include directory to preprocessor search path\n"
		"\t-l  list probes matching specified criteria\n"
		"\t-m  enable or list probes matching the specified module name\n"
		"\t-n  enable or list probes matching the specified probe name\n"
		"\t-o  set output file\n"
		"\t-p  grab specified process-ID and cache its symbol tables\n"
		"\t-P  enable or list probes matching the specified provider name\n"
		"\t-q  set quiet mode (only output explicitly traced data)\n"
		"\t-s  enable or list probes according to the specified D script\n"
		"\t-S  print D compiler intermediate code (BPF)\n"
		"\t-U  undefine symbol when invoking preprocessor\n"
		"\t-v  set verbose mode (report stability attributes, arguments)\n"
		"\t-V  report DTrace API version\n"
		"\t-w  permit destructive actions\n"
		"\t-x  enable or modify compiler and tracing options\n"
		"\t-Z  permit probe descriptions that match zero probes\n");
}

static char *read_file(const char *path)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
	char *buf;
	size_t n = 0, cap = 4096, r;

	if (!f)
		return NULL;
	buf = malloc(cap);
	while (buf && (r = fread(buf + n, 1, cap - n - 1, f)) > 0) {
		n += r;
		if (n + 1 >= cap)
			buf = realloc(buf, cap *= 2);
	}
	if (buf)
		buf[n] = 0;
	if (f != stdin)
		fclose(f);
	return buf;
}

struct desc {
	int kind;		/* 'n', 'P', 'm', 'f', 's' */
	char *arg;
};

int main(int argc, char **argv)
{
	struct dtrace_hdl *h = dtrace_open();
	struct desc descs[256];
	int ndescs = 0;
	int list = 0, exit_after_compile = 0, show_bpf = 0, verbose = 0;
	char *cmd = NULL, *outfile = NULL;
	long grab_pid = 0;
	char err[256];
	int c;

	while ((c = getopt(argc, argv, "+b:c:CD:ef:FGhHi:I:lL:m:n:o:p:P:qs:SU:vVwx:X:Z")) != -1) {
		switch (c) {
		case 'b':
			if (dtrace_setopt(h, "bufsize", optarg, err, sizeof(err)) < 0) {
				fprintf(stderr, "dtrace: failed to set -b %s: %s\n", optarg, err);
				return 2;
			}
			break;
		case 'c': cmd = optarg; break;
		case 'C': h->o.cpp = 1; break;
		case 'D': pv_push(&h->cpp_args, xasprintf("-D%s", optarg)); break;
		case 'U': pv_push(&h->cpp_args, xasprintf("-U%s", optarg)); break;
		case 'I': pv_push(&h->cpp_args, xasprintf("-I%s", optarg)); break;
		case 'e': exit_after_compile = 1; break;
		case 'f': case 'm': case 'n': case 'P': case 's':
			if (ndescs < 256) {
				descs[ndescs].kind = c;
				descs[ndescs].arg = optarg;
				ndescs++;
			}
			break;
		case 'F': h->o.flowindent = 1; break;
		case 'h': case 'G': case 'H': case 'i': case 'L': case 'X':
			break;
		case 'l': list = 1; break;
		case 'o': outfile = optarg; break;
		case 'p': grab_pid = strtol(optarg, NULL, 10); break;
		case 'q': h->o.quiet = 1; break;
		case 'S': show_bpf = 1; break;
		case 'v': verbose = 1; break;
		case 'V':
			printf("dtrace: Sun D 2.0\n");
			return 0;
		case 'w': h->o.destructive = 1; break;
		case 'x': {
			char *name = xstrdup(optarg), *eq = strchr(name, '=');
			if (eq)
				*eq++ = 0;
			if (dtrace_setopt(h, name, eq, err, sizeof(err)) < 0) {
				fprintf(stderr, "dtrace: failed to set -x %s: %s\n", name, err);
				return 1;
			}
			break;
		}
		case 'Z': h->o.zdefs = 1; break;
		default:
			usage(stderr);
			return 2;
		}
	}

	/* macro arguments: $0 is the script (or dtrace), then the operands */
	{
		const char *zero = "dtrace";
		for (int i = 0; i < ndescs; i++)
			if (descs[i].kind == 's')
				zero = descs[i].arg;
		h->nargs = 1 + (argc - optind);
		h->args = xcalloc((size_t)h->nargs + 1, sizeof(char *));
		h->args[0] = xstrdup(zero);
		for (int i = optind; i < argc; i++)
			h->args[1 + i - optind] = argv[i];
	}

	if (outfile) {
		h->out = fopen(outfile, "a");
		if (!h->out) {
			fprintf(stderr, "dtrace: failed to open output file '%s': %s\n", outfile, strerror(errno));
			return 1;
		}
	}

	if (list) {
		int n = 0;
		if (ndescs == 0)
			n = dtrace_list(h, NULL, 'n', verbose);
		for (int i = 0; i < ndescs; i++)
			n += dtrace_list(h, descs[i].arg, descs[i].kind, verbose);
		fflush(h->out);
		return n > 0 || ndescs == 0 ? 0 : 1;
	}

	if (ndescs == 0) {
		if (isatty(0) || optind >= argc) {
			/* the main job: a default script */
			dtrace_add_source(h, default_script, "default", 0);
		}
	}
	for (int i = 0; i < ndescs; i++) {
		if (descs[i].kind == 's') {
			char *text = read_file(descs[i].arg);
			if (!text) {
				fprintf(stderr, "dtrace: failed to open %s: %s\n", descs[i].arg, strerror(errno));
				return 2;
			}
			dtrace_add_source(h, text, descs[i].arg, 1);
		} else {
			char *text = descs[i].arg;
			if (descs[i].kind == 'P')
				text = xasprintf("%s:::", descs[i].arg);
			else if (descs[i].kind == 'm')
				text = xasprintf("::%s::", descs[i].arg);
			else if (descs[i].kind == 'f')
				text = xasprintf(":::%s:", descs[i].arg);
			dtrace_add_source(h, text, descs[i].arg, 0);
		}
	}

	/* -c: the child waits for a byte on a pipe until tracing is on */
	int go_pipe[2] = {-1, -1};
	pid_t child = -1;
	if (cmd) {
		if (pipe(go_pipe) < 0)
			return 1;
		child = fork();
		if (child == 0) {
			char b;
			close(go_pipe[1]);
			if (read(go_pipe[0], &b, 1) != 1)
				_exit(127);
			close(go_pipe[0]);
			/* like dtrace(1): split at white space, no shell, so
			 * $target is the command's own pid */
			char *cargv[128];
			int cargc = 0;
			char *tok, *save, *dup = xstrdup(cmd);
			for (tok = strtok_r(dup, " \t", &save); tok && cargc < 127; tok = strtok_r(NULL, " \t", &save))
				cargv[cargc++] = tok;
			cargv[cargc] = NULL;
			if (cargc == 0)
				_exit(127);
			execvp(cargv[0], cargv);
			fprintf(stderr, "dtrace: failed to execute %s: %s\n", cargv[0], strerror(errno));
			_exit(127);
		}
		close(go_pipe[0]);
		dt_macro_target = child;
		h->target = child;
		/* Grab the child as DTrace does: it stops right after its exec
		 * (so pid$target probes see its program, and nothing has run
		 * yet) and as it exits (so its mappings can still be read for
		 * ustack() symbols).  It runs once tracing is on. */
		ptrace(PTRACE_SEIZE, child, 0, PTRACE_O_TRACEEXIT | PTRACE_O_TRACEEXEC);
		if (write(go_pipe[1], "g", 1) != 1)
			fprintf(stderr, "dtrace: failed to start %s\n", cmd);
		close(go_pipe[1]);
		for (;;) {
			int st;
			if (waitpid(child, &st, __WALL) != child || WIFEXITED(st) || WIFSIGNALED(st)) {
				fprintf(stderr, "dtrace: failed to execute %s\n", cmd);
				return 1;
			}
			if (WIFSTOPPED(st) && (st >> 16) == PTRACE_EVENT_EXEC)
				break;
			ptrace(PTRACE_CONT, child, 0, WIFSTOPPED(st) && WSTOPSIG(st) != SIGTRAP ? WSTOPSIG(st) : 0);
		}
	} else if (grab_pid) {
		dt_macro_target = grab_pid;
		h->target = grab_pid;
	}

	if (dtrace_compile(h) < 0) {
		if (child > 0)
			kill(child, SIGKILL);
		return 1;
	}
	if (show_bpf)
		dtrace_dump_programs(h, stderr);
	struct dt_source **srcs = (struct dt_source **)h->sources.v;
	int nmatched = 0;
	for (int i = 0; i < h->sources.n; i++) {
		nmatched += srcs[i]->nmatched;
		if (!h->o.quiet && strcmp(srcs[i]->name, "default") != 0)
		{
			/* a description is named up to its first { / or ; as dtrace(1) does */
			char *name = xstrdup(srcs[i]->name);
			if (!srcs[i]->is_file) {
				char *cut = strpbrk(name, "{/;");
				if (cut)
					*cut = 0;
			}
			fprintf(stderr, "dtrace: %s '%s' matched %d probe%s\n",
				srcs[i]->is_file ? "script" : "description", name,
				srcs[i]->nmatched, srcs[i]->nmatched == 1 ? "" : "s");
			free(name);
		}
	}
	if (exit_after_compile)
		return 0;
	if (nmatched == 0) {
		fprintf(stderr, "dtrace: no probes matched\n");
		return 1;
	}

	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);

	if (dtrace_load(h) < 0 || dtrace_go(h) < 0) {
		dtrace_stop(h);
		if (child > 0)
			kill(child, SIGKILL);
		return 1;
	}
	if (child > 0)
		ptrace(PTRACE_CONT, child, 0, 0);	/* tracing is on: let it run */
	while (!interrupted) {
		if (!dtrace_work(h, 50))
			break;
		if (child > 0) {
			int st;
			if (waitpid(child, &st, WNOHANG | __WALL) == child) {
				if (WIFSTOPPED(st)) {
					int sig = WSTOPSIG(st);
					if (sig == SIGTRAP && (st >> 16) == PTRACE_EVENT_EXIT) {
						usym_preload(child);
						sig = 0;
					}
					ptrace(PTRACE_CONT, child, 0, sig);
					continue;
				}
				child = -1;
				dtrace_work(h, 0);
				break;
			}
		} else if (grab_pid > 0 && kill((pid_t)grab_pid, 0) < 0 && errno == ESRCH) {
			break;
		}
	}
	dtrace_stop(h);
	if (child > 0 && !h->done)
		kill(child, SIGTERM);
	int status = h->exit_status;
	if (h->out != stdout)
		fclose(h->out);
	dtrace_close(h);
	return status;
}
