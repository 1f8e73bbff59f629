#include "per_op_golden.h"

#include <algorithm>
#include <memory>

#include "tensor_values.h"
#include "tessera/builder/reference_evaluator.h"

namespace tessera::tools::run {
namespace {

void note_once(std::vector<std::string>& notes, std::string note) {
  if (std::find(notes.begin(), notes.end(), note) == notes.end()) notes.push_back(std::move(note));
}

Result<builder::RefTensor> reference_tensor(const Result<runtime::Tensor>& tensor) {
  if (!tensor.ok()) return tensor.status();
  TESSERA_ASSIGN_OR_RETURN(std::vector<double> values,
                           decode_values(tensor->info().data_type, tensor->bytes()));
  return builder::RefTensor{tensor->info().shape, std::move(values)};
}

// The inputs the before-op hook copied for the op now running.
struct PendingOp {
  bool ready = false;
  std::vector<builder::RefTensor> inputs;
};

}  // namespace

PerOpGoldenHooks per_op_golden_hooks(const Tolerances& tolerances, std::vector<OpCheck>& checks,
                                     std::vector<std::string>& notes, ReferenceSink sink) {
  auto pending = std::make_shared<PendingOp>();
  PerOpGoldenHooks hooks;
  hooks.before = [pending, &notes](const runtime::OpContext& op) -> Status {
    pending->ready = false;
    pending->inputs.clear();
    for (uint32_t i = 0; i < op.num_inputs(); ++i) {
      auto input = reference_tensor(op.input(i));
      if (!input.ok()) {
        note_once(notes, "per-op golden: cannot read the inputs of " + std::string(op.op_name()) +
                             " (" + input.error().message() + ")");
        return ok_status();
      }
      pending->inputs.push_back(std::move(input).value());
    }
    pending->ready = true;
    return ok_status();
  };
  hooks.after = [pending, tolerances, &checks, &notes,
                 sink = std::move(sink)](const runtime::OpContext& op) -> Status {
    if (!pending->ready || op.num_outputs() == 0) return ok_status();
    pending->ready = false;
    std::string op_name(op.op_name());
    auto expected = builder::evaluate_ttnn_operation(op.operation(), pending->inputs);
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
      checks.push_back(
          {op.op_index(), op_name, i, compare_with_golden(actual->values, reference, tolerances)});
    }
    return ok_status();
  };
  return hooks;
}

}  // namespace tessera::tools::run
