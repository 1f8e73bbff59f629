#include "tessera/ttnn/tensor/pagewise_binary.h"

#include <cstring>
#include <mutex>
#include <vector>

#include "tensor_pages.h"
#include "tessera/sim/tile/element_convert.h"
#include "tessera/sim/tile/tile_codec.h"
#include "tessera/ttnn/math/parallel_for.h"

namespace tessera::ttnn {
namespace {

uint64_t elements_per_page(const TensorSpec& spec) {
  if (spec.layout == TensorLayout::kTile) return sim::tile::kTileElements;
  return spec.shape.rank() == 0 ? 1 : static_cast<uint64_t>(spec.shape[spec.shape.rank() - 1]);
}

// fp32 and bf16 pages take inlined loops the compiler vectorises; an fp32
// page is used in place.
const float* decode_page_fast(const TensorSpec& spec, const std::byte* page, float* scratch,
                              int64_t count) {
  if (spec.format == DataFormat::kFloat32) return reinterpret_cast<const float*>(page);
  const auto* bits = reinterpret_cast<const uint16_t*>(page);
  for (int64_t i = 0; i < count; ++i) {
    const uint32_t widened = static_cast<uint32_t>(bits[i]) << 16;
    std::memcpy(&scratch[i], &widened, sizeof(float));
  }
  return scratch;
}

// Round to nearest even; NaN stays NaN (quiet).
void encode_bfloat16(const float* values, std::byte* page, int64_t count) {
  auto* bits = reinterpret_cast<uint16_t*>(page);
  for (int64_t i = 0; i < count; ++i) {
    uint32_t word;
    std::memcpy(&word, &values[i], sizeof(float));
    const bool nan = (word & 0x7FFFFFFFu) > 0x7F800000u;
    const uint32_t rounded = (word + 0x7FFFu + ((word >> 16) & 1u)) >> 16;
    bits[i] = static_cast<uint16_t>(nan ? ((word >> 16) | 0x40u) : rounded);
  }
}

float widen_bfloat16(uint16_t bits) {
  const uint32_t word = static_cast<uint32_t>(bits) << 16;
  float value;
  std::memcpy(&value, &word, sizeof(float));
  return value;
}

uint16_t narrow_bfloat16(float value) {
  uint32_t word;
  std::memcpy(&word, &value, sizeof(float));
  const bool nan = (word & 0x7FFFFFFFu) > 0x7F800000u;
  const uint32_t rounded = (word + 0x7FFFu + ((word >> 16) & 1u)) >> 16;
  return static_cast<uint16_t>(nan ? ((word >> 16) | 0x40u) : rounded);
}

// bf16 op bf16 -> bf16 in one pass: widen, compute in fp32, round.
template <typename Fn>
void fused_bfloat16_page(const std::byte* lhs, const std::byte* rhs, std::byte* out, int64_t count,
                         Fn fn) {
  const auto* x = reinterpret_cast<const uint16_t*>(lhs);
  const auto* y = reinterpret_cast<const uint16_t*>(rhs);
  auto* z = reinterpret_cast<uint16_t*>(out);
  for (int64_t i = 0; i < count; ++i) {
    z[i] = narrow_bfloat16(fn(widen_bfloat16(x[i]), widen_bfloat16(y[i])));
  }
}

bool fused_bfloat16(math::BinaryOp op, const std::byte* lhs, const std::byte* rhs, std::byte* out,
                    int64_t count) {
  switch (op) {
    case math::BinaryOp::kAdd:
      fused_bfloat16_page(lhs, rhs, out, count, [](float x, float y) { return x + y; });
      return true;
    case math::BinaryOp::kSubtract:
      fused_bfloat16_page(lhs, rhs, out, count, [](float x, float y) { return x - y; });
      return true;
    case math::BinaryOp::kMultiply:
      fused_bfloat16_page(lhs, rhs, out, count, [](float x, float y) { return x * y; });
      return true;
    case math::BinaryOp::kDivide:
      fused_bfloat16_page(lhs, rhs, out, count, [](float x, float y) { return x / y; });
      return true;
    default:
      return false;
  }
}

// Consecutive pages sit in different banks, where the hardware prefetcher
// does not follow; asking for the next page ahead hides most of the misses.
void prefetch_page(const std::byte* page, uint64_t size) {
  for (uint64_t offset = 0; offset < size; offset += 64) __builtin_prefetch(page + offset);
}

bool fast_format(DataFormat format) {
  return format == DataFormat::kFloat32 || format == DataFormat::kFloat16_b;
}

template <typename Fn>
void apply(const float* lhs, const float* rhs, float* out, int64_t count, Fn fn) {
  for (int64_t i = 0; i < count; ++i) out[i] = fn(lhs[i], rhs[i]);
}

// The ops IEEE arithmetic gives directly; the rest go through math::binary.
bool apply_fast(math::BinaryOp op, const float* lhs, const float* rhs, float* out, int64_t count) {
  switch (op) {
    case math::BinaryOp::kAdd:
      apply(lhs, rhs, out, count, [](float x, float y) { return x + y; });
      return true;
    case math::BinaryOp::kSubtract:
      apply(lhs, rhs, out, count, [](float x, float y) { return x - y; });
      return true;
    case math::BinaryOp::kMultiply:
      apply(lhs, rhs, out, count, [](float x, float y) { return x * y; });
      return true;
    case math::BinaryOp::kDivide:
      apply(lhs, rhs, out, count, [](float x, float y) { return x / y; });
      return true;
    default:
      return false;
  }
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
  const math::Shape page_shape{page_elements};
  std::mutex mutex;
  Status first_error = ok_status();
  auto record = [&](Status status) {
    std::lock_guard lock(mutex);
    if (first_error.ok()) first_error = std::move(status);
  };
  const int64_t grain = std::max<int64_t>(1, 16384 / page_elements);
  math::parallel_for(
      0, static_cast<int64_t>(out_pages.count()), grain, [&](int64_t lo, int64_t hi) {
        std::vector<float> lhs(page_elements), rhs(page_elements), result(page_elements);
        const bool fast = fast_format(a.spec().format) && fast_format(b.spec().format) &&
                          fast_format(out.spec().format);
        const bool all_bfloat16 = a.spec().format == DataFormat::kFloat16_b &&
                                  b.spec().format == DataFormat::kFloat16_b &&
                                  out.spec().format == DataFormat::kFloat16_b;
        for (; lo < hi && all_bfloat16; ++lo) {
          if (lo + 1 < hi) {
            prefetch_page(a_pages.page(lo + 1), a_pages.page_size());
            prefetch_page(b_pages.page(lo + 1), b_pages.page_size());
          }
          if (!fused_bfloat16(op, a_pages.page(lo), b_pages.page(lo), out_pages.page(lo),
                              page_elements)) {
            break;
          }
        }
        for (int64_t page = lo; page < hi && fast; ++page) {
          if (page + 1 < hi) {
            prefetch_page(a_pages.page(page + 1), a_pages.page_size());
            prefetch_page(b_pages.page(page + 1), b_pages.page_size());
          }
          const float* x =
              decode_page_fast(a.spec(), a_pages.page(page), lhs.data(), page_elements);
          const float* y =
              decode_page_fast(b.spec(), b_pages.page(page), rhs.data(), page_elements);
          const bool in_place = out.spec().format == DataFormat::kFloat32;
          float* z = in_place ? reinterpret_cast<float*>(out_pages.page(page)) : result.data();
          if (!apply_fast(op, x, y, z, page_elements)) {
            Status status = math::binary(op, {x, page_shape}, {y, page_shape}, {z, page_shape});
            if (!status.ok()) return record(std::move(status));
          }
          if (!in_place) encode_bfloat16(z, out_pages.page(page), page_elements);
        }
        for (int64_t page = lo; page < hi && !fast; ++page) {
          Status status = decode_page(a.spec(), a_pages.page(page), lhs);
          if (status.ok()) status = decode_page(b.spec(), b_pages.page(page), rhs);
          if (status.ok()) {
            status = math::binary(op, {lhs.data(), page_shape}, {rhs.data(), page_shape},
                                  {result.data(), page_shape});
          }
          if (status.ok()) status = encode_page(out.spec(), result, out_pages.page(page));
          if (!status.ok()) return record(std::move(status));
        }
      });
  return first_error;
}

}  // namespace tessera::ttnn
