#include "source_keeping_mutation.h"

#include <array>
#include <random>

namespace tessera::fuzz {
namespace {

bool is_text(uint8_t byte) {
  return (byte >= 0x20 && byte < 0x7f) || byte == '\n' || byte == '\t' || byte == '\r';
}

// The bytes not in `kept` (sorted, disjoint, as text_runs returns them).
std::vector<size_t> free_positions(size_t size, const std::vector<ByteRange>& kept) {
  std::vector<size_t> positions;
  size_t next = 0;
  for (const ByteRange& range : kept) {
    for (size_t i = next; i < range.begin && i < size; ++i) positions.push_back(i);
    next = range.end;
  }
  for (size_t i = next; i < size; ++i) positions.push_back(i);
  return positions;
}

}  // namespace

std::vector<ByteRange> text_runs(std::span<const uint8_t> bytes, size_t min_length) {
  std::vector<ByteRange> runs;
  size_t start = 0;
  for (size_t i = 0; i <= bytes.size(); ++i) {
    if (i < bytes.size() && is_text(bytes[i])) continue;
    if (i - start >= min_length) runs.push_back({start, i});
    start = i + 1;
  }
  return runs;
}

bool mutate_outside(std::span<uint8_t> bytes, const std::vector<ByteRange>& kept, uint32_t seed) {
  const std::vector<size_t> positions = free_positions(bytes.size(), kept);
  if (positions.empty()) return false;
  std::minstd_rand random(seed);
  constexpr std::array<uint8_t, 4> kInteresting = {0x00, 0xff, 0x7f, 0x80};
  const int changes = 1 + static_cast<int>(random() % 4);
  for (int change = 0; change < changes; ++change) {
    uint8_t& byte = bytes[positions[random() % positions.size()]];
    switch (random() % 3) {
      case 0:
        byte = static_cast<uint8_t>(random());
        break;
      case 1:
        byte ^= static_cast<uint8_t>(1u << (random() % 8));
        break;
      default:
        byte = kInteresting[random() % kInteresting.size()];
        break;
    }
  }
  return true;
}

}  // namespace tessera::fuzz
