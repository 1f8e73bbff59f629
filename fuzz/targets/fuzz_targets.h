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

}  // namespace tessera::fuzz
