// TTSY system descriptors of simulated chips.
#include "system_desc_generated.h"
#include "tessera/format/integrity.h"
#include "tessera/format/schema.h"
#include "tessera/runtime/internal/system_desc.h"

namespace tessera::runtime {

namespace {

using sim::ChipDescriptor;
using sim::CoreCoord;

// tessera's own version, written into the descriptors it produces.
const tt::target::Version kWriterVersion(0, 1, 0);

tt::target::Dim2d to_dim(CoreCoord coord) {
  return tt::target::Dim2d(static_cast<int32_t>(coord.y), static_cast<int32_t>(coord.x));
}

flatbuffers::Offset<flatbuffers::Vector<const tt::target::Dim2d*>> write_coords(
    flatbuffers::FlatBufferBuilder& builder, const std::vector<CoreCoord>& coords) {
  std::vector<tt::target::Dim2d> dims;
  for (CoreCoord coord : coords) dims.push_back(to_dim(coord));
  return builder.CreateVectorOfStructs(dims);
}

Result<flatbuffers::Offset<tt::target::ChipDesc>> write_chip_desc(
    flatbuffers::FlatBufferBuilder& builder, const ChipDescriptor& chip) {
  auto physical = tt::target::CreateChipPhysicalCores(
      builder, write_coords(builder, chip.worker_cores), write_coords(builder, chip.dram_cores),
      write_coords(builder, chip.eth_cores), write_coords(builder, chip.eth_inactive_cores));
  TESSERA_ASSIGN_OR_RETURN(std::vector<tt::target::DataType> types,
                           to_target_data_types(chip.supported_data_formats));
  std::vector<tt::target::Dim2d> tiles;
  for (sim::TileShape tile : chip.supported_tile_shapes) {
    tiles.emplace_back(static_cast<int32_t>(tile.height), static_cast<int32_t>(tile.width));
  }
  tt::target::Dim2d grid(static_cast<int32_t>(chip.grid.y), static_cast<int32_t>(chip.grid.x));
  return tt::target::CreateChipDescDirect(
      builder, to_target_arch(chip.arch), &grid, chip.l1_size, chip.num_dram_channels,
      chip.dram_channel_size, chip.noc_l1_address_align, chip.pcie_address_align,
      chip.noc_dram_address_align, chip.l1_unreserved_base, chip.erisc_l1_unreserved_base,
      chip.dram_unreserved_base, physical, &types, &tiles);
}

// Device i's first ethernet core links to device i+1's (a ring), as tt-mlir's
// default multi-chip descriptors do.
std::vector<tt::target::ChipChannel> ring_channels(std::span<const ChipDescriptor> devices) {
  std::vector<tt::target::ChipChannel> channels;
  if (devices.size() < 2) return channels;
  for (uint32_t i = 0; i < devices.size(); ++i) {
    uint32_t next = static_cast<uint32_t>((i + 1) % devices.size());
    if (devices[i].eth_cores.empty() || devices[next].eth_cores.empty()) return {};
    channels.emplace_back(i, to_dim(devices[i].eth_cores.front()), next,
                          to_dim(devices[next].eth_cores.back()));
  }
  return channels;
}

}  // namespace

Result<std::vector<uint8_t>> write_system_desc(std::span<const ChipDescriptor> devices) {
  if (devices.empty()) {
    return make_error(ErrorCode::kInvalidArgument, "a system descriptor needs at least 1 device");
  }
  for (size_t i = 0; i < devices.size(); ++i) {
    if (Status valid = devices[i].validate(); !valid.ok()) {
      Error error = std::move(valid).error();
      error.add_context("device " + std::to_string(i));
      return error;
    }
  }
  flatbuffers::FlatBufferBuilder builder;
  // Write every field, defaults too (arch Grayskull is 0): readers and the
  // JSON form then show the whole descriptor.
  builder.ForceDefaults(true);
  std::vector<flatbuffers::Offset<tt::target::ChipDesc>> chip_descs;
  std::vector<uint32_t> indices;
  std::vector<tt::target::ChipCapability> capabilities;
  std::vector<tt::target::ChipCoord> coords;
  for (uint32_t i = 0; i < devices.size(); ++i) {
    TESSERA_ASSIGN_OR_RETURN(auto chip_desc, write_chip_desc(builder, devices[i]));
    chip_descs.push_back(chip_desc);
    indices.push_back(i);
    // Every simulated chip is directly host-addressable.
    capabilities.push_back(tt::target::ChipCapability::PCIE | tt::target::ChipCapability::HostMMIO);
    coords.emplace_back(0, 0, 0, i);
  }
  std::vector<tt::target::ChipChannel> channels = ring_channels(devices);
  auto system_desc = tt::target::CreateSystemDescDirect(builder, &chip_descs, &indices,
                                                        &capabilities, &coords, &channels);
  std::string product = devices.front().product.empty()
                            ? std::string(sim::arch_name(devices[0].arch))
                            : devices.front().product;
  auto root = tt::target::CreateSystemDescRootDirect(
      builder, &kWriterVersion, "tessera", product.c_str(), system_desc,
      format::schema_hash(format::BinaryKind::kSystemDesc).c_str(), format::kChecksumPlaceholder);
  builder.FinishSizePrefixed(root, "TTSY");
  std::vector<uint8_t> bytes(builder.GetBufferPointer(),
                             builder.GetBufferPointer() + builder.GetSize());
  TESSERA_RETURN_IF_ERROR(format::seal_binary(bytes, format::BinaryKind::kSystemDesc));
  return bytes;
}

Result<std::vector<uint8_t>> write_system_desc(const ChipDescriptor& chip, uint32_t num_devices) {
  if (num_devices == 0 || num_devices > 64) {
    return make_error(ErrorCode::kInvalidArgument, "device count ", num_devices,
                      " is outside 1..64");
  }
  std::vector<ChipDescriptor> devices(num_devices, chip);
  return write_system_desc(devices);
}

}  // namespace tessera::runtime
