/*
 * x86_insn.c - owns the x86-64 instruction length decoder (x86_insn.h):
 * the shape of every opcode in 64-bit mode (does a ModRM byte follow, what
 * immediate, does it exist at all) as tables laid out like the opcode maps
 * of the Intel SDM, volume 2, appendix A, and the walk over prefixes,
 * VEX/EVEX payloads, ModRM, SIB, displacement and immediate that turns
 * them into a length.  Nothing here says what an instruction does.
 */
#include "common/x86_insn.h"

#include <stdbool.h>

/* What follows an opcode byte, as bit flags. */
enum opcode_shape {
	HAS_MODRM = 1 << 0,	/* a ModRM byte (and maybe SIB, displacement) */
	IMM_8 = 1 << 1,		/* an 8-bit immediate */
	IMM_16 = 1 << 2,	/* a 16-bit immediate (both: ENTER's iw, ib) */
	IMM_Z = 1 << 3,		/* 16 bits with 66 (and no REX.W), else 32 */
	IMM_V = 1 << 4,		/* MOV r, imm (B8-BF): 64 with REX.W, 16 with 66 */
	MOFFS = 1 << 5,		/* A0-A3: an address of the address size */
	REL_32 = 1 << 6,	/* a near branch's rel32 (rel16 with 66 on AMD) */
	IMM_IF_TEST = 1 << 7,	/* group 3 (F6, F7): the immediate is TEST's, /0 and /1 */
	MOD_IGNORED = 1 << 8,	/* MOV to/from CR, DR: ModRM always names registers */
	IMM_8_IF_SSE4A = 1 << 9, /* 0F 78 with 66 or F2 (EXTRQ, INSERTQ): ib, ib */
	INVALID = 1 << 10,	/* no such instruction in 64-bit mode */
};

/*
 * The grids below abbreviate the shapes so that a row of the table is a
 * row of the SDM's opcode map.  Key:
 *   __ nothing follows          M  ModRM           I8 imm8    IZ imm16/32
 *   M8 ModRM, imm8              MZ ModRM, imm16/32 IW imm16   EN imm16, imm8
 *   IV imm16/32/64 (B8-BF)      MO moffs           RZ rel32 (near branch)
 *   T8, TZ group 3 (TEST's imm) MC mod ignored     SA 0F 78 (SSE4a imm)
 *   XX invalid in 64-bit mode
 *   PF a prefix or escape: consumed before the table is read, so an entry
 *      that is never looked up; it says "invalid" to be safe.
 */
#define __ 0
#define M HAS_MODRM
#define I8 IMM_8
#define IZ IMM_Z
#define M8 (HAS_MODRM | IMM_8)
#define MZ (HAS_MODRM | IMM_Z)
#define IW IMM_16
#define EN (IMM_16 | IMM_8)
#define IV IMM_V
#define MO MOFFS
#define RZ REL_32
#define T8 (HAS_MODRM | IMM_IF_TEST | IMM_8)
#define TZ (HAS_MODRM | IMM_IF_TEST | IMM_Z)
#define MC (HAS_MODRM | MOD_IGNORED)
#define SA (HAS_MODRM | IMM_8_IF_SSE4A)
#define XX INVALID
#define PF INVALID

/* The one-byte opcode map, 64-bit mode. */
static const uint16_t one_byte_map[256] = {
	/*    0   1   2   3   4   5   6   7   8   9   A   B   C   D   E   F */
	/*0*/ M,  M,  M,  M,  I8, IZ, XX, XX, M,  M,  M,  M,  I8, IZ, XX, PF,
	/*1*/ M,  M,  M,  M,  I8, IZ, XX, XX, M,  M,  M,  M,  I8, IZ, XX, XX,
	/*2*/ M,  M,  M,  M,  I8, IZ, PF, XX, M,  M,  M,  M,  I8, IZ, PF, XX,
	/*3*/ M,  M,  M,  M,  I8, IZ, PF, XX, M,  M,  M,  M,  I8, IZ, PF, XX,
	/*4*/ PF, PF, PF, PF, PF, PF, PF, PF, PF, PF, PF, PF, PF, PF, PF, PF,
	/*5*/ __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, __,
	/*6*/ XX, XX, PF, M,  PF, PF, PF, PF, IZ, MZ, I8, M8, __, __, __, __,
	/*7*/ I8, I8, I8, I8, I8, I8, I8, I8, I8, I8, I8, I8, I8, I8, I8, I8,
	/*8*/ M8, MZ, XX, M8, M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,
	/*9*/ __, __, __, __, __, __, __, __, __, __, XX, __, __, __, __, __,
	/*A*/ MO, MO, MO, MO, __, __, __, __, I8, IZ, __, __, __, __, __, __,
	/*B*/ I8, I8, I8, I8, I8, I8, I8, I8, IV, IV, IV, IV, IV, IV, IV, IV,
	/*C*/ M8, M8, IW, __, PF, PF, M8, MZ, EN, __, IW, __, __, I8, XX, __,
	/*D*/ M,  M,  M,  M,  XX, XX, XX, __, M,  M,  M,  M,  M,  M,  M,  M,
	/*E*/ I8, I8, I8, I8, I8, I8, I8, I8, RZ, RZ, XX, I8, __, __, __, __,
	/*F*/ PF, __, PF, PF, __, __, T8, TZ, __, __, __, __, __, __, M,  M,
};

