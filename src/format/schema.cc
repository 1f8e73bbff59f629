#include "tessera/format/schema.h"

#include <array>

#include "tessera/base/fnv1a.h"

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

const std::string& schema_hash(BinaryKind kind) {
  static const std::array<std::string, 3> hashes = {
      fnv1a64_hex(binary_schema(BinaryKind::kSystemDesc)),
      fnv1a64_hex(binary_schema(BinaryKind::kMetal)),
      fnv1a64_hex(binary_schema(BinaryKind::kTtnn)),
  };
  return hashes[static_cast<size_t>(kind)];
}

}  // namespace tessera::format
