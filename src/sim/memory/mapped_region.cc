#include "tessera/sim/memory/mapped_region.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <utility>

namespace tessera::sim {

namespace {

constexpr uintptr_t kFourGib = uintptr_t{1} << 32;
constexpr int kLazyFlags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE;
constexpr int kSharedFlags = MAP_SHARED | MAP_NORESERVE;

#ifndef MADV_COLLAPSE
#define MADV_COLLAPSE 25  // Linux 6.1; older headers lack the name, older kernels refuse it
#endif

Error map_error(const char* what, size_t size, int error_number) {
  return make_error(ErrorCode::kOutOfMemory, "cannot map ", size, " bytes for ", what, ": ",
                    std::strerror(error_number));
}

// A mapping at exactly `hint`, or nullptr if that range is taken.
void* map_at(uintptr_t hint, size_t size, int flags, int fd) {
#ifdef MAP_FIXED_NOREPLACE
  void* data = mmap(reinterpret_cast<void*>(hint), size, PROT_READ | PROT_WRITE,
                    flags | MAP_FIXED_NOREPLACE, fd, 0);
#else
  void* data = mmap(reinterpret_cast<void*>(hint), size, PROT_READ | PROT_WRITE, flags, fd, 0);
#endif
  if (data == MAP_FAILED) return nullptr;
  if (reinterpret_cast<uintptr_t>(data) != hint) {  // kernels without NOREPLACE treat it as a hint
    munmap(data, size);
    return nullptr;
  }
  return data;
}

// Somewhere below 4 GiB, or nullptr if the low address space is full.
void* map_low(size_t size, int flags, int fd) {
#ifdef MAP_32BIT
  // x86-64: the kernel picks a free range in the low 2 GiB.
  void* low = mmap(nullptr, size, PROT_READ | PROT_WRITE, flags | MAP_32BIT, fd, 0);
  if (low != MAP_FAILED) {
    if (reinterpret_cast<uintptr_t>(low) + size <= kFourGib) return low;
    munmap(low, size);
  }
#endif
  // Otherwise probe page-aligned hints between 64 MiB and 4 GiB.
  const uintptr_t step = uintptr_t{64} << 20;
  for (uintptr_t hint = step; hint + size <= kFourGib; hint += step) {
    if (void* data = map_at(hint, size, flags, fd)) return data;
  }
  return nullptr;
}

// A mapping whose start is a multiple of kHugePageBytes, or MAP_FAILED: a
// huge page can only back a chunk that is aligned in the address space too.
void* map_huge_aligned(size_t size, int flags, int fd) {
  const size_t reserved = size + MappedRegion::kHugePageBytes;
  void* span = mmap(nullptr, reserved, PROT_NONE, kLazyFlags, -1, 0);
  if (span == MAP_FAILED) return MAP_FAILED;
  const uintptr_t begin = reinterpret_cast<uintptr_t>(span);
  const uintptr_t aligned =
      (begin + MappedRegion::kHugePageBytes - 1) & ~uintptr_t{MappedRegion::kHugePageBytes - 1};
  void* data = mmap(reinterpret_cast<void*>(aligned), size, PROT_READ | PROT_WRITE,
                    flags | MAP_FIXED, fd, 0);
  if (data == MAP_FAILED) {
    munmap(span, reserved);
    return MAP_FAILED;
  }
  if (aligned > begin) munmap(span, aligned - begin);
  const uintptr_t end = aligned + size;
  if (begin + reserved > end) munmap(reinterpret_cast<void*>(end), begin + reserved - end);
  return data;
}

Error low_space_error(size_t size, const char* what) {
  return make_error(ErrorCode::kOutOfMemory, "cannot map ", size, " bytes for ", what,
                    " below 4 GiB: the low address space is full (device kernels need 32-bit L1 "
                    "addresses; close other devices)");
}

Status check_low_size(size_t size, const char* what) {
  if (size == 0 || size >= kFourGib) {
    return make_error(ErrorCode::kInvalidArgument, what, " needs ", size,
                      " bytes below 4 GiB, which cannot fit");
  }
  return ok_status();
}

}  // namespace

size_t host_page_size() {
  static const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  return page;
}

MappedRegion::MappedRegion(MappedRegion&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)),
      size_(std::exchange(other.size_, 0)),
      fd_(std::exchange(other.fd_, -1)) {}

