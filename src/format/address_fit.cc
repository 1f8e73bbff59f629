#include "tessera/format/address_fit.h"

#include <algorithm>
#include <sstream>

#include "placed_range_set.h"
#include "tessera/format/data_types.h"
#include "tessera/format/generated.h"

namespace tessera::format {
namespace {

namespace tm = tt::target::metal;
using tt::target::MemorySpace;
using TensorRefs = flatbuffers::Vector<flatbuffers::Offset<tt::target::TensorRef>>;

std::string hex(uint64_t value) {
  std::ostringstream text;
  text << "0x" << std::hex << value;
  return text.str();
}

const tt::target::MemoryDesc* memory_of(const tt::target::TensorRef& ref) {
  if (!ref.desc() || !ref.desc()->layout()) return nullptr;
  return ref.desc()->layout()->memory_desc();
}

bool is_tiled(const tt::target::MemoryDesc& memory) {
  return memory.tile_shape() && memory.tile_shape()->y() == 32 && memory.tile_shape()->x() == 32;
}

// Bytes per DRAM bank of an interleaved tensor: whole pages, round-robin.
uint64_t dram_bank_bytes(const tt::target::TensorRef& ref, const tt::target::MemoryDesc& memory,
                         uint32_t channels, uint32_t alignment) {
  uint64_t page = ref.size();
  if (is_tiled(memory)) {
    page = data_type_tile_bytes(memory.data_type());
  } else if (ref.desc()->shape() && ref.desc()->shape()->size() > 0) {
    const int last = ref.desc()->shape()->Get(ref.desc()->shape()->size() - 1);
    page = static_cast<uint64_t>(std::max(last, 1)) *
           std::max(1u, data_type_element_size(memory.data_type()));
  }
  if (page == 0) page = std::max<uint64_t>(1, ref.size());
  const uint64_t aligned_page = round_up(page, std::max(1u, alignment));
  const uint64_t pages = ceil_div(ref.size(), page);
  return ceil_div(pages, std::max(1u, channels)) * aligned_page;
}

std::vector<CoreBox> boxes(const flatbuffers::Vector<const tt::target::Dim2dRange*>* cores) {
  std::vector<CoreBox> result;
  for (uint32_t i = 0; cores && i < cores->size(); ++i) {
    const auto* range = cores->Get(i);
    result.push_back({range->loc().y(), range->loc().x(), range->size().y(), range->size().x()});
  }
  return result;
}

// The 2024 layout: TensorRefs (memory space and address in their layout)
// and CBs (their own address, on their kernel's cores).
class RangeCollector {
 public:
  explicit RangeCollector(const ChipFacts* chip) : chip_(chip) {}

  void tensor(const tt::target::TensorRef* ref, uint32_t device_program, const std::string& where) {
    if (!ref) return;
    const tt::target::MemoryDesc* memory = memory_of(*ref);
    if (!memory) return;
    const MemorySpace space = memory->memory_space();
    if (space != MemorySpace::DeviceL1 && space != MemorySpace::DeviceDRAM) return;
    PlacedRange range;
    range.where = where + " (global id " + std::to_string(ref->global_id()) + ")";
    range.device_program = device_program;
    range.begin = ref->address();
    if (space == MemorySpace::DeviceDRAM) {
      range.dram = true;
      range.end =
          saturating_add(range.begin, dram_bank_bytes(*ref, *memory, channels(), dram_alignment()));
      ranges_.add(std::move(range), ref->global_id());
      return;
    }
    const auto* cores = ref->desc()->layout()->core_range_set();
    uint64_t core_count = 0;
    for (uint32_t i = 0; cores && i < cores->size(); ++i) {
      core_count +=
          uint64_t(std::max(1, cores->Get(i)->size().y())) * std::max(1, cores->Get(i)->size().x());
    }
    const uint64_t per_core = memory->size() > 0
                                  ? memory->size()
                                  : ceil_div(ref->size(), std::max<uint64_t>(1, core_count));
    range.end = saturating_add(range.begin, per_core);
    ranges_.add_on_cores(range, boxes(cores), ref->global_id());
  }

