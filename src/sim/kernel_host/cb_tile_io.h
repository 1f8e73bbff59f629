// The unpacker and packer of a compute kernel: tiles at the front of a CB
// (its read pointer) or at its back (write pointer), in the CB's data
// format, to and from fp32 tiles.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "tessera/base/status.h"
#include "tessera/sim/compute/tile_span.h"
#include "tessera/sim/kernel_host/kernel_host_state.h"
#include "tessera/sim/tile/data_format.h"

namespace tessera::sim::kernel_host {

// A tile as the CB stores it.
struct PackedCbTile {
  const std::byte* bytes = nullptr;  // tile_size_bytes(format) of them
  tile::DataFormat format{};
};

// Tile `tile_index` counted from the CB's read pointer, checked as
// unpack_cb_tile checks it, for ops that read packed tiles directly.
Result<PackedCbTile> front_cb_tile(KernelHostState& state, uint32_t cb, uint32_t tile_index);

// Unpacks tile `tile_index` counted from the CB's read pointer.
Status unpack_cb_tile(KernelHostState& state, uint32_t cb, uint32_t tile_index,
                      compute::TileSpan out);
// Packs into tile `tile_index` counted from the CB's write pointer.
Status pack_cb_tile(KernelHostState& state, uint32_t cb, uint32_t tile_index,
                    compute::ConstTileSpan in);

// Unpacks tile `tile_index` counted from the CB's write pointer (what a
// pack there would overwrite).
Status unpack_back_cb_tile(KernelHostState& state, uint32_t cb, uint32_t tile_index,
                           compute::TileSpan out);

// Waits for the pages of a compute kernel's deferred cb_reserve_back on `cb`
// (ComputeKernelState::pending_reserve), if any: before a pack writes there.
Status settle_pending_reserve(KernelHostState& state, uint32_t cb);

// Row-major elements starting at page `first_page` from the CB's read
// pointer, as floats.
Status read_cb_rows(KernelHostState& state, uint32_t cb, uint32_t first_page,
                    std::span<float> values);
// `values` as the CB's format, starting at page `first_page` from its write
// pointer.
Status write_cb_rows(KernelHostState& state, uint32_t cb, uint32_t first_page,
                     std::span<const float> values);
// `values` as the CB's format, `first_element` elements after its write
// pointer (a run of a row-major block).
Status write_cb_elements(KernelHostState& state, uint32_t cb, uint64_t first_element,
                         std::span<const float> values, const char* operation);

}  // namespace tessera::sim::kernel_host
