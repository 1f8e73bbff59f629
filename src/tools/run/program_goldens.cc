#include "program_goldens.h"

#include "shape_text.h"
#include "tessera/format/data_type_codec.h"
#include "tessera/format/generated.h"
#include "tessera/runtime/internal/binary_access.h"

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
    values.data_type = golden.data_type();
    std::span<const uint8_t> data;
    if (golden.data()) data = {golden.data()->data(), golden.data()->size()};
    std::string where = std::string(which) + " " + std::to_string(i);
    if (!values.name.empty()) where += " '" + values.name + "'";
    auto decoded = format::decode_values(values.data_type, data);
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

}  // namespace

Result<ProgramGoldens> read_program_goldens(const runtime::Binary& binary, uint32_t program) {
  const Goldens* inputs = nullptr;
  const Goldens* outputs = nullptr;
  if (binary.runtime() == runtime::Runtime::kTtmetal) {
    const auto* entry = runtime::format_binary(binary).metal()->programs()->Get(program);
    inputs = entry->golden_inputs();
    outputs = entry->golden_outputs();
  } else {
    const auto* entry = runtime::format_binary(binary).ttnn()->programs()->Get(program);
    inputs = entry->golden_inputs();
    outputs = entry->golden_outputs();
  }
  ProgramGoldens goldens;
  TESSERA_ASSIGN_OR_RETURN(goldens.inputs, read_goldens(inputs, "golden input"));
  TESSERA_ASSIGN_OR_RETURN(goldens.outputs, read_goldens(outputs, "golden output"));
  return goldens;
}

}  // namespace tessera::tools::run
