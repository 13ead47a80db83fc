# Plain Makefile: libdtrace.a from src/*/ (all but cmd), dtrace from src/cmd.
CC      ?= cc
CFLAGS  ?= -O2 -g
CFLAGS  += -std=gnu11 -Wall -Wextra -Wno-missing-field-initializers -Isrc -Iinclude
LDLIBS  = -lbpf -lelf -lz

BUILD   = build
LIBSRC  = $(wildcard src/common/*.c src/front/*.c src/bpf/*.c src/codegen/*.c src/consumer/*.c src/providers/*.c)
LIBOBJ  = $(LIBSRC:%.c=$(BUILD)/%.o)
UNIT    = $(wildcard tests/unit/test_*.c)
UNITBIN = $(UNIT:tests/unit/%.c=$(BUILD)/tests/%)

all: $(BUILD)/dtrace

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/libdtrace.a: $(LIBOBJ)
	rm -f $@
	ar rcs $@ $^

$(BUILD)/dtrace: $(BUILD)/src/cmd/dtrace.o $(BUILD)/libdtrace.a
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/tests/%: tests/unit/%.c tests/unit/unit.h $(BUILD)/libdtrace.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Isrc -o $@ $< $(BUILD)/libdtrace.a $(LDLIBS)

unit: $(UNITBIN)
	@set -e; for t in $(UNITBIN); do echo "== $$t"; $$t; done

e2e: $(BUILD)/dtrace
	tests/e2e/run.sh $(BUILD)/dtrace

# The conformance runner sits beside the checkout (../shared); a clone made
# elsewhere on this machine finds it at /work/shared.  No runner is an error:
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
		--results $(BUILD)/conformance-all.results -j 2 --timeout 10
	grep ^PASS $(BUILD)/conformance-all.results | sed 's/^PASS \(.*\.d\):.*/\1/' | \
		sort -u - tests/conformance.pass > $(BUILD)/conformance.pass.new

check: deps all unit e2e conformance

# the main job: the built-in default script (system calls by process, 5 s)
run: deps all
	$(BUILD)/dtrace

deps:
	scripts/install-deps.sh

clean:
	rm -rf $(BUILD)

.PHONY: all unit e2e conformance check deps clean run
# keep every object: make must not treat them as disposable intermediates
.SECONDARY:
-include $(LIBOBJ:.o=.d) $(BUILD)/src/cmd/dtrace.d
