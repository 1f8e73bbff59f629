#include "tessera/sim/compute/topk.h"

#include <algorithm>
#include <array>
#include <utility>

#include "tessera/sim/tile/tile_layout.h"

namespace tessera::sim::compute {
namespace {

constexpr uint32_t kSequence = 64;  // values per column: two tiles' rows

struct Entry {
  float value;
  float index;
};

// One column's 64 (value, index) pairs, gathered from the four tiles and
// scattered back.
class Column {
 public:
  Column(std::span<float> tiles, uint32_t column) : tiles_(tiles), column_(column) {
    for (uint32_t p = 0; p < kSequence; ++p) {
      entries_[p] = {tiles_[value_offset(p)], tiles_[value_offset(p) + 2 * tile::kTileElements]};
    }
  }
  void store() const {
    for (uint32_t p = 0; p < kSequence; ++p) {
      tiles_[value_offset(p)] = entries_[p].value;
      tiles_[value_offset(p) + 2 * tile::kTileElements] = entries_[p].index;
    }
  }
  Entry& operator[](uint32_t p) { return entries_[p]; }

 private:
  uint32_t value_offset(uint32_t p) const {
    return (p / tile::kTileHeight) * tile::kTileElements +
           tile::tile_offset(p % tile::kTileHeight, column_);
  }