  void circular_buffer(const tt::target::CBRef& cb, const tm::KernelDesc& kernel,
                       uint32_t device_program, const std::string& where) {
    if (!cb.desc()) return;
    const tt::target::CBDesc& desc = *cb.desc();
    const uint64_t per_buffer = desc.memory_desc() && desc.memory_desc()->size() > 0
                                    ? desc.memory_desc()->size()
                                    : desc.page_size();
    const uint64_t buffers =
        std::max<uint64_t>(1, std::min<uint64_t>(desc.num_buffers(), 1u << 20));
    PlacedRange range;
    range.where = where + " CB " + std::to_string(desc.port());
    range.device_program = device_program;
    range.begin = cb.address();
    range.end = saturating_add(range.begin, std::min<uint64_t>(per_buffer, UINT32_MAX) * buffers);
    ranges_.add_on_cores(range, boxes(kernel.core_range_set()), cb.global_id() + (1ull << 32));
    tensor(cb.tensor_ref(), device_program,
           where + " CB " + std::to_string(desc.port()) + " tensor");
  }

  std::vector<PlacedRange> take() { return ranges_.take(); }

 private:
  uint32_t channels() const {
    return chip_ && chip_->num_dram_channels ? chip_->num_dram_channels : 1;
  }
  uint32_t dram_alignment() const {
    return chip_ && chip_->noc_dram_address_align_bytes ? chip_->noc_dram_address_align_bytes : 1;
  }

