// The content checksum tessera stamps into every binary it writes, so that
// damage the flatbuffers Verifier cannot see (a flipped bit inside a string or
// a scalar) is still caught on load.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "tessera/base/status.h"
#include "tessera/format/binary_kind.h"

namespace tessera::format {

// Any non-zero value: a builder stores it so the field exists (flatbuffers
// omits fields equal to their default) and seal_binary overwrites it.
constexpr uint64_t kChecksumPlaceholder = 1;

// Computes the checksum of a verified, size-prefixed binary whose root has
// content_checksum set (e.g. to kChecksumPlaceholder) and writes it in place.
Status seal_binary(std::span<uint8_t> bytes, BinaryKind kind);

// What a verified binary says about its integrity.
struct IntegrityCheck {
  std::optional<uint64_t> stored;  // nullopt: the binary carries no checksum
  uint64_t computed = 0;           // only meaningful when stored is set
};
IntegrityCheck check_integrity(std::span<const uint8_t> bytes, BinaryKind kind);

}  // namespace tessera::format
