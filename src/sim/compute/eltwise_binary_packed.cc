#include "tessera/sim/compute/eltwise_binary_packed.h"

#include <cstdint>
#include <cstring>

#include "binary_op_functors.h"
#include "tessera/base/bfloat16.h"
#include "tessera/base/vector_clones.h"

namespace tessera::sim::compute {
namespace {

using tile::DataFormat;
using tile::kTileElements;

// Fixed-length runs through local arrays: the loops vectorise and the
// packed bytes need no particular alignment.
constexpr uint32_t kRun = 64;

struct Float32Elements {
  [[gnu::always_inline]] static void load(const std::byte* tile, uint32_t first, float* out) {
    std::memcpy(out, tile + std::size_t{first} * 4, kRun * sizeof(float));
  }
};

struct Bfloat16Elements {
  [[gnu::always_inline]] static void load(const std::byte* tile, uint32_t first, float* out) {
    uint16_t bits[kRun];
    std::memcpy(bits, tile + std::size_t{first} * 2, sizeof(bits));
    for (uint32_t j = 0; j < kRun; ++j) out[j] = tessera::bfloat16_bits_to_float(bits[j]);
  }
};

template <typename A, typename B, typename Op>
[[gnu::always_inline]] inline void combine(const std::byte* a, const std::byte* b, float* dst,
                                           Op op) {
  for (uint32_t first = 0; first < kTileElements; first += kRun) {
    float x[kRun], y[kRun];
    A::load(a, first, x);
    B::load(b, first, y);
    for (uint32_t j = 0; j < kRun; ++j) dst[first + j] = op(x[j], y[j]);
  }
}

// One cloned entry point per format pair. Everything below it is forced
// inline: a function left out of line is compiled for baseline x86-64 only.
#define TESSERA_COMBINE_FORMATS(name, A, B)                                               \
  TESSERA_VECTOR_CLONES void name(BinaryOp op, const std::byte* a, const std::byte* b,    \
                                  float* dst) {                                           \
    dispatch_binary_op(                                                                   \
        op, [&](auto f) __attribute__((always_inline)) { combine<A, B>(a, b, dst, f); }); \
  }
TESSERA_COMBINE_FORMATS(combine_bf16_bf16, Bfloat16Elements, Bfloat16Elements)
TESSERA_COMBINE_FORMATS(combine_bf16_fp32, Bfloat16Elements, Float32Elements)
TESSERA_COMBINE_FORMATS(combine_fp32_bf16, Float32Elements, Bfloat16Elements)
TESSERA_COMBINE_FORMATS(combine_fp32_fp32, Float32Elements, Float32Elements)
#undef TESSERA_COMBINE_FORMATS

}  // namespace

bool has_packed_binary_path(DataFormat a, DataFormat b) {
  const auto fused = [](DataFormat format) {
    return format == DataFormat::kFloat32 || format == DataFormat::kFloat16_b;
  };
  return fused(a) && fused(b);
}

Status eltwise_binary_packed_tile(BinaryOp op, DataFormat format_a, const std::byte* a,
                                  DataFormat format_b, const std::byte* b, TileSpan dst) {
  TESSERA_RETURN_IF_ERROR(check_binary_op(op, "eltwise binary on packed tiles"));
  if (!has_packed_binary_path(format_a, format_b)) {
    return make_error(ErrorCode::kInvalidArgument,
                      "eltwise binary on packed tiles: ", tile::data_format_name(format_a), " and ",
                      tile::data_format_name(format_b), " tiles have no fused path");
  }
  const bool a_bf16 = format_a == DataFormat::kFloat16_b;
  const bool b_bf16 = format_b == DataFormat::kFloat16_b;
  if (a_bf16 && b_bf16) {
    combine_bf16_bf16(op, a, b, dst.data());
  } else if (a_bf16) {
    combine_bf16_fp32(op, a, b, dst.data());
  } else if (b_bf16) {
    combine_fp32_bf16(op, a, b, dst.data());
  } else {
    combine_fp32_fp32(op, a, b, dst.data());
  }
  return ok_status();
}

}  // namespace tessera::sim::compute
