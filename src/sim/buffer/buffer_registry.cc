#include "tessera/sim/buffer/buffer_registry.h"

#include <cstdio>
#include <nlohmann/json.hpp>

namespace tessera::sim {

namespace {

size_t type_index(MemoryType type) {
  return type == MemoryType::kDram ? 0 : 1;
}

std::string hex(uint64_t value) {
  char text[24];
  std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(value));
  return text;
}

}  // namespace

std::string BufferInfo::describe() const {
  return sim::describe(spec) + " at " + hex(address);
}

Result<std::unique_ptr<BufferRegistry>> BufferRegistry::create(const ChipDescriptor& chip) {
  TESSERA_ASSIGN_OR_RETURN(BankAllocator dram,
                           BankAllocator::create({.name = "DRAM",
                                                  .num_banks = chip.num_dram_channels,
                                                  .bank_size = chip.dram_channel_size,
                                                  .unreserved_base = chip.dram_unreserved_base,
                                                  .alignment = chip.noc_dram_address_align,
                                                  .order = AllocationOrder::kBottomUp}));
  TESSERA_ASSIGN_OR_RETURN(BankAllocator l1,
                           BankAllocator::create({.name = "L1",
                                                  .num_banks = chip.num_workers(),
                                                  .bank_size = chip.l1_size,
                                                  .unreserved_base = chip.l1_unreserved_base,
                                                  .alignment = chip.noc_l1_address_align,
                                                  .order = AllocationOrder::kTopDown}));
  return std::unique_ptr<BufferRegistry>(new BufferRegistry(std::move(dram), std::move(l1), chip));
}

BufferRegistry::BufferRegistry(BankAllocator dram, BankAllocator l1, const ChipDescriptor& chip)
    : dram_(std::move(dram)), l1_(std::move(l1)), grid_(chip.grid) {}

Result<BufferInfo> BufferRegistry::allocate(const BufferSpec& spec) {
  return add(spec, {});
}

Result<BufferInfo> BufferRegistry::allocate_at(const BufferSpec& spec, uint64_t address) {
  return add(spec, address);
}

Result<BufferInfo> BufferRegistry::add(const BufferSpec& spec, std::optional<uint64_t> address) {
  BankAllocator& bank_allocator = allocator(spec.memory_type);
  const BankAllocatorConfig& config = bank_allocator.config();
  std::shared_ptr<const BufferPageMap> page_map = page_maps_.find(spec);
  if (!page_map) {
    Result<BufferPageMap> pages =
        BufferPageMap::create(spec, config.num_banks, grid_, config.alignment, config.bank_size);
    if (!pages.ok()) return std::move(pages).error();
    page_map = std::make_shared<const BufferPageMap>(std::move(pages).value());
    page_maps_.insert(spec, page_map);
  }

  std::lock_guard lock(mutex_);
  uint64_t chosen;
  if (address) {
    Status placed = bank_allocator.allocate_at(*address, page_map->bytes_per_bank());
    if (!placed.ok()) {
      Error error = std::move(placed).error();
      error.add_context("placing " + describe(spec) + " at address " + std::to_string(*address));
      return error;
    }
    chosen = *address;
  } else {
    Result<uint64_t> allocated = bank_allocator.allocate(page_map->bytes_per_bank());
    if (!allocated.ok()) {
      Error error = std::move(allocated).error();
      error.add_context("allocating " + describe(spec));
      return error;
    }
    chosen = *allocated;
  }
  uint32_t slot;
  if (!free_slots_.empty()) {
    slot = free_slots_.back();
    free_slots_.pop_back();
  } else {
    slot = static_cast<uint32_t>(slots_.size());
    slots_.emplace_back();
  }
  BufferInfo info{
      {slot, slots_[slot].generation}, spec, chosen, address.has_value(), std::move(page_map)};
  slots_[slot].live = info;
  by_address_[type_index(spec.memory_type)][chosen] = slot;
  version_.fetch_add(1, std::memory_order_release);
  return info;
}

Result<const BufferRegistry::Slot*> BufferRegistry::live_slot(BufferId id) const {
  if (id.slot >= slots_.size() || id.generation == 0) {
    return make_error(ErrorCode::kNotFound, "buffer #", id.slot, " was never allocated");
  }
  const Slot& slot = slots_[id.slot];
  if (slot.generation != id.generation || !slot.live) {
    return make_error(ErrorCode::kFailedPrecondition, "buffer #", id.slot, " (generation ",
                      id.generation, ") has been deallocated");
  }
  return &slot;
}

