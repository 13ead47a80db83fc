/*
 * dtrace.h - libdtrace, DTrace's consumer API, for Linux on eBPF.
 *
 * The calls, types and constants are DTrace's (illumos, FreeBSD and Oracle
 * Linux libdtrace), so that a consumer written against those compiles and
 * runs unchanged, Solaris-only calls aside.  Everything a consumer holds is
 * behind one opaque handle: open one, set options, compile programs, execute
 * them, go, then loop on dtrace_sleep() and dtrace_work() with a probe and a
 * record callback, and finally stop and close.  Two handles in one process
 * are independent.
 *
 * Errors are returned, never printed: a call that fails returns -1 or NULL
 * and dtrace_errno() / dtrace_errmsg() tell why.  Runtime faults and drops go
 * to the handlers a consumer installs (dtrace_handle_err, dtrace_handle_drop);
 * with no handler installed, a fault or a drop makes dtrace_work() fail, as in
 * DTrace.
 *
 * What differs from Solaris: there is no DOF, no dtrace(7D) device, no
 * libproc (a process is a struct ps_prochandle only this library knows) and
 * no CTF (types come from the kernel's BTF).  See libdtrace(3).
 */
#ifndef _DTRACE_H
#define _DTRACE_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DTRACE_VERSION	3		/* library ABI interface version */

/* ---- identifiers and descriptions (DTrace's <sys/dtrace.h>) ---------------- */

typedef uint32_t dtrace_id_t;		/* probe identifier */
typedef uint32_t dtrace_epid_t;		/* enabled probe (clause) identifier */
typedef uint32_t dtrace_aggid_t;	/* aggregation identifier */
typedef int64_t dtrace_aggvarid_t;	/* aggregation variable identifier */
typedef uint16_t dtrace_actkind_t;	/* action kind */
typedef int64_t dtrace_optval_t;	/* option value */
typedef int processorid_t;
typedef unsigned int uint_t;		/* Solaris's, used by DTrace consumers */

#define DTRACEOPT_UNSET		((dtrace_optval_t)-2)

#define DTRACE_PROVNAMELEN	64
#define DTRACE_MODNAMELEN	64
#define DTRACE_FUNCNAMELEN	192
#define DTRACE_NAMELEN		64
#define DTRACE_FULLNAMELEN	(DTRACE_PROVNAMELEN + DTRACE_MODNAMELEN + \
				 DTRACE_FUNCNAMELEN + DTRACE_NAMELEN + 4)

typedef enum dtrace_probespec {
	DTRACE_PROBESPEC_NONE = -1,
	DTRACE_PROBESPEC_PROVIDER = 0,
	DTRACE_PROBESPEC_MOD,
	DTRACE_PROBESPEC_FUNC,
	DTRACE_PROBESPEC_NAME
} dtrace_probespec_t;

typedef struct dtrace_probedesc {
	dtrace_id_t dtpd_id;			/* probe identifier */
	char dtpd_provider[DTRACE_PROVNAMELEN];	/* probe provider name */
	char dtpd_mod[DTRACE_MODNAMELEN];	/* probe module name */
	char dtpd_func[DTRACE_FUNCNAMELEN];	/* probe function name */
	char dtpd_name[DTRACE_NAMELEN];		/* probe name */
} dtrace_probedesc_t;

/* Stability attributes (-v, -xamin): stability levels Internal (0) ..
 * Standard (7), dependency classes Unknown (0) .. Common (5). */
typedef uint8_t dtrace_stability_t;
typedef uint8_t dtrace_class_t;
typedef struct dtrace_attribute {
	dtrace_stability_t dtat_name;
	dtrace_stability_t dtat_data;
	dtrace_class_t dtat_class;
} dtrace_attribute_t;

