#include "tessera/runtime/submit.h"

#include "api_boundary.h"
#include "metal/current/executor.h"
#include "metal/executor.h"
#include "tessera/runtime/internal/binary_access.h"
#include "ttnn/executor.h"

namespace tessera::runtime {

Result<SubmitResult> submit(const Device& device, const Binary& binary, uint32_t program,
                            std::span<const Tensor> inputs) {
  return submit(device, binary, program, inputs, SubmitOptions{});
}

Result<SubmitResult> submit(const Device& device, const Binary& binary, uint32_t program,
                            std::span<const Tensor> inputs, const SubmitOptions& options) {
  return at_api_boundary("submit", [&]() -> Result<SubmitResult> {
    if (!device.valid()) return make_error(ErrorCode::kFailedPrecondition, "device is not open");
    if (program >= binary.program_count()) {
      return make_error(ErrorCode::kOutOfRange, "program index ", program,
                        " out of range: ", binary.name(), " has ", binary.program_count(),
                        " program(s)");
    }
    switch (binary.runtime()) {
      case Runtime::kTtmetal:
        if (format_binary(binary).layout() == format::WireLayout::kCurrent) {
          return metal_backend::current::submit(device, binary, program, inputs, options);
        }
        return metal_backend::submit(device, binary, program, inputs, options);
      case Runtime::kTtnn:
        return ttnn_backend::submit(device, binary, program, inputs, options);
    }
    return make_error(ErrorCode::kInternal, "unknown runtime for ", binary.name());
  });
}

Status wait(const Event& event, Runtime expected) {
  return at_api_boundary("wait", [&]() -> Status {
    if (!event.valid()) return make_error(ErrorCode::kInvalidArgument, "wait on an empty event");
    return check_runtime("event", event.runtime(), expected);
  });
}

}  // namespace tessera::runtime
