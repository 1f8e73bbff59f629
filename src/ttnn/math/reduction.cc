#include "tessera/ttnn/math/reduction.h"

#include <algorithm>
#include <array>
#include <limits>
#include <vector>

#include "allocate.h"
#include "tessera/ttnn/math/parallel_for.h"

namespace tessera::ttnn::math {
namespace {

constexpr int64_t kColumnBlock = 512;
constexpr int kLanes = 8;

// Which dims are reduced, after normalising and checking the dim list.
Result<std::vector<bool>> reduced_dims(ReduceOp op, const Shape& in,
                                       std::span<const int64_t> dims) {
  std::vector<bool> reduced(in.rank(), dims.empty());
  for (int64_t dim : dims) {
    TESSERA_ASSIGN_OR_RETURN(int d, normalize_dim(dim, in.rank(), reduce_op_name(op)));
    if (reduced[d]) {
      return make_error(ErrorCode::kInvalidArgument, reduce_op_name(op), ": dim ", d,
                        " is listed more than once in the dims to reduce (input shape ", in, ")");
    }
    reduced[d] = true;
  }
  return reduced;
}

// Compile-time op so the inner loops are branch-free and vectorise.
template <ReduceOp op>
float combine(float acc, float v) {
  if constexpr (op == ReduceOp::kMax) return (v > acc || v != v) ? v : acc;
  return acc + v;
}

// Reduces x[o, r, i] over r for a contiguous [outer, r_size, inner] tensor.
// Each output element is owned by one chunk and summed in a fixed order.
template <ReduceOp op>
void reduce_middle(const float* x, int64_t outer, int64_t r_size, int64_t inner, float* out) {
  const float init = op == ReduceOp::kMax ? -std::numeric_limits<float>::infinity() : 0.0f;
  if (inner == 1) {
    // Contiguous rows: kLanes independent accumulators let the loop vectorise.
    parallel_for(0, outer, std::max<int64_t>(1, 8192 / std::max<int64_t>(r_size, 1)),
                 [&](int64_t lo, int64_t hi) {
                   for (int64_t o = lo; o < hi; ++o) {
                     const float* row = x + o * r_size;
                     std::array<float, kLanes> acc;
                     acc.fill(init);
                     int64_t r = 0;
                     for (; r + kLanes <= r_size; r += kLanes) {
                       for (int j = 0; j < kLanes; ++j) acc[j] = combine<op>(acc[j], row[r + j]);
                     }
                     for (; r < r_size; ++r) acc[0] = combine<op>(acc[0], row[r]);
                     for (int width = kLanes / 2; width > 0; width /= 2) {
                       for (int j = 0; j < width; ++j) acc[j] = combine<op>(acc[j], acc[j + width]);
                     }
                     out[o] = acc[0];
                   }
                 });
    return;
  }
  const int64_t blocks = (inner + kColumnBlock - 1) / kColumnBlock;
  parallel_for(0, outer * blocks, 1, [&](int64_t lo, int64_t hi) {
    for (int64_t task = lo; task < hi; ++task) {
      const int64_t o = task / blocks;
      const int64_t i0 = (task % blocks) * kColumnBlock;
      const int64_t n = std::min(kColumnBlock, inner - i0);
      float* acc = out + o * inner + i0;
      for (int64_t i = 0; i < n; ++i) acc[i] = init;
      for (int64_t r = 0; r < r_size; ++r) {
        const float* row = x + (o * r_size + r) * inner + i0;
        for (int64_t i = 0; i < n; ++i) acc[i] = combine<op>(acc[i], row[i]);
      }
    }
  });
}

struct DimGroup {
  int64_t size;
  bool reduced;
};

// Adjacent dims of the same kind merge: fewer, larger passes.
std::vector<DimGroup> group_dims(const Shape& in, const std::vector<bool>& reduced) {
  std::vector<DimGroup> groups;
  for (int d = 0; d < in.rank(); ++d) {
    if (!groups.empty() && groups.back().reduced == reduced[d]) {
      groups.back().size *= in[d];
    } else {
      groups.push_back({in[d], reduced[d]});
    }
  }
  return groups;
}

}  // namespace

const char* reduce_op_name(ReduceOp op) {
  switch (op) {
    case ReduceOp::kSum:
      return "sum";
    case ReduceOp::kMean:
      return "mean";
    case ReduceOp::kMax:
      return "max";
  }
  return "unknown reduction";
}

Result<Shape> reduce_output_shape(ReduceOp op, const Shape& in, std::span<const int64_t> dims,
                                  bool keep_dim) {
  TESSERA_RETURN_IF_ERROR(validate_shape(in, std::string(reduce_op_name(op)) + " input"));
  TESSERA_ASSIGN_OR_RETURN(std::vector<bool> reduced, reduced_dims(op, in, dims));
  std::vector<int64_t> out_dims;
  for (int d = 0; d < in.rank(); ++d) {
    if (reduced[d] && op == ReduceOp::kMax && in[d] == 0) {
      return make_error(ErrorCode::kInvalidArgument, "max: cannot reduce over an empty dim: dim ",
                        d, " of shape ", in, " has size 0");
    }
    if (!reduced[d]) {
      out_dims.push_back(in[d]);
    } else if (keep_dim) {
      out_dims.push_back(1);
    }
  }
  return Shape(std::move(out_dims));
}

Status reduce(ReduceOp op, ConstTensorView in, std::span<const int64_t> dims, bool keep_dim,
              TensorView out) {
  TESSERA_ASSIGN_OR_RETURN(Shape out_shape, reduce_output_shape(op, in.shape(), dims, keep_dim));
  TESSERA_RETURN_IF_ERROR(check_output_shape(out, out_shape, reduce_op_name(op)));
  TESSERA_ASSIGN_OR_RETURN(std::vector<bool> reduced, reduced_dims(op, in.shape(), dims));
  if (out.numel() == 0) return ok_status();

  std::vector<DimGroup> groups = group_dims(in.shape(), reduced);
  int64_t count = 1;
  for (const DimGroup& g : groups) count *= g.reduced ? g.size : 1;
  const ReduceOp pass_op = op == ReduceOp::kMean ? ReduceOp::kSum : op;

  // One pass per reduced group, innermost first; intermediates live in `scratch`.
  const float* src = in.data();
  std::vector<float> scratch[2];
  int next_scratch = 0;
  bool wrote_out = false;
  while (true) {
    auto last =
        std::find_if(groups.rbegin(), groups.rend(), [](const DimGroup& g) { return g.reduced; });
    if (last == groups.rend()) break;
    const size_t g = static_cast<size_t>(std::distance(last, groups.rend()) - 1);
    int64_t outer = 1, inner = 1;
    for (size_t k = 0; k < g; ++k) outer *= groups[k].size;
    for (size_t k = g + 1; k < groups.size(); ++k) inner *= groups[k].size;
    const bool final_pass = std::none_of(groups.begin(), groups.begin() + g,
                                         [](const DimGroup& d) { return d.reduced; });
    float* dst = out.data();
    if (!final_pass) {
      scratch[next_scratch].resize(outer * inner);
      dst = scratch[next_scratch].data();
      next_scratch ^= 1;
    }
    if (pass_op == ReduceOp::kMax) {
      reduce_middle<ReduceOp::kMax>(src, outer, groups[g].size, inner, dst);
    } else {
      reduce_middle<ReduceOp::kSum>(src, outer, groups[g].size, inner, dst);
    }
    src = dst;
    wrote_out = final_pass;
    groups.erase(groups.begin() + g);
  }
  if (!wrote_out) std::copy_n(in.data(), in.numel(), out.data());  // nothing reduced
  if (op == ReduceOp::kMean) {
    const float divisor = static_cast<float>(count);
    for (int64_t i = 0; i < out.numel(); ++i) out.data()[i] /= divisor;
  }
  return ok_status();
}

Result<Tensor> reduce(ReduceOp op, ConstTensorView in, std::span<const int64_t> dims,
                      bool keep_dim) {
  return detail::allocate_and_run(
      reduce_output_shape(op, in.shape(), dims, keep_dim),
      [&](TensorView out) { return reduce(op, in, dims, keep_dim, out); });
}

}  // namespace tessera::ttnn::math
