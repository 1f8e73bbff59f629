// The ranges a current-layout TTM0 binary places. A device buffer is a
// BufferRef whose desc is a MetalBuffer at the compiler's address; its bytes
// per bank follow tt-metal's page placement, as the simulated chip does it
// (sim/buffer/buffer_page_map.cc): pages of page_size rounded up to the
// target's alignment, interleaved round-robin over the banks, or dealt in
// shards to cores (block sharding from the ShardSpecBuffer, N-d sharding
// from the BufferDistributionSpec). A CB sits in its buffer's L1 at the
// buffer's address, total_size bytes on its own cores; a global semaphore
// is one aligned word per core of its range.
#include "current/metal/binary_generated.h"
#include "placed_range_set.h"

namespace tessera::format {
namespace {

namespace cm = tt::target::current::metal;
using tt::target::current::BufferType;
using Ranges = flatbuffers::Vector<const tt::target::current::Dim2dRange*>;
using BufferRefs = flatbuffers::Vector<flatbuffers::Offset<cm::BufferRef>>;

// Keeps the ids of buffers, CBs and semaphores apart in the set.
constexpr uint64_t kCbId = 1ull << 32;
constexpr uint64_t kSemaphoreId = 2ull << 32;

std::vector<CoreBox> boxes(const Ranges* ranges) {
  std::vector<CoreBox> result;
  for (uint32_t i = 0; ranges && i < ranges->size(); ++i) {
    const auto* range = ranges->Get(i);
    result.push_back({range->loc().y(), range->loc().x(), range->size().y(), range->size().x()});
  }
  return result;
}

// Where a buffer's pages go, in bytes per bank and the banks used.
struct Placement {
  uint64_t bytes_per_bank = 0;
  std::vector<CoreBox> cores;          // L1: the cores; empty for every core
  std::vector<int64_t> dram_channels;  // DRAM: the channels; empty for every channel
};

// The distribution spec, if it describes exactly `pages` pages (as the
// executor requires before it uses one).
bool usable(const cm::BufferDistributionSpec* spec, uint64_t pages) {
  if (!spec || !spec->tensor_shape_in_pages() || !spec->shard_shape_in_pages() || !spec->cores() ||
      spec->cores()->size() == 0 ||
      spec->tensor_shape_in_pages()->size() != spec->shard_shape_in_pages()->size()) {
    return false;
  }
  uint64_t volume = 1;
  for (uint32_t dim : *spec->tensor_shape_in_pages()) volume = saturating_mul(volume, dim);
  for (uint32_t dim : *spec->shard_shape_in_pages()) {
    if (dim == 0) return false;
  }
  return volume == pages;
}

// N-d shards dealt round-robin: a core holds ceil(shards / cores) shards.
Placement nd_sharded(const cm::BufferDistributionSpec& spec, uint64_t aligned_page, bool dram) {
  uint64_t shards = 1, shard_volume = 1;
  for (uint32_t i = 0; i < spec.tensor_shape_in_pages()->size(); ++i) {
    const uint32_t shard = spec.shard_shape_in_pages()->Get(i);
    shards = saturating_mul(shards, ceil_div(spec.tensor_shape_in_pages()->Get(i), shard));
    shard_volume = saturating_mul(shard_volume, shard);
  }
  Placement placement;
  placement.bytes_per_bank = saturating_mul(
      saturating_mul(ceil_div(shards, spec.cores()->size()), shard_volume), aligned_page);
  for (const tt::target::current::Dim2d* core : *spec.cores()) {
    // The compiler writes DRAM channels as {y: 0, x: channel}.
    if (dram) {
      placement.dram_channels.push_back(core->x());
    } else {
      placement.cores.push_back({core->y(), core->x(), 1, 1});
    }
  }
  return placement;
}

// 2-D shards of shard_shape elements in pages of page_shape elements.
std::optional<Placement> block_sharded(const cm::ShardSpecBuffer& buffer, uint64_t aligned_page,
                                       bool dram) {
  const cm::ShardSpec* spec = buffer.shard_spec();
  if (!spec || !spec->shard_shape() || !buffer.page_shape() || buffer.page_shape()->y() <= 0 ||
      buffer.page_shape()->x() <= 0 || spec->shard_shape()->y() < 0 ||
      spec->shard_shape()->x() < 0) {
    return std::nullopt;
  }
  const uint64_t slots =
      saturating_mul(ceil_div(spec->shard_shape()->y(), buffer.page_shape()->y()),
                     ceil_div(spec->shard_shape()->x(), buffer.page_shape()->x()));
  Placement placement;
  placement.bytes_per_bank = saturating_mul(slots, aligned_page);
  std::vector<CoreBox> cores = boxes(spec->core_range_set());
  if (!dram) {
    placement.cores = std::move(cores);
    return placement;
  }
  // DRAM "cores" are channels along x.
  for (const CoreBox& box : cores) {
    for (int x = box.x; x < box.x + std::max(1, box.size_x) && x - box.x < 4096; ++x) {
      placement.dram_channels.push_back(x);
    }
  }
  return placement;
}

class CurrentCollector {
 public:
  explicit CurrentCollector(const ChipFacts* chip) : chip_(chip) {}

