#include "tessera/format/current_system_desc.h"

#include <flatbuffers/flatbuffers.h>

#include "current/system_desc_generated.h"
#include "system_desc_generated.h"
#include "tessera/format/current_enums.h"
#include "tessera/format/schema.h"

namespace tessera::format {
namespace {

namespace ct = tt::target::current;

constexpr uint32_t kDstTiles = 16;
constexpr uint32_t kCircularBuffers = 32;
constexpr uint32_t kComputeThreads = 1;
constexpr uint32_t kDataMovementThreads = 2;

#if defined(__x86_64__)
constexpr const char* kHostTriple = "x86_64-pc-linux-gnu";
#elif defined(__aarch64__)
constexpr const char* kHostTriple = "aarch64-unknown-linux-gnu";
#else
constexpr const char* kHostTriple = "unknown-unknown-linux-gnu";
#endif

ct::Dim2d dim(const tt::target::Dim2d& value) {
  return ct::Dim2d(value.y(), value.x());
}

template <typename T>
using Vector = flatbuffers::Vector<T>;

flatbuffers::Offset<Vector<const ct::Dim2d*>> dims(flatbuffers::FlatBufferBuilder& builder,
                                                   const Vector<const tt::target::Dim2d*>* from) {
  std::vector<ct::Dim2d> out;
  for (uint32_t i = 0; from && i < from->size(); ++i) out.push_back(dim(*from->Get(i)));
  return builder.CreateVectorOfStructs(out);
}

// All of the channel's bytes above the base; the field is 32 bits wide.
uint32_t dram_unreserved_end(const tt::target::ChipDesc& chip) {
  const uint64_t align = std::max(1u, chip.noc_dram_address_align_bytes());
  const uint64_t end = std::min<uint64_t>(chip.dram_channel_size(), UINT32_MAX);
  return static_cast<uint32_t>(end / align * align);
}

Result<flatbuffers::Offset<ct::ChipDesc>> chip_desc(flatbuffers::FlatBufferBuilder& builder,
                                                    const tt::target::ChipDesc& chip,
                                                    size_t index) {
  if (chip.arch() != tt::target::Arch::Blackhole && chip.arch() != tt::target::Arch::Wormhole_b0) {
    return make_error(ErrorCode::kInvalidArgument, "chip_descs[", index, "] is ",
                      tt::target::EnumNameArch(chip.arch()),
                      ", which the current layout has no value for (Wormhole_b0, Blackhole)");
  }
  std::vector<ct::DataType> types;
  for (uint32_t i = 0; chip.supported_data_types() && i < chip.supported_data_types()->size();
       ++i) {
    types.push_back(
        data_type_to_current(chip.supported_data_types()->GetEnum<tt::target::DataType>(i)));
  }
  const auto* physical = chip.physical_cores();
  const ct::Dim2d origin = physical && physical->worker() && physical->worker()->size() > 0
                               ? dim(*physical->worker()->Get(0))
                               : ct::Dim2d(0, 0);
  const ct::Dim2d grid = chip.grid_size() ? dim(*chip.grid_size()) : ct::Dim2d(0, 0);
  const ct::Dim2d dram_grid(1, static_cast<int32_t>(chip.num_dram_channels()));
  auto type_vector = builder.CreateVector(types);
  auto tiles = dims(builder, chip.supported_tile_sizes());
  auto no_banks = builder.CreateVectorOfStructs(std::vector<ct::Dim2d>{});
  return ct::CreateChipDesc(
      builder, arch_to_current(chip.arch()), &grid, &origin, chip.l1_size(),
      chip.num_dram_channels(), chip.dram_channel_size(), chip.noc_l1_address_align_bytes(),
      chip.pcie_address_align_bytes(), chip.noc_dram_address_align_bytes(),
      chip.l1_unreserved_base(), chip.erisc_l1_unreserved_base(), chip.dram_unreserved_base(),
      dram_unreserved_end(chip), type_vector, tiles, kDstTiles, kCircularBuffers, kComputeThreads,
      kDataMovementThreads, &dram_grid, no_banks, no_banks);
}

// 2024: PCIE = 1, HostMMIO = 2; current: HostMMIO = 1.
ct::ChipCapability capability(tt::target::ChipCapability from) {
  const bool mmio = (static_cast<uint32_t>(from) &
                     static_cast<uint32_t>(tt::target::ChipCapability::HostMMIO)) != 0;
  return mmio ? ct::ChipCapability::HostMMIO : static_cast<ct::ChipCapability>(0);
}

}  // namespace

Result<std::vector<uint8_t>> system_desc_to_current(const Binary& binary) {
  const tt::target::SystemDescRoot* root = binary.system_desc_root();
  if (!root || !root->system_desc()) {
    return make_error(ErrorCode::kInvalidArgument, "'", binary.name(),
                      "' is not a 2024-layout system descriptor with a system_desc");
  }
  const tt::target::SystemDesc& system = *root->system_desc();
  flatbuffers::FlatBufferBuilder builder;
  // Every field, defaults too (Wormhole_b0 is 0): the JSON form shows all.
  builder.ForceDefaults(true);
  std::vector<flatbuffers::Offset<ct::ChipDesc>> chips;
  for (uint32_t i = 0; system.chip_descs() && i < system.chip_descs()->size(); ++i) {
    TESSERA_ASSIGN_OR_RETURN(auto chip, chip_desc(builder, *system.chip_descs()->Get(i), i));
    chips.push_back(chip);
  }
  std::vector<uint32_t> indices;
  if (system.chip_desc_indices()) {
    indices.assign(system.chip_desc_indices()->begin(), system.chip_desc_indices()->end());
  }
  std::vector<ct::ChipCapability> capabilities;
  for (uint32_t i = 0; system.chip_capabilities() && i < system.chip_capabilities()->size(); ++i) {
    capabilities.push_back(
        capability(system.chip_capabilities()->GetEnum<tt::target::ChipCapability>(i)));
  }
  std::vector<ct::ChipCoord> coords;
  for (uint32_t i = 0; system.chip_coords() && i < system.chip_coords()->size(); ++i) {
    const auto* c = system.chip_coords()->Get(i);
    coords.emplace_back(c->rack(), c->shelf(), c->y(), c->x());
  }
  std::vector<ct::ChipChannel> channels;
  for (uint32_t i = 0; system.chip_channels() && i < system.chip_channels()->size(); ++i) {
    const auto* c = system.chip_channels()->Get(i);
    channels.emplace_back(c->device_id0(), dim(c->ethernet_core_coord0()), c->device_id1(),
                          dim(c->ethernet_core_coord1()));
  }
  std::vector<flatbuffers::Offset<ct::CPUDesc>> cpus = {
      ct::CreateCPUDescDirect(builder, ct::CPURole::Host, kHostTriple)};
  auto system_desc = ct::CreateSystemDescDirect(builder, &cpus, &chips, &indices, &capabilities,
                                                &coords, &channels);
  const tt::target::Version* version = root->version();
  const ct::Version current_version(version ? version->major() : 0, version ? version->minor() : 0,
                                    version ? version->patch() : 0);
  auto current_root = ct::CreateSystemDescRootDirect(
      builder, &current_version, schema_hash(BinaryKind::kSystemDesc, WireLayout::kCurrent).c_str(),
      root->ttmlir_git_hash() ? root->ttmlir_git_hash()->c_str() : nullptr,
      root->product_identifier() ? root->product_identifier()->c_str() : nullptr, system_desc);
  builder.FinishSizePrefixed(current_root, file_identifier(BinaryKind::kSystemDesc).data());
  return std::vector<uint8_t>(builder.GetBufferPointer(),
                              builder.GetBufferPointer() + builder.GetSize());
}

}  // namespace tessera::format
