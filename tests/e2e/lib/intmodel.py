#!/usr/bin/env python3
"""Random D integer expressions, run by dtrace and checked against a model
of DTrace's integer semantics, written from Oracle dtrace-utils' compiler:
every value lives in a 64-bit register and no operator narrows its result
(dt_cg); an operator's type is dt_type_promote's (rank: size, then
unsignedness; no promotion to int), a unary operator's its operand's
(dt_cook_op1); a cast changes bits only as dt_cg_typecast says; constant
subtrees fold as dt_node_op1/dt_node_op2/dt_node_op3 fold them (an unsigned
negation cut to its size, a constant condition choosing its branch); a
printf() record holds the value at its type's size.

usage: intmodel.py DTRACE FIRST_SEED END_SEED [SCRATCH_DIR]
Prints the differing expressions and "failing programs: N"."""
import os, random, subprocess, sys
M = (1 << 64) - 1
TYPES = {  # name: (size, signed)
 'char': (1, 1), 'short': (2, 1), 'int': (4, 1), 'long long': (8, 1),
 'unsigned char': (1, 0), 'unsigned short': (2, 0), 'unsigned int': (4, 0), 'unsigned long long': (8, 0)}
RANK = lambda t: TYPES[t][0] * 8 + (0 if TYPES[t][1] else 1)
def canon(v, t):
    sz, sg = TYPES[t]; v &= M
    if sz == 8: return v
    v &= (1 << 8 * sz) - 1
    if sg and v >> (8 * sz - 1): v |= M ^ ((1 << 8 * sz) - 1)
    return v
def promote(a, b): return a if RANK(a) >= RANK(b) else b
def cast(v, src, dst):
    ds, dsg = TYPES[dst]; ss, ssg = TYPES[src]; n = (8 - ds) * 8
    c = 1
    if n == 0: c = 0
    elif ds > ss: c = 0 if (dsg or not ssg) else 1
    elif ds == ss: c = 0 if dsg == ssg else 1
    if not c: return v
    v = (v << n) & M
    if dsg and v >> 63: return ((v >> n) | (M ^ (M >> n))) & M
    return v >> n
def s64(v): return v - (1 << 64) if v >> 63 else v
VARS = {}
SCRIPT = os.path.join(sys.argv[4] if len(sys.argv) > 4 else '.', 'intmodel.d')
def intconst(v):
    # dt_node_int: int, unsigned int (hex only), long long, unsigned long long
    return ('int' if v <= 0x7fffffff else 'long long'), v
