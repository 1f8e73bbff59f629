# The two commands: `make run` and `make test`. Each installs what is
# missing (scripts/bootstrap), configures, builds and then runs.
BUILD_DIR ?= build
ASAN_BUILD_DIR ?= build-asan
BUILD_TYPE ?= RelWithDebInfo
JOBS ?= $(shell nproc)

FUZZ_BUILD_DIR ?= build-fuzz

.PHONY: all bootstrap configure build run test test-long test-asan bench fuzz format clean

all: build

bootstrap:
	@scripts/bootstrap

$(BUILD_DIR)/build.ninja: | bootstrap
	cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=$(BUILD_TYPE)

configure: bootstrap $(BUILD_DIR)/build.ninja

build: configure
	cmake --build $(BUILD_DIR) -j $(JOBS)

run: build
	$(BUILD_DIR)/bin/tessera run $(BUILD_DIR)/examples

test: build
	ctest --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS) -LE long

test-long: build
	ctest --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS) -L long

test-asan: bootstrap
	cmake -S . -B $(ASAN_BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Debug -DTESSERA_SANITIZE=address,undefined
	cmake --build $(ASAN_BUILD_DIR) -j $(JOBS)
	ctest --test-dir $(ASAN_BUILD_DIR) --output-on-failure -j $(JOBS) -LE long

# libFuzzer targets (clang, AddressSanitizer) in build-fuzz/fuzz/; see fuzz/README.md.
fuzz: bootstrap
	cmake -S . -B $(FUZZ_BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DCMAKE_CXX_COMPILER=clang++ -DTESSERA_FUZZ=ON
	cmake --build $(FUZZ_BUILD_DIR) -j $(JOBS) --target inspect_binary_fuzzer execute_metal_fuzzer execute_ttnn_fuzzer

bench: build
	@for b in $(BUILD_DIR)/bench/bench_*; do echo "== $$b"; $$b; done

format:
	find include src tests bench -name '*.h' -o -name '*.cc' | xargs clang-format -i

clean:
	rm -rf $(BUILD_DIR) $(ASAN_BUILD_DIR) $(FUZZ_BUILD_DIR)
