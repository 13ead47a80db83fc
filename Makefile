# Plain Makefile: libdtrace.a from src/*/ (all but cmd), dtrace from src/cmd.
CC      ?= cc
CFLAGS  ?= -O2 -g
CFLAGS  += -std=gnu11 -Wall -Wextra -Wno-missing-field-initializers -Isrc
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

$(BUILD)/tests/%: tests/unit/%.c $(BUILD)/libdtrace.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Isrc -o $@ $^ $(LDLIBS)

unit: $(UNITBIN)
	@set -e; for t in $(UNITBIN); do echo "== $$t"; $$t; done

e2e: $(BUILD)/dtrace
	tests/e2e/run.sh $(BUILD)/dtrace

conformance: $(BUILD)/dtrace
	_DTRACE_TESTING=t python3 ../shared/conformance/run --dtrace $(BUILD)/dtrace \
		--expect tests/conformance.pass --results $(BUILD)/conformance.results -j 2

check: all unit e2e conformance

deps:
	scripts/install-deps.sh

clean:
	rm -rf $(BUILD)

.PHONY: all unit e2e conformance check deps clean
# keep every object: make must not treat them as disposable intermediates
.SECONDARY:
-include $(LIBOBJ:.o=.d) $(BUILD)/src/cmd/dtrace.d
