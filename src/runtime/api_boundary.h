// The edge of the runtime API: whatever a body throws (std::bad_alloc from a
// host array, an exception from a caller's hook) becomes an error value, so
// that no exception reaches an embedder.
#pragma once

#include <exception>
#include <new>

#include "tessera/base/status.h"

namespace tessera::runtime {

// Runs `body`, which returns a Status or a Result; `what` names the API call
// in the error ("submit", "Binary::load").
template <typename Body>
auto at_api_boundary(const char* what, Body&& body) noexcept -> decltype(body()) {
  try {
    try {
      return body();
    } catch (const std::bad_alloc&) {
      return make_error(ErrorCode::kOutOfMemory, what, ": out of host memory (std::bad_alloc)");
    } catch (const std::exception& error) {
      return make_error(ErrorCode::kInternal, what, ": unexpected exception: ", error.what());
    } catch (...) {
      return make_error(ErrorCode::kInternal, what, ": unexpected exception of unknown type");
    }
  } catch (...) {
    // Building the message itself ran out of memory: a shorter one.
    return Error(ErrorCode::kOutOfMemory, "out of host memory");
  }
}

}  // namespace tessera::runtime
