// The runtime's DataType and MemorySpace are the 2024 schema's enums by
// value, so the schema stays their one list: names come from it, and a
// schema that gains a value without the runtime enum fails to compile here.
#include "tessera/runtime/data_type.h"

#include "tessera/format/current_enums.h"
#include "tessera/format/current_generated.h"
#include "tessera/format/generated.h"
#include "tessera/runtime/internal/wire_types.h"

namespace tessera::runtime {

static_assert(static_cast<uint16_t>(DataType::kFloat32) ==
              static_cast<uint16_t>(tt::target::DataType::MIN));
static_assert(static_cast<uint16_t>(DataType::kInt32) ==
              static_cast<uint16_t>(tt::target::DataType::MAX));
static_assert(static_cast<uint16_t>(MemorySpace::kSystem) ==
              static_cast<uint16_t>(tt::target::MemorySpace::MIN));
static_assert(static_cast<uint16_t>(MemorySpace::kDeviceL1) ==
              static_cast<uint16_t>(tt::target::MemorySpace::MAX));

namespace {

template <typename Wire>
bool defined_by_schema(Wire value) {
  return static_cast<uint16_t>(value) >= static_cast<uint16_t>(Wire::MIN) &&
         static_cast<uint16_t>(value) <= static_cast<uint16_t>(Wire::MAX);
}

}  // namespace

tt::target::DataType to_wire(DataType type) {
  return static_cast<tt::target::DataType>(type);
}

std::optional<DataType> from_wire(tt::target::DataType type) {
  if (!defined_by_schema(type)) return std::nullopt;
  return static_cast<DataType>(type);
}

tt::target::MemorySpace to_wire(MemorySpace space) {
  return static_cast<tt::target::MemorySpace>(space);
}

std::optional<MemorySpace> from_wire(tt::target::MemorySpace space) {
  if (!defined_by_schema(space)) return std::nullopt;
  return static_cast<MemorySpace>(space);
}

Result<DataType> from_current_wire(tt::target::current::DataType type) {
  auto wire = format::data_type_from_current(type);
  if (!wire.ok()) return std::move(wire).error();
  return *from_wire(*wire);  // the 2024 enum's values are all defined
}

std::string_view data_type_name(DataType type) {
  return tt::target::EnumNameDataType(to_wire(type));
}

std::string_view memory_space_name(MemorySpace space) {
  return tt::target::EnumNameMemorySpace(to_wire(space));
}

}  // namespace tessera::runtime
