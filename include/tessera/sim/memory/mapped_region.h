// An anonymous, lazily backed virtual memory mapping (RAII over mmap).
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

  uint8_t* data() const { return data_; }
  size_t size() const { return size_; }
  uintptr_t begin_address() const { return reinterpret_cast<uintptr_t>(data_); }
  uintptr_t end_address() const { return begin_address() + size_; }

  // Asks for transparent huge pages (fewer TLB misses on large copies); a
  // hint the kernel may ignore.
  void advise_huge_pages();

  // Makes [offset, offset + size) inaccessible (a guard against strays).
  Status protect(size_t offset, size_t size);

 private:
  MappedRegion(uint8_t* data, size_t size) : data_(data), size_(size) {}
  void release();

  uint8_t* data_ = nullptr;
  size_t size_ = 0;
};

size_t host_page_size();

}  // namespace tessera::sim
