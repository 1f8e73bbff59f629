#include "tessera/runtime/binary.h"

#include "api_boundary.h"
#include "tessera/format/generated.h"
#include "tessera/runtime/internal/binary_access.h"
#include "tessera/runtime/internal/tensor_ref_info.h"

namespace tessera::runtime {
namespace {

using TensorRefs = flatbuffers::Vector<flatbuffers::Offset<tt::target::TensorRef>>;

Result<std::vector<TensorInfo>> infos_of(const TensorRefs* refs, const char* which) {
  std::vector<TensorInfo> infos;
  if (!refs) return infos;
  for (uint32_t i = 0; i < refs->size(); ++i) {
    auto info = tensor_info(*refs->Get(i));
    if (!info.ok())
      return std::move(info).error().add_context(std::string(which) + " " + std::to_string(i));
    infos.push_back(std::move(info).value());
  }
  return infos;
}

}  // namespace

struct Binary::State {
  format::Binary binary;
};

Result<Binary> Binary::load(const std::string& path) {
  return at_api_boundary("Binary::load", [&]() -> Result<Binary> {
    TESSERA_ASSIGN_OR_RETURN(format::Binary binary, format::Binary::load_file(path));
    return BinaryAccess::from_format(std::move(binary));
  });
}

Result<Binary> Binary::load_memory(std::span<const uint8_t> bytes, std::string name) {
  return at_api_boundary("Binary::load_memory", [&]() -> Result<Binary> {
    TESSERA_ASSIGN_OR_RETURN(format::Binary binary,
                             format::Binary::load_memory(bytes, std::move(name)));
    return BinaryAccess::from_format(std::move(binary));
  });
}

Result<Binary> BinaryAccess::from_format(format::Binary binary) {
  auto runtime = runtime_for_kind(binary.kind());
  if (!runtime.ok()) return std::move(runtime).error().add_context(binary.name());
  return Binary(std::make_shared<const Binary::State>(Binary::State{std::move(binary)}), *runtime);
}

const format::Binary& BinaryAccess::format(const Binary& binary) {
  return binary.state_->binary;
}

const std::string& Binary::name() const {
  return state_->binary.name();
}

uint32_t Binary::program_count() const {
  if (runtime_ == Runtime::kTtmetal) {
    const auto* programs = state_->binary.metal()->programs();
    return programs ? programs->size() : 0;
  }
  const auto* programs = state_->binary.ttnn()->programs();
  return programs ? programs->size() : 0;
}

Status Binary::check_program_index(uint32_t program) const {
  if (program < program_count()) return ok_status();
  return make_error(ErrorCode::kOutOfRange, "program index ", program, " out of range: ", name(),
                    " has ", program_count(), " program(s)");
}

Result<std::string> Binary::program_name(uint32_t program) const {
  return at_api_boundary("Binary::program_name", [&]() -> Result<std::string> {
    TESSERA_RETURN_IF_ERROR(check_program_index(program));
    const flatbuffers::String* text = runtime_ == Runtime::kTtmetal
                                          ? state_->binary.metal()->programs()->Get(program)->name()
                                          : state_->binary.ttnn()->programs()->Get(program)->name();
    return text ? text->str() : std::string();
  });
}

Result<std::vector<TensorInfo>> Binary::program_inputs(uint32_t program) const {
  return at_api_boundary("Binary::program_inputs", [&]() -> Result<std::vector<TensorInfo>> {
    TESSERA_RETURN_IF_ERROR(check_program_index(program));
    return infos_of(runtime_ == Runtime::kTtmetal
                        ? state_->binary.metal()->programs()->Get(program)->inputs()
                        : state_->binary.ttnn()->programs()->Get(program)->inputs(),
                    "input");
  });
}

Result<std::vector<TensorInfo>> Binary::program_outputs(uint32_t program) const {
  return at_api_boundary("Binary::program_outputs", [&]() -> Result<std::vector<TensorInfo>> {
    TESSERA_RETURN_IF_ERROR(check_program_index(program));
    return infos_of(runtime_ == Runtime::kTtmetal
                        ? state_->binary.metal()->programs()->Get(program)->outputs()
                        : state_->binary.ttnn()->programs()->Get(program)->outputs(),
                    "output");
  });
}

void set_compatible_runtime(const Binary& binary) {
  set_current_runtime(binary.runtime());
}

}  // namespace tessera::runtime
