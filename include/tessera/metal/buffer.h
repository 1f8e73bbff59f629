// A host handle to a device buffer (tt-metal's Buffer).
//
// The handle holds the device's chip weakly and names the buffer by
// (slot, generation): using it after deallocation or after the device closed
// is an error, never a dangling access.
#pragma once

#include <memory>
#include <optional>

#include "tessera/base/status.h"
#include "tessera/sim/buffer/buffer_registry.h"
#include "tessera/sim/memory/chip.h"

namespace tessera::metal {

class Device;

struct BufferConfig {
  sim::MemoryType memory_type = sim::MemoryType::kDram;
  uint64_t size = 0;
  uint64_t page_size = 0;
  sim::BufferLayout layout = sim::BufferLayout::kInterleaved;
  std::optional<sim::ShardSpec> shard;                  // for the 2D sharded layouts
  std::optional<sim::DistributionSpec> distribution{};  // for kNdSharded

  static BufferConfig interleaved(sim::MemoryType type, uint64_t size, uint64_t page_size) {
    return {type, size, page_size, sim::BufferLayout::kInterleaved, std::nullopt, std::nullopt};
  }
};

class Buffer {
 public:
  Buffer() = default;

  // As created; still answers after deallocation (use is_alive to check).
  const sim::BufferInfo& info() const { return info_; }
  sim::BufferId id() const { return info_.id; }
  uint64_t address() const { return info_.address; }
  uint64_t size() const { return info_.spec.size; }
  uint64_t page_size() const { return info_.spec.page_size; }
  sim::MemoryType memory_type() const { return info_.spec.memory_type; }
  uint32_t device_id() const { return device_id_; }

  bool is_alive() const;
  // The chip holding the buffer, or an error naming why it is gone.
  Result<std::shared_ptr<sim::Chip>> chip() const;

 private:
  friend Result<Buffer> create_buffer(Device&, const BufferConfig&);
  friend Result<Buffer> create_buffer_at(Device&, const BufferConfig&, uint64_t);
  Buffer(std::weak_ptr<sim::Chip> chip, uint32_t device_id, sim::BufferInfo info)
      : chip_(std::move(chip)), device_id_(device_id), info_(std::move(info)) {}

  std::weak_ptr<sim::Chip> chip_;
  uint32_t device_id_ = 0;
  sim::BufferInfo info_;
};

// The allocator picks the address.
Result<Buffer> create_buffer(Device& device, const BufferConfig& config);
// At a compiler-assigned address (checked: aligned, in range, no overlap).
Result<Buffer> create_buffer_at(Device& device, const BufferConfig& config, uint64_t address);
// Frees the buffer; a second deallocation is an error.
Status deallocate_buffer(const Buffer& buffer);

}  // namespace tessera::metal
