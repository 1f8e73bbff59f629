#include "program_from_command.h"

#include "../../tile_format.h"
#include "kernel_args.h"
#include "tessera/format/current_enums.h"
#include "tessera/sim/tile/data_format.h"

namespace tessera::runtime::metal_backend::current {
namespace {

using RangeList = flatbuffers::Vector<const tt::target::current::Dim2dRange*>;

Result<metal::CoreRangeSet> core_ranges(const RangeList* ranges) {
  metal::CoreRangeSet set;
  for (uint32_t i = 0; ranges && i < ranges->size(); ++i) {
    const auto* range = ranges->Get(i);
    if (range->loc().x() < 0 || range->loc().y() < 0 || range->size().x() <= 0 ||
        range->size().y() <= 0) {
      return make_error(ErrorCode::kInvalidArgument, "core range ", i, " at (y=", range->loc().y(),
                        ", x=", range->loc().x(), ") of ", range->size().y(), "x",
                        range->size().x(), " cores is empty or negative");
    }
    const uint32_t x = static_cast<uint32_t>(range->loc().x());
    const uint32_t y = static_cast<uint32_t>(range->loc().y());
    set.push_back({{x, y},
                   {x + static_cast<uint32_t>(range->size().x()) - 1,
                    y + static_cast<uint32_t>(range->size().y()) - 1}});
  }
  if (set.empty())
    return make_error(ErrorCode::kInvalidArgument, "no cores (core_range_set is empty)");
  return set;
}

Result<metal::KernelConfig> kernel_config(const cm::KernelConfig& kernel,
                                          std::vector<uint32_t> compile_args) {
  if (const auto* noc = kernel.type_as_NocConfig()) {
    if (noc->fabric_config_index()) {
      return make_error(ErrorCode::kUnimplemented,
                        "fabric connections (fabric_config_index) need a multi-chip mesh; "
                        "tessera runs one chip");
    }
    const auto processor = static_cast<uint16_t>(noc->processor());
    if (processor > 1) {
      return make_error(ErrorCode::kUnimplemented, "data-movement processor ",
                        tt::target::current::EnumNameDataMovementProcessor(noc->processor()),
                        " exists on Quasar only; Wormhole and Blackhole have RISCV_0 and RISCV_1");
    }
    metal::DataMovementConfig config;
    config.processor = static_cast<metal::DataMovementProcessor>(processor);
    config.noc = noc->noc_index() == tt::target::current::NocIndex::Noc1 ? metal::NOC::NOC_1
                                                                         : metal::NOC::NOC_0;
    config.compile_args = std::move(compile_args);
    return metal::KernelConfig(std::move(config));
  }
  if (const auto* compute = kernel.type_as_ComputeConfig()) {
    metal::ComputeConfig config;
    config.math_fidelity = static_cast<metal::MathFidelity>(compute->math_fidelity());
    config.fp32_dest_acc_en = compute->fp32_dest_acc_en();
    config.dst_full_sync_en = compute->dst_full_sync_en();
    config.math_approx_mode = compute->math_approx_mode();
    config.compile_args = std::move(compile_args);
    return metal::KernelConfig(std::move(config));
  }
  if (kernel.type_as_EthernetConfig()) {
    return make_error(ErrorCode::kUnimplemented,
                      "ethernet kernels are not supported (tessera simulates one chip's Tensix "
                      "cores)");
  }
  return make_error(ErrorCode::kInvalidArgument,
                    "the kernel has no config (NocConfig, ComputeConfig or EthernetConfig)");
}

// "<symbol>", else "<program>_kernel<index>".
std::string kernel_label(const cm::KernelConfig& kernel, const std::string& program,
                         uint32_t index) {
  if (kernel.symbol() && kernel.symbol()->size() > 0) return kernel.symbol()->str();
  return program + "_kernel" + std::to_string(index);
}

Status add_kernel(metal::Program& program, const cm::KernelConfig& kernel, const std::string& label,
                  const cm::EnqueueProgramCommand& command, SubmitState& state) {
  const cm::KernelSource* source = kernel.kernel_as_KernelSource();
  if (!source) {
    return make_error(ErrorCode::kUnimplemented,
                      kernel.kernel_as_KernelBinary()
                          ? "precompiled kernel binaries (KernelBinary, RISC-V machine code) are "
                            "not supported; tessera compiles kernels from source (KernelSource)"
                          : "the kernel has neither a source nor a binary");
  }
  TESSERA_ASSIGN_OR_RETURN(metal::CoreRangeSet cores, core_ranges(kernel.core_range_set()));
  KernelArgSources sources{command, state, [&](uint32_t initial) {
                             return metal::create_semaphore(program, cores, initial);
                           }};
  const cm::KernelArgs* args = kernel.args();
  TESSERA_ASSIGN_OR_RETURN(
      ResolvedArgs compile_args,
      resolve_kernel_args(args ? args->ct_args() : nullptr, ArgList::kCompileTime, sources));
  TESSERA_ASSIGN_OR_RETURN(metal::KernelConfig config,
                           kernel_config(kernel, std::move(compile_args.words)));
  TESSERA_ASSIGN_OR_RETURN(
      metal::KernelHandle handle,
      metal::create_kernel_from_string(
          program, label, source->source() ? source->source()->str() : "", cores, config));
  TESSERA_ASSIGN_OR_RETURN(
      ResolvedArgs common,
      resolve_kernel_args(args ? args->crt_args() : nullptr, ArgList::kCommonRuntime, sources));
  if (!common.words.empty()) {
    TESSERA_RETURN_IF_ERROR(metal::set_common_runtime_args(program, handle, common.words));
  }
  TESSERA_ASSIGN_OR_RETURN(
      ResolvedArgs runtime,
      resolve_kernel_args(args ? args->rt_args() : nullptr, ArgList::kRuntime, sources));
  // The same runtime args on every core of the kernel.
  if (!runtime.words.empty()) {
    TESSERA_RETURN_IF_ERROR(metal::set_runtime_args(program, handle, cores, runtime.words));
  }
  return metal::mark_l1_address_args(program, handle, std::move(runtime.l1_addresses),
                                     std::move(common.l1_addresses));
}

// A CB placed in the L1 of its buffer, sized by the buffer's
// CircularBufferConfig; CBRefs whose buffer has none are skipped.
Status add_circular_buffer(metal::Program& program, const cm::CBRef& cb, SubmitState& state) {
  if (!cb.buffer_ref() || !cb.buffer_ref()->desc()) {
    return make_error(ErrorCode::kInvalidArgument, "has no buffer_ref");
  }
  const cm::BufferDesc& desc = *cb.buffer_ref()->desc();
  const cm::MetalBuffer* metal = desc.buffer_detail_as_MetalBuffer();
  if (!metal) {
    return make_error(ErrorCode::kInvalidArgument, "its buffer ", cb.buffer_ref()->global_id(),
                      " is not a device (MetalBuffer) buffer");
  }
  const cm::CircularBufferConfig* config = metal->circular_buffer_config();
  if (!config) return ok_status();
  TESSERA_ASSIGN_OR_RETURN(const DeviceBuffer* live,
                           state.device_buffer(cb.buffer_ref()->global_id()));
  TESSERA_ASSIGN_OR_RETURN(metal::CoreRangeSet cores, core_ranges(config->core_range_set()));
  if (config->page_size() == 0 || config->total_size() == 0 ||
      config->total_size() % config->page_size() != 0 || config->total_size() > UINT32_MAX) {
    return make_error(ErrorCode::kInvalidArgument, "total_size ", config->total_size(),
                      " is not a whole, non-zero number of ", config->page_size(),
                      "-byte pages below 4 GiB");
  }
  TESSERA_ASSIGN_OR_RETURN(tt::target::DataType type,
                           format::data_type_from_current(desc.data_type()));
  TESSERA_ASSIGN_OR_RETURN(sim::tile::DataFormat data_format, tile_format_of(type));
  metal::CircularBufferConfig cb_config(
      static_cast<uint32_t>(config->total_size()),
      {{cb.port(), {data_format, static_cast<uint32_t>(config->page_size())}}});
  cb_config.set_globally_allocated_address(live->buffer);
  return metal::create_circular_buffer(program, cores, cb_config).status();
}

}  // namespace

Result<metal::Program> program_from_command(const cm::EnqueueProgramCommand& command,
                                            const std::string& name, SubmitState& state) {
  if (!command.program()) return make_error(ErrorCode::kInvalidArgument, "has no program");
  metal::Program program(name);
  const auto* kernels = command.program()->kernels();
  // Each core runs at most a reader, a writer and a compute kernel.
  const uint64_t processors = uint64_t{3} * state.device().descriptor().num_workers();
  if (kernels && kernels->size() > processors) {
    return make_error(ErrorCode::kInvalidArgument, "has ", kernels->size(),
                      " kernels, more than the ", processors, " processors of the device's ",
                      state.device().descriptor().num_workers(), " worker cores");
  }
  for (uint32_t index = 0; kernels && index < kernels->size(); ++index) {
    const cm::KernelConfig& kernel = *kernels->Get(index);
    const std::string label = kernel_label(kernel, name, index);
    Status added = add_kernel(program, kernel, label, command, state);
    if (!added.ok()) {
      return std::move(added).error().add_context("kernel " + std::to_string(index) + " '" + label +
                                                  "'");
    }
  }
  const auto* cbs = command.cbs();
  for (uint32_t index = 0; cbs && index < cbs->size(); ++index) {
    const cm::CBRef& cb = *cbs->Get(index);
    Status added = add_circular_buffer(program, cb, state);
    if (!added.ok()) {
      return std::move(added).error().add_context("cbs[" + std::to_string(index) + "] (port " +
                                                  std::to_string(cb.port()) + ")");
    }
  }
  return program;
}

}  // namespace tessera::runtime::metal_backend::current