  const ChipFacts* chip_;
  PlacedRangeSet ranges_;
};

void collect_refs(RangeCollector& collector, const TensorRefs* refs, uint32_t device_program,
                  const std::string& where, const char* what) {
  for (uint32_t i = 0; refs && i < refs->size(); ++i) {
    collector.tensor(refs->Get(i), device_program, where + what + " " + std::to_string(i));
  }
}

void collect_command(RangeCollector& collector, const tm::Command& command, uint32_t device_program,
                     const std::string& where) {
  switch (command.type_type()) {
    case tm::CommandType::EnqueueProgramCommand: {
      const auto* program = command.type_as_EnqueueProgramCommand();
      if (!program) return;
      collect_refs(collector, program->operands(), device_program, where, " operand");
      const auto* kernels = program->program() ? program->program()->kernels() : nullptr;
      for (uint32_t k = 0; kernels && k < kernels->size(); ++k) {
        const tm::KernelDesc& kernel = *kernels->Get(k);
        for (uint32_t c = 0; kernel.cbs() && c < kernel.cbs()->size(); ++c) {
          collector.circular_buffer(*kernel.cbs()->Get(c), kernel, device_program,
                                    where + " kernel " + std::to_string(k));
        }
      }
      return;
    }
    case tm::CommandType::EnqueueWriteBufferCommand:
      if (const auto* write = command.type_as_EnqueueWriteBufferCommand()) {
        collector.tensor(write->dst(), device_program, where + " dst");
      }
      return;
    case tm::CommandType::EnqueueReadBufferCommand:
      if (const auto* read = command.type_as_EnqueueReadBufferCommand()) {
        collector.tensor(read->src(), device_program, where + " src");
      }
      return;
    case tm::CommandType::CreateBufferCommand:
      if (const auto* create = command.type_as_CreateBufferCommand()) {
        collector.tensor(create->ref(), device_program, where + " ref");
      }
      return;
    default:
      return;
  }
}

std::vector<PlacedRange> placed_ranges_2024(const Binary& binary, const SystemFacts* system) {
  const tm::TTMetalBinary* metal = binary.metal();
  if (!metal || !metal->programs()) return {};
  std::optional<SystemFacts> own;
  if (!system && metal->system_desc()) own = system_facts(*metal->system_desc());
  const SystemFacts* facts = system ? system : (own ? &*own : nullptr);
  RangeCollector collector(facts ? facts->chip(0) : nullptr);
  for (uint32_t p = 0; p < metal->programs()->size(); ++p) {
    const tm::Program& program = *metal->programs()->Get(p);
    std::string label = "program " + std::to_string(p);
    if (program.name()) label += " '" + program.name()->str() + "'";
    collect_refs(collector, program.inputs(), 0, label + ":", " input");
    collect_refs(collector, program.outputs(), 0, label + ":", " output");
    const auto* device_programs = program.device_programs();
    for (uint32_t d = 0; device_programs && d < device_programs->size(); ++d) {
      const tm::DeviceProgram& device_program = *device_programs->Get(d);
      const std::string where = label + ": device program " + std::to_string(d) + ":";
      collect_refs(collector, device_program.inputs(), d, where, " input");
      collect_refs(collector, device_program.outputs(), d, where, " output");
      const auto* queues = device_program.command_queues();
      for (uint32_t q = 0; queues && q < queues->size(); ++q) {
        const auto* commands = queues->Get(q)->commands();
        for (uint32_t c = 0; commands && c < commands->size(); ++c) {
          const tm::Command& command = *commands->Get(c);
          collect_command(collector, command, d,
                          where + " queue " + std::to_string(q) + " command " + std::to_string(c) +
                              " (" + tm::EnumNameCommandType(command.type_type()) + ")");
        }
      }
    }
  }
  return collector.take();
}

// Why `range` does not fit `chip`, or empty.
std::string misfit(const PlacedRange& range, const ChipFacts& chip) {
  std::ostringstream why;
  const uint64_t base = range.dram ? chip.dram_unreserved_base : chip.l1_unreserved_base;
  const char* memory = range.dram ? "DRAM" : "L1";
  why << range.where << ": " << memory << " [" << hex(range.begin) << ", " << hex(range.end) << ")";
  if (range.dram) {
    why << (range.dram_channel < 0 ? " in each bank"
                                   : " in channel " + std::to_string(range.dram_channel));
  } else {
    why << " on cores (" << range.core_y << "," << range.core_x << ")-("
        << range.core_y + range.cores_y - 1 << "," << range.core_x + range.cores_x - 1 << ")";
  }
  if (range.begin < base) {
    why << " hits the reserved range [0x0, " << hex(base) << ") below the target's "
        << (range.dram ? "dram" : "l1") << "_unreserved_base";
    return why.str();
  }
  const uint64_t size = range.dram ? chip.dram_channel_size : chip.l1_size;
  if (range.end > size) {
    why << " runs past the end of the target's " << size << "-byte "
        << (range.dram ? "DRAM channel" : "L1");
    return why.str();
  }
  if (range.dram && chip.dram_unreserved_end != 0 && range.end > chip.dram_unreserved_end) {
    why << " runs past the target's dram_unreserved_end " << hex(chip.dram_unreserved_end);
    return why.str();
  }
  if (range.dram && range.dram_channel >= 0 && range.dram_channel >= chip.num_dram_channels) {
    why << " uses a DRAM channel the target lacks (it has " << chip.num_dram_channels << ")";
    return why.str();
  }
  if (!range.dram && chip.has_grid) {
    if (range.core_y < 0 || range.core_x < 0 || range.core_y + range.cores_y > chip.grid_y ||
        range.core_x + range.cores_x > chip.grid_x) {
      why << " uses cores outside the target's " << chip.grid_y << "x" << chip.grid_x << " grid";
      return why.str();
    }
  }
  return "";
}

}  // namespace

std::vector<PlacedRange> placed_ranges(const Binary& binary, const SystemFacts* system) {
  if (binary.layout() == WireLayout::kCurrent) return placed_ranges_current(binary, system);
  return placed_ranges_2024(binary, system);
}

FitCheck check_address_fit(const Binary& binary, const SystemFacts& target) {
  std::vector<PlacedRange> ranges = placed_ranges(binary, &target);
  if (ranges.empty()) {
    return {"address ranges", true,
            binary.kind() == BinaryKind::kMetal ? "the binary places no device buffers"
                                                : "the runtime places this kind's buffers"};
  }
  for (const PlacedRange& range : ranges) {
    const ChipFacts* chip = target.chip(range.device_program);
    if (!chip) {
      return {"address ranges", false,
              range.where + ": the target has no chip " + std::to_string(range.device_program)};
    }
    std::string why = misfit(range, *chip);
    if (!why.empty()) return {"address ranges", false, why};
  }
  return {"address ranges", true,
          std::to_string(ranges.size()) +
              " buffer, CB and semaphore ranges lie in the target's unreserved L1 and DRAM and "
              "its grid"};
}

FitCheck check_address_fit(const Binary& binary, const tt::target::SystemDesc& target) {
  return check_address_fit(binary, system_facts(target));
}

}  // namespace tessera::format
