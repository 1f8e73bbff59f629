// Dst capacity in tiles from the compute config, as TTNN's helpers size
// their blocks: DST_SYNC_MODE is a macro in tt-metal's generated
// descriptors, DST_ACCUM_MODE a constexpr bool.
#pragma once

namespace kernel_lib {
#if defined(DST_SYNC_MODE)
constexpr uint32_t kDstTiles =
    (DST_SYNC_MODE == DstSync::SyncFull ? 16u : 8u) / (DST_ACCUM_MODE ? 2u : 1u);
#else
#error "DST_SYNC_MODE is not defined"
#endif
}  // namespace kernel_lib
