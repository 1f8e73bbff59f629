#include "tessera/sim/tile/tilize.h"

#include <array>

namespace tessera::sim::tile {
namespace {

Status check_element_size(uint32_t element_size, const char* what) {
  if (element_size == 1 || element_size == 2 || element_size == 4) return ok_status();
  return make_error(ErrorCode::kInvalidArgument, what, ": element size ", element_size,
                    " bytes is not supported (1, 2 or 4)");
}

Status check_size(size_t have, uint64_t need, const char* what, const char* buffer) {
  if (have >= need) return ok_status();
  return make_error(ErrorCode::kOutOfRange, what, ": ", buffer, " holds ", have,
                    " bytes but the shape needs ", need);
}

// Byte offset in the tiled buffer of padded element (batch b, row r, col c).
uint64_t tiled_byte_offset(const TiledShape& s, uint64_t b, uint64_t r, uint64_t c, size_t e) {
  const uint64_t tile = (b * s.tiles_per_col + r / kTileHeight) * s.tiles_per_row + c / kTileWidth;
  return (tile * kTileElements + tile_offset(r % kTileHeight, c % kTileWidth)) * e;
}

// Moves one face row (16 elements) at a time; E is a constant so memcpy becomes plain moves.
template <size_t E>
void tilize_face_rows(const std::byte* src, std::byte* dst, const TiledShape& s,
                      const std::byte* pad_row) {
  constexpr size_t kFaceRowBytes = kFaceWidth * E;
  for (uint64_t b = 0; b < s.batch; ++b) {
    for (uint64_t r = 0; r < s.padded_rows; ++r) {
      const bool row_inside = r < s.rows;
      const std::byte* src_row = src + (b * s.rows + r) * s.cols * E;
      for (uint64_t c = 0; c < s.padded_cols; c += kFaceWidth) {
        std::byte* out = dst + tiled_byte_offset(s, b, r, c, E);
        if (row_inside && c + kFaceWidth <= s.cols) {
          std::memcpy(out, src_row + c * E, kFaceRowBytes);
          continue;
        }
        const uint64_t present = (row_inside && c < s.cols) ? s.cols - c : 0;
        if (present > 0) std::memcpy(out, src_row + c * E, present * E);
        std::memcpy(out + present * E, pad_row, kFaceRowBytes - present * E);
      }
    }
  }
}

template <size_t E>
void untilize_face_rows(const std::byte* src, std::byte* dst, const TiledShape& s) {
  for (uint64_t b = 0; b < s.batch; ++b) {
    for (uint64_t r = 0; r < s.rows; ++r) {
      std::byte* dst_row = dst + (b * s.rows + r) * s.cols * E;
      for (uint64_t c = 0; c < s.cols; c += kFaceWidth) {
        const std::byte* in = src + tiled_byte_offset(s, b, r, c, E);
        if (c + kFaceWidth <= s.cols) {
          std::memcpy(dst_row + c * E, in, kFaceWidth * E);
        } else {
          std::memcpy(dst_row + c * E, in, (s.cols - c) * E);
        }
      }
    }
  }
}

}  // namespace

Status tilize(std::span<const std::byte> row_major, std::span<std::byte> tiles,
              std::span<const uint64_t> shape, uint32_t element_size,
              std::span<const std::byte> pad_value) {
  TESSERA_RETURN_IF_ERROR(check_element_size(element_size, "tilize"));
  if (pad_value.size() != element_size) {
    return make_error(ErrorCode::kInvalidArgument, "tilize: pad value has ", pad_value.size(),
                      " bytes but elements have ", element_size);
  }
  TESSERA_ASSIGN_OR_RETURN(TiledShape s, tiled_shape(shape));
  TESSERA_RETURN_IF_ERROR(
      check_size(row_major.size(), s.logical_elements() * element_size, "tilize", "input"));
  TESSERA_RETURN_IF_ERROR(
      check_size(tiles.size(), s.padded_elements() * element_size, "tilize", "output"));

  std::array<std::byte, kFaceWidth * 4> pad_row;
  for (uint32_t i = 0; i < kFaceWidth; ++i) {
    std::memcpy(pad_row.data() + i * element_size, pad_value.data(), element_size);
  }
  switch (element_size) {
    case 1:
      tilize_face_rows<1>(row_major.data(), tiles.data(), s, pad_row.data());
      break;
    case 2:
      tilize_face_rows<2>(row_major.data(), tiles.data(), s, pad_row.data());
      break;
    default:
      tilize_face_rows<4>(row_major.data(), tiles.data(), s, pad_row.data());
      break;
  }
  return ok_status();
}

Status untilize(std::span<const std::byte> tiles, std::span<std::byte> row_major,
                std::span<const uint64_t> shape, uint32_t element_size) {
  TESSERA_RETURN_IF_ERROR(check_element_size(element_size, "untilize"));
  TESSERA_ASSIGN_OR_RETURN(TiledShape s, tiled_shape(shape));
  TESSERA_RETURN_IF_ERROR(
      check_size(tiles.size(), s.padded_elements() * element_size, "untilize", "input"));
  TESSERA_RETURN_IF_ERROR(
      check_size(row_major.size(), s.logical_elements() * element_size, "untilize", "output"));
  switch (element_size) {
    case 1:
      untilize_face_rows<1>(tiles.data(), row_major.data(), s);
      break;
    case 2:
      untilize_face_rows<2>(tiles.data(), row_major.data(), s);
      break;
    default:
      untilize_face_rows<4>(tiles.data(), row_major.data(), s);
      break;
  }
  return ok_status();
}

Status tilize_block(std::span<const std::byte> rows, std::span<std::byte> tiles,
                    uint32_t tiles_wide, uint32_t element_size) {
  if (tiles_wide == 0) {
    return make_error(ErrorCode::kInvalidArgument, "tilize_block: block is 0 tiles wide");
  }
  const uint64_t shape[2] = {kTileHeight, uint64_t{tiles_wide} * kTileWidth};
  const std::byte zero_pad[4] = {};
  return tilize(rows, tiles, shape, element_size,
                std::span<const std::byte>(zero_pad, element_size <= 4 ? element_size : 4));
}

Status untilize_block(std::span<const std::byte> tiles, std::span<std::byte> rows,
                      uint32_t tiles_wide, uint32_t element_size) {
  if (tiles_wide == 0) {
    return make_error(ErrorCode::kInvalidArgument, "untilize_block: block is 0 tiles wide");
  }
  const uint64_t shape[2] = {kTileHeight, uint64_t{tiles_wide} * kTileWidth};
  return untilize(tiles, rows, shape, element_size);
}

}  // namespace tessera::sim::tile
