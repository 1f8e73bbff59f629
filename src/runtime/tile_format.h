// The device tile format of a binary's data type: the data type list's
// tt::DataFormat code, validated by the chip.
#pragma once

#include "tessera/base/status.h"
#include "tessera/format/generated.h"
#include "tessera/sim/tile/data_format.h"

namespace tessera::runtime {

Result<sim::tile::DataFormat> tile_format_of(tt::target::DataType type);

}  // namespace tessera::runtime
