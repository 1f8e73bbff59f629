#include "tessera/sim/noc/noc_address.h"

#include <cstdio>

namespace tessera::sim {

namespace {

std::string hex(uint32_t value) {
  char text[16];
  std::snprintf(text, sizeof(text), "0x%x", value);
  return text;
}

}  // namespace

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
