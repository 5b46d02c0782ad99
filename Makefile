# The two set-up commands of the README: `make run` and `make test`. Both install what is missing (Debian
# packages, as root), configure and build; both are safe to run again. The build folders are configured from the
# presets of CMakePresets.json (default, asan, tsan, release; `ci` is default with warnings as errors), so
# `cmake --preset asan` by hand makes the same folder; CMAKE_FLAGS adds to them (CI passes -DIW_WERROR=ON).
BUILD       ?= build
BUILD_ASAN  ?= build-asan
BUILD_TSAN  ?= build-tsan
BUILD_BENCH ?= build-release
BUILD_FUZZ  ?= build-fuzz
FUZZ_SECONDS ?= 60
JOBS        ?= $(shell nproc)
CMAKE_FLAGS ?=

.PHONY: all deps build run test test-sanitize test-tsan bench fuzz fuzz-build fuzz-replay format format-check tidy \
        clean

all: build

deps:
	@scripts/install-deps.sh

$(BUILD)/build.ninja: | deps
	cmake --preset default -B $(BUILD) $(CMAKE_FLAGS)

build: deps $(BUILD)/build.ninja
	cmake --build $(BUILD) -j $(JOBS)

run: build
	$(BUILD)/app/idempotency-workbench $(ARGS)

test: build
	scripts/with-postgres.sh ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

# The same suite under AddressSanitizer + UndefinedBehaviorSanitizer (the benchmark programs are not built).
# SANITIZE_CTEST narrows it, e.g. SANITIZE_CTEST='-L core'.
SANITIZE_CTEST ?=
test-sanitize: deps
	cmake --preset asan -B $(BUILD_ASAN) $(CMAKE_FLAGS)
	cmake --build $(BUILD_ASAN) -j $(JOBS)
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  scripts/with-postgres.sh ctest --test-dir $(BUILD_ASAN) --output-on-failure -j $(JOBS) $(SANITIZE_CTEST)

# The concurrency tests (CTest label `concurrency`) under ThreadSanitizer (core's threads are the standard
# library's). Only those tests are built, and what they need.
TSAN_TESTS = tst_concurrency tst_explore
test-tsan: deps
	cmake --preset tsan -B $(BUILD_TSAN) $(CMAKE_FLAGS)
	cmake --build $(BUILD_TSAN) -j $(JOBS) --target $(TSAN_TESTS)
	IW_TSAN=1 TSAN_OPTIONS="halt_on_error=1 suppressions=$(CURDIR)/tests/tsan.supp" \
	  scripts/with-postgres.sh ctest --test-dir $(BUILD_TSAN) -L '^concurrency$$' --output-on-failure

bench: deps
	cmake --preset release -B $(BUILD_BENCH) $(CMAKE_FLAGS)
	cmake --build $(BUILD_BENCH) -j $(JOBS)
	scripts/with-postgres.sh scripts/run-benches.sh $(BUILD_BENCH)/bench

# libFuzzer harnesses (tests/fuzz/) built with clang, ASan and UBSan. `make fuzz` fuzzes each for FUZZ_SECONDS at
# the lowest priority; `make fuzz-replay` only runs the seed corpora and the regression inputs (CI). clang's
# sanitizer runtimes are only a Recommends of Debian's clang, so they are installed here when missing.
fuzz-build: deps
	@test -f "$$(clang++ -print-resource-dir)/lib/linux/libclang_rt.fuzzer-$$(uname -m).a" || { \
	  sudo=""; [ "$$(id -u)" -ne 0 ] && sudo=sudo; \
	  $$sudo apt-get update -qq; \
	  DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends libclang-rt-dev; }
	cmake -S tests/fuzz -B $(BUILD_FUZZ) -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo
	cmake --build $(BUILD_FUZZ) -j $(JOBS)

fuzz: fuzz-build
	tests/fuzz/run.sh $(BUILD_FUZZ) fuzz $(FUZZ_SECONDS)

fuzz-replay: fuzz-build
	tests/fuzz/run.sh $(BUILD_FUZZ) replay

# Every C++ file of the project (the committed .clang-format); format-check changes nothing and fails on a file
# clang-format would change (CI runs it first: seconds).
FORMAT_FILES = $(sort $(wildcard core/*/*.cpp core/*/*.h views/*/*.cpp views/*/*.h app/*.cpp app/*.h tests/*.cpp \
                 tests/*.h tests/support/*.h tests/fuzz/*.cpp tests/fuzz/*.h bench/*.cpp bench/*.h))
format: deps
	clang-format -i $(FORMAT_FILES)

format-check: deps
	@clang-format --dry-run --Werror $(FORMAT_FILES) && echo "format-check: $(words $(FORMAT_FILES)) files formatted"

# clang-tidy with the committed .clang-tidy over the project's sources, from build/'s compile_commands.json (built
# first, so the generated moc and resource files exist). TIDY_FILES narrows it to some files.
TIDY_FILES ?= $(filter %.cpp,$(filter-out tests/fuzz/%,$(FORMAT_FILES)))
tidy: build
	run-clang-tidy -quiet -p $(BUILD) -j $(JOBS) $(addprefix $(CURDIR)/,$(TIDY_FILES))

clean:
	rm -rf $(BUILD) $(BUILD_ASAN) $(BUILD_TSAN) $(BUILD_BENCH) $(BUILD_FUZZ)

# The Debian package (CPack, built with Debian's own flags, in its own folder) and its check: lintian and
# the desktop validators, then install, run, GUI screenshot and purge in a second minimal Debian 12 root (as root).
BUILD_PACKAGE ?= build-package
.PHONY: package package-check
package: deps
	scripts/package.sh $(BUILD_PACKAGE) $(JOBS)

package-check: package
	scripts/package-check.sh $(BUILD_PACKAGE)
