#include "flatbuffer/current_refs.h"

#include "flatbuffer/tensor_refs.h"
#include "reference/reference_ops.h"
#include "tessera/builder/tensor_bytes.h"
#include "tessera/format/current_enums.h"
#include "tessera/format/data_types.h"

namespace tessera::builder::current_layout {
namespace {

std::vector<int32_t> strides_of(const std::vector<int64_t>& shape) {
  return to_int(reference::row_major_strides(shape));
}

uint64_t volume_of(const std::vector<int64_t>& shape) {
  return static_cast<uint64_t>(reference::element_count(shape));
}

tc::Dim2dRange grid_range(int grid_y, int grid_x) {
  return tc::Dim2dRange(tc::Dim2d(0, 0), tc::Dim2d(grid_y, grid_x));
}

// L1 shards: tt-metal's 2-D ShardSpecBuffer (shard shape in elements, page
// shape, tensor in pages) and the same cut as a page-domain distribution
// spec, shard (y, x) on core (y, x), which the compiler writes alongside.
flatbuffers::Offset<cm::ShardedBufferConfig> sharded_config(flatbuffers::FlatBufferBuilder& fbb,
                                                            const DeviceLayout& layout) {
  const int32_t page_y = layout.tiled ? static_cast<int32_t>(kTileDim) : 1;
  const int32_t page_x =
      layout.tiled ? static_cast<int32_t>(kTileDim) : static_cast<int32_t>(layout.shard_width);
  const auto shard_pages_y = static_cast<uint32_t>(layout.shard_height / page_y);
  const auto shard_pages_x = static_cast<uint32_t>(layout.shard_width / page_x);
  const auto grid_y = static_cast<uint32_t>(layout.grid_y);
  const auto grid_x = static_cast<uint32_t>(layout.grid_x);
  std::vector<tc::Dim2dRange> cores = {grid_range(layout.grid_y, layout.grid_x)};
  tc::Dim2d shard_shape(static_cast<int32_t>(layout.shard_height),
                        static_cast<int32_t>(layout.shard_width));
  auto shard_spec = cm::CreateShardSpecDirect(fbb, &cores, &shard_shape);
  tc::Dim2d page_shape(page_y, page_x);
  tc::Dim2d tensor_pages(static_cast<int32_t>(grid_y * shard_pages_y),
                         static_cast<int32_t>(grid_x * shard_pages_x));
  auto shard_spec_buffer = cm::CreateShardSpecBuffer(fbb, shard_spec, &page_shape, &tensor_pages);
  std::vector<uint32_t> tensor_in_pages = {grid_y * shard_pages_y, grid_x * shard_pages_x};
  std::vector<uint32_t> shard_in_pages = {shard_pages_y, shard_pages_x};
  std::vector<tc::Dim2d> core_list;
  for (int32_t y = 0; y < layout.grid_y; ++y) {
    for (int32_t x = 0; x < layout.grid_x; ++x) core_list.emplace_back(y, x);
  }
  auto distribution =
      cm::CreateBufferDistributionSpecDirect(fbb, &tensor_in_pages, &shard_in_pages, &core_list);
  return cm::CreateShardedBufferConfig(fbb, layout.total_bytes, layout.page_bytes,
                                       shard_spec_buffer, distribution);
}

}  // namespace

flatbuffers::Offset<cm::BufferDesc> host_buffer_desc(flatbuffers::FlatBufferBuilder& fbb,
                                                     const TensorNode& tensor) {
  std::vector<int32_t> shape = to_int(tensor.shape);
  std::vector<int32_t> strides = strides_of(tensor.shape);
  tc::Dim2d scalar(1, 1);
  auto system = cm::CreateSystemBufferDirect(fbb, &strides);
  return cm::CreateBufferDescDirect(fbb, &shape, &strides, volume_of(tensor.shape),
                                    format::data_type_to_current(tensor.type), &scalar,
                                    cm::BufferDetail::SystemBuffer, system.Union());
}

flatbuffers::Offset<cm::BufferDesc> device_buffer_desc(
    flatbuffers::FlatBufferBuilder& fbb, const TensorNode& tensor, const DeviceLayout& layout,
    const std::optional<CircularBufferShape>& cb) {
  // The shape of the device view: grid, then one shard in elements (tiles
  // when tiled), as the compiler's device memrefs are shaped.
  const int64_t element_y = layout.tiled ? kTileDim : 1;
  const int64_t element_x = layout.tiled ? kTileDim : 1;
  const std::vector<int64_t> device_shape = {layout.grid_y, layout.grid_x,
                                             layout.shard_height / element_y,
                                             layout.shard_width / element_x};
  std::vector<int32_t> shape = to_int(device_shape);
  std::vector<int32_t> strides = strides_of(device_shape);
  tc::Dim2d element(static_cast<int32_t>(element_y), static_cast<int32_t>(element_x));
  flatbuffers::Offset<cm::MetalBuffer> metal;
  if (tensor.placement.space == tt::target::MemorySpace::DeviceDRAM) {
    auto interleaved =
        cm::CreateInterleavedBufferConfig(fbb, layout.total_bytes, layout.page_bytes);
    metal = cm::CreateMetalBuffer(fbb, tc::BufferType::DRAM,
                                  cm::BufferConfig::InterleavedBufferConfig, interleaved.Union());
  } else {
    auto sharded = sharded_config(fbb, layout);
    flatbuffers::Offset<cm::CircularBufferConfig> circular;
    if (cb) {
      std::vector<tc::Dim2dRange> cores = {grid_range(cb->grid_y, cb->grid_x)};
      circular = cm::CreateCircularBufferConfigDirect(fbb, &cores, cb->total_bytes, cb->page_bytes,
                                                      /*num_buffers=*/1);
    }
    metal = cm::CreateMetalBuffer(fbb, tc::BufferType::L1, cm::BufferConfig::ShardedBufferConfig,
                                  sharded.Union(), circular);
  }
  return cm::CreateBufferDescDirect(fbb, &shape, &strides, volume_of(device_shape),
                                    format::data_type_to_current(tensor.type), &element,
                                    cm::BufferDetail::MetalBuffer, metal.Union());
}

flatbuffers::Offset<cm::TensorRef> program_tensor_ref(flatbuffers::FlatBufferBuilder& fbb,
                                                      const TensorNode& tensor) {
  std::vector<int32_t> shape = to_int(tensor.shape);
  std::vector<int32_t> mesh_shape;  // one device
  auto memory = cm::CreateMemoryDesc(fbb, format::data_type_to_current(tensor.type));
  auto layout = cm::CreateLayoutDesc(fbb, memory);
  auto desc = cm::CreateTensorDescDirect(fbb, &shape, &mesh_shape, layout);
  const uint64_t bytes = volume_of(tensor.shape) * format::data_type_element_size(tensor.type);
  return cm::CreateTensorRef(fbb, bytes, desc);
}

Result<flatbuffers::Offset<tc::GoldenKV>> golden_entry(flatbuffers::FlatBufferBuilder& fbb,
                                                       const std::string& key,
                                                       const TensorNode& tensor) {
  TESSERA_ASSIGN_OR_RETURN(std::vector<uint8_t> data,
                           encode_reference_values(tensor.value.values, tensor.type));
  std::vector<int64_t> stride = reference::row_major_strides(tensor.shape);
  auto golden = tc::CreateGoldenTensorDirect(fbb, tensor.name.c_str(), &tensor.shape, &stride,
                                             format::data_type_to_current(tensor.type), &data);
  std::vector<flatbuffers::Offset<tc::GoldenDeviceTensor>> devices = {
      tc::CreateGoldenDeviceTensor(fbb, /*device=*/0, golden)};
  return tc::CreateGoldenKVDirect(fbb, key.c_str(), &devices);
}

}  // namespace tessera::builder::current_layout
