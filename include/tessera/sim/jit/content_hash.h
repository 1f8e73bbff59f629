// A 128-bit content hash for cache keys (not cryptographic: it guards
// against accidental collisions between kernel builds, not attackers).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace tessera::sim {

class ContentHasher {
 public:
  ContentHasher& add(std::string_view bytes);
  // Adds a length prefix so ("ab","c") and ("a","bc") hash differently.
  ContentHasher& add_field(std::string_view bytes);
  // 32 lowercase hex digits.
  std::string hex() const;

 private:
  std::uint64_t low_ = 0x6a09e667f3bcc908ull;
  std::uint64_t high_ = 0xbb67ae8584caa73bull;
  std::uint64_t length_ = 0;
};

std::string content_hash(std::string_view bytes);

}  // namespace tessera::sim
