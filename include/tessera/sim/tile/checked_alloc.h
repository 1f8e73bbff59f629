// Allocation of host buffers whose size comes from untrusted shapes: a failed
// allocation becomes an Error instead of an exception.
#pragma once

#include <cstdint>
#include <new>
#include <stdexcept>
#include <vector>

#include "tessera/base/status.h"

namespace tessera::sim::tile {

template <typename T>
Result<std::vector<T>> allocate_vector(uint64_t count, const char* what) {
  try {
    return std::vector<T>(count);
  } catch (const std::bad_alloc&) {
  } catch (const std::length_error&) {
  }
  return make_error(ErrorCode::kOutOfMemory, what, ": cannot allocate ", count, " elements of ",
                    sizeof(T), " bytes");
}

}  // namespace tessera::sim::tile
