// Internal: walks a row-major output in row segments while tracking the
// element offsets of N inputs addressed by arbitrary strides (0 = broadcast).
//
// Used by broadcasting eltwise ops, slices and permutes: after coalescing, the
// innermost dim is one long segment the caller can process with a tight loop.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "tessera/ttnn/math/shape.h"

namespace tessera::ttnn::math::detail {

template <int N>
struct StridedLayout {
  int rank = 1;  // always >= 1 after make/coalesce
  std::array<int64_t, kMaxRank> dims{};
  std::array<std::array<int64_t, kMaxRank>, N> strides{};

  int64_t inner() const { return dims[rank - 1]; }
  int64_t inner_stride(int input) const { return strides[input][rank - 1]; }

  // Drops size-1 dims and merges a dim into the next one where every input
  // steps through them as one (stride[d] == stride[d+1] * dims[d+1]).
  void coalesce() {
    int out = 0;
    for (int d = 0; d < rank; ++d) {
      if (dims[d] == 1) continue;
      bool merge = out > 0;
      for (int k = 0; k < N && merge; ++k) {
        merge = strides[k][out - 1] == strides[k][d] * dims[d];
      }
      if (merge) {
        dims[out - 1] *= dims[d];
        for (int k = 0; k < N; ++k) strides[k][out - 1] = strides[k][d];
      } else {
        dims[out] = dims[d];
        for (int k = 0; k < N; ++k) strides[k][out] = strides[k][d];
        ++out;
      }
    }
    if (out == 0) {  // a single element
      dims[0] = 1;
      for (int k = 0; k < N; ++k) strides[k][0] = 0;
      out = 1;
    }
    rank = out;
  }

  // Calls segment(offsets, out_offset, length) for the row segments covering
  // output elements [begin, end); offsets[k] is input k's first element.
  template <typename Segment>
  void for_each_segment(int64_t begin, int64_t end, Segment&& segment) const {
    if (begin >= end) return;
    const int64_t n_inner = inner();
    std::array<int64_t, kMaxRank> index{};
    std::array<int64_t, N> row_offsets{};
    int64_t row = begin / n_inner;
    int64_t col = begin % n_inner;
    for (int d = rank - 2; d >= 0; --d) {
      index[d] = row % dims[d];
      row /= dims[d];
      for (int k = 0; k < N; ++k) row_offsets[k] += index[d] * strides[k][d];
    }
    int64_t pos = begin;
    while (pos < end) {
      const int64_t length = std::min(n_inner - col, end - pos);
      std::array<int64_t, N> offsets;
      for (int k = 0; k < N; ++k) offsets[k] = row_offsets[k] + col * strides[k][rank - 1];
      segment(offsets, pos, length);
      pos += length;
      col = 0;
      for (int d = rank - 2; d >= 0; --d) {  // odometer step to the next row
        for (int k = 0; k < N; ++k) row_offsets[k] += strides[k][d];
        if (++index[d] < dims[d]) break;
        for (int k = 0; k < N; ++k) row_offsets[k] -= strides[k][d] * dims[d];
        index[d] = 0;
      }
    }
  }
};

// Layout of `inputs` broadcast to `out` (shapes already checked compatible).
template <int N>
StridedLayout<N> make_broadcast_layout(const Shape& out,
                                       const std::array<const Shape*, N>& inputs) {
  StridedLayout<N> layout;
  layout.rank = std::max(out.rank(), 1);
  if (out.rank() == 0) {
    layout.dims[0] = 1;
  }
  for (int d = 0; d < out.rank(); ++d) layout.dims[d] = out[d];
  for (int k = 0; k < N; ++k) {
    const Shape& in = *inputs[k];
    int64_t stride = 1;
    for (int i = 1; i <= out.rank(); ++i) {
      const int d = out.rank() - i;
      const bool present = i <= in.rank();
      const int64_t size = present ? in[in.rank() - i] : 1;
      layout.strides[k][d] = size == 1 ? 0 : stride;
      stride *= size;
    }
  }
  layout.coalesce();
  return layout;
}

}  // namespace tessera::ttnn::math::detail
