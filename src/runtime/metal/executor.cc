#include "executor.h"

#include <cstdio>
#include <optional>
#include <thread>

#include "../api_boundary.h"
#include "buffer_config.h"
#include "command_detail.h"
#include "command_handlers.h"
#include "device_program_checks.h"
#include "device_program_io.h"
#include "dprint_relay.h"
#include "submit_trace.h"
#include "tessera/runtime/internal/binary_access.h"
#include "tessera/runtime/internal/device_access.h"

namespace tessera::runtime::metal_backend {
namespace {

using TensorRefs = flatbuffers::Vector<flatbuffers::Offset<tt::target::TensorRef>>;

uint32_t size_of(const TensorRefs* refs) {
  return refs ? refs->size() : 0;
}

// "input 0 (global id 6, DeviceL1 at 0x20000, 8192 bytes)".
std::string describe_input(uint32_t index, const tt::target::TensorRef& ref) {
  std::string text =
      "input " + std::to_string(index) + " (global id " + std::to_string(ref.global_id()) + ", ";
  if (in_device_memory(ref)) {
    char address[24];
    std::snprintf(address, sizeof address, "0x%llx",
                  static_cast<unsigned long long>(ref.address()));
    text += tt::target::EnumNameMemorySpace(ref.desc()->layout()->memory_desc()->memory_space());
    text += std::string(" at ") + address + ", ";
  } else {
    text += "host, ";
  }
  return text + std::to_string(ref.size()) + " bytes)";
}

Status check_inputs(const tm::Program& program, std::span<const Tensor> inputs) {
  if (inputs.size() != size_of(program.inputs())) {
    return make_error(ErrorCode::kInvalidArgument, "program takes ", size_of(program.inputs()),
                      " input(s), ", inputs.size(), " given");
  }
  for (size_t i = 0; i < inputs.size(); ++i) {
    const tt::target::TensorRef& ref = *program.inputs()->Get(static_cast<uint32_t>(i));
    std::string what = describe_input(static_cast<uint32_t>(i), ref);
    TESSERA_RETURN_IF_ERROR(check_runtime(what.c_str(), inputs[i].runtime(), Runtime::kTtmetal));
    if (inputs[i].bytes().size() != ref.size()) {
      return make_error(ErrorCode::kInvalidArgument, what, ": the host tensor has ",
                        inputs[i].bytes().size(), " bytes; the program expects ", ref.size());
    }
  }
  return ok_status();
}

// Runs the commands of one binary queue in order, stopping at the first error.
Status run_queue(const tm::CommandQueue& commands, QueueContext& queue) {
  const auto* list = commands.commands();
  SubmitTrace* trace = queue.submit.trace_spans();
  for (uint32_t index = 0; list && index < list->size(); ++index) {
    const tm::Command& command = *list->Get(index);
    const char* type = tm::EnumNameCommandType(command.type_type());
    queue.note = {.origin = type, .origin_index = index};
    SubmitTrace::CommandSpan* span = nullptr;
    if (trace && trace->collects_spans()) {
      span = &trace->begin_command(queue.queue_index, index, type, command_detail(command));
      queue.note.timing = &span->on_queue;
    }
    Status status = execute_command(command, queue);
    if (span) SubmitTrace::end_command(*span);
    if (!status.ok()) {
      return status.with_context("command " + std::to_string(index) + " (" + type + ")");
    }
  }
  return ok_status();
}

std::string queue_label(const tm::CommandQueue& queue, uint32_t index) {
  std::string label = "queue " + std::to_string(index);
  if (queue.name() && queue.name()->size() > 0) label += " '" + queue.name()->str() + "'";
  return label;
}

// Runs every queue of a device program concurrently; returns the first error
// in queue order.
Status run_queues(const tm::DeviceProgram& device_program, SubmitContext& submit) {
  const auto* queues = device_program.command_queues();
  uint32_t count = queues ? queues->size() : 0;
  if (count > submit.device().num_command_queues()) {
    return make_error(ErrorCode::kInvalidArgument, "uses ", count,
                      " command queues; the device was opened with ",
                      submit.device().num_command_queues());
  }
  std::vector<Status> results(count);
  auto run_one = [&](uint32_t index) {
    auto hw_queue = submit.device().command_queue(index);
    if (!hw_queue.ok()) {
      results[index] = hw_queue.status();
    } else {
      QueueContext queue{submit, **hw_queue, index};
      // A queue thread must not end in an exception: that would terminate
      // the embedding process.
      results[index] = at_api_boundary(
          "command queue", [&]() -> Status { return run_queue(*queues->Get(index), queue); });
    }
    results[index].with_context(queue_label(*queues->Get(index), index));
    submit.queue_finished();
  };
  if (count == 1) {
    run_one(0);
  } else {
    std::vector<std::thread> threads;
    for (uint32_t index = 0; index < count; ++index) threads.emplace_back(run_one, index);
    for (std::thread& thread : threads) thread.join();
  }
  for (Status& result : results) {
    if (!result.ok()) return result;
  }
  return ok_status();
}

// Drains every hardware queue; returns the first error a queued command left.
Status drain_queues(const tm::DeviceProgram& device_program, SubmitContext& submit) {
  const auto* queues = device_program.command_queues();
  Status drained;
  for (uint32_t index = 0; index < submit.device().num_command_queues(); ++index) {
    auto hw_queue = submit.device().command_queue(index);
    if (!hw_queue.ok()) continue;
    Status finished = (*hw_queue)->finish();
    if (drained.ok() && !finished.ok()) {
      // A queued command failed and no later command of the queue surfaced it.
      std::string where = queues && index < queues->size() ? queue_label(*queues->Get(index), index)
                                                           : "queue " + std::to_string(index);
      drained = finished.with_context(where + ": draining the queue after its last command");
    }
  }
  return drained;
}

// Frees the buffers the program's own commands created and left live,
// naming each as a leak.
Status free_leftover_buffers(SubmitContext& submit, std::vector<std::string>& leaks) {
  Status first;
  for (auto& [id, live] : submit.take_buffers()) {
    leaks.push_back("buffer " + std::to_string(id) + " (" +
                    describe_request(live->config, live->address) +
                    ") was still live at the end of the program and has been freed");
    Status freed = metal::deallocate_buffer(live->buffer);
    if (first.ok() && !freed.ok()) {
      first = freed.with_context("freeing buffer " + std::to_string(id) +
                                 " left live at the end of the program");
    }
  }
  return first;
}

// The first failure, in the order things happened.
Status first_error(std::initializer_list<Status*> statuses) {
  for (Status* status : statuses) {
    if (!status->ok()) return std::move(*status);
  }
  return ok_status();
}

Status run_device_program(const tm::Program& program, uint32_t index, const Device& device,
                          uint64_t binary_serial, std::span<const Tensor> inputs,
                          std::span<const Tensor> outputs, const SubmitOptions& options,
                          SubmitResult& result) {
  TESSERA_ASSIGN_OR_RETURN(metal::Device * target, metal_device(device, index));
  const tm::DeviceProgram& device_program = *program.device_programs()->Get(index);
  TESSERA_RETURN_IF_ERROR(check_device_program_limits(device_program));
  const auto* queues = device_program.command_queues();
  uint32_t queue_count = queues ? queues->size() : 0;
  std::optional<SubmitTrace> trace = SubmitTrace::for_submit(queue_count, options);
  SubmitContext submit(*target, queue_count, trace ? &*trace : nullptr, binary_serial);
  submit.set_dprint(make_dprint_relay(options.dprint, target->id()));
  for (size_t i = 0; i < inputs.size(); ++i) {
    submit.add_host_tensor(program.inputs()->Get(static_cast<uint32_t>(i))->global_id(), inputs[i]);
  }
  for (size_t i = 0; i < outputs.size(); ++i) {
    submit.add_host_tensor(program.outputs()->Get(static_cast<uint32_t>(i))->global_id(),
                           outputs[i]);
  }
  TESSERA_ASSIGN_OR_RETURN(DeviceProgramIo io,
                           DeviceProgramIo::create(device_program, inputs, submit));
  Status ran = run_queues(device_program, submit);
  Status drained = drain_queues(device_program, submit);
  Status read_back;
  if (ran.ok() && drained.ok()) read_back = io.read_outputs(submit, outputs);
  Status released = io.release(submit);
  Status freed = free_leftover_buffers(submit, result.leaks);
  for (std::string& line : submit.take_event_queries()) {
    result.event_queries.push_back(std::move(line));
  }
  if (trace) trace->take(result);
  return first_error({&ran, &drained, &read_back, &released, &freed});
}

}  // namespace

Result<SubmitResult> submit(const Device& device, const Binary& binary, uint32_t program_index,
                            std::span<const Tensor> inputs, const SubmitOptions& options) {
  const int64_t start_ns = options.collect_trace ? steady_now_ns() : 0;
  const tm::Program& program = *format_binary(binary).metal()->programs()->Get(program_index);
  std::string program_label = "program " + std::to_string(program_index);
  if (program.name()) program_label += " '" + program.name()->str() + "'";
  auto fail = [&](Status status) {
    return std::move(status.with_context(program_label).with_context(binary.name())).error();
  };

  TESSERA_ASSIGN_OR_RETURN(std::vector<TensorInfo> output_infos,
                           binary.program_outputs(program_index));
  if (Status checked = check_inputs(program, inputs); !checked.ok()) return fail(checked);

  SubmitResult result;
  for (TensorInfo& info : output_infos) {
    auto tensor = Tensor::create_owned(std::move(info), Runtime::kTtmetal);
    if (!tensor.ok()) return fail(tensor.status());
    result.outputs.push_back(std::move(tensor).value());
  }
  uint32_t device_programs = program.device_programs() ? program.device_programs()->size() : 0;
  if (device_programs > device.num_devices()) {
    return fail(make_error(ErrorCode::kInvalidArgument, "has ", device_programs,
                           " device programs but only ", device.num_devices(),
                           " device(s) are open"));
  }
  if (options.collect_trace) {
    // The program's own span first; its duration is known at the end.
    TraceSpan& span = result.spans.emplace_back();
    span.name = program.name() ? program.name()->str() : program_label;
    span.category = "program";
    span.index = static_cast<int32_t>(program_index);
    span.start_ns = start_ns;
    span.detail = binary.name();
  }
  for (uint32_t index = 0; index < device_programs; ++index) {
    Status status = run_device_program(program, index, device, BinaryAccess::serial(binary), inputs,
                                       result.outputs, options, result);
    if (!status.ok()) return fail(status.with_context("device program " + std::to_string(index)));
  }
  if (options.collect_trace) result.spans.front().duration_ns = steady_now_ns() - start_ns;
  result.event = Event::completed(Runtime::kTtmetal);
  return result;
}

}  // namespace tessera::runtime::metal_backend
