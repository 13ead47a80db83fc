/*
 * output.c - the formatter layer (see output.h): the text, JSON and folded
 * emitters, stack frames, and dtrace_oformat_end().
 *
 * The text emitter is DTrace's output and nothing else: it hands each event
 * to the formatting functions that always made that output (format.c,
 * agg.c), so that its bytes do not change.  The JSON emitter writes one
 * document (FreeBSD's oformat shape, fields named as FreeBSD names them);
 * the folded emitter writes the folded stacks of stack-keyed aggregations.
 */
#define _GNU_SOURCE

#include "output.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../front/cc.h"
#include "agg.h"
#include "dt_impl.h"
#include "ksyms.h"
#include "symact.h"
#include "usyms.h"

struct strbuf *dt_out_sb(struct dt_out *o)
{
	return o->ext ? o->ext : &o->sb;
}

/* A frame as DTrace writes one (dtrace_uaddr2str, dt_print_ustack): in an
 * object but no symbol, the object and the address itself. */
void dt_frame_format(struct strbuf *sb, const struct dt_frame *f)
{
	if (!f->module)
		sb_printf(sb, "0x%llx", (unsigned long long)f->pc);
	else if (!f->name)
		sb_printf(sb, "%s`0x%llx", f->module, (unsigned long long)f->pc);
	else if (f->offset)
		sb_printf(sb, "%s`%s+0x%llx", f->module, f->name, (unsigned long long)f->offset);
	else
		sb_printf(sb, "%s`%s", f->module, f->name);
}

/* The first of a kernel stack's n pcs to show, and the end: the frames
 * asked for, after the glue that ran the program. */
static int kstack_frames(struct dt_ksyms *ksyms, const uint64_t *pcs, int *n)
{
	int i = 0, asked = *n - DT_KSTACK_GLUE;

	while (i < *n && pcs[i] && ksym_is_glue(ksyms, pcs[i]))
		i++;
	if (asked >= 0 && *n > i + asked)
		*n = i + asked;
	return i;
}

static void stack_frame(struct dt_ksyms *ksyms, struct dt_usyms *usyms, int user, int pid,
			uint64_t pc, struct dt_frame *f)
{
	if (user)
		usym_frame(usyms, pid, pc, f);
	else
		ksym_frame(ksyms, pc, f);
}

void dt_out_stack(struct dt_out *o, int user, int pid, const uint64_t *pcs, int n)
{
	int i = user ? 0 : kstack_frames(o->ksyms, pcs, &n);

	o->ops->stack_begin(o, user);
	for (; i < n && pcs[i]; i++) {
		struct dt_frame f;

		stack_frame(o->ksyms, o->usyms, user, pid, pcs[i], &f);
		o->ops->frame(o, &f);
	}
	o->ops->stack_end(o);
}

void dt_stack_text(struct strbuf *sb, struct dt_ksyms *ksyms, struct dt_usyms *usyms, int user, int pid,
		   const uint64_t *pcs, int n)
{
	int i = user ? 0 : kstack_frames(ksyms, pcs, &n);

	for (; i < n && pcs[i]; i++) {
		struct dt_frame f;

		stack_frame(ksyms, usyms, user, pid, pcs[i], &f);
		dt_frame_format(sb, &f);
		sb_putc(sb, '\n');
	}
}

/* Emitters' events that some formats ignore. */
static void nop_probe_begin(struct dt_out *o, const struct dt_outprobe *p) { (void)o; (void)p; }
static void nop_out(struct dt_out *o) { (void)o; }
static void nop_top(struct dt_out *o, int top) { (void)o; (void)top; }
static void nop_value(struct dt_out *o, const struct dtf_value *v) { (void)o; (void)v; }
static void nop_message(struct dt_out *o, const char *t, size_t l, const struct dtf_value *a, int n)
{
	(void)o; (void)t; (void)l; (void)a; (void)n;
}
static void nop_memory(struct dt_out *o, const char *k, const unsigned char *p, size_t n)
{
	(void)o; (void)k; (void)p; (void)n;
}
static void nop_bucket(struct dt_out *o, const char *l, long long c) { (void)o; (void)l; (void)c; }
static void nop_entry(struct dt_out *o, const struct dt_agg *a) { (void)o; (void)a; }
static void nop_drop(struct dt_out *o, const dtrace_dropdata_t *d) { (void)o; (void)d; }
static void nop_error(struct dt_out *o, const dtrace_errdata_t *e) { (void)o; (void)e; }

