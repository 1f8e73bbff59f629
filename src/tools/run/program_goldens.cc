#include "program_goldens.h"

#include "shape_text.h"
#include "tessera/format/current_generated.h"
#include "tessera/format/data_type_codec.h"
#include "tessera/format/generated.h"
#include "tessera/runtime/internal/binary_access.h"
#include "tessera/runtime/internal/wire_types.h"

namespace tessera::tools::run {
namespace {

using Goldens = flatbuffers::Vector<flatbuffers::Offset<tt::target::GoldenTensor>>;

Result<std::vector<GoldenValues>> read_goldens(const Goldens* goldens, const char* which) {
  std::vector<GoldenValues> out;
  if (!goldens) return out;
  for (uint32_t i = 0; i < goldens->size(); ++i) {
    const tt::target::GoldenTensor& golden = *goldens->Get(i);
    GoldenValues values;
    values.name = golden.name() ? golden.name()->str() : "";
    if (golden.shape()) values.shape.assign(golden.shape()->begin(), golden.shape()->end());
    std::string where = std::string(which) + " " + std::to_string(i);
    if (!values.name.empty()) where += " '" + values.name + "'";
    const auto type = runtime::from_wire(golden.data_type());
    if (!type) {
      return make_error(ErrorCode::kInvalidArgument, where, ": data type ",
                        static_cast<uint16_t>(golden.data_type()),
                        " is not one the schema defines");
    }
    values.data_type = *type;
    std::span<const uint8_t> data;
    if (golden.data()) data = {golden.data()->data(), golden.data()->size()};
    auto decoded = format::decode_values(runtime::to_wire(values.data_type), data);
    if (!decoded.ok()) return std::move(decoded).error().add_context(where);
    if (decoded->size() != element_count(values.shape)) {
      return make_error(ErrorCode::kDataLoss, where, " holds ", decoded->size(),
                        " elements but its shape ", shape_text(values.shape), " needs ",
                        element_count(values.shape));
    }
    values.values = std::move(decoded).value();
    out.push_back(std::move(values));
  }
  return out;
}

namespace tc = tt::target::current;

// The golden of `key` for device 0 (the first device listed when none is 0).
const tc::GoldenTensor* golden_of(const tc::GoldenInfo* info, const std::string& key) {
  if (!info || !info->golden_map()) return nullptr;
  for (const tc::GoldenKV* entry : *info->golden_map()) {
    if (!entry->key() || entry->key()->string_view() != key || !entry->value()) continue;
    const tc::GoldenTensor* first = nullptr;
    for (const tc::GoldenDeviceTensor* device : *entry->value()) {
      if (!device->value()) continue;
      if (device->device() == 0) return device->value();
      if (!first) first = device->value();
    }
    return first;
  }
  return nullptr;
}

Result<GoldenValues> read_current_golden(const tc::GoldenTensor& golden, const std::string& key) {
  GoldenValues values;
  values.name = golden.name() ? golden.name()->str() : key;
  if (golden.shape()) values.shape.assign(golden.shape()->begin(), golden.shape()->end());
  auto type = runtime::from_current_wire(golden.dtype());
  if (!type.ok()) return std::move(type).error().add_context(key);
  values.data_type = *type;
  // The compiler's goldens are dense row-major; other strides are refused.
  if (golden.stride() && golden.stride()->size() == values.shape.size()) {
    int64_t expected = 1;
    for (size_t dim = values.shape.size(); dim-- > 0;) {
      if (values.shape[dim] > 1 && golden.stride()->Get(static_cast<uint32_t>(dim)) != expected) {
        return make_error(ErrorCode::kUnimplemented, key, ": golden stride ",
                          golden.stride()->Get(static_cast<uint32_t>(dim)), " of dim ", dim,
                          " is not row-major (", expected, ")");
      }
      expected *= values.shape[dim];
    }
  }
  std::span<const uint8_t> data;
  if (golden.data()) data = {golden.data()->data(), golden.data()->size()};
  auto decoded = format::decode_values(runtime::to_wire(values.data_type), data);
  if (!decoded.ok()) return std::move(decoded).error().add_context(key);
  if (decoded->size() != element_count(values.shape)) {
    return make_error(ErrorCode::kDataLoss, key, " holds ", decoded->size(),
                      " elements but its shape ", shape_text(values.shape), " needs ",
                      element_count(values.shape));
  }
  values.values = std::move(decoded).value();
  return values;
}

// "<prefix>_0", "<prefix>_1", ... from the golden map, up to the first
// missing key (as the compiler's run tool looks them up).
Result<std::vector<GoldenValues>> read_current_goldens(const tc::GoldenInfo* info,
                                                       const char* prefix, uint32_t count) {
  std::vector<GoldenValues> out;
  for (uint32_t i = 0; i < count; ++i) {
    const std::string key = std::string(prefix) + "_" + std::to_string(i);
    const tc::GoldenTensor* golden = golden_of(info, key);
    if (!golden) break;
    TESSERA_ASSIGN_OR_RETURN(GoldenValues values, read_current_golden(*golden, key));
    out.push_back(std::move(values));
  }
  return out;
}

Result<ProgramGoldens> read_golden_map(const tt::target::current::metal::Program& program) {
  const tc::GoldenInfo* info = program.debug_info() ? program.debug_info()->golden_info() : nullptr;
  ProgramGoldens goldens;
  const uint32_t inputs = program.inputs() ? program.inputs()->size() : 0;
  const uint32_t outputs = program.outputs() ? program.outputs()->size() : 0;
  TESSERA_ASSIGN_OR_RETURN(goldens.inputs, read_current_goldens(info, "input", inputs));
  TESSERA_ASSIGN_OR_RETURN(goldens.outputs, read_current_goldens(info, "output", outputs));
  return goldens;
}

}  // namespace

Result<ProgramGoldens> read_program_goldens(const runtime::Binary& binary, uint32_t program) {
  const Goldens* inputs = nullptr;
  const Goldens* outputs = nullptr;
  const format::Binary& loaded = runtime::format_binary(binary);
  if (const auto* current = loaded.current_metal()) {
    return read_golden_map(*current->programs()->Get(program));
  }
  if (binary.runtime() == runtime::Runtime::kTtmetal) {
    const auto* entry = loaded.metal()->programs()->Get(program);
    inputs = entry->golden_inputs();
    outputs = entry->golden_outputs();
  } else {
    const auto* entry = loaded.ttnn()->programs()->Get(program);
    inputs = entry->golden_inputs();
    outputs = entry->golden_outputs();
  }
  ProgramGoldens goldens;
  TESSERA_ASSIGN_OR_RETURN(goldens.inputs, read_goldens(inputs, "golden input"));
  TESSERA_ASSIGN_OR_RETURN(goldens.outputs, read_goldens(outputs, "golden output"));
  return goldens;
}

}  // namespace tessera::tools::run
