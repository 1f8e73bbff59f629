#include "tessera/format/data_types.h"

#include <string>

#include "tessera/format/data_type_list.h"
#include "types_generated.h"

namespace tessera::format {

using tt::target::DataType;

namespace {

std::string listed_types() {
  std::string names;
#define TESSERA_DATA_TYPE(T, element_bytes, tile_bytes, tile_format, codec) \
  names += std::string(names.empty() ? "" : ", ") + #T;
  TESSERA_DATA_TYPE_LIST(TESSERA_DATA_TYPE)
#undef TESSERA_DATA_TYPE
  return names;
}

}  // namespace

bool is_listed_data_type(DataType type) {
  switch (type) {
#define TESSERA_DATA_TYPE(T, element_bytes, tile_bytes, tile_format, codec) case DataType::T:
    TESSERA_DATA_TYPE_LIST(TESSERA_DATA_TYPE)
#undef TESSERA_DATA_TYPE
    return true;
    default:
      return false;
  }
}

uint32_t data_type_element_size(DataType type) {
  switch (type) {
#define TESSERA_DATA_TYPE(T, element_bytes, tile_bytes, tile_format, codec) \
  case DataType::T:                                                         \
    return element_bytes;
    TESSERA_DATA_TYPE_LIST(TESSERA_DATA_TYPE)
#undef TESSERA_DATA_TYPE
    default:
      return 0;
  }
}

uint64_t data_type_tile_bytes(DataType type) {
  switch (type) {
#define TESSERA_DATA_TYPE(T, element_bytes, tile_bytes, tile_format, codec) \
  case DataType::T:                                                         \
    return tile_bytes;
    TESSERA_DATA_TYPE_LIST(TESSERA_DATA_TYPE)
#undef TESSERA_DATA_TYPE
    default:
      return 0;
  }
}

Result<uint32_t> data_type_tile_format(DataType type) {
  switch (type) {
#define TESSERA_DATA_TYPE(T, element_bytes, tile_bytes, tile_format, codec) \
  case DataType::T:                                                         \
    return uint32_t{tile_format};
    TESSERA_DATA_TYPE_LIST(TESSERA_DATA_TYPE)
#undef TESSERA_DATA_TYPE
    default:
      break;
  }
  return make_error(ErrorCode::kUnimplemented, "data type ", static_cast<int>(type), " (",
                    tt::target::EnumNameDataType(type),
                    ") has no tile format here (supported: ", listed_types(), ")");
}

}  // namespace tessera::format
