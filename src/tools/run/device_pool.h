// The simulated devices of a run: one per arch, opened when the first binary
// of that arch comes, shared by both runtimes, closed at the end.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/runtime/arch.h"
#include "tessera/runtime/device.h"

namespace tessera::tools::run {

class DevicePool {
 public:
  // Every device opens with `options`, but for its arch.
  explicit DevicePool(runtime::DeviceOptions options) : options_(std::move(options)) {}
  DevicePool(const DevicePool&) = delete;
  DevicePool& operator=(const DevicePool&) = delete;
  ~DevicePool();

  Result<runtime::Device*> get(runtime::Arch arch);
  // Closes and reopens the device of `arch` so that a program that failed half
  // way cannot leave buffers or state behind for the next one. Returns what
  // closing found still live.
  Result<std::vector<std::string>> reset(runtime::Arch arch);
  // Closes every device; returns what was still live.
  std::vector<std::string> close_all();

  // Allocator statistics of every chip of `arch`'s device:
  // [{"device": 0, "dram": {...}, "l1": {...}, "live_buffers": n}].
  nlohmann::ordered_json memory_statistics(runtime::Arch arch) const;

 private:
  runtime::DeviceOptions options_;
  std::map<runtime::Arch, runtime::Device> devices_;
};

}  // namespace tessera::tools::run
