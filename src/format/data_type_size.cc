#include "tessera/format/data_type_size.h"

#include "types_generated.h"

namespace tessera::format {

using tt::target::DataType;

uint32_t data_type_element_size(DataType type) {
  switch (type) {
    case DataType::Float32:
    case DataType::UInt32:
      return 4;
    case DataType::Float16:
    case DataType::BFloat16:
    case DataType::UInt16:
      return 2;
    case DataType::UInt8:
      return 1;
    default:
      return 0;
  }
}

uint64_t data_type_tile_bytes(DataType type) {
  constexpr uint64_t kTileElements = 32 * 32;
  // 1024 one-byte mantissas plus 64 shared exponents (one per 16 elements).
  constexpr uint64_t kBfp8TileBytes = kTileElements + kTileElements / 16;
  if (type == DataType::BFP_BFloat8) return kBfp8TileBytes;
  return kTileElements * data_type_element_size(type);
}

}  // namespace tessera::format