/* Action kinds: what a record holds (dtrd_action). */
#define DTRACEACT_NONE			0
#define DTRACEACT_DIFEXPR		1	/* trace() of an expression */
#define DTRACEACT_EXIT			2	/* exit(): an int32 status */
#define DTRACEACT_PRINTF		3
#define DTRACEACT_PRINTA		4
#define DTRACEACT_LIBACT		5	/* clear, trunc, normalize, ... */
#define DTRACEACT_TRACEMEM		6
#define DTRACEACT_TRACEMEM_DYNSIZE	7
#define DTRACEACT_PRINT			8	/* print() */
#define DTRACEACT_PCAP			9	/* pcap(): time, length, protocol, bytes
						 * (Oracle's 7 is TRACEMEM_DYNSIZE here) */
#define DTRACEACT_PROC			0x0100
#define DTRACEACT_USTACK		(DTRACEACT_PROC + 1)
#define DTRACEACT_JSTACK		(DTRACEACT_PROC + 2)
#define DTRACEACT_USYM			(DTRACEACT_PROC + 3)	/* usym(), ufunc(): pid, address */
#define DTRACEACT_UMOD			(DTRACEACT_PROC + 4)	/* umod(): pid, address */
#define DTRACEACT_UADDR			(DTRACEACT_PROC + 5)	/* uaddr(): pid, address */
#define DTRACEACT_PROC_DESTRUCTIVE	0x0200
#define DTRACEACT_STOP			(DTRACEACT_PROC_DESTRUCTIVE + 1)
#define DTRACEACT_RAISE			(DTRACEACT_PROC_DESTRUCTIVE + 2)
#define DTRACEACT_SYSTEM		(DTRACEACT_PROC_DESTRUCTIVE + 3)
#define DTRACEACT_FREOPEN		(DTRACEACT_PROC_DESTRUCTIVE + 4)
#define DTRACEACT_KERNEL		0x0400
#define DTRACEACT_STACK			(DTRACEACT_KERNEL + 1)
#define DTRACEACT_SYM			(DTRACEACT_KERNEL + 2)	/* sym(), func(): an address */
#define DTRACEACT_MOD			(DTRACEACT_KERNEL + 3)	/* mod(): an address */
#define DTRACEACT_KERNEL_DESTRUCTIVE	0x0500
#define DTRACEACT_BREAKPOINT		(DTRACEACT_KERNEL_DESTRUCTIVE + 1)
#define DTRACEACT_PANIC			(DTRACEACT_KERNEL_DESTRUCTIVE + 2)
#define DTRACEACT_CHILL			(DTRACEACT_KERNEL_DESTRUCTIVE + 3)
#define DTRACEACT_SPECULATIVE		0x0600
#define DTRACEACT_SPECULATE		(DTRACEACT_SPECULATIVE + 1)
#define DTRACEACT_COMMIT		(DTRACEACT_SPECULATIVE + 2)
#define DTRACEACT_DISCARD		(DTRACEACT_SPECULATIVE + 3)
#define DTRACEACT_AGGREGATION		0x0700
#define DTRACEAGG_COUNT			(DTRACEACT_AGGREGATION + 1)
#define DTRACEAGG_MIN			(DTRACEACT_AGGREGATION + 2)
#define DTRACEAGG_MAX			(DTRACEACT_AGGREGATION + 3)
#define DTRACEAGG_AVG			(DTRACEACT_AGGREGATION + 4)
#define DTRACEAGG_SUM			(DTRACEACT_AGGREGATION + 5)
#define DTRACEAGG_STDDEV		(DTRACEACT_AGGREGATION + 6)
#define DTRACEAGG_QUANTIZE		(DTRACEACT_AGGREGATION + 7)
#define DTRACEAGG_LQUANTIZE		(DTRACEACT_AGGREGATION + 8)
#define DTRACEAGG_LLQUANTIZE		(DTRACEACT_AGGREGATION + 9)
#define DTRACEACT_ISAGG(x)		((x) > DTRACEACT_AGGREGATION && \
					 (x) <= DTRACEAGG_LLQUANTIZE)

/*
 * A quantize() value (DTRACEAGG_QUANTIZE) is DTRACE_QUANTIZE_NBUCKETS
 * 64-bit counts: bucket DTRACE_QUANTIZE_ZEROBUCKET counts 0, the k-th above
 * it (k = 1..63) the values in [2^(k-1), 2^k), the k-th below it the
 * values in (-2^k, -2^(k-1)]; DTRACE_QUANTIZE_BUCKETVAL(b) is the value
 * bucket b is labelled with (its lower bound; its upper one below zero).
 */
#define DTRACE_QUANTIZE_NBUCKETS	127
#define DTRACE_QUANTIZE_ZEROBUCKET	63
#define DTRACE_QUANTIZE_BUCKETVAL(b)					\
	((b) < DTRACE_QUANTIZE_ZEROBUCKET ?				\
	 -(1LL << (DTRACE_QUANTIZE_ZEROBUCKET - 1 - (b))) :		\
	 (b) == DTRACE_QUANTIZE_ZEROBUCKET ? 0LL :			\
	 (1LL << ((b) - DTRACE_QUANTIZE_ZEROBUCKET - 1)))

