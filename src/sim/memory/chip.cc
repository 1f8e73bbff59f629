#include "tessera/sim/memory/chip.h"

#include <cstring>

namespace tessera::sim {

Result<std::unique_ptr<Chip>> Chip::create(ChipDescriptor descriptor, bool shared_memory) {
  TESSERA_RETURN_IF_ERROR(descriptor.validate());
  TESSERA_ASSIGN_OR_RETURN(
      L1Memory l1, L1Memory::create(descriptor.num_workers(), descriptor.l1_size, shared_memory));
  TESSERA_ASSIGN_OR_RETURN(DramMemory dram,
                           DramMemory::create(descriptor.num_dram_channels,
                                              descriptor.dram_channel_size, shared_memory));
  TESSERA_ASSIGN_OR_RETURN(std::unique_ptr<BufferRegistry> buffers,
                           BufferRegistry::create(descriptor));
  return std::unique_ptr<Chip>(
      new Chip(std::move(descriptor), std::move(l1), std::move(dram), std::move(buffers)));
}

Result<std::unique_ptr<Chip>> Chip::attach(ChipDescriptor descriptor, SharedChipMemory memory) {
  TESSERA_RETURN_IF_ERROR(descriptor.validate());
  TESSERA_ASSIGN_OR_RETURN(
      L1Memory l1, L1Memory::attach(memory.l1_fd, descriptor.num_workers(), descriptor.l1_size));
  TESSERA_ASSIGN_OR_RETURN(DramMemory dram,
                           DramMemory::attach(memory.dram_fd, descriptor.num_dram_channels,
                                              descriptor.dram_channel_size));
  TESSERA_ASSIGN_OR_RETURN(std::unique_ptr<BufferRegistry> buffers,
                           BufferRegistry::create(descriptor));
  return std::unique_ptr<Chip>(
      new Chip(std::move(descriptor), std::move(l1), std::move(dram), std::move(buffers)));
}

uint8_t* Chip::bank_base(MemoryType type, uint32_t bank) const {
  if (type == MemoryType::kDram) return dram_.channel_base(bank);
  return reinterpret_cast<uint8_t*>(static_cast<uintptr_t>(l1_.window_base(bank)));
}

namespace {

Status check_size(const BufferInfo& info, size_t size, const char* direction) {
  if (size != info.spec.size) {
    return make_error(ErrorCode::kInvalidArgument, direction, " ", info.describe(),
                      ": host data is ", size, " bytes, the buffer is ", info.spec.size);
  }
  return ok_status();
}

// Calls copy(host_offset, device_pointer) for every page, in host order.
template <typename Copy>
void for_each_page(const Chip& chip, const BufferInfo& info, Copy copy) {
  const BufferPageMap& pages = *info.pages;
  const uint32_t num_banks = info.spec.memory_type == MemoryType::kDram
                                 ? chip.descriptor().num_dram_channels
                                 : chip.descriptor().num_workers();
  std::vector<uint8_t*> bases(num_banks);
  for (uint32_t bank = 0; bank < num_banks; ++bank) {
    bases[bank] = chip.bank_base(info.spec.memory_type, bank) + info.address;
  }
  const uint64_t page_size = pages.page_size();
  if (pages.interleaved()) {
    // Hot path: walk the banks round-robin without recomputing locations.
    const uint64_t stride = pages.aligned_page_size();
    uint64_t row_offset = 0;
    uint32_t bank = 0;
    for (uint64_t page = 0; page < pages.num_pages(); ++page) {
      copy(page * page_size, bases[bank] + row_offset);
      if (++bank == num_banks) {
        bank = 0;
        row_offset += stride;
      }
    }
    return;
  }
  for (uint64_t page = 0; page < pages.num_pages(); ++page) {
    PageLocation location = pages.location(page);
    copy(page * page_size, bases[location.bank] + location.offset);
  }
}

}  // namespace

Status Chip::write_buffer(BufferId id, std::span<const uint8_t> data) {
  TESSERA_ASSIGN_OR_RETURN(BufferInfo info, buffers_->lookup(id));
  TESSERA_RETURN_IF_ERROR(check_size(info, data.size(), "writing"));
  const uint64_t page_size = info.pages->page_size();
  for_each_page(*this, info, [&](uint64_t host_offset, uint8_t* device) {
    std::memcpy(device, data.data() + host_offset, page_size);
  });
  return ok_status();
}

Status Chip::read_buffer(BufferId id, std::span<uint8_t> data) const {
  TESSERA_ASSIGN_OR_RETURN(BufferInfo info, buffers_->lookup(id));
  TESSERA_RETURN_IF_ERROR(check_size(info, data.size(), "reading"));
  const uint64_t page_size = info.pages->page_size();
  for_each_page(*this, info, [&](uint64_t host_offset, uint8_t* device) {
    std::memcpy(data.data() + host_offset, device, page_size);
  });
  return ok_status();
}

}  // namespace tessera::sim
