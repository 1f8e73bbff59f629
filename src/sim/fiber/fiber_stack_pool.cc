#include "fiber_stack_pool.h"

#include <sys/mman.h>
#include <unistd.h>

#include "sanitizer_hooks.h"

namespace tessera::sim {

namespace {

std::size_t page_size() {
  static const std::size_t size = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  return size;
}

std::size_t round_up(std::size_t value, std::size_t multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

}  // namespace

bool FiberStack::guard_contains(const void* address) const {
  auto* byte = static_cast<const char*>(address);
  auto* low = static_cast<const char*>(base);
  return byte >= low && byte < low + guard;
}

FiberStackPool& FiberStackPool::instance() {
  // Leaked on purpose: fibers may still be released during static teardown.
  static auto* pool = new FiberStackPool();
  return *pool;
}

FiberStackPool::~FiberStackPool() {
  for (const FiberStack& stack : free_) munmap(stack.base, stack.mapped);
}

FiberStack FiberStackPool::acquire(std::size_t usable_size) {
  const std::size_t usable = round_up(usable_size, page_size());
  {
    std::lock_guard lock(mutex_);
    for (std::size_t i = 0; i < free_.size(); ++i) {
      if (free_[i].usable_size() != usable) continue;
      FiberStack stack = free_[i];
      free_[i] = free_.back();
      free_.pop_back();
      return stack;
    }
  }
  FiberStack stack;
  stack.guard = page_size();
  stack.mapped = usable + stack.guard;
  void* memory = mmap(nullptr, stack.mapped, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
  if (memory == MAP_FAILED) return {};
  if (mprotect(memory, stack.guard, PROT_NONE) != 0) {
    munmap(memory, stack.mapped);
    return {};
  }
  stack.base = memory;
  return stack;
}

void FiberStackPool::release(FiberStack stack) {
  if (stack.base == nullptr) return;
  // An abandoned fiber leaves sanitizer stack poisoning behind.
  sanitizer_unpoison(stack.usable_bottom(), stack.usable_size());
  std::lock_guard lock(mutex_);
  free_.push_back(stack);
}

}  // namespace tessera::sim
