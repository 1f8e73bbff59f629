#include "tessera/format/schema.h"

#include <array>
#include <cstdio>

extern const unsigned char tessera_schema_system_desc_bfbs[];
extern const unsigned long tessera_schema_system_desc_bfbs_size;
extern const unsigned char tessera_schema_metal_binary_bfbs[];
extern const unsigned long tessera_schema_metal_binary_bfbs_size;
extern const unsigned char tessera_schema_ttnn_binary_bfbs[];
extern const unsigned long tessera_schema_ttnn_binary_bfbs_size;

namespace tessera::format {

std::span<const uint8_t> binary_schema(BinaryKind kind) {
  switch (kind) {
    case BinaryKind::kSystemDesc:
      return {tessera_schema_system_desc_bfbs, tessera_schema_system_desc_bfbs_size};
    case BinaryKind::kMetal:
      return {tessera_schema_metal_binary_bfbs, tessera_schema_metal_binary_bfbs_size};
    case BinaryKind::kTtnn:
      return {tessera_schema_ttnn_binary_bfbs, tessera_schema_ttnn_binary_bfbs_size};
  }
  return {};
}

namespace {

std::string fnv1a_hex(std::span<const uint8_t> bytes) {
  uint64_t hash = 0xcbf29ce484222325ull;
  for (uint8_t byte : bytes) {
    hash ^= byte;
    hash *= 0x100000001b3ull;
  }
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
  return text;
}

}  // namespace

const std::string& schema_hash(BinaryKind kind) {
  static const std::array<std::string, 3> hashes = {
      fnv1a_hex(binary_schema(BinaryKind::kSystemDesc)),
      fnv1a_hex(binary_schema(BinaryKind::kMetal)),
      fnv1a_hex(binary_schema(BinaryKind::kTtnn)),
  };
  return hashes[static_cast<size_t>(kind)];
}

}  // namespace tessera::format
