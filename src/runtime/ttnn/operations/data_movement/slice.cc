#include "tessera/ttnn/math/slice.h"

#include "../operations.h"

namespace tessera::runtime::ttnn_backend {
namespace {

std::vector<int64_t> to_vector(const flatbuffers::Vector<int64_t>* values) {
  return values ? std::vector<int64_t>(values->begin(), values->end()) : std::vector<int64_t>{};
}

}  // namespace

// A missing `step` means 1 in every dim.
Status run_slice(const fbn::SliceOp& op, ProgramContext& context) {
  TESSERA_ASSIGN_OR_RETURN(math::Tensor in, context.read_float(op.in(), "in"));
  std::vector<int64_t> begins = to_vector(op.begins());
  std::vector<int64_t> ends = to_vector(op.ends());
  std::vector<int64_t> steps = to_vector(op.step());
  if (steps.empty()) steps.assign(begins.size(), 1);
  TESSERA_ASSIGN_OR_RETURN(math::Tensor out, math::slice(in.view(), begins, ends, steps));
  return context.produce(op.out(), out);
}

}  // namespace tessera::runtime::ttnn_backend
