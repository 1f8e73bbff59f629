// Shape: the dims of a row-major tensor (rank 0..kMaxRank), plus dim helpers.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/base/status.h"

namespace tessera::ttnn::math {

inline constexpr int kMaxRank = 8;

class Shape {
 public:
  Shape() = default;  // rank 0: a scalar with one element
  Shape(std::initializer_list<int64_t> dims) : dims_(dims) {}
  explicit Shape(std::vector<int64_t> dims) : dims_(std::move(dims)) {}
  explicit Shape(std::span<const int64_t> dims) : dims_(dims.begin(), dims.end()) {}

  int rank() const { return static_cast<int>(dims_.size()); }
  int64_t operator[](int i) const { return dims_[i]; }
  int64_t& operator[](int i) { return dims_[i]; }
  const std::vector<int64_t>& dims() const { return dims_; }
  int64_t numel() const;

  bool operator==(const Shape&) const = default;

  // "[2, 3, 4]"
  std::string to_string() const;

 private:
  std::vector<int64_t> dims_;
};

std::ostream& operator<<(std::ostream& os, const Shape& shape);

// Checks rank <= kMaxRank and every dim >= 0; `what` names the tensor in the error.
Status validate_shape(const Shape& shape, std::string_view what);

// Maps a possibly negative dim into [0, rank); `op` names the caller in the error.
Result<int> normalize_dim(int64_t dim, int rank, std::string_view op);

// Element strides of a contiguous row-major tensor.
std::vector<int64_t> row_major_strides(const Shape& shape);

}  // namespace tessera::ttnn::math
