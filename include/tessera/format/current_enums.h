// The current layout's renumbered or extended enums, read as tessera's.
//
// DataType: values 0..12 are the 2024 enum's (with Int32, which tessera
// appended as 12); Float64, Int64, UInt64, Int16, Int8 and Bool exist on the
// wire only. Arch: renumbered (Wormhole_b0 0, Blackhole 1, Quasar 2).
#pragma once

#include <cstdint>

#include "tessera/base/status.h"

namespace tt::target {
enum class DataType : uint16_t;
enum class Arch : uint32_t;
namespace current {
enum class DataType : uint16_t;
enum class Arch : uint32_t;
}  // namespace current
}  // namespace tt::target

namespace tessera::format {

// The same type in tessera's enum, or an error naming the unsupported type.
Result<tt::target::DataType> data_type_from_current(tt::target::current::DataType type);

// The inverse, for writers of the current layout.
tt::target::current::DataType data_type_to_current(tt::target::DataType type);

// The same chip in tessera's (2024) enum; Quasar is an error.
Result<tt::target::Arch> arch_from_current(tt::target::current::Arch arch);
tt::target::current::Arch arch_to_current(tt::target::Arch arch);

}  // namespace tessera::format
