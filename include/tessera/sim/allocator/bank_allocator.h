// Allocates address ranges in a set of banks that move in lockstep: an
// allocation has the same bank-relative address in every bank, so one
// allocator serves all DRAM channels (or all worker L1s) of a chip.
//
// First fit, bottom-up (DRAM) or top-down (L1), with freed blocks coalesced
// with their free neighbours. Sizes and addresses are kept multiples of the
// alignment. Free blocks are kept by address (for coalescing) and indexed by
// power-of-two size class (for first fit without walking every small hole).
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "tessera/base/status.h"

namespace tessera::sim {

enum class AllocationOrder { kBottomUp, kTopDown };

struct BankAllocatorConfig {
  std::string name;          // "DRAM", "L1": used in messages and reports
  uint32_t num_banks = 1;    // for messages: every bank holds the same ranges
  uint64_t bank_size = 0;    // bytes per bank
  uint64_t unreserved_base;  // first allocatable address
  uint64_t alignment = 32;   // power of two
  AllocationOrder order = AllocationOrder::kBottomUp;
};

// All numbers are per bank.
struct AllocatorStatistics {
  uint64_t total_bytes = 0;  // [unreserved base, end)
  uint64_t allocated_bytes = 0;
  uint64_t peak_allocated_bytes = 0;  // since creation or reset_peak()
  uint64_t free_bytes = 0;
  uint64_t largest_free_block = 0;
  uint64_t num_allocations = 0;
  uint64_t num_free_blocks = 0;
};

struct AllocatorBlock {
  uint64_t address = 0;
  uint64_t size = 0;
  bool allocated = false;
};

class BankAllocator {
 public:
  static Result<BankAllocator> create(BankAllocatorConfig config);

  const BankAllocatorConfig& config() const { return config_; }
  // First allocatable address and one past the last (both aligned).
  uint64_t begin() const { return begin_; }
  uint64_t end() const { return end_; }
  uint64_t align(uint64_t size) const { return (size + alignment_mask_) & ~alignment_mask_; }

  // Chooses an address for `size` bytes per bank.
  Result<uint64_t> allocate(uint64_t size);
  // Places `size` bytes per bank at `address` (a compiler-assigned address).
  Status allocate_at(uint64_t address, uint64_t size);
  // Frees the allocation starting at `address`.
  Status free(uint64_t address);
  // Frees everything.
  void clear();

  // The size reserved for the allocation at `address` (aligned), if any.
  std::optional<uint64_t> allocation_size(uint64_t address) const;

  AllocatorStatistics statistics() const;
  // Starts a new peak window at the current allocation level (e.g. per program).
  void reset_peak() { peak_allocated_bytes_ = allocated_bytes_; }
  // Every block, free and allocated, in address order.
  std::vector<AllocatorBlock> blocks() const;
  // {"name", "statistics": {...}, "blocks": [{"address", "size", "state"}]}.
  nlohmann::json report() const;

 private:
  explicit BankAllocator(BankAllocatorConfig config);
  struct FreeBlock {
    uint64_t address;
    uint64_t size;
  };
  // Address of the first fitting free block in allocation order, if any.
  std::optional<uint64_t> find_fit(uint64_t size) const;
  void index_add(uint64_t address, uint64_t size);
  void index_remove(uint64_t address, uint64_t size);
  // A block grew or shrank without passing a neighbour: same slot if its
  // size class is unchanged.
  void index_update(uint64_t old_address, uint64_t old_size, uint64_t address, uint64_t size);
  void add_free(std::map<uint64_t, uint64_t>::iterator hint, uint64_t address, uint64_t size);
  Error out_of_memory(uint64_t requested) const;
  Error overlap_error(uint64_t address, uint64_t size) const;

  BankAllocatorConfig config_;
  uint64_t alignment_mask_ = 0;
  uint64_t begin_ = 0;
  uint64_t end_ = 0;
  uint64_t allocated_bytes_ = 0;
  uint64_t peak_allocated_bytes_ = 0;
  std::map<uint64_t, uint64_t> free_blocks_;            // address -> size
  std::vector<FreeBlock> size_classes_[64];             // by bit_width(size) - 1, address order
  uint64_t non_empty_classes_ = 0;                      // bit c: size_classes_[c] not empty
  std::unordered_map<uint64_t, uint64_t> allocations_;  // address -> size
};

}  // namespace tessera::sim
