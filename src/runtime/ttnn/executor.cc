#include "executor.h"

#include "hook_context.h"
#include "op_device_time.h"
#include "operation_dispatch.h"
#include "operation_name.h"
#include "program_context.h"
#include "tessera/base/steady_clock.h"
#include "tessera/runtime/internal/binary_access.h"
#include "tessera/runtime/internal/device_access.h"
#include "tessera/runtime/internal/tensor_ref_info.h"
#include "tessera/ttnn/tensor/tensor_convert.h"

namespace tessera::runtime::ttnn_backend {
namespace {

uint32_t size_of(const flatbuffers::Vector<flatbuffers::Offset<fb::TensorRef>>* refs) {
  return refs ? refs->size() : 0;
}

// Host bytes as the caller hands them over: row-major, except block floats
// (tile layout only).
ttnn::TensorSpec host_spec(ttnn::TensorSpec spec) {
  spec.placement = ttnn::Placement::kHost;
  spec.layout = sim::tile::is_block_float(spec.format) ? ttnn::TensorLayout::kTile
                                                       : ttnn::TensorLayout::kRowMajor;
  return spec;
}

Status place_input(const fb::TensorRef& ref, const Tensor& input, uint32_t index,
                   ProgramContext& context) {
  std::string what = "input tensor " + std::to_string(index);
  TESSERA_RETURN_IF_ERROR(check_runtime(what.c_str(), input.runtime(), Runtime::kTtnn));
  TESSERA_ASSIGN_OR_RETURN(ttnn::TensorSpec declared, spec_from_ref(ref));
  ttnn::TensorSpec host = host_spec(declared);
  std::span<const uint8_t> bytes = input.bytes();
  std::vector<std::byte> copy(reinterpret_cast<const std::byte*>(bytes.data()),
                              reinterpret_cast<const std::byte*>(bytes.data()) + bytes.size());
  auto tensor = ttnn::Tensor::host(host, std::move(copy));
  if (!tensor.ok()) return std::move(tensor).error().add_context(what);
  if (declared == host) return context.insert(ref.global_id(), std::move(tensor).value());
  auto placed = ttnn::convert(*tensor, declared, &context.device());
  if (!placed.ok()) return std::move(placed).error().add_context(what);
  return context.insert(ref.global_id(), std::move(placed).value());
}

Result<Tensor> read_output(const fb::TensorRef& ref, uint32_t index, ProgramContext& context) {
  std::string what = "output " + std::to_string(index);
  TESSERA_ASSIGN_OR_RETURN(const ttnn::Tensor* tensor, context.tensor(&ref, what));
  ttnn::TensorSpec host = host_spec(tensor->spec());
  TESSERA_ASSIGN_OR_RETURN(ttnn::Tensor copy, ttnn::convert(*tensor, host, nullptr));
  TESSERA_ASSIGN_OR_RETURN(std::span<const std::byte> bytes, copy.host_bytes());
  TESSERA_ASSIGN_OR_RETURN(TensorInfo info, tensor_info(ref));
  info.shape = host.shape.dims();
  info.stride = math::row_major_strides(host.shape);
  info.size_bytes = bytes.size();
  return Tensor::create_from_bytes(std::move(info),
                                   {reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()},
                                   Runtime::kTtnn);
}

Status run_hook(const OpHook& hook, const HookContext& view, const char* when) {
  if (!hook) return ok_status();
  Status status = hook(view);
  return status.ok() ? status : status.with_context(std::string(when) + "-op hook");
}

Status run_operations(const fbn::Program& program, ProgramContext& context,
                      const SubmitOptions& options, SubmitResult& result) {
  const auto* operations = program.operations();
  for (uint32_t index = 0; operations && index < operations->size(); ++index) {
    const fbn::Operation& op = *operations->Get(index);
    std::string name = operation_name(op);
    context.set_op_index(index);
    HookContext view(op, index, name, context);
    std::string where = "op " + std::to_string(index) + " (" + name;
    if (!view.debug_string().empty()) where += " '" + std::string(view.debug_string()) + "'";
    where += ")";
    Status status = run_hook(options.before_op, view, "before");
    const int64_t start = steady_now_ns();
    if (status.ok()) status = run_operation(op, context);
    const int64_t end = steady_now_ns();
    if (status.ok()) status = run_hook(options.after_op, view, "after");
    if (!status.ok()) return status.with_context(where);
    if (options.collect_trace) {
      result.spans.push_back({.name = name,
                              .category = "op",
                              .start_ns = start,
                              .duration_ns = end - start,
                              .index = static_cast<int32_t>(index),
                              .detail = std::string(view.debug_string())});
    }
    if (options.collect_device_time) {
      auto time = op_device_time(op, name, index, context);
      if (!time.ok()) return std::move(time).error().add_context(where + ": device time");
      if (*time) result.device_time.push_back(std::move(**time));
    }
  }
  return ok_status();
}

Status run_program(const fbn::Program& program, std::span<const Tensor> inputs,
                   ProgramContext& context, const SubmitOptions& options, SubmitResult& result) {
  if (inputs.size() != size_of(program.inputs())) {
    return make_error(ErrorCode::kInvalidArgument, "program takes ", size_of(program.inputs()),
                      " input(s), ", inputs.size(), " given");
  }
  for (uint32_t i = 0; i < inputs.size(); ++i) {
    TESSERA_RETURN_IF_ERROR(place_input(*program.inputs()->Get(i), inputs[i], i, context));
  }
  TESSERA_RETURN_IF_ERROR(run_operations(program, context, options, result));
  for (uint32_t i = 0; i < size_of(program.outputs()); ++i) {
    TESSERA_ASSIGN_OR_RETURN(Tensor output, read_output(*program.outputs()->Get(i), i, context));
    result.outputs.push_back(std::move(output));
  }
  return ok_status();
}

}  // namespace

Result<SubmitResult> submit(const Device& device, const Binary& binary, uint32_t program_index,
                            std::span<const Tensor> inputs, const SubmitOptions& options) {
  const fbn::Program& program = *format_binary(binary).ttnn()->programs()->Get(program_index);
  std::string label = "program " + std::to_string(program_index);
  if (program.name()) label += " '" + program.name()->str() + "'";

  TESSERA_ASSIGN_OR_RETURN(metal::Device * chip, metal_device(device, 0));
  ProgramContext context(*chip);
  SubmitResult result;
  const int64_t start = steady_now_ns();
  Status status = run_program(program, inputs, context, options, result);
  // Device tensors never deallocated are freed either way; the program
  // outputs were copied to host already.
  std::vector<uint32_t> outputs;
  for (uint32_t i = 0; i < size_of(program.outputs()); ++i) {
    outputs.push_back(program.outputs()->Get(i)->global_id());
  }
  result.leaks = context.release_all(outputs);
  if (!status.ok()) {
    return std::move(status.with_context(label).with_context(binary.name())).error();
  }
  if (options.collect_trace) {
    result.spans.insert(result.spans.begin(), TraceSpan{.name = label,
                                                        .category = "program",
                                                        .start_ns = start,
                                                        .duration_ns = steady_now_ns() - start});
  }
  result.event = Event::completed(Runtime::kTtnn);
  return result;
}

}  // namespace tessera::runtime::ttnn_backend
