// CreateCircularBuffer and CreateSemaphore: recorded now, placed in L1 when
// the program is laid out for a device (program_layout.cc).
#include <set>

#include "tessera/metal/program/program.h"
#include "tessera/sim/jit/kernel_abi.h"
#include "tessera/sim/semaphore/semaphore_words.h"

namespace tessera::metal {

Result<CBHandle> create_circular_buffer(Program& program, const CoreRangeSet& cores,
                                        const CircularBufferConfig& config) {
  if (config.formats.empty() || config.total_size == 0) {
    return make_error(ErrorCode::kInvalidArgument,
                      "circular buffer config has no CB index or no total size");
  }
  Program::PendingCircularBuffer pending;
  pending.plan.cores = cores;
  pending.plan.size = config.total_size;
  for (const auto& [index, format] : config.formats) {
    const uint32_t page_size =
        format.page_size != 0 ? format.page_size : sim::tile::tile_size_bytes(format.data_format);
    pending.plan.indices.push_back({index, page_size, format.data_format});
  }
  if (config.globally_allocated_buffer) {
    const Buffer& buffer = *config.globally_allocated_buffer;
    if (buffer.memory_type() != sim::MemoryType::kL1) {
      return make_error(ErrorCode::kInvalidArgument,
                        "a globally allocated circular buffer needs an L1 buffer, got ",
                        buffer.info().describe());
    }
    pending.buffer = buffer;
    pending.buffer_offset = config.global_address_offset;
    pending.plan.globally_allocated = true;
  }
  program.circular_buffers_.push_back(std::move(pending));
  return static_cast<CBHandle>(program.circular_buffers_.size() - 1);
}

Result<uint32_t> create_semaphore(Program& program, const CoreRangeSet& cores,
                                  uint32_t initial_value) {
  // Ids taken on any of these cores.
  uint32_t taken = 0;
  for (const sim::SemaphorePlan& existing : program.plan_.semaphores) {
    for (const CoreRange& a : existing.cores) {
      for (const CoreRange& b : cores) {
        const bool overlap = a.start.x <= b.end.x && b.start.x <= a.end.x && a.start.y <= b.end.y &&
                             b.start.y <= a.end.y;
        if (overlap) taken |= 1u << existing.id;
      }
    }
  }
  for (uint32_t id = 0; id < sim::kMaxSemaphores; ++id) {
    if ((taken >> id) & 1u) continue;
    program.plan_.semaphores.push_back({cores, id, initial_value});
    return id;
  }
  return make_error(ErrorCode::kOutOfMemory, "all ", sim::kMaxSemaphores,
                    " semaphores are taken on these cores of program '", program.name(), "'");
}

}  // namespace tessera::metal
