#include "executor.h"

#include <optional>

#include "../device_program_checks.h"
#include "../dprint_relay.h"
#include "command_handlers.h"
#include "tessera/runtime/internal/binary_access.h"
#include "tessera/runtime/internal/device_access.h"

namespace tessera::runtime::metal_backend::current {
namespace {

// A mesh of more than one device needs that many chips; tessera runs one.
Status check_single_device(const cm::Program& program) {
  uint64_t devices = 1;
  if (const auto* shape = program.mesh_shape()) {
    devices = uint64_t(std::max(shape->y(), 1)) * uint64_t(std::max(shape->x(), 1));
  }
  const auto* device_programs = program.device_programs();
  for (uint32_t i = 0; device_programs && i < device_programs->size(); ++i) {
    const cm::MeshDesc* mesh = device_programs->Get(i)->mesh();
    if (!mesh || !mesh->mesh_shape()) continue;
    for (int64_t dim : *mesh->mesh_shape()) devices *= uint64_t(std::max<int64_t>(dim, 1));
  }
  if (devices <= 1) return ok_status();
  return make_error(ErrorCode::kUnimplemented, "runs on a mesh of ", devices,
                    " devices; tessera simulates a 1x1 mesh (one chip) for now");
}

std::string queue_label(const cm::CommandQueue& queue, uint32_t index) {
  std::string label = "queue " + std::to_string(index);
  if (queue.name() && queue.name()->size() > 0) label += " '" + queue.name()->str() + "'";
  return label;
}

Status run_queue(const cm::CommandQueue& commands, QueueContext& queue) {
  const auto* list = commands.commands();
  SubmitTrace* trace = queue.state.trace_spans();
  for (uint32_t index = 0; list && index < list->size(); ++index) {
    const cm::Command& command = *list->Get(index);
    const char* type = cm::EnumNameCommandType(command.type_type());
    queue.note = {.origin = type, .origin_index = index};
    SubmitTrace::CommandSpan* span = nullptr;
    if (trace && trace->collects_spans()) {
      span = &trace->begin_command(queue.queue_index, index, type,
                                   command.loc() ? command.loc()->str() : std::string());
      queue.note.timing = &span->on_queue;
    }
    Status status = execute_command(command, queue);
    if (span) SubmitTrace::end_command(*span);
    if (!status.ok()) {
      std::string where = "command " + std::to_string(index) + " (" + type + ")";
      if (command.loc() && command.loc()->size() > 0) where += " at " + command.loc()->str();
      return status.with_context(where);
    }
  }
  return queue.hw_queue.finish();
}

// The compiler's runtime runs the queues of a device program in order.
Status run_queues(const cm::DeviceProgram& device_program, SubmitState& state) {
  const auto* queues = device_program.command_queues();
  for (uint32_t index = 0; queues && index < queues->size(); ++index) {
    const cm::CommandQueue& commands = *queues->Get(index);
    auto hw_queue = state.device().command_queue(commands.queue_id());
    if (!hw_queue.ok()) {
      return std::move(hw_queue).error().add_context(queue_label(commands, index) + " (queue_id " +
                                                     std::to_string(commands.queue_id()) + ")");
    }
    QueueContext queue{state, **hw_queue, index};
    TESSERA_RETURN_IF_ERROR(run_queue(commands, queue), queue_label(commands, index));
  }
  return ok_status();
}

// Program input i becomes host buffer device_program.inputs[i].global_id.
Status bind_inputs(const cm::DeviceProgram& device_program, std::span<const Tensor> inputs,
                   SubmitState& state) {
  const auto* refs = device_program.inputs();
  const uint32_t count = refs ? refs->size() : 0;
  if (count != inputs.size()) {
    return make_error(ErrorCode::kInvalidArgument, "the device program takes ", count,
                      " input(s), ", inputs.size(), " given");
  }
  for (uint32_t i = 0; i < count; ++i) {
    TESSERA_RETURN_IF_ERROR(check_runtime("input", inputs[i].runtime(), Runtime::kTtmetal));
    TESSERA_RETURN_IF_ERROR(state.add_host_buffer(refs->Get(i)->global_id(), inputs[i]),
                            "input " + std::to_string(i));
  }
  return ok_status();
}

// Copies what ReturnCommand named into the submit's outputs: host buffers
// as they are, device buffers read back.
Status collect_outputs(SubmitState& state, std::vector<Tensor>& outputs) {
  if (!state.returned()) {
    if (outputs.empty()) return ok_status();
    return make_error(ErrorCode::kInvalidArgument, "the program has ", outputs.size(),
                      " output(s) but no ReturnCommand named them");
  }
  const std::vector<uint32_t>& ids = *state.returned();
  if (ids.size() != outputs.size()) {
    return make_error(ErrorCode::kInvalidArgument, "ReturnCommand names ", ids.size(),
                      " result(s) but the program has ", outputs.size(), " output(s)");
  }
  for (size_t i = 0; i < ids.size(); ++i) {
    auto fail = [&](Status status) {
      return std::move(status.with_context("output " + std::to_string(i) + " (buffer " +
                                           std::to_string(ids[i]) + ")"));
    };
    std::span<uint8_t> out = outputs[i].mutable_bytes();
    if (auto host = state.host_buffer(ids[i]); host.ok()) {
      if ((*host)->bytes().size() != out.size()) {
        return fail(make_error(ErrorCode::kInvalidArgument, "holds ", (*host)->bytes().size(),
                               " bytes; the program's output is ", out.size()));
      }
      std::copy((*host)->bytes().begin(), (*host)->bytes().end(), out.begin());
      continue;
    }
    auto device = state.device_buffer(ids[i]);
    if (!device.ok()) return fail(device.status());
    if ((*device)->buffer.size() != out.size()) {
      return fail(make_error(ErrorCode::kInvalidArgument, "holds ", (*device)->buffer.size(),
                             " bytes; the program's output is ", out.size()));
    }
    TESSERA_ASSIGN_OR_RETURN(metal::CommandQueue * queue, state.device().command_queue(0));
    Status read = queue->enqueue_read_buffer((*device)->buffer, out, /*blocking=*/true);
    if (!read.ok()) return fail(read);
  }
  return ok_status();
}

Status run_device_program(const cm::Program& program, const Device& device, uint64_t binary_serial,
                          std::span<const Tensor> inputs, const SubmitOptions& options,
                          SubmitResult& result) {
  TESSERA_ASSIGN_OR_RETURN(metal::Device * target, metal_device(device, 0));
  const cm::DeviceProgram& device_program = *program.device_programs()->Get(0);
  TESSERA_RETURN_IF_ERROR(check_device_program_limits(device_program));
  const auto* queues = device_program.command_queues();
  std::optional<SubmitTrace> trace = SubmitTrace::for_submit(queues ? queues->size() : 0, options);
  SubmitState state(*target, trace ? &*trace : nullptr, binary_serial);
  state.set_dprint(make_dprint_relay(options.dprint, target->id()));
  Status ran = bind_inputs(device_program, inputs, state);
  if (ran.ok()) ran = run_queues(device_program, state);
  Status collected;
  if (ran.ok()) collected = collect_outputs(state, result.outputs);
  Status released = state.release_all(result.leaks);
  if (trace) trace->take(result);
  if (!ran.ok()) return ran;
  if (!collected.ok()) return collected;
  return released;
}

}  // namespace

Result<SubmitResult> submit(const Device& device, const Binary& binary, uint32_t program_index,
                            std::span<const Tensor> inputs, const SubmitOptions& options) {
  const int64_t start_ns = options.collect_trace ? steady_now_ns() : 0;
  const cm::Program& program =
      *format_binary(binary).current_metal()->programs()->Get(program_index);
  std::string program_label = "program " + std::to_string(program_index);
  if (program.name()) program_label += " '" + program.name()->str() + "'";
  auto fail = [&](Status status) {
    return std::move(status.with_context(program_label).with_context(binary.name())).error();
  };

  if (Status single = check_single_device(program); !single.ok()) return fail(single);
  const uint32_t device_programs =
      program.device_programs() ? program.device_programs()->size() : 0;
  if (device_programs != 1) {
    return fail(make_error(ErrorCode::kUnimplemented, "has ", device_programs,
                           " device programs; a program of this layout runs one"));
  }
  auto output_infos = binary.program_outputs(program_index);
  if (!output_infos.ok()) return fail(output_infos.status());
  auto input_infos = binary.program_inputs(program_index);
  if (!input_infos.ok()) return fail(input_infos.status());
  for (size_t i = 0; i < inputs.size() && i < input_infos->size(); ++i) {
    if (inputs[i].bytes().size() != (*input_infos)[i].size_bytes) {
      return fail(make_error(ErrorCode::kInvalidArgument, "input ", i, " has ",
                             inputs[i].bytes().size(), " bytes; the program expects ",
                             (*input_infos)[i].size_bytes));
    }
  }

  SubmitResult result;
  for (TensorInfo& info : *output_infos) {
    auto tensor = Tensor::create_owned(std::move(info), Runtime::kTtmetal);
    if (!tensor.ok()) return fail(tensor.status());
    result.outputs.push_back(std::move(tensor).value());
  }
  if (options.collect_trace) {
    TraceSpan& span = result.spans.emplace_back();
    span.name = program.name() ? program.name()->str() : program_label;
    span.category = "program";
    span.index = static_cast<int32_t>(program_index);
    span.start_ns = start_ns;
    span.detail = binary.name();
  }
  Status ran =
      run_device_program(program, device, BinaryAccess::serial(binary), inputs, options, result);
  if (!ran.ok()) return fail(ran.with_context("device program 0"));
  if (options.collect_trace) result.spans.front().duration_ns = steady_now_ns() - start_ns;
  result.event = Event::completed(Runtime::kTtmetal);
  return result;
}

}  // namespace tessera::runtime::metal_backend::current