/* printa(fmt, @a, @b...) where the format is text's business (and
 * printa(@a, @b...) without one): each aggregation (once) as its default
 * output. */
static int printa_each(struct dt_out *o, const struct dtf_format *fmt, const struct dt_agg *const *aggs,
		       int naggs, struct dt_aggsnap *snap)
{
	int n = 0;

	(void)fmt;
	for (int i = 0; i < naggs; i++) {
		int seen = 0;
		for (int j = 0; j < i; j++)
			seen |= aggs[j]->id == aggs[i]->id;
		if (!seen)
			n += dt_agg_emit(o, aggs[i], snap);
	}
	return n;
}

/* ------------------------------------------------------------------------ */
/* text: DTrace's output                                                     */
/* ------------------------------------------------------------------------ */

static void text_value(struct dt_out *o, const struct dtf_value *v)
{
	struct strbuf *sb = dt_out_sb(o);

	if (o->rawbytes && v->kind == DTF_V_STRING) {
		/* the string's whole buffer, as DTrace dumps it */
		unsigned char *buf = xcalloc(1, o->strsize + 1);
		size_t n = strnlen(v->s, o->strsize);

		memcpy(buf, v->s, n);
		dtf_rawbytes(sb, buf, o->strsize + 1);
		free(buf);
		return;
	}
	if (o->rawbytes && v->kind == DTF_V_INT && v->size > 0 && v->size <= 8) {
		/* a number too: its record's bytes (dt_print_trace) */
		unsigned char b[8];

		for (int i = 0; i < v->size; i++)
			b[i] = (unsigned char)(v->u >> (8 * i));
		dtf_rawbytes(sb, b, (size_t)v->size);
		return;
	}
	dtf_trace(sb, v, o->quiet);
}

static void text_message(struct dt_out *o, const char *text, size_t len, const struct dtf_value *args, int nargs)
{
	(void)args;
	(void)nargs;
	sb_putn(dt_out_sb(o), text, len);
}

static void text_memory(struct dt_out *o, const char *kind, const unsigned char *p, size_t n)
{
	(void)kind;
	dtf_rawbytes(dt_out_sb(o), p, n);
}

/* the frames, one a line below the probe line (or the keys before) */
static void text_stack_begin(struct dt_out *o, int user)
{
	(void)user;
	sb_putc(dt_out_sb(o), '\n');
}

static void text_frame(struct dt_out *o, const struct dt_frame *f)
{
	struct strbuf *sb = dt_out_sb(o);

	/* DTrace's _dtrace_stkindent unless stackindent is set */
	sb_printf(sb, "%*s", o->stackindent >= 0 ? o->stackindent : 14, "");
	dt_frame_format(sb, f);
	sb_putc(sb, '\n');
}

/* DTrace's "  %-50s", quiet or not, record or key (dt_print_sym, ...) */
static void text_symbol(struct dt_out *o, int act, const uint64_t *w)
{
	struct strbuf text;

	sb_init(&text);
	dt_symact_format(&text, o->ksyms, o->usyms, act, w);
	sb_printf(dt_out_sb(o), "  %-50s", text.s);
	sb_free(&text);
}

static void text_agg_begin(struct dt_out *o, const struct dt_agg *a, struct dt_aggent *const *ents, int n)
{
	dt_agg_text_begin(dt_out_sb(o), a, ents, n, o->ao, &o->packed, &o->minbin, &o->maxbin);
}

static void text_agg_key(struct dt_out *o, const struct dt_recarg *k, const unsigned char *key)
{
	dt_agg_text_key(dt_out_sb(o), k, key, o->packed, o->strsize, o->rawbytes);
}

static void text_agg_value(struct dt_out *o, const struct dt_agg *a, const int64_t *vals)
{
	dt_agg_text_value(dt_out_sb(o), a, vals, o->packed, o->minbin, o->maxbin, o->ao && o->ao->zoom, o->pcpu,
			  o->npcpu);
}

