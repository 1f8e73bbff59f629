#include "tessera/sim/memory/l1_memory.h"

namespace tessera::sim {

namespace {

uint64_t round_up(uint64_t value, uint64_t multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

}  // namespace

// Maps the windows with `map` (given the shared fd, or -1) and protects a
// guard page after each.
Result<L1Memory> L1Memory::lay_out(Result<MappedRegion> (*map)(int, size_t), int fd,
                                   uint32_t num_cores, uint64_t l1_size) {
  if (num_cores == 0 || l1_size == 0) {
    return make_error(ErrorCode::kInvalidArgument, "L1 memory needs cores and a size (got ",
                      num_cores, " cores of ", l1_size, " bytes)");
  }
  const uint64_t page = host_page_size();
  const uint64_t window = round_up(l1_size, page);
  const uint64_t stride = window + page;  // one guard page after each window
  TESSERA_ASSIGN_OR_RETURN(MappedRegion region, map(fd, num_cores * stride));
  for (uint32_t core = 0; core < num_cores; ++core) {
    TESSERA_RETURN_IF_ERROR(region.protect(core * stride + window, page));
  }
  return L1Memory(std::move(region), num_cores, l1_size, stride);
}

Result<L1Memory> L1Memory::create(uint32_t num_cores, uint64_t l1_size, bool shared) {
  auto map_private = [](int, size_t size) {
    return MappedRegion::map_below_4gib(size, "worker L1");
  };
  auto map_shared = [](int, size_t size) {
    return MappedRegion::map_shared(size, true, "worker L1");
  };
  return lay_out(shared ? +map_shared : +map_private, -1, num_cores, l1_size);
}

Result<L1Memory> L1Memory::attach(int fd, uint32_t num_cores, uint64_t l1_size) {
  auto map = [](int shared_fd, size_t size) {
    return MappedRegion::attach_shared(shared_fd, size, true, "worker L1");
  };
  return lay_out(+map, fd, num_cores, l1_size);
}

Result<uint8_t*> L1Memory::host_pointer(uint32_t core, uint64_t offset, uint64_t size) const {
  if (core >= num_cores_) {
    return make_error(ErrorCode::kOutOfRange, "worker core ", core, " does not exist (chip has ",
                      num_cores_, " worker cores)");
  }
  if (offset > l1_size_ || size > l1_size_ - offset) {
    return make_error(ErrorCode::kOutOfRange, "L1 range [", offset, ", ", offset + size,
                      ") of core ", core, " is outside its ", l1_size_, "-byte L1");
  }
  return region_.data() + core * window_stride_ + offset;
}

std::optional<L1Memory::Location> L1Memory::locate(uintptr_t host_address) const {
  if (host_address < region_.begin_address() || host_address >= region_.end_address()) {
    return std::nullopt;
  }
  uint64_t relative = host_address - region_.begin_address();
  Location location{static_cast<uint32_t>(relative / window_stride_), relative % window_stride_};
  if (location.offset >= l1_size_) return std::nullopt;  // padding or guard page
  return location;
}

}  // namespace tessera::sim
