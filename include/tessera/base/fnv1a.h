// FNV-1a 64: a small, stable hash of bytes (schema hashes, tensor data
// checksums in `tessera read`, shard assignment), the same on every platform.
#pragma once

#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <string_view>

namespace tessera {

inline uint64_t fnv1a64(std::span<const uint8_t> bytes) {
  uint64_t hash = 0xcbf29ce484222325ull;
  for (uint8_t byte : bytes) {
    hash ^= byte;
    hash *= 0x100000001b3ull;
  }
  return hash;
}

inline uint64_t fnv1a64(std::string_view text) {
  return fnv1a64({reinterpret_cast<const uint8_t*>(text.data()), text.size()});
}

// 16 lowercase hex digits.
inline std::string fnv1a64_hex(std::span<const uint8_t> bytes) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(fnv1a64(bytes)));
  return text;
}

}  // namespace tessera