static int text_printa(struct dt_out *o, const struct dtf_format *fmt, const struct dt_agg *const *aggs,
		       int naggs, struct dt_aggsnap *snap)
{
	if (!fmt)
		return dt_agg_emit_joined(o, aggs, naggs, snap);
	return dt_agg_printa(dt_out_sb(o), fmt, aggs, naggs, snap, o->ao);
}

/* printa(@a) without a format, and the output at exit, start with a newline */
/*
 * printa() without a format starts with a newline (dt_printa); the
 * aggregations printed at the end (dtrace_aggregate_print) do not: the
 * newline before them is dtrace(1)'s own, printed whether there are
 * aggregations or not.
 */
static void text_aggs_begin(struct dt_out *o, int top)
{
	if (!top)
		sb_putc(dt_out_sb(o), '\n');
}

static const struct dt_emitter text_emitter = {
	.probe_begin = nop_probe_begin,
	.probe_end = nop_out,
	.value = text_value,
	.message = text_message,
	.memory = text_memory,
	.stack_begin = text_stack_begin,
	.frame = text_frame,
	.stack_end = nop_out,
	.symbol = text_symbol,
	.agg_begin = text_agg_begin,
	.entry_begin = nop_entry,
	.agg_key = text_agg_key,
	.agg_value = text_agg_value,
	.agg_end = nop_entry,
	.bucket = nop_bucket,
	.printa = text_printa,
	.aggs_begin = text_aggs_begin,
	.aggs_end = nop_top,
	.drop = nop_drop,		/* the drop handler reports drops */
	.error = nop_error,		/* and the error handler errors */
	.end = nop_out,
};

/* ------------------------------------------------------------------------ */
/* JSON                                                                      */
/* ------------------------------------------------------------------------ */

/* The length of the valid UTF-8 sequence at s (n bytes left), or 0. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	size_t len, i;
	uint32_t cp;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4, cp = s[0] & 0x07;
	else
		return 0;
	if (len > n)
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	/* no overlong forms, surrogates or code points past U+10FFFF */
	if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

void dt_json_string(struct strbuf *sb, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0;

	sb_putc(sb, '"');
	while (i < n) {
		unsigned char c = p[i];
		size_t len;

		switch (c) {
		case '"': sb_puts(sb, "\\\""); i++; continue;
		case '\\': sb_puts(sb, "\\\\"); i++; continue;
		case '\n': sb_puts(sb, "\\n"); i++; continue;
		case '\r': sb_puts(sb, "\\r"); i++; continue;
		case '\t': sb_puts(sb, "\\t"); i++; continue;
		case '\b': sb_puts(sb, "\\b"); i++; continue;
		case '\f': sb_puts(sb, "\\f"); i++; continue;
		}
		if (c < 0x20 || c == 0x7f) {
			sb_printf(sb, "\\u%04x", c);
			i++;
			continue;
		}
		len = utf8_len(p + i, n - i);
		if (len == 0) {
			/* not UTF-8: the byte, as the code point of its value */
			sb_printf(sb, "\\u%04x", c);
			i++;
			continue;
		}
		sb_putn(sb, s + i, len);
		i += len;
	}
	sb_putc(sb, '"');
}

/* The writer: levels of objects and arrays, commas, pretty indentation.
 * Compact output puts each element of "probes" on a line of its own. */
static void j_indent(struct dt_out *o)
{
	struct strbuf *sb = dt_out_sb(o);

	if (o->pretty) {
		sb_putc(sb, '\n');
		for (int i = 0; i < o->depth; i++)
			sb_puts(sb, "  ");
	} else if (o->depth == 3) {
		sb_putc(sb, '\n');
	}
}

static void j_sep(struct dt_out *o)
{
	if (o->nitems[o->depth]++ > 0)
		sb_putc(dt_out_sb(o), ',');
	if (o->depth > 0)
		j_indent(o);
}

static void j_key(struct dt_out *o, const char *key)
{
	struct strbuf *sb = dt_out_sb(o);

	j_sep(o);
	if (key) {
		dt_json_string(sb, key, strlen(key));
		sb_puts(sb, o->pretty ? ": " : ":");
	}
}

