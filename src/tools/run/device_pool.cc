#include "device_pool.h"

#include "tessera/metal/device.h"
#include "tessera/runtime/internal/device_access.h"
#include "tessera/sim/memory/chip.h"

namespace tessera::tools::run {
namespace {

nlohmann::ordered_json statistics_json(const sim::AllocatorStatistics& stats) {
  return {
      {"total_bytes", stats.total_bytes},         {"allocated_bytes", stats.allocated_bytes},
      {"free_bytes", stats.free_bytes},           {"largest_free_block", stats.largest_free_block},
      {"num_allocations", stats.num_allocations}, {"num_free_blocks", stats.num_free_blocks}};
}

}  // namespace

DevicePool::~DevicePool() {
  close_all();
}

Result<runtime::Device*> DevicePool::get(sim::Arch arch) {
  auto found = devices_.find(arch);
  if (found != devices_.end()) return &found->second;
  runtime::DeviceOptions options;
  options.arch = runtime::from_sim_arch(arch);
  options.isolation = isolation_;
  auto opened = runtime::open_device(options);
  if (!opened.ok()) {
    return std::move(opened).error().add_context("opening a simulated " +
                                                 std::string(sim::arch_name(arch)) + " device");
  }
  return &devices_.emplace(arch, std::move(opened).value()).first->second;
}

Result<std::vector<std::string>> DevicePool::reset(sim::Arch arch) {
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

nlohmann::ordered_json DevicePool::memory_statistics(sim::Arch arch) const {
  nlohmann::ordered_json chips = nlohmann::ordered_json::array();
  auto found = devices_.find(arch);
  if (found == devices_.end()) return chips;
  for (uint32_t i = 0; i < found->second.num_devices(); ++i) {
    auto device = runtime::metal_device(found->second, i);
    if (!device.ok() || !(*device)->chip()) continue;
    const sim::BufferRegistry& buffers = (*device)->chip()->buffers();
    chips.push_back({{"device", (*device)->id()},
                     {"dram", statistics_json(buffers.statistics(sim::MemoryType::kDram))},
                     {"l1", statistics_json(buffers.statistics(sim::MemoryType::kL1))},
                     {"live_buffers", buffers.live_buffers().size()}});
  }
  return chips;
}

}  // namespace tessera::tools::run