Status BufferRegistry::deallocate(BufferId id) {
  std::lock_guard lock(mutex_);
  TESSERA_ASSIGN_OR_RETURN(const Slot* found, live_slot(id));
  const BufferInfo& info = *found->live;
  TESSERA_RETURN_IF_ERROR(allocator(info.spec.memory_type).free(info.address));
  by_address_[type_index(info.spec.memory_type)].erase(info.address);
  version_.fetch_add(1, std::memory_order_release);
  Slot& slot = slots_[id.slot];
  slot.live.reset();
  ++slot.generation;  // stale handles now fail
  free_slots_.push_back(id.slot);
  return ok_status();
}

std::vector<BufferInfo> BufferRegistry::deallocate_all() {
  std::lock_guard lock(mutex_);
  std::vector<BufferInfo> released;
  for (uint32_t index = 0; index < slots_.size(); ++index) {
    Slot& slot = slots_[index];
    if (!slot.live) continue;
    released.push_back(*slot.live);
    slot.live.reset();
    ++slot.generation;
    free_slots_.push_back(index);
  }
  dram_.clear();
  l1_.clear();
  by_address_[0].clear();
  by_address_[1].clear();
  version_.fetch_add(1, std::memory_order_release);
  return released;
}

Status BufferRegistry::mirror(std::span<const std::pair<BufferSpec, uint64_t>> live) {
  deallocate_all();
  for (const auto& [spec, address] : live) {
    auto placed = allocate_at(spec, address);
    if (!placed.ok()) return std::move(placed).error().add_context("mirroring the live buffers");
  }
  return ok_status();
}

Result<BufferInfo> BufferRegistry::lookup(BufferId id) const {
  std::lock_guard lock(mutex_);
  TESSERA_ASSIGN_OR_RETURN(const Slot* slot, live_slot(id));
  return *slot->live;
}

std::vector<BufferInfo> BufferRegistry::live_buffers() const {
  std::lock_guard lock(mutex_);
  std::vector<BufferInfo> live;
  for (const Slot& slot : slots_) {
    if (slot.live) live.push_back(*slot.live);
  }
  return live;
}

std::optional<BufferInfo> BufferRegistry::find_covering(MemoryType type, uint32_t bank,
                                                        uint64_t offset, uint64_t size) const {
  std::lock_guard lock(mutex_);
  const auto& by_address = by_address_[type_index(type)];
  // Allocations never overlap, so only the last buffer starting at or below
  // `offset` can cover it.
  auto it = by_address.upper_bound(offset);
  if (it == by_address.begin()) return std::nullopt;
  --it;
  const BufferInfo& info = *slots_[it->second].live;
  uint64_t end = info.address + info.pages->bytes_per_bank();
  if (offset + size > end || !info.pages->uses_bank(bank)) return std::nullopt;
  return info;
}

AllocatorStatistics BufferRegistry::statistics(MemoryType type) const {
  std::lock_guard lock(mutex_);
  return allocator(type).statistics();
}

void BufferRegistry::reset_peak_statistics() {
  std::lock_guard lock(mutex_);
  dram_.reset_peak();
  l1_.reset_peak();
}

nlohmann::json BufferRegistry::memory_report() const {
  std::lock_guard lock(mutex_);
  nlohmann::json buffers = nlohmann::json::array();
  for (const Slot& slot : slots_) {
    if (!slot.live) continue;
    const BufferInfo& info = *slot.live;
    buffers.push_back({{"id", info.id.slot},
                       {"memory", memory_type_name(info.spec.memory_type)},
                       {"layout", buffer_layout_name(info.spec.layout)},
                       {"address", info.address},
                       {"size", info.spec.size},
                       {"page_size", info.spec.page_size},
                       {"bytes_per_bank", info.pages->bytes_per_bank()},
                       {"placed", info.placed}});
  }
  return {{"DRAM", dram_.report()}, {"L1", l1_.report()}, {"buffers", std::move(buffers)}};
}

}  // namespace tessera::sim