static void j_open(struct dt_out *o, char c, const char *key)
{
	j_key(o, key);
	sb_putc(dt_out_sb(o), c);
	if (o->depth < DT_OUT_MAXDEPTH - 1)
		o->depth++;
	o->nitems[o->depth] = 0;
	o->closer[o->depth] = c == '{' ? '}' : ']';
}

static void j_close(struct dt_out *o)
{
	char c = o->closer[o->depth];
	int had = o->nitems[o->depth] > 0;

	if (o->depth > 0)
		o->depth--;
	if (had && o->pretty)
		j_indent(o);
	else if (had && o->depth == 2)
		sb_putc(dt_out_sb(o), '\n');	/* compact: "]" of probes on a line */
	sb_putc(dt_out_sb(o), c);
}

static void j_str(struct dt_out *o, const char *key, const char *s)
{
	j_key(o, key);
	dt_json_string(dt_out_sb(o), s ? s : "", s ? strlen(s) : 0);
}

static void j_int(struct dt_out *o, const char *key, int64_t v)
{
	j_key(o, key);
	sb_printf(dt_out_sb(o), "%lld", (long long)v);
}

static void j_uint(struct dt_out *o, const char *key, uint64_t v)
{
	j_key(o, key);
	sb_printf(dt_out_sb(o), "%llu", (unsigned long long)v);
}

static void j_hex(struct dt_out *o, const char *key, const unsigned char *p, size_t n)
{
	struct strbuf *sb = dt_out_sb(o);

	j_key(o, key);
	sb_putc(sb, '"');
	for (size_t i = 0; i < n; i++)
		sb_printf(sb, "%02x", p[i]);
	sb_putc(sb, '"');
}

/* {"dtrace": {"probes": [ -- at the first output */
static void j_doc(struct dt_out *o)
{
	if (o->doc)
		return;
	o->doc = 1;
	o->depth = 0;
	o->nitems[0] = 0;
	j_open(o, '{', NULL);
	j_open(o, '{', "dtrace");
	j_open(o, '[', "probes");
}

static void j_probe_fields(struct dt_out *o, const struct dt_outprobe *p)
{
	j_uint(o, "timestamp", p->timestamp);
	j_int(o, "cpu", p->cpu);
	j_int(o, "id", p->id);
	j_str(o, "provider", p->provider);
	j_str(o, "module", p->module);
	j_str(o, "function", p->function);
	j_str(o, "name", p->name);
}

/* Close the probe object being written (its output may go on later in a
 * new object for the same probe: a commit() replays other probes' records
 * in the middle of its own, and drops and errors come in between). */
static void j_suspend(struct dt_out *o)
{
	if (!o->probe_open)
		return;
	j_close(o);	/* output */
	j_close(o);	/* the probe */
	o->probe_open = 0;
}

/* Before an element of a probe's "output": the probe's object open. */
static void j_item(struct dt_out *o)
{
	j_doc(o);
	if (o->probe_open || o->nprobes == 0)
		return;
	j_open(o, '{', NULL);
	j_probe_fields(o, &o->probes[o->nprobes - 1]);
	j_open(o, '[', "output");
	o->probe_open = 1;
}

static void json_probe_begin(struct dt_out *o, const struct dt_outprobe *p)
{
	j_suspend(o);
	if (o->nprobes == DT_OUT_MAXPROBES)
		o->nprobes--;
	o->probes[o->nprobes++] = *p;
	j_item(o);	/* a probe shows even when it prints nothing */
}

static void json_probe_end(struct dt_out *o)
{
	j_suspend(o);
	if (o->nprobes > 0)
		o->nprobes--;
}

/* An integer as its type says (sign-extended or not). */
static void j_value(struct dt_out *o, const char *key, const struct dtf_value *v)
{
	if (v->kind == DTF_V_STRING) {
		j_str(o, key, v->s);
		return;
	}
	if (!v->is_signed) {
		uint64_t u = v->u;
		if (v->size > 0 && v->size < 8)
			u &= ((uint64_t)1 << (8 * v->size)) - 1;
		j_uint(o, key, u);
		return;
	}
	switch (v->size) {
	case 1: j_int(o, key, (int8_t)v->u); break;
	case 2: j_int(o, key, (int16_t)v->u); break;
	case 4: j_int(o, key, (int32_t)v->u); break;
	default: j_int(o, key, (int64_t)v->u); break;
	}
}

