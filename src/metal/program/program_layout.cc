// Where a program's semaphores and circular buffers go in L1: semaphores
// first at the unreserved base, then CBs in creation order, so they stay
// below the L1 buffers (which the allocator places top-down). As in
// tt-metal, a CB takes L1 only on its own cores: it starts above the CBs
// already on any of them, so CBs on disjoint cores share addresses.
#include <map>
#include <utility>

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

// The top of the CBs placed so far on each core of the grid (absent: none
// yet). Cores off the grid are skipped here; the layout check rejects them.
class CircularBufferTops {
 public:
  CircularBufferTops(uint64_t base, sim::CoreCoord grid) : base_(base), grid_(grid) {}

  // The lowest address at or above every CB already on `cores`.
  uint64_t above(const CoreRangeSet& cores) const {
    uint64_t address = base_;
    for_each_core(cores, [&](std::pair<uint32_t, uint32_t> core) {
      auto found = tops_.find(core);
      if (found != tops_.end()) address = std::max(address, found->second);
    });
    return address;
  }

  void place(const CoreRangeSet& cores, uint64_t end) {
    for_each_core(cores, [&](std::pair<uint32_t, uint32_t> core) { tops_[core] = end; });
  }

 private:
  template <typename Visit>
  void for_each_core(const CoreRangeSet& cores, Visit visit) const {
    if (grid_.x == 0 || grid_.y == 0) return;
    for (const CoreRange& range : cores) {
      const uint32_t last_x = std::min(range.end.x, grid_.x - 1);
      const uint32_t last_y = std::min(range.end.y, grid_.y - 1);
      for (uint32_t y = range.start.y; y <= last_y; ++y) {
        for (uint32_t x = range.start.x; x <= last_x; ++x) visit({x, y});
      }
    }
  }

  uint64_t base_;
  sim::CoreCoord grid_;
  std::map<std::pair<uint32_t, uint32_t>, uint64_t> tops_;
};

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
  CircularBufferTops tops(cursor, chip.grid);
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
      const uint64_t address = tops.above(cb.cores);
      cb.address = static_cast<uint32_t>(address);
      tops.place(cb.cores, align_up(address + cb.size, alignment));
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
