// How much it costs this machine, right now, to read on one core what a
// thread on another core has just written. An isolated device moves each
// program's inputs and outputs between the host's core and its own, while
// an in-process device mostly keeps them on one core; on the shared virtual
// machines measured, that cost moved by a factor of about four within
// minutes, and the isolated/in-process ratios with it (docs/architecture.md,
// "Why the ratios move with the hour"). A run that reports this next to its
// ratios says which of those phases it ran in.
#pragma once

#include <pthread.h>
#include <sched.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <thread>
#include <vector>

namespace tessera::bench {

// The first two processors this process may run on, or nothing.
inline std::optional<std::pair<int, int>> two_allowed_cpus() {
  cpu_set_t allowed;
  if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return std::nullopt;
  std::vector<int> cpus;
  for (int cpu = 0; cpu < CPU_SETSIZE && cpus.size() < 2; ++cpu) {
    if (CPU_ISSET(cpu, &allowed)) cpus.push_back(cpu);
  }
  if (cpus.size() < 2) return std::nullopt;
  return std::pair{cpus[0], cpus[1]};
}

inline void pin_current_thread(int cpu) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  (void)pthread_setaffinity_np(pthread_self(), sizeof set, &set);
}

// Reads one byte of every cache line of `bytes`, so that the reads are the
// cost and not the arithmetic.
inline uint64_t touch_lines(const volatile uint8_t* bytes, size_t size) {
  uint64_t sum = 0;
  for (size_t offset = 0; offset < size; offset += 64) sum += bytes[offset];
  return sum;
}

// The median time, in microseconds, to read `size` bytes that a thread on
// another processor has just written, over `rounds` hand-overs. The calling
// thread's own placement is restored afterwards.
inline std::optional<double> measure_cross_core_read_us(size_t size, int rounds) {
  const auto cpus = two_allowed_cpus();
  if (!cpus) return std::nullopt;
  std::vector<uint8_t> bytes(size);
  std::atomic<int> turn{0};  // odd: the reader's turn
  std::thread writer([&] {
    pin_current_thread(cpus->second);
    for (int round = 0; round < rounds; ++round) {
      while (turn.load(std::memory_order_acquire) != 2 * round) {
      }
      std::memset(bytes.data(), round, size);
      turn.store(2 * round + 1, std::memory_order_release);
    }
  });
  cpu_set_t placement;
  const bool placed = pthread_getaffinity_np(pthread_self(), sizeof placement, &placement) == 0;
  pin_current_thread(cpus->first);
  auto time_reads = [&] {
    const auto start = std::chrono::steady_clock::now();
    volatile uint64_t sink = touch_lines(bytes.data(), size);
    (void)sink;
    return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
        .count();
  };
  std::vector<double> reads;
  for (int round = 0; round < rounds; ++round) {
    while (turn.load(std::memory_order_acquire) != 2 * round + 1) {
    }
    reads.push_back(time_reads());
    turn.store(2 * round + 2, std::memory_order_release);
  }
  writer.join();
  if (placed) (void)pthread_setaffinity_np(pthread_self(), sizeof placement, &placement);
  std::nth_element(reads.begin(), reads.begin() + reads.size() / 2, reads.end());
  return reads[reads.size() / 2];
}

}  // namespace tessera::bench
