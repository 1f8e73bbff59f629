#include "hook_context.h"

#include "tessera/ttnn/tensor/tensor_convert.h"

namespace tessera::runtime::ttnn_backend {

std::string_view HookContext::debug_string() const {
  return op_.debug_info() ? op_.debug_info()->string_view() : std::string_view();
}

Result<const fb::TensorRef*> HookContext::operand(const std::vector<const fb::TensorRef*>& operands,
                                                  uint32_t i, const char* kind) const {
  if (i >= operands.size()) {
    return make_error(ErrorCode::kOutOfRange, name_, " has ", operands.size(), " ", kind,
                      "(s); asked for ", i);
  }
  return operands[i];
}

Result<uint32_t> HookContext::input_id(uint32_t i) const {
  TESSERA_ASSIGN_OR_RETURN(const fb::TensorRef* ref, operand(operands_.inputs, i, "input"));
  return ref->global_id();
}

Result<uint32_t> HookContext::output_id(uint32_t i) const {
  TESSERA_ASSIGN_OR_RETURN(const fb::TensorRef* ref, operand(operands_.outputs, i, "output"));
  return ref->global_id();
}

Result<Tensor> HookContext::input(uint32_t i) const {
  TESSERA_ASSIGN_OR_RETURN(const fb::TensorRef* ref, operand(operands_.inputs, i, "input"));
  return host_copy(ref, "input " + std::to_string(i));
}

Result<Tensor> HookContext::output(uint32_t i) const {
  TESSERA_ASSIGN_OR_RETURN(const fb::TensorRef* ref, operand(operands_.outputs, i, "output"));
  return host_copy(ref, "output " + std::to_string(i));
}

Result<Tensor> HookContext::host_copy(const fb::TensorRef* ref, std::string_view operand) const {
  TESSERA_ASSIGN_OR_RETURN(const ttnn::Tensor* tensor, program_.tensor(ref, operand));
  TESSERA_ASSIGN_OR_RETURN(math::Tensor values, ttnn::to_float(*tensor));
  TensorInfo info;
  info.global_id = ref->global_id();
  info.shape = values.shape().dims();
  info.stride = math::row_major_strides(values.shape());
  info.data_type = DataType::kFloat32;
  info.element_size = sizeof(float);
  info.size_bytes = static_cast<uint64_t>(values.numel()) * sizeof(float);
  info.memory_space = MemorySpace::kSystem;
  std::span<const uint8_t> bytes(reinterpret_cast<const uint8_t*>(values.data()), info.size_bytes);
  return Tensor::create_from_bytes(std::move(info), bytes, Runtime::kTtnn);
}

}  // namespace tessera::runtime::ttnn_backend