  void buffer(const cm::BufferRef* ref, uint32_t device_program, const std::string& where) {
    if (!ref || !ref->desc()) return;
    const cm::MetalBuffer* metal = ref->desc()->buffer_detail_as_MetalBuffer();
    if (!metal) return;  // a host buffer
    const BufferType type = metal->buffer_type();
    if (type != BufferType::DRAM && type != BufferType::L1) return;
    const bool dram = type == BufferType::DRAM;
    std::optional<Placement> placement = placement_of(*metal, dram);
    if (!placement) return;  // no usable config: the executor says why
    PlacedRange range;
    range.where = where + " (global id " + std::to_string(ref->global_id()) + ")";
    range.device_program = device_program;
    range.dram = dram;
    range.begin = ref->address();
    range.end = saturating_add(range.begin, placement->bytes_per_bank);
    if (!dram) {
      ranges_.add_on_cores(range, placement->cores.empty() ? whole_grid() : placement->cores,
                           ref->global_id());
      return;
    }
    if (placement->dram_channels.empty()) {
      ranges_.add(std::move(range), ref->global_id());
      return;
    }
    for (int64_t channel : placement->dram_channels) {
      PlacedRange in = range;
      in.dram_channel = channel;
      ranges_.add(std::move(in), ref->global_id());
    }
  }

  void buffers(const BufferRefs* refs, uint32_t device_program, const std::string& where) {
    for (uint32_t i = 0; refs && i < refs->size(); ++i) {
      buffer(refs->Get(i), device_program, where + "[" + std::to_string(i) + "]");
    }
  }

  // The CB lives in its buffer's L1, total_size bytes from its address.
  void circular_buffer(const cm::CBRef& cb, uint32_t device_program, const std::string& where) {
    const cm::BufferRef* ref = cb.buffer_ref();
    if (!ref || !ref->desc()) return;
    buffer(ref, device_program, where + " buffer");
    const cm::MetalBuffer* metal = ref->desc()->buffer_detail_as_MetalBuffer();
    const cm::CircularBufferConfig* config = metal ? metal->circular_buffer_config() : nullptr;
    if (!config) return;
    PlacedRange range;
    range.where = where + " CB port " + std::to_string(cb.port()) + " (global id " +
                  std::to_string(ref->global_id()) + ")";
    range.device_program = device_program;
    range.begin = ref->address();
    range.end = saturating_add(range.begin, config->total_size());
    ranges_.add_on_cores(range, boxes(config->core_range_set()), ref->global_id() + kCbId);
  }

