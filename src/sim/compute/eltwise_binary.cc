#include "tessera/sim/compute/eltwise_binary.h"

#include <array>

namespace tessera::sim::compute {
namespace {

using tile::kFaceElements;
using tile::kFaceHeight;
using tile::kFacesPerTile;
using tile::kFaceWidth;
using tile::kTileElements;

// Face f covers tile rows (f / 2) * 16.. and cols (f % 2) * 16..; a face row of the
// result takes its B values from the face in the same column (row bcast) or row (col bcast).
void broadcast_rows(const float* b, float* out) {
  for (uint32_t face = 0; face < kFacesPerTile; ++face) {
    const float* row0 = b + (face % 2) * kFaceElements;  // tile row 0, same columns
    for (uint32_t r = 0; r < kFaceHeight; ++r) {
      for (uint32_t c = 0; c < kFaceWidth; ++c)
        out[face * kFaceElements + r * kFaceWidth + c] = row0[c];
    }
  }
}

void broadcast_cols(const float* b, float* out) {
  for (uint32_t face = 0; face < kFacesPerTile; ++face) {
    const float* col0 = b + (face / 2) * 2 * kFaceElements;  // tile col 0, same rows
    for (uint32_t r = 0; r < kFaceHeight; ++r) {
      const float value = col0[r * kFaceWidth];
      for (uint32_t c = 0; c < kFaceWidth; ++c)
        out[face * kFaceElements + r * kFaceWidth + c] = value;
    }
  }
}

}  // namespace

const char* broadcast_type_name(BroadcastType type) {
  switch (type) {
    case BroadcastType::kNone:
      return "none";
    case BroadcastType::kRow:
      return "row";
    case BroadcastType::kCol:
      return "col";
    case BroadcastType::kScalar:
      return "scalar";
  }
  return "invalid";
}

void broadcast_tile(BroadcastType broadcast, ConstTileSpan b, TileSpan out) {
  switch (broadcast) {
    case BroadcastType::kRow:
      broadcast_rows(b.data(), out.data());
      return;
    case BroadcastType::kCol:
      broadcast_cols(b.data(), out.data());
      return;
    case BroadcastType::kScalar: {
      const float value = b[0];
      for (float& v : out) v = value;
      return;
    }
    case BroadcastType::kNone:
      break;
  }
  if (out.data() != b.data()) {
    for (uint32_t i = 0; i < kTileElements; ++i) out[i] = b[i];
  }
}

Status eltwise_binary_tile(BinaryOp op, BroadcastType broadcast, ConstTileSpan a, ConstTileSpan b,
                           TileSpan dst, DstUpdate update) {
  // Spreading B first keeps the arithmetic one flat loop for every broadcast kind.
  if (static_cast<int>(broadcast) < 0 ||
      static_cast<int>(broadcast) > static_cast<int>(BroadcastType::kScalar)) {
    return make_error(ErrorCode::kInvalidArgument, "eltwise binary: broadcast code ",
                      static_cast<int>(broadcast), " is not defined");
  }
  alignas(64) std::array<float, kTileElements> spread_b;
  alignas(64) std::array<float, kTileElements> result;
  ConstTileSpan rhs = b;
  if (broadcast != BroadcastType::kNone) {
    broadcast_tile(broadcast, b, spread_b);
    rhs = spread_b;
  }
  if (update == DstUpdate::kOverwrite) return apply_binary(op, a, rhs, dst);
  TESSERA_RETURN_IF_ERROR(apply_binary(op, a, rhs, result));
  for (uint32_t i = 0; i < kTileElements; ++i) dst[i] += result[i];
  return ok_status();
}

}  // namespace tessera::sim::compute
