#include "global_semaphore_words.h"

namespace tessera::runtime::metal_backend::current {

Result<metal::BufferConfig> global_semaphore_config(
    const flatbuffers::Vector<const tt::target::current::Dim2dRange*>* ranges) {
  sim::ShardSpec shard;
  uint64_t cores = 0;
  for (uint32_t i = 0; ranges && i < ranges->size(); ++i) {
    const auto* range = ranges->Get(i);
    if (range->loc().x() < 0 || range->loc().y() < 0 || range->size().x() <= 0 ||
        range->size().y() <= 0) {
      return make_error(ErrorCode::kInvalidArgument, "core range ", i,
                        " of the semaphore is empty or negative");
    }
    const uint32_t x = static_cast<uint32_t>(range->loc().x());
    const uint32_t y = static_cast<uint32_t>(range->loc().y());
    shard.cores.push_back({{x, y},
                           {x + static_cast<uint32_t>(range->size().x()) - 1,
                            y + static_cast<uint32_t>(range->size().y()) - 1}});
    cores += shard.cores.back().width() * uint64_t{shard.cores.back().height()};
  }
  if (cores == 0 || cores > UINT32_MAX) {
    return make_error(ErrorCode::kInvalidArgument, "a global semaphore needs at least one core");
  }
  // One 4-byte page per core, stacked: height sharding over the cores.
  shard.shard_shape = {1, 1};
  shard.page_shape = {1, 1};
  shard.tensor_pages = {static_cast<uint32_t>(cores), 1};
  metal::BufferConfig config{sim::MemoryType::kL1, cores * sizeof(uint32_t),
                             sizeof(uint32_t),     sim::BufferLayout::kHeightSharded,
                             std::move(shard),     std::nullopt};
  return config;
}

Status write_global_semaphore(const GlobalSemaphore& semaphore, uint32_t value,
                              QueueContext& queue) {
  std::vector<uint32_t> words(semaphore.buffer.size() / sizeof(uint32_t), value);
  return queue.hw_queue.enqueue_write_buffer(
      semaphore.buffer,
      {reinterpret_cast<const uint8_t*>(words.data()), words.size() * sizeof(uint32_t)},
      /*blocking=*/true, queue.note);
}

}  // namespace tessera::runtime::metal_backend::current
