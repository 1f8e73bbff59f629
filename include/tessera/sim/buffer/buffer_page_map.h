// Where each page of a buffer lives: host page <-> (bank, offset) mapping for
// interleaved and sharded layouts. Banks are DRAM channels, or worker cores
// (logical index y * grid.x + x) for L1. Offsets are relative to the
// buffer's address in the bank.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/sim/buffer/buffer_spec.h"

namespace tessera::sim {

struct PageLocation {
  uint32_t bank = 0;
  uint64_t offset = 0;

  friend bool operator==(const PageLocation&, const PageLocation&) = default;
};

class BufferPageMap {
 public:
  // `num_banks`: DRAM channels or worker cores; `grid`: the worker grid (L1
  // core numbering); `alignment`: pages start at multiples of it;
  // `bank_size`: bytes a bank holds (a spec needing more per bank is an
  // error, found before the page tables are built).
  static Result<BufferPageMap> create(const BufferSpec& spec, uint32_t num_banks, CoreCoord grid,
                                      uint64_t alignment, uint64_t bank_size);

  uint64_t num_pages() const { return num_pages_; }
  uint64_t page_size() const { return page_size_; }
  uint64_t aligned_page_size() const { return aligned_page_size_; }
  // Bytes the buffer needs in each bank (same in all banks: lockstep).
  uint64_t bytes_per_bank() const { return bytes_per_bank_; }
  bool interleaved() const { return sharded_locations_.empty(); }

  PageLocation location(uint64_t host_page) const {
    if (interleaved()) {
      return {static_cast<uint32_t>(host_page % num_banks_),
              (host_page / num_banks_) * aligned_page_size_};
    }
    return sharded_locations_[host_page];
  }
  // The host page stored in `bank` at `offset` (relative), if any.
  std::optional<uint64_t> host_page_at(uint32_t bank, uint64_t offset) const;
  // Whether the buffer keeps data in `bank`.
  bool uses_bank(uint32_t bank) const;
  // Heap bytes the map holds: a few per page when sharded, none interleaved.
  uint64_t heap_bytes() const;

 private:
  // kNdSharded: fills the sharded tables from the distribution spec.
  Status place_nd_shards(const BufferSpec& spec, CoreCoord grid, uint64_t bank_size);

  uint64_t num_pages_ = 0;
  uint64_t page_size_ = 0;
  uint64_t aligned_page_size_ = 0;
  uint64_t bytes_per_bank_ = 0;
  uint32_t num_banks_ = 0;
  std::vector<PageLocation> sharded_locations_;  // by host page; empty if interleaved
  std::vector<bool> bank_used_;                  // sharded only
  // Sharded only: per bank, the host page in each page slot (-1: padding).
  std::vector<std::vector<int64_t>> slot_pages_;
};

}  // namespace tessera::sim
