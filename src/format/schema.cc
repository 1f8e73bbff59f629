#include "tessera/format/schema.h"

#include <array>

#include "tessera/base/fnv1a.h"

extern const unsigned char tessera_schema_system_desc_bfbs[];
extern const unsigned long tessera_schema_system_desc_bfbs_size;
extern const unsigned char tessera_schema_metal_binary_bfbs[];
extern const unsigned long tessera_schema_metal_binary_bfbs_size;
extern const unsigned char tessera_schema_ttnn_binary_bfbs[];
extern const unsigned long tessera_schema_ttnn_binary_bfbs_size;
extern const unsigned char tessera_schema_current_system_desc_bfbs[];
extern const unsigned long tessera_schema_current_system_desc_bfbs_size;
extern const unsigned char tessera_schema_current_metal_binary_bfbs[];
extern const unsigned long tessera_schema_current_metal_binary_bfbs_size;

namespace tessera::format {
namespace {

std::span<const uint8_t> current_schema(BinaryKind kind) {
  switch (kind) {
    case BinaryKind::kSystemDesc:
      return {tessera_schema_current_system_desc_bfbs,
              tessera_schema_current_system_desc_bfbs_size};
    case BinaryKind::kMetal:
      return {tessera_schema_current_metal_binary_bfbs,
              tessera_schema_current_metal_binary_bfbs_size};
    case BinaryKind::kTtnn:
      break;
  }
  return {};
}

}  // namespace

std::span<const uint8_t> binary_schema(BinaryKind kind, WireLayout layout) {
  if (layout == WireLayout::kCurrent) return current_schema(kind);
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

const std::string& schema_hash(BinaryKind kind, WireLayout layout) {
  static const std::array<std::string, 6> hashes = [] {
    std::array<std::string, 6> all;
    for (WireLayout each : {WireLayout::k2024, WireLayout::kCurrent}) {
      for (BinaryKind kind : {BinaryKind::kSystemDesc, BinaryKind::kMetal, BinaryKind::kTtnn}) {
        std::span<const uint8_t> schema = binary_schema(kind, each);
        all[static_cast<size_t>(each) * 3 + static_cast<size_t>(kind)] =
            schema.empty() ? std::string() : fnv1a64_hex(schema);
      }
    }
    return all;
  }();
  return hashes[static_cast<size_t>(layout) * 3 + static_cast<size_t>(kind)];
}

}  // namespace tessera::format
