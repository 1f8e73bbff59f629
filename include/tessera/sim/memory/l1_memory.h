// The L1 of every worker core of one chip, mapped as one region below 4 GiB.
//
// Device kernels keep L1 addresses in uint32_t and dereference them, so core
// i's L1 window is real host memory at window_base(i), a 32-bit address. Each
// window is followed by an inaccessible guard page: a stray access past a
// core's L1 faults instead of landing in the next core.
#pragma once

#include <cstdint>
#include <optional>

#include "tessera/base/status.h"
#include "tessera/sim/memory/mapped_region.h"

namespace tessera::sim {

class L1Memory {
 public:
  struct Location {
    uint32_t core;    // logical worker index
    uint64_t offset;  // L1 offset within the core
  };

  // `shared`: backed by a memfd (fd()) a device process can attach.
  static Result<L1Memory> create(uint32_t num_cores, uint64_t l1_size, bool shared = false);
  // The same memory as the L1Memory whose fd() is `fd`, in this process
  // (below 4 GiB here too, with its own guard pages).
  static Result<L1Memory> attach(int fd, uint32_t num_cores, uint64_t l1_size);
  int fd() const { return region_.fd(); }

  uint32_t num_cores() const { return num_cores_; }
  uint64_t l1_size() const { return l1_size_; }
  // Distance between consecutive core windows (L1 size, page aligned, plus guard).
  uint64_t window_stride() const { return window_stride_; }

  // Host address of a core's L1 offset 0 (fits in 32 bits).
  uint32_t window_base(uint32_t core) const {
    return static_cast<uint32_t>(region_.begin_address() + core * window_stride_);
  }
  // Bounds-checked host pointer to [offset, offset + size) of a core's L1.
  Result<uint8_t*> host_pointer(uint32_t core, uint64_t offset, uint64_t size) const;
  // The core and offset of a host address inside some core's L1 window.
  std::optional<Location> locate(uintptr_t host_address) const;

  // The whole mapping, guard pages included.
  uintptr_t region_begin() const { return region_.begin_address(); }
  uintptr_t region_end() const { return region_.end_address(); }

 private:
  static Result<L1Memory> lay_out(Result<MappedRegion> (*map)(int, size_t), int fd,
                                  uint32_t num_cores, uint64_t l1_size);
  L1Memory(MappedRegion region, uint32_t num_cores, uint64_t l1_size, uint64_t stride)
      : region_(std::move(region)),
        num_cores_(num_cores),
        l1_size_(l1_size),
        window_stride_(stride) {}

  MappedRegion region_;
  uint32_t num_cores_ = 0;
  uint64_t l1_size_ = 0;
  uint64_t window_stride_ = 0;
};

}  // namespace tessera::sim