/* Runtime fault kinds (dteda_fault). */
#define DTRACEFLT_UNKNOWN	0
#define DTRACEFLT_BADADDR	1
#define DTRACEFLT_BADALIGN	2
#define DTRACEFLT_ILLOP		3
#define DTRACEFLT_DIVZERO	4
#define DTRACEFLT_NOSCRATCH	5
#define DTRACEFLT_KPRIV		6
#define DTRACEFLT_UPRIV		7
#define DTRACEFLT_TUPOFLOW	8
#define DTRACEFLT_BADSTACK	9
#define DTRACEFLT_BADSIZE	10
#define DTRACEFLT_BADINDEX	11

/* One record of a clause's (or an aggregation's) data. */
typedef struct dtrace_recdesc {
	dtrace_actkind_t dtrd_action;	/* the action that made it */
	uint32_t dtrd_size;		/* bytes of data */
	uint32_t dtrd_offset;		/* where the data starts */
	uint16_t dtrd_alignment;
	uint16_t dtrd_format;		/* non-zero: it has a format */
	uint64_t dtrd_arg;		/* action argument (exit status size, ...) */
	uint64_t dtrd_uarg;		/* Linux: DTRACE_RECTYPE_* (below) */
} dtrace_recdesc_t;

/*
 * Linux: what the datum of a trace() record or of an aggregation key is, in
 * its dtrd_uarg, so that a consumer need not guess it from the bytes as
 * DTrace's consumers do (a short string constant is as wide as an
 * integer): DTRACE_RECTYPE_INT an integer (8 bytes in the record,
 * DTRACE_RECTYPE_ISIZE bytes in D, DTRACE_RECTYPE_SIGNED if signed,
 * DTRACE_RECTYPE_PTR if a pointer), DTRACE_RECTYPE_STRING a NUL-terminated
 * string in at most dtrd_size bytes, DTRACE_RECTYPE_RAW the bytes of a
 * struct or union; 0 for every other record (stacks have action kinds of
 * their own).
 */
#define DTRACE_RECTYPE_MASK		0xff
#define DTRACE_RECTYPE_INT		1
#define DTRACE_RECTYPE_STRING		2
#define DTRACE_RECTYPE_RAW		3
#define DTRACE_RECTYPE_SIGNED		0x100
#define DTRACE_RECTYPE_PTR		0x200
#define DTRACE_RECTYPE_ISIZE(uarg)	((int)(((uarg) >> 16) & 0xff))

/* An enabled probe: a clause, with the records it writes. */
typedef struct dtrace_eprobedesc {
	dtrace_epid_t dtepd_epid;	/* clause identifier */
	dtrace_id_t dtepd_probeid;	/* the probe that fired */
	uint64_t dtepd_uarg;
	uint32_t dtepd_size;		/* bytes of data */
	int dtepd_nrecs;
	dtrace_recdesc_t dtepd_rec[1];	/* dtepd_nrecs of them */
} dtrace_eprobedesc_t;

/* An aggregation: rec[0] is the variable id (8 bytes), rec[1..n-2] the
 * keys, rec[n-1] the aggregating function's value. */
typedef struct dtrace_aggdesc {
	char *dtagd_name;		/* without the '@'; "" for @ */
	dtrace_aggvarid_t dtagd_varid;
	int dtagd_flags;		/* DTRACE_AGD_PRINTED */
	dtrace_aggid_t dtagd_id;
	dtrace_epid_t dtagd_epid;
	uint32_t dtagd_size;		/* bytes of data */
	int dtagd_nrecs;
	uint32_t dtagd_pad;
	dtrace_recdesc_t dtagd_rec[1];	/* dtagd_nrecs of them */
} dtrace_aggdesc_t;

/* ---- handles ----------------------------------------------------------------- */

struct ps_prochandle;
typedef struct dtrace_hdl dtrace_hdl_t;
typedef struct dtrace_prog dtrace_prog_t;
typedef struct dtrace_aggdata dtrace_aggdata_t;

#define DTRACE_O_NODEV	0x01	/* no tracing (-h, -G): no privilege needed */
#define DTRACE_O_NOSYS	0x02
#define DTRACE_O_LP64	0x04
#define DTRACE_O_ILP32	0x08
#define DTRACE_O_MASK	0x0f

extern dtrace_hdl_t *dtrace_open(int version, int flags, int *errp);
extern void dtrace_close(dtrace_hdl_t *dtp);

extern int dtrace_errno(dtrace_hdl_t *dtp);
extern const char *dtrace_errmsg(dtrace_hdl_t *dtp, int error);
extern const char *dtrace_faultstr(dtrace_hdl_t *dtp, int fault);

extern int dtrace_setopt(dtrace_hdl_t *dtp, const char *opt, const char *val);
extern int dtrace_getopt(dtrace_hdl_t *dtp, const char *opt, dtrace_optval_t *val);
/* Set each option the environment names as prefix + its name in capitals
 * (prefix NULL: "DTRACE_OPT_"); values an option does not take are
 * ignored. */
