// Internal (not installed): the verified binary behind a runtime::Binary, for
// tessera's own tools, which read goldens and sections from it.
#pragma once

#include "tessera/base/status.h"
#include "tessera/format/binary.h"
#include "tessera/format/binary_kind.h"
#include "tessera/runtime/binary.h"
#include "tessera/runtime/runtime_kind.h"

namespace tessera::runtime {

struct BinaryAccess {
  static const format::Binary& format(const Binary& binary);
  // Wraps an already loaded binary; errors for system descriptors.
  static Result<Binary> from_format(format::Binary binary);
  // Different for every binary loaded in this process (copies of one
  // handle share it).
  static uint64_t serial(const Binary& binary);
};

inline const format::Binary& format_binary(const Binary& binary) {
  return BinaryAccess::format(binary);
}

inline Result<Binary> binary_from_format(format::Binary binary) {
  return BinaryAccess::from_format(std::move(binary));
}

// The runtime a binary of `kind` runs on; system descriptors run on none.
Result<Runtime> runtime_for_kind(format::BinaryKind kind);

}  // namespace tessera::runtime
