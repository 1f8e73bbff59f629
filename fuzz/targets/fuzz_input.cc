#include "fuzz_input.h"

#include <cstring>
#include <span>
#include <string>

#include "tessera/format/binary.h"
#include "tessera/format/integrity.h"

namespace tessera::fuzz {

std::vector<uint8_t> resealed(const uint8_t* data, size_t size) {
  std::vector<uint8_t> bytes(data, data + size);
  if (size < 12) return bytes;
  std::string identifier(reinterpret_cast<const char*>(data) + 8, 4);
  auto kind = format::kind_from_identifier(identifier);
  if (kind && format::Binary::verifies_as(bytes, *kind)) {
    uint32_t prefix = 0;
    std::memcpy(&prefix, bytes.data(), sizeof prefix);
    // Only where a checksum field exists; trailing bytes stay outside it.
    (void)format::seal_binary(std::span<uint8_t>(bytes.data(), prefix + sizeof prefix), *kind);
  }
  return bytes;
}

}  // namespace tessera::fuzz
