// The chip's arch and data formats against the schema's Arch and DataType.
#include <array>
#include <utility>

#include "system_desc_generated.h"
#include "tessera/format/data_type_list.h"
#include "tessera/runtime/internal/system_desc.h"

namespace tessera::runtime {

namespace {

using sim::ChipDataFormat;
using tt::target::DataType;

// Data types tessera holds carry their tile format in the data type list;
// the block floats it does not hold, which descriptors list all the same,
// are tt-mlir's mapping of the rest of tt-metal's block floats.
constexpr std::array kTypeFormats = {
#define TESSERA_DATA_TYPE(type, element_bytes, tile_bytes, tile_format, codec) \
  std::pair{DataType::type, static_cast<ChipDataFormat>(tile_format)},
    TESSERA_DATA_TYPE_LIST(TESSERA_DATA_TYPE)
#undef TESSERA_DATA_TYPE
        std::pair{DataType::BFP_Float8, ChipDataFormat::kBfp8},
    std::pair{DataType::BFP_Float4, ChipDataFormat::kBfp4},
    std::pair{DataType::BFP_BFloat4, ChipDataFormat::kBfp4_b},
    std::pair{DataType::BFP_Float2, ChipDataFormat::kBfp2},
    std::pair{DataType::BFP_BFloat2, ChipDataFormat::kBfp2_b},
};

}  // namespace

tt::target::Arch to_target_arch(sim::Arch arch) {
  switch (arch) {
    case sim::Arch::kGrayskull:
      return tt::target::Arch::Grayskull;
    case sim::Arch::kWormholeB0:
      return tt::target::Arch::Wormhole_b0;
    case sim::Arch::kBlackhole:
      return tt::target::Arch::Blackhole;
  }
  return tt::target::Arch::Wormhole_b0;
}

Result<sim::Arch> from_target_arch(tt::target::Arch arch) {
  switch (arch) {
    case tt::target::Arch::Grayskull:
      return sim::Arch::kGrayskull;
    case tt::target::Arch::Wormhole_b0:
      return sim::Arch::kWormholeB0;
    case tt::target::Arch::Blackhole:
      return sim::Arch::kBlackhole;
  }
  return make_error(ErrorCode::kInvalidArgument, "chip_desc.arch has unknown value ",
                    static_cast<uint32_t>(arch));
}

Result<DataType> to_target_data_type(ChipDataFormat format) {
  for (auto [type, listed] : kTypeFormats) {
    if (listed == format) return type;
  }
  return make_error(ErrorCode::kInvalidArgument, "chip data format ",
                    sim::chip_data_format_name(format), " has no schema data type");
}

Result<ChipDataFormat> from_target_data_type(DataType type) {
  for (auto [listed, format] : kTypeFormats) {
    if (listed == type) return format;
  }
  return make_error(ErrorCode::kInvalidArgument, "data type ", tt::target::EnumNameDataType(type),
                    " (", static_cast<uint32_t>(type), ") is no chip data format");
}

Result<std::vector<DataType>> to_target_data_types(std::span<const ChipDataFormat> formats) {
  std::vector<DataType> types;
  for (ChipDataFormat format : formats) {
    TESSERA_ASSIGN_OR_RETURN(DataType type, to_target_data_type(format));
    types.push_back(type);
  }
  return types;
}

}  // namespace tessera::runtime
