// The data formats a chip descriptor says the chip supports, in the chip's
// own terms: tt-metal's tt::DataFormat names and codes (Float16_b is
// bfloat16, Bfp8_b block bfloat8). The chip only carries this list from its
// data file to whoever describes it; what it computes with is
// tile::DataFormat, a subset. Binaries' data types map to these in the
// runtime (runtime/internal/system_desc.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

// TESSERA_CHIP_DATA_FORMAT(Name, code): tt::DataFormat's enumerator and value.
#define TESSERA_CHIP_DATA_FORMAT_LIST(TESSERA_CHIP_DATA_FORMAT) \
  TESSERA_CHIP_DATA_FORMAT(Float32, 0)                          \
  TESSERA_CHIP_DATA_FORMAT(Float16, 1)                          \
  TESSERA_CHIP_DATA_FORMAT(Bfp8, 2)                             \
  TESSERA_CHIP_DATA_FORMAT(Bfp4, 3)                             \
  TESSERA_CHIP_DATA_FORMAT(Float16_b, 5)                        \
  TESSERA_CHIP_DATA_FORMAT(Bfp8_b, 6)                           \
  TESSERA_CHIP_DATA_FORMAT(Bfp4_b, 7)                           \
  TESSERA_CHIP_DATA_FORMAT(Int32, 8)                            \
  TESSERA_CHIP_DATA_FORMAT(UInt16, 9)                           \
  TESSERA_CHIP_DATA_FORMAT(Bfp2, 11)                            \
  TESSERA_CHIP_DATA_FORMAT(Bfp2_b, 15)                          \
  TESSERA_CHIP_DATA_FORMAT(UInt32, 24)                          \
  TESSERA_CHIP_DATA_FORMAT(UInt8, 30)

namespace tessera::sim {

enum class ChipDataFormat : uint8_t {
#define TESSERA_CHIP_DATA_FORMAT(name, code) k##name = code,
  TESSERA_CHIP_DATA_FORMAT_LIST(TESSERA_CHIP_DATA_FORMAT)
#undef TESSERA_CHIP_DATA_FORMAT
};

// "Float32", "Float16_b", "Bfp8_b", ... (tt-metal's spelling, used by the
// chip data files).
std::string_view chip_data_format_name(ChipDataFormat format);
std::optional<ChipDataFormat> chip_data_format_from_name(std::string_view name);
std::optional<ChipDataFormat> chip_data_format_from_code(uint32_t code);

}  // namespace tessera::sim
