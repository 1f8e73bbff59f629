// Programs laid out for a device with their kernels found, kept so that a
// program enqueued again runs without being built, laid out and looked up
// again: tt-metal's program cache, keyed by whoever builds the programs
// (the runtime keys a binary's program by the binary, the program and the
// addresses its circular buffers are bound to).
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "tessera/sim/isolation/device_process.h"
#include "tessera/sim/jit/loaded_kernel.h"
#include "tessera/sim/program/program_plan.h"

namespace tessera::metal {

// What a run of a program needs beyond the chip: its plan with every L1
// address chosen, and its kernels, loaded (an in-process device) or as
// compiled objects for the device process to load (an isolated one).
struct PreparedProgram {
  sim::ProgramPlan plan;
  std::vector<std::shared_ptr<const sim::LoadedKernel>> loaded;
  std::vector<std::string> objects;
  sim::DevicePlan device_plan;  // isolated: the plan as the device process gets it
};

class ProgramCache {
 public:
  // Bounds: past either, the cache starts again empty (a cache miss costs
  // one build of the program).
  static constexpr std::size_t kMaxPrograms = 512;
  static constexpr std::size_t kMaxSourceBytes = std::size_t{64} << 20;

  std::shared_ptr<const PreparedProgram> find(const std::string& key) const;
  void insert(const std::string& key, std::shared_ptr<const PreparedProgram> program);
  void clear();

  std::size_t size() const;
  std::size_t hits() const;

 private:
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::shared_ptr<const PreparedProgram>> programs_;
  std::size_t source_bytes_ = 0;
  mutable std::size_t hits_ = 0;
};

}  // namespace tessera::metal
