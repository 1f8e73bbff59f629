// What a TTNN tensor is: logical shape, element format, layout (row-major or
// 32x32 tiles) and where it lives (host, device DRAM or device L1).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/sim/tile/data_format.h"
#include "tessera/sim/tile/tensor_codec.h"
#include "tessera/ttnn/math/shape.h"

namespace tessera::ttnn {

using sim::tile::DataFormat;
using sim::tile::TensorLayout;

enum class Placement { kHost, kDeviceDram, kDeviceL1 };

// "host", "DRAM", "L1".
const char* placement_name(Placement placement);

struct TensorSpec {
  math::Shape shape;
  DataFormat format = DataFormat::kFloat32;
  TensorLayout layout = TensorLayout::kRowMajor;
  Placement placement = Placement::kHost;

  bool on_device() const { return placement != Placement::kHost; }
  // "[64, 128] Float16_b tile DRAM".
  std::string describe() const;
  // Checks the combination: shape valid, block floats only in tile layout.
  Status validate() const;
  // Bytes of the whole tensor (tiles include padding).
  Result<uint64_t> size_bytes() const;
  // A device page: one tile in tile layout, one row (last dim) in row-major.
  Result<uint64_t> page_size() const;
  // The shape as unsigned dims, as the tile codecs take it.
  std::vector<uint64_t> unsigned_dims() const;

  friend bool operator==(const TensorSpec&, const TensorSpec&) = default;
};

}  // namespace tessera::ttnn
