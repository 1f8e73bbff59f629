#include "tessera/ttnn/math/eltwise_unary.h"

#include <atomic>
#include <string>

#include "allocate.h"
#include "tessera/ttnn/math/parallel_for.h"

namespace tessera::ttnn::math {
namespace {

// Cheap ops are memory bound; transcendental ones want smaller chunks.
constexpr int64_t kGrain = 1 << 15;

}  // namespace

Status unary(UnaryOp op, ConstTensorView in, TensorView out, const UnaryParams& params) {
  const std::string name = sim::compute::unary_op_name(op);
  TESSERA_RETURN_IF_ERROR(validate_shape(in.shape(), name + " input"));
  TESSERA_RETURN_IF_ERROR(check_output_shape(out, in.shape(), name.c_str()));
  const float* x = in.data();
  float* y = out.data();
  // Chunks are disjoint, so only the first failure (a bad op code) matters.
  Status first = ok_status();
  std::atomic<bool> failed = false;
  parallel_for(0, in.numel(), kGrain, [&](int64_t lo, int64_t hi) {
    const size_t n = static_cast<size_t>(hi - lo);
    Status status = sim::compute::apply_unary(op, {x + lo, n}, {y + lo, n}, params);
    if (!status.ok() && !failed.exchange(true)) first = std::move(status);
  });
  return first;
}

Result<Tensor> unary(UnaryOp op, ConstTensorView in, const UnaryParams& params) {
  return detail::allocate_and_run(in.shape(),
                                  [&](TensorView out) { return unary(op, in, out, params); });
}

}  // namespace tessera::ttnn::math