class G:
    def __init__(s, rnd): s.r = rnd
    def expr(s, d):
        r = s.r
        k = r.random()
        if d <= 0 or k < 0.25:
            if r.random() < 0.6:
                name = r.choice(list(VARS)); t, v = VARS[name]
                return name, t, v, False
            v = r.choice([0, 1, 2, 3, 7, 100, 127, 128, 255, 256, 0x7fff, 0xffff, 0x7fffffff, 0x80000000, 0xffffffff, 0x100000000])
            if v > 0x7fffffff and v <= 0xffffffff and r.random() < 0.5:
                return '0x%x' % v, 'unsigned int', v, True
            t, v = intconst(v)
            if t == 'long long' and v <= 0xffffffff: t = 'long long'
            return str(v) if v <= 0x7fffffff else ('%dLL' % v if False else '0x%xLL' % v), t, v, True
        if k < 0.40:
            op = r.choice('-~+')
            e, t, v, c = s.expr(d - 1)
            if op == '-':
                nv = (-v) & M
                if c and not TYPES[t][1] and TYPES[t][0] < 8: nv &= (1 << 8 * TYPES[t][0]) - 1
            elif op == '~': nv = (~v) & M
            else: nv = v
            return '%s(%s)' % (op, e), t, nv, c
        if k < 0.55:
            dst = r.choice(list(TYPES))
            e, t, v, c = s.expr(d - 1)
            return '(%s)(%s)' % (dst, e), dst, cast(v, t, dst), c
        if k < 0.62:
            e1, t1, v1, c1 = s.expr(d - 1); e2, t2, v2, c2 = s.expr(d - 1)
            op = r.choice(['==', '!=', '<', '>', '<=', '>='])
            sg = TYPES[promote(t1, t2)][1]
            a, b = (s64(v1), s64(v2)) if sg else (v1, v2)
            res = {'==': a == b, '!=': a != b, '<': a < b, '>': a > b, '<=': a <= b, '>=': a >= b}[op]
            return '(%s %s %s)' % (e1, op, e2), 'int', int(res), c1 and c2
        if k < 0.68:
            ec, tc, vc, cc = s.expr(d - 1)
            e1, t1, v1, c1 = s.expr(d - 1); e2, t2, v2, c2 = s.expr(d - 1)
            t = promote(t1, t2)
            if cc:	# folded: the chosen branch itself, its own type
                return '(%s ? %s : %s)' % (ec, e1, e2), (t1 if vc else t2), (v1 if vc else v2), (c1 if vc else c2)
            return '(%s ? %s : %s)' % (ec, e1, e2), t, (v1 if vc else v2), False
        if k < 0.74:
            e1, t1, v1, c1 = s.expr(d - 1)
            n = r.randint(0, 31); op = r.choice(['<<', '>>'])
            if op == '<<': v = (v1 << n) & M
            else: v = (s64(v1) >> n) & M if TYPES[t1][1] else v1 >> n
            return '(%s %s %d)' % (e1, op, n), t1, v, c1
        e1, t1, v1, c1 = s.expr(d - 1); e2, t2, v2, c2 = s.expr(d - 1)
        op = r.choice(['+', '-', '*', '&', '|', '^', '/', '%'])
        t = promote(t1, t2)
        if op in '/%':
            if v2 == 0:
                op = '+'
            elif not TYPES[t][1]:
                v = v1 // v2 if op == '/' else v1 % v2
            elif c1 and c2:	# folded as C computes it (dt_node_op2)
                a, b = s64(v1), s64(v2)
                q = abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)
                v = q if op == '/' else a - q * b
            else:	# dt_cg_arithmetic_op: |l| op |r|, negated when one is negative
                a, b = s64(v1), s64(v2)
                v = (abs(a) // abs(b)) if op == '/' else (abs(a) % abs(b))
                if (a < 0) != (b < 0): v = -v
        if op not in '/%':
            v = {'+': v1 + v2, '-': v1 - v2, '*': v1 * v2, '&': v1 & v2, '|': v1 | v2, '^': v1 ^ v2}[op]
        return '(%s %s %s)' % (e1, op, e2), t, v & M, c1 and c2
def shown(v, t):
    sz, sg = TYPES[t]; v = canon(v, t)
    return str(s64(v)) if sg else str(v)
def main(seed, n):
    r = random.Random(seed); VARS.clear()
    decls, inits = [], []
    for i, t in enumerate(TYPES):
        for j in range(2):
            v = r.choice([0, 1, 2, 100, 127, 128, 200, 255, 0x7fff, 0x8000, 0xffff, 0x7fffffff, 0x80000000, 0xffffffff, M, M - 1, 1 << 40])
            name = 'v%d_%d' % (i, j); decls.append('%s %s;' % (t, name))
            inits.append('%s = 0x%x;' % (name, v)); VARS[name] = (t, canon(v, t))
    g = G(r); lines, want = [], []
    for i in range(n):
        e, t, v, c = g.expr(r.randint(1, 4))
        lines.append('printf("%%d\\n", %s);' % e); want.append(shown(v, t))
    src = '\n'.join(decls) + '\nBEGIN {\n' + '\n'.join(inits) + '\n' + '\n'.join(lines) + '\nexit(0);\n}\n'
    open(SCRIPT, 'w').write(src)
    p = subprocess.run(['timeout', '30', sys.argv[1], '-qs', SCRIPT], capture_output=True, text=True)
    got = p.stdout.split('\n')
    bad = 0
    if p.returncode != 0:
        print('seed', seed, 'rc', p.returncode, p.stderr[:300]); return 1
    for i, (l, w) in enumerate(zip(lines, want)):
        if got[i] != w:
            bad += 1
            if bad <= 3: print('seed %d: %s  got %s want %s' % (seed, l, got[i], w))
    return bad
if __name__ == '__main__':
    tot = 0
    for seed in range(int(sys.argv[2]), int(sys.argv[3])):
        tot += 1 if main(seed, 40) else 0
    print('failing programs:', tot)
