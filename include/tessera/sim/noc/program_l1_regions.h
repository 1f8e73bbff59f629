// What a running program owns in each core's L1 besides buffers: its
// circular buffers and semaphores. NoC transfers into them are legal.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tessera::sim {

struct L1Region {
  std::string name;  // "circular buffer 0", "semaphore 1"
  uint64_t offset = 0;
  uint64_t size = 0;
  // In an L1 buffer the user allocated (a globally allocated CB): several
  // CB indices may share such memory, as tt-metal's reuse kernels do.
  bool in_user_buffer = false;

  bool covers(uint64_t begin, uint64_t bytes) const {
    return begin >= offset && begin + bytes <= offset + size;
  }
};

class ProgramL1Regions {
 public:
  explicit ProgramL1Regions(uint32_t num_cores = 0) : cores_(num_cores) {}

  void add(uint32_t core, L1Region region) { cores_.at(core).push_back(std::move(region)); }
  const std::vector<L1Region>& on_core(uint32_t core) const { return cores_.at(core); }
  uint32_t num_cores() const { return static_cast<uint32_t>(cores_.size()); }

 private:
  std::vector<std::vector<L1Region>> cores_;  // by logical worker index
};

}  // namespace tessera::sim
