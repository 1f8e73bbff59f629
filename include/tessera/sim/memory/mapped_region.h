// A lazily backed virtual memory mapping (RAII over mmap): private and
// anonymous, or shared through a memfd so that a device process maps the
// same pages.
//
// Pages cost nothing until touched, so a chip's 12 GiB of DRAM only uses
// what kernels and buffers write.
#pragma once

#include <cstddef>
#include <cstdint>

#include "tessera/base/status.h"

namespace tessera::sim {

class MappedRegion {
 public:
  // The transparent huge page size of x86-64 (and of arm64 with 4 KiB pages).
  static constexpr size_t kHugePageBytes = size_t{2} << 20;

  MappedRegion() = default;
  MappedRegion(MappedRegion&& other) noexcept;
  MappedRegion& operator=(MappedRegion&& other) noexcept;
  MappedRegion(const MappedRegion&) = delete;
  MappedRegion& operator=(const MappedRegion&) = delete;
  ~MappedRegion();

  // Anywhere in the address space.
  static Result<MappedRegion> map_anywhere(size_t size, const char* what);
  // Entirely below 4 GiB, so every address fits in a uint32_t.
  static Result<MappedRegion> map_below_4gib(size_t size, const char* what);
  // Backed by a new memfd of `size` bytes (sparse), which fd() returns and
  // another process may map with attach_shared.
  static Result<MappedRegion> map_shared(size_t size, bool below_4gib, const char* what);
  // Maps an existing memfd of `size` bytes; the region keeps its own copy of
  // the descriptor. Shared regions not below 4 GiB start on a huge page
  // boundary (see collapse_to_huge_page).
  static Result<MappedRegion> attach_shared(int fd, size_t size, bool below_4gib, const char* what);

  uint8_t* data() const { return data_; }
  // The memfd behind a shared region, -1 for a private one.
  int fd() const { return fd_; }
  size_t size() const { return size_; }
  uintptr_t begin_address() const { return reinterpret_cast<uintptr_t>(data_); }
  uintptr_t end_address() const { return begin_address() + size_; }

  // Asks for transparent huge pages (fewer TLB misses on large copies); a
  // hint the kernel may ignore.
  void advise_huge_pages();

  // Backs chunk `chunk` (bytes [chunk, chunk + 1) x kHugePageBytes) with one
  // huge page if any of its pages is resident; true when it now is. Shared
  // memory gets huge pages no other way on a default kernel configuration
  // (shmem_enabled is "never"), and large copies through 4 KiB pages spend
  // much of their time on TLB misses. Best effort: false on kernels before
  // 6.1, for a chunk nothing touched, or when the kernel has no huge page.
  bool collapse_to_huge_page(size_t chunk);

  // Makes [offset, offset + size) inaccessible (a guard against strays).
  Status protect(size_t offset, size_t size);

 private:
  MappedRegion(uint8_t* data, size_t size, int fd = -1) : data_(data), size_(size), fd_(fd) {}
  void release();

  uint8_t* data_ = nullptr;
  size_t size_ = 0;
  int fd_ = -1;
};

size_t host_page_size();

}  // namespace tessera::sim
