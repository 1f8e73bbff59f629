#include "tessera/runtime/tensor_info.h"

#include <algorithm>
#include <sstream>

#include "tessera/base/tensor_size_limit.h"
#include "tessera/format/current_generated.h"
#include "tessera/format/data_types.h"
#include "tessera/format/generated.h"
#include "tessera/runtime/internal/wire_types.h"

namespace tessera::runtime {

uint32_t element_size(DataType type) {
  return format::data_type_element_size(to_wire(type));
}

std::string TensorInfo::describe() const {
  std::ostringstream text;
  text << "tensor " << global_id << ": ";
  for (size_t i = 0; i < shape.size(); ++i) text << (i ? "x" : "") << shape[i];
  if (shape.empty()) text << "scalar";
  text << " " << data_type_name(data_type) << " (" << size_bytes << " bytes)";
  return text.str();
}

namespace {

// Shapes and sizes come from the binary: bound them before anyone allocates.
Status check_within_limits(const TensorInfo& info) {
  uint64_t elements = 1;
  for (size_t i = 0; i < info.shape.size(); ++i) {
    if (info.shape[i] < 0) {
      return make_error(ErrorCode::kInvalidArgument, info.describe(), ": dim ", i, " is negative");
    }
    const uint64_t dim = static_cast<uint64_t>(info.shape[i]);
    if (dim != 0 && elements > UINT64_MAX / dim) {
      elements = UINT64_MAX;
      break;
    }
    elements *= dim;
  }
  TESSERA_RETURN_IF_ERROR(
      check_tensor_elements(elements, std::max(1u, info.element_size), info.describe()));
  return check_tensor_bytes(info.size_bytes, info.describe());
}

}  // namespace

Result<TensorInfo> tensor_info(const tt::target::TensorRef& ref) {
  TensorInfo info;
  info.global_id = ref.global_id();
  info.size_bytes = ref.size();
  const auto* desc = ref.desc();
  if (!desc || !desc->layout() || !desc->layout()->memory_desc()) {
    return make_error(ErrorCode::kInvalidArgument, "tensor ", ref.global_id(),
                      " has no descriptor (desc.layout.memory_desc is missing)");
  }
  if (desc->shape()) info.shape.assign(desc->shape()->begin(), desc->shape()->end());
  if (desc->layout()->stride()) {
    info.stride.assign(desc->layout()->stride()->begin(), desc->layout()->stride()->end());
  }
  const auto* memory = desc->layout()->memory_desc();
  const auto type = from_wire(memory->data_type());
  if (!type) {
    return make_error(ErrorCode::kInvalidArgument, "tensor ", ref.global_id(), " has data type ",
                      static_cast<uint16_t>(memory->data_type()),
                      ", which the schema does not define");
  }
  const auto space = from_wire(memory->memory_space());
  if (!space) {
    return make_error(ErrorCode::kInvalidArgument, "tensor ", ref.global_id(), " has memory space ",
                      static_cast<uint16_t>(memory->memory_space()),
                      ", which the schema does not define");
  }
  info.data_type = *type;
  info.memory_space = *space;
  info.element_size = element_size(info.data_type);
  TESSERA_RETURN_IF_ERROR(check_within_limits(info));
  return info;
}

Result<TensorInfo> tensor_info(const tt::target::current::metal::TensorRef& ref,
                               uint32_t global_id) {
  TensorInfo info;
  info.global_id = global_id;
  info.size_bytes = ref.size();
  const auto* desc = ref.desc();
  if (!desc || !desc->layout() || !desc->layout()->memory_desc()) {
    return make_error(ErrorCode::kInvalidArgument, "tensor ", global_id,
                      " has no descriptor (desc.layout.memory_desc is missing)");
  }
  if (desc->shape()) info.shape.assign(desc->shape()->begin(), desc->shape()->end());
  auto type = from_current_wire(desc->layout()->memory_desc()->data_type());
  if (!type.ok()) return std::move(type).error().add_context("tensor " + std::to_string(global_id));
  info.data_type = *type;
  info.memory_space = MemorySpace::kSystem;
  info.element_size = element_size(info.data_type);
  // Row-major strides: the compiler's host tensors are contiguous.
  info.stride.assign(info.shape.size(), 1);
  for (size_t i = info.shape.size(); i-- > 1;) info.stride[i - 1] = info.stride[i] * info.shape[i];
  TESSERA_RETURN_IF_ERROR(check_within_limits(info));
  return info;
}

}  // namespace tessera::runtime
