// Checks shared by the executors of both TTM0 layouts: a union member
// whose table is missing, and the bounds on what one device program may
// ask for, checked before anything runs so that a hostile binary is refused
// by a clear limit rather than by the host's memory or time.
#pragma once

#include <cstdint>

#include "tessera/base/status.h"

namespace tessera::runtime::metal_backend {

// Runs `handler` on a command's union body; a union whose type tag is set
// but whose table is missing is malformed input, not a null to dereference.
template <typename Body, typename Context>
Status with_body(const Body* body, const char* type, Context& context,
                 Status (*handler)(const Body&, Context&)) {
  if (!body) {
    return make_error(ErrorCode::kInvalidArgument, "the command's type is ", type,
                      " but its table is missing");
  }
  return handler(*body, context);
}

// Real programs stay far below these.
constexpr uint64_t kMaxCommandsPerDeviceProgram = 100'000;
constexpr uint64_t kMaxKernelsPerDeviceProgram = 4'096;

// Counts commands and enqueued kernels of either layout's DeviceProgram.
template <typename DeviceProgram>
Status check_device_program_limits(const DeviceProgram& device_program) {
  uint64_t commands = 0, kernels = 0;
  const auto* queues = device_program.command_queues();
  for (uint32_t q = 0; queues && q < queues->size(); ++q) {
    const auto* list = queues->Get(q)->commands();
    if (!list) continue;
    commands += list->size();
    if (commands > kMaxCommandsPerDeviceProgram) break;
    for (const auto* command : *list) {
      const auto* program = command->type_as_EnqueueProgramCommand();
      if (program && program->program() && program->program()->kernels()) {
        kernels += program->program()->kernels()->size();
      }
    }
  }
  if (commands > kMaxCommandsPerDeviceProgram) {
    return make_error(ErrorCode::kInvalidArgument, "has more than ", kMaxCommandsPerDeviceProgram,
                      " commands, the most tessera runs in one device program");
  }
  if (kernels > kMaxKernelsPerDeviceProgram) {
    return make_error(ErrorCode::kInvalidArgument, "enqueues ", kernels,
                      " kernels; tessera runs at most ", kMaxKernelsPerDeviceProgram,
                      " in one device program");
  }
  return ok_status();
}

}  // namespace tessera::runtime::metal_backend
