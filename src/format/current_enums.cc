#include "tessera/format/current_enums.h"

#include "current/types_generated.h"
#include "tessera/format/data_types.h"
#include "types_generated.h"

namespace tessera::format {

// Both enums number the types they share alike; the schemas fix that.
static_assert(static_cast<int>(tt::target::current::DataType::Float32) ==
              static_cast<int>(tt::target::DataType::Float32));
static_assert(static_cast<int>(tt::target::current::DataType::UInt8) ==
              static_cast<int>(tt::target::DataType::UInt8));
static_assert(static_cast<int>(tt::target::current::DataType::Int32) ==
              static_cast<int>(tt::target::DataType::Int32));

Result<tt::target::DataType> data_type_from_current(tt::target::current::DataType type) {
  const auto value = static_cast<uint16_t>(type);
  const auto same = static_cast<tt::target::DataType>(value);
  if (value <= static_cast<uint16_t>(tt::target::DataType::MAX) && is_listed_data_type(same)) {
    return same;
  }
  const char* name = tt::target::current::EnumNameDataType(type);
  return make_error(ErrorCode::kUnimplemented, "data type ", *name ? name : "(unknown)", " (",
                    value, ") is not one tessera's devices hold");
}

tt::target::current::DataType data_type_to_current(tt::target::DataType type) {
  return static_cast<tt::target::current::DataType>(static_cast<uint16_t>(type));
}

Result<tt::target::Arch> arch_from_current(tt::target::current::Arch arch) {
  switch (arch) {
    case tt::target::current::Arch::Wormhole_b0:
      return tt::target::Arch::Wormhole_b0;
    case tt::target::current::Arch::Blackhole:
      return tt::target::Arch::Blackhole;
    case tt::target::current::Arch::Quasar:
      break;
  }
  const char* name = tt::target::current::EnumNameArch(arch);
  return make_error(ErrorCode::kUnimplemented, "arch ", *name ? name : "(unknown)", " (",
                    static_cast<uint32_t>(arch),
                    ") has no simulated chip; tessera simulates Wormhole_b0 and Blackhole");
}

tt::target::current::Arch arch_to_current(tt::target::Arch arch) {
  // Grayskull has no value in the current layout; writers check first.
  return arch == tt::target::Arch::Blackhole ? tt::target::current::Arch::Blackhole
                                             : tt::target::current::Arch::Wormhole_b0;
}

}  // namespace tessera::format
