#include "program_context.h"

#include <algorithm>

#include "../tile_format.h"
#include "tessera/ttnn/tensor/tensor_convert.h"

namespace tessera::runtime::ttnn_backend {
namespace {

Error missing_operand(std::string_view operand) {
  return make_error(ErrorCode::kInvalidArgument, "operand '", operand, "' is missing");
}

Result<ttnn::Placement> placement_of(fb::MemorySpace space) {
  switch (space) {
    case fb::MemorySpace::System:
    case fb::MemorySpace::SystemMMIO:
      return ttnn::Placement::kHost;
    case fb::MemorySpace::DeviceDRAM:
      return ttnn::Placement::kDeviceDram;
    case fb::MemorySpace::DeviceL1:
      return ttnn::Placement::kDeviceL1;
  }
  return make_error(ErrorCode::kInvalidArgument, "unknown memory space ", static_cast<int>(space));
}

}  // namespace

Result<ttnn::TensorSpec> spec_from_ref(const fb::TensorRef& ref) {
  const auto* desc = ref.desc();
  if (!desc || !desc->layout() || !desc->layout()->memory_desc()) {
    return make_error(ErrorCode::kInvalidArgument, "tensor ", ref.global_id(),
                      " has no descriptor (desc.layout.memory_desc is missing)");
  }
  const fb::MemoryDesc& memory = *desc->layout()->memory_desc();
  ttnn::TensorSpec spec;
  std::vector<int64_t> dims;
  if (desc->shape()) dims.assign(desc->shape()->begin(), desc->shape()->end());
  spec.shape = math::Shape(std::move(dims));
  auto format = tile_format_of(memory.data_type());
  if (!format.ok()) {
    return std::move(format).error().add_context("tensor " + std::to_string(ref.global_id()));
  }
  spec.format = *format;
  const fb::Dim2d* tile = memory.tile_shape();
  spec.layout = tile && tile->y() == 32 && tile->x() == 32 ? ttnn::TensorLayout::kTile
                                                           : ttnn::TensorLayout::kRowMajor;
  TESSERA_ASSIGN_OR_RETURN(spec.placement, placement_of(memory.memory_space()));
  Status valid = spec.validate();
  if (!valid.ok())
    return std::move(valid).error().add_context("tensor " + std::to_string(ref.global_id()));
  return spec;
}

Result<const ttnn::Tensor*> ProgramContext::tensor(const fb::TensorRef* ref,
                                                   std::string_view operand) const {
  if (ref == nullptr) return missing_operand(operand);
  const uint32_t id = ref->global_id();
  if (auto it = tensors_.find(id); it != tensors_.end()) return &it->second;
  if (auto it = deallocated_at_.find(id); it != deallocated_at_.end()) {
    return make_error(ErrorCode::kFailedPrecondition, "operand '", operand, "': tensor ", id,
                      " is used after it was deallocated by op ", it->second);
  }
  return make_error(ErrorCode::kNotFound, "operand '", operand, "': tensor ", id,
                    " has not been produced by any earlier op or program input");
}

Result<math::Tensor> ProgramContext::read_float(const fb::TensorRef* ref,
                                                std::string_view operand) const {
  TESSERA_ASSIGN_OR_RETURN(const ttnn::Tensor* in, tensor(ref, operand));
  auto values = ttnn::to_float(*in);
  if (!values.ok()) {
    return std::move(values).error().add_context("reading operand '" + std::string(operand) + "'");
  }
  return values;
}

Result<ttnn::TensorSpec> ProgramContext::declared_spec(const fb::TensorRef* ref,
                                                       std::string_view operand) const {
  if (ref == nullptr) return missing_operand(operand);
  auto spec = spec_from_ref(*ref);
  if (!spec.ok())
    return std::move(spec).error().add_context("operand '" + std::string(operand) + "'");
  return spec;
}

Result<ttnn::Tensor> ProgramContext::allocate(const ttnn::TensorSpec& spec) {
  if (spec.on_device()) return ttnn::Tensor::allocate(device_, spec);
  TESSERA_ASSIGN_OR_RETURN(uint64_t size, spec.size_bytes());
  return ttnn::Tensor::host(spec, std::vector<std::byte>(size));
}

Status ProgramContext::produce(const fb::TensorRef* out, const math::Tensor& values) {
  TESSERA_ASSIGN_OR_RETURN(ttnn::TensorSpec spec, declared_spec(out, "out"));
  if (spec.shape != values.shape()) {
    return make_error(ErrorCode::kInvalidArgument, "shape mismatch: the op computes ",
                      values.shape().to_string(), " but output tensor ", out->global_id(),
                      " declares ", spec.shape.to_string());
  }
  auto tensor = ttnn::from_float(values.span(), std::move(spec), &device_);
  if (!tensor.ok())
    return std::move(tensor).error().add_context("output tensor " +
                                                 std::to_string(out->global_id()));
  return insert(out, std::move(tensor).value());
}

Status ProgramContext::convert_into(const fb::TensorRef* in, const fb::TensorRef* out) {
  TESSERA_ASSIGN_OR_RETURN(const ttnn::Tensor* source, tensor(in, "in"));
  TESSERA_ASSIGN_OR_RETURN(ttnn::TensorSpec spec, declared_spec(out, "out"));
  if (spec.shape != source->spec().shape) {
    return make_error(ErrorCode::kInvalidArgument, "shape mismatch: input tensor ", in->global_id(),
                      " is ", source->spec().shape.to_string(), " but output tensor ",
                      out->global_id(), " declares ", spec.shape.to_string());
  }
  auto converted = ttnn::convert(*source, std::move(spec), &device_);
  if (!converted.ok()) {
    return std::move(converted).error().add_context("output tensor " +
                                                    std::to_string(out->global_id()));
  }
  return insert(out, std::move(converted).value());
}

Status ProgramContext::insert(const fb::TensorRef* out, ttnn::Tensor tensor) {
  if (out == nullptr) return missing_operand("out");
  return insert(out->global_id(), std::move(tensor));
}

Status ProgramContext::insert(uint32_t global_id, ttnn::Tensor tensor) {
  auto [it, inserted] = tensors_.try_emplace(global_id, tensor);
  if (!inserted) {
    // An id written twice (SSA is not required): the older tensor is dropped,
    // unless the new one shares its buffer.
    const metal::Buffer* old_buffer = it->second.buffer();
    const metal::Buffer* new_buffer = tensor.buffer();
    if (old_buffer && !(new_buffer && new_buffer->id() == old_buffer->id())) {
      TESSERA_RETURN_IF_ERROR(it->second.deallocate());
    }
    it->second = std::move(tensor);
  }
  deallocated_at_.erase(global_id);
  return ok_status();
}

Status ProgramContext::deallocate(const fb::TensorRef* ref, std::string_view operand) {
  TESSERA_ASSIGN_OR_RETURN(const ttnn::Tensor* tensor, this->tensor(ref, operand));
  ttnn::Tensor held = *tensor;
  tensors_.erase(ref->global_id());
  deallocated_at_[ref->global_id()] = op_index_;
  return held.deallocate();
}

std::vector<std::string> ProgramContext::release_all(const std::vector<uint32_t>& keep) {
  std::vector<std::pair<uint32_t, ttnn::Tensor>> held(tensors_.begin(), tensors_.end());
  tensors_.clear();
  std::sort(held.begin(), held.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> leaks;
  for (auto& [id, tensor] : held) {
    if (!tensor.on_device()) continue;
    const bool is_output = std::find(keep.begin(), keep.end(), id) != keep.end();
    if (!is_output) {
      leaks.push_back("tensor " + std::to_string(id) + " (" + tensor.spec().describe() + ", " +
                      std::to_string(tensor.buffer()->size()) +
                      " bytes) was never deallocated; freed at the end of the program");
    }
    (void)tensor.deallocate();
  }
  return leaks;
}

}  // namespace tessera::runtime::ttnn_backend
