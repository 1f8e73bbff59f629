#include "cb_tile_io.h"

#include <algorithm>
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

// Host bytes of `bytes` bytes, `offset` bytes after the read (front) or
// write pointer of the kernel's view, checked to stay inside the CB.
Result<CbBytes> cb_bytes_at(KernelHostState& state, uint32_t cb, bool front, uint64_t offset,
                            uint64_t bytes, const char* operation) {
  const CircularBufferLayout* layout = cb_layout(state, cb);
  if (layout == nullptr) {
    return make_error(ErrorCode::kInvalidArgument, operation, " uses circular buffer ", cb,
                      ", which is not configured on core ", to_string(state.core->logical));
  }
  const tessera_cb_interface& view = state.cbs[cb];
  const uint64_t start = state.core->window_base + uint64_t{layout->address};
  uint64_t address = uint64_t{front ? view.fifo_rd_ptr : view.fifo_wr_ptr} + offset;
  if (address >= start + layout->size) address -= layout->size;  // wrapped
  if (offset >= layout->size || address + bytes > start + layout->size) {
    return make_error(ErrorCode::kOutOfRange, operation, " reads or writes ", bytes,
                      " bytes at page ", offset / layout->page_size, " of circular buffer ", cb,
                      " (", layout->num_pages(), " pages of ", layout->page_size,
                      " bytes): past the end of the CB");
  }
  return CbBytes{reinterpret_cast<std::byte*>(static_cast<uintptr_t>(address)), layout->format};
}

// Tile `page` (a page index) from the read or write pointer.
Result<CbBytes> cb_bytes(KernelHostState& state, uint32_t cb, bool front, uint32_t page,
                         uint64_t bytes, const char* operation) {
  const CircularBufferLayout* layout = cb_layout(state, cb);
  const uint64_t page_size = layout ? layout->page_size : 0;
  return cb_bytes_at(state, cb, front, uint64_t{page} * page_size, bytes, operation);
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
  TESSERA_RETURN_IF_ERROR(settle_pending_reserve(state, cb));
  const CircularBufferLayout* layout = cb_layout(state, cb);
  const uint64_t bytes = layout ? tile::tile_size_bytes(layout->format) : 0;
  TESSERA_ASSIGN_OR_RETURN(CbBytes tile_bytes,
                           cb_bytes(state, cb, false, tile_index, bytes, "pack_tile"));
  return tile::pack_tile(tile_bytes.format, in, std::span<std::byte>(tile_bytes.data, bytes));
}

Status unpack_back_cb_tile(KernelHostState& state, uint32_t cb, uint32_t tile_index,
                           compute::TileSpan out) {
  TESSERA_RETURN_IF_ERROR(settle_pending_reserve(state, cb));
  const CircularBufferLayout* layout = cb_layout(state, cb);
  const uint64_t bytes = layout ? tile::tile_size_bytes(layout->format) : 0;
  TESSERA_ASSIGN_OR_RETURN(CbBytes tile_bytes,
                           cb_bytes(state, cb, false, tile_index, bytes, "pack_tile"));
  return tile::unpack_tile(tile_bytes.format, std::span<const std::byte>(tile_bytes.data, bytes),
                           out);
}

Status read_cb_rows(KernelHostState& state, uint32_t cb, uint32_t first_page,
                    std::span<float> values) {
  const CircularBufferLayout* layout = cb_layout(state, cb);
  const uint64_t bytes = layout ? values.size() * tile::element_size_bytes(layout->format) : 0;
  TESSERA_ASSIGN_OR_RETURN(CbBytes rows,
                           cb_bytes(state, cb, true, first_page, bytes, "tilize_block"));
  return tile::decode_to_float(rows.format, std::span<const std::byte>(rows.data, bytes), values);
}

Status write_cb_elements(KernelHostState& state, uint32_t cb, uint64_t first_element,
                         std::span<const float> values, const char* operation) {
  TESSERA_RETURN_IF_ERROR(settle_pending_reserve(state, cb));
  const CircularBufferLayout* layout = cb_layout(state, cb);
  const uint64_t element = layout ? tile::element_size_bytes(layout->format) : 0;
  const uint64_t bytes = values.size() * element;
  TESSERA_ASSIGN_OR_RETURN(
      CbBytes rows, cb_bytes_at(state, cb, false, first_element * element, bytes, operation));
  return tile::encode_from_float(rows.format, values, std::span<std::byte>(rows.data, bytes));
}

Status write_cb_rows(KernelHostState& state, uint32_t cb, uint32_t first_page,
                     std::span<const float> values) {
  const CircularBufferLayout* layout = cb_layout(state, cb);
  const uint64_t page_elements =
      layout ? layout->page_size / std::max<uint64_t>(1, tile::element_size_bytes(layout->format))
             : 0;
  return write_cb_elements(state, cb, uint64_t{first_page} * page_elements, values,
                           "untilize_block");
}

}  // namespace tessera::sim::kernel_host
