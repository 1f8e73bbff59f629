#include "submit_state.h"

#include "../buffer_config.h"

namespace tessera::runtime::metal_backend::current {

Result<const DeviceBuffer*> SubmitState::device_buffer(uint32_t global_id) const {
  auto found = device_buffers_.find(global_id);
  if (found == device_buffers_.end()) {
    return make_error(ErrorCode::kNotFound, "buffer ", global_id,
                      " is not a live device buffer (never created, or already deallocated)");
  }
  return &found->second;
}

void SubmitState::add_device_buffer(uint32_t global_id, DeviceBuffer buffer) {
  device_buffers_.insert_or_assign(global_id, std::move(buffer));
}

Status SubmitState::free_device_buffer(uint32_t global_id) {
  auto found = device_buffers_.find(global_id);
  if (found == device_buffers_.end()) {
    return make_error(ErrorCode::kNotFound, "buffer ", global_id,
                      " is not a live device buffer (never created, or already deallocated)");
  }
  // The map entry goes whatever the allocator says: it must never outlive
  // the buffer it names.
  metal::Buffer buffer = std::move(found->second.buffer);
  device_buffers_.erase(found);
  return metal::deallocate_buffer(buffer);
}

Result<Tensor*> SubmitState::host_buffer(uint32_t global_id) {
  auto found = host_buffers_.find(global_id);
  if (found == host_buffers_.end()) {
    return make_error(ErrorCode::kNotFound, "buffer ", global_id,
                      " is not a host buffer (not a program input, and no HostAlloc, "
                      "MemrefCopy, MeshShard or CPU command made it)");
  }
  return &found->second;
}

Status SubmitState::add_host_buffer(uint32_t global_id, Tensor tensor) {
  if (!host_buffers_.emplace(global_id, std::move(tensor)).second) {
    return make_error(ErrorCode::kAlreadyExists, "host buffer ", global_id, " already exists");
  }
  return ok_status();
}

Status SubmitState::add_global_semaphore(uint32_t global_id, GlobalSemaphore semaphore) {
  if (!global_semaphores_.emplace(global_id, std::move(semaphore)).second) {
    return make_error(ErrorCode::kAlreadyExists, "global semaphore ", global_id, " already exists");
  }
  return ok_status();
}

Result<const GlobalSemaphore*> SubmitState::global_semaphore(uint32_t global_id) const {
  auto found = global_semaphores_.find(global_id);
  if (found == global_semaphores_.end()) {
    return make_error(ErrorCode::kNotFound, "global semaphore ", global_id,
                      " was never created (no CreateGlobalSemaphoreCommand before its use)");
  }
  return &found->second;
}

Status SubmitState::add_local_semaphore(uint32_t global_id, uint32_t initial_value) {
  if (!local_semaphores_.emplace(global_id, initial_value).second) {
    return make_error(ErrorCode::kAlreadyExists, "local semaphore ", global_id, " already exists");
  }
  return ok_status();
}

Result<uint32_t> SubmitState::local_semaphore_initial_value(uint32_t global_id) const {
  auto found = local_semaphores_.find(global_id);
  if (found == local_semaphores_.end()) {
    return make_error(ErrorCode::kNotFound, "local semaphore ", global_id,
                      " was never created (no CreateLocalSemaphoreCommand before its use)");
  }
  return found->second;
}

void SubmitState::record_event(uint32_t global_id, std::shared_ptr<metal::Event> event) {
  events_.insert_or_assign(global_id, std::move(event));
}

Result<std::shared_ptr<metal::Event>> SubmitState::event(uint32_t global_id) const {
  auto found = events_.find(global_id);
  if (found == events_.end()) {
    return make_error(ErrorCode::kNotFound, "event ", global_id,
                      " was never recorded (no EnqueueRecordEventCommand before its use)");
  }
  return found->second;
}

Status SubmitState::set_returned(std::vector<uint32_t> global_ids) {
  if (returned_) {
    return make_error(ErrorCode::kFailedPrecondition,
                      "the program already returned its outputs; a program returns once");
  }
  returned_ = std::move(global_ids);
  return ok_status();
}

Status SubmitState::release_all(std::vector<std::string>& leaks) {
  Status first;
  for (auto& [id, live] : device_buffers_) {
    leaks.push_back("buffer " + std::to_string(id) + " (" +
                    describe_request(live.config, live.address) +
                    ") was still live at the end of the program and has been freed");
    Status freed = metal::deallocate_buffer(live.buffer);
    if (first.ok() && !freed.ok())
      first = freed.with_context("freeing buffer " + std::to_string(id));
  }
  device_buffers_.clear();
  for (auto& [id, semaphore] : global_semaphores_) {
    Status freed = metal::deallocate_buffer(semaphore.buffer);
    if (first.ok() && !freed.ok()) {
      first = freed.with_context("freeing global semaphore " + std::to_string(id));
    }
  }
  global_semaphores_.clear();
  return first;
}

}  // namespace tessera::runtime::metal_backend::current
