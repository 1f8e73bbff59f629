// JSON <-> binary through the embedded schemas (no schema files at run time).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/format/binary.h"
#include "tessera/format/wire_layout.h"

namespace tessera::format {

// The whole root table as strict JSON, in schema field order.
Result<std::string> binary_to_json(const Binary& binary);

enum class SchemaHashStamp {
  kStampIfAbsent,  // what tessera writes: binaries carry the schema hash
  kLeaveAsIs,      // keep baseline JSON baseline (tests of baseline loading)
};

// Parses JSON for a root table of `kind` in `layout` into a size-prefixed
// binary with the kind's file identifier. A current-layout binary gets
// tessera's schema hash but no checksum: that layout has no field for one.
Result<std::vector<uint8_t>> json_to_binary(
    std::string_view json, BinaryKind kind, WireLayout layout,
    SchemaHashStamp stamp = SchemaHashStamp::kStampIfAbsent);

// The same, in whichever layout the JSON fits; fitting both (too little JSON
// to tell, e.g. only a version) or neither is an error.
Result<std::vector<uint8_t>> json_to_binary(
    std::string_view json, BinaryKind kind,
    SchemaHashStamp stamp = SchemaHashStamp::kStampIfAbsent);

}  // namespace tessera::format
