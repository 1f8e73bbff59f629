// Ending a kernel from a host callback when an operation failed.
#pragma once

#include <utility>

#include "tessera/base/status.h"
#include "tessera/sim/fiber/fiber_wait.h"

namespace tessera::sim {

// Ends the kernel's program with `status`'s error; returns if it is ok.
inline void fail_kernel_if_error(Status status) {
  if (status.ok()) return;
  Error error = std::move(status).error();
  status = Status();
  fail_current_fiber(std::move(error));
}

// The value of `result`, or ends the kernel's program with its error.
template <typename T>
T value_or_fail_kernel(Result<T> result) {
  if (!result.ok()) fail_kernel_if_error(result.status());
  return std::move(result).value();
}

}  // namespace tessera::sim