/* The two-byte map, 0F xx, without VEX or EVEX.  0F 0F (3DNow!) is left
 * out; 0F 38 and 0F 3A escape to the three-byte maps. */
static const uint16_t map_0f[256] = {
	/*    0   1   2   3   4   5   6   7   8   9   A   B   C   D   E   F */
	/*0*/ M,  M,  M,  M,  XX, __, __, __, __, __, XX, __, XX, M,  __, XX,
	/*1*/ M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,
	/*2*/ MC, MC, MC, MC, XX, XX, XX, XX, M,  M,  M,  M,  M,  M,  M,  M,
	/*3*/ __, __, __, __, __, __, XX, __, PF, XX, PF, XX, XX, XX, XX, XX,
	/*4*/ M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,
	/*5*/ M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,
	/*6*/ M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,
	/*7*/ M8, M8, M8, M8, M,  M,  M,  __, SA, M,  XX, XX, M,  M,  M,  M,
	/*8*/ RZ, RZ, RZ, RZ, RZ, RZ, RZ, RZ, RZ, RZ, RZ, RZ, RZ, RZ, RZ, RZ,
	/*9*/ M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,
	/*A*/ __, __, __, M,  M8, M,  XX, XX, __, __, __, M,  M8, M,  M,  M,
	/*B*/ M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M8, M,  M,  M,  M,  M,
	/*C*/ M,  M,  M8, M,  M8, M8, M8, M,  __, __, __, __, __, __, __, __,
	/*D*/ M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,
	/*E*/ M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,
	/*F*/ M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,  M,
};

#undef __
#undef M
#undef I8
#undef IZ
#undef M8
#undef MZ
#undef IW
#undef EN
#undef IV
#undef MO
#undef RZ
#undef T8
#undef TZ
#undef MC
#undef SA
#undef XX
#undef PF

/* Which opcode map an opcode byte was found in. */
enum opcode_map {
	MAP_ONE_BYTE,
	MAP_0F,
	MAP_0F38,
	MAP_0F3A,
	MAP_EVEX_5,	/* AVX512-FP16 */
	MAP_EVEX_6,
};

/* The bytes being decoded: reads never go past avail. */
struct cursor {
	const uint8_t *bytes;
	size_t avail;
	size_t pos;
};

static bool next_byte(struct cursor *c, uint8_t *out)
{
	if (c->pos >= c->avail)
		return false;
	*out = c->bytes[c->pos++];
	return true;
}

static bool skip_bytes(struct cursor *c, size_t n)
{
	if (c->avail - c->pos < n)
		return false;
	c->pos += n;
	return true;
}

/* The prefixes an instruction carried, as far as its length cares. */
struct prefixes {
	bool operand_size;	/* 66 */
	bool address_size;	/* 67 */
	bool repne;		/* F2 */
	bool rep;		/* F3 */
	bool lock;		/* F0 */
	bool legacy_segment;	/* 26, 2E, 36, 3E (not FS/GS: 64, 65) */
	uint8_t rex;		/* 40-4F, or 0 */
};

/* What decode() found, for the flag queries. */
struct insn_shape {
	enum opcode_map map;
	uint8_t opcode;
	uint8_t modrm;		/* 0 when it has none */
	bool lock_or_legacy_segment;
	bool vex;		/* VEX or EVEX encoded */
};

