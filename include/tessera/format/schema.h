// The binary schemas (.bfbs) embedded in the library, and their hashes.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "tessera/format/binary_kind.h"
#include "tessera/format/wire_layout.h"

namespace tessera::format {

// The reflection schema of a kind's root file in a layout, as flatc wrote
// it; empty where tessera has no schema (TTNN in the current layout).
std::span<const uint8_t> binary_schema(BinaryKind kind, WireLayout layout = WireLayout::k2024);

// A stable hash of the schema (hex FNV-1a 64 of its .bfbs), written into the
// schema_hash field of every binary tessera writes.
const std::string& schema_hash(BinaryKind kind, WireLayout layout = WireLayout::k2024);

}  // namespace tessera::format
