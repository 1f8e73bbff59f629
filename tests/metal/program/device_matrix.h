// Host matrices as program tests move them through DRAM: random values
// exactly representable in a device data format, and row-major floats <->
// tile-ordered bytes of that format.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "tessera/sim/tile/data_format.h"

namespace tessera::metal::testing {

// `count` values uniform in [low, high], rounded to `format`, so the
// float64 reference sees exactly what the device holds.
std::vector<float> random_values(sim::tile::DataFormat format, uint64_t count, uint32_t seed,
                                 float low, float high);

// A rows x cols row-major matrix (both multiples of 32) as tiles in
// `format`, tile (r, c) at index r * (cols / 32) + c; and back.
std::vector<uint8_t> to_device_tiles(sim::tile::DataFormat format, std::span<const float> values,
                                     uint64_t rows, uint64_t cols);
std::vector<float> from_device_tiles(sim::tile::DataFormat format, std::span<const uint8_t> bytes,
                                     uint64_t rows, uint64_t cols);

}  // namespace tessera::metal::testing
