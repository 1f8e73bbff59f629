#include "executor.h"

#include <optional>
#include <thread>

#include "buffer_config.h"
#include "command_handlers.h"

namespace tessera::runtime::metal_backend {
namespace {

using TensorRefs = flatbuffers::Vector<flatbuffers::Offset<tt::target::TensorRef>>;

uint32_t size_of(const TensorRefs* refs) {
  return refs ? refs->size() : 0;
}

Status check_inputs(const tm::Program& program, std::span<const Tensor> inputs) {
  if (inputs.size() != size_of(program.inputs())) {
    return make_error(ErrorCode::kInvalidArgument, "program takes ", size_of(program.inputs()),
                      " input(s), ", inputs.size(), " given");
  }
  for (size_t i = 0; i < inputs.size(); ++i) {
    std::string what = "input tensor " + std::to_string(i);
    TESSERA_RETURN_IF_ERROR(check_runtime(what.c_str(), inputs[i].runtime(), Runtime::kTtmetal));
    uint64_t expected = program.inputs()->Get(static_cast<uint32_t>(i))->size();
    if (inputs[i].bytes().size() != expected) {
      return make_error(ErrorCode::kInvalidArgument, what, " has ", inputs[i].bytes().size(),
                        " bytes; the program expects ", expected);
    }
  }
  return ok_status();
}

// Runs the commands of one binary queue in order, stopping at the first error.
Status run_queue(const tm::CommandQueue& commands, QueueContext& queue) {
  const auto* list = commands.commands();
  for (uint32_t index = 0; list && index < list->size(); ++index) {
    const tm::Command& command = *list->Get(index);
    Status status = execute_command(command, queue);
    if (!status.ok()) {
      return status.with_context("command " + std::to_string(index) + " (" +
                                 tm::EnumNameCommandType(command.type_type()) + ")");
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
      results[index] = run_queue(*queues->Get(index), queue);
      if (!results[index].ok())
        results[index].with_context(queue_label(*queues->Get(index), index));
    }
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

// Drains the queues and frees what the program left live; the device stays
// usable whatever happened. Returns the first drain error if `first` is ok.
Status clean_up(SubmitContext& submit, std::vector<std::string>& leaks) {
  Status drained;
  for (uint32_t index = 0; index < submit.device().num_command_queues(); ++index) {
    auto hw_queue = submit.device().command_queue(index);
    if (!hw_queue.ok()) continue;
    Status finished = (*hw_queue)->finish();
    if (drained.ok() && !finished.ok())
      drained = finished.with_context("queue " + std::to_string(index));
  }
  for (auto& [id, live] : submit.take_buffers()) {
    leaks.push_back("buffer " + std::to_string(id) + " (" +
                    describe_request(live->config, live->address) +
                    ") was still live at the end of the program and has been freed");
    Status freed = metal::deallocate_buffer(live->buffer);
    if (drained.ok() && !freed.ok()) drained = freed;
  }
  return drained;
}

Status run_device_program(const tm::Program& program, uint32_t index, const Device& device,
                          std::span<const Tensor> inputs, std::span<const Tensor> outputs,
                          SubmitResult& result) {
  TESSERA_ASSIGN_OR_RETURN(metal::Device * target, device.device(index));
  const tm::DeviceProgram& device_program = *program.device_programs()->Get(index);
  const auto* queues = device_program.command_queues();
  SubmitContext submit(*target, queues ? queues->size() : 0);
  for (size_t i = 0; i < inputs.size(); ++i) {
    submit.add_host_tensor(program.inputs()->Get(static_cast<uint32_t>(i))->global_id(), inputs[i]);
  }
  for (size_t i = 0; i < outputs.size(); ++i) {
    submit.add_host_tensor(program.outputs()->Get(static_cast<uint32_t>(i))->global_id(),
                           outputs[i]);
  }
  Status status = run_queues(device_program, submit);
  Status cleaned = clean_up(submit, result.leaks);
  for (std::string& line : submit.take_trace()) result.trace.push_back(std::move(line));
  if (!status.ok()) return status;
  return cleaned;
}

}  // namespace

Result<SubmitResult> submit(const Device& device, const Binary& binary, uint32_t program_index,
                            std::span<const Tensor> inputs, const SubmitOptions& options) {
  (void)options;  // spans for TTM0 programs come next
  const tm::Program& program = *binary.format().metal()->programs()->Get(program_index);
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
  for (uint32_t index = 0; index < device_programs; ++index) {
    Status status = run_device_program(program, index, device, inputs, result.outputs, result);
    if (!status.ok()) return fail(status.with_context("device program " + std::to_string(index)));
  }
  result.event = Event::completed(Runtime::kTtmetal);
  return result;
}

}  // namespace tessera::runtime::metal_backend
