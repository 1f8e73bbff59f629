#include "tessera/sim/buffer/buffer_page_map.h"

#include <algorithm>

#include "tessera/base/saturating_math.h"
#include "tessera/base/tensor_size_limit.h"

namespace tessera::sim {

namespace {

uint64_t round_up(uint64_t value, uint64_t multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

uint64_t ceil_div(uint64_t a, uint64_t b) {
  return (a + b - 1) / b;
}

// A sharded buffer takes the same page slots in every bank it uses, and its
// pages cannot outnumber what the banks hold together (a core listed twice
// would put two shards in one place). A spec that needs more is refused
// before its page tables, whose size follows the slots and the pages, are
// built. (An interleaved buffer has no tables; the bank allocator refuses it
// when it does not fit.) Even a spec that fits can ask for tables larger than
// the host should give one buffer: small pages filling DRAM take 16 bytes of
// table each, so the tables are held to the per-tensor limit.
Status check_fits_banks(const BufferSpec& spec, uint64_t pages, uint64_t slots,
                        uint64_t aligned_page_size, uint32_t num_banks, uint64_t bank_size,
                        uint64_t banks_used) {
  if (saturating_mul(slots, aligned_page_size) > bank_size) {
    return make_error(ErrorCode::kOutOfRange, describe(spec), " needs ", slots, " page slots of ",
                      aligned_page_size, " bytes in each bank it uses, more than a bank holds (",
                      bank_size, " bytes)");
  }
  if (saturating_mul(pages, aligned_page_size) > saturating_mul(num_banks, bank_size)) {
    return make_error(ErrorCode::kOutOfRange, describe(spec), " needs ", pages, " pages of ",
                      aligned_page_size, " bytes, more than its ", num_banks, " banks of ",
                      bank_size, " bytes hold together");
  }
  const uint64_t table_bytes =
      saturating_add(saturating_mul(pages, sizeof(PageLocation)),
                     saturating_mul(saturating_mul(slots, banks_used), sizeof(int64_t)));
  return check_tensor_bytes(table_bytes, describe(spec) + ": its page table");
}

// The cores of the ranges, one range after another, each walked row by row
// (row-major) or column by column (col-major).
std::vector<CoreCoord> ordered_cores(const ShardSpec& shard) {
  std::vector<CoreCoord> cores;
  for (const CoreRange& range : shard.cores) {
    if (shard.orientation == ShardOrientation::kRowMajor) {
      for (uint32_t y = range.start.y; y <= range.end.y; ++y) {
        for (uint32_t x = range.start.x; x <= range.end.x; ++x) cores.push_back({x, y});
      }
    } else {
      for (uint32_t x = range.start.x; x <= range.end.x; ++x) {
        for (uint32_t y = range.start.y; y <= range.end.y; ++y) cores.push_back({x, y});
      }
    }
  }
  return cores;
}

struct ShardGrid {
  uint32_t shard_rows, shard_cols;  // pages per shard
  uint64_t grid_rows, grid_cols;    // shards
};

Result<ShardGrid> shard_grid(const ShardSpec& shard) {
  auto [shard_h, shard_w] = shard.shard_shape;
  auto [page_h, page_w] = shard.page_shape;
  if (page_h == 0 || page_w == 0 || shard_h == 0 || shard_w == 0) {
    return make_error(ErrorCode::kInvalidArgument, "shard shape ", shard_h, "x", shard_w,
                      " and page shape ", page_h, "x", page_w, " must not be empty");
  }
  if (shard_h % page_h != 0 || shard_w % page_w != 0) {
    return make_error(ErrorCode::kInvalidArgument, "shard shape ", shard_h, "x", shard_w,
                      " is not a whole number of ", page_h, "x", page_w, " pages");
  }
  ShardGrid grid{shard_h / page_h, shard_w / page_w, 0, 0};
  grid.grid_rows = ceil_div(shard.tensor_pages[0], grid.shard_rows);
  grid.grid_cols = ceil_div(shard.tensor_pages[1], grid.shard_cols);
  return grid;
}

// The core holding shard (row, col) of the shard grid.
Result<CoreCoord> shard_core(BufferLayout layout, const ShardSpec& shard,
                             const std::vector<CoreCoord>& cores, const ShardGrid& grid,
                             uint64_t row, uint64_t col) {
  switch (layout) {
    case BufferLayout::kHeightSharded:
      return cores[row];
    case BufferLayout::kWidthSharded:
      return cores[col];
    case BufferLayout::kBlockSharded: {
      const CoreRange& range = shard.cores.front();
      bool row_major = shard.orientation == ShardOrientation::kRowMajor;
      uint64_t x = row_major ? col : row;
      uint64_t y = row_major ? row : col;
      (void)grid;
      return CoreCoord{range.start.x + static_cast<uint32_t>(x),
                       range.start.y + static_cast<uint32_t>(y)};
    }
    case BufferLayout::kInterleaved:
    case BufferLayout::kNdSharded:
      break;
  }
  return make_error(ErrorCode::kInternal, "layout has no 2D shard grid");
}

Status check_shard_fits(BufferLayout layout, const ShardSpec& shard, const ShardGrid& grid,
                        size_t num_cores) {
  if (layout == BufferLayout::kHeightSharded && grid.grid_cols != 1) {
    return make_error(ErrorCode::kInvalidArgument, "height sharding needs shards as wide as the ",
                      shard.tensor_pages[1], "-page tensor, but shards are ", grid.shard_cols,
                      " pages wide");
  }
  if (layout == BufferLayout::kWidthSharded && grid.grid_rows != 1) {
    return make_error(ErrorCode::kInvalidArgument, "width sharding needs shards as tall as the ",
                      shard.tensor_pages[0], "-page tensor, but shards are ", grid.shard_rows,
                      " pages tall");
  }
  if (layout == BufferLayout::kBlockSharded) {
    if (shard.cores.size() != 1) {
      return make_error(ErrorCode::kInvalidArgument,
                        "block sharding needs exactly one core rectangle, got ",
                        shard.cores.size());
    }
    const CoreRange& range = shard.cores.front();
    bool row_major = shard.orientation == ShardOrientation::kRowMajor;
    uint64_t needed_x = row_major ? grid.grid_cols : grid.grid_rows;
    uint64_t needed_y = row_major ? grid.grid_rows : grid.grid_cols;
    if (needed_x > range.width() || needed_y > range.height()) {
      return make_error(ErrorCode::kInvalidArgument, "block sharding needs ", needed_x, "x",
                        needed_y, " cores but the core range is ", range.width(), "x",
                        range.height());
    }
    return ok_status();
  }
  uint64_t shards = grid.grid_rows * grid.grid_cols;
  if (shards > num_cores) {
    return make_error(ErrorCode::kInvalidArgument, "the tensor needs ", shards, " shards but only ",
                      num_cores, " cores are given");
  }
  return ok_status();
}

// The bank of a shard's core: a DRAM channel, or a worker core's index.
Result<uint32_t> bank_of(const BufferSpec& spec, CoreCoord core, uint32_t num_banks,
                         CoreCoord grid) {
  const bool dram = spec.memory_type == MemoryType::kDram;
  if (dram ? core.y != 0 : (core.x >= grid.x || core.y >= grid.y)) {
    return make_error(ErrorCode::kOutOfRange, describe(spec), ": shard core ", to_string(core),
                      dram ? " is not a DRAM channel {channel, 0}" : " is outside the worker grid");
  }
  const uint32_t bank = dram ? core.x : core.y * grid.x + core.x;
  if (bank >= num_banks) {
    return make_error(ErrorCode::kOutOfRange, describe(spec), ": shard bank ", bank,
                      " does not exist (", num_banks, " banks)");
  }
  return bank;
}

// Every core of the shard spec's ranges holds a bank, checked at each
// range's far corner before the ranges are walked: a range from a binary
// may be as large as its numbers allow.
Status check_shard_ranges(const BufferSpec& spec, const ShardSpec& shard, uint32_t num_banks,
                          CoreCoord grid) {
  for (const CoreRange& range : shard.cores) {
    if (range.start.x > range.end.x || range.start.y > range.end.y) continue;  // empty
    TESSERA_RETURN_IF_ERROR(bank_of(spec, range.end, num_banks, grid).status());
  }
  return ok_status();
}

Status check_distribution(const BufferSpec& spec, const DistributionSpec& nd, uint64_t pages) {
  const size_t rank = nd.tensor_pages.size();
  if (rank == 0 || nd.shard_pages.size() != rank) {
    return make_error(ErrorCode::kInvalidArgument, describe(spec), ": tensor shape (rank ", rank,
                      ") and shard shape (rank ", nd.shard_pages.size(),
                      ") of its distribution spec must have one rank of at least 1");
  }
  uint64_t volume = 1;
  for (size_t dim = 0; dim < rank; ++dim) {
    if (nd.shard_pages[dim] == 0) {
      return make_error(ErrorCode::kInvalidArgument, describe(spec), ": shard dim ", dim,
                        " of its distribution spec is 0 pages");
    }
    volume *= nd.tensor_pages[dim];
    if (volume > pages) break;
  }
  if (volume != pages) {
    return make_error(ErrorCode::kInvalidArgument, describe(spec), " has ", pages,
                      " pages but its distribution spec's tensor has ", volume);
  }
  if (nd.cores.empty()) {
    return make_error(ErrorCode::kInvalidArgument, describe(spec),
                      ": its distribution spec has no cores");
  }
  return ok_status();
}

}  // namespace

Status BufferPageMap::place_nd_shards(const BufferSpec& spec, CoreCoord grid, uint64_t bank_size) {
  const DistributionSpec& nd = *spec.distribution;
  TESSERA_RETURN_IF_ERROR(check_distribution(spec, nd, num_pages_));
  const size_t rank = nd.tensor_pages.size();
  std::vector<uint64_t> shard_grid(rank), shard_stride(rank, 1);
  uint64_t shards = 1, shard_volume = 1;
  for (size_t dim = rank; dim-- > 0;) {
    shard_grid[dim] = ceil_div(nd.tensor_pages[dim], nd.shard_pages[dim]);
    shards *= shard_grid[dim];  // at most the tensor's pages
    shard_stride[dim] = shard_volume;
    shard_volume = saturating_mul(shard_volume, nd.shard_pages[dim]);
  }
  const uint64_t shards_per_core = ceil_div(shards, nd.cores.size());
  const uint64_t slots = saturating_mul(shards_per_core, shard_volume);
  TESSERA_RETURN_IF_ERROR(
      check_fits_banks(spec, num_pages_, slots, aligned_page_size_, num_banks_, bank_size,
                       std::min<uint64_t>({shards, nd.cores.size(), num_banks_})));
  bytes_per_bank_ = slots * aligned_page_size_;
  bank_used_.assign(num_banks_, false);
  slot_pages_.assign(num_banks_, {});
  sharded_locations_.resize(num_pages_);
  std::vector<uint32_t> banks(nd.cores.size());
  for (size_t i = 0; i < nd.cores.size(); ++i) {
    TESSERA_ASSIGN_OR_RETURN(banks[i], bank_of(spec, nd.cores[i], num_banks_, grid));
  }
  // Walk host pages row-major; each page's shard and slot follow from its
  // coordinates.
  std::vector<uint64_t> coord(rank, 0);
  for (uint64_t page = 0; page < num_pages_; ++page) {
    uint64_t shard_id = 0, in_shard = 0;
    for (size_t dim = 0; dim < rank; ++dim) {
      shard_id = shard_id * shard_grid[dim] + coord[dim] / nd.shard_pages[dim];
      in_shard += (coord[dim] % nd.shard_pages[dim]) * shard_stride[dim];
    }
    const uint32_t bank = banks[shard_id % nd.cores.size()];
    const uint64_t slot = (shard_id / nd.cores.size()) * shard_volume + in_shard;
    sharded_locations_[page] = {bank, slot * aligned_page_size_};
    if (!bank_used_[bank]) {
      bank_used_[bank] = true;
      slot_pages_[bank].assign(slots, -1);
    }
    slot_pages_[bank][slot] = static_cast<int64_t>(page);
    for (size_t dim = rank; dim-- > 0;) {
      if (++coord[dim] < nd.tensor_pages[dim]) break;
      coord[dim] = 0;
    }
  }
  return ok_status();
}

Result<BufferPageMap> BufferPageMap::create(const BufferSpec& spec, uint32_t num_banks,
                                            CoreCoord grid, uint64_t alignment,
                                            uint64_t bank_size) {
  if (spec.page_size == 0 || spec.size == 0 || spec.size % spec.page_size != 0) {
    return make_error(ErrorCode::kInvalidArgument, describe(spec),
                      ": size must be a non-zero multiple of the page size");
  }
  if (num_banks == 0) return make_error(ErrorCode::kInvalidArgument, "no banks to place pages in");
  BufferPageMap map;
  map.num_pages_ = spec.size / spec.page_size;
  map.page_size_ = spec.page_size;
  map.aligned_page_size_ = round_up(spec.page_size, alignment);
  map.num_banks_ = num_banks;
  if (spec.layout == BufferLayout::kInterleaved) {
    map.bytes_per_bank_ = ceil_div(map.num_pages_, num_banks) * map.aligned_page_size_;
    return map;
  }
  if (spec.layout == BufferLayout::kNdSharded) {
    if (!spec.distribution) {
      return make_error(ErrorCode::kInvalidArgument, describe(spec), " has no distribution spec");
    }
    TESSERA_RETURN_IF_ERROR(map.place_nd_shards(spec, grid, bank_size));
    return map;
  }
  if (!spec.shard) {
    return make_error(ErrorCode::kInvalidArgument, describe(spec), " has no shard spec");
  }
  const ShardSpec& shard = *spec.shard;
  uint64_t tensor_pages = uint64_t{shard.tensor_pages[0]} * shard.tensor_pages[1];
  if (tensor_pages != map.num_pages_) {
    return make_error(ErrorCode::kInvalidArgument, describe(spec), " has ", map.num_pages_,
                      " pages but the shard spec's tensor is ", shard.tensor_pages[0], "x",
                      shard.tensor_pages[1], " = ", tensor_pages, " pages");
  }
  TESSERA_ASSIGN_OR_RETURN(ShardGrid shards, shard_grid(shard));
  TESSERA_RETURN_IF_ERROR(check_shard_ranges(spec, shard, num_banks, grid));
  std::vector<CoreCoord> cores = ordered_cores(shard);
  TESSERA_RETURN_IF_ERROR(check_shard_fits(spec.layout, shard, shards, cores.size()));

  const uint64_t slots = uint64_t{shards.shard_rows} * shards.shard_cols;
  TESSERA_RETURN_IF_ERROR(
      check_fits_banks(spec, map.num_pages_, slots, map.aligned_page_size_, num_banks, bank_size,
                       std::min<uint64_t>({saturating_mul(shards.grid_rows, shards.grid_cols),
                                           cores.size(), num_banks})));
  map.bytes_per_bank_ = slots * map.aligned_page_size_;
  map.bank_used_.assign(num_banks, false);
  map.slot_pages_.assign(num_banks, {});
  map.sharded_locations_.resize(map.num_pages_);
  const uint32_t tensor_cols = shard.tensor_pages[1];
  for (uint64_t page = 0; page < map.num_pages_; ++page) {
    uint64_t row = page / tensor_cols, col = page % tensor_cols;
    TESSERA_ASSIGN_OR_RETURN(CoreCoord core,
                             shard_core(spec.layout, shard, cores, shards, row / shards.shard_rows,
                                        col / shards.shard_cols));
    TESSERA_ASSIGN_OR_RETURN(uint32_t bank, bank_of(spec, core, num_banks, grid));
    uint64_t slot = (row % shards.shard_rows) * shards.shard_cols + col % shards.shard_cols;
    map.sharded_locations_[page] = {bank, slot * map.aligned_page_size_};
    if (!map.bank_used_[bank]) {
      map.bank_used_[bank] = true;
      map.slot_pages_[bank].assign(slots, -1);
    }
    map.slot_pages_[bank][slot] = static_cast<int64_t>(page);
  }
  return map;
}

std::optional<uint64_t> BufferPageMap::host_page_at(uint32_t bank, uint64_t offset) const {
  if (bank >= num_banks_ || offset % aligned_page_size_ >= page_size_) return std::nullopt;
  uint64_t slot = offset / aligned_page_size_;
  if (interleaved()) {
    uint64_t page = slot * num_banks_ + bank;
    if (page >= num_pages_) return std::nullopt;
    return page;
  }
  if (!bank_used_[bank] || slot >= slot_pages_[bank].size() || slot_pages_[bank][slot] < 0) {
    return std::nullopt;
  }
  return static_cast<uint64_t>(slot_pages_[bank][slot]);
}

uint64_t BufferPageMap::heap_bytes() const {
  uint64_t bytes = sharded_locations_.capacity() * sizeof(PageLocation) +
                   bank_used_.capacity() / 8 +
                   slot_pages_.capacity() * sizeof(std::vector<int64_t>);
  for (const std::vector<int64_t>& slots : slot_pages_) bytes += slots.capacity() * sizeof(int64_t);
  return bytes;
}

bool BufferPageMap::uses_bank(uint32_t bank) const {
  if (bank >= num_banks_) return false;
  if (interleaved()) return bank < num_pages_;
  return bank_used_[bank];
}

}  // namespace tessera::sim
