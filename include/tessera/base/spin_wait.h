// A short busy wait before blocking. Handing work between threads through a
// futex costs a system call and a reschedule on each side, and far more when
// the waker must first bring an idle (virtual) CPU out of halt; when the
// other side answers within microseconds, watching an atomic for a moment is
// far cheaper.
#pragma once

#include <chrono>
#include <thread>

namespace tessera {

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
bool spin_until(Ready&& ready, std::chrono::nanoseconds budget) {
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

}  // namespace tessera
