#include "flatbuffer/tensor_refs.h"

#include "reference/reference_ops.h"
#include "tessera/builder/tensor_bytes.h"
#include "tessera/format/data_types.h"
#include "tessera/runtime/internal/system_desc.h"

namespace tessera::builder {
namespace {

namespace target = tt::target;

target::Dim2d tile_shape(bool tiled) {
  return tiled ? target::Dim2d(kTileDim, kTileDim) : target::Dim2d(1, 1);
}

TensorRefOffset tensor_ref(flatbuffers::FlatBufferBuilder& fbb, uint32_t global_id,
                           const TensorNode& tensor, uint64_t address, uint64_t size,
                           const std::vector<int>& shard_shape, bool tiled,
                           target::MemorySpace space, int grid_y, int grid_x,
                           uint64_t shard_bytes) {
  std::vector<int> shape = to_int(tensor.shape);
  std::vector<int> stride = to_int(reference::row_major_strides(tensor.shape));
  target::Dim2d tile = tile_shape(tiled);
  auto memory =
      target::CreateMemoryDescDirect(fbb, &shard_shape, &tile, tensor.type, space, shard_bytes);
  std::vector<target::Dim2dRange> grid = {
      target::Dim2dRange(target::Dim2d(0, 0), target::Dim2d(grid_y, grid_x))};
  auto layout = target::CreateLayoutDescDirect(fbb, &stride, target::OOBVal::Undef, &grid, memory);
  auto desc = target::CreateTensorDescDirect(fbb, &shape, layout, nullptr);
  return target::CreateTensorRef(fbb, global_id, address, size, desc);
}

}  // namespace

std::vector<int> to_int(const std::vector<int64_t>& values) {
  return std::vector<int>(values.begin(), values.end());
}

Result<TensorRefOffset> device_tensor_ref(flatbuffers::FlatBufferBuilder& fbb, uint32_t global_id,
                                          const TensorNode& tensor, uint64_t address, bool exact) {
  TESSERA_ASSIGN_OR_RETURN(DeviceLayout layout, device_layout(tensor, exact));
  std::vector<int> shard = {static_cast<int>(layout.shard_height),
                            static_cast<int>(layout.shard_width)};
  if (layout.tiled)
    shard = {static_cast<int>(layout.shard_tiles_high()),
             static_cast<int>(layout.shard_tiles_wide())};
  return tensor_ref(fbb, global_id, tensor, address, layout.total_bytes, shard, layout.tiled,
                    tensor.placement.space, layout.grid_y, layout.grid_x, layout.shard_bytes);
}

TensorRefOffset host_tensor_ref(flatbuffers::FlatBufferBuilder& fbb, uint32_t global_id,
                                const TensorNode& tensor) {
  uint64_t bytes = static_cast<uint64_t>(reference::element_count(tensor.shape)) *
                   format::data_type_element_size(tensor.type);
  return tensor_ref(fbb, global_id, tensor, 0, bytes, to_int(tensor.shape), false,
                    target::MemorySpace::System, 1, 1, bytes);
}

Result<flatbuffers::Offset<target::GoldenTensor>> golden_tensor(flatbuffers::FlatBufferBuilder& fbb,
                                                                const TensorNode& tensor) {
  TESSERA_ASSIGN_OR_RETURN(std::vector<uint8_t> data,
                           encode_reference_values(tensor.value.values, tensor.type));
  std::vector<int> shape = to_int(tensor.shape);
  std::vector<int> stride = to_int(reference::row_major_strides(tensor.shape));
  return target::CreateGoldenTensorDirect(fbb, tensor.name.c_str(), &shape, &stride, tensor.type,
                                          &data);
}

Result<flatbuffers::Offset<target::SystemDesc>> system_desc(flatbuffers::FlatBufferBuilder& fbb,
                                                            const sim::ChipDescriptor& chip) {
  auto coords = [&](const std::vector<sim::CoreCoord>& cores) {
    std::vector<target::Dim2d> dims;
    for (sim::CoreCoord core : cores) {
      dims.emplace_back(static_cast<int>(core.y), static_cast<int>(core.x));
    }
    return fbb.CreateVectorOfStructs(dims);
  };
  auto physical =
      target::CreateChipPhysicalCores(fbb, coords(chip.worker_cores), coords(chip.dram_cores),
                                      coords(chip.eth_cores), coords(chip.eth_inactive_cores));
  std::vector<target::Dim2d> tiles;
  for (sim::TileShape tile : chip.supported_tile_shapes) {
    tiles.emplace_back(static_cast<int>(tile.height), static_cast<int>(tile.width));
  }
  TESSERA_ASSIGN_OR_RETURN(std::vector<target::DataType> types,
                           runtime::to_target_data_types(chip.supported_data_formats));
  target::Dim2d grid(static_cast<int>(chip.grid.y), static_cast<int>(chip.grid.x));
  auto chip_desc = target::CreateChipDescDirect(
      fbb, runtime::to_target_arch(chip.arch), &grid, chip.l1_size, chip.num_dram_channels,
      chip.dram_channel_size, chip.noc_l1_address_align, chip.pcie_address_align,
      chip.noc_dram_address_align, chip.l1_unreserved_base, chip.erisc_l1_unreserved_base,
      chip.dram_unreserved_base, physical, &types, &tiles);
  std::vector<flatbuffers::Offset<target::ChipDesc>> chips = {chip_desc};
  std::vector<uint32_t> indices = {0};
  std::vector<target::ChipCapability> capabilities = {target::ChipCapability::PCIE |
                                                      target::ChipCapability::HostMMIO};
  std::vector<target::ChipCoord> chip_coords = {target::ChipCoord(0, 0, 0, 0)};
  std::vector<target::ChipChannel> channels;
  return target::CreateSystemDescDirect(fbb, &chips, &indices, &capabilities, &chip_coords,
                                        &channels);
}

}  // namespace tessera::builder
