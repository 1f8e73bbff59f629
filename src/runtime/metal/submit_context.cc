#include "submit_context.h"

#include "tessera/runtime/internal/tensor_ref_info.h"

namespace tessera::runtime::metal_backend {

Result<std::shared_ptr<const LiveBuffer>> SubmitContext::buffer(uint32_t global_id) const {
  std::lock_guard lock(mutex_);
  auto it = buffers_.find(global_id);
  if (it == buffers_.end()) {
    return make_error(ErrorCode::kNotFound, "buffer ", global_id,
                      " is not live (never created, or already deallocated)");
  }
  return it->second;
}

void SubmitContext::add_buffer(uint32_t global_id, LiveBuffer buffer) {
  std::lock_guard lock(mutex_);
  buffers_[global_id] = std::make_shared<const LiveBuffer>(std::move(buffer));
}

void SubmitContext::remove_buffer(uint32_t global_id) {
  std::lock_guard lock(mutex_);
  buffers_.erase(global_id);
}

std::vector<std::pair<uint32_t, std::shared_ptr<const LiveBuffer>>> SubmitContext::take_buffers() {
  std::lock_guard lock(mutex_);
  std::vector<std::pair<uint32_t, std::shared_ptr<const LiveBuffer>>> live(buffers_.begin(),
                                                                           buffers_.end());
  buffers_.clear();
  return live;
}

void SubmitContext::add_host_tensor(uint32_t global_id, Tensor tensor) {
  std::lock_guard lock(mutex_);
  host_tensors_[global_id] = std::move(tensor);
}

Result<Tensor> SubmitContext::host_tensor(uint32_t global_id) const {
  std::lock_guard lock(mutex_);
  auto it = host_tensors_.find(global_id);
  if (it == host_tensors_.end()) {
    return make_error(ErrorCode::kNotFound, "host tensor ", global_id,
                      " is neither a program input nor written by an earlier read");
  }
  return it->second;
}

Result<Tensor> SubmitContext::host_destination(const tt::target::TensorRef& ref) {
  {
    std::lock_guard lock(mutex_);
    auto it = host_tensors_.find(ref.global_id());
    if (it != host_tensors_.end()) return it->second;
  }
  TESSERA_ASSIGN_OR_RETURN(TensorInfo info, tensor_info(ref));
  TESSERA_ASSIGN_OR_RETURN(Tensor tensor, Tensor::create_owned(std::move(info), Runtime::kTtmetal));
  add_host_tensor(ref.global_id(), tensor);
  return tensor;
}

Status SubmitContext::create_event(uint32_t global_id) {
  std::lock_guard lock(mutex_);
  if (events_.count(global_id)) {
    return make_error(ErrorCode::kAlreadyExists, "event ", global_id, " already exists");
  }
  events_[global_id] = metal::Event::create();
  return ok_status();
}

Result<std::shared_ptr<metal::Event>> SubmitContext::event(uint32_t global_id) const {
  std::lock_guard lock(mutex_);
  auto it = events_.find(global_id);
  if (it == events_.end()) {
    return make_error(ErrorCode::kNotFound, "event ", global_id,
                      " was never created (no CreateEventCommand for it)");
  }
  return it->second;
}

void SubmitContext::mark_recorded(uint32_t global_id) {
  {
    std::lock_guard lock(mutex_);
    recorded_[global_id] = true;
  }
  event_recorded_.notify_all();
}

Status SubmitContext::wait_until_recorded(uint32_t global_id) {
  std::unique_lock lock(mutex_);
  // This queue is one of the running ones; another must record the event.
  event_recorded_.wait(lock, [&] { return recorded_[global_id] || queues_running_ <= 1; });
  if (recorded_[global_id]) return ok_status();
  return make_error(ErrorCode::kFailedPrecondition, "event ", global_id,
                    " is never recorded: no other queue is left to record it");
}

void SubmitContext::queue_finished() {
  {
    std::lock_guard lock(mutex_);
    --queues_running_;
  }
  event_recorded_.notify_all();
}

void SubmitContext::add_event_query(std::string line) {
  std::lock_guard lock(mutex_);
  event_queries_.push_back(std::move(line));
}

std::vector<std::string> SubmitContext::take_event_queries() {
  std::lock_guard lock(mutex_);
  return std::move(event_queries_);
}

}  // namespace tessera::runtime::metal_backend
