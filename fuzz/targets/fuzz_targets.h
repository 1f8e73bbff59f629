// The fuzz targets: each takes arbitrary bytes and must return normally
// whatever they hold. libFuzzer drives them (fuzz/*_fuzzer.cc); the crash
// corpus replay test (tests/fuzz) runs every saved input through them.
#pragma once

#include <cstddef>
#include <cstdint>

namespace tessera::fuzz {

// Load + verify, then what `read` and `check` do: every section as JSON,
// printed, and the target fit by descriptor and by placed address ranges.
void inspect_binary(const uint8_t* data, size_t size);

// Load + verify, then submit every program of a TTM0 binary (inputs from
// its goldens, else zeros) on one simulated device kept across inputs.
void execute_metal(const uint8_t* data, size_t size);

// The same for TTNN binaries.
void execute_ttnn(const uint8_t* data, size_t size);

// Lowers the per-tensor host limit (TESSERA_MAX_TENSOR_BYTES) to 16 MiB
// unless the environment sets it; call before the first input. Mutants that
// grow a shape up to the default 256 MiB spent seconds filling it, each,
// and most of the executors' time went on them.
void use_fuzzing_tensor_limit();

}  // namespace tessera::fuzz
