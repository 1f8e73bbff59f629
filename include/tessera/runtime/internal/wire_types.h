// Internal (not installed): the runtime's DataType and MemorySpace against
// the 2024 schema's enums, for code that reads binaries or encodes values.
#pragma once

#include <optional>

#include "tessera/base/status.h"
#include "tessera/runtime/data_type.h"

namespace tt::target {
enum class DataType : uint16_t;
enum class MemorySpace : uint16_t;
namespace current {
enum class DataType : uint16_t;
}
}  // namespace tt::target

namespace tessera::runtime {

tt::target::DataType to_wire(DataType type);
// Empty for a value the schema does not define (binaries are untrusted).
std::optional<DataType> from_wire(tt::target::DataType type);
tt::target::MemorySpace to_wire(MemorySpace space);
std::optional<MemorySpace> from_wire(tt::target::MemorySpace space);
// A type of the compiler's current layout, or an error naming a type the
// 2024 schema (and so tessera) has no counterpart for.
Result<DataType> from_current_wire(tt::target::current::DataType type);

}  // namespace tessera::runtime
