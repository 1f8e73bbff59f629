#include "tessera/sim/noc/noc_address.h"

#include <cstdio>

namespace tessera::sim {

namespace {

uint32_t field(uint64_t address, int shift) {
  return static_cast<uint32_t>((address >> shift) & 0xffu);
}

std::string hex(uint32_t value) {
  char text[16];
  std::snprintf(text, sizeof(text), "0x%x", value);
  return text;
}

}  // namespace

NocAddress decode_noc_address(uint64_t address) {
  return {field(address, 32), field(address, 40), static_cast<uint32_t>(address)};
}

NocMulticastAddress decode_noc_multicast_address(uint64_t address) {
  return {field(address, 32), field(address, 40), field(address, 48), field(address, 56),
          static_cast<uint32_t>(address)};
}

std::string describe(const NocAddress& address) {
  return "noc (" + std::to_string(address.x) + ", " + std::to_string(address.y) + ") + " +
         hex(address.local);
}

std::string describe(const NocMulticastAddress& address) {
  return "noc rectangle (" + std::to_string(address.x_start) + ", " +
         std::to_string(address.y_start) + ")-(" + std::to_string(address.x_end) + ", " +
         std::to_string(address.y_end) + ") + " + hex(address.local);
}

}  // namespace tessera::sim
