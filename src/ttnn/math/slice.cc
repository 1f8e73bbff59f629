#include "tessera/ttnn/math/slice.h"

#include <vector>

#include "allocate.h"
#include "strided_copy.h"

namespace tessera::ttnn::math {
namespace {

struct DimSlice {
  int64_t start;
  int64_t count;
  int64_t step;
};

// Python's slice.indices(): clamp start/stop into the dim, then count.
DimSlice resolve(int64_t begin, int64_t end, int64_t step, int64_t size) {
  const int64_t lower = step > 0 ? 0 : -1;
  const int64_t upper = step > 0 ? size : size - 1;
  auto clamp = [&](int64_t v) {
    if (v < 0) v = v < -size ? lower : v + size;  // avoids overflow for kSliceMin
    return v < lower ? lower : (v > upper ? upper : v);
  };
  const int64_t start = clamp(begin);
  const int64_t stop = clamp(end);
  int64_t count = 0;
  if (step > 0 && start < stop) count = (stop - start - 1) / step + 1;
  if (step < 0 && start > stop) count = (start - stop - 1) / (-step) + 1;
  return {start, count, step};
}

Result<std::vector<DimSlice>> resolve_all(const Shape& in, std::span<const int64_t> begins,
                                          std::span<const int64_t> ends,
                                          std::span<const int64_t> steps) {
  TESSERA_RETURN_IF_ERROR(validate_shape(in, "slice input"));
  const size_t rank = static_cast<size_t>(in.rank());
  if (begins.size() != rank || ends.size() != rank || steps.size() != rank) {
    return make_error(ErrorCode::kInvalidArgument, "slice: input shape ", in, " has rank ", rank,
                      " but got ", begins.size(), " begins, ", ends.size(), " ends and ",
                      steps.size(), " steps (need one of each per dim)");
  }
  std::vector<DimSlice> dims(rank);
  for (size_t d = 0; d < rank; ++d) {
    if (steps[d] == 0) {
      return make_error(ErrorCode::kInvalidArgument, "slice: step of dim ", d,
                        " is 0 (input shape ", in, ")");
    }
    dims[d] = resolve(begins[d], ends[d], steps[d], in[static_cast<int>(d)]);
  }
  return dims;
}

}  // namespace

Result<Shape> slice_output_shape(const Shape& in, std::span<const int64_t> begins,
                                 std::span<const int64_t> ends, std::span<const int64_t> steps) {
  TESSERA_ASSIGN_OR_RETURN(std::vector<DimSlice> dims, resolve_all(in, begins, ends, steps));
  std::vector<int64_t> out;
  for (const DimSlice& d : dims) out.push_back(d.count);
  return Shape(std::move(out));
}

Status slice(ConstTensorView in, std::span<const int64_t> begins, std::span<const int64_t> ends,
             std::span<const int64_t> steps, TensorView out) {
  TESSERA_ASSIGN_OR_RETURN(std::vector<DimSlice> dims,
                           resolve_all(in.shape(), begins, ends, steps));
  TESSERA_ASSIGN_OR_RETURN(Shape out_shape, slice_output_shape(in.shape(), begins, ends, steps));
  TESSERA_RETURN_IF_ERROR(check_output_shape(out, out_shape, "slice"));
  if (out.numel() == 0) return ok_status();
  const std::vector<int64_t> in_strides = row_major_strides(in.shape());
  detail::StridedLayout<1> layout;
  layout.rank = std::max(in.shape().rank(), 1);
  layout.dims[0] = 1;
  int64_t base = 0;
  for (size_t d = 0; d < dims.size(); ++d) {
    layout.dims[d] = dims[d].count;
    layout.strides[0][d] = dims[d].step * in_strides[d];
    base += dims[d].start * in_strides[d];
  }
  layout.coalesce();
  detail::strided_copy(layout, in.data() + base, out.data(), out.numel());
  return ok_status();
}

Result<Tensor> slice(ConstTensorView in, std::span<const int64_t> begins,
                     std::span<const int64_t> ends, std::span<const int64_t> steps) {
  return detail::allocate_and_run(
      slice_output_shape(in.shape(), begins, ends, steps),
      [&](TensorView out) { return slice(in, begins, ends, steps, out); });
}

}  // namespace tessera::ttnn::math
