#include "tile_format.h"

#include "tessera/format/data_types.h"

namespace tessera::runtime {

Result<sim::tile::DataFormat> tile_format_of(tt::target::DataType type) {
  TESSERA_ASSIGN_OR_RETURN(uint32_t code, format::data_type_tile_format(type));
  return sim::tile::data_format_from_code(code);
}

}  // namespace tessera::runtime
