// Numpy broadcasting: the shape two (or more) operands broadcast to.
#pragma once

#include <span>
#include <string_view>

#include "tessera/base/status.h"
#include "tessera/ttnn/math/shape.h"

namespace tessera::ttnn::math {

// Aligns the shapes at their last dim; each dim pair must match or contain a 1.
// `op` names the caller in the error, which names both shapes and the dim.
Result<Shape> broadcast_shapes(const Shape& a, const Shape& b, std::string_view op = "broadcast");

// Folds broadcast_shapes over several shapes (at least one).
Result<Shape> broadcast_shapes(std::span<const Shape> shapes, std::string_view op = "broadcast");

}  // namespace tessera::ttnn::math
