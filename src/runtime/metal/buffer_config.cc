#include "buffer_config.h"

#include <sstream>

#include "tessera/format/data_types.h"
#include "tessera/runtime/internal/tensor_ref_info.h"
#include "tessera/runtime/tensor_info.h"

namespace tessera::runtime::metal_backend {
namespace {

using tt::target::MemorySpace;

constexpr uint32_t kTileDim = 32;

bool is_tiled(const tt::target::MemoryDesc& memory) {
  const auto* tile = memory.tile_shape();
  return tile && tile->y() == static_cast<int>(kTileDim) && tile->x() == static_cast<int>(kTileDim);
}

Result<uint64_t> tile_bytes(tt::target::DataType type) {
  const uint64_t bytes = format::data_type_tile_bytes(type);
  if (bytes == 0) {
    return make_error(ErrorCode::kUnimplemented, "data type ", tt::target::EnumNameDataType(type),
                      " is not supported in device buffers");
  }
  return bytes;
}

// The per-core shard, in elements: {height, width}.
Result<std::array<uint32_t, 2>> shard_elements(const tt::target::MemoryDesc& memory) {
  const auto* shape = memory.shape();
  if (!shape || shape->size() == 0) {
    return make_error(ErrorCode::kInvalidArgument,
                      "memory_desc.shape (the per-core shard) is missing");
  }
  uint64_t height = 1;
  for (uint32_t i = 0; i + 1 < shape->size(); ++i) height *= static_cast<uint64_t>(shape->Get(i));
  uint64_t width = static_cast<uint64_t>(shape->Get(shape->size() - 1));
  if (is_tiled(memory)) {
    height *= kTileDim;
    width *= kTileDim;
  }
  if (height == 0 || width == 0 || height > UINT32_MAX || width > UINT32_MAX) {
    return make_error(ErrorCode::kInvalidArgument, "shard shape ", height, "x", width,
                      " elements is empty or too large");
  }
  return std::array<uint32_t, 2>{static_cast<uint32_t>(height), static_cast<uint32_t>(width)};
}

sim::CoreRange grid_of(const tt::target::LayoutDesc& layout) {
  const auto* ranges = layout.core_range_set();
  if (!ranges || ranges->size() == 0) return {{0, 0}, {0, 0}};
  const auto* range = ranges->Get(0);
  uint32_t x = static_cast<uint32_t>(range->loc().x());
  uint32_t y = static_cast<uint32_t>(range->loc().y());
  return {{x, y},
          {x + static_cast<uint32_t>(std::max(1, range->size().x())) - 1,
           y + static_cast<uint32_t>(std::max(1, range->size().y())) - 1}};
}

// The logical tensor, flattened to rows x columns, must fit the grid of
// shards it is cut into.
Status check_fits_grid(const tt::target::TensorRef& ref, const sim::CoreRange& grid,
                       const std::array<uint32_t, 2>& shard) {
  const auto* shape = ref.desc()->shape();
  if (!shape || shape->size() == 0) return ok_status();
  uint64_t rows = 1;
  for (uint32_t i = 0; i + 1 < shape->size(); ++i) {
    rows *= static_cast<uint64_t>(std::max(0, shape->Get(i)));
  }
  const uint64_t columns = static_cast<uint64_t>(std::max(0, shape->Get(shape->size() - 1)));
  const uint64_t grid_rows = uint64_t{grid.height()} * shard[0];
  const uint64_t grid_columns = uint64_t{grid.width()} * shard[1];
  if (rows <= grid_rows && columns <= grid_columns) return ok_status();
  return make_error(ErrorCode::kInvalidArgument, "tensor shape ", rows, "x", columns,
                    " does not fit its ", grid.height(), "x", grid.width(), " grid of ", shard[0],
                    "x", shard[1], "-element shards (", grid_rows, "x", grid_columns, " elements)");
}

Result<metal::BufferConfig> l1_config(const tt::target::TensorRef& ref,
                                      const tt::target::LayoutDesc& layout) {
  const auto& memory = *layout.memory_desc();
  if (layout.core_range_set() && layout.core_range_set()->size() > 1) {
    return make_error(ErrorCode::kUnimplemented, "an L1 tensor over ",
                      layout.core_range_set()->size(),
                      " core ranges; tessera supports one rectangular range");
  }
  TESSERA_ASSIGN_OR_RETURN(auto shard, shard_elements(memory));
  sim::CoreRange grid = grid_of(layout);
  bool tiled = is_tiled(memory);
  std::array<uint32_t, 2> page =
      tiled ? std::array<uint32_t, 2>{kTileDim, kTileDim} : std::array<uint32_t, 2>{1, shard[1]};
  uint64_t page_bytes = 0;
  if (tiled) {
    TESSERA_ASSIGN_OR_RETURN(page_bytes, tile_bytes(memory.data_type()));
  } else {
    uint32_t element = format::data_type_element_size(memory.data_type());
    if (element == 0) {
      return make_error(ErrorCode::kInvalidArgument, "block-float data type ",
                        tt::target::EnumNameDataType(memory.data_type()),
                        " needs a 32x32 tile_shape");
    }
    page_bytes = uint64_t{shard[1]} * element;
  }
  TESSERA_RETURN_IF_ERROR(check_fits_grid(ref, grid, shard));
  sim::ShardSpec spec;
  spec.cores = {grid};
  spec.shard_shape = shard;
  spec.page_shape = page;
  spec.tensor_pages = {grid.height() * (shard[0] / page[0]), grid.width() * (shard[1] / page[1])};
  uint64_t pages = uint64_t{spec.tensor_pages[0]} * spec.tensor_pages[1];
  if (ref.size() != pages * page_bytes) {
    return make_error(ErrorCode::kInvalidArgument, "size ", ref.size(), " bytes disagrees with ",
                      grid.height(), "x", grid.width(), " cores of ", shard[0], "x", shard[1],
                      "-element shards (", pages, " pages of ", page_bytes,
                      " bytes = ", pages * page_bytes, ")");
  }
  return metal::BufferConfig{sim::MemoryType::kL1, ref.size(), page_bytes,
                             sim::BufferLayout::kBlockSharded, std::move(spec)};
}

Result<metal::BufferConfig> dram_config(const tt::target::TensorRef& ref,
                                        const tt::target::LayoutDesc& layout) {
  const auto& memory = *layout.memory_desc();
  uint64_t page_bytes = ref.size();
  if (is_tiled(memory)) {
    TESSERA_ASSIGN_OR_RETURN(page_bytes, tile_bytes(memory.data_type()));
  } else if (ref.desc()->shape() && ref.desc()->shape()->size() > 0) {
    int last = ref.desc()->shape()->Get(ref.desc()->shape()->size() - 1);
    page_bytes = static_cast<uint64_t>(std::max(last, 1)) *
                 std::max(1u, format::data_type_element_size(memory.data_type()));
  }
  if (page_bytes == 0 || ref.size() % page_bytes != 0) {
    return make_error(ErrorCode::kInvalidArgument, "size ", ref.size(),
                      " bytes is not a whole number of ", page_bytes, "-byte pages");
  }
  return metal::BufferConfig::interleaved(sim::MemoryType::kDram, ref.size(), page_bytes);
}

}  // namespace

Result<metal::BufferConfig> buffer_config(const tt::target::TensorRef& ref) {
  if (!ref.desc() || !ref.desc()->layout() || !ref.desc()->layout()->memory_desc()) {
    return make_error(ErrorCode::kInvalidArgument, "tensor ", ref.global_id(),
                      " has no layout (desc.layout.memory_desc is missing)");
  }
  if (ref.size() == 0) {
    return make_error(ErrorCode::kInvalidArgument, "tensor ", ref.global_id(), " has size 0");
  }
  const auto& layout = *ref.desc()->layout();
  Result<metal::BufferConfig> config = make_error(ErrorCode::kInternal, "");
  switch (layout.memory_desc()->memory_space()) {
    case MemorySpace::DeviceL1:
      config = l1_config(ref, layout);
      break;
    case MemorySpace::DeviceDRAM:
      config = dram_config(ref, layout);
      break;
    default:
      return make_error(ErrorCode::kInvalidArgument, "tensor ", ref.global_id(), " lives in ",
                        tt::target::EnumNameMemorySpace(layout.memory_desc()->memory_space()),
                        " memory, not on the device");
  }
  if (!config.ok())
    return std::move(config).error().add_context("tensor " + std::to_string(ref.global_id()));
  return config;
}

std::string describe_request(const metal::BufferConfig& config, uint64_t address) {
  std::ostringstream text;
  text << sim::memory_type_name(config.memory_type) << " " << sim::buffer_layout_name(config.layout)
       << " " << config.size << " bytes (page " << config.page_size << ") at 0x" << std::hex
       << address;
  return text.str();
}

std::string describe_range(const metal::BufferConfig& config, uint64_t address) {
  std::ostringstream text;
  const uint64_t pages = config.page_size ? config.size / config.page_size : 0;
  if (config.shard && !config.shard->cores.empty()) {
    const sim::ShardSpec& shard = *config.shard;
    const uint64_t shard_pages =
        uint64_t{shard.shard_shape[0] / std::max(1u, shard.page_shape[0])} *
        (shard.shard_shape[1] / std::max(1u, shard.page_shape[1]));
    const sim::CoreRange& cores = shard.cores.front();
    text << "[0x" << std::hex << address << ", 0x" << address + shard_pages * config.page_size
         << std::dec << ") of the L1 of each core in " << sim::to_string(cores.start) << "-"
         << sim::to_string(cores.end);
    return text.str();
  }
  text << "from 0x" << std::hex << address << std::dec << " in each "
       << sim::memory_type_name(config.memory_type) << " bank (" << pages << " pages of "
       << config.page_size << " bytes, interleaved)";
  return text.str();
}

bool in_device_memory(const tt::target::TensorRef& ref) {
  if (!ref.desc() || !ref.desc()->layout() || !ref.desc()->layout()->memory_desc()) return false;
  const MemorySpace space = ref.desc()->layout()->memory_desc()->memory_space();
  return space == MemorySpace::DeviceL1 || space == MemorySpace::DeviceDRAM;
}

bool same_request(const metal::BufferConfig& a, const metal::BufferConfig& b) {
  auto shard_key = [](const std::optional<sim::ShardSpec>& shard) {
    if (!shard) return std::string();
    std::ostringstream key;
    for (const auto& range : shard->cores) {
      key << range.start.x << "," << range.start.y << "-" << range.end.x << "," << range.end.y
          << ";";
    }
    key << shard->shard_shape[0] << "x" << shard->shard_shape[1] << "/" << shard->page_shape[0]
        << "x" << shard->page_shape[1] << "/" << static_cast<int>(shard->orientation);
    return key.str();
  };
  return a.memory_type == b.memory_type && a.size == b.size && a.page_size == b.page_size &&
         a.layout == b.layout && shard_key(a.shard) == shard_key(b.shard);
}

}  // namespace tessera::runtime::metal_backend
