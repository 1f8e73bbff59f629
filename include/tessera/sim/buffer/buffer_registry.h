// The live buffers of one chip, and the allocators they live in.
//
// allocate / allocate_at / deallocate are the only operations that change
// either, and they change both under one lock: the registry can never
// disagree with the allocators. Handles are (slot, generation) pairs, so a
// handle to a freed buffer is detected instead of reaching another buffer.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/sim/allocator/bank_allocator.h"
#include "tessera/sim/arch/chip_descriptor.h"
#include "tessera/sim/buffer/buffer_page_map.h"
#include "tessera/sim/buffer/buffer_spec.h"
#include "tessera/sim/buffer/page_map_cache.h"

namespace tessera::sim {

struct BufferId {
  uint32_t slot = 0;
  uint32_t generation = 0;

  friend bool operator==(const BufferId&, const BufferId&) = default;
};

// A snapshot of a live buffer; stays valid (as data) after deallocation.
struct BufferInfo {
  BufferId id;
  BufferSpec spec;
  uint64_t address = 0;  // bank-relative (DRAM) or core-local (L1)
  bool placed = false;   // allocated at a given (compiler) address
  std::shared_ptr<const BufferPageMap> pages;

  // "DRAM interleaved buffer of 4096 bytes (page 1024) at 0x1d4c20".
  std::string describe() const;
};

class BufferRegistry {
 public:
  static Result<std::unique_ptr<BufferRegistry>> create(const ChipDescriptor& chip);

  // The allocator chooses the address.
  Result<BufferInfo> allocate(const BufferSpec& spec);
  // At a compiler-assigned address, checked like BankAllocator::allocate_at.
  Result<BufferInfo> allocate_at(const BufferSpec& spec, uint64_t address);
  // Deallocating a freed (or never allocated) buffer is an error.
  Status deallocate(BufferId id);
  // Frees every live buffer and returns what was live (for close reports).
  std::vector<BufferInfo> deallocate_all();
  // Makes the live buffers exactly these (spec, address) pairs: how a
  // device process follows the host's registry, which owns the buffers.
  Status mirror(std::span<const std::pair<BufferSpec, uint64_t>> live);

  Result<BufferInfo> lookup(BufferId id) const;
  std::vector<BufferInfo> live_buffers() const;
  // Moves on every allocation and deallocation: a cached answer of
  // find_covering stays true while the version read before it is current.
  uint64_t version() const { return version_.load(std::memory_order_acquire); }
  // The live buffer whose data covers [offset, offset + size) of `bank`.
  std::optional<BufferInfo> find_covering(MemoryType type, uint32_t bank, uint64_t offset,
                                          uint64_t size) const;

  AllocatorStatistics statistics(MemoryType type) const;
  // Starts a new peak window in both allocators.
  void reset_peak_statistics();
  // {"DRAM": allocator report, "L1": allocator report, "buffers": [...]}.
  nlohmann::json memory_report() const;

 private:
  struct Slot {
    uint32_t generation = 1;
    std::optional<BufferInfo> live;
  };

  BufferRegistry(BankAllocator dram, BankAllocator l1, const ChipDescriptor& chip);
  Result<BufferInfo> add(const BufferSpec& spec, std::optional<uint64_t> address);
  BankAllocator& allocator(MemoryType type) { return type == MemoryType::kDram ? dram_ : l1_; }
  const BankAllocator& allocator(MemoryType type) const {
    return type == MemoryType::kDram ? dram_ : l1_;
  }
  Result<const Slot*> live_slot(BufferId id) const;

  mutable std::mutex mutex_;
  std::atomic<uint64_t> version_{1};
  BankAllocator dram_;
  BankAllocator l1_;
  CoreCoord grid_;
  std::vector<Slot> slots_;
  std::vector<uint32_t> free_slots_;
  std::map<uint64_t, uint32_t> by_address_[2];  // per MemoryType: address -> slot
  PageMapCache page_maps_;
};

}  // namespace tessera::sim
