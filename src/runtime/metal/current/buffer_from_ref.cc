#include "buffer_from_ref.h"

namespace tessera::runtime::metal_backend::current {
namespace {

namespace cm = tt::target::current::metal;
using tt::target::current::BufferType;

Result<sim::MemoryType> memory_type(BufferType type) {
  switch (type) {
    case BufferType::DRAM:
      return sim::MemoryType::kDram;
    case BufferType::L1:
      return sim::MemoryType::kL1;
    default:
      return make_error(ErrorCode::kUnimplemented, "buffer type ",
                        tt::target::current::EnumNameBufferType(type),
                        " is not supported (device buffers live in DRAM or L1)");
  }
}

Status check_sizes(uint64_t size, uint64_t page_size) {
  if (page_size == 0 || size == 0 || size % page_size != 0) {
    return make_error(ErrorCode::kInvalidArgument, "size ", size,
                      " bytes is not a whole, non-zero number of ", page_size, "-byte pages");
  }
  return ok_status();
}

// The cores of a ShardSpec as one rectangle (block sharding needs one).
Result<sim::CoreRange> single_range(const cm::ShardSpec& spec) {
  const auto* ranges = spec.core_range_set();
  if (!ranges || ranges->size() != 1) {
    return make_error(ErrorCode::kUnimplemented, "a sharded buffer over ",
                      ranges ? ranges->size() : 0,
                      " core ranges without a distribution spec; block sharding needs one");
  }
  const auto* range = ranges->Get(0);
  if (range->loc().x() < 0 || range->loc().y() < 0 || range->size().x() <= 0 ||
      range->size().y() <= 0) {
    return make_error(ErrorCode::kInvalidArgument, "shard core range at (", range->loc().y(), ",",
                      range->loc().x(), ") of ", range->size().y(), "x", range->size().x(),
                      " cores is empty or negative");
  }
  const uint32_t x = static_cast<uint32_t>(range->loc().x());
  const uint32_t y = static_cast<uint32_t>(range->loc().y());
  return sim::CoreRange{{x, y},
                        {x + static_cast<uint32_t>(range->size().x()) - 1,
                         y + static_cast<uint32_t>(range->size().y()) - 1}};
}

Result<sim::ShardSpec> block_shards(const cm::ShardSpecBuffer& buffer) {
  if (!buffer.shard_spec() || !buffer.shard_spec()->shard_shape() || !buffer.page_shape() ||
      !buffer.tensor_shape_in_pages()) {
    return make_error(ErrorCode::kInvalidArgument,
                      "its ShardSpecBuffer lacks a shard spec, shard shape, page shape or "
                      "tensor shape");
  }
  TESSERA_ASSIGN_OR_RETURN(sim::CoreRange cores, single_range(*buffer.shard_spec()));
  auto dims = [](const tt::target::current::Dim2d& dim) -> Result<std::array<uint32_t, 2>> {
    if (dim.y() < 0 || dim.x() < 0) {
      return make_error(ErrorCode::kInvalidArgument, "negative shape ", dim.y(), "x", dim.x());
    }
    return std::array<uint32_t, 2>{static_cast<uint32_t>(dim.y()), static_cast<uint32_t>(dim.x())};
  };
  sim::ShardSpec spec;
  spec.cores = {cores};
  TESSERA_ASSIGN_OR_RETURN(spec.shard_shape, dims(*buffer.shard_spec()->shard_shape()));
  TESSERA_ASSIGN_OR_RETURN(spec.page_shape, dims(*buffer.page_shape()));
  TESSERA_ASSIGN_OR_RETURN(spec.tensor_pages, dims(*buffer.tensor_shape_in_pages()));
  return spec;
}

// The distribution spec, when it describes exactly the buffer's pages.
std::optional<sim::DistributionSpec> distribution(const cm::BufferDistributionSpec* spec,
                                                  uint64_t pages) {
  if (!spec || !spec->tensor_shape_in_pages() || !spec->shard_shape_in_pages() || !spec->cores() ||
      spec->cores()->size() == 0) {
    return std::nullopt;
  }
  sim::DistributionSpec nd;
  nd.tensor_pages.assign(spec->tensor_shape_in_pages()->begin(),
                         spec->tensor_shape_in_pages()->end());
  nd.shard_pages.assign(spec->shard_shape_in_pages()->begin(), spec->shard_shape_in_pages()->end());
  uint64_t volume = 1;
  for (uint32_t dim : nd.tensor_pages) volume = dim == 0 ? 0 : std::min(volume * dim, pages + 1);
  if (volume != pages || nd.tensor_pages.size() != nd.shard_pages.size()) return std::nullopt;
  for (const tt::target::current::Dim2d* core : *spec->cores()) {
    if (core->x() < 0 || core->y() < 0) return std::nullopt;
    nd.cores.push_back({static_cast<uint32_t>(core->x()), static_cast<uint32_t>(core->y())});
  }
  return nd;
}

Result<metal::BufferConfig> sharded(const cm::ShardedBufferConfig& config, sim::MemoryType type) {
  TESSERA_RETURN_IF_ERROR(check_sizes(config.size(), config.page_size()));
  metal::BufferConfig buffer{
      type,         config.size(), config.page_size(), sim::BufferLayout::kBlockSharded,
      std::nullopt, std::nullopt};
  if (auto nd =
          distribution(config.buffer_distribution_spec(), config.size() / config.page_size())) {
    buffer.layout = sim::BufferLayout::kNdSharded;
    buffer.distribution = std::move(nd);
    return buffer;
  }
  if (!config.shard_spec_buffer()) {
    return make_error(ErrorCode::kInvalidArgument,
                      "a sharded buffer needs a shard_spec_buffer or a distribution spec that "
                      "covers its ",
                      config.size() / config.page_size(), " pages");
  }
  TESSERA_ASSIGN_OR_RETURN(buffer.shard, block_shards(*config.shard_spec_buffer()));
  return buffer;
}

}  // namespace

Result<const cm::MetalBuffer*> metal_buffer_of(const cm::BufferRef& ref) {
  const cm::BufferDesc* desc = ref.desc();
  if (!desc) {
    return make_error(ErrorCode::kInvalidArgument, "buffer ", ref.global_id(),
                      " has no descriptor");
  }
  const cm::MetalBuffer* metal = desc->buffer_detail_as_MetalBuffer();
  if (!metal) {
    return make_error(ErrorCode::kInvalidArgument, "buffer ", ref.global_id(),
                      desc->buffer_detail_as_SystemBuffer()
                          ? " is a host (SystemBuffer) buffer, not a device one"
                          : " has no buffer detail (neither SystemBuffer nor MetalBuffer)");
  }
  return metal;
}

Result<metal::BufferConfig> buffer_config(const cm::BufferRef& ref) {
  auto fail = [&ref](Error error) {
    return std::move(error.add_context("buffer " + std::to_string(ref.global_id())));
  };
  TESSERA_ASSIGN_OR_RETURN(const cm::MetalBuffer* metal, metal_buffer_of(ref));
  auto type = memory_type(metal->buffer_type());
  if (!type.ok()) return fail(std::move(type).error());
  if (const auto* interleaved = metal->buffer_config_as_InterleavedBufferConfig()) {
    if (Status sizes = check_sizes(interleaved->size(), interleaved->page_size()); !sizes.ok()) {
      return fail(std::move(sizes).error());
    }
    return metal::BufferConfig::interleaved(*type, interleaved->size(), interleaved->page_size());
  }
  if (const auto* config = metal->buffer_config_as_ShardedBufferConfig()) {
    auto buffer = sharded(*config, *type);
    if (!buffer.ok()) return fail(std::move(buffer).error());
    return buffer;
  }
  return fail(make_error(ErrorCode::kInvalidArgument,
                         "its MetalBuffer has no buffer config (interleaved or sharded)"));
}

}  // namespace tessera::runtime::metal_backend::current
