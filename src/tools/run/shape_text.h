// Shapes of host tensors: element counts and display text. Element values
// come from format/data_type_codec.h.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace tessera::tools::run {

uint64_t element_count(std::span<const int64_t> shape);

// "32x32", or "scalar".
std::string shape_text(std::span<const int64_t> shape);

}  // namespace tessera::tools::run
