#include "tessera/metal/buffer.h"

#include "tessera/metal/device.h"

namespace tessera::metal {

bool Buffer::is_alive() const {
  std::shared_ptr<sim::Chip> chip = chip_.lock();
  return chip && chip->buffers().lookup(info_.id).ok();
}

Result<std::shared_ptr<sim::Chip>> Buffer::chip() const {
  std::shared_ptr<sim::Chip> chip = chip_.lock();
  if (!chip) {
    if (info_.id.generation == 0) {
      return make_error(ErrorCode::kFailedPrecondition, "the buffer handle is empty");
    }
    return make_error(ErrorCode::kFailedPrecondition, info_.describe(), " belonged to device ",
                      device_id_, ", which is closed");
  }
  return chip;
}

namespace {

sim::BufferSpec to_spec(const BufferConfig& config) {
  return {config.memory_type, config.size,  config.page_size,
          config.layout,      config.shard, config.distribution};
}

Result<std::shared_ptr<sim::Chip>> open_chip(Device& device) {
  if (!device.is_open()) {
    return make_error(ErrorCode::kFailedPrecondition, "device ", device.id(), " is closed");
  }
  return device.chip();
}

}  // namespace

Result<Buffer> create_buffer(Device& device, const BufferConfig& config) {
  TESSERA_ASSIGN_OR_RETURN(std::shared_ptr<sim::Chip> chip, open_chip(device));
  TESSERA_ASSIGN_OR_RETURN(sim::BufferInfo info, chip->buffers().allocate(to_spec(config)));
  return Buffer(chip, device.id(), std::move(info));
}

Result<Buffer> create_buffer_at(Device& device, const BufferConfig& config, uint64_t address) {
  TESSERA_ASSIGN_OR_RETURN(std::shared_ptr<sim::Chip> chip, open_chip(device));
  TESSERA_ASSIGN_OR_RETURN(sim::BufferInfo info,
                           chip->buffers().allocate_at(to_spec(config), address));
  return Buffer(chip, device.id(), std::move(info));
}

Status deallocate_buffer(const Buffer& buffer) {
  TESSERA_ASSIGN_OR_RETURN(std::shared_ptr<sim::Chip> chip, buffer.chip());
  Status status = chip->buffers().deallocate(buffer.id());
  if (!status.ok()) {
    Error error = std::move(status).error();
    error.add_context("deallocating " + buffer.info().describe());
    return error;
  }
  return ok_status();
}

}  // namespace tessera::metal