static bool is_legacy_prefix(uint8_t b, struct prefixes *pfx)
{
	switch (b) {
	case 0x66: pfx->operand_size = true; return true;
	case 0x67: pfx->address_size = true; return true;
	case 0xF2: pfx->repne = true; return true;
	case 0xF3: pfx->rep = true; return true;
	case 0xF0: pfx->lock = true; return true;
	case 0x26: case 0x2E: case 0x36: case 0x3E:
		pfx->legacy_segment = true;
		return true;	/* segment overrides, branch hints, notrack */
	case 0x64: case 0x65:
		return true;	/* FS, GS */
	default:
		return false;
	}
}

/*
 * Skip a ModRM byte and the SIB and displacement it calls for; *modrm gets
 * the byte.  In 64-bit mode 67 selects 32-bit addressing, which is encoded
 * like 64-bit addressing, so the address size does not change the length.
 */
static bool skip_modrm(struct cursor *c, bool mod_ignored, uint8_t *modrm)
{
	uint8_t mod, rm, sib;

	if (!next_byte(c, modrm))
		return false;
	mod = *modrm >> 6;
	rm = *modrm & 7;
	if (mod == 3 || mod_ignored)
		return true;
	if (rm == 4) {
		if (!next_byte(c, &sib))
			return false;
		/* no base register: a disp32 stands in for it */
		if (mod == 0 && (sib & 7) == 5)
			return skip_bytes(c, 4);
	} else if (mod == 0 && rm == 5) {
		return skip_bytes(c, 4);	/* RIP-relative */
	}
	if (mod == 1)
		return skip_bytes(c, 1);
	if (mod == 2)
		return skip_bytes(c, 4);
	return true;
}

/*
 * The opcodes of groups whose ModRM.reg field picks between instructions
 * and holes: the holes are not instructions (8F /1-/7 is AMD's XOP, not
 * decoded).
 */
static bool group_member_exists(uint8_t opcode, uint8_t modrm)
{
	uint8_t reg = (modrm >> 3) & 7, mod = modrm >> 6;

	switch (opcode) {
	case 0x8F:	/* POP r/m */
		return reg == 0;
	case 0xC6:	/* MOV r/m, imm; XABORT is C6 F8 */
	case 0xC7:	/* MOV r/m, imm; XBEGIN is C7 F8 */
		return reg == 0 || modrm == 0xF8;
	case 0xFE:	/* INC, DEC r/m8 */
		return reg < 2;
	case 0xFF:	/* far CALL and JMP take memory only; /7 is a hole */
		if ((reg == 3 || reg == 5) && mod == 3)
			return false;
		return reg != 7;
	default:
		return true;
	}
}

/* The length of the immediates that shape calls for; -1 if not decidable. */
static int immediate_size(unsigned shape, const struct prefixes *pfx, uint8_t modrm)
{
	bool rex_w = pfx->rex & 8;
	int size = 0;

	if ((shape & IMM_IF_TEST) && ((modrm >> 3) & 7) >= 2)
		return 0;
	if (shape & IMM_8)
		size += 1;
	if (shape & IMM_16)
		size += 2;
	if (shape & IMM_Z)
		size += pfx->operand_size && !rex_w ? 2 : 4;
	if (shape & IMM_V)
		size += rex_w ? 8 : pfx->operand_size ? 2 : 4;
	if (shape & MOFFS)
		size += pfx->address_size ? 4 : 8;
	if (shape & REL_32) {
		/* Intel CPUs ignore 66 on a near branch in 64-bit mode, AMD
		 * CPUs take a rel16: no one length is right.  Compilers never
		 * emit it. */
		if (pfx->operand_size)
			return -1;
		size += 4;
	}
	if ((shape & IMM_8_IF_SSE4A) && (pfx->operand_size || pfx->repne))
		size += 2;
	return size;
}

/* VEX and EVEX map 0F opcodes that take an imm8 (shifts by immediate,
 * shuffles, compares, insert/extract word), as in the legacy map. */
static bool vex_0f_has_imm8(uint8_t opcode)
{
	return (opcode >= 0x70 && opcode <= 0x73) || opcode == 0xC2 ||
	       (opcode >= 0xC4 && opcode <= 0xC6);
}

