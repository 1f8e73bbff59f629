#include "page_codec.h"

#include <algorithm>
#include <array>
#include <mutex>

#include "tessera/sim/tile/element_convert.h"
#include "tessera/sim/tile/tile_codec.h"
#include "tessera/ttnn/math/parallel_for.h"

namespace tessera::ttnn {
namespace {

using sim::tile::kTileElements;
using sim::tile::kTileHeight;
using sim::tile::kTileWidth;
using sim::tile::TiledShape;

// The first error of a parallel loop (later ones are dropped).
class FirstError {
 public:
  void record(Status status) {
    if (status.ok()) return;
    std::lock_guard lock(mutex_);
    if (first_.ok()) first_ = std::move(status);
  }
  Status take() { return std::move(first_); }

 private:
  std::mutex mutex_;
  Status first_ = ok_status();
};

uint64_t row_length(const TensorSpec& spec) {
  return spec.shape.rank() == 0 ? 1 : static_cast<uint64_t>(spec.shape[spec.shape.rank() - 1]);
}

// Calls fn(tile, first_row, first_col, valid_rows, valid_cols, row_major_offset)
// for tile `index` of `tiled`.
struct TilePlace {
  uint64_t origin;  // row-major offset of the tile's (0, 0) element
  uint32_t rows;    // valid rows and columns (the rest is padding)
  uint32_t cols;
};

TilePlace place_of(const TiledShape& tiled, uint64_t index) {
  const uint64_t per_batch = tiled.tiles_per_col * tiled.tiles_per_row;
  const uint64_t batch = index / per_batch;
  const uint64_t ht = (index % per_batch) / tiled.tiles_per_row;
  const uint64_t wt = index % tiled.tiles_per_row;
  const uint64_t row = ht * kTileHeight, col = wt * kTileWidth;
  return {(batch * tiled.rows + row) * tiled.cols + col,
          static_cast<uint32_t>(std::min<uint64_t>(kTileHeight, tiled.rows - row)),
          static_cast<uint32_t>(std::min<uint64_t>(kTileWidth, tiled.cols - col))};
}

constexpr int64_t kGrain = 16;

}  // namespace

Status decode_pages(const TensorSpec& spec, const TensorPages& pages, std::span<float> values) {
  FirstError error;
  const sim::tile::DataFormat format = spec.format;
  if (spec.layout == TensorLayout::kRowMajor) {
    const uint64_t length = row_length(spec);
    const uint64_t element = sim::tile::element_size_bytes(format);
    math::parallel_for(
        0, static_cast<int64_t>(pages.count()), kGrain * 4, [&](int64_t lo, int64_t hi) {
          for (int64_t row = lo; row < hi; ++row) {
            error.record(sim::tile::decode_to_float(format, {pages.page(row), length * element},
                                                    values.subspan(row * length, length)));
          }
        });
    return error.take();
  }
  const std::vector<uint64_t> dims = spec.unsigned_dims();
  TESSERA_ASSIGN_OR_RETURN(TiledShape tiled, sim::tile::tiled_shape(dims));
  const uint32_t tile_bytes = sim::tile::tile_size_bytes(format);
  math::parallel_for(0, static_cast<int64_t>(pages.count()), kGrain, [&](int64_t lo, int64_t hi) {
    alignas(64) std::array<float, kTileElements> tile;
    for (int64_t index = lo; index < hi; ++index) {
      Status status = sim::tile::unpack_tile(format, {pages.page(index), tile_bytes}, tile);
      if (!status.ok()) return error.record(std::move(status));
      const TilePlace at = place_of(tiled, index);
      for (uint32_t r = 0; r < at.rows; ++r) {
        float* out = values.data() + at.origin + r * tiled.cols;
        const float* left = tile.data() + sim::tile::tile_offset(r, 0);
        const float* right = tile.data() + sim::tile::tile_offset(r, 16);
        const uint32_t left_cols = std::min<uint32_t>(at.cols, 16);
        std::copy_n(left, left_cols, out);
        if (at.cols > 16) std::copy_n(right, at.cols - 16, out + 16);
      }
    }
  });
  return error.take();
}

Status encode_pages(const TensorSpec& spec, std::span<const float> values,
                    const TensorPages& pages) {
  FirstError error;
  const sim::tile::DataFormat format = spec.format;
  if (spec.layout == TensorLayout::kRowMajor) {
    const uint64_t length = row_length(spec);
    const uint64_t element = sim::tile::element_size_bytes(format);
    math::parallel_for(
        0, static_cast<int64_t>(pages.count()), kGrain * 4, [&](int64_t lo, int64_t hi) {
          for (int64_t row = lo; row < hi; ++row) {
            error.record(sim::tile::encode_from_float(format, values.subspan(row * length, length),
                                                      {pages.page(row), length * element}));
          }
        });
    return error.take();
  }
  const std::vector<uint64_t> dims = spec.unsigned_dims();
  TESSERA_ASSIGN_OR_RETURN(TiledShape tiled, sim::tile::tiled_shape(dims));
  const uint32_t tile_bytes = sim::tile::tile_size_bytes(format);
  math::parallel_for(0, static_cast<int64_t>(pages.count()), kGrain, [&](int64_t lo, int64_t hi) {
    alignas(64) std::array<float, kTileElements> tile;
    for (int64_t index = lo; index < hi; ++index) {
      const TilePlace at = place_of(tiled, index);
      if (at.rows < kTileHeight || at.cols < kTileWidth) tile.fill(0.0f);
      for (uint32_t r = 0; r < at.rows; ++r) {
        const float* in = values.data() + at.origin + r * tiled.cols;
        const uint32_t left_cols = std::min<uint32_t>(at.cols, 16);
        std::copy_n(in, left_cols, tile.data() + sim::tile::tile_offset(r, 0));
        if (at.cols > 16) {
          std::copy_n(in + 16, at.cols - 16, tile.data() + sim::tile::tile_offset(r, 16));
        }
      }
      error.record(sim::tile::pack_tile(format, tile, {pages.page(index), tile_bytes}));
    }
  });
  return error.take();
}

}  // namespace tessera::ttnn
