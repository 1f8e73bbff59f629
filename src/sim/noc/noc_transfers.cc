#include "tessera/sim/noc/noc_transfers.h"

#include <atomic>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "tessera/base/cache_bypass_copy.h"
#include "tessera/base/prefetch.h"
#include "tessera/sim/noc/noc_access_check.h"
#include "tessera/sim/noc/noc_address.h"
#include "tessera/sim/noc/noc_endpoint.h"

namespace tessera::sim {

namespace {

std::string hex_address(uint32_t value) {
  char text[16];
  std::snprintf(text, sizeof(text), "0x%x", value);
  return text;
}

// Word-sized aligned stores are atomic: they are how semaphores and flags
// reach other cores, whose kernels poll them from other host threads.
void copy_bytes(uint8_t* dst, const uint8_t* src, uint32_t size) {
  if (size == 4 && reinterpret_cast<uintptr_t>(dst) % 4 == 0 &&
      reinterpret_cast<uintptr_t>(src) % 4 == 0) {
    uint32_t value =
        std::atomic_ref<uint32_t>(*reinterpret_cast<uint32_t*>(const_cast<uint8_t*>(src)))
            .load(std::memory_order_acquire);
    std::atomic_ref<uint32_t>(*reinterpret_cast<uint32_t*>(dst))
        .store(value, std::memory_order_release);
    return;
  }
  std::memmove(dst, src, size);
}

Result<uint8_t*> remote_pointer(const NocIssuer& issuer, uint64_t noc_address, uint32_t size,
                                const char* operation) {
  const NocAddress address = decode_noc_address(noc_address);
  Result<NocEndpoint> endpoint = resolve_noc_endpoint(*issuer.chip, address);
  if (!endpoint.ok()) return std::move(endpoint).error();
  TESSERA_RETURN_IF_ERROR(check_noc_access(*issuer.chip, *issuer.regions, *endpoint, size,
                                           operation, issuer.access_cache));
  return endpoint_pointer(*issuer.chip, *endpoint, size);
}

// Transfers smaller than this are words and headers (flags, semaphores,
// small records): they are never deferred, streamed or prefetched after.
constexpr uint32_t kMinimumPageBytes = 1024;

// Interleaved buffers keep a bank's pages back to back, and readers walk
// pages in order, so the next read from this bank is most likely the same
// size right after this one. Asking for it now overlaps its DRAM latency
// with the reads of the other banks in between (a prefetch never faults,
// so running past the bank is harmless). The page after that goes to the
// second-level cache: one page ahead alone leaves the reader waiting on
// DRAM at every bank's turn (measured: bench_kernel_eltwise).
[[gnu::always_inline]] inline void prefetch_next_in_bank(const uint8_t* read_end, uint32_t size) {
  if (size < kMinimumPageBytes) return;
  prefetch_for_read(read_end, size);
  prefetch_for_later_read(read_end + size, size);
}

Result<uint32_t*> remote_word(const NocIssuer& issuer, uint64_t noc_address,
                              const char* operation) {
  if (noc_address % 4 != 0) {
    return make_error(ErrorCode::kKernelFault, operation, " at ",
                      describe(decode_noc_address(noc_address)), " is not 4-byte aligned");
  }
  TESSERA_ASSIGN_OR_RETURN(uint8_t * pointer, remote_pointer(issuer, noc_address, 4, operation));
  return reinterpret_cast<uint32_t*>(pointer);
}

// Every worker core inside the rectangle, as logical indices.
Result<std::vector<uint32_t>> multicast_targets(const NocIssuer& issuer,
                                                const NocMulticastAddress& address, bool loopback) {
  const ChipDescriptor& chip = issuer.chip->descriptor();
  if (address.x_start > address.x_end || address.y_start > address.y_end) {
    return make_error(ErrorCode::kKernelFault, "multicast to ", describe(address),
                      ": the start corner is past the end corner");
  }
  std::vector<uint32_t> targets;
  for (uint32_t index = 0; index < chip.num_workers(); ++index) {
    const CoreCoord noc = chip.worker_cores[index];
    const bool inside = noc.x >= address.x_start && noc.x <= address.x_end &&
                        noc.y >= address.y_start && noc.y <= address.y_end;
    if (inside && (loopback || index != issuer.core)) targets.push_back(index);
  }
  if (targets.empty()) {
    return make_error(ErrorCode::kKernelFault, "multicast to ", describe(address),
                      " reaches no worker core");
  }
  return targets;
}

struct RemoteBytes {
  uint8_t* data = nullptr;  // nullptr: take the checked path
  MemoryType type = MemoryType::kL1;
  uint64_t buffer_bytes = 0;  // of the covering buffer; 0 for a CB or semaphore
};

// The fast path of a unicast transfer: the checks of remote_pointer without
// building Results. A miss takes the checked path, which words the error.
RemoteBytes remote_bytes_fast(const NocIssuer& issuer, uint64_t noc_address, uint32_t size) {
  const Chip& chip = *issuer.chip;
  const std::optional<NocEndpoint> endpoint =
      find_noc_endpoint(chip, decode_noc_address(noc_address));
  if (!endpoint) return {};
  uint8_t* data = endpoint_data(chip, *endpoint, size);
  uint64_t buffer_bytes = 0;
  if (data == nullptr || !noc_access_covered(chip, *issuer.regions, *endpoint, size,
                                             issuer.access_cache, &buffer_bytes)) {
    return {};
  }
  return {data, endpoint->type, buffer_bytes};
}

// Local addresses in the issuer's own window; plain offsets and errors take
// the checked path.
uint8_t* local_l1_pointer_fast(const NocIssuer& issuer, uint32_t local, uint32_t size) {
  const L1Memory& l1 = issuer.chip->l1();
  const uint64_t window = l1.window_base(issuer.core);
  if (local < window || uint64_t{local} + size > window + l1.l1_size()) return nullptr;
  return reinterpret_cast<uint8_t*>(static_cast<uintptr_t>(local));
}

Status checked_read(const NocIssuer& issuer, uint64_t src_noc_address, uint32_t dst_local,
                    uint32_t size) {
  TESSERA_ASSIGN_OR_RETURN(uint8_t * src,
                           remote_pointer(issuer, src_noc_address, size, "noc_async_read"));
  TESSERA_ASSIGN_OR_RETURN(uint8_t * dst, local_l1_pointer(issuer, dst_local, size));
  copy_bytes(dst, src, size);
  return ok_status();
}

Status checked_write(const NocIssuer& issuer, uint32_t src_local, uint64_t dst_noc_address,
                     uint32_t size) {
  TESSERA_ASSIGN_OR_RETURN(uint8_t * dst,
                           remote_pointer(issuer, dst_noc_address, size, "noc_async_write"));
  TESSERA_ASSIGN_OR_RETURN(uint8_t * src, local_l1_pointer(issuer, src_local, size));
  copy_bytes(dst, src, size);
  return ok_status();
}

}  // namespace

Result<uint8_t*> local_l1_pointer(const NocIssuer& issuer, uint32_t local, uint32_t size) {
  const L1Memory& l1 = issuer.chip->l1();
  if (std::optional<L1Memory::Location> location = l1.locate(local)) {
    if (location->core != issuer.core) {
      return make_error(ErrorCode::kKernelFault, "local L1 address ", hex_address(local),
                        " lies in the L1 window of core ",
                        to_string(issuer.chip->descriptor().worker_logical(location->core)),
                        ", not the issuing core's");
    }
  }
  TESSERA_ASSIGN_OR_RETURN(uint64_t offset, l1_offset_of(l1, local));
  Result<uint8_t*> pointer = l1.host_pointer(issuer.core, offset, size);
  if (!pointer.ok()) return std::move(pointer).error().add_context("local side of a NoC transfer");
  return pointer;
}

Status noc_read(const NocIssuer& issuer, uint64_t src_noc_address, uint32_t dst_local,
                uint32_t size) {
  const RemoteBytes src = remote_bytes_fast(issuer, src_noc_address, size);
  uint8_t* dst = src.data != nullptr ? local_l1_pointer_fast(issuer, dst_local, size) : nullptr;
  if (dst == nullptr) {
    complete_noc_reads(issuer);
    return checked_read(issuer, src_noc_address, dst_local, size);
  }
  // Pages from DRAM may wait for the barrier; words (flags, headers) and
  // L1 data, which other cores change, are read now.
  if (issuer.pending_reads != nullptr && src.type == MemoryType::kDram &&
      size >= kMinimumPageBytes) {
    issuer.pending_reads->add(dst, src.data, size);
  } else {
    complete_noc_reads(issuer);
    copy_bytes(dst, src.data, size);
  }
  if (src.type == MemoryType::kDram) prefetch_next_in_bank(src.data + size, size);
  return ok_status();
}

Status noc_write(const NocIssuer& issuer, uint32_t src_local, uint64_t dst_noc_address,
                 uint32_t size) {
  complete_noc_reads(issuer);  // the source may be a pending read's destination
  const RemoteBytes dst = remote_bytes_fast(issuer, dst_noc_address, size);
  uint8_t* src = dst.data != nullptr ? local_l1_pointer_fast(issuer, src_local, size) : nullptr;
  if (src == nullptr) return checked_write(issuer, src_local, dst_noc_address, size);
  // Pages streamed into a DRAM buffer too large to stay cached skip the
  // cache (cache_bypass_copy.h); words keep copy_bytes' atomic stores.
  if (dst.type == MemoryType::kDram && size >= kMinimumPageBytes &&
      dst.buffer_bytes >= cache_bypass_threshold_bytes()) {
    copy_bypassing_cache(dst.data, src, size);
  } else {
    copy_bytes(dst.data, src, size);
  }
  return ok_status();
}

bool noc_address_in_l1(const Chip& chip, uint64_t noc_address) {
  const NocAddress address = decode_noc_address(noc_address);
  return chip.noc_map().at(address.x, address.y).kind == NocCoreMap::Kind::kWorker;
}

Status noc_write_multicast(const NocIssuer& issuer, uint32_t src_local,
                           uint64_t dst_multicast_address, uint32_t size, bool loopback) {
  complete_noc_reads(issuer);
  const NocMulticastAddress address = decode_noc_multicast_address(dst_multicast_address);
  TESSERA_ASSIGN_OR_RETURN(std::vector<uint32_t> targets,
                           multicast_targets(issuer, address, loopback));
  TESSERA_ASSIGN_OR_RETURN(uint8_t * src, local_l1_pointer(issuer, src_local, size));
  TESSERA_ASSIGN_OR_RETURN(uint64_t offset, l1_offset_of(issuer.chip->l1(), address.local));
  // Check every destination before writing any, so a failed multicast
  // leaves no partial result.
  std::vector<uint8_t*> destinations;
  for (uint32_t core : targets) {
    const NocEndpoint endpoint{MemoryType::kL1, core, offset,
                               issuer.chip->descriptor().worker_cores[core]};
    TESSERA_RETURN_IF_ERROR(check_noc_access(*issuer.chip, *issuer.regions, endpoint, size,
                                             "noc_async_write_multicast", issuer.access_cache));
    TESSERA_ASSIGN_OR_RETURN(uint8_t * dst, endpoint_pointer(*issuer.chip, endpoint, size));
    destinations.push_back(dst);
  }
  for (uint8_t* dst : destinations) {
    if (dst != src) copy_bytes(dst, src, size);
  }
  return ok_status();
}

Status noc_inline_write(const NocIssuer& issuer, uint64_t dst_noc_address, uint32_t value,
                        uint8_t byte_enable) {
  complete_noc_reads(issuer);
  TESSERA_ASSIGN_OR_RETURN(uint32_t * word,
                           remote_word(issuer, dst_noc_address, "noc_inline_dw_write"));
  std::atomic_ref<uint32_t> target(*word);
  if ((byte_enable & 0xfu) == 0xfu) {
    target.store(value, std::memory_order_release);
    return ok_status();
  }
  uint32_t mask = 0;
  for (int byte = 0; byte < 4; ++byte) {
    if ((byte_enable >> byte) & 1u) mask |= 0xffu << (8 * byte);
  }
  uint32_t old = target.load(std::memory_order_relaxed);
  while (!target.compare_exchange_weak(old, (old & ~mask) | (value & mask),
                                       std::memory_order_acq_rel)) {
  }
  return ok_status();
}

Status noc_atomic_increment(const NocIssuer& issuer, uint64_t dst_noc_address, uint32_t increment) {
  complete_noc_reads(issuer);
  TESSERA_ASSIGN_OR_RETURN(uint32_t * word,
                           remote_word(issuer, dst_noc_address, "noc_semaphore_inc"));
  std::atomic_ref<uint32_t>(*word).fetch_add(increment, std::memory_order_acq_rel);
  return ok_status();
}

}  // namespace tessera::sim
