#include "tessera/sim/arch/core_coord.h"

namespace tessera::sim {

std::string to_string(CoreCoord coord) {
  return "(" + std::to_string(coord.x) + ", " + std::to_string(coord.y) + ")";
}

}  // namespace tessera::sim