  std::span<float> tiles_;
  uint32_t column_;
  std::array<Entry, kSequence> entries_{};
};

// Whether a comes before b in decreasing order.
bool precedes(const Entry& a, const Entry& b, bool stable) {
  if (a.value != b.value) return a.value > b.value;
  return stable && a.index < b.index;
}

// Puts the pair (i, j), i < j, in order: i first in decreasing order when
// `decreasing`, else j first.
void compare_exchange(Column& column, uint32_t i, uint32_t j, bool decreasing, bool stable) {
  const bool swap =
      decreasing ? precedes(column[j], column[i], stable) : precedes(column[i], column[j], stable);
  if (swap) std::swap(column[i], column[j]);
}

// One step of a bitonic network: values `distance` apart inside runs of
// `run` values, run r sorted decreasing when (direction ^ r) is even.
void bitonic_step(Column& column, uint32_t first, uint32_t count, uint32_t distance, uint32_t run,
                  uint32_t direction, bool stable) {
  for (uint32_t i = first; i < first + count; ++i) {
    if (((i - first) & distance) != 0) continue;
    const bool decreasing = ((direction ^ ((i - first) / run)) & 1u) == 0;
    compare_exchange(column, i, i + distance, decreasing, stable);
  }
}

Status check_tiles(std::span<float> tiles, const char* operation) {
  if (tiles.size() == kTopkTiles * tile::kTileElements) return ok_status();
  return make_error(ErrorCode::kInternal, operation, " needs 4 Dst tiles, got ",
                    tiles.size() / tile::kTileElements);
}

Status check_direction(uint32_t direction, const char* operation) {
  if (direction <= 1) return ok_status();
  return make_error(ErrorCode::kInvalidArgument, operation,
                    ": the direction must be 0 (decreasing) or 1 (increasing), got ", direction);
}

Result<uint32_t> check_k(uint32_t k, uint32_t m_iter, const char* operation) {
  if (m_iter > 9) {
    return make_error(ErrorCode::kInvalidArgument, operation, ": m_iter must be 0 to 9, got ",
                      m_iter);
  }
  for (uint32_t logk = 2; logk <= 6; ++logk) {
    if (k == (1u << logk)) return logk;
  }
  return make_error(ErrorCode::kInvalidArgument, operation, ": k must be 4, 8, 16, 32 or 64, got ",
                    k);
}

}  // namespace

Status topk_local_sort(std::span<float> tiles, uint32_t direction, uint32_t end_phase,
                       uint32_t start_phase, uint32_t end_step, uint32_t start_step, bool stable) {
  constexpr const char* kOp = "topk_local_sort";
  TESSERA_RETURN_IF_ERROR(check_tiles(tiles, kOp));
  TESSERA_RETURN_IF_ERROR(check_direction(direction, kOp));
  if (end_phase > 5 || start_phase > end_phase) {
    return make_error(ErrorCode::kInvalidArgument, kOp, ": phases ", start_phase, " to ", end_phase,
                      " are not within 0 to 5 in order (end phase is log2(K) - 1)");
  }
  for (uint32_t c = 0; c < tile::kTileWidth; ++c) {
    Column column(tiles, c);
    for (uint32_t phase = start_phase; phase <= end_phase; ++phase) {
      const uint32_t run = 2u << phase;
      uint32_t first_step = phase + 1;
      if (start_phase == end_phase && phase >= 4) {
        // The large steps given, then always steps 4..1.
        for (uint32_t step = std::min(start_step, phase + 1); step > std::max(end_step, 4u);
             --step) {
          bitonic_step(column, 0, kSequence, 1u << (step - 1), run, direction, stable);
        }
        first_step = 4;
      }
      for (uint32_t step = first_step; step >= 1; --step) {
        bitonic_step(column, 0, kSequence, 1u << (step - 1), run, direction, stable);
      }
    }
    column.store();
  }
  return ok_status();
}

Status topk_merge(std::span<float> tiles, uint32_t m_iter, uint32_t k, bool top_min, bool stable) {
  constexpr const char* kOp = "topk_merge";
  TESSERA_RETURN_IF_ERROR(check_tiles(tiles, kOp));
  TESSERA_RETURN_IF_ERROR(check_k(k, m_iter, kOp).status());
  const uint32_t k_max = std::min(k, 32u);
  const uint32_t distance = std::min(32u, k_max << std::min(m_iter, 5u));
  const uint32_t compared = std::max(2 * k_max, kSequence >> std::min(m_iter, 6u));
  const uint32_t blocks = compared / (2 * k_max);
  for (uint32_t c = 0; c < tile::kTileWidth; ++c) {
    Column column(tiles, c);
    for (uint32_t b = 0; b < blocks; ++b) {
      for (uint32_t t = 0; t < k_max; ++t) {
        const uint32_t i = b * 2 * distance + t;
        compare_exchange(column, i, i + distance, !top_min, stable);
      }
    }
    column.store();
  }
  return ok_status();
}

Status topk_rebuild(std::span<float> tiles, uint32_t direction, uint32_t m_iter, uint32_t k,
                    uint32_t logk, bool skip_second, bool stable) {
  constexpr const char* kOp = "topk_rebuild";
  TESSERA_RETURN_IF_ERROR(check_tiles(tiles, kOp));
  TESSERA_RETURN_IF_ERROR(check_direction(direction, kOp));
  TESSERA_ASSIGN_OR_RETURN(uint32_t log2_k, check_k(k, m_iter, kOp));
  if (logk != log2_k) {
    return make_error(ErrorCode::kInvalidArgument, kOp, ": logk ", logk, " is not log2(k) for k ",
                      k);
  }
  // Runs of k at `stride`, as many as `count`.
  uint32_t stride = k, count = kSequence / std::min(k, kSequence);
  if (k < 32) {
    stride = std::min(32u, k << std::min(m_iter + 1, 5u));
    count = std::max(2 * k, kSequence >> std::min(m_iter + 1, 6u)) / k;
    if (skip_second) count = std::max(1u, count / 2);
  }
  for (uint32_t c = 0; c < tile::kTileWidth; ++c) {
    Column column(tiles, c);
    for (uint32_t r = 0; r < count; ++r) {
      const uint32_t run_direction = direction ^ (r & 1u);
      for (uint32_t step = logk; step >= 1; --step) {
        bitonic_step(column, r * stride, k, 1u << (step - 1), k, run_direction, stable);
      }
    }
    column.store();
  }
  return ok_status();
}

}  // namespace tessera::sim::compute
