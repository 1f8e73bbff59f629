// One simulated chip: its descriptor, its L1 and DRAM, and the buffers in them.
//
// This is what the kernel engine and the host device API share: kernels read
// and write the memories directly; the host moves whole buffers in and out.
#pragma once

#include <memory>
#include <span>

#include "tessera/base/status.h"
#include "tessera/sim/arch/chip_descriptor.h"
#include "tessera/sim/arch/noc_core_map.h"
#include "tessera/sim/buffer/buffer_registry.h"
#include "tessera/sim/memory/dram_memory.h"
#include "tessera/sim/memory/l1_memory.h"

namespace tessera::sim {

// The memfds behind a chip whose memories are shared with a device process.
struct SharedChipMemory {
  int l1_fd = -1;
  int dram_fd = -1;
};

class Chip {
 public:
  // `shared_memory`: L1 and DRAM live in memfds another process can attach.
  static Result<std::unique_ptr<Chip>> create(ChipDescriptor descriptor,
                                              bool shared_memory = false);
  // The chip whose memories are `memory`, seen from this process (a device
  // process); its buffer registry starts empty.
  static Result<std::unique_ptr<Chip>> attach(ChipDescriptor descriptor, SharedChipMemory memory);
  // The memfds, or -1 for private memories.
  SharedChipMemory shared_memory() const { return {l1_.fd(), dram_.fd()}; }

  const ChipDescriptor& descriptor() const { return descriptor_; }
  const NocCoreMap& noc_map() const { return noc_map_; }
  L1Memory& l1() { return l1_; }
  const L1Memory& l1() const { return l1_; }
  DramMemory& dram() { return dram_; }
  const DramMemory& dram() const { return dram_; }
  BufferRegistry& buffers() { return *buffers_; }
  const BufferRegistry& buffers() const { return *buffers_; }

  // Host pointer to offset 0 of a bank (DRAM channel or worker core).
  uint8_t* bank_base(MemoryType type, uint32_t bank) const;

  // Whole-buffer transfers: `data` holds the pages in host (row-major) order
  // and must be exactly the buffer's size.
  Status write_buffer(BufferId id, std::span<const uint8_t> data);
  Status read_buffer(BufferId id, std::span<uint8_t> data) const;

 private:
  Chip(ChipDescriptor descriptor, L1Memory l1, DramMemory dram,
       std::unique_ptr<BufferRegistry> buffers)
      : descriptor_(std::move(descriptor)),
        noc_map_(descriptor_),
        l1_(std::move(l1)),
        dram_(std::move(dram)),
        buffers_(std::move(buffers)) {}

  ChipDescriptor descriptor_;
  NocCoreMap noc_map_;
  L1Memory l1_;
  DramMemory dram_;
  std::unique_ptr<BufferRegistry> buffers_;
};

}  // namespace tessera::sim
