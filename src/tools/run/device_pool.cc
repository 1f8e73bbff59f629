#include "device_pool.h"

#include "tessera/runtime/internal/memory_statistics.h"

namespace tessera::tools::run {
namespace {

nlohmann::ordered_json statistics_json(const runtime::AllocatorStatistics& stats) {
  return {
      {"total_bytes", stats.total_bytes},         {"allocated_bytes", stats.allocated_bytes},
      {"free_bytes", stats.free_bytes},           {"largest_free_block", stats.largest_free_block},
      {"num_allocations", stats.num_allocations}, {"num_free_blocks", stats.num_free_blocks}};
}

}  // namespace

DevicePool::~DevicePool() {
  close_all();
}

Result<runtime::Device*> DevicePool::get(runtime::Arch arch) {
  auto found = devices_.find(arch);
  if (found != devices_.end()) return &found->second;
  runtime::DeviceOptions options = options_;
  options.arch = arch;
  auto opened = runtime::open_device(options);
  if (!opened.ok()) {
    return std::move(opened).error().add_context("opening a simulated " +
                                                 std::string(runtime::arch_name(arch)) + " device");
  }
  return &devices_.emplace(arch, std::move(opened).value()).first->second;
}

Result<std::vector<std::string>> DevicePool::reset(runtime::Arch arch) {
  std::vector<std::string> report;
  auto found = devices_.find(arch);
  if (found != devices_.end()) {
    auto closed = runtime::close_device(found->second);
    if (closed.ok()) report = std::move(closed).value();
    devices_.erase(found);
  }
  TESSERA_RETURN_IF_ERROR(get(arch).status());
  return report;
}

std::vector<std::string> DevicePool::close_all() {
  std::vector<std::string> report;
  for (auto& [arch, device] : devices_) {
    auto closed = runtime::close_device(device);
    if (!closed.ok()) continue;  // already closed
    for (std::string& line : *closed) report.push_back(std::move(line));
  }
  devices_.clear();
  return report;
}

nlohmann::ordered_json DevicePool::memory_statistics(runtime::Arch arch) const {
  nlohmann::ordered_json chips = nlohmann::ordered_json::array();
  auto found = devices_.find(arch);
  if (found == devices_.end()) return chips;
  for (const runtime::ChipMemoryStatistics& chip : runtime::memory_statistics(found->second)) {
    chips.push_back({{"device", chip.device_id},
                     {"dram", statistics_json(chip.dram)},
                     {"l1", statistics_json(chip.l1)},
                     {"live_buffers", chip.live_buffers}});
  }
  return chips;
}

}  // namespace tessera::tools::run