static void json_value(struct dt_out *o, const struct dtf_value *v)
{
	j_item(o);
	j_open(o, '{', NULL);
	j_value(o, "value", v);
	j_close(o);
}

static void json_message(struct dt_out *o, const char *text, size_t len, const struct dtf_value *args, int nargs)
{
	j_item(o);
	j_open(o, '{', NULL);
	j_key(o, "message");
	dt_json_string(dt_out_sb(o), text, len);
	j_open(o, '[', "args");
	for (int i = 0; i < nargs; i++)
		j_value(o, NULL, &args[i]);
	j_close(o);
	j_close(o);
}

static void json_memory(struct dt_out *o, const char *kind, const unsigned char *p, size_t n)
{
	j_item(o);
	j_open(o, '{', NULL);
	j_hex(o, kind, p, n);
	j_close(o);
}

static void json_stack_begin(struct dt_out *o, int user)
{
	if (!o->in_key)
		j_item(o);
	j_open(o, '{', NULL);
	j_open(o, '[', user ? "ustack-frames" : "stack-frames");
}

static void json_frame(struct dt_out *o, const struct dt_frame *f)
{
	struct strbuf sym;

	sb_init(&sym);
	dt_frame_format(&sym, f);
	j_open(o, '{', NULL);
	j_str(o, "symbol", sym.s);
	if (f->module)
		j_str(o, "module", f->module);
	if (f->name)
		j_str(o, "name", f->name);
	sym.len = 0;
	sb_printf(&sym, "0x%llx", (unsigned long long)(f->module ? f->offset : f->pc));
	j_str(o, "offset", sym.s);
	j_close(o);
	sb_free(&sym);
}

static void json_stack_end(struct dt_out *o)
{
	j_close(o);
	j_close(o);
}

/* {"symbol": "vmlinux`schedule", "action": "func", "address": "0x...",
 * "pid": 42}: the text DTrace prints, what it shows, the address as
 * recorded and a user address's process */
static void json_symbol(struct dt_out *o, int act, const uint64_t *w)
{
	struct strbuf text;
	int user = dt_symact_user(act);

	sb_init(&text);
	dt_symact_format(&text, o->ksyms, o->usyms, act, w);
	if (!o->in_key)
		j_item(o);
	j_open(o, '{', NULL);
	j_str(o, "symbol", text.s);
	j_str(o, "action", act == DTRACEACT_SYM ? "sym" : act == DTRACEACT_MOD ? "mod" :
		  act == DTRACEACT_USYM ? "usym" : act == DTRACEACT_UMOD ? "umod" : "uaddr");
	text.len = 0;
	sb_printf(&text, "0x%llx", (unsigned long long)w[user]);
	j_str(o, "address", text.s);
	if (user)
		j_int(o, "pid", (int64_t)w[0]);
	j_close(o);
	sb_free(&text);
}

static void json_agg_begin(struct dt_out *o, const struct dt_agg *a, struct dt_aggent *const *ents, int n)
{
	(void)ents;
	(void)n;
	j_item(o);
	j_open(o, '{', NULL);
	j_str(o, "aggregation-name", a->name);
	j_open(o, '[', "aggregation-data");
}

static void json_entry_begin(struct dt_out *o, const struct dt_agg *a)
{
	(void)a;
	j_open(o, '{', NULL);
	j_open(o, '[', "keys");
}

static void json_agg_key(struct dt_out *o, const struct dt_recarg *k, const unsigned char *key)
{
	int size;

	if (k->is_string) {
		const char *s = (const char *)key + k->off;
		j_key(o, NULL);
		dt_json_string(dt_out_sb(o), s, strnlen(s, k->size));
	} else if (k->size > 8) {
		j_hex(o, NULL, key + k->off, k->size);
	} else {
		int64_t v = dt_agg_key_int(k, key, &size);
		if (k->is_signed)
			j_int(o, NULL, v);
		else
			j_uint(o, NULL, (uint64_t)v);
	}
}

