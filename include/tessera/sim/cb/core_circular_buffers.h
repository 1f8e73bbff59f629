// The circular buffers of one core, with the device's pointer and counter
// semantics.
//
// The page counters (pushed, popped) are shared by every kernel of the core,
// as on the device where they live in L1 registers; the read and write
// pointers are per kernel (each RISC-V keeps its own copy in its
// tessera_cb_interface array). Producers only move the write pointer and
// consumers only the read pointer, so the copies agree where it matters.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/sim/cb/circular_buffer_layout.h"
#include "tessera/sim/jit/kernel_abi.h"

namespace tessera::sim {

class CoreCircularBuffers {
 public:
  // `window_base`: host address of the core's L1 offset 0 (below 4 GiB).
  CoreCircularBuffers(uint32_t window_base, const std::vector<CircularBufferLayout>& layouts);
  CoreCircularBuffers(const CoreCircularBuffers&) = delete;
  CoreCircularBuffers& operator=(const CoreCircularBuffers&) = delete;

  // Fills a kernel's view (TESSERA_NUM_CIRCULAR_BUFFERS entries); CBs not
  // configured on this core have page size 0.
  void init_interfaces(tessera_cb_interface* interfaces) const;

  const CircularBufferLayout* layout(int32_t cb) const;
  bool configured(int32_t cb) const { return layout(cb) != nullptr; }

  // Non-blocking parts of the four CB calls. Blocking is the caller's (it
  // parks the fiber until pages_free/pages_filled allow it).
  uint32_t pages_filled(int32_t cb) const;
  uint32_t pages_free(int32_t cb) const;
  // Checks the request can ever be met, then advances the kernel's pointer
  // and the shared counter.
  Status push_back(tessera_cb_interface& interface, int32_t cb, int32_t pages);
  Status pop_front(tessera_cb_interface& interface, int32_t cb, int32_t pages);
  // Errors for requests that can never be satisfied (more pages than the CB
  // holds, unconfigured CB, negative count).
  Status check_request(int32_t cb, int32_t pages, const char* operation) const;

  // "cb 0: wants 2 pages, 0 available" style descriptions for deadlocks.
  std::string describe_wait_front(int32_t cb, int32_t pages) const;
  std::string describe_reserve_back(int32_t cb, int32_t pages) const;

 private:
  struct Counters {
    std::atomic<uint32_t> pushed{0};
    std::atomic<uint32_t> popped{0};
  };

  uint32_t window_base_;
  std::array<std::optional<CircularBufferLayout>, TESSERA_NUM_CIRCULAR_BUFFERS> layouts_{};
  std::array<Counters, TESSERA_NUM_CIRCULAR_BUFFERS> counters_{};
};

}  // namespace tessera::sim
