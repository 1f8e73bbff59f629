#include "timing_hooks.h"

#include <cstring>

#include "tessera/sim/jit/kernel_abi.h"
#include "tessera/sim/noc/noc_address.h"
#include "tessera/sim/noc/noc_endpoint.h"
#include "tessera/sim/noc/noc_transfers.h"

namespace tessera::sim::kernel_host {

namespace {

using timing::pack_noc_xy;
using timing::TimingEvent;
using timing::TimingEventKind;

// The worker index and L1 offset a unicast NoC address names, if it is a
// worker's L1.
bool worker_word(const Chip& chip, uint64_t noc_addr, uint32_t& worker, uint32_t& offset) {
  const NocAddress address = decode_noc_address(noc_addr);
  const NocCoreMap::Entry entry = chip.noc_map().at(address.x, address.y);
  if (entry.kind != NocCoreMap::Kind::kWorker) return false;
  Result<uint64_t> local = l1_offset_of(chip.l1(), address.local);
  if (!local.ok()) return false;
  worker = entry.index;
  offset = static_cast<uint32_t>(*local);
  return true;
}

uint32_t word_value(KernelHostState& state, uint32_t src_l1) {
  Result<uint8_t*> pointer = local_l1_pointer(state.noc_issuer(), src_l1, 4);
  uint32_t value = 0;
  if (pointer.ok()) std::memcpy(&value, *pointer, 4);
  return value;
}

uint8_t page_address_flag(KernelHostState& state) {
  return state.timing->take_dram_page_address() ? timing::kDramPageAddress : 0;
}

uint32_t own_offset(const KernelHostState& state, const uint32_t* word) {
  return static_cast<uint32_t>(reinterpret_cast<uintptr_t>(word) - state.core->window_base);
}

}  // namespace

void time_noc_read(KernelHostState& state, uint64_t src_noc_addr, uint32_t size, uint8_t noc) {
  const NocAddress source = decode_noc_address(src_noc_addr);
  state.timing->add({.kind = TimingEventKind::kNocRead,
                     .noc = noc,
                     .flag = page_address_flag(state),
                     .source = pack_noc_xy(source.x, source.y),
                     .bytes = size});
}

void time_noc_write(KernelHostState& state, uint32_t src_l1, uint64_t dst_noc_addr, uint32_t size,
                    uint8_t noc) {
  uint32_t worker = 0, offset = 0;
  const uint8_t flag = page_address_flag(state);
  if (size == 4 && worker_word(*state.chip, dst_noc_addr, worker, offset)) {
    state.timing->add({.kind = TimingEventKind::kWordSet,
                       .noc = noc,
                       .word_core = worker,
                       .offset = offset,
                       .value = word_value(state, src_l1)});
    return;
  }
  const NocAddress target = decode_noc_address(dst_noc_addr);
  state.timing->add({.kind = TimingEventKind::kNocWrite,
                     .noc = noc,
                     .flag = flag,
                     .target = pack_noc_xy(target.x, target.y),
                     .bytes = size});
}

void time_noc_multicast(KernelHostState& state, uint32_t src_l1, uint64_t dst_mcast_addr,
                        uint32_t size, bool loopback, int mode, uint8_t noc) {
  const NocMulticastAddress address = decode_noc_multicast_address(dst_mcast_addr);
  const auto bits = static_cast<uint32_t>(mode);
  const auto flag = static_cast<uint8_t>(
      (loopback ? timing::kMulticastLoopback : 0) |
      ((bits & TESSERA_MULTICAST_LINKED) != 0 ? timing::kMulticastLinked : 0) |
      ((bits & TESSERA_MULTICAST_NO_PATH_RESERVE) != 0 ? timing::kMulticastNoPathReserve : 0));
  TimingEvent event{.kind = TimingEventKind::kNocMulticast,
                    .noc = noc,
                    .flag = flag,
                    .source = pack_noc_xy(address.x_start, address.y_start),
                    .target = pack_noc_xy(address.x_end, address.y_end),
                    .bytes = size};
  Result<uint64_t> offset = l1_offset_of(state.chip->l1(), address.local);
  if (size == 4 && offset.ok()) {
    event.kind = TimingEventKind::kWordSetMulticast;
    event.offset = static_cast<uint32_t>(*offset);
    event.value = word_value(state, src_l1);
  }
  state.timing->add(event);
}

void time_inline_write(KernelHostState& state, uint64_t dst_noc_addr, uint32_t value, uint8_t noc) {
  uint32_t worker = 0, offset = 0;
  if (!worker_word(*state.chip, dst_noc_addr, worker, offset)) {
    const NocAddress target = decode_noc_address(dst_noc_addr);
    state.timing->add({.kind = TimingEventKind::kNocWrite,
                       .noc = noc,
                       .target = pack_noc_xy(target.x, target.y),
                       .bytes = 4});
    return;
  }
  state.timing->add({.kind = TimingEventKind::kWordSet,
                     .noc = noc,
                     .word_core = worker,
                     .offset = offset,
                     .value = value});
}

void time_barrier(KernelHostState& state) {
  state.timing->add({.kind = TimingEventKind::kBarrier});
}

void time_cb(KernelHostState& state, TimingEventKind kind, int32_t cb, int32_t pages) {
  state.timing->add(
      {.kind = kind, .cb = static_cast<uint8_t>(cb), .value = static_cast<uint64_t>(pages)});
}

void time_local_word_set(KernelHostState& state, const uint32_t* word, uint32_t value) {
  state.timing->add({.kind = TimingEventKind::kWordSet,
                     .word_core = state.core->index,
                     .offset = own_offset(state, word),
                     .value = value});
}

void time_word_increment(KernelHostState& state, uint64_t noc_addr, uint32_t increment,
                         uint8_t noc) {
  uint32_t worker = 0, offset = 0;
  if (!worker_word(*state.chip, noc_addr, worker, offset)) return;
  state.timing->add({.kind = TimingEventKind::kWordIncrement,
                     .noc = noc,
                     .word_core = worker,
                     .offset = offset,
                     .value = increment});
}

void time_word_wait(KernelHostState& state, const uint32_t* word, uint32_t value, bool at_least) {
  state.timing->add({.kind = TimingEventKind::kWordWait,
                     .flag = static_cast<uint8_t>(at_least),
                     .word_core = state.core->index,
                     .offset = own_offset(state, word),
                     .value = value});
}

}  // namespace tessera::sim::kernel_host
