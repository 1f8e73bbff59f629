// The three stages of the compute API's bitonic top-K (topk_local_sort,
// topk_merge, topk_rebuild) on four Dst tiles: values in tiles 0 and 1,
// their indices in tiles 2 and 3. Each of the 32 columns is one sequence of
// 64 values, rows 0..31 of tile 0 then rows 0..31 of tile 1 (TTNN's topk
// transposes its rows into columns first); an index moves with its value.
//
// Direction 0 is decreasing, 1 increasing. Equal values keep their places
// unless `stable`, which orders ties by index (lower index first in a
// decreasing sequence).
#pragma once

#include <cstdint>
#include <span>

#include "tessera/base/status.h"

namespace tessera::sim::compute {

inline constexpr uint32_t kTopkTiles = 4;

// Phases start_phase..end_phase (0..5) of a bitonic sort: afterwards the
// runs of 2^(end_phase + 1) values are sorted, in directions alternating
// from `direction`. One phase of 4 or 5 alone (start_phase == end_phase)
// runs its steps start_step..end_step + 1 (steps 5 and 6 compare values 16
// and 32 apart) and then steps 4..1, as the device does for K > 64.
Status topk_local_sort(std::span<float> tiles, uint32_t direction, uint32_t end_phase,
                       uint32_t start_phase, uint32_t end_step, uint32_t start_step, bool stable);

// Runs of k values min(32, k * 2^m_iter) apart are compared element by
// element; the first run keeps the larger of each pair (smaller if
// `top_min`). k is 4, 8, 16, 32 or 64 (64 compares 32-value halves).
Status topk_merge(std::span<float> tiles, uint32_t m_iter, uint32_t k, bool top_min, bool stable);

// The runs of k values min(32, k * 2^(m_iter + 1)) apart (all 64 positions
// for k >= 32; only the first half when `skip_second`) go through a bitonic
// merge of log2(k) steps, directions alternating from `direction`: bitonic
// runs, as topk_merge leaves them, come out sorted.
Status topk_rebuild(std::span<float> tiles, uint32_t direction, uint32_t m_iter, uint32_t k,
                    uint32_t logk, bool skip_second, bool stable);

}  // namespace tessera::sim::compute
