// One core's fibers, run by one worker.
//
// Cores are dealt to workers round-robin, but a core whose fibers have not
// started yet may be taken by a worker that has run out of work: on a
// shared host one thread is often slowed, and a fixed deal would leave the
// other waiting for it at the end of every run. Once a core has started it
// stays on its worker, since its fibers' stacks hold that thread's
// thread-local addresses.
#pragma once

#include <atomic>
#include <vector>

#include "fiber.h"

namespace tessera::sim {

class Worker;

struct alignas(64) CoreGroup {  // own cache line: workers claim concurrently
  std::vector<Fiber*> fibers;
  std::atomic<Worker*> owner{nullptr};  // set once, by the worker that runs it
};

}  // namespace tessera::sim
