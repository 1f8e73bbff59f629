#include "tessera/metal/device.h"

#include <cstdio>
#include <mutex>
#include <set>

#include "tessera/sim/program/program_run.h"

namespace tessera::metal {

namespace {

// Ids of open devices: one Device object per id at a time.
std::mutex open_ids_mutex;
std::set<uint32_t> open_ids;

}  // namespace

Result<std::unique_ptr<Device>> Device::open(uint32_t id, sim::Arch arch,
                                             uint32_t num_command_queues,
                                             DeviceIsolation isolation) {
  TESSERA_ASSIGN_OR_RETURN(sim::ChipDescriptor chip, sim::builtin_chip_descriptor(arch));
  return open(id, std::move(chip), num_command_queues, isolation);
}

namespace {

// The chip and, for an isolated device, the process its kernels run in.
Result<std::pair<std::unique_ptr<sim::Chip>, std::unique_ptr<sim::DeviceProcess>>> make_chip(
    const sim::ChipDescriptor& descriptor, DeviceIsolation isolation) {
  const bool isolated = isolation == DeviceIsolation::kIsolated;
  TESSERA_ASSIGN_OR_RETURN(std::unique_ptr<sim::Chip> chip,
                           sim::Chip::create(descriptor, isolated));
  std::unique_ptr<sim::DeviceProcess> process;
  if (isolated) {
    TESSERA_ASSIGN_OR_RETURN(sim::KernelCache * cache, sim::program_kernel_cache());
    sim::DeviceProcessOptions options;
    options.kernel_directory = cache->root() + "/kernels";
    TESSERA_ASSIGN_OR_RETURN(process, sim::DeviceProcess::start(*chip, options));
  }
  return std::pair{std::move(chip), std::move(process)};
}

}  // namespace

Result<std::unique_ptr<Device>> Device::open(uint32_t id, sim::ChipDescriptor descriptor,
                                             uint32_t num_command_queues,
                                             DeviceIsolation isolation) {
  if (num_command_queues == 0 || num_command_queues > kMaxCommandQueues) {
    return make_error(ErrorCode::kInvalidArgument, "device ", id, ": ", num_command_queues,
                      " command queues requested; a device has 1 to ", kMaxCommandQueues);
  }
  {
    std::lock_guard lock(open_ids_mutex);
    if (!open_ids.insert(id).second) {
      return make_error(ErrorCode::kAlreadyExists, "device ", id, " is already open");
    }
  }
  auto made = make_chip(descriptor, isolation);
  if (!made.ok()) {
    std::lock_guard lock(open_ids_mutex);
    open_ids.erase(id);
    Error error = std::move(made).error();
    error.add_context("opening device " + std::to_string(id));
    return error;
  }
  std::shared_ptr<sim::Chip> shared_chip = std::move(made->first);
  return std::unique_ptr<Device>(new Device(id, std::move(descriptor), std::move(shared_chip),
                                            num_command_queues, std::move(made->second)));
}

Device::Device(uint32_t id, sim::ChipDescriptor descriptor, std::shared_ptr<sim::Chip> chip,
               uint32_t num_command_queues, std::unique_ptr<sim::DeviceProcess> process)
    : id_(id),
      descriptor_(std::move(descriptor)),
      chip_(std::move(chip)),
      process_(std::move(process)) {
  for (uint32_t queue = 0; queue < num_command_queues; ++queue) {
    queues_.push_back(std::make_unique<CommandQueue>(id, queue));
  }
}

Device::~Device() {
  CloseReport report = close();
  for (const sim::BufferInfo& buffer : report.leaked_buffers) {
    std::fprintf(stderr, "tessera: device %u closed with live %s; freed it\n", id_,
                 buffer.describe().c_str());
  }
  for (const Error& error : report.unsurfaced_errors) {
    std::fprintf(stderr, "tessera: device %u closed with an unreported failure: %s\n", id_,
                 error.describe().c_str());
  }
}

CloseReport Device::close() {
  CloseReport report;
  if (!chip_) return report;
  // Queues first: no command may touch the chip once it is released.
  for (auto& queue : queues_) {
    Status status = queue->shut_down();
    if (!status.ok()) report.unsurfaced_errors.push_back(std::move(status).error());
  }
  report.leaked_buffers = chip_->buffers().deallocate_all();
  process_.reset();  // hangs up: the device process exits
  chip_.reset();
  program_cache_.clear();
  std::lock_guard lock(open_ids_mutex);
  open_ids.erase(id_);
  return report;
}

Result<CommandQueue*> Device::command_queue(uint32_t index) {
  if (!chip_) return make_error(ErrorCode::kFailedPrecondition, "device ", id_, " is closed");
  if (index >= queues_.size()) {
    return make_error(ErrorCode::kOutOfRange, "device ", id_, " has ", queues_.size(),
                      " command queue(s); queue ", index, " does not exist");
  }
  return queues_[index].get();
}

}  // namespace tessera::metal