extern void dtrace_setoptenv(dtrace_hdl_t *dtp, const char *prefix);

/*
 * Output formats.  The "oformat" option (text, json, json,pretty or
 * json-pretty, folded; set before dtrace_go()) selects how the library
 * formats what it prints -- records, aggregations, and under json drops and
 * errors; dtrace_getopt(dtp, "oformat", &v) gives one of these:
 *
 *   DTRACE_OFORMAT_TEXT    DTrace's text (the default)
 *   DTRACE_OFORMAT_JSON    one JSON document, FreeBSD's oformat structure:
 *                          {"dtrace": {"probes": [{"timestamp", "cpu", "id",
 *                          "provider", "module", "function", "name",
 *                          "output": [...]}, ...]}}; drops, errors and the
 *                          aggregations printed by dtrace_aggregate_print()
 *                          are pseudo-probes in the same list (module and
 *                          function "INTERNAL", name "DROP", "ERROR",
 *                          "AGGREGATIONS").  See dtrace(1).
 *   DTRACE_OFORMAT_FOLDED  stack-keyed aggregations as folded stacks, one
 *                          "root;...;leaf count" line per stack; nothing else
 *
 * A consumer whose probe callback prints columns of its own should leave
 * them out when the format is not text.  The JSON document opens with the
 * first output; dtrace_oformat_end() closes it (writing it whole, empty,
 * when nothing was output) to fp, or to the buffered handler, after the
 * last dtrace_work() and dtrace_aggregate_print(); the next output starts a
 * new document.  It does nothing under the other formats.  Returns 0.
 * The error and drop handlers are called under every format; under json
 * the library also puts errors and drops in the document.
 */
#define DTRACE_OFORMAT_TEXT	0
#define DTRACE_OFORMAT_JSON	1
#define DTRACE_OFORMAT_FOLDED	2
extern int dtrace_oformat_end(dtrace_hdl_t *dtp, FILE *fp);

/* Library error numbers (dtrace_errno() also returns plain errno values). */
#define EDT_BASE	1000
#define EDT_VERSION	(EDT_BASE + 0)	/* client requested a newer version */
#define EDT_COMPILER	(EDT_BASE + 1)	/* D compilation failed: see errmsg */
#define EDT_NOMEM	(EDT_BASE + 2)
#define EDT_BADOPTNAME	(EDT_BASE + 3)	/* invalid option name */
#define EDT_BADOPTVAL	(EDT_BASE + 4)	/* invalid value for option */
#define EDT_BADOPTCTX	(EDT_BASE + 5)	/* option cannot be set now */
#define EDT_ENABLING	(EDT_BASE + 6)	/* tracing could not be enabled */
#define EDT_ISANON	(EDT_BASE + 7)
#define EDT_ERRABORT	(EDT_BASE + 8)	/* a fault with no error handler */
#define EDT_DROPABORT	(EDT_BASE + 9)	/* a drop with no drop handler */
#define EDT_DIRABORT	(EDT_BASE + 10)	/* a callback aborted consumption */
#define EDT_BADRVAL	(EDT_BASE + 11)	/* bad callback return value */
#define EDT_NOPROBE	(EDT_BASE + 12)	/* no such probe */
#define EDT_BADSPEC	(EDT_BASE + 13)	/* bad probe specification */
#define EDT_ACTIVE	(EDT_BASE + 14)	/* tracing is already active */
#define EDT_NOPROC	(EDT_BASE + 15)	/* no such process */
#define EDT_COMPAT	(EDT_BASE + 16)	/* the kernel lacks a feature */
#define EDT_ACCESS	(EDT_BASE + 17)	/* not privileged to trace */
#define EDT_DESTRUCTIVE	(EDT_BASE + 18)	/* destructive actions without -w */
#define EDT_VERSINVAL	(EDT_BASE + 19)	/* malformed version string */
#define EDT_VERSUNDEF	(EDT_BASE + 20)	/* no such version of D */
#define EDT_VERSREDUCED	(EDT_BASE + 21)	/* a version newer than one set before */
#define EDT_NOREG	(EDT_BASE + 22)	/* too few registers to generate code */

/* ---- programs ------------------------------------------------------------------- */

typedef struct dtrace_proginfo {
	dtrace_attribute_t dpi_descattr;	/* minimum probedesc attributes */
	dtrace_attribute_t dpi_stmtattr;	/* minimum statement attributes */
	unsigned int dpi_aggregates;	/* aggregations the program names */
	unsigned int dpi_recgens;	/* clauses that write records */
	unsigned int dpi_matches;	/* probes its descriptions matched */
	unsigned int dpi_speculations;	/* speculations it uses */
} dtrace_proginfo_t;

