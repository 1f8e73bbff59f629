// Template definitions for status.h.
#pragma once

#include <sstream>

#include "tessera/base/status.h"

namespace tessera {

template <typename... Parts>
Error make_error(ErrorCode code, const Parts&... parts) {
  std::ostringstream message;
  (message << ... << parts);
  return Error(code, message.str());
}

namespace detail {

// The error leaving a TESSERA_RETURN_IF_ERROR / TESSERA_ASSIGN_OR_RETURN:
// `parts` (if any) become a context frame, and debug builds note the source.
template <typename... Parts>
Error on_failure(Error error, [[maybe_unused]] const char* file, [[maybe_unused]] int line,
                 const Parts&... parts) {
  if constexpr (sizeof...(Parts) > 0) {
    std::ostringstream frame;
    (frame << ... << parts);
    error.add_context(frame.str());
  }
#ifndef NDEBUG
  error.add_source(file, line);
#endif
  return error;
}

}  // namespace detail

}  // namespace tessera
