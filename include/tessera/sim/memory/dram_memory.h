// The DRAM channels (banks) of one chip, lazily backed: one mapping of
// channels x channel size that costs only the pages that are touched.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/sim/memory/mapped_region.h"

namespace tessera::sim {

class DramMemory {
 public:
  struct Location {
    uint32_t channel;
    uint64_t offset;
  };

  // `shared`: backed by a memfd (fd()) a device process can attach.
  static Result<DramMemory> create(uint32_t num_channels, uint64_t channel_size,
                                   bool shared = false);
  // The same memory as the DramMemory whose fd() is `fd`, in this process.
  static Result<DramMemory> attach(int fd, uint32_t num_channels, uint64_t channel_size);
  int fd() const { return region_.fd(); }

  uint32_t num_channels() const { return num_channels_; }
  uint64_t channel_size() const { return channel_size_; }

  // Bounds-checked host pointer to [offset, offset + size) of a channel.
  Result<uint8_t*> host_pointer(uint32_t channel, uint64_t offset, uint64_t size) const;
  // Unchecked: the caller has validated the range (hot copy loops).
  uint8_t* channel_base(uint32_t channel) const { return region_.data() + channel * channel_size_; }
  std::optional<Location> locate(uintptr_t host_address) const;

  // Shared DRAM only (private DRAM asks for huge pages when mapped): backs
  // the touched huge-page chunks of a channel's [offset, offset + size) with
  // huge pages, as the private mapping gets them on first touch. Chunks
  // already huge cost nothing; call from one thread.
  void back_touched_with_huge_pages(uint32_t channel, uint64_t offset, uint64_t size);

 private:
  DramMemory(MappedRegion region, uint32_t num_channels, uint64_t channel_size)
      : region_(std::move(region)), num_channels_(num_channels), channel_size_(channel_size) {}

  MappedRegion region_;
  std::vector<bool> huge_chunks_;  // by chunk of the region: backed by a huge page
  uint32_t num_channels_ = 0;
  uint64_t channel_size_ = 0;
};

}  // namespace tessera::sim
