#include "tessera/sim/jit/content_hash.h"

#include <cstring>

namespace tessera::sim {

namespace {

std::uint64_t rotate_left(std::uint64_t value, int bits) {
  return (value << bits) | (value >> (64 - bits));
}

// Final avalanche (the murmur3 64-bit finalizer constants).
std::uint64_t finalize(std::uint64_t value) {
  value ^= value >> 33;
  value *= 0xff51afd7ed558ccdull;
  value ^= value >> 33;
  value *= 0xc4ceb9fe1a85ec53ull;
  value ^= value >> 33;
  return value;
}

}  // namespace

ContentHasher& ContentHasher::add(std::string_view bytes) {
  const char* data = bytes.data();
  std::size_t remaining = bytes.size();
  while (remaining > 0) {
    std::uint64_t word = 0;
    const std::size_t take = remaining < 8 ? remaining : 8;
    std::memcpy(&word, data, take);
    word ^= static_cast<std::uint64_t>(take) << 59;  // short tail words differ from zero padding
    low_ = rotate_left(low_ ^ (word * 0x9e3779b97f4a7c15ull), 29) * 0xbf58476d1ce4e5b9ull;
    high_ = rotate_left(high_ + (word ^ 0x94d049bb133111ebull), 37) * 0x2545f4914f6cdd1dull;
    high_ ^= low_ >> 17;
    data += take;
    remaining -= take;
  }
  length_ += bytes.size();
  return *this;
}

ContentHasher& ContentHasher::add_field(std::string_view bytes) {
  const std::uint64_t size = bytes.size();
  add(std::string_view(reinterpret_cast<const char*>(&size), sizeof(size)));
  return add(bytes);
}

std::string ContentHasher::hex() const {
  const std::uint64_t parts[2] = {finalize(low_ ^ length_), finalize(high_ + low_ + length_)};
  static const char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(32);
  for (std::uint64_t part : parts) {
    for (int shift = 60; shift >= 0; shift -= 4) out.push_back(kDigits[(part >> shift) & 0xf]);
  }
  return out;
}

std::string content_hash(std::string_view bytes) {
  return ContentHasher().add(bytes).hex();
}

}  // namespace tessera::sim
