#include "device_messages.h"

#include <bit>

#include "tessera/base/printable_ascii.h"
#include "tessera/sim/tile/data_format.h"
#include "wire.h"

namespace tessera::sim::device_messages {
namespace {

// Bounds on what a message may hold, beyond the bytes it has.
constexpr uint32_t kMaxErrorCode = static_cast<uint32_t>(ErrorCode::kInternal) + 1;

void put(wire::Writer& out, CoreCoord coord) {
  out.u32(coord.x);
  out.u32(coord.y);
}
CoreCoord get_coord(wire::Reader& in) {
  const uint32_t x = in.u32();
  return {x, in.u32()};
}

void put(wire::Writer& out, const std::vector<CoreCoord>& coords) {
  out.u32(static_cast<uint32_t>(coords.size()));
  for (CoreCoord coord : coords) put(out, coord);
}
std::vector<CoreCoord> get_coords(wire::Reader& in) {
  std::vector<CoreCoord> coords(in.count(8));
  for (CoreCoord& coord : coords) coord = get_coord(in);
  return coords;
}

void put(wire::Writer& out, const CoreRangeSet& ranges) {
  out.u32(static_cast<uint32_t>(ranges.size()));
  for (const CoreRange& range : ranges) {
    put(out, range.start);
    put(out, range.end);
  }
}
CoreRangeSet get_ranges(wire::Reader& in) {
  CoreRangeSet ranges(in.count(16));
  for (CoreRange& range : ranges) {
    range.start = get_coord(in);
    range.end = get_coord(in);
  }
  return ranges;
}

void put(wire::Writer& out, const ChipDescriptor& chip) {
  out.u8(static_cast<uint8_t>(chip.arch));
  out.text(chip.product);
  put(out, chip.grid);
  out.u64(chip.l1_size);
  out.u32(chip.num_dram_channels);
  out.u64(chip.dram_channel_size);
  out.u32(chip.noc_l1_address_align);
  out.u32(chip.pcie_address_align);
  out.u32(chip.noc_dram_address_align);
  out.u32(chip.l1_unreserved_base);
  out.u32(chip.erisc_l1_unreserved_base);
  out.u32(chip.dram_unreserved_base);
  put(out, chip.worker_cores);
  put(out, chip.dram_cores);
  put(out, chip.eth_cores);
  put(out, chip.eth_inactive_cores);
  out.u32(static_cast<uint32_t>(chip.supported_data_formats.size()));
  for (ChipDataFormat format : chip.supported_data_formats) out.u32(static_cast<uint32_t>(format));
  out.u32(static_cast<uint32_t>(chip.supported_tile_shapes.size()));
  for (TileShape shape : chip.supported_tile_shapes) {
    out.u32(shape.height);
    out.u32(shape.width);
  }
}
ChipDescriptor get_chip(wire::Reader& in) {
  ChipDescriptor chip;
  chip.arch = in.choice<Arch>(3);
  chip.product = in.text();
  chip.grid = get_coord(in);
  chip.l1_size = in.u64();
  chip.num_dram_channels = in.u32();
  chip.dram_channel_size = in.u64();
  chip.noc_l1_address_align = in.u32();
  chip.pcie_address_align = in.u32();
  chip.noc_dram_address_align = in.u32();
  chip.l1_unreserved_base = in.u32();
  chip.erisc_l1_unreserved_base = in.u32();
  chip.dram_unreserved_base = in.u32();
  chip.worker_cores = get_coords(in);
  chip.dram_cores = get_coords(in);
  chip.eth_cores = get_coords(in);
  chip.eth_inactive_cores = get_coords(in);
  chip.supported_data_formats.resize(in.count(4));
  for (ChipDataFormat& format : chip.supported_data_formats) {
    format = static_cast<ChipDataFormat>(in.u32());
  }
  chip.supported_tile_shapes.resize(in.count(8));
  for (TileShape& shape : chip.supported_tile_shapes) {
    shape.height = in.u32();
    shape.width = in.u32();
  }
  return chip;
}

// The one toolchain define the device process needs (the timing model's
// math fidelity); the compiled object carries the rest.
constexpr const char* kFidelityDefine = "TESSERA_MATH_FIDELITY";

std::string_view fidelity_define(const KernelBuildSpec& build) {
  for (const auto& [name, value] : build.toolchain_defines) {
    if (name == kFidelityDefine) return value;
  }
  return "";
}

void put(wire::Writer& out, const KernelPlan& kernel) {
  out.text(kernel.build.name);
  out.u8(static_cast<uint8_t>(kernel.build.processor));
  out.u8(kernel.build.noc_index);
  out.text(fidelity_define(kernel.build));
  put(out, kernel.cores);
  out.u32(static_cast<uint32_t>(kernel.runtime_args.size()));
  for (const auto& [core, args] : kernel.runtime_args) {
    put(out, core);
    out.words(args);
  }
  out.words(kernel.common_args);
  out.words(kernel.l1_address_runtime_args);
  out.words(kernel.l1_address_common_args);
  out.u8(kernel.dst.fp32_accumulation);
  out.u8(kernel.dst.double_buffered);
}
KernelPlan get_kernel(wire::Reader& in) {
  KernelPlan kernel;
  kernel.build.name = in.text();
  kernel.build.processor = in.choice<KernelProcessor>(3);
  kernel.build.noc_index = in.u8();
  if (std::string fidelity = in.text(); !fidelity.empty()) {
    kernel.build.toolchain_defines.emplace_back(kFidelityDefine, std::move(fidelity));
  }
  kernel.cores = get_ranges(in);
  const uint32_t cores = in.count(12);
  for (uint32_t i = 0; i < cores; ++i) {
    const CoreCoord core = get_coord(in);
    kernel.runtime_args[core] = in.words();
  }
  kernel.common_args = in.words();
  kernel.l1_address_runtime_args = in.words();
  kernel.l1_address_common_args = in.words();
  kernel.dst.fp32_accumulation = in.u8() != 0;
  kernel.dst.double_buffered = in.u8() != 0;
  return kernel;
}

void put(wire::Writer& out, const ProgramPlan& plan) {
  static_assert(sizeof(ProgramPlan) == 112 && sizeof(KernelPlan) == sizeof(KernelBuildSpec) + 152,
                "a plan field was added or removed: encode and decode it here");
  out.text(plan.name);
  out.u32(static_cast<uint32_t>(plan.kernels.size()));
  for (const KernelPlan& kernel : plan.kernels) put(out, kernel);
  out.u32(static_cast<uint32_t>(plan.circular_buffers.size()));
  for (const CircularBufferPlan& cb : plan.circular_buffers) {
    put(out, cb.cores);
    out.u32(cb.address);
    out.u32(cb.size);
    out.u32(static_cast<uint32_t>(cb.indices.size()));
    for (const CircularBufferPlan::Index& index : cb.indices) {
      out.u32(index.index);
      out.u32(index.page_size);
      out.u8(static_cast<uint8_t>(index.format));
    }
    out.u8(cb.globally_allocated);
  }
  out.u32(static_cast<uint32_t>(plan.semaphores.size()));
  for (const SemaphorePlan& semaphore : plan.semaphores) {
    put(out, semaphore.cores);
    out.u32(semaphore.id);
    out.u32(semaphore.initial_value);
  }
  out.u32(plan.semaphore_base);
  out.u8(plan.strict_cb_pages);
}
Result<ProgramPlan> get_plan(wire::Reader& in) {
  ProgramPlan plan;
  plan.name = in.text();
  plan.kernels.resize(in.count(16));
  for (KernelPlan& kernel : plan.kernels) kernel = get_kernel(in);
  plan.circular_buffers.resize(in.count(16));
  for (CircularBufferPlan& cb : plan.circular_buffers) {
    cb.cores = get_ranges(in);
    cb.address = in.u32();
    cb.size = in.u32();
    cb.indices.resize(in.count(9));
    for (CircularBufferPlan::Index& index : cb.indices) {
      index.index = in.u32();
      index.page_size = in.u32();
      auto format = tile::data_format_from_code(in.u8());
      if (!format.ok()) return std::move(format).error();
      index.format = *format;
    }
    cb.globally_allocated = in.u8() != 0;
  }
  plan.semaphores.resize(in.count(12));
  for (SemaphorePlan& semaphore : plan.semaphores) {
    semaphore.cores = get_ranges(in);
    semaphore.id = in.u32();
    semaphore.initial_value = in.u32();
  }
  plan.semaphore_base = in.u32();
  plan.strict_cb_pages = in.u8() != 0;
  return plan;
}

void put(wire::Writer& out, const BufferSpec& spec) {
  out.u8(static_cast<uint8_t>(spec.memory_type));
  out.u64(spec.size);
  out.u64(spec.page_size);
  out.u8(static_cast<uint8_t>(spec.layout));
  out.u8(spec.distribution.has_value());
  if (spec.distribution) {
    out.words(spec.distribution->tensor_pages);
    out.words(spec.distribution->shard_pages);
    std::vector<uint32_t> cores;
    for (CoreCoord core : spec.distribution->cores) cores.insert(cores.end(), {core.x, core.y});
    out.words(cores);
  }
  out.u8(spec.shard.has_value());
  if (!spec.shard) return;
  put(out, spec.shard->cores);
  for (uint32_t value :
       {spec.shard->shard_shape[0], spec.shard->shard_shape[1], spec.shard->page_shape[0],
        spec.shard->page_shape[1], spec.shard->tensor_pages[0], spec.shard->tensor_pages[1]}) {
    out.u32(value);
  }
  out.u8(static_cast<uint8_t>(spec.shard->orientation));
}
BufferSpec get_spec(wire::Reader& in) {
  BufferSpec spec;
  spec.memory_type = in.choice<MemoryType>(2);
  spec.size = in.u64();
  spec.page_size = in.u64();
  spec.layout = in.choice<BufferLayout>(5);
  if (in.u8() != 0) {
    DistributionSpec nd;
    nd.tensor_pages = in.words();
    nd.shard_pages = in.words();
    const std::vector<uint32_t> cores = in.words();
    for (size_t i = 0; i + 1 < cores.size(); i += 2) nd.cores.push_back({cores[i], cores[i + 1]});
    spec.distribution = std::move(nd);
  }
  if (in.u8() == 0) return spec;
  ShardSpec shard;
  shard.cores = get_ranges(in);
  shard.shard_shape = {in.u32(), in.u32()};
  shard.page_shape = {in.u32(), in.u32()};
  shard.tensor_pages = {in.u32(), in.u32()};
  shard.orientation = in.choice<ShardOrientation>(2);
  spec.shard = std::move(shard);
  return spec;
}

void put(wire::Writer& out, const BufferChanges& changes) {
  out.u8(changes.reset);
  out.u32(static_cast<uint32_t>(changes.freed.size()));
  for (const BufferAddress& freed : changes.freed) {
    out.u8(static_cast<uint8_t>(freed.memory_type));
    out.u64(freed.address);
  }
  out.u32(static_cast<uint32_t>(changes.added.size()));
  for (const LiveBuffer& buffer : changes.added) {
    put(out, buffer.spec);
    out.u64(buffer.address);
  }
}
BufferChanges get_changes(wire::Reader& in) {
  BufferChanges changes;
  changes.reset = in.u8() != 0;
  changes.freed.resize(in.count(9));
  for (BufferAddress& freed : changes.freed) {
    freed.memory_type = in.choice<MemoryType>(2);
    freed.address = in.u64();
  }
  changes.added.resize(in.count(27));
  for (LiveBuffer& buffer : changes.added) {
    buffer.spec = get_spec(in);
    buffer.address = in.u64();
  }
  return changes;
}

void put(wire::Writer& out, const Status& status) {
  out.u8(status.ok());
  if (status.ok()) return;
  out.u8(static_cast<uint8_t>(status.error().code()));
  out.text(status.error().message());
  out.u32(static_cast<uint32_t>(status.error().context().size()));
  for (const std::string& frame : status.error().context()) out.text(frame);
}
Status get_status(wire::Reader& in) {
  if (in.u8() != 0) return ok_status();
  const ErrorCode code = in.choice<ErrorCode>(kMaxErrorCode);
  Error error(code, in.text());
  std::vector<std::string> frames(in.count(4));
  for (std::string& frame : frames) frame = in.text();
  // In the order they were added, innermost first.
  for (std::string& frame : frames) error.add_context(std::move(frame));
  return error;
}

template <typename T>
Result<T> finished(const wire::Reader& in, T value, const char* what) {
  TESSERA_RETURN_IF_ERROR(in.finish(what));
  return value;
}

}  // namespace

std::vector<uint8_t> encode(const Hello& hello) {
  wire::Writer out;
  put(out, hello.chip);
  out.text(hello.kernel_directory);
  out.u64(hello.address_space_bytes);
  return std::move(out.bytes());
}

Result<Hello> decode_hello(std::span<const uint8_t> bytes) {
  wire::Reader in(bytes);
  Hello hello;
  hello.chip = get_chip(in);
  hello.kernel_directory = in.text();
  hello.address_space_bytes = in.u64();
  return finished(in, std::move(hello), "the hello message");
}

std::vector<uint8_t> encode(const Status& status) {
  wire::Writer out;
  put(out, status);
  return std::move(out.bytes());
}

Status decode_status(std::span<const uint8_t> bytes, Status& status) {
  wire::Reader in(bytes);
  status = get_status(in);
  return in.finish("the ready message");
}

void put(wire::Writer& out, const timing::ProgramTiming& timing) {
  out.text(timing.arch);
  out.u64(std::bit_cast<uint64_t>(timing.ai_clock_mhz));
  out.i64(timing.device_cycles);
  out.i64(timing.kernel_cycles);
  out.u32(timing.cores);
  out.u32(static_cast<uint32_t>(timing.kernels.size()));
  for (const timing::KernelTiming& kernel : timing.kernels) {
    out.text(kernel.kernel);
    put(out, kernel.core);
    out.u8(static_cast<uint8_t>(kernel.processor));
    out.i64(kernel.start_cycle);
    out.i64(kernel.end_cycle);
    out.i64(kernel.wait_cycles);
    out.u32(static_cast<uint32_t>(kernel.zones.size()));
    for (const timing::ZoneTiming& zone : kernel.zones) {
      out.text(zone.name);
      out.i64(zone.start_cycle);
      out.i64(zone.end_cycle);
      out.u32(zone.depth);
    }
    out.u32(kernel.zones_dropped);
  }
  out.i64(timing.busiest_core_math_cycles);
  out.u64(timing.dram_bytes);
  out.u64(timing.noc_bytes);
  out.u64(std::bit_cast<uint64_t>(timing.dram_bytes_per_cycle));
  out.u32(timing.unmatched_waits);
}

timing::ProgramTiming get_device_time(wire::Reader& in) {
  timing::ProgramTiming timing;
  timing.arch = in.text();
  timing.ai_clock_mhz = std::bit_cast<double>(in.u64());
  timing.device_cycles = in.i64();
  timing.kernel_cycles = in.i64();
  timing.cores = in.u32();
  timing.kernels.resize(in.count(37));
  for (timing::KernelTiming& kernel : timing.kernels) {
    kernel.kernel = in.text();
    kernel.core = get_coord(in);
    kernel.processor = in.choice<KernelProcessor>(3);
    kernel.start_cycle = in.i64();
    kernel.end_cycle = in.i64();
    kernel.wait_cycles = in.i64();
    kernel.zones.resize(in.count(24));
    for (timing::ZoneTiming& zone : kernel.zones) {
      // The kernel host made it printable, but a kernel shares the device
      // process and may have changed it.
      zone.name = printable_ascii(in.text());
      zone.start_cycle = in.i64();
      zone.end_cycle = in.i64();
      zone.depth = in.u32();
    }
    kernel.zones_dropped = in.u32();
  }
  timing.busiest_core_math_cycles = in.i64();
  timing.dram_bytes = in.u64();
  timing.noc_bytes = in.u64();
  timing.dram_bytes_per_cycle = std::bit_cast<double>(in.u64());
  timing.unmatched_waits = in.u32();
  return timing;
}

std::vector<uint8_t> encode_plan(const ProgramPlan& plan) {
  wire::Writer out;
  put(out, plan);
  return std::move(out.bytes());
}

std::vector<uint8_t> encode(const RunRequest& request) {
  wire::Writer out;
  // A section of its own, so that a device process can match its bytes
  // against the plans it decoded before (PlanMemo).
  if (!request.encoded_plan.empty()) {
    out.section(request.encoded_plan);
  } else {
    const size_t plan_section = out.begin_section();
    put(out, *request.plan);
    out.end_section(plan_section);
  }
  out.u32(static_cast<uint32_t>(request.objects.size()));
  for (const std::string& object : request.objects) out.text(object);
  out.u8(request.buffers.has_value());
  if (request.buffers) put(out, *request.buffers);
  out.u32(request.scheduler.threads);
  out.u8(request.scheduler.deterministic);
  out.u64(request.scheduler.stack_size);
  out.i64(request.scheduler.stall_limit.count());
  out.u8(request.collect_dprint);
  out.u8(request.collect_spans);
  out.u8(request.collect_device_time);
  return std::move(out.bytes());
}

namespace {

Result<std::shared_ptr<const ProgramPlan>> decode_plan(std::span<const uint8_t> bytes,
                                                       PlanMemo* plans) {
  if (plans) {
    if (auto known = plans->find(bytes)) return known;
  }
  wire::Reader in(bytes);
  TESSERA_ASSIGN_OR_RETURN(ProgramPlan decoded, get_plan(in));
  TESSERA_RETURN_IF_ERROR(in.finish("the run request's plan"));
  auto plan = std::make_shared<const ProgramPlan>(std::move(decoded));
  if (plans) plans->remember(bytes, plan);
  return plan;
}

}  // namespace

Result<RunRequest> decode_run_request(std::span<const uint8_t> bytes, PlanMemo* plans) {
  wire::Reader in(bytes);
  RunRequest request;
  TESSERA_ASSIGN_OR_RETURN(request.plan, decode_plan(in.section(), plans));
  request.objects.resize(in.count(4));
  for (std::string& object : request.objects) object = in.text();
  if (in.u8() != 0) request.buffers = get_changes(in);
  request.scheduler.threads = in.u32();
  request.scheduler.deterministic = in.u8() != 0;
  request.scheduler.stack_size = in.u64();
  request.scheduler.stall_limit = std::chrono::milliseconds(in.i64());
  request.collect_dprint = in.u8() != 0;
  request.collect_spans = in.u8() != 0;
  request.collect_device_time = in.u8() != 0;
  if (request.objects.size() != request.plan->kernels.size()) {
    return make_error(ErrorCode::kDataLoss, "the run request names ", request.objects.size(),
                      " kernel objects for ", request.plan->kernels.size(), " kernels");
  }
  return finished(in, std::move(request), "the run request");
}

std::vector<uint8_t> encode(const RunReply& reply) {
  wire::Writer out;
  put(out, reply.status);
  out.u8(reply.buffers_followed);
  out.u32(static_cast<uint32_t>(reply.dprint.size()));
  for (const DprintLine& line : reply.dprint) {
    out.u32(static_cast<uint32_t>(line.core.x));
    out.u32(static_cast<uint32_t>(line.core.y));
    out.text(line.kernel);
    out.text(line.text);
    out.u8(static_cast<uint8_t>(line.risc));
  }
  out.u32(static_cast<uint32_t>(reply.spans.size()));
  for (const SpanRecord& span : reply.spans) {
    out.text(span.kernel);
    put(out, span.core);
    out.i64(span.start_ns);
    out.i64(span.duration_ns);
  }
  out.u8(reply.device_time.has_value());
  if (reply.device_time) put(out, *reply.device_time);
  return std::move(out.bytes());
}

Result<RunReply> decode_run_reply(std::span<const uint8_t> bytes) {
  wire::Reader in(bytes);
  RunReply reply;
  reply.status = get_status(in);
  reply.buffers_followed = in.u8() != 0;
  reply.dprint.resize(in.count(17));
  for (DprintLine& line : reply.dprint) {
    line.core.x = static_cast<int>(in.u32());
    line.core.y = static_cast<int>(in.u32());
    line.kernel = in.text();
    line.text = in.text();
    line.risc = in.choice<DprintRisc>(static_cast<uint32_t>(DprintRisc::kAllTriscs) + 1);
  }
  reply.spans.resize(in.count(28));
  for (SpanRecord& span : reply.spans) {
    span.kernel = in.text();
    span.core = get_coord(in);
    span.start_ns = in.i64();
    span.duration_ns = in.i64();
  }
  if (in.u8() != 0) reply.device_time = get_device_time(in);
  return finished(in, std::move(reply), "the device process's reply");
}

}  // namespace tessera::sim::device_messages
