# Plain Makefile: libdtrace (static and shared) from src/*/ (all but cmd),
# dtrace(1) from src/cmd, the tests, and install/uninstall.
#
# The user's CC, CPPFLAGS, CFLAGS, LDFLAGS and LDLIBS are honored; the flags
# the build needs (include paths, -std, warnings, -fPIC) are kept apart from
# them, so `make CFLAGS=-O0` still builds.
CC       ?= cc
AR       ?= ar
CFLAGS   ?= -O2 -g
PKG_CONFIG ?= pkg-config

DT_CPPFLAGS = -Isrc -Iinclude -DDT_LIBDIR='"$(DTLIBDIR)"'
# every object is built once, with -fPIC: the same objects go into
# libdtrace.a and libdtrace.so.1
DT_CFLAGS   = -std=gnu11 -Wall -Wextra -Wno-missing-field-initializers -fPIC
DT_LIBS     = -lbpf -lelf -lz
COMPILE     = $(CC) $(DT_CPPFLAGS) $(CPPFLAGS) $(DT_CFLAGS) $(CFLAGS)
LINK        = $(CC) $(DT_CFLAGS) $(CFLAGS) $(LDFLAGS)

# install locations: `make install PREFIX=/usr DESTDIR=/tmp/root`
PREFIX     ?= /usr/local
BINDIR     ?= $(PREFIX)/bin
LIBDIR     ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
DATADIR    ?= $(PREFIX)/share
MANDIR     ?= $(DATADIR)/man
PKGDATADIR ?= $(DATADIR)/dtrace
# the D library (lib/dtrace/*.d): installed beside the library, which finds
# it there or at DTLIBDIR
DTLIBDIR   ?= $(LIBDIR)/dtrace
INSTALL    ?= install

SONAME  = libdtrace.so.1
VERSION = 1.0.0

