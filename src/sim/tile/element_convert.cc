#include "tessera/sim/tile/element_convert.h"

#include <array>
#include <cmath>
#include <cstring>
#include <limits>

#include "tessera/base/bfloat16.h"
#include "tessera/base/float16.h"
#include "tessera/base/vector_clones.h"
#include "tessera/sim/tile/bfp8.h"
#include "tessera/sim/tile/tile_layout.h"

namespace tessera::sim::tile {
namespace {

// Elements converted per pass when going through a float staging buffer.
constexpr size_t kChunk = 1024;

template <typename T>
T load(const std::byte* p) {
  T value;
  std::memcpy(&value, p, sizeof(T));
  return value;
}

template <typename T>
void store(std::byte* p, T value) {
  std::memcpy(p, &value, sizeof(T));
}

// Nearest-even integer, saturated to [lo, hi]; NaN gives 0.
template <typename Int>
Int float_to_saturated_int(float value) {
  constexpr double lo = static_cast<double>(std::numeric_limits<Int>::min());
  constexpr double hi = static_cast<double>(std::numeric_limits<Int>::max());
  const double rounded = std::nearbyint(static_cast<double>(value));
  if (!(rounded == rounded)) return 0;
  if (rounded <= lo) return std::numeric_limits<Int>::min();
  if (rounded >= hi) return std::numeric_limits<Int>::max();
  return static_cast<Int>(rounded);
}

template <typename Int>
Int int64_to_saturated(int64_t value) {
  const int64_t lo = static_cast<int64_t>(std::numeric_limits<Int>::min());
  const int64_t hi = static_cast<int64_t>(std::numeric_limits<Int>::max());
  return static_cast<Int>(value < lo ? lo : (value > hi ? hi : value));
}

// bf16 <-> fp32 in fixed-size runs: loops with a constant trip count
// vectorise at -O2, which the per-element loop with a runtime bound does not
// (these two conversions are every bf16 unpack and pack of a kernel).
constexpr uint64_t kRun = 64;

TESSERA_VECTOR_CLONES void decode_bfloat16(const std::byte* in, float* out, uint64_t n) {
  uint64_t i = 0;
  for (; i + kRun <= n; i += kRun) {
    uint16_t bits[kRun];
    std::memcpy(bits, in + 2 * i, sizeof(bits));
    for (uint64_t j = 0; j < kRun; ++j) out[i + j] = bfloat16_bits_to_float(bits[j]);
  }
  for (; i < n; ++i) out[i] = bfloat16_bits_to_float(load<uint16_t>(in + 2 * i));
}

TESSERA_VECTOR_CLONES void encode_bfloat16(const float* in, std::byte* out, uint64_t n) {
  uint64_t i = 0;
  for (; i + kRun <= n; i += kRun) {
    uint16_t bits[kRun];
    for (uint64_t j = 0; j < kRun; ++j) bits[j] = float_to_bfloat16_bits(in[i + j]);
    std::memcpy(out + 2 * i, bits, sizeof(bits));
  }
  for (; i < n; ++i) store(out + 2 * i, float_to_bfloat16_bits(in[i]));
}

Status check_bytes(size_t have, uint64_t need, const char* what, DataFormat format) {
  if (have >= need) return ok_status();
  return make_error(ErrorCode::kOutOfRange, what, ": ", data_format_name(format), " buffer holds ",
                    have, " bytes but ", need, " are needed");
}

Status reject_block_float(DataFormat format, const char* what) {
  return make_error(ErrorCode::kInvalidArgument, what, ": ", data_format_name(format),
                    " exists only as whole tiles; use the tile codec");
}

Status reject_unknown(DataFormat format, const char* what) {
  return make_error(ErrorCode::kInvalidArgument, what, ": data format code ",
                    static_cast<uint32_t>(format), " is not supported");
}

int64_t load_integer(DataFormat format, const std::byte* p) {
  switch (format) {
    case DataFormat::kInt32:
      return load<int32_t>(p);
    case DataFormat::kUInt32:
      return load<uint32_t>(p);
    case DataFormat::kUInt16:
      return load<uint16_t>(p);
    default:
      return load<uint8_t>(p);
  }
}

void store_integer(DataFormat format, std::byte* p, int64_t value) {
  switch (format) {
    case DataFormat::kInt32:
      store(p, int64_to_saturated<int32_t>(value));
      break;
    case DataFormat::kUInt32:
      store(p, int64_to_saturated<uint32_t>(value));
      break;
    case DataFormat::kUInt16:
      store(p, int64_to_saturated<uint16_t>(value));
      break;
    default:
      store(p, int64_to_saturated<uint8_t>(value));
      break;
  }
}

// Integer to integer: no float detour, which would lose bits above 2^24.
void convert_integers(DataFormat from, const std::byte* src, DataFormat to, std::byte* dst,
                      uint64_t count) {
  const uint32_t in_size = element_size_bytes(from);
  const uint32_t out_size = element_size_bytes(to);
  for (uint64_t i = 0; i < count; ++i) {
    store_integer(to, dst + i * out_size, load_integer(from, src + i * in_size));
  }
}

}  // namespace

Status decode_to_float(DataFormat format, std::span<const std::byte> src, std::span<float> values) {
  if (is_block_float(format)) return reject_block_float(format, "decode_to_float");
  const uint64_t n = values.size();
  TESSERA_RETURN_IF_ERROR(
      check_bytes(src.size(), n * element_size_bytes(format), "decode_to_float", format));
  const std::byte* in = src.data();
  float* out = values.data();
  switch (format) {
    case DataFormat::kFloat32:
      std::memcpy(out, in, n * sizeof(float));
      break;
    case DataFormat::kFloat16_b:
      decode_bfloat16(in, out, n);
      break;
    case DataFormat::kFloat16:
      for (uint64_t i = 0; i < n; ++i) out[i] = half_bits_to_float(load<uint16_t>(in + 2 * i));
      break;
    case DataFormat::kInt32:
      for (uint64_t i = 0; i < n; ++i) out[i] = static_cast<float>(load<int32_t>(in + 4 * i));
      break;
    case DataFormat::kUInt32:
      for (uint64_t i = 0; i < n; ++i) out[i] = static_cast<float>(load<uint32_t>(in + 4 * i));
      break;
    case DataFormat::kUInt16:
      for (uint64_t i = 0; i < n; ++i) out[i] = static_cast<float>(load<uint16_t>(in + 2 * i));
      break;
    case DataFormat::kUInt8:
      for (uint64_t i = 0; i < n; ++i) out[i] = static_cast<float>(load<uint8_t>(in + i));
      break;
    default:
      return reject_unknown(format, "decode_to_float");
  }
  return ok_status();
}

Status encode_from_float(DataFormat format, std::span<const float> values,
                         std::span<std::byte> dst) {
  if (is_block_float(format)) return reject_block_float(format, "encode_from_float");
  const uint64_t n = values.size();
  TESSERA_RETURN_IF_ERROR(
      check_bytes(dst.size(), n * element_size_bytes(format), "encode_from_float", format));
  const float* in = values.data();
  std::byte* out = dst.data();
  switch (format) {
    case DataFormat::kFloat32:
      std::memcpy(out, in, n * sizeof(float));
      break;
    case DataFormat::kFloat16_b:
      encode_bfloat16(in, out, n);
      break;
    case DataFormat::kFloat16:
      for (uint64_t i = 0; i < n; ++i) store(out + 2 * i, float_to_half_bits(in[i]));
      break;
    case DataFormat::kInt32:
      for (uint64_t i = 0; i < n; ++i) store(out + 4 * i, float_to_saturated_int<int32_t>(in[i]));
      break;
    case DataFormat::kUInt32:
      for (uint64_t i = 0; i < n; ++i) store(out + 4 * i, float_to_saturated_int<uint32_t>(in[i]));
      break;
    case DataFormat::kUInt16:
      for (uint64_t i = 0; i < n; ++i) store(out + 2 * i, float_to_saturated_int<uint16_t>(in[i]));
      break;
    case DataFormat::kUInt8:
      for (uint64_t i = 0; i < n; ++i) store(out + i, float_to_saturated_int<uint8_t>(in[i]));
      break;
    default:
      return reject_unknown(format, "encode_from_float");
  }
  return ok_status();
}

Status convert_elements(DataFormat from, std::span<const std::byte> src, DataFormat to,
                        std::span<std::byte> dst, uint64_t count) {
  if (is_block_float(from)) return reject_block_float(from, "convert_elements");
  if (is_block_float(to)) return reject_block_float(to, "convert_elements");
  TESSERA_RETURN_IF_ERROR(
      check_bytes(src.size(), count * element_size_bytes(from), "convert_elements input", from));
  TESSERA_RETURN_IF_ERROR(
      check_bytes(dst.size(), count * element_size_bytes(to), "convert_elements output", to));
  if (element_size_bytes(from) == 0) return reject_unknown(from, "convert_elements");
  if (element_size_bytes(to) == 0) return reject_unknown(to, "convert_elements");
  if (from == to) {
    std::memcpy(dst.data(), src.data(), count * element_size_bytes(from));
    return ok_status();
  }
  if (is_integer(from) && is_integer(to)) {
    convert_integers(from, src.data(), to, dst.data(), count);
    return ok_status();
  }
  std::array<float, kChunk> staging;
  const uint32_t in_size = element_size_bytes(from);
  const uint32_t out_size = element_size_bytes(to);
  for (uint64_t start = 0; start < count; start += kChunk) {
    const size_t n = static_cast<size_t>(count - start < kChunk ? count - start : kChunk);
    std::span<float> chunk(staging.data(), n);
    TESSERA_RETURN_IF_ERROR(decode_to_float(from, src.subspan(start * in_size), chunk));
    TESSERA_RETURN_IF_ERROR(encode_from_float(to, chunk, dst.subspan(start * out_size)));
  }
  return ok_status();
}

namespace {

Status check_same_length(size_t src, size_t dst, const char* what) {
  if (src == dst) return ok_status();
  return make_error(ErrorCode::kInvalidArgument, what, ": input has ", src,
                    " elements but output has ", dst);
}

}  // namespace

Status convert_float_to_bfloat16(std::span<const float> src, std::span<uint16_t> dst) {
  TESSERA_RETURN_IF_ERROR(check_same_length(src.size(), dst.size(), "convert_float_to_bfloat16"));
  for (size_t i = 0; i < src.size(); ++i) dst[i] = float_to_bfloat16_bits(src[i]);
  return ok_status();
}

Status convert_bfloat16_to_float(std::span<const uint16_t> src, std::span<float> dst) {
  TESSERA_RETURN_IF_ERROR(check_same_length(src.size(), dst.size(), "convert_bfloat16_to_float"));
  for (size_t i = 0; i < src.size(); ++i) dst[i] = bfloat16_bits_to_float(src[i]);
  return ok_status();
}

Status convert_float_to_half(std::span<const float> src, std::span<uint16_t> dst) {
  TESSERA_RETURN_IF_ERROR(check_same_length(src.size(), dst.size(), "convert_float_to_half"));
  for (size_t i = 0; i < src.size(); ++i) dst[i] = float_to_half_bits(src[i]);
  return ok_status();
}

Status convert_half_to_float(std::span<const uint16_t> src, std::span<float> dst) {
  TESSERA_RETURN_IF_ERROR(check_same_length(src.size(), dst.size(), "convert_half_to_float"));
  for (size_t i = 0; i < src.size(); ++i) dst[i] = half_bits_to_float(src[i]);
  return ok_status();
}

Status round_to_format(DataFormat format, std::span<float> values) {
  switch (format) {
    case DataFormat::kFloat32:
      return ok_status();
    case DataFormat::kFloat16_b:
      for (float& v : values) v = round_to_bfloat16(v);
      return ok_status();
    case DataFormat::kFloat16:
      for (float& v : values) v = round_to_half(v);
      return ok_status();
    case DataFormat::kBfp8_b:
      if (values.size() % kTileElements != 0) {
        return make_error(ErrorCode::kInvalidArgument,
                          "round_to_format: Bfp8_b needs whole tiles"
                          " but got ",
                          values.size(), " values (not a multiple of 1024)");
      }
      for (size_t t = 0; t < values.size(); t += kTileElements) {
        round_tile_to_bfp8_b(values.subspan(t).first<kTileElements>());
      }
      return ok_status();
    case DataFormat::kInt32:
      for (float& v : values) v = static_cast<float>(float_to_saturated_int<int32_t>(v));
      return ok_status();
    case DataFormat::kUInt32:
      for (float& v : values) v = static_cast<float>(float_to_saturated_int<uint32_t>(v));
      return ok_status();
    case DataFormat::kUInt16:
      for (float& v : values) v = static_cast<float>(float_to_saturated_int<uint16_t>(v));
      return ok_status();
    case DataFormat::kUInt8:
      for (float& v : values) v = static_cast<float>(float_to_saturated_int<uint8_t>(v));
      return ok_status();
  }
  return reject_unknown(format, "round_to_format");
}

}  // namespace tessera::sim::tile
