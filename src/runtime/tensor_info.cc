#include "tessera/runtime/tensor_info.h"

#include <sstream>

#include "tessera/format/data_type_size.h"
#include "tessera/format/generated.h"

namespace tessera::runtime {

using tt::target::DataType;

uint32_t element_size(DataType type) {
  return format::data_type_element_size(type);
}

std::string TensorInfo::describe() const {
  std::ostringstream text;
  text << "tensor " << global_id << ": ";
  for (size_t i = 0; i < shape.size(); ++i) text << (i ? "x" : "") << shape[i];
  if (shape.empty()) text << "scalar";
  text << " " << tt::target::EnumNameDataType(data_type) << " (" << size_bytes << " bytes)";
  return text.str();
}

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
  info.data_type = memory->data_type();
  info.memory_space = memory->memory_space();
  info.element_size = element_size(info.data_type);
  return info;
}

}  // namespace tessera::runtime
