// The 64-bit NoC addresses kernels pass around (TESSERA_NOC_XY_ADDR /
// TESSERA_NOC_MULTICAST_ADDR in kernel_abi.h), decoded.
#pragma once

#include <cstdint>
#include <string>

namespace tessera::sim {

// A unicast address: the target's NoC coordinates and a 32-bit local
// address (an L1 address or offset, or a DRAM bank offset).
struct NocAddress {
  uint32_t x = 0;
  uint32_t y = 0;
  uint32_t local = 0;
};

// A multicast address: an inclusive rectangle of NoC coordinates.
struct NocMulticastAddress {
  uint32_t x_start = 0;
  uint32_t y_start = 0;
  uint32_t x_end = 0;
  uint32_t y_end = 0;
  uint32_t local = 0;
};

NocAddress decode_noc_address(uint64_t address);
NocMulticastAddress decode_noc_multicast_address(uint64_t address);

// "noc (1, 2) + 0x1a000".
std::string describe(const NocAddress& address);
// "noc rectangle (1, 1)-(4, 4) + 0x1a000".
std::string describe(const NocMulticastAddress& address);

}  // namespace tessera::sim
