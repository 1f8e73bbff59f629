#include "cb_tile_io.h"

#include <cstddef>

#include "tessera/sim/tile/element_convert.h"
#include "tessera/sim/tile/tile_codec.h"

namespace tessera::sim::kernel_host {

namespace {

const CircularBufferLayout* cb_layout(const KernelHostState& state, uint32_t cb) {
  if (cb >= TESSERA_NUM_CIRCULAR_BUFFERS) return nullptr;
  return state.core->circular_buffers->layout(static_cast<int32_t>(cb));
}

struct CbBytes {
  std::byte* data = nullptr;
  tile::DataFormat format{};
};

// Host bytes of `bytes` bytes at page `page` from `pointer` (read or write
// pointer of the kernel's view), checked to stay inside the CB.
Result<CbBytes> cb_bytes(KernelHostState& state, uint32_t cb, bool front, uint32_t page,
                         uint64_t bytes, const char* operation) {
  const CircularBufferLayout* layout = cb_layout(state, cb);
  if (layout == nullptr) {
    return make_error(ErrorCode::kInvalidArgument, operation, " uses circular buffer ", cb,
                      ", which is not configured on core ", to_string(state.core->logical));
  }
  const tessera_cb_interface& view = state.cbs[cb];
  const uint64_t start = state.core->window_base + uint64_t{layout->address};
  uint64_t address =
      uint64_t{front ? view.fifo_rd_ptr : view.fifo_wr_ptr} + uint64_t{page} * layout->page_size;
  if (address >= start + layout->size) address -= layout->size;  // wrapped
  if (page >= layout->num_pages() || address + bytes > start + layout->size) {
    return make_error(ErrorCode::kOutOfRange, operation, " reads or writes tile ", page,
                      " of circular buffer ", cb, " (", layout->num_pages(), " pages of ",
                      layout->page_size, " bytes, ", bytes,
                      " bytes per tile in its format): past the end of the CB");
  }
  return CbBytes{reinterpret_cast<std::byte*>(static_cast<uintptr_t>(address)), layout->format};
}

}  // namespace

Result<PackedCbTile> front_cb_tile(KernelHostState& state, uint32_t cb, uint32_t tile_index) {
  const CircularBufferLayout* layout = cb_layout(state, cb);
  const uint64_t bytes = layout ? tile::tile_size_bytes(layout->format) : 0;
  TESSERA_ASSIGN_OR_RETURN(CbBytes tile_bytes,
                           cb_bytes(state, cb, true, tile_index, bytes, "unpacking a tile"));
  if (state.strict_cb_pages) {
    const uint32_t filled = state.core->circular_buffers->pages_filled(static_cast<int32_t>(cb));
    if (tile_index >= filled) {
      return make_error(ErrorCode::kFailedPrecondition, "unpacks tile ", tile_index,
                        " of circular buffer ", cb, " but only ", filled,
                        " pages were pushed (strict CB mode: wait for pages before reading them)");
    }
  }
  return PackedCbTile{tile_bytes.data, tile_bytes.format};
}

Status unpack_cb_tile(KernelHostState& state, uint32_t cb, uint32_t tile_index,
                      compute::TileSpan out) {
  TESSERA_ASSIGN_OR_RETURN(PackedCbTile packed, front_cb_tile(state, cb, tile_index));
  const std::span<const std::byte> bytes(packed.bytes, tile::tile_size_bytes(packed.format));
  return tile::unpack_tile(packed.format, bytes, out);
}

Status pack_cb_tile(KernelHostState& state, uint32_t cb, uint32_t tile_index,
                    compute::ConstTileSpan in) {
  const CircularBufferLayout* layout = cb_layout(state, cb);
  const uint64_t bytes = layout ? tile::tile_size_bytes(layout->format) : 0;
  TESSERA_ASSIGN_OR_RETURN(CbBytes tile_bytes,
                           cb_bytes(state, cb, false, tile_index, bytes, "pack_tile"));
  return tile::pack_tile(tile_bytes.format, in, std::span<std::byte>(tile_bytes.data, bytes));
}

Status unpack_back_cb_tile(KernelHostState& state, uint32_t cb, uint32_t tile_index,
                           compute::TileSpan out) {
  const CircularBufferLayout* layout = cb_layout(state, cb);
  const uint64_t bytes = layout ? tile::tile_size_bytes(layout->format) : 0;
  TESSERA_ASSIGN_OR_RETURN(CbBytes tile_bytes,
                           cb_bytes(state, cb, false, tile_index, bytes, "pack_tile"));
  return tile::unpack_tile(tile_bytes.format, std::span<const std::byte>(tile_bytes.data, bytes),
                           out);
}

Status read_cb_rows(KernelHostState& state, uint32_t cb, std::span<float> values) {
  const CircularBufferLayout* layout = cb_layout(state, cb);
  const uint64_t bytes = layout ? values.size() * tile::element_size_bytes(layout->format) : 0;
  TESSERA_ASSIGN_OR_RETURN(CbBytes rows, cb_bytes(state, cb, true, 0, bytes, "tilize_block"));
  return tile::decode_to_float(rows.format, std::span<const std::byte>(rows.data, bytes), values);
}

Status write_cb_rows(KernelHostState& state, uint32_t cb, std::span<const float> values) {
  const CircularBufferLayout* layout = cb_layout(state, cb);
  const uint64_t bytes = layout ? values.size() * tile::element_size_bytes(layout->format) : 0;
  TESSERA_ASSIGN_OR_RETURN(CbBytes rows, cb_bytes(state, cb, false, 0, bytes, "untilize_block"));
  return tile::encode_from_float(rows.format, values, std::span<std::byte>(rows.data, bytes));
}

}  // namespace tessera::sim::kernel_host
