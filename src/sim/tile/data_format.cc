#include "tessera/sim/tile/data_format.h"

#include <array>

#include "tessera/sim/tile/tile_layout.h"

namespace tessera::sim::tile {
namespace {

constexpr std::array kAllFormats = {
    DataFormat::kFloat32, DataFormat::kFloat16, DataFormat::kFloat16_b, DataFormat::kBfp8_b,
    DataFormat::kInt32,   DataFormat::kUInt16,  DataFormat::kUInt32,    DataFormat::kUInt8,
};

// One exponent byte per 16-value face row: 64 per tile.
constexpr uint32_t kBfp8ExponentBytes = kTileElements / kFaceWidth;

}  // namespace

const char* data_format_name(DataFormat format) {
  switch (format) {
    case DataFormat::kFloat32:
      return "Float32";
    case DataFormat::kFloat16:
      return "Float16";
    case DataFormat::kFloat16_b:
      return "Float16_b";
    case DataFormat::kBfp8_b:
      return "Bfp8_b";
    case DataFormat::kInt32:
      return "Int32";
    case DataFormat::kUInt16:
      return "UInt16";
    case DataFormat::kUInt32:
      return "UInt32";
    case DataFormat::kUInt8:
      return "UInt8";
  }
  return "invalid";
}

Result<DataFormat> data_format_from_code(uint32_t code) {
  for (DataFormat format : kAllFormats) {
    if (static_cast<uint32_t>(format) == code) return format;
  }
  return make_error(ErrorCode::kUnimplemented, "data format code ", code,
                    " is not a supported tile format (Float32=0, Float16=1, Float16_b=5, "
                    "Bfp8_b=6, Int32=8, UInt16=9, UInt32=24, UInt8=30)");
}

Result<DataFormat> data_format_from_name(std::string_view name) {
  for (DataFormat format : kAllFormats) {
    if (name == data_format_name(format)) return format;
  }
  return make_error(ErrorCode::kUnimplemented, "data format '", name,
                    "' is not a supported tile format");
}

uint32_t element_size_bytes(DataFormat format) {
  switch (format) {
    case DataFormat::kFloat32:
    case DataFormat::kInt32:
    case DataFormat::kUInt32:
      return 4;
    case DataFormat::kFloat16:
    case DataFormat::kFloat16_b:
    case DataFormat::kUInt16:
      return 2;
    case DataFormat::kBfp8_b:
    case DataFormat::kUInt8:
      return 1;
  }
  return 0;
}

uint32_t tile_size_bytes(DataFormat format) {
  const uint32_t data_bytes = kTileElements * element_size_bytes(format);
  return is_block_float(format) ? kBfp8ExponentBytes + data_bytes : data_bytes;
}

bool is_block_float(DataFormat format) {
  return format == DataFormat::kBfp8_b;
}

bool is_integer(DataFormat format) {
  return format == DataFormat::kInt32 || format == DataFormat::kUInt16 ||
         format == DataFormat::kUInt32 || format == DataFormat::kUInt8;
}

}  // namespace tessera::sim::tile
