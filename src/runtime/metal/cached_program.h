// What both TTM0 layouts' EnqueueProgramCommand handlers do with the
// device's program cache (metal::ProgramCache): run the program kept under
// a key, or build, run and keep it. Each layout writes its own key, of
// everything its program is built from.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "tessera/base/status.h"
#include "tessera/metal/program/program.h"

namespace tessera::runtime::metal_backend {

// Appends `value`'s bytes to a program cache key.
void append_key_word(std::string& key, uint64_t value);

// Runs, blocking, the program the device keeps under `key`; if it keeps
// none, builds one with `build`, runs it, and keeps it under `key`. An
// empty key: builds and runs, keeps nothing.
Status enqueue_cached_program(metal::CommandQueue& queue, metal::Device& device,
                              const std::string& key, metal::EnqueueProgramOptions options,
                              const std::function<Result<metal::Program>()>& build);

}  // namespace tessera::runtime::metal_backend
