#include "tessera/sim/memory/dram_memory.h"

#include <algorithm>

namespace tessera::sim {

namespace {

Status check_shape(uint32_t num_channels, uint64_t channel_size) {
  if (num_channels == 0 || channel_size == 0) {
    return make_error(ErrorCode::kInvalidArgument, "DRAM needs channels and a size (got ",
                      num_channels, " channels of ", channel_size, " bytes)");
  }
  return ok_status();
}

}  // namespace

Result<DramMemory> DramMemory::create(uint32_t num_channels, uint64_t channel_size, bool shared) {
  TESSERA_RETURN_IF_ERROR(check_shape(num_channels, channel_size));
  const size_t size = num_channels * channel_size;
  TESSERA_ASSIGN_OR_RETURN(MappedRegion region, shared
                                                    ? MappedRegion::map_shared(size, false, "DRAM")
                                                    : MappedRegion::map_anywhere(size, "DRAM"));
  region.advise_huge_pages();
  return DramMemory(std::move(region), num_channels, channel_size);
}

Result<DramMemory> DramMemory::attach(int fd, uint32_t num_channels, uint64_t channel_size) {
  TESSERA_RETURN_IF_ERROR(check_shape(num_channels, channel_size));
  TESSERA_ASSIGN_OR_RETURN(
      MappedRegion region,
      MappedRegion::attach_shared(fd, num_channels * channel_size, false, "DRAM"));
  region.advise_huge_pages();
  return DramMemory(std::move(region), num_channels, channel_size);
}

Result<uint8_t*> DramMemory::host_pointer(uint32_t channel, uint64_t offset, uint64_t size) const {
  if (channel >= num_channels_) {
    return make_error(ErrorCode::kOutOfRange, "DRAM channel ", channel,
                      " does not exist (chip has ", num_channels_, " channels)");
  }
  if (offset > channel_size_ || size > channel_size_ - offset) {
    return make_error(ErrorCode::kOutOfRange, "DRAM range [", offset, ", ", offset + size,
                      ") of channel ", channel, " is outside its ", channel_size_, " bytes");
  }
  return channel_base(channel) + offset;
}

void DramMemory::back_touched_with_huge_pages(uint32_t channel, uint64_t offset, uint64_t size) {
  if (region_.fd() < 0 || channel >= num_channels_ || offset >= channel_size_ || size == 0) return;
  constexpr uint64_t kChunk = MappedRegion::kHugePageBytes;
  if (huge_chunks_.empty()) huge_chunks_.resize(region_.size() / kChunk);
  const uint64_t begin = uint64_t{channel} * channel_size_ + offset;
  const uint64_t end = begin + std::min(size, channel_size_ - offset);
  for (uint64_t chunk = begin / kChunk; chunk < huge_chunks_.size() && chunk * kChunk < end;
       ++chunk) {
    if (!huge_chunks_[chunk]) huge_chunks_[chunk] = region_.collapse_to_huge_page(chunk);
  }
}

std::optional<DramMemory::Location> DramMemory::locate(uintptr_t host_address) const {
  if (host_address < region_.begin_address() || host_address >= region_.end_address()) {
    return std::nullopt;
  }
  uint64_t relative = host_address - region_.begin_address();
  return Location{static_cast<uint32_t>(relative / channel_size_), relative % channel_size_};
}

}  // namespace tessera::sim
