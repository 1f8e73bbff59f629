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

}  // namespace tessera
