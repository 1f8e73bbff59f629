#include "tessera/sim/fiber/abandonable_code.h"

#include <array>
#include <atomic>

namespace tessera::sim {

namespace {

// One per loaded kernel binary. A range is visible while end is non-zero;
// begin is written before end is published.
struct CodeRange {
  std::atomic<bool> claimed{false};
  std::atomic<std::uintptr_t> begin{0};
  std::atomic<std::uintptr_t> end{0};
};

constexpr std::size_t kSlots = 4096;
std::array<CodeRange, kSlots> g_ranges;
std::atomic<std::size_t> g_high_water{0};  // slots at or past it were never used

}  // namespace

int register_abandonable_code(std::uintptr_t begin, std::uintptr_t end) {
  if (begin >= end) return -1;
  for (std::size_t slot = 0; slot < kSlots; ++slot) {
    CodeRange& range = g_ranges[slot];
    if (range.claimed.exchange(true, std::memory_order_acq_rel)) continue;
    range.begin.store(begin, std::memory_order_relaxed);
    range.end.store(end, std::memory_order_release);
    std::size_t high = g_high_water.load(std::memory_order_relaxed);
    while (high < slot + 1 &&
           !g_high_water.compare_exchange_weak(high, slot + 1, std::memory_order_release)) {
    }
    return static_cast<int>(slot);
  }
  return -1;
}

void unregister_abandonable_code(int slot) {
  if (slot < 0 || static_cast<std::size_t>(slot) >= kSlots) return;
  CodeRange& range = g_ranges[static_cast<std::size_t>(slot)];
  range.end.store(0, std::memory_order_release);
  range.claimed.store(false, std::memory_order_release);
}

bool in_abandonable_code(std::uintptr_t address) {
  const std::size_t high = g_high_water.load(std::memory_order_acquire);
  for (std::size_t slot = 0; slot < high; ++slot) {
    const std::uintptr_t end = g_ranges[slot].end.load(std::memory_order_acquire);
    if (end == 0) continue;
    if (address >= g_ranges[slot].begin.load(std::memory_order_relaxed) && address < end) {
      return true;
    }
  }
  return false;
}

}  // namespace tessera::sim
