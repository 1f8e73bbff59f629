// What a chip is: its worker grid, memories, alignments and core coordinates.
//
// Worker cores have a logical coordinate (x < grid.x, y < grid.y, index
// y * grid.x + x) and a NoC coordinate, which is what device kernels use to
// address another core. DRAM channel i is reached through dram_cores[i].
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/sim/arch/arch.h"
#include "tessera/sim/arch/chip_data_format.h"
#include "tessera/sim/arch/core_coord.h"

namespace tessera::sim {

struct ChipDescriptor {
  Arch arch = Arch::kWormholeB0;
  std::string product;  // "n150"; empty when built from a binary
  CoreCoord grid;       // logical worker grid: x columns, y rows
  uint64_t l1_size = 0;
  uint32_t num_dram_channels = 0;
  uint64_t dram_channel_size = 0;
  uint32_t noc_l1_address_align = 0;
  uint32_t pcie_address_align = 0;
  uint32_t noc_dram_address_align = 0;
  uint32_t l1_unreserved_base = 0;
  uint32_t erisc_l1_unreserved_base = 0;
  uint32_t dram_unreserved_base = 0;
  std::vector<CoreCoord> worker_cores;  // NoC coords, in logical index order
  std::vector<CoreCoord> dram_cores;    // NoC core of each DRAM channel
  std::vector<CoreCoord> eth_cores;
  std::vector<CoreCoord> eth_inactive_cores;
  std::vector<ChipDataFormat> supported_data_formats;
  std::vector<TileShape> supported_tile_shapes;

  uint32_t num_workers() const { return grid.x * grid.y; }
  uint32_t worker_index(CoreCoord logical) const { return logical.y * grid.x + logical.x; }
  CoreCoord worker_logical(uint32_t index) const { return {index % grid.x, index / grid.x}; }

  // Bounds-checked coordinate translation; errors name the coordinate.
  Result<CoreCoord> worker_noc_from_logical(CoreCoord logical) const;
  Result<CoreCoord> worker_logical_from_noc(CoreCoord noc) const;
  Result<CoreCoord> dram_noc_from_channel(uint32_t channel) const;
  // The DRAM channel whose NoC core is `noc`, if any.
  std::optional<uint32_t> dram_channel_from_noc(CoreCoord noc) const;
  bool is_worker_noc(CoreCoord noc) const;

  // Checks internal consistency (grid vs core lists, alignments, bases).
  Status validate() const;
};

// The built-in descriptor of an architecture (data embedded at build time).
Result<ChipDescriptor> builtin_chip_descriptor(Arch arch);

// Parses a descriptor from the JSON form used by the built-in data files.
Result<ChipDescriptor> chip_descriptor_from_json(std::string_view json, std::string_view source);

}  // namespace tessera::sim
