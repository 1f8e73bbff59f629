#include "tessera/sim/noc/noc_access_check.h"

#include <cstdio>
#include <optional>
#include <string>

namespace tessera::sim {

namespace {

std::string hex(uint64_t value) {
  char text[24];
  std::snprintf(text, sizeof(text), "0x%llx", static_cast<unsigned long long>(value));
  return text;
}

struct Candidate {
  std::string name;
  uint64_t begin = 0;
  uint64_t end = 0;
};

// Bytes between [begin, end) and [offset, offset + size); 0 if they overlap.
uint64_t gap(const Candidate& candidate, uint64_t offset, uint64_t size) {
  if (offset + size <= candidate.begin) return candidate.begin - (offset + size);
  if (offset >= candidate.end) return offset - candidate.end;
  return 0;
}

// The live allocation closest to the access, for the error message.
std::optional<Candidate> nearest_allocation(const Chip& chip, const ProgramL1Regions& regions,
                                            const NocEndpoint& target, uint64_t size) {
  std::optional<Candidate> best;
  auto consider = [&](Candidate candidate) {
    if (!best || gap(candidate, target.offset, size) < gap(*best, target.offset, size)) {
      best = std::move(candidate);
    }
  };
  for (const BufferInfo& info : chip.buffers().live_buffers()) {
    if (info.spec.memory_type != target.type || !info.pages->uses_bank(target.bank)) continue;
    consider({info.describe(), info.address, info.address + info.pages->bytes_per_bank()});
  }
  if (target.type == MemoryType::kL1 && target.bank < regions.num_cores()) {
    for (const L1Region& region : regions.on_core(target.bank)) {
      consider({region.name, region.offset, region.offset + region.size});
    }
  }
  return best;
}

}  // namespace

bool noc_access_covered(const Chip& chip, const ProgramL1Regions& regions,
                        const NocEndpoint& target, uint64_t size, NocAccessCache* cache,
                        uint64_t* buffer_bytes) {
  if (buffer_bytes != nullptr) *buffer_bytes = 0;
  if (target.type == MemoryType::kL1 && target.bank < regions.num_cores()) {
    for (const L1Region& region : regions.on_core(target.bank)) {
      if (region.covers(target.offset, size)) return true;
    }
  }
  const BufferRegistry& buffers = chip.buffers();
  const uint64_t cached =
      cache != nullptr ? cache->covering_buffer_bytes(buffers, target, size) : 0;
  if (cached != 0) {
    if (buffer_bytes != nullptr) *buffer_bytes = cached;
    return true;
  }
  const uint64_t version = buffers.version();
  std::optional<BufferInfo> buffer =
      buffers.find_covering(target.type, target.bank, target.offset, size);
  if (!buffer) return false;
  if (cache != nullptr) cache->remember(version, *buffer);
  if (buffer_bytes != nullptr) *buffer_bytes = buffer->spec.size;
  return true;
}

Status check_noc_access(const Chip& chip, const ProgramL1Regions& regions,
                        const NocEndpoint& target, uint64_t size, const char* operation,
                        NocAccessCache* cache) {
  if (noc_access_covered(chip, regions, target, size, cache)) return ok_status();
  std::string nearest = "there is no live allocation in that memory";
  if (std::optional<Candidate> candidate = nearest_allocation(chip, regions, target, size)) {
    nearest = "nearest allocation: " + candidate->name + " spanning [" + hex(candidate->begin) +
              ", " + hex(candidate->end) + ")";
  }
  return make_error(ErrorCode::kKernelFault, operation, " of ", size, " bytes at ",
                    target.describe(chip.descriptor()), " [", hex(target.offset), ", ",
                    hex(target.offset + size),
                    ") is outside every live buffer, circular buffer and semaphore "
                    "(freed buffers are not live); ",
                    nearest);
}

}  // namespace tessera::sim
