# The two set-up commands of the README: `make run` and `make test`. Both install what is missing (Debian
# packages, as root), configure and build; both are safe to run again.
BUILD       ?= build
BUILD_ASAN  ?= build-asan
BUILD_TSAN  ?= build-tsan
BUILD_BENCH ?= build-release
JOBS        ?= $(shell nproc)
CMAKE_FLAGS ?=

.PHONY: all deps build run test test-sanitize test-tsan bench fuzz format clean

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
	cmake --build $(BUILD_TSAN) -j $(JOBS) --target tst_concurrency
	IW_TSAN=1 TSAN_OPTIONS="halt_on_error=1 suppressions=$(CURDIR)/tests/tsan.supp" \
	  scripts/with-postgres.sh ctest --test-dir $(BUILD_TSAN) -R tst_concurrency --output-on-failure

bench: deps
	cmake -S . -B $(BUILD_BENCH) -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF
	cmake --build $(BUILD_BENCH) -j $(JOBS)
	scripts/with-postgres.sh scripts/run-benches.sh $(BUILD_BENCH)/bench

format:
	clang-format -i core/*.cpp core/*.h views/*.cpp views/*.h app/*.cpp app/*.h tests/*.cpp bench/*.cpp

clean:
	rm -rf $(BUILD) $(BUILD_ASAN) $(BUILD_TSAN) $(BUILD_BENCH)
