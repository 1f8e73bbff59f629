// The numbers the timing model runs on, one set per architecture, read from
// src/sim/arch/data/timing/<arch>.json (embedded at build time). Each value
// there names its public source, or says it is an assumption.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "tessera/base/status.h"
#include "tessera/sim/arch/arch.h"

namespace tessera::sim::timing {

struct TimingParams {
  Arch arch = Arch::kWormholeB0;
  double ai_clock_mhz = 1000;
  uint32_t noc_grid_x = 10;  // NoC coordinates wrap at these (a torus)
  uint32_t noc_grid_y = 12;
  uint32_t noc_link_bytes_per_cycle = 32;
  uint32_t noc_hop_cycles = 9;
  // The issuing RISC's cost per transfer, as a loop of them runs back to
  // back: a read; a write, multicast or atomic.
  uint32_t noc_read_issue_cycles = 24;
  uint32_t noc_write_issue_cycles = 38;
  // A loop over a DRAM-interleaved buffer's pages, per page: the RISC works
  // out each page's bank and address while the NoC takes the previous
  // command, so such a transfer costs the larger of this and its issue cost.
  uint32_t dram_page_read_loop_cycles = 39;
  uint32_t dram_page_write_loop_cycles = 41;
  // What a router holds of one packet per virtual channel and inbound port:
  // how much of a blocked packet waits in each router behind its head.
  uint32_t noc_vc_buffer_bytes = 512;
  uint32_t dram_bytes_per_cycle_per_channel = 24;
  uint32_t dram_latency_cycles = 300;
  uint32_t l1_bytes_per_cycle = 64;               // one unpacker, or the packers
  uint32_t unpack_both_bytes_per_cycle = 80;      // both unpackers together
  uint32_t pack_accumulate_bytes_per_cycle = 32;  // the packers adding onto L1
  std::array<uint32_t, 4> matmul_tile_cycles_by_fidelity{16, 32, 48, 64};  // LoFi..HiFi4
  uint32_t eltwise_tile_cycles = 8;
  uint32_t reduce_tile_cycles = 4;
  uint32_t sfpu_tile_cycles = 32;
  uint32_t kernel_launch_cycles = 1000;

  double ns_per_cycle() const { return 1000.0 / ai_clock_mhz; }
};

// The built-in parameters of `arch`.
Result<TimingParams> builtin_timing_params(Arch arch);
// Parameters from JSON text in the data files' form; `source` names it in errors.
Result<TimingParams> timing_params_from_json(std::string_view text, std::string_view source);

}  // namespace tessera::sim::timing
