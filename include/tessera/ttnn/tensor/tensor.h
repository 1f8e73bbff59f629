// A TTNN tensor: a spec plus its bytes, either host memory or a device buffer
// allocated through the device allocator (so it shows in memory reports).
//
// Copies share storage, like ttnn tensors. Device bytes are in page order:
// rows for row-major tensors, tiles (tile order) for tile layout.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/metal/buffer.h"
#include "tessera/metal/device.h"
#include "tessera/ttnn/tensor/tensor_spec.h"

namespace tessera::ttnn {

class Tensor {
 public:
  Tensor() = default;

  // A host tensor owning `bytes` (exactly spec.size_bytes() long).
  static Result<Tensor> host(TensorSpec spec, std::vector<std::byte> bytes);
  // A device tensor (spec.placement DRAM or L1, interleaved); contents undefined.
  static Result<Tensor> allocate(metal::Device& device, TensorSpec spec);

  bool valid() const { return host_ != nullptr || buffer_.has_value(); }
  const TensorSpec& spec() const { return spec_; }
  bool on_device() const { return buffer_.has_value(); }
  const metal::Buffer* buffer() const { return buffer_ ? &*buffer_ : nullptr; }

  // A copy of the bytes (host storage or read from the device).
  Result<std::vector<std::byte>> read_bytes() const;
  // Replaces the bytes; `bytes` must be exactly the tensor's size.
  Status write_bytes(std::span<const std::byte> bytes);
  // Host storage, without copying (host tensors only).
  Result<std::span<const std::byte>> host_bytes() const;

  // Frees the device buffer (a no-op for host tensors). Later use is an error.
  Status deallocate();

 private:
  TensorSpec spec_;
  std::shared_ptr<std::vector<std::byte>> host_;
  std::optional<metal::Buffer> buffer_;
};

}  // namespace tessera::ttnn
