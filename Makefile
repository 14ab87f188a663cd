# stresskit - the one entry point: build, test, bench, install, deb, dist, rpm.

# A plain make runs a job per CPU (nproc: the CPUs this process may use).
# The link steps wait for every object, so they come last whatever the
# order. A -j given (make -j1, dh_auto_build's -jN, a parent make's
# jobserver) is kept; so is a serial run when clean is a goal, which
# would otherwise race the build it precedes.
ifeq ($(filter -j%,$(MAKEFLAGS))$(filter clean,$(MAKECMDGOALS)),)
MAKEFLAGS += -j$(shell nproc 2>/dev/null || echo 1)
endif

CC       ?= cc
PREFIX   ?= /usr/local
DESTDIR  ?=
BUILD    ?= build
CFLAGS   ?= -O2 -g
# core/ is in folders by job (base, run, monitor, cli, plan, stats, plot,
# output, compare, session); see docs/architecture.md.
CORE_DIRS := $(patsubst %/,%,$(sort $(dir $(wildcard core/*/*.c))))
# Hidden by default: the binary exports to plugins only what the public
# headers mark SK_API (include/stresskit/version.h), through -rdynamic.
BASE_CFLAGS := -std=gnu11 -Wall -Wextra -D_GNU_SOURCE -fvisibility=hidden -MMD -MP
CORE_CFLAGS  = $(BASE_CFLAGS) -I$(BUILD) -Iinclude $(CORE_DIRS:%=-I%) \
	       $(shell pkg-config --cflags $(LIBS_PC) 2>/dev/null)
# A stressor sees the public API and nothing else: no core folder, no
# config.h (features are its .needs, checked at start, as for a plugin).
# Its loops start on a 64-byte line, so an op of a few ns does not cost
# more or less by where the linker put it: -falign-loops for a loop
# entered by falling into it, -falign-jumps for one entered by a jump
# to its test. It calls libc through the GOT (-z now leaves a PLT stub
# nothing to do): docs/benchmarks.md.
STRESSOR_CFLAGS = $(BASE_CFLAGS) -Iinclude -DSK_BUILTIN -falign-loops=64 -falign-jumps=64 -fno-plt
# LAYOUT_CFLAGS: code placement for a second layout, core and stressors
# alike, e.g. -falign-functions=64 -falign-loops=32 (see LINK_ORDER)
CFLAGS   += $(CORE_CFLAGS) $(LAYOUT_CFLAGS)
LIBS_PC  := yaml-0.1 jansson
LDLIBS   += -pthread -ldl
# Every symbol bound once at start (-z now): otherwise each forked process
# writes each binding into its own copy of the GOT, a copy-on-write fault
# each (docs/benchmarks.md).
BIND_LDFLAGS := -Wl,-z,now

CORE_SRC     := $(wildcard core/*/*.c)
STRESSOR_SRC := $(sort $(wildcard stressors/*.c stressors/*/*.c))
# A stressor "unit" is a file in stressors/ or a folder of them: the
# registry test checks each one registered a stressor of its name.
STRESSOR_UNITS := $(sort $(basename $(notdir $(wildcard stressors/*.c))) \
		$(notdir $(patsubst %/,%,$(dir $(wildcard stressors/*/*.c)))))

CORE_OBJ     := $(CORE_SRC:%.c=$(BUILD)/%.o)
STRESSOR_OBJ := $(STRESSOR_SRC:%.c=$(BUILD)/%.o)
MAIN_OBJ     := $(BUILD)/core/main.o

UNIT_SRC  := $(wildcard tests/unit/*.c)
UNIT_BIN  := $(BUILD)/tests/unit/run_unit

.PHONY: all test test-long unit-test integration-test golden-test bench clean install uninstall \
	abi-check abi-record abi-test \
	sanitize-test fuzz fuzz-run fuzz-long fuzz-merge fuzz-merge-run soak

all: $(BUILD)/stresskit $(BUILD)/stresskit.test

# Feature probes: config/*.c -> build/config.h and build/config.mk; the
# libraries of config/required/ stop the build in one line when missing.
# Probed again when a probe, the compiler or a header a probe read
# changes (build/config.d, written by configure.sh), through the stamp:
# config.h is rewritten only when it changes, so a re-probe that finds
# the same rebuilds nothing.
CC_PATH := $(realpath $(shell command -v $(CC) 2>/dev/null))
$(BUILD)/config.stamp: $(wildcard config/*.c config/required/*.c) config/configure.sh $(CC_PATH)
	@sh config/configure.sh "$(CC)" $(BUILD) $(filter-out -MMD -MP,$(CFLAGS))

$(BUILD)/config.h $(BUILD)/config.mk: $(BUILD)/config.stamp
	@test -f $@

-include $(BUILD)/config.d
-include $(BUILD)/config.mk

# Objects depend on this file too: it holds their flags.
$(BUILD)/%.o: %.c $(BUILD)/config.h Makefile
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c $< -o $@

# STRESSKIT_PLUGIN_PATH's default: the installed plugin directory.
$(BUILD)/core/cli/plugin_args.o: CPPFLAGS += -DSK_PLUGIN_DIR='"$(PLUGINDIR)"'

# The API check: the object's dependency list (-MMD) may name only
# include/stresskit/ and the stressor's own folder; anything else of the
# core fails the build, whatever path reached it.
$(BUILD)/stressors/%.o: stressors/%.c Makefile
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(filter-out $(CORE_CFLAGS),$(CFLAGS)) $(STRESSOR_CFLAGS) -c $< -o $@
	@sh mk/check-api.sh $< $(@:.o=.d) || { rm -f $@; exit 1; }

# Stressor objects are linked directly, never through an archive: the
# linker would drop a member nothing refers to, and its registration.
# -rdynamic exports the SK_API functions (nothing else is visible) so a
# plugin's calls into the API bind to this binary.
# LINK_ORDER=reverse links the objects last to first: a second code
# layout for the loop's benchmarks (docs/benchmarks.md), whose figures
# must not hang on where the linker happened to put a function.
reverse = $(if $(1),$(call reverse,$(wordlist 2,$(words $(1)),$(1))) $(firstword $(1)))
LINK_OBJS = $(if $(filter reverse,$(LINK_ORDER)),$(call reverse,$^),$^)
$(BUILD)/stresskit: $(MAIN_OBJ) $(CORE_OBJ) $(STRESSOR_OBJ)
	$(CC) $(CFLAGS) $(LDFLAGS) $(BIND_LDFLAGS) -rdynamic $(LINK_OBJS) -o $@ $(CONFIG_LIBS) $(LDLIBS)

# The binary make test runs: the same objects, but the fault hooks of
# core/base/testhook.c built in (-DSK_TEST_HOOKS), read from STRESSKIT_TEST_*
# variables. The shipped binary has none: its testhook.o is the empty one.
# Not named stresskit-*: the tests take a process so named for an instance.
TESTHOOK_OBJ := $(BUILD)/core/base/testhook.o
$(BUILD)/test/testhook.o: core/base/testhook.c $(BUILD)/config.h
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -DSK_TEST_HOOKS -c $< -o $@

$(BUILD)/stresskit.test: $(MAIN_OBJ) $(filter-out $(TESTHOOK_OBJ),$(CORE_OBJ)) \
			 $(BUILD)/test/testhook.o $(STRESSOR_OBJ)
	$(CC) $(CFLAGS) $(LDFLAGS) $(BIND_LDFLAGS) -rdynamic $^ -o $@ $(CONFIG_LIBS) $(LDLIBS)

# A real plugin for test_plugin_elf.c to cut at every byte.
UNIT_PLUGIN := $(BUILD)/tests/unit/spin.so
$(UNIT_PLUGIN): tests/integration/plugins/spin.c $(wildcard include/stresskit/*.h)
	@mkdir -p $(dir $@)
	$(CC) -O2 -shared -fPIC -Iinclude $< -o $@

# Its sources are compiled in one command, where -MMD would write only the
# last one's dependencies, that source unprotected by -MP, so renaming it
# would break every build made before. The sources and headers are named
# here instead; the core's headers reach it through the objects, which
# they rebuild.
$(UNIT_BIN): $(UNIT_SRC) $(wildcard tests/unit/*.h) $(CORE_OBJ) $(STRESSOR_OBJ) $(UNIT_PLUGIN)
	@mkdir -p $(dir $@)
	$(CC) $(filter-out -MMD -MP,$(CFLAGS)) -Itests/unit -DSTRESSOR_UNITS='"$(STRESSOR_UNITS)"' \
		-DUNIT_PLUGIN='"$(abspath $(UNIT_PLUGIN))"' \
		$(UNIT_SRC) $(CORE_OBJ) $(STRESSOR_OBJ) -o $@ \
		$$(pkg-config --cflags --libs check jansson) $(CONFIG_LIBS) $(LDLIBS)

unit-test: $(UNIT_BIN)
	$(UNIT_BIN)

integration-test: $(BUILD)/stresskit $(BUILD)/stresskit.test
	tests/integration/run.sh $(BUILD)/stresskit.test

# Golden outputs: what users see (masked of figures and pids) must not
# change by accident; tests/golden/run.sh BIN --record when it does on purpose.
golden-test: $(BUILD)/stresskit
	tests/golden/run.sh $(BUILD)/stresskit

test: unit-test golden-test integration-test abi-test

# Their builds run side by side; the parts of make test one after the
# other, each on a machine the others do not load (the integration tests
# judge timing), and in this order: the unit tests fail first, and fastest.
ifneq ($(filter test,$(MAKECMDGOALS)),)
golden-test: | unit-test
integration-test: | golden-test
abi-test: | integration-test
endif

# The stressor ABI against its committed baseline (mk/abi-check.sh, with
# libabigail): the binary's exported SK_API functions and the public types
# they reach, and (abi/layouts.c) the layouts a plugin's inline loop and
# descriptors use that no signature reaches; and (mk/abi-counts.sh) the
# loop's meaning: the example plugin built against each release's headers
# counts what it counts built against the tree's. make abi-record rewrites the
# baselines: only for a new major (version.h says when).
ABI_BASE    := abi/stresskit-1.0.abi
ABI_LAYOUTS := abi/layouts-1.0.abi
$(BUILD)/abi/layouts.so: abi/layouts.c $(wildcard include/stresskit/*.h)
	@mkdir -p $(dir $@)
	$(CC) -g -O0 -shared -fPIC -Iinclude $< -o $@

abi-check: $(BUILD)/stresskit $(BUILD)/abi/layouts.so
	mk/abi-check.sh $(ABI_BASE) $(BUILD)/stresskit
	mk/abi-check.sh $(ABI_LAYOUTS) $(BUILD)/abi/layouts.so
	mk/abi-counts.sh $(BUILD)/stresskit include $(wildcard abi/*/include)

abi-record: $(BUILD)/stresskit $(BUILD)/abi/layouts.so
	mk/abi-check.sh --record $(ABI_BASE) $(BUILD)/stresskit
	mk/abi-check.sh --record $(ABI_LAYOUTS) $(BUILD)/abi/layouts.so

# In make test where libabigail is installed (setup.sh --test, so CI's
# .ci/run has it); elsewhere skipped, saying why.
abi-test:
	@if command -v abidw >/dev/null && command -v abidiff >/dev/null; then \
		$(MAKE) --no-print-directory abi-check; \
	else \
		echo "abi-check: skipped: no abidw/abidiff (apt-get install abigail-tools)"; \
	fi

# What needs minutes: the soak for a minute, 2048 instances, every
# will-it-scale case in every mode (the t_long_* tests; make test runs a
# fast sample of each). CI runs both.
test-long: $(BUILD)/stresskit $(BUILD)/stresskit.test
	SK_LONG=only tests/integration/run.sh $(BUILD)/stresskit.test

# The whole suite under AddressSanitizer and UndefinedBehaviorSanitizer, in
# a build directory of its own; any report fails it (no recovery).
SAN_CFLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
	      -fno-sanitize-recover=all
sanitize-test:
	CFLAGS="$(SAN_CFLAGS)" $(MAKE) BUILD=build-san test

# make fuzz: every tests/fuzz/fuzz_NAME.c, built by clang with libFuzzer
# against the core and stressor objects, runs FUZZ_SECONDS from its seed
# corpus tests/fuzz/corpus/NAME/; what it finds goes to build-fuzz/.
# tests/fuzz/fuzz_NAME.flags adds libFuzzer flags to one harness
# (-len_control=0 for long inputs); fuzz_cli and fuzz_job get a dictionary
# generated from the fuzz build's own binary (tests/fuzz/gen-dict.sh), so
# it follows the option tables. make fuzz-long is the same for
# FUZZ_SECONDS (default 600) each, not run by CI; make fuzz-merge then adds
# to the seed corpora, minimised, what the runs found that adds coverage.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
# seconds one input may take before libFuzzer calls it a hang: more for a
# long run at nice 19 on a shared machine, where starvation looks like one
FUZZ_TIMEOUT ?= 10
FUZZ_CFLAGS  := -O1 -g -fno-omit-frame-pointer \
		-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
FUZZ_NAMES   := $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_DICTS   := $(BUILD)/fuzz/cli.dict $(BUILD)/fuzz/job.dict
FUZZ_MAKE     = CFLAGS="$(FUZZ_CFLAGS)" $(MAKE) BUILD=build-fuzz CC=$(FUZZ_CC)

fuzz:
	$(FUZZ_MAKE) fuzz-run

fuzz-long:
	$(FUZZ_MAKE) fuzz-run FUZZ_SECONDS=$(if $(filter command line,$(origin FUZZ_SECONDS)),$(FUZZ_SECONDS),600)

fuzz-merge:
	$(FUZZ_MAKE) fuzz-merge-run

$(BUILD)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(CORE_OBJ) $(STRESSOR_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fsanitize=fuzzer $< $(CORE_OBJ) $(STRESSOR_OBJ) -o $@ \
		$(CONFIG_LIBS) $(LDLIBS)

# The sanitized binary's --help: leaks at exit are not this target's concern.
$(BUILD)/fuzz/%.dict: $(BUILD)/stresskit tests/fuzz/gen-dict.sh man/help-options.awk
	@mkdir -p $(dir $@)
	ASAN_OPTIONS=detect_leaks=0 tests/fuzz/gen-dict.sh $(BUILD)/stresskit $* >$@.tmp
	mv $@.tmp $@

# One target a harness, so a parallel make runs them side by side; each
# writes its own log and prints its summary in one block.
fuzz-run: $(FUZZ_NAMES:%=fuzz-run-%)
# built through a pattern rule for a pattern rule: kept, not removed as
# an intermediate file
.PRECIOUS: $(BUILD)/fuzz/fuzz_%

fuzz-run-%: $(BUILD)/fuzz/fuzz_% $(FUZZ_DICTS)
	@set -e; n=$*; \
	flags=$$(cat tests/fuzz/fuzz_$$n.flags 2>/dev/null || :); \
	if [ -f $(BUILD)/fuzz/$$n.dict ]; then \
		flags="$$flags -dict=$(BUILD)/fuzz/$$n.dict"; fi; \
	mkdir -p $(BUILD)/corpus/$$n; \
	if ! $(BUILD)/fuzz/fuzz_$$n -max_total_time=$(FUZZ_SECONDS) \
		-timeout=$(FUZZ_TIMEOUT) -print_final_stats=1 $$flags \
		-artifact_prefix=$(BUILD)/fuzz_$$n- $(BUILD)/corpus/$$n \
		tests/fuzz/corpus/$$n >$(BUILD)/fuzz_$$n.log 2>&1; then \
		tail -n 40 $(BUILD)/fuzz_$$n.log; \
		echo "fuzz_$$n: FAILED, input in $(BUILD)/fuzz_$$n-*"; \
		exit 1; \
	fi; \
	{ echo "fuzz_$$n: $(FUZZ_SECONDS)s from tests/fuzz/corpus/$$n $$flags"; \
	  grep -E '^(Done|stat::number_of_executed_units)' $(BUILD)/fuzz_$$n.log; \
	  grep -E 'DONE.*cov:' $(BUILD)/fuzz_$$n.log | tail -n 1; }

# -merge=1 keeps, of what the runs found, the inputs that add coverage to
# the seed corpus, each under its content hash.
fuzz-merge-run: $(FUZZ_NAMES:%=$(BUILD)/fuzz/fuzz_%)
	@set -e; for n in $(FUZZ_NAMES); do \
		[ -d $(BUILD)/corpus/$$n ] || continue; \
		before=$$(ls tests/fuzz/corpus/$$n | wc -l); \
		$(BUILD)/fuzz/fuzz_$$n -merge=1 $$(cat tests/fuzz/fuzz_$$n.flags 2>/dev/null || :) \
			tests/fuzz/corpus/$$n $(BUILD)/corpus/$$n >$(BUILD)/merge_$$n.log 2>&1; \
		echo "fuzz_$$n: seed corpus $$before -> $$(ls tests/fuzz/corpus/$$n | wc -l) inputs"; \
	done

# make soak: every stressor, the controller over many runs and
# redis-server under load for SOAK_SECONDS (default 3600), RSS, fds and
# counters sampled and judged (tests/soak/run.sh); the CSV, JSON and
# verdict stay in SOAK_DIR. Not in CI; tests/integration/test_soak.sh
# runs it for seconds.
SOAK_SECONDS ?= 3600
SOAK_DIR     ?= $(BUILD)/soak
soak: $(BUILD)/stresskit
	rm -rf $(SOAK_DIR)
	SOAK_SECONDS=$(SOAK_SECONDS) tests/soak/run.sh $(BUILD)/stresskit $(SOAK_DIR)

bench: $(BUILD)/stresskit
	$(MAKE) -C bench BUILD=$(abspath $(BUILD))/bench
	bench/run.sh $(BUILD)/stresskit $(abspath $(BUILD))/bench $(BENCH_ONLY)

include mk/package.mk
include mk/rpm.mk

clean:
	rm -rf $(BUILD) build-san build-fuzz

# The package builds' copies of the tree (DEB_DIR, RPM_DIR) have .d files
# of their own, naming their build/ paths, which are ours: left out; so is
# a unit runner's .d an older build left, which names one source file that
# may be gone (its rule no longer writes one).
-include $(shell find $(BUILD) \( -path '$(DEB_DIR)' -o -path '$(RPM_DIR)' \
	-o -path '$(UNIT_BIN).d' \) -prune -o -name '*.d' -print 2>/dev/null)
