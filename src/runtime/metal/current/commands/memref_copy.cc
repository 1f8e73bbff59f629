// MemrefCopyCommand: host buffer to host buffer of one data type. Dense
// buffers copy their bytes (ranks may differ, as in a reshape); a padded
// one (host_volume past its shape) copies row by row through its strides.
#include <cstring>

#include "../command_handlers.h"
#include "../host_buffer_info.h"
#include "tessera/format/generated.h"

namespace tessera::runtime::metal_backend::current {
namespace {

uint64_t volume(const std::vector<int64_t>& shape) {
  uint64_t elements = 1;
  for (int64_t dim : shape) elements *= static_cast<uint64_t>(dim);
  return elements;
}

bool padded(const TensorInfo& info) {
  return info.element_size > 0 && info.size_bytes / info.element_size > volume(info.shape);
}

// The element index where each row (last dim) of `shape` starts, through
// `stride`; checked to keep the row inside `bytes`.
Result<std::vector<uint64_t>> row_starts(const TensorInfo& info) {
  const size_t rank = info.shape.size();
  if (rank == 0 || info.stride.size() != rank) {
    return make_error(ErrorCode::kInvalidArgument, "buffer ", info.global_id,
                      ": a strided copy needs one host stride per dim");
  }
  std::vector<uint64_t> starts;
  std::vector<int64_t> index(rank - 1, 0);
  const uint64_t rows = volume(info.shape) / std::max<int64_t>(1, info.shape.back());
  const uint64_t capacity = info.size_bytes / info.element_size;
  for (uint64_t row = 0; row < rows && info.shape.back() > 0; ++row) {
    int64_t start = 0;
    for (size_t dim = 0; dim + 1 < rank; ++dim) start += index[dim] * info.stride[dim];
    const int64_t last = start + (info.shape.back() - 1) * info.stride.back();
    if (start < 0 || static_cast<uint64_t>(last) >= capacity || info.stride.back() != 1) {
      return make_error(ErrorCode::kOutOfRange, "buffer ", info.global_id,
                        ": its strides reach outside its ", capacity, " elements");
    }
    starts.push_back(static_cast<uint64_t>(start));
    for (size_t dim = rank - 1; dim-- > 0;) {
      if (++index[dim] < info.shape[dim]) break;
      index[dim] = 0;
    }
  }
  return starts;
}

Status strided_copy(const TensorInfo& dst_info, std::span<uint8_t> dst, const TensorInfo& src_info,
                    std::span<const uint8_t> src) {
  if (dst_info.shape != src_info.shape) {
    return make_error(ErrorCode::kInvalidArgument, "a padded copy needs equal shapes");
  }
  TESSERA_ASSIGN_OR_RETURN(std::vector<uint64_t> dst_rows, row_starts(dst_info));
  TESSERA_ASSIGN_OR_RETURN(std::vector<uint64_t> src_rows, row_starts(src_info));
  const uint64_t element = src_info.element_size;
  const uint64_t row_bytes = static_cast<uint64_t>(src_info.shape.back()) * element;
  for (size_t row = 0; row < src_rows.size(); ++row) {
    std::memcpy(dst.data() + dst_rows[row] * element, src.data() + src_rows[row] * element,
                row_bytes);
  }
  return ok_status();
}

}  // namespace

Status execute_memref_copy(const cm::MemrefCopyCommand& command, QueueContext& queue) {
  if (!command.src() || !command.dst()) {
    return make_error(ErrorCode::kInvalidArgument, "needs both src and dst buffers");
  }
  TESSERA_ASSIGN_OR_RETURN(TensorInfo src_info, host_buffer_info(*command.src()));
  TESSERA_ASSIGN_OR_RETURN(TensorInfo dst_info, host_buffer_info(*command.dst()));
  if (src_info.data_type != dst_info.data_type) {
    return make_error(ErrorCode::kInvalidArgument, "src and dst data types differ (",
                      data_type_name(src_info.data_type), ", ", data_type_name(dst_info.data_type),
                      ")");
  }
  TESSERA_ASSIGN_OR_RETURN(Tensor * src, queue.state.host_buffer(command.src()->global_id()));
  TESSERA_ASSIGN_OR_RETURN(Tensor * dst, queue.state.host_buffer(command.dst()->global_id()));
  if (src->bytes().size() != src_info.size_bytes || dst->bytes().size() != dst_info.size_bytes) {
    return make_error(ErrorCode::kInvalidArgument,
                      "a buffer's bytes disagree with its descriptor (src ", src->bytes().size(),
                      " of ", src_info.size_bytes, ", dst ", dst->bytes().size(), " of ",
                      dst_info.size_bytes, ")");
  }
  if (padded(src_info) || padded(dst_info)) {
    return strided_copy(dst_info, dst->mutable_bytes(), src_info, src->bytes());
  }
  if (volume(src_info.shape) != volume(dst_info.shape)) {
    return make_error(ErrorCode::kInvalidArgument, "src has ", volume(src_info.shape),
                      " elements but dst has ", volume(dst_info.shape));
  }
  std::memcpy(dst->mutable_bytes().data(), src->bytes().data(), src_info.size_bytes);
  return ok_status();
}

}  // namespace tessera::runtime::metal_backend::current
