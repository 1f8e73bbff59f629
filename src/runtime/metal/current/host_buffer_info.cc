#include "host_buffer_info.h"

#include "tessera/base/tensor_size_limit.h"
#include "tessera/format/generated.h"
#include "tessera/runtime/internal/tensor_ref_info.h"
#include "tessera/runtime/internal/wire_types.h"

namespace tessera::runtime::metal_backend::current {

Result<TensorInfo> host_buffer_info(const tt::target::current::metal::BufferRef& ref) {
  const auto* desc = ref.desc();
  if (!desc) {
    return make_error(ErrorCode::kInvalidArgument, "buffer ", ref.global_id(),
                      " has no descriptor");
  }
  TensorInfo info;
  info.global_id = ref.global_id();
  info.memory_space = MemorySpace::kSystem;
  auto type = from_current_wire(desc->data_type());
  if (!type.ok())
    return std::move(type).error().add_context("buffer " + std::to_string(ref.global_id()));
  info.data_type = *type;
  info.element_size = element_size(info.data_type);
  if (info.element_size == 0) {
    return make_error(ErrorCode::kUnimplemented, "buffer ", ref.global_id(), ": host buffers of ",
                      data_type_name(info.data_type), " are not supported");
  }
  uint64_t volume = 1;
  if (desc->shape()) {
    for (int dim : *desc->shape()) {
      if (dim < 0) {
        return make_error(ErrorCode::kInvalidArgument, "buffer ", ref.global_id(),
                          " has a negative dimension ", dim);
      }
      info.shape.push_back(dim);
      volume =
          dim == 0 ? 0 : std::min<uint64_t>(volume * static_cast<uint64_t>(dim), UINT64_MAX / 16);
    }
  }
  if (desc->host_strides())
    info.stride.assign(desc->host_strides()->begin(), desc->host_strides()->end());
  // A strided host buffer spans host_volume elements; a dense one, the shape.
  const uint64_t elements = desc->host_volume() > 0 ? desc->host_volume() : volume;
  const std::string what = "host buffer " + std::to_string(ref.global_id());
  TESSERA_RETURN_IF_ERROR(check_tensor_elements(elements, info.element_size, what));
  info.size_bytes = elements * info.element_size;
  TESSERA_RETURN_IF_ERROR(check_tensor_bytes(info.size_bytes, what));
  return info;
}

}  // namespace tessera::runtime::metal_backend::current