static void json_bucket_row(void *arg, const char *label, long long count)
{
	struct dt_out *o = arg;

	o->ops->bucket(o, label, count);
}

/* A histogram row: "value" is the number of its label, "bound" the
 * comparison before it for the rows that have one ("<", ">=", ...). */
static void json_bucket(struct dt_out *o, const char *label, long long count)
{
	const char *num = label + strcspn(label, "-0123456789");
	char bound[16];
	size_t bl = (size_t)(num - label);

	while (bl > 0 && label[bl - 1] == ' ')
		bl--;
	if (bl >= sizeof(bound))
		bl = sizeof(bound) - 1;
	memcpy(bound, label, bl);
	bound[bl] = 0;
	j_open(o, '{', NULL);
	j_int(o, "value", strtoll(num, NULL, 10));
	if (bl)
		j_str(o, "bound", bound);
	j_int(o, "count", count);
	j_close(o);
}

static void json_agg_value(struct dt_out *o, const struct dt_agg *a, const int64_t *vals)
{
	int64_t v;
	int uns;

	j_close(o);	/* keys */
	if (dt_agg_scalar(a, vals, &v, &uns) == 0) {
		if (uns)
			j_uint(o, dt_agg_fname(a), (uint64_t)v);
		else
			j_int(o, dt_agg_fname(a), v);
	} else {
		j_open(o, '[', "buckets");
		dt_agg_buckets(a, vals, o->ao && o->ao->zoom, json_bucket_row, o);
		j_close(o);
	}
	j_close(o);	/* the entry */
}

static void json_agg_end(struct dt_out *o, const struct dt_agg *a)
{
	(void)a;
	j_close(o);	/* aggregation-data */
	j_close(o);
}

/* The aggregations dtrace(1) prints at exit: a pseudo-probe, shown only
 * when one of them has data. */
static void json_aggs_begin(struct dt_out *o, int top)
{
	struct dt_outprobe p = { dt_monotonic_ns(), -1, -1, "dtrace", "INTERNAL", "INTERNAL", "AGGREGATIONS" };

	if (!top)
		return;
	j_suspend(o);
	if (o->nprobes == DT_OUT_MAXPROBES)
		o->nprobes--;
	o->probes[o->nprobes++] = p;
}

static void json_aggs_end(struct dt_out *o, int top)
{
	if (top)
		json_probe_end(o);
}

/* Drops and errors: pseudo-probes of their own, between the probes. */
static void j_pseudo(struct dt_out *o, int cpu, const char *name)
{
	struct dt_outprobe p = { dt_monotonic_ns(), cpu, -1, "dtrace", "INTERNAL", "INTERNAL", name };

	j_doc(o);
	j_suspend(o);
	j_open(o, '{', NULL);
	j_probe_fields(o, &p);
}

static void json_drop(struct dt_out *o, const dtrace_dropdata_t *d)
{
	j_pseudo(o, d->dtdda_cpu, "DROP");
	j_uint(o, "count", d->dtdda_drops);
	j_uint(o, "total", d->dtdda_total);
	j_int(o, "kind", d->dtdda_kind);
	j_str(o, "msg", d->dtdda_msg);
	j_close(o);
}

static void json_error(struct dt_out *o, const dtrace_errdata_t *e)
{
	const dtrace_probedesc_t *pd = e->dteda_pdesc;
	char addr[32];

	j_pseudo(o, e->dteda_cpu, "ERROR");
	j_int(o, "fault", e->dteda_fault);
	if (e->dteda_fault != DTRACEFLT_UNKNOWN) {
		snprintf(addr, sizeof(addr), "0x%llx", (unsigned long long)e->dteda_addr);
		j_str(o, "address", addr);
		j_int(o, "pc", e->dteda_offset);
		if (e->dteda_line > 0) {
			j_int(o, "line", e->dteda_line);
			if (e->dteda_stmt)
				j_str(o, "statement", e->dteda_stmt);
		}
	}
	if (pd) {
		j_open(o, '{', "probe");
		j_int(o, "id", pd->dtpd_id);
		j_str(o, "provider", pd->dtpd_provider);
		j_str(o, "module", pd->dtpd_mod);
		j_str(o, "function", pd->dtpd_func);
		j_str(o, "name", pd->dtpd_name);
		j_close(o);
	}
	j_str(o, "msg", e->dteda_msg);
	j_close(o);
}

