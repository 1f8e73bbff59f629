#include "program_layout_check.h"

#include <cstdio>
#include <string>

#include "tessera/sim/jit/kernel_abi.h"
#include "tessera/sim/semaphore/semaphore_words.h"

namespace tessera::sim {

namespace {

std::string hex(uint64_t value) {
  char text[24];
  std::snprintf(text, sizeof(text), "0x%llx", static_cast<unsigned long long>(value));
  return text;
}

std::string range_text(uint64_t begin, uint64_t end) {
  return "[" + hex(begin) + ", " + hex(end) + ")";
}

bool overlaps(uint64_t a_begin, uint64_t a_end, uint64_t b_begin, uint64_t b_end) {
  return a_begin < b_end && b_begin < a_end;
}

std::string cb_name(const CircularBufferPlan& cb) {
  std::string name = "circular buffer";
  for (std::size_t i = 0; i < cb.indices.size(); ++i) {
    name += (i == 0 ? " " : ",") + std::to_string(cb.indices[i].index);
  }
  return name;
}

Status check_cb_shape(const ChipDescriptor& chip, const CircularBufferPlan& cb) {
  if (cb.indices.empty() || cb.size == 0) {
    return make_error(ErrorCode::kInvalidArgument, cb_name(cb), " has no indices or no size");
  }
  for (const CircularBufferPlan::Index& index : cb.indices) {
    if (index.index >= TESSERA_NUM_CIRCULAR_BUFFERS) {
      return make_error(ErrorCode::kOutOfRange, "circular buffer index ", index.index,
                        " is past the last one (", TESSERA_NUM_CIRCULAR_BUFFERS - 1, ")");
    }
    if (index.page_size == 0 || cb.size % index.page_size != 0) {
      return make_error(ErrorCode::kInvalidArgument, "circular buffer ", index.index,
                        ": total size ", cb.size, " is not a multiple of its page size ",
                        index.page_size);
    }
  }
  if (uint64_t{cb.address} + cb.size > chip.l1_size) {
    return make_error(ErrorCode::kOutOfRange, cb_name(cb), " at ",
                      range_text(cb.address, uint64_t{cb.address} + cb.size),
                      " runs past the end of L1 (", hex(chip.l1_size), ")");
  }
  return ok_status();
}

// A new region on a core must not overlap the program's other regions there.
Status add_region(ProgramL1Regions& regions, const ChipDescriptor& chip, uint32_t core,
                  L1Region region) {
  for (const L1Region& other : regions.on_core(core)) {
    if (region.in_user_buffer && other.in_user_buffer) continue;
    if (overlaps(region.offset, region.offset + region.size, other.offset,
                 other.offset + other.size)) {
      return make_error(ErrorCode::kAlreadyExists, region.name, " at ",
                        range_text(region.offset, region.offset + region.size), " overlaps ",
                        other.name, " at ", range_text(other.offset, other.offset + other.size),
                        " on core ", to_string(chip.worker_logical(core)));
    }
  }
  regions.add(core, std::move(region));
  return ok_status();
}

// Program-owned L1 must not overlap live L1 buffers on that core.
Status check_against_buffers(const Chip& chip, uint32_t core, const L1Region& region) {
  for (const BufferInfo& info : chip.buffers().live_buffers()) {
    if (info.spec.memory_type != MemoryType::kL1 || !info.pages->uses_bank(core)) continue;
    const uint64_t end = info.address + info.pages->bytes_per_bank();
    if (overlaps(region.offset, region.offset + region.size, info.address, end)) {
      return make_error(ErrorCode::kAlreadyExists, region.name, " at L1 ",
                        range_text(region.offset, region.offset + region.size), " on core ",
                        to_string(chip.descriptor().worker_logical(core)),
                        " clashes with live L1 buffer ", info.describe(), " at ",
                        range_text(info.address, end));
    }
  }
  return ok_status();
}

Status check_global_cb(const Chip& chip, uint32_t core, const L1Region& region) {
  if (chip.buffers().find_covering(MemoryType::kL1, core, region.offset, region.size)) {
    return ok_status();
  }
  return make_error(ErrorCode::kFailedPrecondition, region.name, " at L1 ",
                    range_text(region.offset, region.offset + region.size), " on core ",
                    to_string(chip.descriptor().worker_logical(core)),
                    " is globally allocated but lies in no live L1 buffer");
}

}  // namespace

Result<std::vector<CoreCoord>> expand_cores(const ChipDescriptor& chip, const CoreRangeSet& set) {
  std::vector<bool> seen(chip.num_workers(), false);
  std::vector<CoreCoord> cores;
  for (const CoreRange& range : set) {
    if (range.start.x > range.end.x || range.start.y > range.end.y || range.end.x >= chip.grid.x ||
        range.end.y >= chip.grid.y) {
      return make_error(ErrorCode::kOutOfRange, "core range ", to_string(range.start), "-",
                        to_string(range.end), " is not inside the ", chip.grid.x, "x", chip.grid.y,
                        " worker grid");
    }
    for (uint32_t y = range.start.y; y <= range.end.y; ++y) {
      for (uint32_t x = range.start.x; x <= range.end.x; ++x) {
        const uint32_t index = chip.worker_index({x, y});
        if (!seen[index]) cores.push_back({x, y});
        seen[index] = true;
      }
    }
  }
  return cores;
}

Result<ProgramL1Regions> check_program_layout(const Chip& chip, const ProgramPlan& plan) {
  const ChipDescriptor& descriptor = chip.descriptor();
  ProgramL1Regions regions(descriptor.num_workers());
  for (const SemaphorePlan& semaphore : plan.semaphores) {
    if (semaphore.id >= kMaxSemaphores) {
      return make_error(ErrorCode::kOutOfRange, "semaphore id ", semaphore.id, " is past the ",
                        kMaxSemaphores, " a core has");
    }
    TESSERA_ASSIGN_OR_RETURN(std::vector<CoreCoord> cores,
                             expand_cores(descriptor, semaphore.cores));
    const L1Region region{"semaphore " + std::to_string(semaphore.id),
                          semaphore_offset(plan.semaphore_base, semaphore.id), kSemaphoreStride};
    for (CoreCoord core : cores) {
      const uint32_t index = descriptor.worker_index(core);
      TESSERA_RETURN_IF_ERROR(check_against_buffers(chip, index, region));
      TESSERA_RETURN_IF_ERROR(add_region(regions, descriptor, index, region));
    }
  }
  for (const CircularBufferPlan& cb : plan.circular_buffers) {
    TESSERA_RETURN_IF_ERROR(check_cb_shape(descriptor, cb));
    TESSERA_ASSIGN_OR_RETURN(std::vector<CoreCoord> cores, expand_cores(descriptor, cb.cores));
    const L1Region region{cb_name(cb), cb.address, cb.size, cb.globally_allocated};
    for (CoreCoord core : cores) {
      const uint32_t index = descriptor.worker_index(core);
      TESSERA_RETURN_IF_ERROR(cb.globally_allocated ? check_global_cb(chip, index, region)
                                                    : check_against_buffers(chip, index, region));
      TESSERA_RETURN_IF_ERROR(add_region(regions, descriptor, index, region));
    }
  }
  return regions;
}

}  // namespace tessera::sim
