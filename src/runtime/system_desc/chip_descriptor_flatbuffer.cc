// A ChipDescriptor from a binary's tt::target::ChipDesc.
#include "system_desc_generated.h"
#include "tessera/runtime/internal/system_desc.h"

namespace tessera::runtime {

namespace {

using sim::ChipDescriptor;
using sim::CoreCoord;

// Dim2d is (y, x); CoreCoord is (x, y).
Result<std::vector<CoreCoord>> coords_from(
    const flatbuffers::Vector<const tt::target::Dim2d*>* dims) {
  std::vector<CoreCoord> coords;
  if (dims == nullptr) return coords;
  for (const tt::target::Dim2d* dim : *dims) {
    if (dim->x() < 0 || dim->y() < 0) {
      return make_error(ErrorCode::kInvalidArgument, "core coordinate (y ", dim->y(), ", x ",
                        dim->x(), ") is negative");
    }
    coords.push_back({static_cast<uint32_t>(dim->x()), static_cast<uint32_t>(dim->y())});
  }
  return coords;
}

}  // namespace

Result<ChipDescriptor> chip_descriptor_from_flatbuffer(const tt::target::ChipDesc& desc) {
  ChipDescriptor chip;
  TESSERA_ASSIGN_OR_RETURN(chip.arch, from_target_arch(desc.arch()));
  if (desc.grid_size() == nullptr || desc.grid_size()->x() <= 0 || desc.grid_size()->y() <= 0) {
    return make_error(ErrorCode::kInvalidArgument, "chip_desc.grid_size is missing or empty");
  }
  chip.grid = {static_cast<uint32_t>(desc.grid_size()->x()),
               static_cast<uint32_t>(desc.grid_size()->y())};
  chip.l1_size = desc.l1_size();
  chip.num_dram_channels = desc.num_dram_channels();
  chip.dram_channel_size = desc.dram_channel_size();
  chip.noc_l1_address_align = desc.noc_l1_address_align_bytes();
  chip.pcie_address_align = desc.pcie_address_align_bytes();
  chip.noc_dram_address_align = desc.noc_dram_address_align_bytes();
  chip.l1_unreserved_base = desc.l1_unreserved_base();
  chip.erisc_l1_unreserved_base = desc.erisc_l1_unreserved_base();
  chip.dram_unreserved_base = desc.dram_unreserved_base();
  if (const auto* cores = desc.physical_cores()) {
    TESSERA_ASSIGN_OR_RETURN(chip.worker_cores, coords_from(cores->worker()));
    TESSERA_ASSIGN_OR_RETURN(chip.dram_cores, coords_from(cores->dram()));
    TESSERA_ASSIGN_OR_RETURN(chip.eth_cores, coords_from(cores->eth()));
    TESSERA_ASSIGN_OR_RETURN(chip.eth_inactive_cores, coords_from(cores->eth_inactive()));
  }
  // Older descriptors leave the physical cores out: borrow the built-in
  // architecture's coordinates when its geometry matches.
  TESSERA_ASSIGN_OR_RETURN(ChipDescriptor builtin, sim::builtin_chip_descriptor(chip.arch));
  if (chip.worker_cores.empty() && chip.grid == builtin.grid) {
    chip.worker_cores = builtin.worker_cores;
  }
  if (chip.dram_cores.empty() && chip.num_dram_channels == builtin.num_dram_channels) {
    chip.dram_cores = builtin.dram_cores;
  }
  if (const auto* types = desc.supported_data_types()) {
    for (tt::target::DataType type : *types) {
      Result<sim::ChipDataFormat> format = from_target_data_type(type);
      if (!format.ok()) {
        Error error = std::move(format).error();
        error.add_context("chip_desc.supported_data_types");
        return error;
      }
      chip.supported_data_formats.push_back(*format);
    }
  }
  if (const auto* tiles = desc.supported_tile_sizes()) {
    for (const tt::target::Dim2d* tile : *tiles) {
      chip.supported_tile_shapes.push_back(
          {static_cast<uint32_t>(tile->y()), static_cast<uint32_t>(tile->x())});
    }
  }
  if (Status valid = chip.validate(); !valid.ok()) {
    Error error = std::move(valid).error();
    error.add_context("system descriptor chip_desc");
    return error;
  }
  return chip;
}

}  // namespace tessera::runtime