static void json_end(struct dt_out *o)
{
	j_doc(o);
	while (o->depth > 0)
		j_close(o);
	sb_putc(dt_out_sb(o), '\n');
	o->doc = 0;
	o->nprobes = 0;
	o->probe_open = 0;
}

static const struct dt_emitter json_emitter = {
	.probe_begin = json_probe_begin,
	.probe_end = json_probe_end,
	.value = json_value,
	.message = json_message,
	.memory = json_memory,
	.stack_begin = json_stack_begin,
	.frame = json_frame,
	.stack_end = json_stack_end,
	.symbol = json_symbol,
	.agg_begin = json_agg_begin,
	.entry_begin = json_entry_begin,
	.agg_key = json_agg_key,
	.agg_value = json_agg_value,
	.agg_end = json_agg_end,
	.bucket = json_bucket,
	.printa = printa_each,
	.aggs_begin = json_aggs_begin,
	.aggs_end = json_aggs_end,
	.drop = json_drop,
	.error = json_error,
	.end = json_end,
};

/* ------------------------------------------------------------------------ */
/* folded: "frame;frame;frame count", root first                            */
/* ------------------------------------------------------------------------ */

struct fold_line {
	char *stack;
	long long count;
};

/* A frame or key as one folded element: no blanks, no ';'. */
static void fold_put(struct strbuf *sb, const char *s, size_t n)
{
	if (sb->len > 0)
		sb_putc(sb, ';');
	if (n == 0) {
		sb_puts(sb, "[empty]");
		return;
	}
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		sb_putc(sb, c == ' ' || c == ';' || c == '\t' || c == '\n' || c == '\r' ? '_' : c);
	}
}

static void fold_stack_begin(struct dt_out *o, int user)
{
	(void)user;
	o->frames.n = 0;
}

static void fold_frame(struct dt_out *o, const struct dt_frame *f)
{
	if (!o->fold || !o->in_key)
		return;
	/* module`symbol: the offset would split a function into many */
	if (f->module && f->name)
		pv_push(&o->frames, xasprintf("%s`%s", f->module, f->name));
	else if (f->module)
		pv_push(&o->frames, xasprintf("%s`0x%llx", f->module, (unsigned long long)f->offset));
	else
		pv_push(&o->frames, xasprintf("0x%llx", (unsigned long long)f->pc));
}

static void fold_stack_end(struct dt_out *o)
{
	for (int i = o->frames.n - 1; i >= 0; i--) {
		fold_put(&o->line, o->frames.v[i], strlen(o->frames.v[i]));
		free(o->frames.v[i]);
	}
	o->frames.n = 0;
}

/* a key beside a stack: its text, as a frame of the folded line */
static void fold_symbol(struct dt_out *o, int act, const uint64_t *w)
{
	struct strbuf text;

	if (!o->fold || !o->in_key)
		return;
	sb_init(&text);
	dt_symact_format(&text, o->ksyms, o->usyms, act, w);
	fold_put(&o->line, text.s, text.len);
	sb_free(&text);
}

static void fold_agg_begin(struct dt_out *o, const struct dt_agg *a, struct dt_aggent *const *ents, int n)
{
	(void)ents;
	(void)n;
	o->fold = 0;
	for (int k = 0; k < a->nkeys; k++)
		o->fold |= a->keys[k].is_stack != 0;
}

static void fold_entry_begin(struct dt_out *o, const struct dt_agg *a)
{
	(void)a;
	o->line.len = 0;
	o->line.s[0] = 0;
}

static void fold_agg_key(struct dt_out *o, const struct dt_recarg *k, const unsigned char *key)
{
	char buf[32];
	int size;

	if (!o->fold)
		return;
	if (k->is_string) {
		const char *s = (const char *)key + k->off;
		fold_put(&o->line, s, strnlen(s, k->size));
		return;
	}
	if (k->is_signed)
		snprintf(buf, sizeof(buf), "%lld", (long long)dt_agg_key_int(k, key, &size));
	else
		snprintf(buf, sizeof(buf), "%llu", (unsigned long long)dt_agg_key_int(k, key, &size));
	fold_put(&o->line, buf, strlen(buf));
}

