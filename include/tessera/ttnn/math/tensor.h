// Row-major contiguous fp32 tensors: non-owning views and an owning Tensor.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "tessera/base/large_buffer.h"
#include "tessera/base/status.h"
#include "tessera/ttnn/math/shape.h"

namespace tessera::ttnn::math {

// Read-only view; the caller guarantees `data` holds shape.numel() floats.
class ConstTensorView {
 public:
  ConstTensorView(const float* data, Shape shape) : data_(data), shape_(std::move(shape)) {}

  const float* data() const { return data_; }
  const Shape& shape() const { return shape_; }
  int64_t numel() const { return shape_.numel(); }
  std::span<const float> span() const { return {data_, static_cast<size_t>(numel())}; }

 private:
  const float* data_;
  Shape shape_;
};

// Writable view; the caller guarantees `data` holds shape.numel() floats.
class TensorView {
 public:
  TensorView(float* data, Shape shape) : data_(data), shape_(std::move(shape)) {}

  float* data() const { return data_; }
  const Shape& shape() const { return shape_; }
  int64_t numel() const { return shape_.numel(); }
  std::span<float> span() const { return {data_, static_cast<size_t>(numel())}; }
  operator ConstTensorView() const { return {data_, shape_}; }  // NOLINT: implicit

 private:
  float* data_;
  Shape shape_;
};

// Owning tensor. Move-only so large results are never copied by accident.
class Tensor {
 public:
  // Contents left uninitialised: every op overwrites all of its output.
  static Tensor uninitialized(Shape shape);
  static Tensor filled(Shape shape, float value);
  // Fails if the shape is invalid or `values` does not hold exactly numel() floats.
  static Result<Tensor> from_values(Shape shape, std::span<const float> values);

  ~Tensor();
  Tensor(Tensor&& other) noexcept;
  Tensor& operator=(Tensor&& other) noexcept;
  Tensor clone() const;

  const Shape& shape() const { return shape_; }
  int64_t numel() const { return shape_.numel(); }
  float* data() { return data_; }
  const float* data() const { return data_; }
  std::span<const float> span() const { return {data_, static_cast<size_t>(numel())}; }
  std::vector<float> to_vector() const { return {span().begin(), span().end()}; }
  ConstTensorView view() const { return {data_, shape_}; }
  TensorView mutable_view() { return {data_, shape_}; }

 private:
  explicit Tensor(Shape shape);

  Shape shape_;
  // Large tensors come from a cache of mapped buffers (tensor_storage.h):
  // on virtual machines first touches of fresh pages cost more than most ops.
  LargeBuffer storage_;
  float* data_ = nullptr;
};

// Fails unless `out` has exactly `expected` shape; `op` names the caller.
Status check_output_shape(const TensorView& out, const Shape& expected, std::string_view op);

}  // namespace tessera::ttnn::math
