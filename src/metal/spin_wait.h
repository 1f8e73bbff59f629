// A short busy wait before blocking. Handing work between the host thread
// and a queue worker through a futex costs a system call and a reschedule
// on each side; when the other side answers within microseconds, watching
// an atomic for a moment is far cheaper.
#pragma once

#include <chrono>
#include <thread>

namespace tessera::metal::internal {

// Long enough to cover a burst of enqueues or a short command, short
// enough not to matter when the queue goes idle.
inline constexpr std::chrono::microseconds kSpinBudget{30};

inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#else
  std::this_thread::yield();
#endif
}

// True once `ready()` holds; false if it still does not after `budget`.
// Yields between checks after the first few, so a spinning thread gives way
// to the one it waits for when both share a core.
template <typename Ready>
bool spin_until(Ready&& ready, std::chrono::nanoseconds budget = kSpinBudget) {
  constexpr int kPauses = 64;
  for (int i = 0; i < kPauses; ++i) {
    if (ready()) return true;
    cpu_relax();
  }
  const auto deadline = std::chrono::steady_clock::now() + budget;
  while (std::chrono::steady_clock::now() < deadline) {
    if (ready()) return true;
    std::this_thread::yield();
  }
  return ready();
}

}  // namespace tessera::metal::internal