static void fold_sum_row(void *arg, const char *label, long long count)
{
	(void)label;
	*(long long *)arg += count;
}

static void fold_agg_value(struct dt_out *o, const struct dt_agg *a, const int64_t *vals)
{
	long long count = 0;
	int64_t v;
	int uns;

	if (!o->fold)
		return;
	if (dt_agg_scalar(a, vals, &v, &uns) == 0)
		count = (long long)v;
	else
		dt_agg_buckets(a, vals, 0, fold_sum_row, &count);	/* the samples */
	if (o->line.len == 0)
		sb_puts(&o->line, "[empty]");
	/* the same folded stack from different pcs (offsets) adds up */
	for (int i = 0; i < o->lines.n; i++) {
		struct fold_line *l = o->lines.v[i];
		if (strcmp(l->stack, o->line.s) == 0) {
			l->count += count;
			return;
		}
	}
	struct fold_line *l = xmalloc(sizeof(*l));
	l->stack = xstrdup(o->line.s);
	l->count = count;
	pv_push(&o->lines, l);
}

static void fold_agg_end(struct dt_out *o, const struct dt_agg *a)
{
	(void)a;
	for (int i = 0; i < o->lines.n; i++) {
		struct fold_line *l = o->lines.v[i];
		sb_printf(dt_out_sb(o), "%s %lld\n", l->stack, l->count);
		free(l->stack);
		free(l);
	}
	o->lines.n = 0;
	o->fold = 0;
}

static const struct dt_emitter folded_emitter = {
	.probe_begin = nop_probe_begin,
	.probe_end = nop_out,
	.value = nop_value,
	.message = nop_message,
	.memory = nop_memory,
	.stack_begin = fold_stack_begin,
	.frame = fold_frame,
	.stack_end = fold_stack_end,
	.symbol = fold_symbol,
	.agg_begin = fold_agg_begin,
	.entry_begin = fold_entry_begin,
	.agg_key = fold_agg_key,
	.agg_value = fold_agg_value,
	.agg_end = fold_agg_end,
	.bucket = nop_bucket,
	.printa = printa_each,
	.aggs_begin = nop_top,
	.aggs_end = nop_top,
	.drop = nop_drop,
	.error = nop_error,
	.end = nop_out,
};

/* ------------------------------------------------------------------------ */

void dt_out_init(struct dt_out *o, enum dt_oformat fmt, int pretty)
{
	memset(o, 0, sizeof(*o));
	o->fmt = fmt;
	o->pretty = pretty;
	o->ops = fmt == DT_OFMT_JSON ? &json_emitter : fmt == DT_OFMT_FOLDED ? &folded_emitter : &text_emitter;
	sb_init(&o->sb);
	sb_init(&o->line);
}

void dt_out_free(struct dt_out *o)
{
	for (int i = 0; i < o->frames.n; i++)
		free(o->frames.v[i]);
	pv_free(&o->frames);
	for (int i = 0; i < o->lines.n; i++) {
		struct fold_line *l = o->lines.v[i];
		free(l->stack);
		free(l);
	}
	pv_free(&o->lines);
	sb_free(&o->sb);
	sb_free(&o->line);
}

struct dt_out *dt_out_of(struct dtrace_hdl *h)
{
	struct dt_out *o = &h->out;

	o->quiet = h->o.quiet;
	o->rawbytes = h->o.rawbytes;
	o->stackindent = h->o.stackindent;
	o->strsize = h->o.strsize;
	o->ksyms = h->ksyms;
	o->usyms = h->usyms;
	o->syms.lookup = dt_symact_dtf_lookup;
	o->syms.arg = h;
	return o;
}

void dt_out_flush(struct dtrace_hdl *h, FILE *fp)
{
	struct dt_out *o = &h->out;

	dt_output(h, fp, o->sb.s, o->sb.len);
	o->sb.len = 0;
	o->sb.s[0] = 0;
}

int dtrace_oformat_end(dtrace_hdl_t *h, FILE *fp)
{
	struct dt_out *o = dt_out_of(h);

	o->ops->end(o);
	dt_out_flush(h, fp);
	return 0;
}
