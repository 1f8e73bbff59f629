#include "tessera/ttnn/math/broadcast.h"

#include <algorithm>

namespace tessera::ttnn::math {

Result<Shape> broadcast_shapes(const Shape& a, const Shape& b, std::string_view op) {
  const int rank = std::max(a.rank(), b.rank());
  std::vector<int64_t> dims(rank);
  for (int i = 1; i <= rank; ++i) {
    const int64_t da = i <= a.rank() ? a[a.rank() - i] : 1;
    const int64_t db = i <= b.rank() ? b[b.rank() - i] : 1;
    if (da != db && da != 1 && db != 1) {
      return make_error(ErrorCode::kInvalidArgument, op, ": cannot broadcast shapes ", a, " and ",
                        b, ": dim ", -i, " is ", da, " in the first and ", db,
                        " in the second (sizes must match or one must be 1)");
    }
    dims[rank - i] = da == 1 ? db : da;
  }
  return Shape(std::move(dims));
}

Result<Shape> broadcast_shapes(std::span<const Shape> shapes, std::string_view op) {
  if (shapes.empty()) {
    return make_error(ErrorCode::kInvalidArgument, op, ": nothing to broadcast (no shapes)");
  }
  Shape result = shapes[0];
  for (size_t i = 1; i < shapes.size(); ++i) {
    TESSERA_ASSIGN_OR_RETURN(result, broadcast_shapes(result, shapes[i], op));
  }
  return result;
}

}  // namespace tessera::ttnn::math
