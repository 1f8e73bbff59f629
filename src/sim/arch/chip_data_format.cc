#include "tessera/sim/arch/chip_data_format.h"

#include <array>
#include <utility>

namespace tessera::sim {

namespace {

constexpr std::array kFormats = {
#define TESSERA_CHIP_DATA_FORMAT(name, code) std::pair{ChipDataFormat::k##name, #name},
    TESSERA_CHIP_DATA_FORMAT_LIST(TESSERA_CHIP_DATA_FORMAT)
#undef TESSERA_CHIP_DATA_FORMAT
};

}  // namespace

std::string_view chip_data_format_name(ChipDataFormat format) {
  for (auto [listed, name] : kFormats) {
    if (listed == format) return name;
  }
  return "unknown";
}

std::optional<ChipDataFormat> chip_data_format_from_name(std::string_view name) {
  for (auto [format, listed_name] : kFormats) {
    if (listed_name == name) return format;
  }
  return std::nullopt;
}

std::optional<ChipDataFormat> chip_data_format_from_code(uint32_t code) {
  for (auto [format, name] : kFormats) {
    if (static_cast<uint32_t>(format) == code) return format;
  }
  return std::nullopt;
}

}  // namespace tessera::sim
