#include "tessera/ttnn/math/tensor.h"

#include <algorithm>
#include <new>
#include <utility>

#include "tensor_storage.h"

namespace tessera::ttnn::math {

Tensor::Tensor(Shape shape)
    : shape_(std::move(shape)),
      storage_(acquire_tensor_storage(static_cast<size_t>(std::max<int64_t>(shape_.numel(), 1)) *
                                      sizeof(float))) {
  if (!storage_.valid()) throw std::bad_alloc();
  data_ = reinterpret_cast<float*>(storage_.data());
}

Tensor::~Tensor() {
  release_tensor_storage(std::move(storage_));
}

Tensor::Tensor(Tensor&& other) noexcept
    : shape_(std::move(other.shape_)),
      storage_(std::move(other.storage_)),
      data_(std::exchange(other.data_, nullptr)) {}

Tensor& Tensor::operator=(Tensor&& other) noexcept {
  if (this != &other) {
    release_tensor_storage(std::move(storage_));
    shape_ = std::move(other.shape_);
    storage_ = std::move(other.storage_);
    data_ = std::exchange(other.data_, nullptr);
  }
  return *this;
}

Tensor Tensor::uninitialized(Shape shape) {
  return Tensor(std::move(shape));
}

Tensor Tensor::filled(Shape shape, float value) {
  Tensor t(std::move(shape));
  std::fill_n(t.data(), t.numel(), value);
  return t;
}

Result<Tensor> Tensor::from_values(Shape shape, std::span<const float> values) {
  TESSERA_RETURN_IF_ERROR(validate_shape(shape, "tensor"));
  if (static_cast<int64_t>(values.size()) != shape.numel()) {
    return make_error(ErrorCode::kInvalidArgument, "tensor of shape ", shape, " needs ",
                      shape.numel(), " values, got ", values.size());
  }
  Tensor t(std::move(shape));
  std::copy(values.begin(), values.end(), t.data());
  return t;
}

Tensor Tensor::clone() const {
  Tensor t(shape_);
  std::copy_n(data(), numel(), t.data());
  return t;
}

Status check_output_shape(const TensorView& out, const Shape& expected, std::string_view op) {
  if (out.shape() != expected) {
    return make_error(ErrorCode::kInvalidArgument, op, ": output has shape ", out.shape(),
                      " but the result has shape ", expected);
  }
  return ok_status();
}

}  // namespace tessera::ttnn::math
