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

std::optional<NocEndpoint> find_noc_endpoint(const Chip& chip, uint32_t x, uint32_t y,
                                             uint32_t local) {
  const CoreCoord noc{x, y};
  const NocCoreMap::Entry target = chip.noc_map().at(x, y);
  switch (target.kind) {
    case NocCoreMap::Kind::kWorker: {
      const L1Memory& l1 = chip.l1();
      if (auto location = l1.locate(local)) {
        return NocEndpoint{MemoryType::kL1, target.index, location->offset, noc};
      }
      if (local >= l1.l1_size()) return std::nullopt;
      return NocEndpoint{MemoryType::kL1, target.index, local, noc};
    }
    case NocCoreMap::Kind::kDram:
      return NocEndpoint{MemoryType::kDram, target.index, local, noc};
    case NocCoreMap::Kind::kNone:
      break;
  }
  return std::nullopt;
}

Result<NocEndpoint> resolve_noc_endpoint(const Chip& chip, NocAddress address) {
  if (std::optional<NocEndpoint> endpoint = find_noc_endpoint(chip, address)) return *endpoint;
  if (chip.noc_map().at(address.x, address.y).kind == NocCoreMap::Kind::kWorker) {
    return l1_offset_of(chip.l1(), address.local).error();  // says why the address is bad
  }
  return make_error(ErrorCode::kOutOfRange, sim::describe(address),
                    " reaches no worker or DRAM core of this ", arch_name(chip.descriptor().arch),
                    " chip");
}

uint8_t* endpoint_data(const Chip& chip, const NocEndpoint& endpoint, uint64_t size) {
  const bool dram = endpoint.type == MemoryType::kDram;
  const uint32_t banks =
      dram ? chip.descriptor().num_dram_channels : chip.descriptor().num_workers();
  const uint64_t bank_size = dram ? chip.dram().channel_size() : chip.l1().l1_size();
  if (endpoint.bank >= banks || endpoint.offset > bank_size || size > bank_size - endpoint.offset)
    return nullptr;
  return chip.bank_base(endpoint.type, endpoint.bank) + endpoint.offset;
}

Result<uint8_t*> endpoint_pointer(const Chip& chip, const NocEndpoint& endpoint, uint64_t size) {
  if (uint8_t* data = endpoint_data(chip, endpoint, size)) return data;
  // The memories word the bounds error.
  if (endpoint.type == MemoryType::kDram) {
    return chip.dram().host_pointer(endpoint.bank, endpoint.offset, size);
  }
  return chip.l1().host_pointer(endpoint.bank, endpoint.offset, size);
}

}  // namespace tessera::sim
