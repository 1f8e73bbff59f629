// The state of one TTNN program run: the device, the tensors by global id,
// and which ids have been deallocated (so later use is a clear error).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/format/generated.h"
#include "tessera/metal/device.h"
#include "tessera/ttnn/math/tensor.h"
#include "tessera/ttnn/tensor/tensor.h"

namespace tessera::runtime::ttnn_backend {

namespace fb = ::tt::target;
namespace fbn = ::tt::target::ttnn;
namespace math = ::tessera::ttnn::math;

// A TensorRef's descriptor as a tensor spec: placement from memory_space,
// tile layout when memory_desc.tile_shape is 32x32, format from data_type.
Result<ttnn::TensorSpec> spec_from_ref(const fb::TensorRef& ref);

class ProgramContext {
 public:
  explicit ProgramContext(metal::Device& device) : device_(device) {}

  metal::Device& device() { return device_; }
  void set_op_index(uint32_t index) { op_index_ = index; }

  // The live tensor `ref` names; `operand` names the field in errors.
  Result<const ttnn::Tensor*> tensor(const fb::TensorRef* ref, std::string_view operand) const;
  // Its values as row-major fp32.
  Result<math::Tensor> read_float(const fb::TensorRef* ref, std::string_view operand) const;
  // The spec `ref` declares (for outputs).
  Result<ttnn::TensorSpec> declared_spec(const fb::TensorRef* ref, std::string_view operand) const;

  // A new tensor of `spec` on this program's device (or host).
  Result<ttnn::Tensor> allocate(const ttnn::TensorSpec& spec);
  // Stores `values` as the tensor `out` declares, checking the shape the op
  // computed against the declared one.
  Status produce(const fb::TensorRef* out, const math::Tensor& values);
  // Stores the tensor `in` names, converted (exactly where the format stays)
  // to the spec `out` declares: memory moves, layout and type changes.
  Status convert_into(const fb::TensorRef* in, const fb::TensorRef* out);
  // Stores `tensor` under `out`'s id (replacing, and freeing, an older one).
  Status insert(const fb::TensorRef* out, ttnn::Tensor tensor);
  Status insert(uint32_t global_id, ttnn::Tensor tensor);
  Status deallocate(const fb::TensorRef* ref, std::string_view operand);

  // Frees every device tensor still held; returns one line per tensor that
  // is not in `keep` (a program output), i.e. was never deallocated.
  std::vector<std::string> release_all(const std::vector<uint32_t>& keep);

 private:
  metal::Device& device_;
  uint32_t op_index_ = 0;
  std::unordered_map<uint32_t, ttnn::Tensor> tensors_;
  std::unordered_map<uint32_t, uint32_t> deallocated_at_;  // id -> op index
};

}  // namespace tessera::runtime::ttnn_backend
