// Data movement: embedding, permute, transpose, slice, concat, reshape, full.
#include "reference_ops.h"

namespace tessera::builder::reference {

Result<RefTensor> embedding(const RefTensor& indices, const RefTensor& weight) {
  if (weight.shape.size() != 2) {
    return make_error(ErrorCode::kInvalidArgument, "embedding weight must be 2-D, got rank ",
                      weight.shape.size());
  }
  int64_t rows = weight.shape[0], width = weight.shape[1];
  RefTensor out{indices.shape, {}};
  out.shape.push_back(width);
  out.values.reserve(indices.values.size() * static_cast<size_t>(width));
  for (double index : indices.values) {
    auto row = static_cast<int64_t>(index);
    if (row < 0 || row >= rows) {
      return make_error(ErrorCode::kOutOfRange, "embedding index ", row, " is outside [0, ", rows,
                        ")");
    }
    auto begin = weight.values.begin() + row * width;
    out.values.insert(out.values.end(), begin, begin + width);
  }
  return out;
}

Result<RefTensor> permute(const RefTensor& in, std::span<const int64_t> permutation) {
  size_t rank = in.shape.size();
  if (permutation.size() != rank) {
    return make_error(ErrorCode::kInvalidArgument, "permutation has ", permutation.size(),
                      " entries for rank ", rank);
  }
  std::vector<int64_t> axes(rank);
  std::vector<bool> seen(rank, false);
  for (size_t i = 0; i < rank; ++i) {
    TESSERA_ASSIGN_OR_RETURN(axes[i], normalize_dim(permutation[i], rank));
    if (seen[static_cast<size_t>(axes[i])]) {
      return make_error(ErrorCode::kInvalidArgument, "permutation repeats dimension ", axes[i]);
    }
    seen[static_cast<size_t>(axes[i])] = true;
  }
  std::vector<int64_t> in_strides = row_major_strides(in.shape);
  RefTensor out{std::vector<int64_t>(rank), std::vector<double>(in.values.size())};
  for (size_t i = 0; i < rank; ++i) out.shape[i] = in.shape[static_cast<size_t>(axes[i])];
  std::vector<int64_t> position(rank, 0);
  for (double& value : out.values) {
    int64_t source = 0;
    for (size_t i = 0; i < rank; ++i) source += position[i] * in_strides[axes[i]];
    value = in.values[static_cast<size_t>(source)];
    for (size_t d = rank; d-- > 0;) {
      if (++position[d] < out.shape[d]) break;
      position[d] = 0;
    }
  }
  return out;
}

Result<RefTensor> transpose(const RefTensor& in, int32_t dim0, int32_t dim1) {
  TESSERA_ASSIGN_OR_RETURN(int64_t a, normalize_dim(dim0, in.shape.size()));
  TESSERA_ASSIGN_OR_RETURN(int64_t b, normalize_dim(dim1, in.shape.size()));
  std::vector<int64_t> axes(in.shape.size());
  for (size_t i = 0; i < axes.size(); ++i) axes[i] = static_cast<int64_t>(i);
  std::swap(axes[static_cast<size_t>(a)], axes[static_cast<size_t>(b)]);
  return permute(in, axes);
}

// Each input element lands at its index plus the `before` paddings.
Result<RefTensor> pad(const RefTensor& in, std::span<const uint32_t> padding, double value) {
  const size_t rank = in.shape.size();
  if (padding.size() != 2 * rank) {
    return make_error(ErrorCode::kInvalidArgument, "pad needs ", 2 * rank,
                      " padding values for rank ", rank, ", got ", padding.size());
  }
  std::vector<int64_t> out_shape(rank);
  for (size_t d = 0; d < rank; ++d)
    out_shape[d] = in.shape[d] + padding[2 * d] + padding[2 * d + 1];
  const std::vector<int64_t> out_strides = row_major_strides(out_shape);
  RefTensor out{out_shape,
                std::vector<double>(static_cast<size_t>(element_count(out_shape)), value)};
  std::vector<int64_t> position(rank, 0);
  for (double element : in.values) {
    int64_t target = 0;
    for (size_t d = 0; d < rank; ++d) target += (position[d] + padding[2 * d]) * out_strides[d];
    out.values[static_cast<size_t>(target)] = element;
    for (size_t d = rank; d-- > 0;) {
      if (++position[d] < in.shape[d]) break;
      position[d] = 0;
    }
  }
  return out;
}

Result<RefTensor> slice(const RefTensor& in, std::span<const int64_t> begins,
                        std::span<const int64_t> ends, std::span<const int64_t> steps) {
  size_t rank = in.shape.size();
  if (begins.size() != rank || ends.size() != rank || (!steps.empty() && steps.size() != rank)) {
    return make_error(ErrorCode::kInvalidArgument, "slice needs begins/ends/step of rank ", rank);
  }
  std::vector<int64_t> start(rank), step(rank), out_shape(rank);
  for (size_t d = 0; d < rank; ++d) {
    int64_t size = in.shape[d];
    auto clamp = [size](int64_t v) { return std::clamp(v < 0 ? v + size : v, int64_t{0}, size); };
    step[d] = steps.empty() ? 1 : steps[d];
    if (step[d] <= 0) {
      return make_error(ErrorCode::kInvalidArgument, "slice step ", step[d], " must be positive");
    }
    start[d] = clamp(begins[d]);
    int64_t end = clamp(ends[d]);
    out_shape[d] = end > start[d] ? (end - start[d] + step[d] - 1) / step[d] : 0;
  }
  std::vector<int64_t> in_strides = row_major_strides(in.shape);
  RefTensor out{out_shape, std::vector<double>(static_cast<size_t>(element_count(out_shape)))};
  std::vector<int64_t> position(rank, 0);
  for (double& value : out.values) {
    int64_t source = 0;
    for (size_t d = 0; d < rank; ++d) source += (start[d] + position[d] * step[d]) * in_strides[d];
    value = in.values[static_cast<size_t>(source)];
    for (size_t d = rank; d-- > 0;) {
      if (++position[d] < out_shape[d]) break;
      position[d] = 0;
    }
  }
  return out;
}

Result<RefTensor> concat(std::span<const RefTensor> inputs, int32_t dim) {
  if (inputs.empty()) return make_error(ErrorCode::kInvalidArgument, "concat of no tensors");
  size_t rank = inputs[0].shape.size();
  TESSERA_ASSIGN_OR_RETURN(int64_t axis, normalize_dim(dim, rank));
  std::vector<int64_t> shape = inputs[0].shape;
  shape[static_cast<size_t>(axis)] = 0;
  for (const RefTensor& input : inputs) {
    for (size_t d = 0; d < rank; ++d) {
      if (input.shape.size() != rank ||
          (static_cast<int64_t>(d) != axis && input.shape[d] != shape[d])) {
        return make_error(ErrorCode::kInvalidArgument,
                          "concat inputs differ outside the concat dimension");
      }
    }
    shape[static_cast<size_t>(axis)] += input.shape[static_cast<size_t>(axis)];
  }
  int64_t outer = 1;
  for (int64_t d = 0; d < axis; ++d) outer *= shape[static_cast<size_t>(d)];
  RefTensor out{shape, {}};
  out.values.reserve(static_cast<size_t>(element_count(shape)));
  for (int64_t o = 0; o < outer; ++o) {
    for (const RefTensor& input : inputs) {
      int64_t chunk = outer == 0 ? 0 : element_count(input.shape) / outer;
      auto begin = input.values.begin() + o * chunk;
      out.values.insert(out.values.end(), begin, begin + chunk);
    }
  }
  return out;
}

Result<RefTensor> reshape(const RefTensor& in, std::span<const int64_t> shape) {
  std::vector<int64_t> resolved(shape.begin(), shape.end());
  int64_t known = 1, inferred = -1;
  for (size_t d = 0; d < resolved.size(); ++d) {
    if (resolved[d] == -1 && inferred < 0) {
      inferred = static_cast<int64_t>(d);
    } else {
      known *= resolved[d];
    }
  }
  int64_t count = static_cast<int64_t>(in.values.size());
  if (inferred >= 0 && known > 0) resolved[static_cast<size_t>(inferred)] = count / known;
  if (element_count(resolved) != count) {
    return make_error(ErrorCode::kInvalidArgument, "reshape to ", element_count(resolved),
                      " elements from ", count);
  }
  return RefTensor{resolved, in.values};
}

RefTensor full(std::span<const int64_t> shape, double value) {
  return RefTensor{{shape.begin(), shape.end()},
                   std::vector<double>(static_cast<size_t>(element_count(shape)), value)};
}

}  // namespace tessera::builder::reference
