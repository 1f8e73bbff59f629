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

// Inline: every NoC transfer decodes its address, and an out-of-line call
// returns the struct through a store/reload the CPU cannot forward, which
// stalls it behind the previous transfer's outstanding copies.
inline uint32_t noc_address_field(uint64_t address, int shift) {
  return static_cast<uint32_t>((address >> shift) & 0xffu);
}

inline NocAddress decode_noc_address(uint64_t address) {
  return {noc_address_field(address, 32), noc_address_field(address, 40),
          static_cast<uint32_t>(address)};
}

inline NocMulticastAddress decode_noc_multicast_address(uint64_t address) {
  return {noc_address_field(address, 32), noc_address_field(address, 40),
          noc_address_field(address, 48), noc_address_field(address, 56),
          static_cast<uint32_t>(address)};
}

// "noc (1, 2) + 0x1a000".
std::string describe(const NocAddress& address);
// "noc rectangle (1, 1)-(4, 4) + 0x1a000".
std::string describe(const NocMulticastAddress& address);

}  // namespace tessera::sim
