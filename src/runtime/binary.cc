#include "tessera/runtime/binary.h"

#include <atomic>

#include "api_boundary.h"
#include "tessera/format/current_generated.h"
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

namespace cm = tt::target::current::metal;

// A current-layout program's tensors: the program's TensorRefs give shape and
// type, its first device program's BufferRefs the global ids.
Result<std::vector<TensorInfo>> current_infos_of(const cm::Program& program, bool inputs) {
  const auto* refs = inputs ? program.inputs() : program.outputs();
  const cm::DeviceProgram* device_program =
      program.device_programs() && program.device_programs()->size() > 0
          ? program.device_programs()->Get(0)
          : nullptr;
  const auto* buffers = !device_program ? nullptr
                        : inputs        ? device_program->inputs()
                                        : device_program->outputs();
  std::vector<TensorInfo> infos;
  const char* which = inputs ? "input" : "output";
  for (uint32_t i = 0; refs && i < refs->size(); ++i) {
    const uint32_t global_id = buffers && i < buffers->size() ? buffers->Get(i)->global_id() : i;
    auto info = tensor_info(*refs->Get(i), global_id);
    if (!info.ok())
      return std::move(info).error().add_context(std::string(which) + " " + std::to_string(i));
    infos.push_back(std::move(info).value());
  }
  return infos;
}

template <typename Programs>
uint32_t count(const Programs* programs) {
  return programs ? programs->size() : 0;
}

}  // namespace

struct Binary::State {
  format::Binary binary;
  // Never reused in a process, unlike the address of a binary's bytes: a
  // device's program cache names a binary's programs by it.
  uint64_t serial = 0;
};

namespace {

uint64_t next_binary_serial() {
  static std::atomic<uint64_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace

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
  return Binary(
      std::make_shared<const Binary::State>(Binary::State{std::move(binary), next_binary_serial()}),
      *runtime);
}

const format::Binary& BinaryAccess::format(const Binary& binary) {
  return binary.state_->binary;
}

uint64_t BinaryAccess::serial(const Binary& binary) {
  return binary.state_->serial;
}

const std::string& Binary::name() const {
  return state_->binary.name();
}

uint32_t Binary::program_count() const {
  const format::Binary& binary = state_->binary;
  if (const auto* metal = binary.metal()) return count(metal->programs());
  if (const auto* current = binary.current_metal()) return count(current->programs());
  return count(binary.ttnn()->programs());
}

Status Binary::check_program_index(uint32_t program) const {
  if (program < program_count()) return ok_status();
  return make_error(ErrorCode::kOutOfRange, "program index ", program, " out of range: ", name(),
                    " has ", program_count(), " program(s)");
}

Result<std::string> Binary::program_name(uint32_t program) const {
  return at_api_boundary("Binary::program_name", [&]() -> Result<std::string> {
    TESSERA_RETURN_IF_ERROR(check_program_index(program));
    const format::Binary& binary = state_->binary;
    const flatbuffers::String* text =
        binary.metal()           ? binary.metal()->programs()->Get(program)->name()
        : binary.current_metal() ? binary.current_metal()->programs()->Get(program)->name()
                                 : binary.ttnn()->programs()->Get(program)->name();
    return text ? text->str() : std::string();
  });
}

Result<bool> Binary::is_private_program(uint32_t program) const {
  return at_api_boundary("Binary::is_private_program", [&]() -> Result<bool> {
    TESSERA_RETURN_IF_ERROR(check_program_index(program));
    const auto* current = state_->binary.current_metal();
    return current && current->programs()->Get(program)->private_();
  });
}

Result<std::vector<TensorInfo>> Binary::program_inputs(uint32_t program) const {
  return at_api_boundary("Binary::program_inputs", [&]() -> Result<std::vector<TensorInfo>> {
    TESSERA_RETURN_IF_ERROR(check_program_index(program));
    const format::Binary& binary = state_->binary;
    if (const auto* current = binary.current_metal()) {
      return current_infos_of(*current->programs()->Get(program), /*inputs=*/true);
    }
    return infos_of(binary.metal() ? binary.metal()->programs()->Get(program)->inputs()
                                   : binary.ttnn()->programs()->Get(program)->inputs(),
                    "input");
  });
}

Result<std::vector<TensorInfo>> Binary::program_outputs(uint32_t program) const {
  return at_api_boundary("Binary::program_outputs", [&]() -> Result<std::vector<TensorInfo>> {
    TESSERA_RETURN_IF_ERROR(check_program_index(program));
    const format::Binary& binary = state_->binary;
    if (const auto* current = binary.current_metal()) {
      return current_infos_of(*current->programs()->Get(program), /*inputs=*/false);
    }
    return infos_of(binary.metal() ? binary.metal()->programs()->Get(program)->outputs()
                                   : binary.ttnn()->programs()->Get(program)->outputs(),
                    "output");
  });
}

void set_compatible_runtime(const Binary& binary) {
  set_current_runtime(binary.runtime());
}

}  // namespace tessera::runtime
