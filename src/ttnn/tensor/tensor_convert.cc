#include "tessera/ttnn/tensor/tensor_convert.h"

#include <array>

#include "page_codec.h"
#include "tensor_pages.h"
#include "tessera/sim/tile/tilize.h"

namespace tessera::ttnn {
namespace {

Result<Tensor> place(std::vector<std::byte> bytes, TensorSpec spec, metal::Device* device) {
  if (!spec.on_device()) return Tensor::host(std::move(spec), std::move(bytes));
  if (device == nullptr) {
    return make_error(ErrorCode::kFailedPrecondition, "placing ", spec.describe(),
                      " needs an open device");
  }
  TESSERA_ASSIGN_OR_RETURN(Tensor tensor, Tensor::allocate(*device, std::move(spec)));
  Status written = tensor.write_bytes(bytes);
  if (!written.ok()) {
    (void)tensor.deallocate();
    return std::move(written).error();
  }
  return tensor;
}

// Same format, other layout: tilize or untilize the raw elements.
Result<std::vector<std::byte>> relayout_bytes(std::vector<std::byte> bytes, const TensorSpec& from,
                                              const TensorSpec& to) {
  if (from.layout == to.layout) return bytes;
  TESSERA_ASSIGN_OR_RETURN(uint64_t size, to.size_bytes());
  std::vector<std::byte> out(size);
  const std::vector<uint64_t> dims = from.unsigned_dims();
  const uint32_t element = sim::tile::element_size_bytes(from.format);
  if (to.layout == TensorLayout::kTile) {
    const std::array<std::byte, 4> zero{};
    TESSERA_RETURN_IF_ERROR(
        sim::tile::tilize(bytes, out, dims, element, std::span(zero).first(element)));
  } else {
    TESSERA_RETURN_IF_ERROR(sim::tile::untilize(bytes, out, dims, element));
  }
  return out;
}

}  // namespace

Result<math::Tensor> to_float(const Tensor& tensor) {
  const TensorSpec& spec = tensor.spec();
  TESSERA_RETURN_IF_ERROR(spec.validate());
  math::Tensor values = math::Tensor::uninitialized(spec.shape);
  if (values.numel() == 0) return values;
  TESSERA_ASSIGN_OR_RETURN(TensorPages pages, TensorPages::of(tensor));
  TESSERA_RETURN_IF_ERROR(
      decode_pages(spec, pages, {values.data(), static_cast<size_t>(values.numel())}));
  return values;
}

Result<Tensor> from_float(std::span<const float> values, TensorSpec spec, metal::Device* device) {
  TESSERA_RETURN_IF_ERROR(spec.validate());
  if (static_cast<int64_t>(values.size()) != spec.shape.numel()) {
    return make_error(ErrorCode::kInvalidArgument, "tensor ", spec.describe(), " needs ",
                      spec.shape.numel(), " values, got ", values.size());
  }
  Tensor tensor;
  if (spec.on_device()) {
    if (device == nullptr) {
      return make_error(ErrorCode::kFailedPrecondition, "placing ", spec.describe(),
                        " needs an open device");
    }
    TESSERA_ASSIGN_OR_RETURN(tensor, Tensor::allocate(*device, spec));
  } else {
    TESSERA_ASSIGN_OR_RETURN(uint64_t size, spec.size_bytes());
    TESSERA_ASSIGN_OR_RETURN(tensor, Tensor::host(spec, std::vector<std::byte>(size)));
  }
  if (values.empty()) return tensor;
  auto pages = TensorPages::of(tensor);
  Status encoded = pages.ok() ? encode_pages(spec, values, *pages) : pages.status();
  if (!encoded.ok()) {
    (void)tensor.deallocate();
    return std::move(encoded).error();
  }
  return tensor;
}

Result<Tensor> convert(const Tensor& in, TensorSpec spec, metal::Device* device) {
  TESSERA_RETURN_IF_ERROR(spec.validate());
  const TensorSpec& from = in.spec();
  if (from.shape.numel() != spec.shape.numel()) {
    return make_error(ErrorCode::kInvalidArgument, "cannot convert ", from.describe(), " to ",
                      spec.describe(), ": element counts differ");
  }
  // Integers move as bytes (fp32 holds only 24 bits); float formats go page
  // by page through fp32, which is exact for them and avoids staging copies.
  const bool same_values = from.format == spec.format && !sim::tile::is_block_float(from.format);
  const bool as_bytes =
      same_values && (sim::tile::is_integer(from.format) || from.shape != spec.shape);
  if (as_bytes && (from.shape == spec.shape || (from.layout == TensorLayout::kRowMajor &&
                                                spec.layout == TensorLayout::kRowMajor))) {
    TESSERA_ASSIGN_OR_RETURN(std::vector<std::byte> bytes, in.read_bytes());
    TESSERA_ASSIGN_OR_RETURN(bytes, relayout_bytes(std::move(bytes), from, spec));
    return place(std::move(bytes), std::move(spec), device);
  }
  TESSERA_ASSIGN_OR_RETURN(math::Tensor values, to_float(in));
  return from_float(values.span(), std::move(spec), device);
}

}  // namespace tessera::ttnn
