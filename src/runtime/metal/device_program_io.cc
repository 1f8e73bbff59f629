#include "device_program_io.h"

#include <cstdio>

#include "buffer_config.h"

namespace tessera::runtime::metal_backend {
namespace {

std::string hex(uint64_t value) {
  char text[24];
  std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(value));
  return text;
}

std::string label(bool is_output, uint32_t index, uint32_t global_id) {
  return std::string(is_output ? "output " : "input ") + std::to_string(index) + " (global id " +
         std::to_string(global_id) + ")";
}

std::string label(bool is_output, uint32_t index, uint32_t global_id,
                  const metal::BufferConfig& config, uint64_t address) {
  return std::string(is_output ? "output " : "input ") + std::to_string(index) + " (global id " +
         std::to_string(global_id) + ", " + describe_request(config, address) + ", " +
         describe_range(config, address) + ")";
}

}  // namespace

Status DeviceProgramIo::add(const tt::target::TensorRef& ref, bool is_output, uint32_t index,
                            SubmitContext& submit) {
  const uint32_t id = ref.global_id();
  auto config = buffer_config(ref);
  if (!config.ok()) {
    return std::move(config).error().add_context(label(is_output, index, id) + " at " +
                                                 hex(ref.address()));
  }
  const std::string where = label(is_output, index, id, *config, ref.address());
  if (auto live = submit.buffer(id); live.ok()) {
    // An output that is also an input (computed in place) shares its buffer.
    if (same_request((*live)->config, *config) && (*live)->address == ref.address()) {
      created_.push_back({is_output, index, id, where, *live});
      return ok_status();
    }
    return make_error(ErrorCode::kAlreadyExists, where, ": global id ", id, " is already ",
                      describe_request((*live)->config, (*live)->address),
                      " as an earlier input or output");
  }
  auto buffer = metal::create_buffer_at(submit.device(), *config, ref.address());
  if (!buffer.ok()) return std::move(buffer).error().add_context(where);
  submit.add_buffer(id, {std::move(buffer).value(), *config, ref.address()});
  TESSERA_ASSIGN_OR_RETURN(auto live, submit.buffer(id));
  created_.push_back({is_output, index, id, where, std::move(live)});
  return ok_status();
}

Result<DeviceProgramIo> DeviceProgramIo::create(
    const tt::target::metal::DeviceProgram& device_program, std::span<const Tensor> inputs,
    SubmitContext& submit) {
  DeviceProgramIo io;
  auto fail = [&](Status status) {
    (void)io.release(submit);  // the first error is the one to report
    return std::move(status).error();
  };
  const auto* refs = device_program.inputs();
  for (uint32_t i = 0; refs && i < refs->size(); ++i) {
    const tt::target::TensorRef& ref = *refs->Get(i);
    if (!in_device_memory(ref)) continue;
    if (i >= inputs.size()) {
      return fail(make_error(ErrorCode::kInvalidArgument, label(false, i, ref.global_id()),
                             " is in device memory but the program has only ", inputs.size(),
                             " input tensor(s) to fill it from"));
    }
    if (inputs[i].bytes().size() != ref.size()) {
      return fail(make_error(ErrorCode::kInvalidArgument, label(false, i, ref.global_id()),
                             ": the host tensor has ", inputs[i].bytes().size(),
                             " bytes but the device buffer holds ", ref.size()));
    }
    if (Status added = io.add(ref, false, i, submit); !added.ok()) return fail(added);
    auto queue = submit.device().command_queue(0);
    if (!queue.ok()) return fail(queue.status());
    const LiveBuffer& live = *io.created_.back().live;
    // Blocking, so every queue of the program sees the input written.
    Status written = (*queue)->enqueue_write_buffer(live.buffer, inputs[i].bytes(), true);
    if (!written.ok()) {
      return fail(written.with_context(label(false, i, ref.global_id()) + ": writing its bytes"));
    }
  }
  refs = device_program.outputs();
  for (uint32_t i = 0; refs && i < refs->size(); ++i) {
    const tt::target::TensorRef& ref = *refs->Get(i);
    if (!in_device_memory(ref)) continue;
    if (Status added = io.add(ref, true, i, submit); !added.ok()) return fail(added);
  }
  return io;
}

Status DeviceProgramIo::read_outputs(SubmitContext& submit, std::span<const Tensor> outputs) const {
  for (const Created& created : created_) {
    if (!created.is_output) continue;
    const std::string& where = created.label;
    auto live = submit.buffer(created.global_id);
    if (!live.ok() || (*live)->buffer.id() != created.live->buffer.id()) {
      return make_error(ErrorCode::kFailedPrecondition, where,
                        ": the program deallocated its buffer before the runtime could read it "
                        "back");
    }
    if (created.index >= outputs.size()) {
      return make_error(ErrorCode::kInvalidArgument, where,
                        " is in device memory but the program has only ", outputs.size(),
                        " output tensor(s) to read it into");
    }
    Tensor output = outputs[created.index];  // a handle: shares the bytes
    std::span<uint8_t> host = output.mutable_bytes();
    if (host.size() != created.live->buffer.size()) {
      return make_error(ErrorCode::kInvalidArgument, where, ": the host output has ", host.size(),
                        " bytes but the device buffer holds ", created.live->buffer.size());
    }
    TESSERA_ASSIGN_OR_RETURN(metal::CommandQueue * queue, submit.device().command_queue(0));
    Status read = queue->enqueue_read_buffer(created.live->buffer, host, true);
    if (!read.ok()) return read.with_context(where + ": reading it back");
  }
  return ok_status();
}

Status DeviceProgramIo::release(SubmitContext& submit) {
  Status first;
  for (const Created& created : created_) {
    // Skip what the program freed itself (possibly re-creating the id).
    auto live = submit.buffer(created.global_id);
    if (!live.ok() || (*live)->buffer.id() != created.live->buffer.id()) continue;
    submit.remove_buffer(created.global_id);
    Status freed = metal::deallocate_buffer(created.live->buffer);
    if (first.ok() && !freed.ok()) {
      first = freed.with_context("freeing " + created.label);
    }
  }
  created_.clear();
  return first;
}

}  // namespace tessera::runtime::metal_backend
