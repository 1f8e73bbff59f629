#include "tessera/sim/tile/bfp8.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

namespace tessera::sim::tile {
namespace {

constexpr uint32_t kExponentMask = 0xffu;
constexpr uint32_t kFractionMask = 0x7fffffu;
constexpr uint32_t kHiddenBit = 0x800000u;
constexpr uint32_t kDroppedBits = 17;  // 24-bit mantissa down to 7 bits
constexpr uint32_t kTie = 1u << (kDroppedBits - 1);
constexpr uint32_t kMaxMagnitude = 0x7fu;
constexpr uint32_t kQuietNanMagnitude = 0x60u;

uint32_t shared_exponent(const uint32_t (&bits)[kFaceWidth]) {
  uint32_t max_exponent = 0;
  for (uint32_t i = 0; i < kFaceWidth; ++i) {
    max_exponent = std::max(max_exponent, (bits[i] >> 23) & kExponentMask);
  }
  return max_exponent;
}

// One value's sign+magnitude byte under the row's shared exponent. Written with
// bitwise selects only, so the 16-value loop vectorises.
uint8_t encode_value(uint32_t bits, uint32_t shared) {
  const uint32_t exponent = (bits >> 23) & kExponentMask;
  const uint32_t fraction = bits & kFractionMask;
  const uint32_t is_normal = static_cast<uint32_t>(exponent != 0);  // subnormals flush
  const uint32_t mantissa = (fraction | kHiddenBit) * is_normal;
  // Shifting a 24-bit mantissa by 31 already gives 0, so larger gaps clamp to 31.
  const uint32_t shift = std::min<uint32_t>(shared - exponent, 31);
  const uint32_t aligned = mantissa >> shift;
  const uint32_t dropped = aligned & ((1u << kDroppedBits) - 1);
  uint32_t magnitude = aligned >> kDroppedBits;
  const uint32_t round_up =
      static_cast<uint32_t>(dropped > kTie) | (static_cast<uint32_t>(dropped == kTie) & magnitude);
  magnitude = std::min(magnitude + (round_up & 1u), kMaxMagnitude);
  const bool is_nan = exponent == kExponentMask && fraction != 0;
  magnitude = is_nan ? kQuietNanMagnitude : magnitude;
  const uint32_t sign = (bits >> 31) & static_cast<uint32_t>(magnitude != 0);
  return static_cast<uint8_t>((sign << 7) | magnitude);
}

// Under exponent 255 a magnitude with the hidden bit set is inf (0x40) or NaN; this rare
// row gets its own loop so the common one stays branch-free.
void unpack_special_row(const std::byte* in, float* out) {
  constexpr float kScale = 0x1p122f;  // 2^(255 - 133)
  for (uint32_t i = 0; i < kFaceWidth; ++i) {
    const uint32_t byte = std::to_integer<uint32_t>(in[i]);
    const uint32_t sign = (byte >> 7) << 31;
    const uint32_t magnitude = byte & kMaxMagnitude;
    uint32_t bits = std::bit_cast<uint32_t>(static_cast<float>(magnitude) * kScale) | sign;
    if (magnitude >= 0x40u) bits = sign | 0x7f800000u | (((magnitude << 1) & kMaxMagnitude) << 16);
    out[i] = std::bit_cast<float>(bits);
  }
}

// 2^(shared - 133) as a float; exact for every shared exponent 0..255.
float row_scale(uint32_t shared) {
  const int power = static_cast<int>(shared) - 133;
  if (power >= -126) return std::bit_cast<float>(static_cast<uint32_t>(power + 127) << 23);
  return std::bit_cast<float>(1u << (power + 149));  // fp32 subnormal
}

}  // namespace

void pack_bfp8_b_tile(std::span<const float, kTileElements> tile,
                      std::span<std::byte, kBfp8TileBytes> packed) {
  for (uint32_t row = 0; row < kBfp8TileExponentBytes; ++row) {
    uint32_t bits[kFaceWidth];
    std::memcpy(bits, tile.data() + row * kFaceWidth, sizeof(bits));
    const uint32_t shared = shared_exponent(bits);
    packed[row] = static_cast<std::byte>(shared);
    std::byte* out = packed.data() + kBfp8TileExponentBytes + row * kFaceWidth;
    for (uint32_t i = 0; i < kFaceWidth; ++i) out[i] = std::byte{encode_value(bits[i], shared)};
  }
}

void unpack_bfp8_b_tile(std::span<const std::byte, kBfp8TileBytes> packed,
                        std::span<float, kTileElements> tile) {
  for (uint32_t row = 0; row < kBfp8TileExponentBytes; ++row) {
    const uint32_t shared = std::to_integer<uint32_t>(packed[row]);
    const std::byte* in = packed.data() + kBfp8TileExponentBytes + row * kFaceWidth;
    float* out = tile.data() + row * kFaceWidth;
    if (shared == kExponentMask) {
      unpack_special_row(in, out);
      continue;
    }
    const float scale = row_scale(shared);
    for (uint32_t i = 0; i < kFaceWidth; ++i) {
      const uint32_t byte = std::to_integer<uint32_t>(in[i]);
      const uint32_t sign = (byte >> 7) << 31;
      const float value = static_cast<float>(byte & kMaxMagnitude) * scale;
      out[i] = std::bit_cast<float>(std::bit_cast<uint32_t>(value) | sign);
    }
  }
}

void round_tile_to_bfp8_b(std::span<float, kTileElements> tile) {
  std::array<std::byte, kBfp8TileBytes> packed;
  pack_bfp8_b_tile(tile, packed);
  unpack_bfp8_b_tile(packed, tile);
}

}  // namespace tessera::sim::tile
