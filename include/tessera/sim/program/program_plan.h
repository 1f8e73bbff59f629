// A program as the simulated chip runs it: compiled-kernel specs placed on
// cores with their args, circular buffers and semaphores at fixed L1
// addresses. The host API (metal/program) builds one from tt-metal style
// objects; binaries' executors may build one directly.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "tessera/sim/arch/core_coord.h"
#include "tessera/sim/cb/circular_buffer_layout.h"
#include "tessera/sim/dst/dst_registers.h"
#include "tessera/sim/jit/kernel_build_spec.h"

namespace tessera::sim {

using CoreRangeSet = std::vector<CoreRange>;  // logical worker coordinates

struct KernelPlan {
  KernelBuildSpec build;
  CoreRangeSet cores;
  std::map<CoreCoord, std::vector<uint32_t>> runtime_args;  // per logical core
  std::vector<uint32_t> common_args;
  DstConfig dst{};  // compute kernels
  // Indices of runtime / common args that hold an L1 address. Each core's
  // copy of them becomes that core's host address of the same L1 byte, so
  // the kernel may dereference it as on the device (a plain L1 offset is
  // not a host pointer); the NoC takes either form.
  std::vector<uint32_t> l1_address_runtime_args{};
  std::vector<uint32_t> l1_address_common_args{};
};

struct CircularBufferPlan {
  CoreRangeSet cores;
  uint32_t address = 0;  // L1 offset, the same on every core
  uint32_t size = 0;     // bytes shared by all of its indices
  struct Index {
    uint32_t index = 0;
    uint32_t page_size = 0;
    tile::DataFormat format = tile::DataFormat::kFloat16_b;
  };
  std::vector<Index> indices;
  // Placed inside a live L1 buffer (tt-metal's globally allocated CB): must
  // lie within one; otherwise it must not overlap any.
  bool globally_allocated = false;
};

struct SemaphorePlan {
  CoreRangeSet cores;
  uint32_t id = 0;
  uint32_t initial_value = 0;
};

struct ProgramPlan {
  std::string name;
  std::vector<KernelPlan> kernels;
  std::vector<CircularBufferPlan> circular_buffers;
  std::vector<SemaphorePlan> semaphores;
  uint32_t semaphore_base = 0;  // L1 offset of semaphore id 0
  // Opt-in: compute kernels may only unpack CB pages that were pushed
  // (reading ahead of the producer is an error instead of stale data).
  bool strict_cb_pages = false;
};

}  // namespace tessera::sim