  void global_semaphore(const cm::CreateGlobalSemaphoreCommand& command, uint32_t device_program,
                        const std::string& where) {
    if (!command.ref()) return;
    PlacedRange range;
    range.where = where + " (global id " + std::to_string(command.ref()->global_id()) + ")";
    range.device_program = device_program;
    range.begin = command.ref()->address();
    range.end = saturating_add(range.begin, round_up(sizeof(uint32_t), l1_alignment()));
    ranges_.add_on_cores(range, boxes(command.core_range_set()),
                         command.ref()->global_id() + kSemaphoreId);
  }

  std::vector<PlacedRange> take() { return ranges_.take(); }

 private:
  std::optional<Placement> placement_of(const cm::MetalBuffer& metal, bool dram) const {
    const uint64_t alignment = dram ? dram_alignment() : l1_alignment();
    if (const auto* interleaved = metal.buffer_config_as_InterleavedBufferConfig()) {
      if (interleaved->page_size() == 0) return std::nullopt;
      const uint64_t pages = ceil_div(interleaved->size(), interleaved->page_size());
      Placement placement;
      placement.bytes_per_bank =
          saturating_mul(ceil_div(pages, dram ? dram_channels() : worker_count()),
                         round_up(interleaved->page_size(), alignment));
      return placement;
    }
    const auto* sharded = metal.buffer_config_as_ShardedBufferConfig();
    if (!sharded || sharded->page_size() == 0) return std::nullopt;
    const uint64_t aligned_page = round_up(sharded->page_size(), alignment);
    const uint64_t pages = ceil_div(sharded->size(), sharded->page_size());
    if (usable(sharded->buffer_distribution_spec(), pages)) {
      return nd_sharded(*sharded->buffer_distribution_spec(), aligned_page, dram);
    }
    if (!sharded->shard_spec_buffer()) return std::nullopt;
    return block_sharded(*sharded->shard_spec_buffer(), aligned_page, dram);
  }

  std::vector<CoreBox> whole_grid() const {
    if (!chip_ || !chip_->has_grid) return {};
    return {{0, 0, chip_->grid_y, chip_->grid_x}};
  }
  uint64_t worker_count() const {
    if (!chip_ || !chip_->has_grid || chip_->grid_y <= 0 || chip_->grid_x <= 0) return 1;
    return uint64_t(chip_->grid_y) * uint64_t(chip_->grid_x);
  }
  uint64_t dram_channels() const {
    return chip_ && chip_->num_dram_channels ? chip_->num_dram_channels : 1;
  }
  uint64_t l1_alignment() const {
    return chip_ && chip_->noc_l1_address_align_bytes ? chip_->noc_l1_address_align_bytes : 1;
  }
  uint64_t dram_alignment() const {
    return chip_ && chip_->noc_dram_address_align_bytes ? chip_->noc_dram_address_align_bytes : 1;
  }

