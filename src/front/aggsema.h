/*
 * aggsema.h - semantic checks of aggregations (see aggsema.c).
 */
#ifndef DT_AGGSEMA_H
#define DT_AGGSEMA_H

#include "ast.h"

struct dt_cc;

void agg_cook_assign(struct dt_cc *cc, struct node *n, struct node *l, struct node *call);
void agg_cg_value(struct dt_cc *cc, struct node *n);
void agg_cg_assign(struct dt_cc *cc, struct node *n);
int agg_ref(struct dt_cc *cc, int line, struct node *n, const char *func, int argno, const char *argtag, const char *badtag);
struct dt_aggvar *agg_lookup(struct dt_prog *P, const char *name);

#endif
