#include "program_from_desc.h"

#include <set>
#include <tuple>

#include "../tile_format.h"
#include "tessera/sim/tile/data_format.h"

namespace tessera::runtime::metal_backend {
namespace {

namespace tm = tt::target::metal;
using RangeList = flatbuffers::Vector<const tt::target::Dim2dRange*>;

metal::CoreRangeSet core_ranges(const RangeList* ranges) {
  metal::CoreRangeSet set;
  if (!ranges) return set;
  for (const tt::target::Dim2dRange* range : *ranges) {
    uint32_t x = static_cast<uint32_t>(range->loc().x());
    uint32_t y = static_cast<uint32_t>(range->loc().y());
    uint32_t width = static_cast<uint32_t>(std::max(1, range->size().x()));
    uint32_t height = static_cast<uint32_t>(std::max(1, range->size().y()));
    set.push_back({{x, y}, {x + width - 1, y + height - 1}});
  }
  return set;
}

template <typename Config>
void add_arguments(const tm::KernelDesc& kernel, Config& config) {
  if (kernel.compile_args())
    config.compile_args.assign(kernel.compile_args()->begin(), kernel.compile_args()->end());
  if (kernel.named_compile_args()) {
    for (const tm::NamedCompileArg* arg : *kernel.named_compile_args()) {
      config.named_compile_args.emplace_back(arg->name() ? arg->name()->str() : "", arg->value());
    }
  }
  if (kernel.defines()) {
    for (const tm::KernelDefine* define : *kernel.defines()) {
      config.defines[define->name() ? define->name()->str() : ""] =
          define->value() ? define->value()->str() : "";
    }
  }
}

// The baseline's source type decides the default; an appended config wins.
Result<metal::KernelConfig> kernel_config(const tm::KernelDesc& kernel, tm::SourceType type) {
  if (type == tm::SourceType::Ethernet) {
    return make_error(ErrorCode::kUnimplemented, "ethernet kernels are not supported");
  }
  if (type == tm::SourceType::Tensix) {
    metal::ComputeConfig config;
    if (const auto* compute = kernel.config_as_ComputeConfig()) {
      config.math_fidelity = static_cast<metal::MathFidelity>(compute->math_fidelity());
      config.fp32_dest_acc_en = compute->fp32_dest_acc_en();
      config.math_approx_mode = compute->math_approx_mode();
    }
    add_arguments(kernel, config);
    return metal::KernelConfig(std::move(config));
  }
  metal::DataMovementConfig config =
      type == tm::SourceType::Noc0 ? metal::reader_config() : metal::writer_config();
  if (const auto* movement = kernel.config_as_DataMovementConfig()) {
    config.processor = static_cast<metal::DataMovementProcessor>(movement->processor());
    config.noc = static_cast<metal::NOC>(movement->noc());
  }
  add_arguments(kernel, config);
  return metal::KernelConfig(std::move(config));
}

Status add_runtime_args(metal::Program& program, metal::KernelHandle handle,
                        const tm::KernelDesc& kernel) {
  if (kernel.runtime_args()) {
    for (const tm::CoreRuntimeArgs* core_args : *kernel.runtime_args()) {
      if (!core_args->core()) continue;
      metal::CoreCoord core{static_cast<uint32_t>(core_args->core()->x()),
                            static_cast<uint32_t>(core_args->core()->y())};
      std::vector<uint32_t> args;
      if (core_args->args()) args.assign(core_args->args()->begin(), core_args->args()->end());
      TESSERA_RETURN_IF_ERROR(metal::set_runtime_args(program, handle, core, args));
    }
  }
  if (kernel.common_runtime_args()) {
    std::vector<uint32_t> args(kernel.common_runtime_args()->begin(),
                               kernel.common_runtime_args()->end());
    TESSERA_RETURN_IF_ERROR(metal::set_common_runtime_args(program, handle, args));
  }
  return ok_status();
}

struct CircularBufferShape {
  uint32_t total_bytes = 0;
  uint32_t page_bytes = 0;
  sim::tile::DataFormat format{};
};

// As the 2024 runtime sizes a CB: memory_desc.size * num_buffers bytes in
// pages of page_size, in the format memory_desc.data_type. A CB aliasing a
// whole tensor can so address every page of it by index.
Result<CircularBufferShape> circular_buffer_shape(const tt::target::CBDesc& desc) {
  const tt::target::MemoryDesc* memory = desc.memory_desc();
  if (!memory) {
    return make_error(ErrorCode::kInvalidArgument, "CB ", desc.port(),
                      " has no memory_desc (its size and data format come from it)");
  }
  // Both factors below 2^32, so the product cannot wrap.
  const uint64_t total =
      std::min<uint64_t>(memory->size(), UINT32_MAX + uint64_t{1}) *
      std::min<uint64_t>(std::max<uint64_t>(1, desc.num_buffers()), UINT32_MAX + uint64_t{1});
  if (desc.page_size() == 0 || total == 0 || total % desc.page_size() != 0 || total > UINT32_MAX) {
    return make_error(ErrorCode::kInvalidArgument, "CB ", desc.port(), ": memory_desc.size ",
                      memory->size(), " x num_buffers ", desc.num_buffers(), " = ", total,
                      " bytes is not a whole, non-zero number of ", desc.page_size(),
                      "-byte pages");
  }
  TESSERA_ASSIGN_OR_RETURN(sim::tile::DataFormat format, tile_format_of(memory->data_type()));
  return CircularBufferShape{static_cast<uint32_t>(total), static_cast<uint32_t>(desc.page_size()),
                             format};
}

// A CB bound to the L1 buffer of its tensor; CBRefs repeated by several
// kernels of a program (same port, cores and tensor) make one CB.
Status add_circular_buffer(metal::Program& program, const tt::target::CBRef& cb,
                           const metal::CoreRangeSet& cores, SubmitContext& submit) {
  if (!cb.desc() || !cb.tensor_ref()) {
    return make_error(ErrorCode::kInvalidArgument, "CB ", cb.global_id(),
                      " has no descriptor or tensor");
  }
  const tt::target::CBDesc& desc = *cb.desc();
  auto live = submit.buffer(cb.tensor_ref()->global_id());
  if (!live.ok()) {
    return std::move(live).error().add_context("CB " + std::to_string(desc.port()) +
                                               " is bound to tensor " +
                                               std::to_string(cb.tensor_ref()->global_id()));
  }
  TESSERA_ASSIGN_OR_RETURN(CircularBufferShape shape, circular_buffer_shape(desc));
  metal::CircularBufferConfig config(shape.total_bytes,
                                     {{desc.port(), {shape.format, shape.page_bytes}}});
  config.set_globally_allocated_address((*live)->buffer);
  auto created = metal::create_circular_buffer(program, cores, config);
  if (!created.ok()) return created.status();
  return ok_status();
}

// The kernel's appended name, else "<program>_<reader|writer|compute><index>".
std::string kernel_label(const tm::KernelDesc& kernel, const std::string& program, uint32_t index) {
  if (kernel.name() && kernel.name()->size() > 0) return kernel.name()->str();
  const char* role = "kernel";
  if (const tm::KernelSource* source = kernel.kernel_as_KernelSource()) {
    switch (source->source_type()) {
      case tm::SourceType::Noc0:
        role = "reader";
        break;
      case tm::SourceType::Noc1:
        role = "writer";
        break;
      case tm::SourceType::Tensix:
        role = "compute";
        break;
      case tm::SourceType::Ethernet:
        role = "ethernet";
        break;
    }
  }
  return program + "_" + role + std::to_string(index);
}

}  // namespace

Result<metal::Program> program_from_desc(const tm::ProgramDesc& desc, const std::string& name,
                                         SubmitContext& submit) {
  metal::Program program(name);
  std::set<std::tuple<uint32_t, uint32_t, std::string>> bound_cbs;  // port, tensor, cores
  const auto* kernels = desc.kernels();
  // Each core runs at most a reader, a writer and a compute kernel.
  const uint64_t processors = uint64_t{3} * submit.device().descriptor().num_workers();
  if (kernels && kernels->size() > processors) {
    return make_error(ErrorCode::kInvalidArgument, "has ", kernels->size(),
                      " kernels, more than the ", processors, " processors of the device's ",
                      submit.device().descriptor().num_workers(), " worker cores");
  }
  for (uint32_t index = 0; kernels && index < kernels->size(); ++index) {
    const tm::KernelDesc& kernel = *kernels->Get(index);
    std::string label = kernel_label(kernel, name, index);
    auto fail = [&](Status status) {
      return std::move(status.with_context("kernel " + std::to_string(index) + " '" + label + "'"))
          .error();
    };
    const tm::KernelSource* source = kernel.kernel_as_KernelSource();
    if (!source) {
      return fail(make_error(ErrorCode::kUnimplemented,
                             kernel.kernel_as_KernelBinary()
                                 ? "precompiled kernel binaries (KernelBinary) are not supported; "
                                   "tessera compiles kernels from source (KernelSource)"
                                 : "the kernel has neither a source nor a binary"));
    }
    metal::CoreRangeSet cores = core_ranges(kernel.core_range_set());
    auto config = kernel_config(kernel, source->source_type());
    if (!config.ok()) return fail(config.status());
    auto handle = metal::create_kernel_from_string(
        program, label, source->source() ? source->source()->str() : "", cores, *config);
    if (!handle.ok()) return fail(handle.status());
    if (Status args = add_runtime_args(program, *handle, kernel); !args.ok()) return fail(args);
    for (uint32_t cb_index = 0; kernel.cbs() && cb_index < kernel.cbs()->size(); ++cb_index) {
      const tt::target::CBRef& cb = *kernel.cbs()->Get(cb_index);
      std::string cores_key;
      for (const auto& range : cores) {
        cores_key += sim::to_string(range.start) + sim::to_string(range.end);
      }
      uint32_t port = cb.desc() ? cb.desc()->port() : 0;
      uint32_t tensor = cb.tensor_ref() ? cb.tensor_ref()->global_id() : 0;
      if (!bound_cbs.insert({port, tensor, cores_key}).second) continue;
      if (Status added = add_circular_buffer(program, cb, cores, submit); !added.ok()) {
        return fail(added);
      }
    }
  }
  const auto* semaphores = desc.semaphores();
  for (uint32_t index = 0; semaphores && index < semaphores->size(); ++index) {
    const tm::SemaphoreDesc& semaphore = *semaphores->Get(index);
    auto id = metal::create_semaphore(program, core_ranges(semaphore.core_range_set()),
                                      semaphore.initial_value());
    if (!id.ok()) return std::move(id).error().add_context("semaphore " + std::to_string(index));
  }
  return program;
}

}  // namespace tessera::runtime::metal_backend
