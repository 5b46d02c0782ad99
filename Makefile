# The two set-up commands of the README: `make run` and `make test`. Both install what is missing (Debian
# packages, as root), configure and build; both are safe to run again.
BUILD       ?= build
BUILD_ASAN  ?= build-asan
BUILD_TSAN  ?= build-tsan
BUILD_BENCH ?= build-release
BUILD_FUZZ  ?= build-fuzz
FUZZ_SECONDS ?= 60
JOBS        ?= $(shell nproc)
CMAKE_FLAGS ?=

.PHONY: all deps build run test test-sanitize test-tsan bench fuzz fuzz-build fuzz-replay format clean

all: build

deps:
	@scripts/install-deps.sh

$(BUILD)/build.ninja: | deps
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo $(CMAKE_FLAGS)

build: deps $(BUILD)/build.ninja
	cmake --build $(BUILD) -j $(JOBS)

run: build
	$(BUILD)/app/idempotency-workbench $(ARGS)

test: build
	scripts/with-postgres.sh ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

# The same suite under AddressSanitizer + UndefinedBehaviorSanitizer.
test-sanitize: deps
	cmake -S . -B $(BUILD_ASAN) -G Ninja -DCMAKE_BUILD_TYPE=Debug -DIW_SANITIZE=ON
	cmake --build $(BUILD_ASAN) -j $(JOBS)
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  scripts/with-postgres.sh ctest --test-dir $(BUILD_ASAN) --output-on-failure -j $(JOBS)

# The concurrency tests under ThreadSanitizer (core's threads are the standard library's).
test-tsan: deps
	cmake -S . -B $(BUILD_TSAN) -G Ninja -DCMAKE_BUILD_TYPE=Debug -DIW_TSAN=ON
	cmake --build $(BUILD_TSAN) -j $(JOBS) --target tst_concurrency tst_explore
	IW_TSAN=1 TSAN_OPTIONS="halt_on_error=1 suppressions=$(CURDIR)/tests/tsan.supp" \
	  scripts/with-postgres.sh ctest --test-dir $(BUILD_TSAN) -R "^(tst_concurrency|tst_explore)$$" --output-on-failure

bench: deps
	cmake -S . -B $(BUILD_BENCH) -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF
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

format:
	clang-format -i core/*/*.cpp core/*/*.h views/*/*.cpp views/*/*.h app/*.cpp app/*.h tests/*.cpp bench/*.cpp

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
