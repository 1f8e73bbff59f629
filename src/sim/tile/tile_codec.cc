#include "tessera/sim/tile/tile_codec.h"

#include <array>

#include "tessera/sim/tile/bfp8.h"
#include "tessera/sim/tile/element_convert.h"

namespace tessera::sim::tile {
namespace {

Status check_tile_bytes(size_t have, DataFormat format, const char* what) {
  const uint32_t need = tile_size_bytes(format);
  if (need == 0) {
    return make_error(ErrorCode::kInvalidArgument, what, ": data format code ",
                      static_cast<uint32_t>(format), " is not supported");
  }
  if (have >= need) return ok_status();
  return make_error(ErrorCode::kOutOfRange, what, ": a ", data_format_name(format), " tile needs ",
                    need, " bytes but the buffer holds ", have);
}

}  // namespace

Status unpack_tile(DataFormat format, std::span<const std::byte> packed,
                   std::span<float, kTileElements> tile) {
  TESSERA_RETURN_IF_ERROR(check_tile_bytes(packed.size(), format, "unpack_tile"));
  if (format == DataFormat::kBfp8_b) {
    unpack_bfp8_b_tile(packed.first<kBfp8TileBytes>(), tile);
    return ok_status();
  }
  return decode_to_float(format, packed, tile);
}

Status pack_tile(DataFormat format, std::span<const float, kTileElements> tile,
                 std::span<std::byte> packed) {
  TESSERA_RETURN_IF_ERROR(check_tile_bytes(packed.size(), format, "pack_tile"));
  if (format == DataFormat::kBfp8_b) {
    pack_bfp8_b_tile(tile, packed.first<kBfp8TileBytes>());
    return ok_status();
  }
  return encode_from_float(format, tile, packed);
}

Status convert_tiles(DataFormat from, std::span<const std::byte> src, DataFormat to,
                     std::span<std::byte> dst, uint64_t num_tiles) {
  if (!is_block_float(from) && !is_block_float(to)) {
    return convert_elements(from, src, to, dst, num_tiles * kTileElements);
  }
  if (num_tiles == 0) return ok_status();
  TESSERA_RETURN_IF_ERROR(check_tile_bytes(src.size(), from, "convert_tiles input"));
  TESSERA_RETURN_IF_ERROR(check_tile_bytes(dst.size(), to, "convert_tiles output"));
  const uint64_t in_size = tile_size_bytes(from);
  const uint64_t out_size = tile_size_bytes(to);
  if (src.size() / in_size < num_tiles || dst.size() / out_size < num_tiles) {
    return make_error(ErrorCode::kOutOfRange, "convert_tiles: ", num_tiles, " tiles need ",
                      num_tiles * in_size, " input and ", num_tiles * out_size,
                      " output bytes but the buffers hold ", src.size(), " and ", dst.size());
  }
  std::array<float, kTileElements> staging;
  for (uint64_t t = 0; t < num_tiles; ++t) {
    TESSERA_RETURN_IF_ERROR(unpack_tile(from, src.subspan(t * in_size), staging));
    TESSERA_RETURN_IF_ERROR(pack_tile(to, staging, dst.subspan(t * out_size)));
  }
  return ok_status();
}

}  // namespace tessera::sim::tile