#define DTRACE_C_DIFV	0x0001	/* print the compiled BPF (dtrace -S) */
#define DTRACE_C_EMPTY	0x0002	/* permit an empty program */
#define DTRACE_C_ZDEFS	0x0004	/* permit descriptions matching no probe */
#define DTRACE_C_EATTR	0x0008
#define DTRACE_C_CPP	0x0010	/* run the C preprocessor first */
#define DTRACE_C_KNODEF	0x0020
#define DTRACE_C_UNODEF	0x0040
#define DTRACE_C_PSPEC	0x0080	/* the text is a probe specification */
#define DTRACE_C_ETAGS	0x0100	/* prefix error messages with their tag */
#define DTRACE_C_ARGREF	0x0200	/* macro arguments need not be used */
#define DTRACE_C_DEFARG	0x0800	/* unset macro arguments are 0 / "" */
#define DTRACE_C_NOLIBS	0x1000
#define DTRACE_C_CTL	0x2000
#define DTRACE_C_MASK	0x3bff

/* argv[0] is $0; argv[1..argc-1] are $1.. (argc 0: none at all). */
extern dtrace_prog_t *dtrace_program_strcompile(dtrace_hdl_t *dtp, const char *s,
						dtrace_probespec_t spec, unsigned int cflags,
						int argc, char *const argv[]);
extern dtrace_prog_t *dtrace_program_fcompile(dtrace_hdl_t *dtp, FILE *fp, unsigned int cflags,
					      int argc, char *const argv[]);
extern int dtrace_program_exec(dtrace_hdl_t *dtp, dtrace_prog_t *pgp, dtrace_proginfo_t *pip);
extern void dtrace_program_info(dtrace_hdl_t *dtp, dtrace_prog_t *pgp, dtrace_proginfo_t *pip);

/*
 * A program's statements, as DTrace's dtrace_stmt_iter gives them: one for
 * each probe description of each clause, in order, with the description as
 * the compiler named it (macros expanded, a probe id as that probe's names;
 * dtpd_id 0) and the clause's stability.  The fields here are DTrace's
 * (dtrace -l lists a program's probes from them); DTrace's action and
 * predicate descriptions are not part of this library.
 */
typedef struct dtrace_ecbdesc {
	dtrace_probedesc_t dted_probe;		/* the probe description */
} dtrace_ecbdesc_t;

typedef struct dtrace_stmtdesc {
	dtrace_ecbdesc_t *dtsd_ecbdesc;		/* its probe description */
	dtrace_attribute_t dtsd_descattr;	/* the description's stability */
	dtrace_attribute_t dtsd_stmtattr;	/* the clause's statements' */
} dtrace_stmtdesc_t;

typedef int dtrace_stmt_f(dtrace_hdl_t *, dtrace_prog_t *, dtrace_stmtdesc_t *, void *);
/* Calls func for each statement until it returns non-zero (returned). */
extern int dtrace_stmt_iter(dtrace_hdl_t *dtp, dtrace_prog_t *pgp, dtrace_stmt_f *func, void *arg);

/*
 * Provider definitions (provider NAME { probe NAME(types); ... };) compiled
 * on the handle, for the application that has those probes (USDT):
 *
 * dtrace_program_header() writes the C header dtrace -h makes: for each
 * probe, PROVIDER_PROBE(args) and PROVIDER_PROBE_ENABLED() macros that make
 * a sys/sdt.h-compatible probe site (.note.stapsdt note, semaphore in
 * .probes) and a .note.dtrace note of the argument types, with any GNU C
 * compiler and no link step.  fname (may be NULL) names the include guard.
 *
 * dtrace_program_link() makes what dtrace -G makes: file, a relocatable ELF
 * object a DTrace build links in.  With the header above the probes need
 * nothing from it: it holds no probes, and the objects objv (checked to be
 * ELF objects of this machine) are left as they are.  dflags: DTRACE_D_*.
 * A NULL pgp (DTrace's linking of objv into one) is not supported: EINVAL.
 */
#define DTRACE_D_STRIP	0x01	/* accepted, no meaning here */
#define DTRACE_D_PROBES	0x02	/* accepted, no meaning here */
#define DTRACE_D_MASK	0x03
extern int dtrace_program_header(dtrace_hdl_t *dtp, FILE *out, const char *fname);
extern int dtrace_program_link(dtrace_hdl_t *dtp, dtrace_prog_t *pgp, unsigned int dflags, const char *file,
			       int objc, char *const objv[]);

