#include "source_keeping_mutation.h"

#include <algorithm>
#include <array>
#include <random>

namespace tessera::fuzz {
namespace {

bool is_text(uint8_t byte) {
  return (byte >= 0x20 && byte < 0x7f) || byte == '\n' || byte == '\t' || byte == '\r';
}

// How many bytes of `size` lie outside `kept` (sorted, disjoint, as
// text_runs returns them).
size_t free_count(size_t size, const std::vector<ByteRange>& kept) {
  size_t inside = 0;
  for (const ByteRange& range : kept) {
    if (range.begin < size) inside += std::min(range.end, size) - range.begin;
  }
  return size - inside;
}

// The position of the `index`-th byte outside `kept`. Walked per change
// rather than listed: a list of a 64 KiB input's free positions was half a
// megabyte a mutation, and most of the fuzzer's time.
size_t free_position(size_t index, const std::vector<ByteRange>& kept) {
  size_t position = index;
  for (const ByteRange& range : kept) {
    if (range.begin > position) break;
    position += range.end - range.begin;
  }
  return position;
}

void mutate_byte(uint8_t& byte, std::minstd_rand& random) {
  constexpr std::array<uint8_t, 4> kInteresting = {0x00, 0xff, 0x7f, 0x80};
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

bool in_text_run(std::span<const uint8_t> bytes, size_t position, size_t min_length) {
  if (position >= bytes.size() || !is_text(bytes[position])) return false;
  // Only as far either way as it takes to see min_length bytes of text.
  size_t begin = position, end = position + 1;
  while (end - begin < min_length && begin > 0 && is_text(bytes[begin - 1])) --begin;
  while (end - begin < min_length && end < bytes.size() && is_text(bytes[end])) ++end;
  return end - begin >= min_length;
}

bool mutate_outside(std::span<uint8_t> bytes, const std::vector<ByteRange>& kept, uint32_t seed) {
  const size_t free_bytes = free_count(bytes.size(), kept);
  if (free_bytes == 0) return false;
  std::minstd_rand random(seed);
  const int changes = 1 + static_cast<int>(random() % 4);
  for (int change = 0; change < changes; ++change) {
    mutate_byte(bytes[free_position(random() % free_bytes, kept)], random);
  }
  return true;
}

bool mutate_outside_text(std::span<uint8_t> bytes, uint32_t seed) {
  if (bytes.empty()) return false;
  // If 64 draws all land in text (nearly every byte is), the runs are
  // listed after all and a byte outside them chosen from the list.
  constexpr int kDraws = 64;
  std::minstd_rand random(seed);
  const int changes = 1 + static_cast<int>(random() % 4);
  for (int change = 0; change < changes; ++change) {
    bool changed = false;
    for (int draw = 0; draw < kDraws && !changed; ++draw) {
      const size_t position = random() % bytes.size();
      if (in_text_run(bytes, position)) continue;
      mutate_byte(bytes[position], random);
      changed = true;
    }
    if (!changed) return mutate_outside(bytes, text_runs(bytes), static_cast<uint32_t>(random()));
  }
  return true;
}

}  // namespace tessera::fuzz
