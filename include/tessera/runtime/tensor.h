// A host tensor handle: shape, strides, data type and bytes, tagged with the
// runtime it belongs to. Copies share the same storage.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/runtime/runtime_kind.h"
#include "tessera/runtime/tensor_info.h"

namespace tessera::runtime {

class Tensor {
 public:
  Tensor() = default;

  // Owned storage of `info.size_bytes` bytes, zero-filled.
  static Result<Tensor> create_owned(TensorInfo info, Runtime runtime);
  // Owned storage holding a copy of `bytes` (must be info.size_bytes long).
  static Result<Tensor> create_from_bytes(TensorInfo info, std::span<const uint8_t> bytes,
                                          Runtime runtime);
  // Borrowed storage: the caller keeps `bytes` alive and unchanged while the
  // tensor (or a submit using it) is in use.
  static Result<Tensor> create_borrowed(TensorInfo info, std::span<uint8_t> bytes, Runtime runtime);

  bool valid() const { return storage_ != nullptr; }
  Runtime runtime() const { return runtime_; }
  const TensorInfo& info() const { return info_; }
  std::span<const uint8_t> bytes() const;
  std::span<uint8_t> mutable_bytes();

 private:
  struct Storage;
  Tensor(TensorInfo info, Runtime runtime, std::shared_ptr<Storage> storage)
      : info_(std::move(info)), runtime_(runtime), storage_(std::move(storage)) {}

  TensorInfo info_;
  Runtime runtime_ = Runtime::kTtmetal;
  std::shared_ptr<Storage> storage_;
};

// An owned host copy of `tensor` (for borrowed tensors: detached from the
// caller's memory). `expected` is the runtime the caller works with.
Result<Tensor> to_host(const Tensor& tensor, Runtime expected);

// Copies the bytes of `src` into `dst`: same runtime, same size.
Status copy_tensor(const Tensor& src, Tensor& dst);

// Checks that a handle belongs to `expected`; the error names both runtimes.
Status check_runtime(const char* what, Runtime handle, Runtime expected);

}  // namespace tessera::runtime
