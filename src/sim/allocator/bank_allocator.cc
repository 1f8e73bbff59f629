#include "tessera/sim/allocator/bank_allocator.h"

#include <algorithm>
#include <bit>
#include <nlohmann/json.hpp>

namespace tessera::sim {

Result<BankAllocator> BankAllocator::create(BankAllocatorConfig config) {
  if (config.alignment == 0 || !std::has_single_bit(config.alignment)) {
    return make_error(ErrorCode::kInvalidArgument, config.name, " allocator alignment ",
                      config.alignment, " is not a power of two");
  }
  BankAllocator allocator(std::move(config));
  if (allocator.begin_ >= allocator.end_) {
    return make_error(ErrorCode::kInvalidArgument, allocator.config_.name,
                      " allocator has no allocatable bytes: unreserved base ",
                      allocator.config_.unreserved_base, ", bank size ",
                      allocator.config_.bank_size);
  }
  return allocator;
}

BankAllocator::BankAllocator(BankAllocatorConfig config) : config_(std::move(config)) {
  alignment_mask_ = config_.alignment - 1;
  begin_ = align(config_.unreserved_base);
  end_ = config_.bank_size & ~alignment_mask_;
  clear();
}

void BankAllocator::clear() {
  free_blocks_.clear();
  for (auto& size_class : size_classes_) size_class.clear();
  non_empty_classes_ = 0;
  allocations_.clear();
  allocated_bytes_ = 0;
  if (begin_ < end_) add_free(free_blocks_.end(), begin_, end_ - begin_);
}

namespace {

int size_class_of(uint64_t size) {
  return std::bit_width(size) - 1;
}

}  // namespace

void BankAllocator::index_add(uint64_t address, uint64_t size) {
  const int size_class = size_class_of(size);
  auto& blocks = size_classes_[size_class];
  auto at = std::lower_bound(blocks.begin(), blocks.end(), address,
                             [](const FreeBlock& block, uint64_t a) { return block.address < a; });
  blocks.insert(at, {address, size});
  non_empty_classes_ |= uint64_t{1} << size_class;
}

void BankAllocator::index_remove(uint64_t address, uint64_t size) {
  const int size_class = size_class_of(size);
  auto& blocks = size_classes_[size_class];
  auto at = std::lower_bound(blocks.begin(), blocks.end(), address,
                             [](const FreeBlock& block, uint64_t a) { return block.address < a; });
  blocks.erase(at);
  if (blocks.empty()) non_empty_classes_ &= ~(uint64_t{1} << size_class);
}

void BankAllocator::index_update(uint64_t old_address, uint64_t old_size, uint64_t address,
                                 uint64_t size) {
  const int size_class = size_class_of(old_size);
  if (size_class != size_class_of(size)) {
    index_remove(old_address, old_size);
    index_add(address, size);
    return;
  }
  auto& blocks = size_classes_[size_class];
  auto at = std::lower_bound(blocks.begin(), blocks.end(), old_address,
                             [](const FreeBlock& block, uint64_t a) { return block.address < a; });
  *at = {address, size};
}

void BankAllocator::add_free(std::map<uint64_t, uint64_t>::iterator hint, uint64_t address,
                             uint64_t size) {
  free_blocks_.emplace_hint(hint, address, size);
  index_add(address, size);
}

// Every block of a class above the request's fits, so only the first (or
// last) of each matters; only the request's own class needs a walk.
std::optional<uint64_t> BankAllocator::find_fit(uint64_t size) const {
  const int request_class = size_class_of(size);
  const bool bottom_up = config_.order == AllocationOrder::kBottomUp;
  std::optional<uint64_t> best;
  auto better = [&](uint64_t address) {
    return !best || (bottom_up ? address < *best : address > *best);
  };
  uint64_t larger = request_class >= 63 ? 0 : non_empty_classes_ >> (request_class + 1);
  for (int size_class = request_class + 1; larger != 0; ++size_class, larger >>= 1) {
    if ((larger & 1) == 0) continue;
    const auto& blocks = size_classes_[size_class];
    uint64_t candidate = bottom_up ? blocks.front().address : blocks.back().address;
    if (better(candidate)) best = candidate;
  }
  const auto& same = size_classes_[request_class];
  if (bottom_up) {
    for (auto it = same.begin(); it != same.end() && better(it->address); ++it) {
      if (it->size >= size) return it->address;
    }
  } else {
    for (auto it = same.rbegin(); it != same.rend() && better(it->address); ++it) {
      if (it->size >= size) return it->address;
    }
  }
  return best;
}

Result<uint64_t> BankAllocator::allocate(uint64_t size) {
  if (size == 0) {
    return make_error(ErrorCode::kInvalidArgument, "cannot allocate 0 bytes in ", config_.name);
  }
  if (size > end_) return out_of_memory(size);
  const uint64_t aligned = align(size);
  std::optional<uint64_t> fit = find_fit(aligned);
  if (!fit) return out_of_memory(size);
  auto block = free_blocks_.find(*fit);
  const uint64_t block_size = block->second;
  uint64_t address;
  if (block_size == aligned) {
    address = block->first;
    index_remove(address, block_size);
    free_blocks_.erase(block);
  } else if (config_.order == AllocationOrder::kBottomUp) {
    address = block->first;
    index_update(address, block_size, address + aligned, block_size - aligned);
    // Re-key the remainder in place: no node allocation.
    auto next = std::next(block);
    auto node = free_blocks_.extract(block);
    node.key() += aligned;
    node.mapped() -= aligned;
    free_blocks_.insert(next, std::move(node));
  } else {
    index_update(block->first, block_size, block->first, block_size - aligned);
    block->second -= aligned;
    address = block->first + block->second;
  }
  allocations_.emplace(address, aligned);
  allocated_bytes_ += aligned;
  peak_allocated_bytes_ = std::max(peak_allocated_bytes_, allocated_bytes_);
  return address;
}

Status BankAllocator::allocate_at(uint64_t address, uint64_t size) {
  const std::string& name = config_.name;
  if (size == 0) {
    return make_error(ErrorCode::kInvalidArgument, "cannot allocate 0 bytes in ", name,
                      " at address ", address);
  }
  if (address == 0) {
    return make_error(ErrorCode::kInvalidArgument, name,
                      " address 0 is not a valid buffer address (size ", size, ")");
  }
  if ((address & alignment_mask_) != 0) {
    return make_error(ErrorCode::kInvalidArgument, name, " address ", address,
                      " is not aligned to ", config_.alignment, " bytes (size ", size, ")");
  }
  if (address < begin_) {
    return make_error(ErrorCode::kOutOfRange, name, " address ", address,
                      " is below the unreserved base ", begin_, " (size ", size, ")");
  }
  const uint64_t aligned = align(size);
  if (aligned > end_ || address > end_ - aligned) {
    return make_error(ErrorCode::kOutOfRange, name, " range [", address, ", ", address + aligned,
                      ") runs past the end of the ", config_.bank_size, "-byte bank (",
                      end_ - std::min(address, end_), " bytes left from the address)");
  }
  auto block = free_blocks_.upper_bound(address);
  if (block == free_blocks_.begin()) return overlap_error(address, aligned);
  --block;
  const uint64_t block_begin = block->first;
  const uint64_t block_end = block->first + block->second;
  if (address + aligned > block_end) return overlap_error(address, aligned);
  if (address > block_begin) {
    index_update(block_begin, block->second, block_begin, address - block_begin);
    block->second = address - block_begin;
    ++block;
  } else {
    index_remove(block_begin, block->second);
    block = free_blocks_.erase(block);
  }
  if (address + aligned < block_end) {
    add_free(block, address + aligned, block_end - address - aligned);
  }
  allocations_.emplace(address, aligned);
  allocated_bytes_ += aligned;
  peak_allocated_bytes_ = std::max(peak_allocated_bytes_, allocated_bytes_);
  return ok_status();
}

Status BankAllocator::free(uint64_t address) {
  auto allocation = allocations_.find(address);
  if (allocation == allocations_.end()) {
    return make_error(ErrorCode::kNotFound, "no live ", config_.name,
                      " allocation starts at address ", address);
  }
  const uint64_t size = allocation->second;
  allocations_.erase(allocation);
  allocated_bytes_ -= size;

  auto next = free_blocks_.lower_bound(address);
  auto prev = next == free_blocks_.begin() ? free_blocks_.end() : std::prev(next);
  const bool merge_prev = prev != free_blocks_.end() && prev->first + prev->second == address;
  const bool merge_next = next != free_blocks_.end() && address + size == next->first;
  if (merge_prev && merge_next) {
    index_remove(prev->first, prev->second);
    index_remove(next->first, next->second);
    prev->second += size + next->second;
    index_add(prev->first, prev->second);
    free_blocks_.erase(next);
  } else if (merge_prev) {
    index_update(prev->first, prev->second, prev->first, prev->second + size);
    prev->second += size;
  } else if (merge_next) {
    index_update(next->first, next->second, address, next->second + size);
    auto after = std::next(next);
    auto node = free_blocks_.extract(next);
    node.key() = address;
    node.mapped() += size;
    free_blocks_.insert(after, std::move(node));
  } else {
    add_free(next, address, size);
  }
  return ok_status();
}

std::optional<uint64_t> BankAllocator::allocation_size(uint64_t address) const {
  auto allocation = allocations_.find(address);
  if (allocation == allocations_.end()) return std::nullopt;
  return allocation->second;
}

AllocatorStatistics BankAllocator::statistics() const {
  AllocatorStatistics stats;
  stats.total_bytes = end_ - begin_;
  stats.allocated_bytes = allocated_bytes_;
  stats.peak_allocated_bytes = peak_allocated_bytes_;
  stats.free_bytes = stats.total_bytes - allocated_bytes_;
  stats.num_allocations = allocations_.size();
  stats.num_free_blocks = free_blocks_.size();
  for (const auto& [address, size] : free_blocks_) {
    stats.largest_free_block = std::max(stats.largest_free_block, size);
  }
  return stats;
}

std::vector<AllocatorBlock> BankAllocator::blocks() const {
  std::vector<AllocatorBlock> result;
  result.reserve(free_blocks_.size() + allocations_.size());
  for (const auto& [address, size] : free_blocks_) result.push_back({address, size, false});
  for (const auto& [address, size] : allocations_) result.push_back({address, size, true});
  std::sort(result.begin(), result.end(),
            [](const AllocatorBlock& a, const AllocatorBlock& b) { return a.address < b.address; });
  return result;
}

nlohmann::json BankAllocator::report() const {
  AllocatorStatistics stats = statistics();
  nlohmann::json blocks_json = nlohmann::json::array();
  for (const AllocatorBlock& block : blocks()) {
    blocks_json.push_back({{"address", block.address},
                           {"size", block.size},
                           {"state", block.allocated ? "allocated" : "free"}});
  }
  return {{"name", config_.name},
          {"num_banks", config_.num_banks},
          {"bank_size", config_.bank_size},
          {"alignment", config_.alignment},
          {"order", config_.order == AllocationOrder::kBottomUp ? "bottom_up" : "top_down"},
          {"statistics",
           {{"total_bytes_per_bank", stats.total_bytes},
            {"allocated_bytes_per_bank", stats.allocated_bytes},
            {"peak_allocated_bytes_per_bank", stats.peak_allocated_bytes},
            {"free_bytes_per_bank", stats.free_bytes},
            {"largest_free_block", stats.largest_free_block},
            {"num_allocations", stats.num_allocations},
            {"num_free_blocks", stats.num_free_blocks}}},
          {"blocks", std::move(blocks_json)}};
}

Error BankAllocator::out_of_memory(uint64_t requested) const {
  AllocatorStatistics stats = statistics();
  return make_error(ErrorCode::kOutOfMemory, "out of ", config_.name, " memory: need ",
                    align(requested), " bytes per bank in each of ", config_.num_banks, " banks (",
                    align(requested) * config_.num_banks, " bytes in total); ", stats.free_bytes,
                    " bytes free per bank, largest free block ", stats.largest_free_block,
                    " bytes");
}

Error BankAllocator::overlap_error(uint64_t address, uint64_t size) const {
  for (const auto& [live_address, live_size] : allocations_) {
    if (live_address < address + size && address < live_address + live_size) {
      return make_error(ErrorCode::kAlreadyExists, config_.name, " range [", address, ", ",
                        address + size, ") overlaps the live allocation [", live_address, ", ",
                        live_address + live_size, ")");
    }
  }
  return make_error(ErrorCode::kInternal, config_.name, " range [", address, ", ", address + size,
                    ") is not free but overlaps no allocation (allocator bug)");
}

}  // namespace tessera::sim