/* ---- consuming ------------------------------------------------------------------ */

typedef enum {
	DTRACEFLOW_ENTRY,
	DTRACEFLOW_RETURN,
	DTRACEFLOW_NONE
} dtrace_flowkind_t;

#define DTRACE_CONSUME_ERROR	-1	/* error while processing */
#define DTRACE_CONSUME_THIS	0	/* consume this probe / record */
#define DTRACE_CONSUME_NEXT	1	/* skip to the next probe / record */
#define DTRACE_CONSUME_ABORT	2	/* stop consuming */

typedef struct dtrace_probedata {
	dtrace_hdl_t *dtpda_handle;
	dtrace_eprobedesc_t *dtpda_edesc;	/* the clause */
	dtrace_probedesc_t *dtpda_pdesc;	/* the probe that fired */
	processorid_t dtpda_cpu;		/* where it fired */
	char *dtpda_data;			/* the current record's data */
	dtrace_flowkind_t dtpda_flow;
	const char *dtpda_prefix;
	int dtpda_indent;
	uint64_t dtpda_timestamp;		/* when it fired (ns since boot) */
} dtrace_probedata_t;

typedef int dtrace_consume_probe_f(const dtrace_probedata_t *, void *);
typedef int dtrace_consume_rec_f(const dtrace_probedata_t *, const dtrace_recdesc_t *, void *);

/*
 * The probe callback runs once per firing, before its records; the record
 * callback before each record (the library then prints it to fp unless the
 * callback returned DTRACE_CONSUME_NEXT) and once more with a NULL record
 * after the last.
 */
extern int dtrace_consume(dtrace_hdl_t *dtp, FILE *fp, dtrace_consume_probe_f *pf,
			  dtrace_consume_rec_f *rf, void *arg);

#define DTRACE_STATUS_NONE	0
#define DTRACE_STATUS_OKAY	1
#define DTRACE_STATUS_EXITED	2	/* exit() was called */
#define DTRACE_STATUS_FILLED	3
#define DTRACE_STATUS_STOPPED	4	/* tracing has stopped */
extern int dtrace_status(dtrace_hdl_t *dtp);

typedef enum {
	DTRACE_WORKSTATUS_ERROR = -1,
	DTRACE_WORKSTATUS_OKAY,
	DTRACE_WORKSTATUS_DONE
} dtrace_workstatus_t;

extern int dtrace_go(dtrace_hdl_t *dtp);
extern int dtrace_stop(dtrace_hdl_t *dtp);
extern void dtrace_sleep(dtrace_hdl_t *dtp);
extern dtrace_workstatus_t dtrace_work(dtrace_hdl_t *dtp, FILE *fp, dtrace_consume_probe_f *pf,
				       dtrace_consume_rec_f *rf, void *arg);

/* ---- handlers ------------------------------------------------------------------- */

#define DTRACE_HANDLE_ABORT	-1
#define DTRACE_HANDLE_OK	0

typedef struct dtrace_errdata {
	dtrace_hdl_t *dteda_handle;
	dtrace_eprobedesc_t *dteda_edesc;	/* the faulting clause */
	dtrace_probedesc_t *dteda_pdesc;	/* the probe it ran for */
	processorid_t dteda_cpu;
	int dteda_action;			/* clause index */
	int dteda_offset;			/* BPF pc of the fault */
	int dteda_fault;			/* DTRACEFLT_* */
	uint64_t dteda_addr;			/* the address, if any */
	const char *dteda_msg;			/* DTrace's message, newline-ended */
	/* ours, after DTrace's fields: the D statement that faulted, which
	 * DTrace names by its offset only (0 / NULL when unknown) */
	dtrace_prog_t *dteda_prog;		/* the program of the clause */
	int dteda_line;				/* the statement's line */
	const char *dteda_stmt;			/* ... as written: "trace(*p)" */
} dtrace_errdata_t;

typedef int dtrace_handle_err_f(const dtrace_errdata_t *, void *);
extern int dtrace_handle_err(dtrace_hdl_t *dtp, dtrace_handle_err_f *hdlr, void *arg);

typedef enum {
	DTRACEDROP_PRINCIPAL,
	DTRACEDROP_AGGREGATION,
	DTRACEDROP_DYNAMIC,
	DTRACEDROP_DYNRINSE,
	DTRACEDROP_DYNDIRTY,
	DTRACEDROP_SPEC,
	DTRACEDROP_SPECBUSY,
	DTRACEDROP_SPECUNAVAIL,
	DTRACEDROP_STKSTROVERFLOW,
	DTRACEDROP_DBLERROR
} dtrace_dropkind_t;

