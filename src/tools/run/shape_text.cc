#include "shape_text.h"

namespace tessera::tools::run {

uint64_t element_count(std::span<const int64_t> shape) {
  uint64_t count = 1;
  for (int64_t dim : shape) count *= static_cast<uint64_t>(dim < 0 ? 0 : dim);
  return count;
}

std::string shape_text(std::span<const int64_t> shape) {
  if (shape.empty()) return "scalar";
  std::string text;
  for (size_t i = 0; i < shape.size(); ++i) text += (i ? "x" : "") + std::to_string(shape[i]);
  return text;
}

}  // namespace tessera::tools::run
