#include "per_op_golden.h"

#include <algorithm>
#include <map>
#include <memory>

#include "tessera/builder/reference_evaluator.h"
#include "tessera/format/data_type_codec.h"
#include "tessera/runtime/internal/operation_context.h"
#include "tessera/runtime/internal/wire_types.h"

namespace tessera::tools::run {
namespace {

void note_once(std::vector<std::string>& notes, std::string note) {
  if (std::find(notes.begin(), notes.end(), note) == notes.end()) notes.push_back(std::move(note));
}

Result<builder::RefTensor> reference_tensor(const Result<runtime::Tensor>& tensor) {
  if (!tensor.ok()) return tensor.status();
  TESSERA_ASSIGN_OR_RETURN(
      std::vector<double> values,
      format::decode_values(runtime::to_wire(tensor->info().data_type), tensor->bytes()));
  return builder::RefTensor{tensor->info().shape, std::move(values)};
}

// The reference evaluator's outputs of the op behind `op`.
Result<std::vector<builder::RefTensor>> evaluate(const runtime::OpContext& op,
                                                 const std::vector<builder::RefTensor>& inputs) {
  TESSERA_ASSIGN_OR_RETURN(const tt::target::ttnn::Operation* operation,
                           runtime::flatbuffer_operation(op));
  return builder::evaluate_ttnn_operation(*operation, inputs);
}

// The trailing `loc(...)` of an MLIR debug string, or "".
std::string location_of(std::string_view debug) {
  const size_t at = debug.rfind("loc(");
  if (at == std::string_view::npos) return "";
  const size_t end = debug.rfind(')');
  if (end == std::string_view::npos || end < at) return "";
  return std::string(debug.substr(at, end - at + 1));
}

// What the hooks carry from op to op: the inputs the before-op hook copied
// for the op now running, and the chained reference value of every tensor
// so far, by global id. A tensor no op wrote (a program input) chains from
// its actual value.
struct ChainState {
  bool ready = false;
  std::vector<builder::RefTensor> inputs;
  std::vector<builder::RefTensor> chained_inputs;
  std::map<uint32_t, builder::RefTensor> chained;
};

// The op's inputs along the chain: each one's chained value if an earlier op
// produced it, else its actual value.
void chain_inputs(const runtime::OpContext& op, ChainState& state) {
  state.chained_inputs.clear();
  for (uint32_t i = 0; i < state.inputs.size(); ++i) {
    auto id = op.input_id(i);
    auto found = id.ok() ? state.chained.find(*id) : state.chained.end();
    state.chained_inputs.push_back(found != state.chained.end() ? found->second : state.inputs[i]);
  }
}

// The chained reference of the op's outputs, recorded for the ops after it.
// An op the reference cannot evaluate passes its actual outputs on, so the
// chain resumes after it; its own chained comparisons are absent.
std::optional<std::vector<builder::RefTensor>> advance_chain(const runtime::OpContext& op,
                                                             ChainState& state) {
  auto chained = evaluate(op, state.chained_inputs);
  const bool usable = chained.ok() && chained->size() == op.num_outputs();
  for (uint32_t i = 0; i < op.num_outputs(); ++i) {
    auto id = op.output_id(i);
    if (!id.ok()) continue;
    if (usable) {
      state.chained[*id] = (*chained)[i];
    } else if (auto actual = reference_tensor(op.output(i)); actual.ok()) {
      state.chained[*id] = std::move(actual).value();
    }
  }
  if (!usable) return std::nullopt;
  return std::move(chained).value();
}

}  // namespace

PerOpGoldenHooks per_op_golden_hooks(const Tolerances& tolerances, std::vector<OpCheck>& checks,
                                     std::vector<std::string>& notes, ReferenceSink sink) {
  auto state = std::make_shared<ChainState>();
  PerOpGoldenHooks hooks;
  hooks.before = [state, &notes](const runtime::OpContext& op) -> Status {
    state->ready = false;
    state->inputs.clear();
    for (uint32_t i = 0; i < op.num_inputs(); ++i) {
      auto input = reference_tensor(op.input(i));
      if (!input.ok()) {
        note_once(notes, "per-op golden: cannot read the inputs of " + std::string(op.op_name()) +
                             " (" + input.error().message() + ")");
        return ok_status();
      }
      state->inputs.push_back(std::move(input).value());
    }
    chain_inputs(op, *state);
    state->ready = true;
    return ok_status();
  };
  hooks.after = [state, tolerances, &checks, &notes,
                 sink = std::move(sink)](const runtime::OpContext& op) -> Status {
    if (!state->ready || op.num_outputs() == 0) return ok_status();
    state->ready = false;
    std::string op_name(op.op_name());
    auto chained = advance_chain(op, *state);
    auto expected = evaluate(op, state->inputs);
    if (!expected.ok()) {
      // An op the reference cannot evaluate is not the program's fault.
      note_once(notes, "per-op golden: no reference for " + op_name + " (" +
                           expected.error().message() + ")");
      return ok_status();
    }
    if (expected->size() != op.num_outputs()) {
      note_once(notes, "per-op golden: " + op_name + " has " + std::to_string(op.num_outputs()) +
                           " output(s), the reference " + std::to_string(expected->size()));
      return ok_status();
    }
    for (uint32_t i = 0; i < op.num_outputs(); ++i) {
      auto actual = reference_tensor(op.output(i));
      if (!actual.ok()) {
        note_once(notes, "per-op golden: cannot read the outputs of " + op_name + " (" +
                             actual.error().message() + ")");
        return ok_status();
      }
      const std::vector<double>& reference = (*expected)[i].values;
      if (sink) TESSERA_RETURN_IF_ERROR(sink(op.op_index(), i, (*expected)[i].shape, reference));
      if (actual->values.size() != reference.size()) {
        note_once(notes, "per-op golden: op " + std::to_string(op.op_index()) + " " + op_name +
                             " output has " + std::to_string(actual->values.size()) +
                             " elements, the reference " + std::to_string(reference.size()));
        continue;
      }
      OpCheck check{op.op_index(), op_name, i,
                    compare_with_golden(actual->values, reference, tolerances)};
      if (chained && (*chained)[i].values.size() == actual->values.size()) {
        check.chained = compare_with_golden(actual->values, (*chained)[i].values, tolerances);
      }
      check.debug_info = std::string(op.debug_string());
      check.location = location_of(check.debug_info);
      checks.push_back(std::move(check));
    }
    return ok_status();
  };
  return hooks;
}

}  // namespace tessera::tools::run
