#include "tessera/sim/timing/replay_memo.h"

#include <algorithm>
#include <cstring>
#include <span>
#include <string_view>
#include <type_traits>

namespace tessera::sim::timing {
namespace {

// Everything the replay reads, appended as bytes. Two inputs flatten to the
// same bytes exactly when the replay cannot tell them apart.
class FlatInput {
 public:
  template <typename T>
  void put(const T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    put_bytes(&value, sizeof value);
  }
  void put_text(std::string_view text) {
    put(text.size());
    put_bytes(text.data(), text.size());
  }
  void put_coords(const std::vector<CoreCoord>& coords) {
    put(coords.size());
    for (CoreCoord coord : coords) put_coord(coord);
  }
  void put_coord(CoreCoord coord) {
    put(coord.x);
    put(coord.y);
  }
  void put_bytes(const void* data, std::size_t size) {
    const auto* begin = static_cast<const uint8_t*>(data);
    bytes_.insert(bytes_.end(), begin, begin + size);
  }
  void reserve(std::size_t size) { bytes_.reserve(size); }
  std::vector<uint8_t>& bytes() { return bytes_; }

 private:
  std::vector<uint8_t> bytes_;
};

// TimingEvent has no padding (kernel_trace.h asserts its 40 bytes), so its
// bytes are its fields.
static_assert(std::has_unique_object_representations_v<TimingEvent>);

void put_params(FlatInput& out, const TimingParams& params) {
  out.put(params.arch);
  out.put(params.ai_clock_mhz);
  out.put(params.noc_grid_x);
  out.put(params.noc_grid_y);
  out.put(params.noc_link_bytes_per_cycle);
  out.put(params.noc_hop_cycles);
  out.put(params.noc_read_issue_cycles);
  out.put(params.noc_write_issue_cycles);
  out.put(params.dram_page_read_loop_cycles);
  out.put(params.dram_page_write_loop_cycles);
  out.put(params.noc_vc_buffer_bytes);
  out.put(params.dram_bytes_per_cycle_per_channel);
  out.put(params.dram_latency_cycles);
  out.put(params.l1_bytes_per_cycle);
  out.put(params.unpack_both_bytes_per_cycle);
  out.put(params.pack_accumulate_bytes_per_cycle);
  out.put(params.matmul_tile_cycles_by_fidelity);
  out.put(params.eltwise_tile_cycles);
  out.put(params.reduce_tile_cycles);
  out.put(params.sfpu_tile_cycles);
  out.put(params.kernel_launch_cycles);
}

// The chip as the replay sees it: its NoC map is made from these.
void put_chip(FlatInput& out, const ChipDescriptor& chip) {
  out.put(chip.arch);
  out.put_coord(chip.grid);
  out.put(chip.num_dram_channels);
  out.put_coords(chip.worker_cores);
  out.put_coords(chip.dram_cores);
  out.put_coords(chip.eth_cores);
  out.put_coords(chip.eth_inactive_cores);
}

void put_input(FlatInput& out, const ReplayInput& input) {
  out.put(input.kernels.size());
  for (const ReplayKernel& kernel : input.kernels) {
    out.put_text(kernel.name);
    out.put_coord(kernel.core);
    out.put(kernel.worker);
    out.put(kernel.processor);
    out.put(kernel.trace->math_cycles);
    const std::vector<TimingEvent>& events = kernel.trace->events();
    out.put(events.size());
    out.put_bytes(events.data(), events.size() * sizeof(TimingEvent));
    out.put(kernel.trace->zone_names().size());
    for (const std::string& name : kernel.trace->zone_names()) out.put_text(name);
  }
  out.put(input.circular_buffers.size());
  for (const ReplayCircularBuffer& cb : input.circular_buffers) {
    out.put(cb.worker);
    out.put(cb.cb);
    out.put(cb.pages);
  }
  out.put(input.words.size());
  for (const ReplayWord& word : input.words) {
    out.put(word.worker);
    out.put(word.offset);
    out.put(word.value);
  }
}

// Four independent multiply-xor lanes over 8-byte words: a few hundred
// kilobytes of traces hash in tens of microseconds. Not a strong hash; a
// hit is compared in full.
uint64_t hash_of(std::span<const uint8_t> bytes) {
  constexpr uint64_t kMultiplier = 0x9fb21c651e98df25ull;
  uint64_t lanes[4] = {0x243f6a8885a308d3ull, 0x13198a2e03707344ull, 0xa4093822299f31d0ull,
                       0x082efa98ec4e6c89ull};
  std::size_t at = 0;
  for (; at + 32 <= bytes.size(); at += 32) {
    for (int lane = 0; lane < 4; ++lane) {
      uint64_t word;
      std::memcpy(&word, bytes.data() + at + 8 * lane, sizeof word);
      lanes[lane] = (lanes[lane] ^ word) * kMultiplier;
      lanes[lane] ^= lanes[lane] >> 29;
    }
  }
  uint64_t hash = bytes.size();
  for (uint64_t lane : lanes) hash = (hash ^ lane) * kMultiplier;
  for (; at < bytes.size(); ++at) hash = (hash ^ bytes[at]) * kMultiplier;
  return hash ^ (hash >> 32);
}

}  // namespace

ProgramTiming ReplayMemo::replay(const TimingParams& params, const ChipDescriptor& chip,
                                 const ReplayInput& input) {
  std::size_t events = 0;
  for (const ReplayKernel& kernel : input.kernels) {
    if (!kernel.trace) return replay_program(params, chip, input);
    events += kernel.trace->events().size();
  }
  if (events * sizeof(TimingEvent) > kMaxProgramBytes) return replay_program(params, chip, input);

  FlatInput flat;
  flat.reserve(events * sizeof(TimingEvent) + input.kernels.size() * 64 + 1024);
  put_params(flat, params);
  put_chip(flat, chip);
  put_input(flat, input);
  const uint64_t hash = hash_of(flat.bytes());
  {
    std::lock_guard lock(mutex_);
    auto [first, last] = entries_.equal_range(hash);
    for (auto entry = first; entry != last; ++entry) {
      if (entry->second.input == flat.bytes()) {
        ++hits_;
        return entry->second.timing;
      }
    }
  }
  ProgramTiming timing = replay_program(params, chip, input);
  const std::size_t size = flat.bytes().size();
  std::lock_guard lock(mutex_);
  auto [first, last] = entries_.equal_range(hash);
  const bool kept = std::any_of(first, last, [&](const auto& entry) {
    return entry.second.input == flat.bytes();  // by a run on another thread meanwhile
  });
  if (kept) return timing;
  if (entries_.size() >= kMaxPrograms || bytes_ + size > kMaxBytes) clear_locked();
  entries_.emplace(hash, Entry{std::move(flat.bytes()), timing});
  bytes_ += size;
  return timing;
}

std::size_t ReplayMemo::size() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

std::size_t ReplayMemo::hits() const {
  std::lock_guard lock(mutex_);
  return hits_;
}

void ReplayMemo::clear() {
  std::lock_guard lock(mutex_);
  clear_locked();
}

void ReplayMemo::clear_locked() {
  entries_.clear();
  bytes_ = 0;
}

ReplayMemo& process_replay_memo() {
  static auto* memo = new ReplayMemo;  // outlives static destruction
  return *memo;
}

}  // namespace tessera::sim::timing
