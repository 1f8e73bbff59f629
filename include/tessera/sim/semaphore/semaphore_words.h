// Semaphores are 32-bit words in a core's L1, one per id, at the program's
// semaphore base. Other cores reach them over the NoC (set_remote,
// multicast, atomic increment); the owning core waits on them. Every access
// is atomic because those cores run on other host threads.
#pragma once

#include <atomic>
#include <cstdint>

namespace tessera::sim {

// tt-metal's per-core semaphore count and the L1 alignment between them.
inline constexpr uint32_t kMaxSemaphores = 16;
inline constexpr uint32_t kSemaphoreStride = 16;

constexpr uint32_t semaphore_offset(uint32_t base, uint32_t id) {
  return base + id * kSemaphoreStride;
}

inline uint32_t load_semaphore(uint32_t* word) {
  return std::atomic_ref<uint32_t>(*word).load(std::memory_order_acquire);
}

inline void store_semaphore(uint32_t* word, uint32_t value) {
  std::atomic_ref<uint32_t>(*word).store(value, std::memory_order_release);
}

// noc_semaphore_wait waits for equality, noc_semaphore_wait_min for >=.
inline bool semaphore_reached(uint32_t* word, uint32_t value, bool at_least) {
  const uint32_t current = load_semaphore(word);
  return at_least ? current >= value : current == value;
}

}  // namespace tessera::sim
