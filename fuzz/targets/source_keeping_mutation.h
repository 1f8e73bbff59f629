// A mutation for the executor fuzzers that leaves kernel sources alone.
//
// A TTM0 binary carries its kernels as C++ text. A mutant whose kernel text
// changed must be compiled (about a tenth of a second), one whose text did
// not finds its objects in the kernel cache, so runs hundreds of times
// faster. Mutating only the bytes outside text spends the fuzzer's time on
// what the runtime decodes: commands, buffers, addresses, arguments.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace tessera::fuzz {

struct ByteRange {
  size_t begin = 0;
  size_t end = 0;  // one past the last byte
};

// Runs of at least `min_length` printable ASCII bytes (and tabs and
// newlines): kernel sources, and also names, which only lose mutations.
std::vector<ByteRange> text_runs(std::span<const uint8_t> bytes, size_t min_length = 48);

// Changes one to four bytes outside `kept`, chosen by `seed`: a random
// value, a bit flip, or an interesting value (0, 0xff, 0x7f, 0x80). Returns
// false, changing nothing, if every byte is kept.
bool mutate_outside(std::span<uint8_t> bytes, const std::vector<ByteRange>& kept, uint32_t seed);

}  // namespace tessera::fuzz