/*
 * After the C4/C5 or 62 byte: the VEX or EVEX payload, the opcode, ModRM
 * and immediate.  A VEX or EVEX instruction may not have a 66, F2, F3, F0
 * or REX prefix (the payload holds them); it always has a ModRM byte
 * except VZEROUPPER/VZEROALL (VEX 0F 77).
 */
static bool decode_vex(struct cursor *c, uint8_t escape, const struct prefixes *pfx,
		       struct insn_shape *shape)
{
	uint8_t payload[3], opcode, modrm;
	enum opcode_map map;
	bool has_imm8;

	if (pfx->operand_size || pfx->repne || pfx->rep || pfx->lock || pfx->rex)
		return false;
	if (escape == 0xC5) {		/* 2-byte VEX: map 0F implied */
		if (!next_byte(c, &payload[0]))
			return false;
		map = MAP_0F;
	} else if (escape == 0xC4) {	/* 3-byte VEX: mmmmm names the map */
		if (!next_byte(c, &payload[0]) || !next_byte(c, &payload[1]))
			return false;
		switch (payload[0] & 0x1F) {
		case 1: map = MAP_0F; break;
		case 2: map = MAP_0F38; break;
		case 3: map = MAP_0F3A; break;
		default: return false;
		}
	} else {			/* EVEX: P0 mmm names the map */
		if (!next_byte(c, &payload[0]) || !next_byte(c, &payload[1]) ||
		    !next_byte(c, &payload[2]))
			return false;
		/* P0 bit 3 is 0 and P1 bit 2 is 1 in every AVX-512 encoding
		 * (APX gives them meanings this decoder does not know) */
		if ((payload[0] & 0x08) || !(payload[1] & 0x04))
			return false;
		switch (payload[0] & 7) {
		case 1: map = MAP_0F; break;
		case 2: map = MAP_0F38; break;
		case 3: map = MAP_0F3A; break;
		case 5: map = MAP_EVEX_5; break;
		case 6: map = MAP_EVEX_6; break;
		default: return false;
		}
	}
	if (!next_byte(c, &opcode))
		return false;
	shape->map = map;
	shape->opcode = opcode;
	if (escape != 0x62 && map == MAP_0F && opcode == 0x77)
		return true;		/* VZEROUPPER, VZEROALL */
	if (!skip_modrm(c, false, &modrm))
		return false;
	has_imm8 = map == MAP_0F3A || (map == MAP_0F && vex_0f_has_imm8(opcode));
	return !has_imm8 || skip_bytes(c, 1);
}

/* Decode one instruction: its length, or -1; *shape says where its opcode
 * was found. */
static int decode(const uint8_t *p, size_t avail, struct insn_shape *shape)
{
	struct cursor c = { p, avail < X86_INSN_MAX_LEN ? avail : X86_INSN_MAX_LEN, 0 };
	struct prefixes pfx = { 0 };
	uint8_t opcode, modrm = 0;
	unsigned opshape;
	int imm;

	for (;;) {
		if (!next_byte(&c, &opcode))
			return -1;
		if (is_legacy_prefix(opcode, &pfx)) {
			/* a REX prefix counts only right before the opcode:
			 * the CPU ignores one that a legacy prefix follows */
			pfx.rex = 0;
		} else if ((opcode & 0xF0) == 0x40) {
			pfx.rex = opcode;
		} else {
			break;
		}
	}

	shape->modrm = 0;
	shape->lock_or_legacy_segment = pfx.lock || pfx.legacy_segment;
	shape->vex = opcode == 0xC4 || opcode == 0xC5 || opcode == 0x62;
	if (opcode == 0xC4 || opcode == 0xC5 || opcode == 0x62)
		return decode_vex(&c, opcode, &pfx, shape) ? (int)c.pos : -1;

	if (opcode != 0x0F) {
		shape->map = MAP_ONE_BYTE;
		opshape = one_byte_map[opcode];
	} else {
		if (!next_byte(&c, &opcode))
			return -1;
		if (opcode == 0x38 || opcode == 0x3A) {
			/* every three-byte opcode has ModRM; 0F3A adds an imm8 */
			shape->map = opcode == 0x38 ? MAP_0F38 : MAP_0F3A;
			opshape = opcode == 0x38 ? HAS_MODRM : HAS_MODRM | IMM_8;
			if (!next_byte(&c, &opcode))
				return -1;
		} else {
			shape->map = MAP_0F;
			opshape = map_0f[opcode];
		}
	}
	shape->opcode = opcode;

	if (opshape & INVALID)
		return -1;
	if (opshape & HAS_MODRM) {
		if (!skip_modrm(&c, opshape & MOD_IGNORED, &modrm))
			return -1;
		shape->modrm = modrm;
		if (shape->map == MAP_ONE_BYTE && !group_member_exists(opcode, modrm))
			return -1;
	}
	imm = immediate_size(opshape, &pfx, modrm);
	if (imm < 0 || !skip_bytes(&c, (size_t)imm))
		return -1;
	return (int)c.pos;
}

