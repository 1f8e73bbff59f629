#include "flatbuffer/current_system_desc.h"

#include "tessera/format/current_enums.h"
#include "tessera/format/generated.h"
#include "tessera/runtime/internal/system_desc.h"

namespace tessera::builder::current_layout {
namespace {

namespace tc = tt::target::current;

// What tt-mlir's runtime reports for Wormhole and Blackhole: 16 Dst tiles,
// one compute and two data-movement threads per core, and tt-metal's CB count.
constexpr uint32_t kDstTiles = 16;
constexpr uint32_t kCircularBuffers = 32;
constexpr uint32_t kComputeThreads = 1;
constexpr uint32_t kDataMovementThreads = 2;

}  // namespace

Result<flatbuffers::Offset<tc::SystemDesc>> current_system_desc(flatbuffers::FlatBufferBuilder& fbb,
                                                                const sim::ChipDescriptor& chip) {
  if (chip.arch == sim::Arch::kGrayskull) {
    return make_error(ErrorCode::kUnimplemented,
                      "the current layout has no Grayskull (its Arch is Wormhole_b0, Blackhole "
                      "or Quasar); write Grayskull programs in the 2024 layout");
  }
  const tc::Arch arch = format::arch_to_current(runtime::to_target_arch(chip.arch));
  tc::Dim2d grid(static_cast<int32_t>(chip.grid.y), static_cast<int32_t>(chip.grid.x));
  // Where logical core (0, 0) sits on the NoC.
  tc::Dim2d origin(0, 0);
  if (!chip.worker_cores.empty()) {
    origin = tc::Dim2d(static_cast<int32_t>(chip.worker_cores.front().y),
                       static_cast<int32_t>(chip.worker_cores.front().x));
  }
  TESSERA_ASSIGN_OR_RETURN(std::vector<tt::target::DataType> data_types,
                           runtime::to_target_data_types(chip.supported_data_formats));
  std::vector<tc::DataType> types;
  for (tt::target::DataType type : data_types) types.push_back(format::data_type_to_current(type));
  std::vector<tc::Dim2d> tiles;
  for (sim::TileShape tile : chip.supported_tile_shapes) {
    tiles.emplace_back(static_cast<int32_t>(tile.height), static_cast<int32_t>(tile.width));
  }
  tc::Dim2d dram_grid(1, static_cast<int32_t>(chip.num_dram_channels));
  // tessera keeps no kernel carve-out at the top of DRAM: all of a channel
  // above the reserved base is the compiler's.
  const auto dram_end =
      static_cast<uint32_t>(std::min<uint64_t>(chip.dram_channel_size, UINT32_MAX));
  auto chip_desc = tc::CreateChipDescDirect(
      fbb, arch, &grid, &origin, chip.l1_size, chip.num_dram_channels, chip.dram_channel_size,
      chip.noc_l1_address_align, chip.pcie_address_align, chip.noc_dram_address_align,
      chip.l1_unreserved_base, chip.erisc_l1_unreserved_base, chip.dram_unreserved_base, dram_end,
      &types, &tiles, kDstTiles, kCircularBuffers, kComputeThreads, kDataMovementThreads,
      &dram_grid);
  std::vector<flatbuffers::Offset<tc::ChipDesc>> chips = {chip_desc};
  std::vector<uint32_t> indices = {0};
  std::vector<tc::ChipCapability> capabilities = {tc::ChipCapability::HostMMIO};
  std::vector<tc::ChipCoord> coords = {tc::ChipCoord(0, 0, 0, 0)};
  std::vector<tc::ChipChannel> channels;
  return tc::CreateSystemDescDirect(fbb, nullptr, &chips, &indices, &capabilities, &coords,
                                    &channels);
}

}  // namespace tessera::builder::current_layout
