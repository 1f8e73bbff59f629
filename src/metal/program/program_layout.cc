// Where a program's semaphores and circular buffers go in L1: semaphores
// first at the unreserved base, then CBs one after another, so they stay
// below the L1 buffers (which the allocator places top-down).
#include "tessera/metal/program/program.h"
#include "tessera/sim/jit/kernel_abi.h"
#include "tessera/sim/semaphore/semaphore_words.h"

namespace tessera::metal {

namespace {

uint64_t align_up(uint64_t value, uint64_t alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

bool ranges_overlap(const CoreRangeSet& a, const CoreRangeSet& b) {
  for (const CoreRange& x : a) {
    for (const CoreRange& y : b) {
      if (x.start.x <= y.end.x && y.start.x <= x.end.x && x.start.y <= y.end.y &&
          y.start.y <= x.end.y) {
        return true;
      }
    }
  }
  return false;
}

// "5,255,..." : the data format code of every CB index on the kernel's
// cores (255: none), for the kernel API's get_dataformat.
std::string cb_data_formats(const sim::ProgramPlan& plan, const sim::KernelPlan& kernel) {
  std::vector<uint32_t> formats(TESSERA_NUM_CIRCULAR_BUFFERS, 0xff);
  for (const sim::CircularBufferPlan& cb : plan.circular_buffers) {
    if (!ranges_overlap(cb.cores, kernel.cores)) continue;
    for (const sim::CircularBufferPlan::Index& index : cb.indices) {
      if (index.index < formats.size()) formats[index.index] = static_cast<uint32_t>(index.format);
    }
  }
  std::string text;
  for (uint32_t format : formats) text += (text.empty() ? "" : ",") + std::to_string(format);
  return text;
}

}  // namespace

Result<sim::ProgramPlan> lay_out_program(const Program& program, const sim::ChipDescriptor& chip) {
  sim::ProgramPlan plan = program.plan_;
  const uint64_t alignment = std::max<uint64_t>(chip.noc_l1_address_align, 32);
  uint64_t cursor = align_up(chip.l1_unreserved_base, alignment);
  plan.semaphore_base = static_cast<uint32_t>(cursor);
  uint32_t semaphore_ids = 0;
  for (const sim::SemaphorePlan& semaphore : plan.semaphores) {
    semaphore_ids = std::max(semaphore_ids, semaphore.id + 1);
  }
  cursor = align_up(cursor + semaphore_ids * sim::kSemaphoreStride, alignment);
  const std::string arch(sim::arch_name(chip.arch));
  for (sim::KernelPlan& kernel : plan.kernels) kernel.build.arch = arch;
  for (const Program::PendingCircularBuffer& pending : program.circular_buffers_) {
    sim::CircularBufferPlan cb = pending.plan;
    if (pending.buffer) {
      if (!pending.buffer->is_alive()) {
        return make_error(ErrorCode::kFailedPrecondition,
                          "a globally allocated circular buffer's L1 buffer was freed: ",
                          pending.buffer->info().describe());
      }
      // The layout check confirms the CB lies inside a live L1 buffer.
      cb.address = static_cast<uint32_t>(pending.buffer->address() + pending.buffer_offset);
    } else {
      cb.address = static_cast<uint32_t>(cursor);
      cursor = align_up(cursor + cb.size, alignment);
    }
    plan.circular_buffers.push_back(std::move(cb));
  }
  for (sim::KernelPlan& kernel : plan.kernels) {
    kernel.build.toolchain_defines.emplace_back("TESSERA_CB_DATA_FORMATS",
                                                cb_data_formats(plan, kernel));
  }
  return plan;
}

}  // namespace tessera::metal
