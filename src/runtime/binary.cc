#include "tessera/runtime/binary.h"

#include "tessera/format/generated.h"

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

Result<Binary> Binary::load(const std::string& path) {
  TESSERA_ASSIGN_OR_RETURN(format::Binary binary, format::Binary::load_file(path));
  return from_format(std::move(binary));
}

Result<Binary> Binary::load_memory(std::span<const uint8_t> bytes, std::string name) {
  TESSERA_ASSIGN_OR_RETURN(format::Binary binary,
                           format::Binary::load_memory(bytes, std::move(name)));
  return from_format(std::move(binary));
}

Result<Binary> Binary::from_format(format::Binary binary) {
  auto runtime = runtime_for_kind(binary.kind());
  if (!runtime.ok()) return std::move(runtime).error().add_context(binary.name());
  return Binary(std::make_shared<const format::Binary>(std::move(binary)), *runtime);
}

uint32_t Binary::program_count() const {
  if (runtime_ == Runtime::kTtmetal) {
    const auto* programs = binary_->metal()->programs();
    return programs ? programs->size() : 0;
  }
  const auto* programs = binary_->ttnn()->programs();
  return programs ? programs->size() : 0;
}

Status Binary::check_program_index(uint32_t program) const {
  if (program < program_count()) return ok_status();
  return make_error(ErrorCode::kOutOfRange, "program index ", program, " out of range: ", name(),
                    " has ", program_count(), " program(s)");
}

Result<std::string> Binary::program_name(uint32_t program) const {
  TESSERA_RETURN_IF_ERROR(check_program_index(program));
  const flatbuffers::String* text = runtime_ == Runtime::kTtmetal
                                        ? binary_->metal()->programs()->Get(program)->name()
                                        : binary_->ttnn()->programs()->Get(program)->name();
  return text ? text->str() : std::string();
}

Result<std::vector<TensorInfo>> Binary::program_inputs(uint32_t program) const {
  TESSERA_RETURN_IF_ERROR(check_program_index(program));
  return infos_of(runtime_ == Runtime::kTtmetal
                      ? binary_->metal()->programs()->Get(program)->inputs()
                      : binary_->ttnn()->programs()->Get(program)->inputs(),
                  "input");
}

Result<std::vector<TensorInfo>> Binary::program_outputs(uint32_t program) const {
  TESSERA_RETURN_IF_ERROR(check_program_index(program));
  return infos_of(runtime_ == Runtime::kTtmetal
                      ? binary_->metal()->programs()->Get(program)->outputs()
                      : binary_->ttnn()->programs()->Get(program)->outputs(),
                  "output");
}

void set_compatible_runtime(const Binary& binary) {
  set_current_runtime(binary.runtime());
}

}  // namespace tessera::runtime
