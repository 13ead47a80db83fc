# shellcheck shell=bash
# 800 random integer expressions over variables of every integer type
# (unary and binary operators with / and %, shifts, comparisons, ?:, casts,
# constants),
# each printed by dtrace and compared with a model of DTrace's integer
# semantics (tests/e2e/lib/intmodel.py: 64-bit registers, dt_type_promote,
# dt_cg_typecast, dt_node_op1/op2 folding).  Fixed seeds: the same programs
# every run.
python3 ../lib/intmodel.py "$DTRACE" 0 20 "$E2E_TMP"
