#include "tessera/sim/noc/noc_endpoint.h"

#include <cstdio>

namespace tessera::sim {

namespace {

std::string hex(uint64_t value) {
  char text[24];
  std::snprintf(text, sizeof(text), "0x%llx", static_cast<unsigned long long>(value));
  return text;
}

}  // namespace

std::string NocEndpoint::describe(const ChipDescriptor& chip) const {
  std::string where;
  if (type == MemoryType::kDram) {
    where = "DRAM channel " + std::to_string(bank);
  } else {
    where = "L1 of core " + to_string(chip.worker_logical(bank));
  }
  return where + " [noc " + to_string(noc) + "] + " + hex(offset);
}

Result<uint64_t> l1_offset_of(const L1Memory& l1, uint32_t local) {
  if (auto location = l1.locate(local)) return location->offset;
  if (local < l1.l1_size()) return uint64_t{local};
  return make_error(ErrorCode::kOutOfRange, "L1 address ", hex(local),
                    " is neither inside a core's L1 window nor an L1 offset below ",
                    hex(l1.l1_size()));
}

Result<NocEndpoint> resolve_noc_endpoint(const Chip& chip, const NocAddress& address) {
  const CoreCoord noc{address.x, address.y};
  const NocCoreMap::Entry target = chip.noc_map().at(address.x, address.y);
  switch (target.kind) {
    case NocCoreMap::Kind::kWorker: {
      TESSERA_ASSIGN_OR_RETURN(uint64_t offset, l1_offset_of(chip.l1(), address.local));
      return NocEndpoint{MemoryType::kL1, target.index, offset, noc};
    }
    case NocCoreMap::Kind::kDram:
      return NocEndpoint{MemoryType::kDram, target.index, address.local, noc};
    case NocCoreMap::Kind::kNone:
      break;
  }
  return make_error(ErrorCode::kOutOfRange, sim::describe(address),
                    " reaches no worker or DRAM core of this ", arch_name(chip.descriptor().arch),
                    " chip");
}

Result<uint8_t*> endpoint_pointer(const Chip& chip, const NocEndpoint& endpoint, uint64_t size) {
  if (endpoint.type == MemoryType::kDram) {
    return chip.dram().host_pointer(endpoint.bank, endpoint.offset, size);
  }
  return chip.l1().host_pointer(endpoint.bank, endpoint.offset, size);
}

}  // namespace tessera::sim
