/*
 * linkobj.c - dtrace_program_link(), what dtrace -G makes: the relocatable
 * ELF object a DTrace build links into its program.
 *
 * On Solaris, dtrace -G turns the probe calls in the application's objects
 * into nops and writes the probes' DOF into this object.  Here the header
 * of dtrace -h makes complete sys/sdt.h probe sites by itself (hdrgen.c),
 * so there is nothing to put in the object: it is written for the builds
 * that expect one (their link line names it), as a valid x86-64 ET_REL
 * object with no code, no data and no symbols, and a .note.GNU-stack so
 * that linking it asks for no executable stack.  The objects the build
 * passes are checked as DTrace checks them (an ELF object of this machine,
 * not an archive) and never written to.
 */
#include "dt_impl.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <string.h>
#include <unistd.h>

/* An object the build passed: readable, and one this machine links. */
static int check_object(struct dtrace_hdl *h, const char *obj)
{
	GElf_Ehdr eh;
	Elf *e;
	int fd, err = 0;

	if ((fd = open(obj, O_RDONLY)) < 0)
		return dt_set_errmsg(h, EDT_COMPILER, "failed to open %s: %s", obj, strerror(errno));
	if (!(e = elf_begin(fd, ELF_C_READ, NULL))) {
		dt_set_errmsg(h, EDT_COMPILER, "failed to process %s: %s", obj, elf_errmsg(elf_errno()));
		close(fd);
		return -1;
	}
	if (elf_kind(e) == ELF_K_AR)
		err = dt_set_errmsg(h, EDT_COMPILER,
				    "archives are not permitted; use the contents of the archive instead: %s", obj);
	else if (elf_kind(e) != ELF_K_ELF)
		err = dt_set_errmsg(h, EDT_COMPILER, "invalid file type: %s", obj);
	else if (!gelf_getehdr(e, &eh))
		err = dt_set_errmsg(h, EDT_COMPILER, "corrupt file: %s", obj);
	else if (eh.e_ident[EI_CLASS] != ELFCLASS64)
		err = dt_set_errmsg(h, EDT_COMPILER, "incorrect ELF class for object file: %s", obj);
	else if (eh.e_machine != EM_X86_64)
		err = dt_set_errmsg(h, EDT_COMPILER, "incorrect ELF machine type for object file: %s", obj);
	elf_end(e);
	close(fd);
	return err;
}

/* A section of the object: its name's offset in shstrtab, type, data. */
static Elf_Scn *add_section(Elf *e, uint32_t name, uint32_t type, const void *data, size_t size, size_t align)
{
	Elf_Scn *scn = elf_newscn(e);
	Elf_Data *d;
	GElf_Shdr sh;

	if (!scn || !(d = elf_newdata(scn)) || !gelf_getshdr(scn, &sh))
		return NULL;
	d->d_buf = (void *)data;
	d->d_size = size;
	d->d_align = align;
	d->d_type = type == SHT_SYMTAB ? ELF_T_SYM : ELF_T_BYTE;
	sh.sh_name = name;
	sh.sh_type = type;
	sh.sh_addralign = align;
	if (!gelf_update_shdr(scn, &sh))
		return NULL;
	return scn;
}

/* The object: its sections' names, an empty string table, a symbol table
 * of the null symbol alone, and an empty .note.GNU-stack. */
static const char obj_shstrtab[] = "\0.shstrtab\0.symtab\0.strtab\0.note.GNU-stack";
enum { NAME_SHSTRTAB = 1, NAME_SYMTAB = 11, NAME_STRTAB = 19, NAME_GNUSTACK = 27 };
static const char obj_strtab[1];
static const Elf64_Sym obj_symtab[1];

static int write_object(struct dtrace_hdl *h, const char *file)
{
	Elf_Scn *shstr, *sym, *str;
	Elf64_Ehdr *eh;
	GElf_Shdr sh;
	Elf *e = NULL;
	int fd, ok = 0;

	if ((fd = open(file, O_RDWR | O_CREAT | O_TRUNC, 0666)) < 0)
		return dt_set_errmsg(h, EDT_COMPILER, "failed to open %s: %s", file, strerror(errno));
	if ((e = elf_begin(fd, ELF_C_WRITE, NULL)) && (eh = elf64_newehdr(e))) {
		eh->e_ident[EI_DATA] = ELFDATA2LSB;
		eh->e_ident[EI_OSABI] = ELFOSABI_NONE;
		eh->e_type = ET_REL;
		eh->e_machine = EM_X86_64;
		eh->e_version = EV_CURRENT;
		shstr = add_section(e, NAME_SHSTRTAB, SHT_STRTAB, obj_shstrtab, sizeof(obj_shstrtab), 1);
		sym = add_section(e, NAME_SYMTAB, SHT_SYMTAB, obj_symtab, sizeof(obj_symtab), 8);
		str = add_section(e, NAME_STRTAB, SHT_STRTAB, obj_strtab, sizeof(obj_strtab), 1);
		ok = shstr && sym && str && add_section(e, NAME_GNUSTACK, SHT_PROGBITS, NULL, 0, 1);
		if (ok && gelf_getshdr(sym, &sh)) {
			/* the symbols' names are in .strtab; all (one) are local */
			sh.sh_link = (uint32_t)elf_ndxscn(str);
			sh.sh_info = 1;
			sh.sh_entsize = sizeof(Elf64_Sym);
			ok = gelf_update_shdr(sym, &sh) != 0;
		}
		if (ok) {
			eh->e_shstrndx = (Elf64_Half)elf_ndxscn(shstr);
			ok = elf_update(e, ELF_C_WRITE) >= 0;
		}
	}
	if (!ok)
		dt_set_errmsg(h, EDT_COMPILER, "failed to write %s: %s", file, elf_errmsg(elf_errno()));
	if (e)
		elf_end(e);
	if (close(fd) != 0 && ok) {
		ok = 0;
		dt_set_errmsg(h, EDT_COMPILER, "failed to write %s: %s", file, strerror(errno));
	}
	if (!ok)
		unlink(file);
	return ok ? 0 : -1;
}

int dtrace_program_link(dtrace_hdl_t *h, dtrace_prog_t *pg, unsigned int dflags, const char *file, int objc,
			char *const objv[])
{
	if (!pg || !file || (dflags & ~DTRACE_D_MASK) || objc < 0 || (objc && !objv))
		return dt_set_errno(h, EINVAL);
	if (elf_version(EV_CURRENT) == EV_NONE)
		return dt_set_errmsg(h, EDT_COMPILER, "libelf is out-of-date with respect to libdtrace");
	for (int i = 0; i < objc; i++)
		if (check_object(h, objv[i]) != 0)
			return -1;
	return write_object(h, file);
}