  const ChipFacts* chip_;
  PlacedRangeSet ranges_;
};

// Every BufferRef a command names, and the CBs and semaphores it places.
void collect_command(CurrentCollector& collector, const cm::Command& command,
                     uint32_t device_program, const std::string& where) {
  switch (command.type_type()) {
    case cm::CommandType::CreateBufferCommand:
      collector.buffer(command.type_as_CreateBufferCommand()->ref(), device_program,
                       where + " ref");
      return;
    case cm::CommandType::DeallocateBufferCommand:
      collector.buffer(command.type_as_DeallocateBufferCommand()->ref(), device_program,
                       where + " ref");
      return;
    case cm::CommandType::EnqueueWriteBufferCommand: {
      const auto* write = command.type_as_EnqueueWriteBufferCommand();
      collector.buffer(write->src(), device_program, where + " src");
      collector.buffer(write->dst(), device_program, where + " dst");
      return;
    }
    case cm::CommandType::EnqueueReadBufferCommand: {
      const auto* read = command.type_as_EnqueueReadBufferCommand();
      collector.buffer(read->src(), device_program, where + " src");
      collector.buffer(read->dst(), device_program, where + " dst");
      return;
    }
    case cm::CommandType::MemrefCopyCommand: {
      const auto* copy = command.type_as_MemrefCopyCommand();
      collector.buffer(copy->src(), device_program, where + " src");
      collector.buffer(copy->dst(), device_program, where + " dst");
      return;
    }
    case cm::CommandType::MeshShardCommand: {
      const auto* shard = command.type_as_MeshShardCommand();
      collector.buffer(shard->src(), device_program, where + " src");
      collector.buffer(shard->dst(), device_program, where + " dst");
      return;
    }
    case cm::CommandType::HostAllocCommand:
      collector.buffer(command.type_as_HostAllocCommand()->dst(), device_program, where + " dst");
      return;
    case cm::CommandType::ReturnCommand:
      collector.buffers(command.type_as_ReturnCommand()->results(), device_program,
                        where + " results");
      return;
    case cm::CommandType::CpuCommand: {
      const auto* cpu = command.type_as_CpuCommand();
      collector.buffers(cpu->ins(), device_program, where + " ins");
      collector.buffers(cpu->outs(), device_program, where + " outs");
      return;
    }
    case cm::CommandType::CreateGlobalSemaphoreCommand:
      collector.global_semaphore(*command.type_as_CreateGlobalSemaphoreCommand(), device_program,
                                 where + " global semaphore");
      return;
    case cm::CommandType::EnqueueProgramCommand: {
      const auto* program = command.type_as_EnqueueProgramCommand();
      const auto* args = program->arg_refs();
      const auto* types = program->arg_refs_type();
      for (uint32_t i = 0; args && types && i < args->size(); ++i) {
        if (types->GetEnum<cm::ArgRef>(i) == cm::ArgRef::BufferRef) {
          collector.buffer(args->GetAs<cm::BufferRef>(i), device_program,
                           where + " arg_refs[" + std::to_string(i) + "]");
        }
      }
      const auto* cbs = program->cbs();
      for (uint32_t i = 0; cbs && i < cbs->size(); ++i) {
        collector.circular_buffer(*cbs->Get(i), device_program,
                                  where + " cbs[" + std::to_string(i) + "]");
      }
      return;
    }
    default:
      return;
  }
}

}  // namespace

std::vector<PlacedRange> placed_ranges_current(const Binary& binary, const SystemFacts* system) {
  const cm::TTMetalBinary* metal = binary.current_metal();
  if (!metal || !metal->programs()) return {};
  std::optional<SystemFacts> own;
  if (!system && metal->system_desc()) own = system_facts(*metal->system_desc());
  const SystemFacts* facts = system ? system : (own ? &*own : nullptr);
  CurrentCollector collector(facts ? facts->chip(0) : nullptr);
  for (uint32_t p = 0; p < metal->programs()->size(); ++p) {
    const cm::Program& program = *metal->programs()->Get(p);
    std::string label = "program " + std::to_string(p);
    if (program.name()) label += " '" + program.name()->str() + "'";
    const auto* device_programs = program.device_programs();
    for (uint32_t d = 0; device_programs && d < device_programs->size(); ++d) {
      const cm::DeviceProgram& device_program = *device_programs->Get(d);
      const std::string where = label + ": device program " + std::to_string(d) + ":";
      collector.buffers(device_program.inputs(), d, where + " inputs");
      collector.buffers(device_program.outputs(), d, where + " outputs");
      const auto* queues = device_program.command_queues();
      for (uint32_t q = 0; queues && q < queues->size(); ++q) {
        const auto* commands = queues->Get(q)->commands();
        for (uint32_t c = 0; commands && c < commands->size(); ++c) {
          const cm::Command& command = *commands->Get(c);
          if (!command.type()) continue;
          collect_command(collector, command, d,
                          where + " queue " + std::to_string(q) + " command " + std::to_string(c) +
                              " (" + cm::EnumNameCommandType(command.type_type()) + ")");
        }
      }
    }
  }
  return collector.take();
}

}  // namespace tessera::format
