// Fiber stacks with a guard page, recycled across runs so launching a
// program does not mmap/munmap per fiber.
#pragma once

#include <cstddef>
#include <mutex>
#include <vector>

namespace tessera::sim {

struct FiberStack {
  void* base = nullptr;    // lowest mapped address (the guard page)
  std::size_t mapped = 0;  // guard page + usable bytes
  std::size_t guard = 0;   // bytes of the PROT_NONE guard page

  void* top() const { return static_cast<char*>(base) + mapped; }
  void* usable_bottom() const { return static_cast<char*>(base) + guard; }
  std::size_t usable_size() const { return mapped - guard; }
  bool guard_contains(const void* address) const;
};

class FiberStackPool {
 public:
  static FiberStackPool& instance();

  // A stack with at least `usable_size` bytes; nullptr if the OS refuses.
  FiberStack acquire(std::size_t usable_size);
  // Returns a stack for reuse; its contents are garbage from here on.
  void release(FiberStack stack);

 private:
  FiberStackPool() = default;
  ~FiberStackPool();

  std::mutex mutex_;
  std::vector<FiberStack> free_;
};

}  // namespace tessera::sim