typedef struct dtrace_dropdata {
	dtrace_hdl_t *dtdda_handle;
	processorid_t dtdda_cpu;		/* -1 when not per CPU */
	dtrace_dropkind_t dtdda_kind;
	uint64_t dtdda_drops;			/* new drops */
	uint64_t dtdda_total;			/* drops so far */
	const char *dtdda_msg;			/* DTrace's message, newline-ended */
} dtrace_dropdata_t;

typedef int dtrace_handle_drop_f(const dtrace_dropdata_t *, void *);
extern int dtrace_handle_drop(dtrace_hdl_t *dtp, dtrace_handle_drop_f *hdlr, void *arg);

/* msg is NULL when the process has exited (dtrace_proc_pid() names it). */
typedef void dtrace_handle_proc_f(struct ps_prochandle *, const char *msg, void *);
extern int dtrace_handle_proc(dtrace_hdl_t *dtp, dtrace_handle_proc_f *hdlr, void *arg);

#define DTRACE_BUFDATA_AGGKEY		0x0001
#define DTRACE_BUFDATA_AGGVAL		0x0002
#define DTRACE_BUFDATA_AGGFORMAT	0x0004
#define DTRACE_BUFDATA_AGGLAST		0x0008

typedef struct dtrace_bufdata {
	dtrace_hdl_t *dtbda_handle;
	const char *dtbda_buffered;		/* the formatted text */
	dtrace_probedata_t *dtbda_probe;	/* the probe, if any */
	const dtrace_recdesc_t *dtbda_recdesc;	/* the record, if any */
	const dtrace_aggdata_t *dtbda_aggdata;	/* the aggregation, if any */
	uint32_t dtbda_flags;
} dtrace_bufdata_t;

/* With a buffered handler, formatted output goes to it instead of to fp. */
typedef int dtrace_handle_buffered_f(const dtrace_bufdata_t *, void *);
extern int dtrace_handle_buffered(dtrace_hdl_t *dtp, dtrace_handle_buffered_f *hdlr, void *arg);

/* ---- aggregations --------------------------------------------------------------- */

#define DTRACE_AGGWALK_ERROR		-1
#define DTRACE_AGGWALK_NEXT		0
#define DTRACE_AGGWALK_ABORT		1
#define DTRACE_AGGWALK_CLEAR		2
#define DTRACE_AGGWALK_NORMALIZE	3
#define DTRACE_AGGWALK_DENORMALIZE	4
#define DTRACE_AGGWALK_REMOVE		5

#define DTRACE_AGD_PRINTED	0x1	/* printed by printa() already */

struct dtrace_aggdata {
	dtrace_hdl_t *dtada_handle;
	dtrace_aggdesc_t *dtada_desc;		/* the aggregation */
	dtrace_eprobedesc_t *dtada_edesc;
	dtrace_probedesc_t *dtada_pdesc;
	char *dtada_data;			/* the records of dtada_desc */
	uint64_t dtada_normal;			/* normalize() divisor, 1 by default */
	size_t dtada_size;
	char *dtada_delta;
	char **dtada_percpu;			/* the value on each CPU */
	char **dtada_percpu_delta;
};

typedef int dtrace_aggregate_f(const dtrace_aggdata_t *, void *);
typedef int dtrace_aggregate_walk_f(dtrace_hdl_t *, dtrace_aggregate_f *, void *);

extern int dtrace_aggregate_snap(dtrace_hdl_t *dtp);
extern void dtrace_aggregate_clear(dtrace_hdl_t *dtp);
/* Print every aggregation as DTrace does at exit; func NULL: the default order. */
extern int dtrace_aggregate_print(dtrace_hdl_t *dtp, FILE *fp, dtrace_aggregate_walk_f *func);

extern int dtrace_aggregate_walk(dtrace_hdl_t *, dtrace_aggregate_f *, void *);
extern int dtrace_aggregate_walk_sorted(dtrace_hdl_t *, dtrace_aggregate_f *, void *);
extern int dtrace_aggregate_walk_keysorted(dtrace_hdl_t *, dtrace_aggregate_f *, void *);
extern int dtrace_aggregate_walk_valsorted(dtrace_hdl_t *, dtrace_aggregate_f *, void *);
extern int dtrace_aggregate_walk_keyvarsorted(dtrace_hdl_t *, dtrace_aggregate_f *, void *);
extern int dtrace_aggregate_walk_valvarsorted(dtrace_hdl_t *, dtrace_aggregate_f *, void *);
extern int dtrace_aggregate_walk_keyrevsorted(dtrace_hdl_t *, dtrace_aggregate_f *, void *);
extern int dtrace_aggregate_walk_valrevsorted(dtrace_hdl_t *, dtrace_aggregate_f *, void *);
extern int dtrace_aggregate_walk_keyvarrevsorted(dtrace_hdl_t *, dtrace_aggregate_f *, void *);
extern int dtrace_aggregate_walk_valvarrevsorted(dtrace_hdl_t *, dtrace_aggregate_f *, void *);

