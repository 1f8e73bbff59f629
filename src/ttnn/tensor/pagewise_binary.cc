#include "tessera/ttnn/tensor/pagewise_binary.h"

#include <mutex>
#include <vector>

#include "tensor_pages.h"
#include "tessera/base/bfloat16.h"
#include "tessera/base/prefetch.h"
#include "tessera/sim/tile/element_convert.h"
#include "tessera/sim/tile/tile_codec.h"
#include "tessera/ttnn/math/parallel_for.h"

namespace tessera::ttnn {
namespace {

uint64_t elements_per_page(const TensorSpec& spec) {
  if (spec.layout == TensorLayout::kTile) return sim::tile::kTileElements;
  return spec.shape.rank() == 0 ? 1 : static_cast<uint64_t>(spec.shape[spec.shape.rank() - 1]);
}

// Calls visit(fn) with the op as a functor when plain IEEE arithmetic gives
// it; false for the ops math::binary defines (comparisons, NaN-aware max/min).
template <typename Visit>
bool visit_arithmetic(math::BinaryOp op, Visit&& visit) {
  switch (op) {
    case math::BinaryOp::kAdd:
      visit([](float x, float y) { return x + y; });
      return true;
    case math::BinaryOp::kSubtract:
      visit([](float x, float y) { return x - y; });
      return true;
    case math::BinaryOp::kMultiply:
      visit([](float x, float y) { return x * y; });
      return true;
    case math::BinaryOp::kDivide:
      visit([](float x, float y) { return x / y; });
      return true;
    default:
      return false;
  }
}

// Element codecs of the fused path: how a stored element becomes fp32 and back.
struct Float32Elements {
  using Stored = float;
  static float load(float value) { return value; }
  static float store(float value) { return value; }
};

struct Bfloat16Elements {
  using Stored = uint16_t;
  static float load(uint16_t bits) { return tessera::bfloat16_bits_to_float(bits); }
  static uint16_t store(float value) { return tessera::float_to_bfloat16_bits(value); }
};

// One pass over a page with all three operands in one format: load, compute
// in fp32, store (rounding to nearest even for bf16). The loop vectorises.
template <typename Elements>
void fused_page(math::BinaryOp op, const std::byte* lhs, const std::byte* rhs, std::byte* out,
                int64_t count) {
  using Stored = typename Elements::Stored;
  const auto* x = reinterpret_cast<const Stored*>(lhs);
  const auto* y = reinterpret_cast<const Stored*>(rhs);
  auto* z = reinterpret_cast<Stored*>(out);
  visit_arithmetic(op, [&](auto fn) {
    for (int64_t i = 0; i < count; ++i) {
      z[i] = Elements::store(fn(Elements::load(x[i]), Elements::load(y[i])));
    }
  });
}

Status decode_page(const TensorSpec& spec, const std::byte* page, std::span<float> values) {
  if (spec.layout == TensorLayout::kTile) {
    return sim::tile::unpack_tile(spec.format, {page, sim::tile::tile_size_bytes(spec.format)},
                                  values.first<sim::tile::kTileElements>());
  }
  return sim::tile::decode_to_float(
      spec.format, {page, values.size() * sim::tile::element_size_bytes(spec.format)}, values);
}

Status encode_page(const TensorSpec& spec, std::span<const float> values, std::byte* page) {
  if (spec.layout == TensorLayout::kTile) {
    return sim::tile::pack_tile(spec.format, values.first<sim::tile::kTileElements>(),
                                {page, sim::tile::tile_size_bytes(spec.format)});
  }
  return sim::tile::encode_from_float(
      spec.format, values, {page, values.size() * sim::tile::element_size_bytes(spec.format)});
}

// The fused path applies: one fp32 or bf16 format throughout, an arithmetic op.
bool fusable(math::BinaryOp op, const TensorSpec& a, const TensorSpec& b, const TensorSpec& out) {
  const DataFormat format = out.format;
  return a.format == format && b.format == format &&
         (format == DataFormat::kFloat32 || format == DataFormat::kFloat16_b) &&
         visit_arithmetic(op, [](auto) {});
}

}  // namespace

bool pagewise_binary_applies(const TensorSpec& a, const TensorSpec& b, const TensorSpec& out) {
  return a.shape == b.shape && a.shape == out.shape && a.layout == b.layout &&
         a.layout == out.layout && a.shape.numel() > 0;
}

Status pagewise_binary(math::BinaryOp op, const Tensor& a, const Tensor& b, const Tensor& out) {
  if (!pagewise_binary_applies(a.spec(), b.spec(), out.spec())) {
    return make_error(ErrorCode::kInvalidArgument, "pagewise ", math::binary_op_name(op),
                      ": operands differ in shape or layout");
  }
  TESSERA_ASSIGN_OR_RETURN(TensorPages a_pages, TensorPages::of(a));
  TESSERA_ASSIGN_OR_RETURN(TensorPages b_pages, TensorPages::of(b));
  TESSERA_ASSIGN_OR_RETURN(TensorPages out_pages, TensorPages::of(out));
  const int64_t page_elements = static_cast<int64_t>(elements_per_page(out.spec()));
  const bool fused = fusable(op, a.spec(), b.spec(), out.spec());
  const bool float32 = out.spec().format == DataFormat::kFloat32;
  std::mutex mutex;
  Status first_error = ok_status();
  auto record = [&](Status status) {
    std::lock_guard lock(mutex);
    if (first_error.ok()) first_error = std::move(status);
  };
  auto run_fused = [&](int64_t lo, int64_t hi) {
    for (int64_t page = lo; page < hi; ++page) {
      if (page + 1 < hi) {
        // Consecutive pages sit in different banks, where the hardware
        // prefetcher does not follow.
        prefetch_for_read(a_pages.page(page + 1), a_pages.page_size());
        prefetch_for_read(b_pages.page(page + 1), b_pages.page_size());
      }
      const std::byte* x = a_pages.page(page);
      const std::byte* y = b_pages.page(page);
      std::byte* z = out_pages.page(page);
      if (float32) {
        fused_page<Float32Elements>(op, x, y, z, page_elements);
      } else {
        fused_page<Bfloat16Elements>(op, x, y, z, page_elements);
      }
    }
  };
  // Any formats and ops: each page decoded to fp32, computed, encoded.
  auto run_decoded = [&](int64_t lo, int64_t hi) {
    const math::Shape page_shape{page_elements};
    std::vector<float> lhs(page_elements), rhs(page_elements), result(page_elements);
    for (int64_t page = lo; page < hi; ++page) {
      Status status = decode_page(a.spec(), a_pages.page(page), lhs);
      if (status.ok()) status = decode_page(b.spec(), b_pages.page(page), rhs);
      if (status.ok()) {
        status = math::binary(op, {lhs.data(), page_shape}, {rhs.data(), page_shape},
                              {result.data(), page_shape});
      }
      if (status.ok()) status = encode_page(out.spec(), result, out_pages.page(page));
      if (!status.ok()) return record(std::move(status));
    }
  };
  const int64_t grain = std::max<int64_t>(1, 16384 / page_elements);
  math::parallel_for(
      0, static_cast<int64_t>(out_pages.count()), grain,
      [&](int64_t lo, int64_t hi) { fused ? run_fused(lo, hi) : run_decoded(lo, hi); });
  return first_error;
}

}  // namespace tessera::ttnn
