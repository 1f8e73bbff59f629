#include "tessera/runtime/tensor.h"

#include <cstring>

#include "api_boundary.h"
#include "tessera/base/large_buffer.h"

namespace tessera::runtime {

struct Tensor::Storage {
  LargeBuffer owned;
  std::span<uint8_t> bytes;
};

namespace {

Status check_size(const TensorInfo& info, size_t bytes) {
  if (bytes != info.size_bytes) {
    return make_error(ErrorCode::kInvalidArgument, info.describe(), ": given ", bytes,
                      " bytes of data, the tensor holds ", info.size_bytes);
  }
  return ok_status();
}

}  // namespace

Result<Tensor> Tensor::create_owned(TensorInfo info, Runtime runtime) {
  return at_api_boundary("Tensor::create_owned", [&]() -> Result<Tensor> {
    auto storage = std::make_shared<Storage>();
    storage->owned = LargeBuffer(info.size_bytes);
    if (!storage->owned.valid()) {
      return make_error(ErrorCode::kOutOfMemory, "cannot allocate ", info.size_bytes,
                        " bytes of host memory for ", info.describe());
    }
    if (info.size_bytes) std::memset(storage->owned.data(), 0, info.size_bytes);
    storage->bytes = storage->owned.span();
    return Tensor(std::move(info), runtime, std::move(storage));
  });
}

Result<Tensor> Tensor::create_from_bytes(TensorInfo info, std::span<const uint8_t> bytes,
                                         Runtime runtime) {
  return at_api_boundary("Tensor::create_from_bytes", [&]() -> Result<Tensor> {
    TESSERA_RETURN_IF_ERROR(check_size(info, bytes.size()));
    TESSERA_ASSIGN_OR_RETURN(Tensor tensor, create_owned(std::move(info), runtime));
    if (!bytes.empty()) std::memcpy(tensor.mutable_bytes().data(), bytes.data(), bytes.size());
    return tensor;
  });
}

Result<Tensor> Tensor::create_borrowed(TensorInfo info, std::span<uint8_t> bytes, Runtime runtime) {
  return at_api_boundary("Tensor::create_borrowed", [&]() -> Result<Tensor> {
    TESSERA_RETURN_IF_ERROR(check_size(info, bytes.size()));
    auto storage = std::make_shared<Storage>();
    storage->bytes = bytes;
    return Tensor(std::move(info), runtime, std::move(storage));
  });
}

std::span<const uint8_t> Tensor::bytes() const {
  return storage_ ? std::span<const uint8_t>(storage_->bytes) : std::span<const uint8_t>();
}

std::span<uint8_t> Tensor::mutable_bytes() {
  return storage_ ? storage_->bytes : std::span<uint8_t>();
}

Status check_runtime(const char* what, Runtime handle, Runtime expected) {
  return at_api_boundary("check_runtime", [&]() -> Status {
    if (handle == expected) return ok_status();
    return make_error(ErrorCode::kInvalidArgument, what, " belongs to the ", runtime_name(handle),
                      " runtime but is used with the ", runtime_name(expected), " runtime");
  });
}

Result<Tensor> to_host(const Tensor& tensor, Runtime expected) {
  return at_api_boundary("to_host", [&]() -> Result<Tensor> {
    if (!tensor.valid()) return make_error(ErrorCode::kInvalidArgument, "to_host: empty tensor");
    TESSERA_RETURN_IF_ERROR(check_runtime("tensor", tensor.runtime(), expected));
    return Tensor::create_from_bytes(tensor.info(), tensor.bytes(), tensor.runtime());
  });
}

Status copy_tensor(const Tensor& src, Tensor& dst) {
  return at_api_boundary("copy_tensor", [&]() -> Status {
    if (!src.valid() || !dst.valid()) {
      return make_error(ErrorCode::kInvalidArgument, "copy_tensor: empty tensor");
    }
    TESSERA_RETURN_IF_ERROR(check_runtime("destination tensor", dst.runtime(), src.runtime()));
    if (src.bytes().size() != dst.bytes().size()) {
      return make_error(ErrorCode::kInvalidArgument, "copy_tensor: ", src.info().describe(),
                        " into ", dst.info().describe(), ": sizes differ");
    }
    if (!src.bytes().empty()) {
      std::memmove(dst.mutable_bytes().data(), src.bytes().data(), src.bytes().size());
    }
    return ok_status();
  });
}

}  // namespace tessera::runtime