BUILD   = build
LIBSRC  = $(wildcard src/common/*.c src/front/*.c src/bpf/*.c src/codegen/*.c src/consumer/*.c src/providers/*.c)
LIBOBJ  = $(LIBSRC:%.c=$(BUILD)/%.o)
UNIT    = $(wildcard tests/unit/test_*.c)
UNITBIN = $(UNIT:tests/unit/%.c=$(BUILD)/tests/%)

# the default D script (`make run`, installed under $(PKGDATADIR))
DEFAULT_SCRIPT = share/syscalls-by-process.d
MAN1    = man/dtrace.1 man/plockstat.1 man/lockstat.1
MAN3    = man/libdtrace.3
# the toolkit: ready D scripts, installed with dtrace (share/toolkit/README)
TOOLKIT = $(wildcard share/toolkit/*.d)

all: $(BUILD)/dtrace $(BUILD)/plockstat $(BUILD)/lockstat $(BUILD)/dwatch $(BUILD)/libdtrace.a $(BUILD)/$(SONAME) $(BUILD)/libdtrace.so

# Objects are rebuilt when the compile command changes (make CFLAGS=-O0,
# CC=clang, or a tree built before -fPIC): $(BUILD)/compile.cmd holds it.
COMPILE_Q = '$(subst ','\'',$(COMPILE))'
$(BUILD)/compile.cmd: FORCE
	@mkdir -p $(dir $@)
	@printf '%s\n' $(COMPILE_Q) | cmp -s - $@ || printf '%s\n' $(COMPILE_Q) > $@

$(BUILD)/%.o: %.c $(BUILD)/compile.cmd
	@mkdir -p $(dir $@)
	$(COMPILE) -MMD -MP -c $< -o $@

$(BUILD)/libdtrace.a: $(LIBOBJ)
	rm -f $@
	$(AR) rcs $@ $^

# The shared library exports only the public API (src/libdtrace.map).
$(BUILD)/$(SONAME): $(LIBOBJ) src/libdtrace.map
	$(LINK) -shared -Wl,--no-undefined -Wl,-soname,$(SONAME) -Wl,--version-script=src/libdtrace.map \
		-o $@ $(LIBOBJ) $(DT_LIBS) $(LDLIBS)

$(BUILD)/libdtrace.so: $(BUILD)/$(SONAME)
	ln -sf $(SONAME) $@

# dtrace(1) uses only <dtrace.h>; it links the static library so that it
# runs from the build tree with no LD_LIBRARY_PATH or rpath.
# the consumer loop the commands share (src/cmd/cmdloop.c), and how they
# open the files they write (src/common/safe_open.c, also the library's)
CMDOBJ  = $(BUILD)/src/cmd/cmdloop.o $(BUILD)/src/common/safe_open.o

$(BUILD)/dtrace: $(BUILD)/src/cmd/dtrace.o $(CMDOBJ) $(BUILD)/libdtrace.a
	$(LINK) -o $@ $^ $(DT_LIBS) $(LDLIBS)

# plockstat(1), user-level lock statistics: a consumer of <dtrace.h> only,
# linked as dtrace(1) is
$(BUILD)/plockstat: $(BUILD)/src/cmd/plockstat.o $(CMDOBJ) $(BUILD)/libdtrace.a
	$(LINK) -o $@ $^ $(DT_LIBS) $(LDLIBS)

# lockstat(1), kernel lock statistics over the lockstat provider: a
# consumer of <dtrace.h> only, linked as dtrace(1) is
$(BUILD)/lockstat: $(BUILD)/src/cmd/lockstat.o $(CMDOBJ) $(BUILD)/libdtrace.a
	$(LINK) -o $@ $^ $(DT_LIBS) $(LDLIBS)

# dwatch(1), FreeBSD's dwatch: a consumer of <dtrace.h> only, linked as
# dtrace(1) is; its profiles (share/dwatch/*.d) are found beside it in the
# build tree, or where `make install` puts them
DWATCH_OBJ = $(BUILD)/src/cmd/dwatch.o $(BUILD)/src/cmd/dwatch_script.o
DWATCHDIR ?= $(PKGDATADIR)/dwatch
$(BUILD)/src/cmd/dwatch_script.o: private DT_CPPFLAGS += -DDWATCH_PROFDIR='"$(DWATCHDIR)"'
$(BUILD)/dwatch: $(DWATCH_OBJ) $(BUILD)/libdtrace.a
	$(LINK) -o $@ $^ $(DT_LIBS) $(LDLIBS)

# the unit tests use internal symbols: they link the static library
$(BUILD)/tests/%: tests/unit/%.c tests/unit/unit.h $(BUILD)/libdtrace.a
	@mkdir -p $(dir $@)
	$(LINK) $(DT_CPPFLAGS) $(CPPFLAGS) -o $@ $< $(BUILD)/libdtrace.a $(DT_LIBS) $(LDLIBS)

unit: $(UNITBIN)
	@set -e; for t in $(UNITBIN); do echo "== $$t"; $$t; done

e2e: $(BUILD)/dtrace $(BUILD)/plockstat $(BUILD)/lockstat $(BUILD)/dwatch
	tests/e2e/run.sh $(BUILD)/dtrace

# The conformance runner (the Oracle Linux DTrace unit tests) sits beside
# the checkout, in ../shared; a clone elsewhere on this machine finds it at
# /work/shared; or name it: make CONFORMANCE_RUN=...  No runner is an error:
# the ratchet is never skipped.
CONFORMANCE_RUN ?= $(firstword $(wildcard ../shared/conformance/run /work/shared/conformance/run) \
	../shared/conformance/run)

# the ratchet: every test in tests/conformance.pass must still pass
conformance: $(BUILD)/dtrace
	_DTRACE_TESTING=t python3 $(CONFORMANCE_RUN) --dtrace $(BUILD)/dtrace \
		--list tests/conformance.pass --expect tests/conformance.pass \
		--results $(BUILD)/conformance.results -j 2

# the whole suite, to find tests that pass now (add them to the list)
conformance-all: $(BUILD)/dtrace
	_DTRACE_TESTING=t python3 $(CONFORMANCE_RUN) --dtrace $(BUILD)/dtrace \
		--results $(BUILD)/conformance-all.results -j 2
	grep ^PASS $(BUILD)/conformance-all.results | sed 's/^PASS \(.*\.d\):.*/\1/' | \
		sort -u - tests/conformance.pass > $(BUILD)/conformance.pass.new

# the stock-kernel test bed: the binary built here, run on Debian's 6.1 and
# 6.12 and Ubuntu's 5.15 kernels under qemu (tests/kernels/run.sh;
# KERNELS="-k 6.1" for one)
check-kernels: $(BUILD)/dtrace
	tests/kernels/run.sh $(BUILD)/dtrace $(KERNELS)

# every test; installs nothing (`make run` and .ci/run install the build
# dependencies with scripts/install-deps.sh); check-kernels downloads the
# kernel packages once into build/kernels/
check: all unit e2e api conformance check-kernels check-package

# the installed library and header through pkg-config, with a consumer
# written against the public API (tests/api)
api: all
	MAKE='$(MAKE)' CC='$(CC)' tests/api/run.sh

# the main job: the default script (system calls by process, 5 s)
run: deps all
	$(BUILD)/dtrace -s $(DEFAULT_SCRIPT)

deps:
	scripts/install-deps.sh

# libdtrace.pc is made from libdtrace.pc.in here, so that it names the
# PREFIX (or LIBDIR, INCLUDEDIR) of this install, whatever `all` was built with
install: all
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR)/pkgconfig \
		$(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man3 \
		$(DESTDIR)$(PKGDATADIR) $(DESTDIR)$(DTLIBDIR)
	$(INSTALL) -m 644 lib/dtrace/*.d $(DESTDIR)$(DTLIBDIR)/
	$(INSTALL) -m 755 $(BUILD)/dtrace $(DESTDIR)$(BINDIR)/dtrace
	$(INSTALL) -m 755 $(BUILD)/plockstat $(DESTDIR)$(BINDIR)/plockstat
	$(INSTALL) -m 755 $(BUILD)/$(SONAME) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libdtrace.so
	$(INSTALL) -m 644 $(BUILD)/libdtrace.a $(DESTDIR)$(LIBDIR)/libdtrace.a
	$(INSTALL) -m 644 include/dtrace.h $(DESTDIR)$(INCLUDEDIR)/dtrace.h
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(LIBDIR)|g' \
		-e 's|@INCLUDEDIR@|$(INCLUDEDIR)|g' -e 's|@VERSION@|$(VERSION)|g' \
		libdtrace.pc.in > $(DESTDIR)$(LIBDIR)/pkgconfig/libdtrace.pc
	chmod 644 $(DESTDIR)$(LIBDIR)/pkgconfig/libdtrace.pc
	$(INSTALL) -m 644 $(MAN1) $(DESTDIR)$(MANDIR)/man1/
	$(INSTALL) -m 644 $(MAN3) $(DESTDIR)$(MANDIR)/man3/libdtrace.3
	$(INSTALL) -m 644 $(DEFAULT_SCRIPT) $(DESTDIR)$(PKGDATADIR)/syscalls-by-process.d
	# lockstat(1) (its man page is in MAN1) and the toolkit of ready D
	# scripts, executable, in $(PKGDATADIR)/toolkit
	$(INSTALL) -m 755 $(BUILD)/lockstat $(DESTDIR)$(BINDIR)/lockstat
	$(INSTALL) -d $(DESTDIR)$(PKGDATADIR)/toolkit
	$(INSTALL) -m 755 $(TOOLKIT) $(DESTDIR)$(PKGDATADIR)/toolkit/
	$(INSTALL) -m 644 share/toolkit/README $(DESTDIR)$(PKGDATADIR)/toolkit/README

# dwatch(1), its man page and its profiles
install: install-dwatch
install-dwatch: $(BUILD)/dwatch
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(DWATCHDIR)
	$(INSTALL) -m 755 $(BUILD)/dwatch $(DESTDIR)$(BINDIR)/dwatch
	$(INSTALL) -m 644 man/dwatch.1 $(DESTDIR)$(MANDIR)/man1/dwatch.1
	$(INSTALL) -m 644 share/dwatch/*.d $(DESTDIR)$(DWATCHDIR)/

# removes exactly what install installed (and $(PKGDATADIR) if left empty)
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/lockstat $(DESTDIR)$(MANDIR)/man1/lockstat.1
	rm -f $(addprefix $(DESTDIR)$(PKGDATADIR)/toolkit/,$(notdir $(TOOLKIT)) README)
	rmdir $(DESTDIR)$(PKGDATADIR)/toolkit 2>/dev/null || true
	rm -f $(DESTDIR)$(BINDIR)/dtrace $(DESTDIR)$(BINDIR)/plockstat \
		$(DESTDIR)$(LIBDIR)/$(SONAME) $(DESTDIR)$(LIBDIR)/libdtrace.so \
		$(DESTDIR)$(LIBDIR)/libdtrace.a $(DESTDIR)$(INCLUDEDIR)/dtrace.h \
		$(DESTDIR)$(LIBDIR)/pkgconfig/libdtrace.pc \
		$(DESTDIR)$(MANDIR)/man1/dtrace.1 $(DESTDIR)$(MANDIR)/man1/plockstat.1 \
		$(DESTDIR)$(MANDIR)/man3/libdtrace.3 \
		$(DESTDIR)$(PKGDATADIR)/syscalls-by-process.d
	rm -f $(addprefix $(DESTDIR)$(DTLIBDIR)/,$(notdir $(wildcard lib/dtrace/*.d)))
	rm -f $(DESTDIR)$(BINDIR)/dwatch $(DESTDIR)$(MANDIR)/man1/dwatch.1
	rm -f $(addprefix $(DESTDIR)$(DWATCHDIR)/,$(notdir $(wildcard share/dwatch/*.d)))
	rmdir $(DESTDIR)$(DWATCHDIR) 2>/dev/null || true
	rmdir $(DESTDIR)$(PKGDATADIR) $(DESTDIR)$(DTLIBDIR) 2>/dev/null || true

# The Debian packages (debian/), built from a copy of the tree in
# $(BUILD)/deb so that the tree stays as it is: the .debs land in
# $(BUILD)/deb.  Needs dpkg-dev, debhelper and dh-python; Debian's own
# python3 builds the binding, whatever python3 comes first in PATH.
DEBSRC = $(BUILD)/deb/dtrace-$(VERSION)
deb:
	rm -rf $(BUILD)/deb
	mkdir -p $(DEBSRC)
	tar -cf - --exclude=build --exclude=.git --exclude='*.egg-info' --exclude=__pycache__ . | \
		tar -xf - -C $(DEBSRC)
	cd $(DEBSRC) && PATH=/usr/sbin:/usr/bin:/sbin:/bin dpkg-buildpackage -b -us -uc
	@ls $(BUILD)/deb/*.deb

# the packages built, linted, installed on this machine with dpkg, used, and
# purged (tests/package/run.sh; as root)
check-package: deb
	tests/package/run.sh $(BUILD)/deb

clean:
	rm -rf $(BUILD)

# The fuzzers (tests/fuzz): libdtrace built again with clang, ASan, UBSan
# and libFuzzer's coverage into $(FUZZ_BUILD); each target replays its
# regression inputs (tests/fuzz/regress/TARGET/), then runs FUZZ_SECONDS on
# a corpus seeded from the project's own scripts (tests/e2e/cases/*.d and
# the regression inputs), kept in $(FUZZ_BUILD)/corpus-TARGET between runs.
# An input slower than FUZZ_TIMEOUT seconds is a hang; FUZZ_SEED fixes
# libFuzzer's seed (CI's), unset each run explores anew.  Any crash, leak,
# sanitizer report or hang fails the target; libFuzzer leaves the input in
# $(FUZZ_BUILD)/crash-* (or leak-*, timeout-*).
FUZZ_SECONDS ?= 60
FUZZ_TIMEOUT ?= 1
FUZZ_SEED    ?=
FUZZ_BUILD    = $(BUILD)/fuzz
FUZZ_CC      ?= clang
FUZZ_SAN      = -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
FUZZ_TARGETS  = compile format
FUZZ_BINS     = $(FUZZ_TARGETS:%=$(FUZZ_BUILD)/fuzz_%)

$(FUZZ_BUILD)/libdtrace.a: FORCE
	$(MAKE) BUILD=$(FUZZ_BUILD) CC=$(FUZZ_CC) CFLAGS='-O1 -g $(FUZZ_SAN) -fsanitize=fuzzer-no-link' $@

$(FUZZ_BUILD)/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_BUILD)/libdtrace.a
	$(FUZZ_CC) -std=gnu11 -Wall -Wextra -O1 -g $(FUZZ_SAN) -fsanitize=fuzzer $(DT_CPPFLAGS) \
		-o $@ $< $(FUZZ_BUILD)/libdtrace.a $(DT_LIBS)

fuzz: $(FUZZ_BINS)
	FUZZ_SEED=$(FUZZ_SEED) tests/fuzz/run.sh $(FUZZ_BUILD) $(FUZZ_SECONDS) $(FUZZ_TIMEOUT) $(FUZZ_TARGETS)

FORCE:
.PHONY: FORCE all fuzz install-dwatch unit e2e conformance conformance-all check check-kernels api run deps install uninstall clean deb check-package
# keep every object: make must not treat them as disposable intermediates
.SECONDARY:
-include $(LIBOBJ:.o=.d) $(BUILD)/src/cmd/dtrace.d $(BUILD)/src/cmd/plockstat.d
-include $(BUILD)/src/cmd/cmdloop.d $(BUILD)/src/cmd/lockstat.d
-include $(DWATCH_OBJ:.o=.d)
