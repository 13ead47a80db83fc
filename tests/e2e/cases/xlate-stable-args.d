/*
 * A stable provider's translated argument is translated data: args[0] of
 * io:::start (xlate<bufinfo_t *>) takes -> but is no pointer to compare
 * with NULL (DTrace's D_OP_INCOMPAT names it by its kind).
 */
io:::start
/args[0]->b_bcount > 0/
{
	trace(args[0] == NULL);
}