/* ---- processes (-c and -p) ------------------------------------------------------ */

/* Start file with argv, stopped right after its exec; $target becomes its
 * pid.  It runs once dtrace_proc_continue() is called. */
extern struct ps_prochandle *dtrace_proc_create(dtrace_hdl_t *dtp, const char *file,
						char *const *argv);
/* Watch a running process; $target becomes pid. */
extern struct ps_prochandle *dtrace_proc_grab(dtrace_hdl_t *dtp, pid_t pid, int flags);
extern void dtrace_proc_continue(dtrace_hdl_t *dtp, struct ps_prochandle *P);
/* A created process still running is killed; a grabbed one is left alone. */
extern void dtrace_proc_release(dtrace_hdl_t *dtp, struct ps_prochandle *P);
/* Not in Solaris's API: the pid behind a handle (libproc's Pstatus()). */
extern pid_t dtrace_proc_pid(struct ps_prochandle *P);

/*
 * addr in process pid as ustack() prints a frame: "object`symbol+0xoff"
 * for code, and for data (a lock in .data or .bss) the data symbol that
 * holds it; "object`0xoff" where the object has no symbol there, "0x..."
 * for an address no object maps (the heap, a stack).  A process that has
 * exited is known by the mappings read before it did (see dtrace_proc_
 * create()).  Returns the length of the whole string, as snprintf().
 */
extern int dtrace_uaddr2str(dtrace_hdl_t *dtp, pid_t pid, uint64_t addr, char *str, int nbytes);
/*
 * A kernel address as stack() prints a frame: "module`symbol+0xoff", or
 * "0x..." where no kernel symbol holds it (the heap; data, where kallsyms
 * lists only functions).  Returns the length of the whole string.
 */
extern int dtrace_addr2str(dtrace_hdl_t *dtp, uint64_t addr, char *str, int nbytes);

/* ---- probes --------------------------------------------------------------------- */

typedef struct dtrace_typeinfo {
	const char *dtt_object;
	void *dtt_ctfp;
	long dtt_type;
	unsigned int dtt_flags;
} dtrace_typeinfo_t;

typedef struct dtrace_probeinfo {
	dtrace_attribute_t dtp_attr;		/* name attributes */
	dtrace_attribute_t dtp_arga;		/* argument attributes */
	const dtrace_typeinfo_t *dtp_argv;	/* argument types (not filled here) */
	int dtp_argc;				/* number of arguments */
	char **dtp_argtypes;			/* Linux: args[i]'s type name */
	char **dtp_argnative;			/* Linux: the type args[i] is
						   translated from (the same
						   name where it is not) */
} dtrace_probeinfo_t;

typedef int dtrace_probe_f(dtrace_hdl_t *, const dtrace_probedesc_t *, void *);

/* Call func for every probe pdp matches (NULL: every probe); returns 0,
 * -1 when none matched (EDT_NOPROBE), or what a callback returned non-zero. */
extern int dtrace_probe_iter(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pdp,
			     dtrace_probe_f *func, void *arg);
extern int dtrace_probe_info(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pdp,
			     dtrace_probeinfo_t *pip);

/* Fill pdp from "provider:module:function:name" (fields missing on the left
 * are empty; spec says which field a single word is). */
extern int dtrace_str2desc(dtrace_hdl_t *dtp, dtrace_probespec_t spec, const char *s,
			   dtrace_probedesc_t *pdp);
extern int dtrace_id2desc(dtrace_hdl_t *dtp, dtrace_id_t id, dtrace_probedesc_t *pdp);

#define DTRACE_DESC2STR_MAX	1024
extern char *dtrace_desc2str(const dtrace_probedesc_t *pdp, char *buf, size_t len);

extern const char *dtrace_stability_name(dtrace_stability_t s);
extern const char *dtrace_class_name(dtrace_class_t c);

/* ---- Linux extensions ----------------------------------------------------------- */

/* Print the BPF the handle's programs compiled to (what dtrace -S shows). */
extern int dtrace_program_dump(dtrace_hdl_t *dtp, FILE *fp);

extern const char *const _dtrace_version;

#ifdef __cplusplus
}
#endif

#endif /* _DTRACE_H */