int x86_insn_len(const uint8_t *p, size_t avail)
{
	struct insn_shape shape;

	return decode(p, avail, &shape);
}

int x86_insn_boundaries(const uint8_t *p, size_t len, uint32_t *offs, int max)
{
	size_t off = 0;
	int n = 0;

	while (off < len && n < max) {
		int insn_len = x86_insn_len(p + off, len - off);

		if (insn_len < 0 || off > UINT32_MAX)
			return -1;
		offs[n++] = (uint32_t)off;
		off += (size_t)insn_len;
	}
	return n;
}

int x86_insn_is_ret(const uint8_t *p, size_t avail)
{
	struct insn_shape shape;

	if (decode(p, avail, &shape) < 0)
		return 0;
	return shape.map == MAP_ONE_BYTE && (shape.opcode == 0xC3 || shape.opcode == 0xC2);
}

/*
 * The kernel's x86 uprobes take an instruction only if they can run it
 * out of line (arch/x86/kernel/uprobes.c, uprobe_init_insn): not with a
 * lock prefix or an ES/CS/SS/DS override (notrack jumps carry 3E), not
 * the instructions that delay interrupts (mov to SS, pop SS), and not the
 * opcodes its tables leave out: those invalid in 64-bit mode, the ones
 * that trap or fault in user mode (int3, int n, into, hlt, in/out,
 * ins/outs, cli, sti, int1, iret) and, in the 0F map, the system group
 * (0F 00, 0F 01), syscall/sysret/sysenter/sysexit, clts, invd, wbinvd,
 * ud2, wrmsr, getsec, vmread/vmwrite and group 15 (0F AE: fences, xsave,
 * ldmxcsr).  Its tables have changed over the years; the union of what
 * our kernels (5.15 to 6.18) refuse is refused here, so that a probe the
 * kernel would refuse is never offered (one refused site fails a whole
 * uprobe_multi link, and in a library mapped later it would silently
 * never fire).  VEX/EVEX and three-byte (0F38, 0F3A) instructions are
 * refused too: kernels before 6.x test their first opcode byte (0F)
 * against a table that leaves it out.
 */
int x86_insn_uprobe_ok(const uint8_t *p, size_t avail)
{
	static const uint8_t one_byte_refused[] = {
		0x06, 0x07, 0x0E, 0x16, 0x17, 0x1E, 0x1F, 0x27, 0x2F, 0x37, 0x3F,
		0x60, 0x61, 0x62, 0x6C, 0x6D, 0x6E, 0x6F, 0x82, 0x9A,
		0xCC, 0xCD, 0xCE, 0xCF, 0xD4, 0xD5, 0xD6, 0xE4, 0xE5, 0xE6, 0xE7,
		0xEA, 0xEC, 0xED, 0xEE, 0xEF, 0xF1, 0xF4, 0xFA, 0xFB,
	};
	static const uint8_t map_0f_refused[] = {
		0x00, 0x01, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0A, 0x0B,
		0x30, 0x34, 0x35, 0x37, 0x78, 0x79, 0xAE,
	};
	struct insn_shape shape;

	if (decode(p, avail, &shape) < 0 || shape.lock_or_legacy_segment)
		return 0;
	switch (shape.map) {
	case MAP_ONE_BYTE:
		if (shape.opcode == 0x8E && ((shape.modrm >> 3) & 7) == 2)
			return 0;	/* mov to SS */
		for (size_t i = 0; i < sizeof(one_byte_refused); i++)
			if (shape.opcode == one_byte_refused[i])
				return 0;
		return 1;
	case MAP_0F:
		if (shape.vex)
			return 0;
		for (size_t i = 0; i < sizeof(map_0f_refused); i++)
			if (shape.opcode == map_0f_refused[i])
				return 0;
		return 1;
	default:
		return 0;
	}
}
