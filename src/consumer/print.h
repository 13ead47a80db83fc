/*
 * print.h - the print() action's output (print.c).
 */
#ifndef DT_PRINT_H
#define DT_PRINT_H

#include <stddef.h>
#include <stdint.h>

#include "../common/util.h"
#include "../front/types.h"

/* Append to sb the value of type t at addr, whose have bytes are at data,
 * as DTrace's print() shows it, at most printsize bytes of it. */
void dt_print_typed(struct strbuf *sb, const struct dt_type *t, uint64_t addr, const void *data, size_t have,
		    size_t printsize);

#endif
