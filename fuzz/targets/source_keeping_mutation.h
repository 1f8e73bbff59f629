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

// Text is a run of at least this many printable ASCII bytes (and tabs and
// newlines): kernel sources, and also long names, which only lose mutations.
inline constexpr size_t kMinTextRun = 48;

struct ByteRange {
  size_t begin = 0;
  size_t end = 0;  // one past the last byte
};

// Every run of text in `bytes`.
std::vector<ByteRange> text_runs(std::span<const uint8_t> bytes, size_t min_length = kMinTextRun);

// True if the byte at `position` lies in a run of text.
bool in_text_run(std::span<const uint8_t> bytes, size_t position, size_t min_length = kMinTextRun);

// Changes one to four bytes outside `kept`, chosen by `seed`: a random
// value, a bit flip, or an interesting value (0, 0xff, 0x7f, 0x80). Returns
// false, changing nothing, if every byte is kept.
bool mutate_outside(std::span<uint8_t> bytes, const std::vector<ByteRange>& kept, uint32_t seed);

// The same with `kept` = text_runs(bytes), without scanning all of `bytes`:
// positions are drawn at random and those in text redrawn, which costs a few
// dozen byte checks where a scan of a 64 KiB mutant cost a fifth of the
// fuzzer's time. Every byte outside text is as likely as any other.
bool mutate_outside_text(std::span<uint8_t> bytes, uint32_t seed);

}  // namespace tessera::fuzz