MappedRegion& MappedRegion::operator=(MappedRegion&& other) noexcept {
  if (this != &other) {
    release();
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

MappedRegion::~MappedRegion() {
  release();
}

void MappedRegion::release() {
  if (data_ != nullptr) munmap(data_, size_);
  if (fd_ >= 0) close(fd_);
  data_ = nullptr;
  size_ = 0;
  fd_ = -1;
}

Result<MappedRegion> MappedRegion::map_anywhere(size_t size, const char* what) {
  void* data = mmap(nullptr, size, PROT_READ | PROT_WRITE, kLazyFlags, -1, 0);
  if (data == MAP_FAILED) return map_error(what, size, errno);
  return MappedRegion(static_cast<uint8_t*>(data), size);
}

Result<MappedRegion> MappedRegion::map_below_4gib(size_t size, const char* what) {
  TESSERA_RETURN_IF_ERROR(check_low_size(size, what));
  void* data = map_low(size, kLazyFlags, -1);
  if (!data) return low_space_error(size, what);
  return MappedRegion(static_cast<uint8_t*>(data), size);
}

Result<MappedRegion> MappedRegion::map_shared(size_t size, bool below_4gib, const char* what) {
  const int fd = memfd_create(what, MFD_CLOEXEC);
  if (fd < 0) {
    return make_error(ErrorCode::kOutOfMemory, "cannot create shared memory for ", what, ": ",
                      std::strerror(errno));
  }
  if (ftruncate(fd, static_cast<off_t>(size)) != 0) {
    const int error = errno;
    close(fd);
    return map_error(what, size, error);
  }
  auto region = attach_shared(fd, size, below_4gib, what);
  close(fd);  // the region holds its own descriptor
  return region;
}

Result<MappedRegion> MappedRegion::attach_shared(int fd, size_t size, bool below_4gib,
                                                 const char* what) {
  if (below_4gib) TESSERA_RETURN_IF_ERROR(check_low_size(size, what));
  const int own = fcntl(fd, F_DUPFD_CLOEXEC, 0);
  if (own < 0) {
    return make_error(ErrorCode::kIo, "cannot keep the shared memory of ", what, ": ",
                      std::strerror(errno));
  }
  void* data =
      below_4gib ? map_low(size, kSharedFlags, own) : map_huge_aligned(size, kSharedFlags, own);
  if (data == nullptr || data == MAP_FAILED) {
    const int error = errno;
    close(own);
    return below_4gib ? low_space_error(size, what) : map_error(what, size, error);
  }
  return MappedRegion(static_cast<uint8_t*>(data), size, own);
}

void MappedRegion::advise_huge_pages() {
#ifdef MADV_HUGEPAGE
  if (data_ != nullptr) (void)madvise(data_, size_, MADV_HUGEPAGE);
#endif
}

bool MappedRegion::collapse_to_huge_page(size_t chunk) {
  const size_t offset = chunk * kHugePageBytes;
  if (data_ == nullptr || offset >= size_ || size_ - offset < kHugePageBytes ||
      begin_address() % kHugePageBytes != 0) {
    return false;
  }
  // A chunk with no resident page stays as it is: collapsing it would make
  // memory nobody touched cost 2 MiB.
  std::array<unsigned char, kHugePageBytes / 4096> resident{};
  if (host_page_size() != 4096 || mincore(data_ + offset, kHugePageBytes, resident.data()) != 0) {
    return false;
  }
  const bool touched =
      std::any_of(resident.begin(), resident.end(), [](unsigned char page) { return page & 1; });
  return touched && madvise(data_ + offset, kHugePageBytes, MADV_COLLAPSE) == 0;
}

Status MappedRegion::protect(size_t offset, size_t size) {
  if (offset + size > size_) {
    return make_error(ErrorCode::kOutOfRange, "protect range [", offset, ", ", offset + size,
                      ") is outside the ", size_, "-byte mapping");
  }
  if (mprotect(data_ + offset, size, PROT_NONE) != 0) {
    return make_error(ErrorCode::kInternal, "mprotect failed: ", std::strerror(errno));
  }
  return ok_status();
}

}  // namespace tessera::sim
