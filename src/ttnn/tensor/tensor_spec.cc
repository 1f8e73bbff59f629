#include "tessera/ttnn/tensor/tensor_spec.h"

#include <sstream>

#include "tessera/base/tensor_size_limit.h"

namespace tessera::ttnn {

const char* placement_name(Placement placement) {
  switch (placement) {
    case Placement::kHost:
      return "host";
    case Placement::kDeviceDram:
      return "DRAM";
    case Placement::kDeviceL1:
      return "L1";
  }
  return "?";
}

std::string TensorSpec::describe() const {
  std::ostringstream text;
  text << shape.to_string() << " " << sim::tile::data_format_name(format) << " "
       << (layout == TensorLayout::kTile ? "tile" : "row-major") << " "
       << placement_name(placement);
  return text.str();
}

Status TensorSpec::validate() const {
  TESSERA_RETURN_IF_ERROR(math::validate_shape(shape, "tensor"));
  if (sim::tile::is_block_float(format) && layout != TensorLayout::kTile) {
    return make_error(ErrorCode::kInvalidArgument, "unsupported data type / layout combination: ",
                      sim::tile::data_format_name(format),
                      " exists only in tile layout, not row-major");
  }
  if (format == DataFormat::kInt32) {
    return make_error(ErrorCode::kInvalidArgument,
                      "Int32 tensors are not supported by the TTNN runtime");
  }
  return ok_status();
}

std::vector<uint64_t> TensorSpec::unsigned_dims() const {
  std::vector<uint64_t> dims;
  dims.reserve(shape.rank());
  for (int64_t dim : shape.dims()) dims.push_back(static_cast<uint64_t>(dim));
  return dims;
}

Result<uint64_t> TensorSpec::size_bytes() const {
  TESSERA_RETURN_IF_ERROR(validate());
  std::vector<uint64_t> dims = unsigned_dims();
  TESSERA_ASSIGN_OR_RETURN(uint64_t size, sim::tile::tensor_size_bytes(dims, format, layout));
  // validate() bounds the values; tile padding can multiply them by up to
  // 1024 (a [n, 1, 1] tensor fills one 32x32 tile per row), and the padded
  // bytes are what is held.
  if (size > max_tensor_bytes()) {
    TESSERA_RETURN_IF_ERROR(check_tensor_bytes(size, "tensor " + describe()));
  }
  return size;
}

Result<uint64_t> TensorSpec::page_size() const {
  TESSERA_RETURN_IF_ERROR(validate());
  if (layout == TensorLayout::kTile) return uint64_t{sim::tile::tile_size_bytes(format)};
  const uint64_t row = shape.rank() == 0 ? 1 : static_cast<uint64_t>(shape[shape.rank() - 1]);
  return std::max<uint64_t>(row, 1) * sim::tile::element_size_bytes(format);
}

}  // namespace tessera::ttnn
