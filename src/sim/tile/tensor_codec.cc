#include "tessera/sim/tile/tensor_codec.h"

#include <cstring>

#include "tessera/sim/tile/checked_alloc.h"
#include "tessera/sim/tile/element_convert.h"
#include "tessera/sim/tile/tile_codec.h"
#include "tessera/sim/tile/tile_layout.h"
#include "tessera/sim/tile/tilize.h"

namespace tessera::sim::tile {
namespace {

Status check_layout(DataFormat format, TensorLayout layout, const char* what) {
  if (layout != TensorLayout::kRowMajor && layout != TensorLayout::kTile) {
    return make_error(ErrorCode::kInvalidArgument, what, ": layout code ", static_cast<int>(layout),
                      " is not defined");
  }
  if (element_size_bytes(format) == 0) {
    return make_error(ErrorCode::kInvalidArgument, what, ": data format code ",
                      static_cast<uint32_t>(format), " is not supported");
  }
  if (is_block_float(format) && layout == TensorLayout::kRowMajor) {
    return make_error(ErrorCode::kInvalidArgument, what, ": ", data_format_name(format),
                      " tensors must be in tile layout, not row-major");
  }
  return ok_status();
}

}  // namespace

const char* tensor_layout_name(TensorLayout layout) {
  switch (layout) {
    case TensorLayout::kRowMajor:
      return "row-major";
    case TensorLayout::kTile:
      return "tile";
  }
  return "invalid";
}

Result<uint64_t> tensor_size_bytes(std::span<const uint64_t> shape, DataFormat format,
                                   TensorLayout layout) {
  TESSERA_RETURN_IF_ERROR(check_layout(format, layout, "tensor_size_bytes"));
  TESSERA_ASSIGN_OR_RETURN(TiledShape tiled, tiled_shape(shape));
  if (layout == TensorLayout::kTile) return tiled.num_tiles() * tile_size_bytes(format);
  return tiled.logical_elements() * element_size_bytes(format);
}

Result<std::vector<std::byte>> encode_tensor(std::span<const float> values,
                                             std::span<const uint64_t> shape, DataFormat format,
                                             TensorLayout layout, float pad_value) {
  TESSERA_ASSIGN_OR_RETURN(uint64_t size, tensor_size_bytes(shape, format, layout));
  TESSERA_ASSIGN_OR_RETURN(TiledShape tiled, tiled_shape(shape));
  if (values.size() != tiled.logical_elements()) {
    return make_error(ErrorCode::kInvalidArgument, "encode_tensor: shape holds ",
                      tiled.logical_elements(), " elements but ", values.size(), " were given");
  }
  TESSERA_ASSIGN_OR_RETURN(std::vector<std::byte> bytes,
                           allocate_vector<std::byte>(size, "encode_tensor"));
  if (layout == TensorLayout::kRowMajor) {
    TESSERA_RETURN_IF_ERROR(encode_from_float(format, values, bytes));
    return bytes;
  }
  // Tilize in fp32 first (a cheap copy), then convert whole tiles to the format.
  TESSERA_ASSIGN_OR_RETURN(std::vector<float> tiles, tilize<float>(values, shape, pad_value));
  TESSERA_RETURN_IF_ERROR(convert_tiles(DataFormat::kFloat32,
                                        std::as_bytes(std::span<const float>(tiles)), format, bytes,
                                        tiled.num_tiles()));
  return bytes;
}

Result<std::vector<float>> decode_tensor(std::span<const std::byte> bytes,
                                         std::span<const uint64_t> shape, DataFormat format,
                                         TensorLayout layout) {
  TESSERA_ASSIGN_OR_RETURN(uint64_t size, tensor_size_bytes(shape, format, layout));
  TESSERA_ASSIGN_OR_RETURN(TiledShape tiled, tiled_shape(shape));
  if (bytes.size() < size) {
    return make_error(ErrorCode::kOutOfRange, "decode_tensor: a ", tensor_layout_name(layout), " ",
                      data_format_name(format), " tensor of this shape needs ", size,
                      " bytes but the buffer holds ", bytes.size());
  }
  if (layout == TensorLayout::kRowMajor) {
    TESSERA_ASSIGN_OR_RETURN(std::vector<float> values,
                             allocate_vector<float>(tiled.logical_elements(), "decode_tensor"));
    TESSERA_RETURN_IF_ERROR(decode_to_float(format, bytes, values));
    return values;
  }
  TESSERA_ASSIGN_OR_RETURN(std::vector<float> tiles,
                           allocate_vector<float>(tiled.padded_elements(), "decode_tensor"));
  TESSERA_RETURN_IF_ERROR(convert_tiles(format, bytes, DataFormat::kFloat32,
                                        std::as_writable_bytes(std::span<float>(tiles)),
                                        tiled.num_tiles()));
  return untilize<float>(tiles, shape);
}

}  // namespace tessera::sim::tile
