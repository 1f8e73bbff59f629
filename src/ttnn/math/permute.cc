#include "tessera/ttnn/math/permute.h"

#include <algorithm>
#include <vector>

#include "allocate.h"
#include "strided_copy.h"
#include "tessera/ttnn/math/parallel_for.h"

namespace tessera::ttnn::math {
namespace {

// Square tiles small enough for both the read and write side to stay in L1.
constexpr int64_t kTile = 32;

// The input's contiguous dim lands on output dim `k` != the innermost output
// dim, so a row-by-row copy would read with a large stride. Copy tile by tile
// between the two dims instead; every other dim is an outer loop.
void tiled_permute(const detail::StridedLayout<1>& layout, int k, const float* in, float* out) {
  const int rank = layout.rank;
  const int last = rank - 1;
  std::vector<int64_t> out_strides(rank);
  int64_t stride = 1;
  for (int d = last; d >= 0; --d) {
    out_strides[d] = stride;
    stride *= layout.dims[d];
  }
  int64_t outer = 1;
  for (int d = 0; d < last; ++d) outer *= d == k ? 1 : layout.dims[d];
  const int64_t k_tiles = (layout.dims[k] + kTile - 1) / kTile;
  const int64_t in_last = layout.strides[0][last];
  const int64_t out_k = out_strides[k];
  parallel_for(0, outer * k_tiles, 1, [&](int64_t lo, int64_t hi) {
    for (int64_t task = lo; task < hi; ++task) {
      int64_t rest = task / k_tiles;
      const int64_t k0 = (task % k_tiles) * kTile;
      const int64_t k_n = std::min(kTile, layout.dims[k] - k0);
      int64_t in_base = k0, out_base = k0 * out_k;  // input stride along k is 1
      for (int d = last - 1; d >= 0; --d) {
        if (d == k) continue;
        const int64_t index = rest % layout.dims[d];
        rest /= layout.dims[d];
        in_base += index * layout.strides[0][d];
        out_base += index * out_strides[d];
      }
      // Stage each tile through a local buffer: both the strided-row reads and
      // the transposed writes then touch every cache line once, which avoids
      // set conflicts when the row stride is a power of two.
      float tile[kTile * kTile];
      for (int64_t l0 = 0; l0 < layout.dims[last]; l0 += kTile) {
        const int64_t l_n = std::min(kTile, layout.dims[last] - l0);
        for (int64_t j = 0; j < l_n; ++j) {
          const float* src = in + in_base + (l0 + j) * in_last;
          for (int64_t i = 0; i < k_n; ++i) tile[j * kTile + i] = src[i];
        }
        for (int64_t i = 0; i < k_n; ++i) {
          float* dst = out + out_base + i * out_k + l0;
          for (int64_t j = 0; j < l_n; ++j) dst[j] = tile[j * kTile + i];
        }
      }
    }
  });
}

Result<std::vector<int>> normalize_perm(const Shape& in, std::span<const int64_t> perm) {
  if (static_cast<int>(perm.size()) != in.rank()) {
    return make_error(ErrorCode::kInvalidArgument, "permute: got ", perm.size(),
                      " dims for a tensor of rank ", in.rank(), " (shape ", in, ")");
  }
  std::vector<int> dims(perm.size());
  std::vector<bool> seen(perm.size(), false);
  for (size_t i = 0; i < perm.size(); ++i) {
    TESSERA_ASSIGN_OR_RETURN(dims[i], normalize_dim(perm[i], in.rank(), "permute"));
    if (seen[dims[i]]) {
      return make_error(ErrorCode::kInvalidArgument, "permute: dim ", dims[i],
                        " appears more than once in the permutation");
    }
    seen[dims[i]] = true;
  }
  return dims;
}

}  // namespace

Result<Shape> permute_output_shape(const Shape& in, std::span<const int64_t> perm) {
  TESSERA_RETURN_IF_ERROR(validate_shape(in, "permute input"));
  TESSERA_ASSIGN_OR_RETURN(std::vector<int> dims, normalize_perm(in, perm));
  Shape out(std::vector<int64_t>(dims.size()));
  for (size_t i = 0; i < dims.size(); ++i) out[static_cast<int>(i)] = in[dims[i]];
  return out;
}

Status permute(ConstTensorView in, std::span<const int64_t> perm, TensorView out) {
  TESSERA_ASSIGN_OR_RETURN(Shape out_shape, permute_output_shape(in.shape(), perm));
  TESSERA_RETURN_IF_ERROR(check_output_shape(out, out_shape, "permute"));
  TESSERA_ASSIGN_OR_RETURN(std::vector<int> dims, normalize_perm(in.shape(), perm));
  if (out.numel() == 0) return ok_status();

  const std::vector<int64_t> in_strides = row_major_strides(in.shape());
  detail::StridedLayout<1> layout;
  layout.rank = std::max(out_shape.rank(), 1);
  layout.dims[0] = 1;
  for (int i = 0; i < out_shape.rank(); ++i) {
    layout.dims[i] = out_shape[i];
    layout.strides[0][i] = in_strides[dims[i]];
  }
  layout.coalesce();

  const int last = layout.rank - 1;
  int k = -1;  // output dim holding the input's contiguous dim
  for (int d = 0; d < layout.rank; ++d) {
    if (layout.strides[0][d] == 1) k = d;
  }
  if (k < 0 || k == last) {
    detail::strided_copy(layout, in.data(), out.data(), out.numel());
  } else {
    tiled_permute(layout, k, in.data(), out.data());
  }
  return ok_status();
}

Result<Tensor> permute(ConstTensorView in, std::span<const int64_t> perm) {
  return detail::allocate_and_run(permute_output_shape(in.shape(), perm),
                                  [&](TensorView out) { return permute(in, perm, out); });
}

namespace {

Result<std::vector<int64_t>> transpose_perm(const Shape& in, int64_t dim0, int64_t dim1) {
  TESSERA_ASSIGN_OR_RETURN(int d0, normalize_dim(dim0, in.rank(), "transpose"));
  TESSERA_ASSIGN_OR_RETURN(int d1, normalize_dim(dim1, in.rank(), "transpose"));
  std::vector<int64_t> perm(in.rank());
  for (int i = 0; i < in.rank(); ++i) perm[i] = i;
  std::swap(perm[d0], perm[d1]);
  return perm;
}

}  // namespace

Result<Shape> transpose_output_shape(const Shape& in, int64_t dim0, int64_t dim1) {
  TESSERA_ASSIGN_OR_RETURN(std::vector<int64_t> perm, transpose_perm(in, dim0, dim1));
  return permute_output_shape(in, perm);
}

Status transpose(ConstTensorView in, int64_t dim0, int64_t dim1, TensorView out) {
  TESSERA_ASSIGN_OR_RETURN(std::vector<int64_t> perm, transpose_perm(in.shape(), dim0, dim1));
  return permute(in, perm, out);
}

Result<Tensor> transpose(ConstTensorView in, int64_t dim0, int64_t dim1) {
  TESSERA_ASSIGN_OR_RETURN(std::vector<int64_t> perm, transpose_perm(in.shape(), dim0, dim1));
  return permute(in, perm);
}

}  // namespace tessera::ttnn::math
