#include "tensor_layout.h"

#include "tessera/builder/tensor_bytes.h"
#include "tessera/format/data_types.h"

namespace tessera::builder {
namespace {

int64_t round_up(int64_t value, int64_t multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

}  // namespace

Result<DeviceLayout> device_layout(const TensorNode& tensor, bool exact) {
  DeviceLayout layout;
  layout.element_bytes = format::data_type_element_size(tensor.type);
  if (layout.element_bytes == 0) {
    return make_error(ErrorCode::kUnimplemented, "tensor '", tensor.name, "': data type ",
                      tt::target::EnumNameDataType(tensor.type),
                      " is not supported by the builder");
  }
  for (size_t d = 0; d + 1 < tensor.shape.size(); ++d) layout.height *= tensor.shape[d];
  layout.width = tensor.shape.empty() ? 1 : tensor.shape.back();
  layout.tiled = tensor.placement.layout == Layout::kTile;
  bool l1 = tensor.placement.space == tt::target::MemorySpace::DeviceL1;
  layout.grid_y = l1 ? std::max(1, tensor.placement.grid_y) : 1;
  layout.grid_x = l1 ? std::max(1, tensor.placement.grid_x) : 1;
  if (exact && (layout.height % layout.grid_y != 0 || layout.width % layout.grid_x != 0)) {
    return make_error(ErrorCode::kInvalidArgument, "tensor '", tensor.name, "' (", layout.height,
                      "x", layout.width, ") does not split evenly over a ", layout.grid_y, "x",
                      layout.grid_x, " grid");
  }
  layout.shard_height = (layout.height + layout.grid_y - 1) / layout.grid_y;
  layout.shard_width = (layout.width + layout.grid_x - 1) / layout.grid_x;
  if (layout.tiled) {
    if (exact && (layout.shard_height % kTileDim != 0 || layout.shard_width % kTileDim != 0)) {
      return make_error(ErrorCode::kInvalidArgument, "tensor '", tensor.name, "': shard ",
                        layout.shard_height, "x", layout.shard_width,
                        " is not a whole number of 32x32 tiles");
    }
    layout.shard_height = round_up(layout.shard_height, kTileDim);
    layout.shard_width = round_up(layout.shard_width, kTileDim);
    layout.page_bytes = static_cast<uint64_t>(kTileDim * kTileDim) * layout.element_bytes;
  } else {
    layout.page_bytes = static_cast<uint64_t>(layout.shard_width) * layout.element_bytes;
  }
  layout.shard_bytes =
      static_cast<uint64_t>(layout.shard_height * layout.shard_width) * layout.element_bytes;
  layout.total_bytes = layout.shard_bytes * static_cast<uint64_t>(layout.cores());
  return layout;
}

}  // namespace tessera::builder
